"""A plain URL kept as its href and offsets (urlgrammar/operations/offsets.py) against the
pipeline's URL of the same input: every getter, the href, the record with its spans, the
mode, pickling, and the setters' results, on WPT's inputs, the corpora's lines and generated
strings. Each test prints how many inputs took the fast path (``pytest -s`` shows it)."""

from __future__ import annotations

import pickle
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from conftest import shared_cases, shared_dir
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import URL, URLError, can_parse, parse
from urlgrammar.attributes import GETTERS
from urlgrammar.operations.offsets import pack, plain_href, unpack
from urlgrammar.operations.pipeline import parse_url

#: The setters that splice a plain URL's href, with values that splice and values that do not.
SETTER_VALUES = {
    "pathname": ["/a/b", "", "/", "//x", "a/b", "/a?b", "/a#b", "/./x", "/a/../b", "/%2e/", "/é", "/a b"],
    "search": ["?q=1", "q", "", "?", "a#b", "a'b", "??x", "a b"],
    "hash": ["#x", "x", "", "#", "a#b", "a b", "é"],
    "port": ["8080", "", "80", "443", "08080", "8080x", "65536", "1:2", "0", "21"],
    "hostname": ["example.org", "", "EXAMPLE.org", "a:8", "a/b", "1.2.3.4", "xn--nxa", "localhost",
                 "a..b", "ex ample", "b.c."],
}


def _pipeline(input: str, base: str | None = None) -> URL:
    """The URL as the pipeline makes it, never kept as offsets."""
    base_record = None if base is None else parse_url(base)
    record, mode = parse_url(input) if base_record is None else \
        parse_url(input, base_record[0].unplaced(), base_record[1])
    return URL._from_record(record, mode)


def _same(kept: URL, made: URL, what: str) -> None:
    for name in GETTERS:
        assert getattr(kept, name) == getattr(made, name), f"{what}: {name}"
    assert list(kept.search_params) == list(made.search_params), what
    assert kept.mode is made.mode, what


def compare(input: str, base: str | None = None) -> bool:
    """Compare ``input``'s URL with the pipeline's; whether it took the fast path."""
    try:
        made = _pipeline(input, base)
    except URLError:
        assert plain_href(input) is None
        return False
    assert can_parse(input, base) or plain_href(input) is None
    kept = URL(input, base)
    if kept._offsets is None:
        assert base is not None or plain_href(input) is None
        return False
    assert parse(input, base)._offsets is not None
    _same(kept, made, input)
    assert kept.record == made.record, input  # spans and all, made on first read
    assert kept.href == made.href and kept == made and hash(kept) == hash(made)
    again = pickle.loads(pickle.dumps(kept))
    assert again == kept and again.record == made.record
    for name, values in SETTER_VALUES.items():
        for value in values:
            spliced, set_ = kept.replace(**{name: value}), made.replace(**{name: value})
            _same(spliced, set_, f"{input} with {name}={value!r}")
            assert spliced.record.unplaced() == set_.record.unplaced()
    return True


def _report(what: str, fast: int, total: int) -> None:
    print(f"\n{what}: {fast:,} of {total:,} took the fast path")


_WPT = [(c["input"], c.get("base")) for c in shared_cases("wpt/urltestdata.json")]


def test_wpt_inputs_give_the_pipelines_url() -> None:
    if not _WPT:
        pytest.skip("wpt/urltestdata.json not found")
    fast = sum(compare(input, base) for input, base in _WPT) + sum(compare(input) for input, _ in _WPT)
    _report("urltestdata.json, with their bases and without", fast, 2 * len(_WPT))
    assert fast >= 40  # the plain ones: http://example.com/..., file:///...


@pytest.mark.parametrize("name", ["kasztp.txt", "isaacs_files.txt"])
def test_corpus_lines_give_the_pipelines_url(name: str) -> None:
    shared = shared_dir()
    path = None if shared is None else shared / "corpus" / name
    if path is None or not path.is_file():
        pytest.skip(f"corpus/{name} not found")
    lines = [line for line in Path(path).read_text(encoding="utf-8-sig").splitlines() if line.strip()]
    lines = lines[::max(1, len(lines) // 3000)]  # every setter on each: a sample keeps it short
    fast = sum(compare(line) for line in lines)
    _report(name, fast, len(lines))
    assert fast > len(lines) // 2


_PIECES = st.sampled_from(["http", "https", "ws", "wss", "ftp", "file", "HTTP", "sc", ":", "//", "/",
                           "\\", "a", "b.c", "xn--a", "0x1", "1", "80", "443", "21", ":8080", ":0",
                           "@", "?", "#", "'", ".", "..", "%2e", "%2E", "%41", "%", "C:", "C|", "-",
                           "localhost", "[", "]", " ", "\t", "é", "~", "A", "a.1", "a-", "0"])
_LABEL = st.builds(str.__add__, st.sampled_from("abz0"), st.text(st.sampled_from("abcxz019-"), max_size=4))
_TEXT = st.lists(st.one_of(_LABEL, _PIECES), max_size=3).map("".join)
_HOSTS = st.lists(_LABEL, min_size=1, max_size=3).map(".".join)
_PORTS = st.sampled_from(["", "0", "21", "80", "443", "8080", "65535", "65536", "080", "x"])
_PLAINISH = st.builds(
    lambda scheme, host, port, path, query, fragment: f"{scheme}://{host}{port}{path}{query}{fragment}",
    st.sampled_from(["http", "https", "ws", "wss", "ftp", "file", "Http", "sc"]),
    st.one_of(_HOSTS, st.sampled_from(["", "localhost", "Ab"])),
    st.one_of(st.just(""), st.builds(":{}".format, _PORTS)),
    st.lists(st.builds("/{}".format, st.one_of(_LABEL, _LABEL, _LABEL, _PIECES)), max_size=4).map("".join),
    st.one_of(st.just(""), st.builds("?{}".format, _TEXT)),
    st.one_of(st.just(""), st.builds("#{}".format, _TEXT)),
)
_GENERATED = st.one_of(
    _PLAINISH,
    st.lists(_PIECES, max_size=14).map("".join),
    st.builds(str.__add__, st.sampled_from(["http://", "https://a.b", "file://", "file:///", "ws://x/"]),
              st.lists(_PIECES, max_size=10).map("".join)),
)
_counts = {"fast": 0, "all": 0}


@settings(max_examples=500)
@given(_GENERATED, st.sampled_from([None, None, "http://example.org/a/b", "file:///C:/x"]))
def test_generated_strings_give_the_pipelines_url(input: str, base: str | None) -> None:
    _counts["all"] += 1
    _counts["fast"] += compare(input, base)


def test_generated_strings_took_the_fast_path_often() -> None:
    # Runs after the property above (pytest keeps the file's order).
    if _counts["all"]:
        _report("generated strings", _counts["fast"], _counts["all"])
        assert _counts["fast"] > 0


@pytest.mark.parametrize("input", ["https://example.com", "http://a.b:8080?q#f", "file:///x/y.txt",
                                   "wss://h.example/p?x=1", "ftp://ftp.example.org/pub/",
                                   "file:///C:/x/y.txt", "file:///c:", "file://h.example/C:/?q#f"])
def test_plain_inputs_are_kept_as_href_and_offsets(input: str) -> None:
    url = URL(input)
    assert url._offsets is not None
    assert not _has_record(url)
    assert url.record == _pipeline(input).record
    assert _has_record(url)


def _has_record(url: Any) -> bool:
    try:
        object.__getattribute__(url, "record")
    except AttributeError:
        return False
    return True


@pytest.mark.parametrize("input", ["HTTPS://example.com/", "http://Example.com/", "http://a.b:80/",
                                   "http://u@a.b/", "http://1.2.3.4/", "http://a.b/?a'b",
                                   "file://H/x", "file://h%41/x", "file://0x7f.1/x", "file:/a?é",
                                   " http://a.b/", "http://a.b/\tx", "http://a.b/x ",
                                   "http://xn--nxa.b/", "SC://a/", "sc://A%41/./b", "sc:/a/./b",
                                   "sc://u@a/", "sc://a:0/", "sc://a/?é", "blob://a/./b", "http://a.b/é?é"])
def test_inputs_the_parser_changes_take_the_pipeline(input: str) -> None:
    assert plain_href(input) is None
    assert URL(input)._offsets is None


@pytest.mark.parametrize(("input", "href"), [
    ("http://a.b/./x", "http://a.b/x"),
    ("http://a.b/é", "http://a.b/%C3%A9"),
    ("http://a.b\\x\\..\\y z?q#f", "http://a.b/y%20z?q#f"),
    ("https://a.b:8080/%2e%2E/a/.", "https://a.b:8080/a/"),
    ("ws://a.b/\ud800/..", "ws://a.b/"),
    ("http:////a.b/x", "http://a.b/x"),  # the parser skips every separator before the host
    ("https:a.b", "https://a.b/"),
    ("wss:\\\\/a.b:8080/x?q#f", "wss://a.b:8080/x?q#f"),
])
def test_special_urls_whose_path_alone_is_not_plain_are_kept_as_offsets(input: str, href: str) -> None:
    """Their href is made from the path's text (urlgrammar/operations/path_text.py), the record
    from the input when first read; validate's fast path still wants the input plain."""
    assert plain_href(input) is None
    url = URL(input)
    assert url._offsets is not None and url.href == href
    assert not _has_record(url)
    compare(input)


def test_a_kept_url_makes_its_record_only_when_read() -> None:
    url = URL("https://example.com/a?b")
    assert not _has_record(url)
    assert url.pathname == "/a" and url.hostname == "example.com"
    assert not _has_record(url)
    assert url.record.query == "b"
    assert _has_record(url)


def test_the_offsets_are_where_the_components_are() -> None:
    href, offsets = plain_href("https://example.com:8080/a/b?q#f") or ("", 0)
    assert href == "https://example.com:8080/a/b?q#f"
    assert unpack(offsets) == (5, 19, 24, 28, 30)
    assert plain_href("http://a.b?q") == ("http://a.b/?q", pack(4, 10, 10, 11, 13))


@pytest.mark.parametrize("value", [8080, 443, None, 65536, -1, "٣", "²", "8080\ud800"])
def test_a_port_that_is_not_an_ascii_string_is_set_as_the_setter_reads_it(value: Any) -> None:
    url, made = URL("https://example.com/"), _pipeline("https://example.com/")
    _same(url.replace(port=value), made.replace(port=value), repr(value))


def test_a_str_subclass_takes_the_pipeline_and_its_href_is_a_str() -> None:
    class Text(str):
        pass

    url = URL(Text("https://example.com/"))
    assert url._offsets is None and type(url.href) is str


_SEGMENT = st.sampled_from(["a", "b.c", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e", "...", "",
                            " ", "é", "\ud800", "%", "%41", "|", "C:", "C|", "'", "\x01", "{}", "^"])
_MESSY_PATH = st.builds(
    lambda scheme, host, path, end, query, fragment: f"{scheme}{host}{path}{end}{query}{fragment}",
    st.sampled_from(["http://", "https://", "ws://", "wss:", "ftp:/", "http:\\/\\", "http:///"]),
    st.sampled_from(["a.b", "a.b:8080", "x"]),
    st.lists(st.builds(str.__add__, st.sampled_from(["/", "\\"]), _SEGMENT), min_size=1, max_size=8)
    .map("".join),
    st.sampled_from(["", "", "/", "\\", " ", "\t", "\n"]),
    st.sampled_from(["", "?", "?q", "?a'b", "?é"]),
    st.sampled_from(["", "#", "#f", "#é"]),
)


@settings(max_examples=1000)
@given(_MESSY_PATH)
def test_special_urls_with_any_path_give_the_pipelines_url(input: str) -> None:
    compare(input)


_RELATIVE = st.builds(
    lambda path, query, fragment: f"{path}{query}{fragment}",
    st.lists(st.one_of(_SEGMENT, st.sampled_from(["/", "\\", "a:b", "C|", "//", "\t", " "])), max_size=8)
    .map("".join),
    st.sampled_from(["", "", "?", "?q", "?a'b", "?é", "?#"]),
    st.sampled_from(["", "", "#", "#f", "#é", "#?"]),
)


@settings(max_examples=1000)
@given(_RELATIVE, st.sampled_from(["http://a.b/c/d", "https://a.b:8080/", "ws://x/y/", "http://a.b/c?q#f",
                                   "http://a.b", "file:///C:/x", "file://h.example/a/b", "sc://a/b"]))
def test_relative_references_against_a_plain_base_give_the_pipelines_url(input: str, base: str) -> None:
    """A path-relative reference against a base kept as its href and offsets is kept so too
    (urlgrammar/operations/offsets.py's relative_href), its record made against the base."""
    compare(input, base)
    if compare(input, base):
        assert URL(input, base)._base is not None


def test_a_long_path_is_parsed_without_a_component_per_segment() -> None:
    """A path of 100,000 segments of spaces and backslashes (or dot segments, or 200,000 slashes
    before the host): the href is made from the text; before, the lift made a component for
    each segment (about 200 bytes each: 20 MB here). Counted with tracemalloc, not timed."""
    for input in ("http://h/" + " \\" * 100_000, "http://h/" + "/." * 100_000, "http://h/" + "/a/.." * 40_000,
                  "http:" + "/" * 200_000 + "h/"):
        parse(input)  # caches warm
        tracemalloc.start()
        try:
            url = parse(input)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert url._offsets is not None and url.href == _pipeline(input).href
        assert peak < 12 * len(input), (input[:12], peak)


@pytest.mark.parametrize(("input", "base", "href"), [
    ("a/b", "http://h.example/b/c", "http://h.example/b/a/b"),
    ("../x?q#f", "https://h.example:8080/b/c/d", "https://h.example:8080/b/x?q#f"),
    ("a\\..\\b c", "ws://h.example/", "ws://h.example/b%20c"),
    ("a/../" * 1000, "http://h.example/b/c", "http://h.example/b/"),
])
def test_a_relative_reference_against_a_plain_base_is_kept_as_href_and_offsets(
        input: str, base: str, href: str) -> None:
    url = parse(input, base)
    assert url._offsets is not None and url.href == href
    assert not _has_record(url)
    assert url.record == _pipeline(input, base).record
