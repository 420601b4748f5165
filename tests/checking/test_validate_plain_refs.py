"""validate's fast path on long paths and relative references (issue 25): a path-relative
reference against a plain base, and a non-special or file URL written plainly, give the full
path's report without the walk over a component per segment.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_validate_plain import _same_against, _same_as_full_path

from urlgrammar import validate
from urlgrammar.checking.plain import fast_path
from urlgrammar.url import URL

BASE = "https://example.org/dir/page.html?q#f"


@pytest.mark.parametrize("text", [
    "a", "a/b", "a/b/", "../x", "./a:b", "a/../../..", "a//b/.", "a?q#f", "a/%41?%4A#%2e", "..", "%2e%2E/x",
    "a/b?c:d", "b/c:d", "x#a:b", "a/" * 2000, "../" * 2000 + "x",
])
@pytest.mark.parametrize("base", [BASE, "http://h/b/c", "wss://w.example:8080/a/", "ftp://f.example/p/q"])
def test_a_path_relative_reference_takes_the_fast_path(text: str, base: str) -> None:
    assert _same_against(text, base), (text, base)
    assert validate(text, base).valid


@pytest.mark.parametrize("text", [
    "a:b", "a1:b/c", "1a:b/c", "a b", "a%zz", "a%", "a#b#c", "a\\b", "é", "a\t", "/a", "//h/a", "?q",
    "#f", "", " a", "a'?'", "a?'",
])
@pytest.mark.parametrize("base", [BASE, "http://h/b/c"])
def test_anything_else_against_a_base_takes_the_full_path(text: str, base: str) -> None:
    # A `:` in the first segment, what the parser reports or percent-encodes in the query, what
    # preprocessing removes, and references that are not path-relative.
    assert not isinstance(fast_path(text, URL(base)), URL)


@pytest.mark.parametrize("base", ["file:///D:/x", "sc://h/p", "http://u@h/", "data:text/plain,x"])
def test_a_base_that_is_not_kept_as_its_href_takes_the_full_path(base: str) -> None:
    assert not isinstance(fast_path("a/b", URL(base)), URL)


def test_the_fetch_context_flags_a_base_s_unsafe_scheme() -> None:
    report = validate("a/b", "ftp://f.example/p", context="fetch")
    assert [d.code for d in report.advisories] == ["unsafe-fetch-scheme"]
    assert report.suggestion == "a/b"
    assert validate("a/b", "https://f.example/p", context="fetch").advisories == ()


@pytest.mark.parametrize("text", [
    "foo://h/a/b", "foo://h/../../x", "foo://h.example/a/./%/", "foo://h", "foo://h?q#f", "sc://a.b-c/x//y",
    "git+ssh://host/a/b", "foo://localhost/x", "gopher://h/x", "file:///C:/../../x", "file:///c:",
    "file:///C:?q#f", "file:///C:/a/../C:/..", "foo://h/" + "a/" * 2000, "file:///C:/" + "../" * 2000,
])
def test_a_non_special_or_file_url_written_plainly_takes_the_fast_path(text: str) -> None:
    if "%" in text:  # a `%` leaves it to the full path
        assert not isinstance(fast_path(text), URL)
        return
    assert _same_as_full_path(text), text
    for base in ["http://h/b/c", "sc://h/p"]:
        _same_against(text, base)


@pytest.mark.parametrize("text", [
    "foo://H/a", "foo://h:1/a", "foo://u@h/a", "foo://1.2.3.4/a", "foo://h./a", "foo://a..b/",
    "foo:///a", "foo://h\\a", "javascript://h/%0aalert(1)", "javascript://h/x", "vbscript://h/x",
    "data://h/,x", "Foo://h/a", "file:///C|/a", "file:///./C:/", "foo://h/a%zz",
])
def test_other_non_special_and_file_urls_take_the_full_path(text: str) -> None:
    assert not isinstance(fast_path(text), URL)


_SEGMENT = st.sampled_from(["a", "", ".", "..", "%2e", "C:", "c|", "b:c", "x y", "%41", "?", "#", "'", "\\"])
references = st.builds(lambda segments, tail: "/".join(segments) + tail,
                       st.lists(_SEGMENT, min_size=1, max_size=5),
                       st.sampled_from(["", "?", "?a:b", "#", "#f", "?q#f#g", "/"]))
hierarchical = st.builds(str.__add__, st.sampled_from(["foo://h", "foo://h/", "file:///C:", "file:///C:/",
                                                       "ldap://a.b/", "file:///z:"]), references)


@settings(max_examples=1_500)
@given(text=references, base=st.sampled_from([BASE, "http://h/b/c", "ftp://f/a/", "file:///D:/x"]))
def test_generated_references(text: str, base: str) -> None:
    _same_against(text, base)


@settings(max_examples=1_500)
@given(text=hierarchical)
def test_generated_non_special_and_file_urls(text: str) -> None:
    _same_as_full_path(text)
