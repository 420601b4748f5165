"""Non-special and file URLs, and references against a file URL, kept as href and offsets
(urlgrammar/operations/path_offsets.py) give the pipeline's URL, getters, record, setters' results
and rendering (the comparison is test_offsets.py's ``compare``)."""

from __future__ import annotations

import tracemalloc

import pytest
from conftest import shared_cases
from full_path import count_calls
from hypothesis import given, settings
from hypothesis import strategies as st
from test_offsets import _has_record, _pipeline, compare

from urlgrammar import URL, URLError, parse, render
from urlgrammar.operations import pipeline
from urlgrammar.operations.offsets import parsed_href, relative_href
from urlgrammar.operations.path_offsets import kept_href, kept_relative_href

#: Examples that took a path of path_offsets.py (where offsets.py alone would have given None),
#: and all examples, by property.
_counts: dict[str, list[int]] = {}


def _new_path(input: str, base: str | None) -> bool:
    """Whether ``URL(input, base)`` is kept by path_offsets.py where offsets.py alone keeps nothing."""
    if base is None:
        return parsed_href(input) is None and kept_href(input) is not None
    kept_base = URL(base)
    if kept_base._offsets is None:
        return False
    args = (input, kept_base._href, kept_base._offsets)
    return relative_href(*args) is None and kept_relative_href(*args) is not None  # type: ignore[arg-type]


def _check(what: str, input: str, base: str | None = None) -> None:
    """``compare``, the rendering too, and the count of examples that took the new path."""
    counts = _counts.setdefault(what, [0, 0])
    counts[1] += 1
    if not compare(input, base):
        return
    counts[0] += _new_path(input, base)
    kept, made = URL(input, base), _pipeline(input, base)
    for width in (None, 20):
        assert render(kept, width=width) == render(made, width=width), (input, base, width)


_SEGMENT = st.sampled_from(["a", "b.c", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "...", "", " ", "é",
                            "\ud800", "%", "%41", "|", "C:", "C|", "c|", "C|x", "CC|", "1|", "'", "\x01",
                            "{}", "^", "a\\..", "..\\"])
_PATH = st.lists(st.builds(str.__add__, st.sampled_from(["/", "/", "\\"]), _SEGMENT), max_size=8).map("".join)
_END = st.sampled_from(["", "", "/", "\\", " ", "\t"])
_QUERY = st.sampled_from(["", "", "?", "?q", "?a'b", "?é", "?#"])
_FRAGMENT = st.sampled_from(["", "", "#", "#f", "#é", "#?"])
_NON_SPECIAL = st.builds(
    "{}{}{}{}{}{}".format,
    st.sampled_from(["sc://", "sc://", "git+ssh://", "a.b-c://", "SC://", "sc:", "sc:/", "blob://", "sc:///"]),
    st.one_of(st.sampled_from(["h", "", "H.x", "a:8080", "h!$&'()*+,;=_~"]),
              st.sampled_from(["a:0", "a:65536", ":1", "a%41", "[::1]", "u@h", "h\\x", "h^"])),
    _PATH, _END, _QUERY, _FRAGMENT)
_FILE = st.builds(
    "{}{}{}{}{}".format,
    st.sampled_from(["file:///", "file:\\\\\\", "file:/\\/", "file:////", "file://", "file:/", "file:",
                     "FILE:///", "file://h/", "file://localhost/", "file:///C|", "file:\\\\\\c:",
                     "file://h", "file:\\\\h.example", "file://localhost", "file://C|", "file://c:",
                     "file:/\\C:",
                     "file://H", "file://h:8", "file://1.2.3.4", "file://xn--a", "file://h%41", "file://h.",
                     "file:a", "file:C|", "file:c:", "file:/a", "file:\\C|", "file:.."]),
    _PATH, _END, _QUERY, _FRAGMENT)


@settings(max_examples=1500)
@given(_NON_SPECIAL)
def test_non_special_urls_with_any_path_give_the_pipelines_url(input: str) -> None:
    _check("non-special URLs", input)


@settings(max_examples=1500)
@given(_FILE)
def test_file_urls_with_any_path_give_the_pipelines_url(input: str) -> None:
    _check("file URLs", input)


_REFERENCE = st.builds(
    "{}{}{}{}".format,
    st.sampled_from(["", "", "C|", "C:", "c|", "C|x", "C", "..", "./C|"]),
    _PATH, _QUERY, _FRAGMENT)


@settings(max_examples=1500)
@given(_REFERENCE, st.sampled_from(["file:///D:/x", "file:///D:", "file:///x/y", "file:///", "file://h.example/a/b",
                                    "file:///D:/C|/x", "file:///D:/x?q#f", "file:\\\\\\D|\\x", "sc://a/b"]))
def test_references_against_a_file_url_give_the_pipelines_url(input: str, base: str) -> None:
    _check("references against a file URL", input.lstrip("/\\"), base)


#: A reference's first segment: path-absolute (one separator), path-relative, or two
#: separators, which start an authority and are left to the pipeline.
_START = st.sampled_from(["/", "/", "\\", "", "", "//", "/\\", "\\\\", "\\/", "C|/", "C:", "./"])
_REFERENCE_SEGMENT = st.sampled_from(["a", "a|", "a b", "%zz", "%2e", ".", "..", "", "C|", "C:", "c|x",
                                      "a\\b", "..\\", "\\", "é", "h",
                                      "%2E.", "\ud800", "\x01", "{}"])
_REFERENCE_PATH = st.lists(st.builds(str.__add__, _REFERENCE_SEGMENT, st.sampled_from(["/", "/", "\\", ""])),
                           max_size=6).map("".join)


@settings(max_examples=2500)
@given(_START, _REFERENCE_PATH, _QUERY, _FRAGMENT,
       st.sampled_from(["file:///D:/x", "file://h/a/b", "file:///", "http://h/a/b", "foo://h/a", "foo://h",
                        "file://h/D:", "sc://h:8/a/b?q#f"]))
def test_references_against_a_base_with_a_host_give_the_pipelines_url(
        start: str, path: str, query: str, fragment: str, base: str) -> None:
    _check("references against a base with a host", start + path + query + fragment, base)


def test_the_properties_took_the_new_path() -> None:
    # Runs after the properties above (pytest keeps the file's order).
    for what, (new, total) in _counts.items():
        print(f"\n{what}: {new:,} of {total:,} took path_offsets.py's path")
        assert new > total // 10, what


_WPT = [(c["input"], c.get("base")) for c in shared_cases("wpt/urltestdata.json")]


def test_wpt_inputs_render_as_the_pipelines_url() -> None:
    if not _WPT:
        pytest.skip("wpt/urltestdata.json not found")
    for input, base in _WPT:
        for against in {base, None}:
            try:
                made = _pipeline(input, against)
            except URLError:
                continue
            kept = URL(input, against)
            if kept._offsets is not None:
                assert render(kept, width=30) == render(made, width=30), (input, against)


@pytest.mark.parametrize(("input", "base", "href"), [
    ("foo://h/a/./b/../c", None, "foo://h/a/c"),
    ("foo://h:8/a\\..\\b/../c d?q#f", None, "foo://h:8/c%20d?q#f"),
    ("sc:///..//x", None, "sc:////x"),  # the empty host: no `/.` before the path
    ("file:///C|/C|/x", None, "file:///C:/C|/x"),
    ("file:///C:/../../..", None, "file:///C:/"),
    ("file:///a/../C|/y", None, "file:///C:/y"),  # the path was empty again: a drive
    ("file:\\\\\\\\\\", None, "file://///"),  # three separators, then two empty segments
    ("C|/C|/x", "file:///D:/x", "file:///C:/C|/x"),
    ("../../y", "file:///D:/x", "file:///D:/y"),
    ("../C|/y?q#f", "file://h.example/x", "file://h.example/C:/y?q#f"),
    # path-absolute references against a base with a host
    ("/dir/a|", "file:///D:/x", "file:///D:/dir/a|"),  # the base's drive is kept
    ("\\dir\\..\\..\\b", "file:///D:/x", "file:///D:/b"),  # and no double dot takes it off
    ("/a|/../../b", "file:///D:/x", "file:///a:/b"),  # the reference's drive, not the base's
    ("/C|/b", "file:///D:/x", "file:///C:/b"),  # not where the reference starts with a drive
    ("/C|?q", "file:///D:/x", "file:///C:?q"),
    ("/C|x/b", "file:///D:/x", "file:///D:/C|x/b"),
    ("/dir/a|", "file://h.example/D:/x", "file://h.example/D:/dir/a|"),
    ("/a|/b", "file://h.example/a/b", "file://h.example/a:/b"),
    ("/../C|/y", "file:///x/y", "file:///C:/y"),  # appended to an empty path: a drive
    ("/a b/./c/../d", "http://h:8/x/y?q#f", "http://h:8/a%20b/d"),
    ("\\a|\\b", "http://h/x", "http://h/a|/b"),
    ("/a\\b/../c", "foo://h/x", "foo://h/c"),  # only `/` separates a non-special path
    ("/\\a|", "foo://h/x", "foo://h/\\a|"),  # and `/\` starts no authority in it
    ("/..", "sc:///x", "sc:///"),
    # path-relative references against a non-special base with a host
    ("a|/b", "foo://h/x/y", "foo://h/x/a|/b"),
    ("../../a b", "foo://h:8/x/y?q", "foo://h:8/a%20b"),
    ("\\a", "foo://h/x", "foo://h/\\a"),
    ("C|/x", "foo://h", "foo://h/C|/x"),
    # file URLs with a host, or with a path the path state reads after `file:`
    ("file://h.example/a|/b", None, "file://h.example/a:/b"),
    ("file:\\\\h\\a b\\..\\c?q#f", None, "file://h/c?q#f"),
    ("file://localhost/a|", None, "file:///a:"),
    ("file://C|/a|/b", None, "file:///C:/a|/b"),  # a drive where the host would be: the path's
    ("file://h", None, "file://h/"),
    ("file:a|/b", None, "file:///a:/b"),
    ("file:/a|/b", None, "file:///a:/b"),
    ("file:..\\C|?q", None, "file:///C:?q"),
    ("file://localhost/x", None, "file:///x"),
    ("file://h/C|/x", None, "file://h/C:/x"),
    ("file:/a/./b", None, "file:///a/b"),
    ("file:é", None, "file:///%C3%A9"),
])
def test_paths_that_are_not_plain_are_kept_as_offsets(input: str, base: str | None, href: str) -> None:
    url = parse(input, base)
    assert url._offsets is not None and url.href == href
    assert not _has_record(url)
    assert url.record == _pipeline(input, base).record


_NEW_KINDS = [("/a|/b", "file:///D:/x"), ("\\a|/b", "http://h/x"), ("/a|/b", "foo://h/x"), ("a|/b", "foo://h/x"),
              ("file://h/a|/b", None), ("file:a|/b", None)]


@pytest.mark.parametrize(("input", "base"), _NEW_KINDS, ids=[f"{i} against {b}" for i, b in _NEW_KINDS])
def test_each_kind_is_parsed_without_a_lift(
        input: str, base: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """No record is made (the pipeline's lift is not run) until the record is read."""
    made = _pipeline(input, base).record
    base_url = None if base is None else URL(base)
    if base_url is not None:
        assert base_url.record is not None  # the base's record, which reading the URL's needs
    lifts = count_calls(monkeypatch, pipeline, "lift")
    url = parse(input, base_url)
    assert url._offsets is not None and not lifts and not _has_record(url)
    assert url.href == URL(input, base).href and not lifts
    assert url.record == made and lifts == [input]


@pytest.mark.parametrize(("input", "base"), [
    ("foo://h/" + "a/" * 50_000, None),
    ("foo://h/" + "../" * 33_000, None),
    ("file:///" + "C|/" * 33_000, None),
    ("file:///C:/" + "../" * 33_000, None),
    ("file:" + "\\" * 100_000, None),
    ("C|/" * 33_000, "file:///D:/x"),
    ("/" + "a|/" * 33_000, "file:///D:/x"),
    ("/" + "a|/" * 33_000, "http://h/x"),
    ("file://h/" + "a|/" * 33_000, None),
    ("file:" + "a|/" * 33_000, None),
    ("a|/" * 33_000, "foo://h/x"),
])
def test_a_long_path_is_parsed_without_a_component_per_segment(input: str, base: str | None) -> None:
    """Counted with tracemalloc, not timed: before, the lift made a component per segment
    (about 200 bytes each)."""
    parse(input, base)  # caches warm
    tracemalloc.start()
    try:
        url = parse(input, base)
        render(url, width=40)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert url._offsets is not None and url.href == _pipeline(input, base).href
    assert peak < 12 * len(input), (input[:12], peak)


@pytest.mark.parametrize(("input", "port", "href"), [
    ("sc://h/a?url=file%3A%2F%2Fx#f", "8080", "sc://h:8080/a?url=file%3A%2F%2Fx#f"),
    ("sc://h:21/a", "", "sc://h/a"),
    ("sc://h:21/a", "80", "sc://h:80/a"),  # no default port to drop: not a special scheme
])
def test_the_port_setter_splices_a_non_special_url(input: str, port: str, href: str) -> None:
    url = URL(input)
    assert url._offsets is not None
    spliced = url.replace(port=port)
    assert spliced.href == href == _pipeline(input).replace(port=port).href
    assert spliced._offsets is not None  # kept as href and offsets, not parsed again


@pytest.mark.parametrize("port", ["0", "080", "65536", "8x"])
def test_a_port_the_serializer_writes_otherwise_takes_the_setters_steps(port: str) -> None:
    assert URL("sc://h/a").replace(port=port).href == _pipeline("sc://h/a").replace(port=port).href


def test_an_empty_host_takes_no_port() -> None:
    url = URL("sc:///a")
    assert url.replace(port="8080").href == "sc:///a"
