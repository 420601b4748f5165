"""validate's fast path gives the full path's report, to the last field.

:mod:`urlgrammar.checking.plain` answers for plainly valid web and file URLs without the walk
that finds validation errors; wherever it answers, the full path must answer the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import shared_cases, shared_dir, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking.advisories import find_advisories
from urlgrammar.checking.plain import fast_path
from urlgrammar.checking.validate import _advised, _examine
from urlgrammar.model.schemes import Mode
from urlgrammar.operations.pipeline import Lifted, lift
from urlgrammar.url import URL

URLTESTDATA = shared_cases("wpt/urltestdata.json")


def _same_as_full_path(text: str) -> bool:
    """Whether the fast path answered; where it did, the report is the full path's, its
    advisories included, in every field and in both contexts, and its URL has the full
    path's record (a plain href's URL makes it when first read)."""
    if not isinstance(fast_path(text), URL):
        return False
    full = _examine(text, None, None)[0]
    assert full.url is not None
    for context in ("browser", "fetch"):
        fast = validate(text, context=context)
        expected = full._replace(advisories=find_advisories(text, None, full.url, context))
        assert fast == expected, text
        assert fast.as_dict() == expected.as_dict(), text
        assert fast.url is not None and fast.url.href == full.url.href
        assert fast.url.record == full.url.record and fast.url.mode is full.url.mode, text
    return True


def _plain_href_path(text: str) -> bool:
    """Whether the fast path answered with a plain href's URL (no run of the pipeline)."""
    found = fast_path(text)
    return isinstance(found, URL) and found._offsets is not None


@pytest.mark.parametrize("text", [
    "https://example.com", "https://example.com/", "http://a.b/c/d?e=f#g", "ws://x.y/z?",
    "https://example.com/#", "ftp://ftp.example.org/pub/file.txt", "file:///a", "file:///",
    "file://", "file:///C:/x/y.txt", "file:///c:", "file://host.example/a/b?q#f",
    "https://example.com//a", "https://example.com/%41", "file:///a//b", "https://example.com:8080/",
    "https://example.com/a%2Fb?c%3d#%7E", "https://example.com/?a?b#c?d", "http://localhost/",
])
def test_plain_urls_take_the_fast_path(text: str) -> None:
    assert _same_as_full_path(text)
    assert validate(text).valid and validate(text).diagnostics == ()


@pytest.mark.parametrize(("text", "plain"), [
    ("https://example.com/a?b#c", True), ("https://example.com", True), ("https://example.com:8080", True),
    ("https://example.com/%41%4a", True), ("file:///a", True), ("file://host.example/a", True),
    ("https://example.com/%4", False), ("https://example.com/a%", False), ("https://example.com/%zz", False),
    ("https://example.com/?%", False), ("https://example.com/#%g1", False),
    ("https://example.com/#a#b", False), ("https://example.com/##", False),
    ("https://example.com/%%41", False),
    # Dot segments, which the parser removes without a validation error: the href is not the
    # input, but no lift is made (it would have a component per segment).
    ("https://example.com/a/../b", True), ("https://example.com/./%2e/%2E%2e/c", True),
    ("https://example.com/" + "a/../" * 1000, True), ("https://example.com/./%zz", False),
    ("https://example.com/./#a#b", False), ("https://example.com/./a b", False),
    ("file:///C:/a/b", True), ("file:///c:", True),
])
def test_a_plain_href_with_no_validation_error_is_not_run(text: str, plain: bool) -> None:
    # A plain href holds a validation error only at a `%` that starts no percent-encoded byte or
    # at a second `#` (invalid-URL-unit): those go on to the full path, which reports it.
    assert _plain_href_path(text) is plain
    assert (validate(text).diagnostics == ()) is plain


@pytest.mark.parametrize("text", [
    "HTTPS://example.com/", "https://EXAMPLE.com/", "https://example.com:443/", "https://u@example.com/",
    "https:example.com",
    "https:\\\\example.com/", "https://example.com\\a", "https://example.com/a b", "https://example.com/%4",
    "https://example.com/#a#b", " https://example.com/", "https://xn--nxasmq6b.com/", "https://1.2.3.4/",
    "https://example.123/", "mailto:a@b.c", "https://[::1]/", "https://exa_mple.com/",
    "https://a..b/", "https://example.com./", "https://-a.com/", "https://é.com/",
    "file://localhost/a", "file:/a", "file:a", "file:///C|/a", "file://C:/a", "file:c:/a",
    "file:\\\\a", "file:///a/../b", "FILE:///a", "file://1.2.3.4/a",
    "file://u@h/a", "file://h:1/a", "file:///a\\b",
])
def test_anything_else_takes_the_full_path(text: str) -> None:
    # Where the fast path lifted the input before it declined, it hands that lift over.
    found = fast_path(text)
    assert not isinstance(found, URL)
    assert found is None or found == lift(text, Mode.GENERIC)


@pytest.mark.parametrize(("text", "lifted"), [
    ("https://example.com:443/", True), ("https://EXAMPLE.com/", True), ("https://1.2.3.4/", True),
    ("http://user@/x", True), ("mailto:a@b.c", True), (" https://example.com/", False),
    ("https://example.com/a b", False), ("https://é.com/", False), ("https://example.com/#a#b", False),
])
def test_the_full_path_goes_on_from_the_fast_paths_lift(text: str, lifted: bool) -> None:
    # Input of URL code points only is lifted, whether the fast path declines at the lifted
    # record, at the result or at a failure; anything else it declines before lifting.
    assert isinstance(fast_path(text), Lifted) is lifted


@shared_parametrize("wpt/urltestdata.json", "case", URLTESTDATA,
                    ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_wpt_inputs(case: dict[str, Any]) -> None:
    _same_as_full_path(case["input"])


@pytest.mark.parametrize("name", ["kasztp.txt", "isaacs_files.txt"])
def test_corpus_lines(name: str) -> None:
    shared = shared_dir()
    path = None if shared is None else shared / "corpus" / name
    if path is None or not path.is_file():
        pytest.skip(f"corpus/{name} not found")
    lines = [line for line in Path(path).read_text(encoding="utf-8-sig").splitlines() if line.strip()]
    lines = lines[::max(1, len(lines) // 1500)]  # two contexts' full computation on each: a sample
    assert sum(_same_as_full_path(line) for line in lines) > len(lines) // 2
    assert sum(map(_plain_href_path, lines)) > len(lines) // 2  # most of them with no run


_LABEL = st.from_regex(r"[a-z0-9A-Z_-]{1,6}", fullmatch=True)
_SEGMENT = st.sampled_from(["a", "", ".", "..", "b.c", "%2e", "x y", "é", "A", "C:", "c|", "C:x",
                            "%41", "%4", "%", "%zz", "a%2F", "%%41"])
urls = st.builds(
    lambda scheme, host, port, segments, query, fragment: (
        f"{scheme}://{host}{port}" + "".join("/" + s for s in segments) + query + fragment),
    st.sampled_from(["http", "https", "ws", "wss", "ftp", "HTTP", "file", "foo"]),
    st.one_of(st.just(""), st.just("localhost"), st.lists(_LABEL, min_size=1, max_size=3).map(".".join)),
    st.sampled_from(["", ":80", ":8080", ":", ":443", ":21", ":0", ":08", ":65535", ":65536"]),
    st.lists(_SEGMENT, max_size=4),
    st.sampled_from(["", "?", "?a=b", "?a b", "?'", "?%", "?%3D", "?a?b", "?%4"]),
    st.sampled_from(["", "#", "#f", "#f#g", "#`", "#%", "#%41", "#?", "##"]),
)
#: Anything after a web or file URL's start, of URL code points and the delimiters around them.
strings = st.builds(
    str.__add__, st.sampled_from(["https://", "http://a.b", "file://", "file:///", "wss://x.y:", "ftp:"]),
    st.text(alphabet="aAz09.-_~:/\\?#%@!$&'()*+,;=[] ", max_size=24))


@settings(max_examples=3_000)
@given(text=urls)
def test_generated_urls(text: str) -> None:
    _same_as_full_path(text)


@settings(max_examples=3_000)
@given(text=strings)
def test_generated_strings(text: str) -> None:
    _same_as_full_path(text)


@pytest.mark.parametrize("text", ["http://localhost/", "http://LOCALHOST/", "https://a.example/",
                                  "http://10.0.0.1.nip.io/x", "file:///c:"])
@pytest.mark.parametrize("limit", [None, 0, 1])
@pytest.mark.parametrize("advisories", [True, False])
def test_a_limit_gives_the_full_path_s_report(text: str, limit: int | None, advisories: bool,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # A suggestion needs every advisory, so where the limit leaves one out there is none, on
    # either path (the fast path gave the input as its suggestion for http://localhost/).
    import urlgrammar.checking.validate as module

    fast = validate(text, advisories=advisories, max_diagnostics=limit)
    monkeypatch.setattr(module, "fast_path", lambda text, base=None: None)
    assert fast == validate(text, advisories=advisories, max_diagnostics=limit)


# ---- against a base ----------------------------------------------------------------------------

#: A document's URL and others: of the input's scheme and not, a file's with and without a host,
#: non-special ones, one with an opaque path.
BASES = ["https://example.org/dir/page.html?q#f", "http://other.example:8080/", "file:///home/u/doc.md",
         "file://host/share/doc.html", "file:///", "sc://h/p", "data:text/plain,x", "wss://w.example/"]


def _same_against(text: str, base: str) -> bool:
    """Whether the fast path answered against ``base``; where it did, the report is the full
    path's, as :func:`_same_as_full_path` says, in the browser context and in the fetch one."""
    base_url = URL(base)
    if not isinstance(fast_path(text, base_url), URL):
        return False
    report, advised = _examine(text, base, base_url)
    full = _advised(report, advised, base_url, None)
    for as_given in (base, base_url):
        fast = validate(text, as_given)
        assert fast == full, (text, base)
        assert fast.as_dict() == full.as_dict(), (text, base)
        assert fast.url is not None and full.url is not None
        assert fast.url.record == full.url.record and fast.url.mode is full.url.mode, (text, base)
        assert [c.span for c in fast.url.record] == [c.span for c in full.url.record], (text, base)
    report, advised = _examine(text, base, base_url, context="fetch")
    assert validate(text, base, context="fetch") == _advised(report, advised, base_url, None, "fetch")
    return True


@pytest.mark.parametrize("base", BASES)
def test_plain_urls_take_the_fast_path_against_a_base(base: str) -> None:
    for text in ["https://example.com/a?b#c", "http://a.b/", "wss://x.y/z", "file://host.example/a",
                 "https://example.org/dir/x", "ftp://f.example/p"]:
        assert _same_against(text, base), (text, base)


@pytest.mark.parametrize("base", BASES)
def test_the_fetch_context_takes_the_fast_path_against_a_base(base: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import urlgrammar.checking.validate as module

    texts = ["https://example.com/a?b#c", "file://host.example/a", "ftp://f.example/p", "wss://x.y/z"]
    full = [validate(text, base, context="fetch") for text in texts]

    def full_path(*args: object, **kwargs: object) -> None:
        raise AssertionError("the full path ran")

    monkeypatch.setattr(module, "_examine", full_path)
    assert [validate(text, base, context="fetch") for text in texts] == full
    # file: and ftp: are plain, and unsafe to fetch, whatever the base's scheme.
    unsafe = ["unsafe-fetch-scheme"]
    assert [[d.code for d in r.advisories] for r in full] == [[], unsafe, unsafe, []]


@pytest.mark.parametrize("base", ["file:///home/u/doc.md", "file://host/share/doc.html", "https://a.example/"])
def test_a_file_url_s_empty_host_takes_the_full_path_against_a_base(base: str) -> None:
    # urllib's urljoin gives `file:///x` the base's host, which the advisory compares.
    for text in ["file:///x", "file:///C:/", "file://"]:
        assert isinstance(fast_path(text), URL)
        assert fast_path(text, URL(base)) is None
    report = validate("file:///C:/", "file://host/")
    assert [d.code for d in report.advisories] == ["parser-disagreement"]


@shared_parametrize("wpt/urltestdata.json", "case", [c for c in URLTESTDATA if not isinstance(c, str)],
                    ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_wpt_inputs_against_bases(case: dict[str, Any]) -> None:
    for base in [*BASES, *([case["base"]] if case.get("base") and URL.can_parse(case["base"]) else [])]:
        _same_against(case["input"], base)


# isaacs's lines are file URLs with the empty host, which take the full path against a base.
@pytest.mark.parametrize(("name", "share"), [("kasztp.txt", 0.5), ("isaacs_files.txt", 0)])
def test_corpus_lines_against_bases(name: str, share: float) -> None:
    shared = shared_dir()
    path = None if shared is None else shared / "corpus" / name
    if path is None or not path.is_file():
        pytest.skip(f"corpus/{name} not found")
    lines = [line for line in Path(path).read_text(encoding="utf-8-sig").splitlines() if line.strip()]
    lines = lines[::max(1, len(lines) // 300)]
    taken = sum(_same_against(line, base) for line in lines for base in BASES)
    assert taken >= len(lines) * len(BASES) * share


@settings(max_examples=1_500)
@given(text=st.one_of(urls, strings), base=st.sampled_from(BASES))
def test_generated_urls_against_bases(text: str, base: str) -> None:
    _same_against(text, base)


@pytest.mark.parametrize("text", ["https://EXAMPLE.com/", "https://example.com:443/", "foo://X/y", "https://a:443/x"])
@pytest.mark.parametrize("base", ["file:///home/u/doc.md", "https://example.org/", "sc://h/p"])
def test_against_a_base_the_full_path_goes_on_from_the_fast_paths_lift(text: str, base: str) -> None:
    base_url = URL(base)
    found = fast_path(text, base_url)
    assert isinstance(found, Lifted) and found == lift(text, base_url.mode)


@pytest.mark.parametrize("text", ["a/b", "//example.com/x", "/x?y", "#f", "?q"])
def test_against_a_base_a_reference_without_a_scheme_is_not_lifted(text: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # Its lift is in the base's mode, which the full path makes: one in the generic mode would
    # be thrown away.
    import urlgrammar.checking.plain as module

    lifted: list[str] = []
    real = module.lift

    def counted(text: str, mode: Mode) -> Lifted:
        lifted.append(text)
        return real(text, mode)
    monkeypatch.setattr(module, "lift", counted)
    assert not isinstance(fast_path(text, URL("https://example.org/d/")), Lifted)
    assert lifted == []
