"""Paths where the grammar's reading and the state machine's most easily part: drive letters
that only become first once dot segments are applied, and spaces in opaque paths.

Each generated input is compared with the transcribed state machine (the same href, or both
fail), and the href must parse back to itself.
"""

from __future__ import annotations

import pytest
from conftest import agree_with_the_state_machine, own_cases, own_id
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import parse

# The standard's results, from whatwg-url 17.3 and ada-url, which agree on each.
DRIVE_CASES = own_cases("drive letters")
OPAQUE_CASES = own_cases("opaque paths")


def agree(input: str, base: str | None) -> None:
    """The grammar pipeline and the state machine agree, and the href parses back to itself."""
    href = agree_with_the_state_machine(input, base)
    if href is not None:
        assert parse(href).href == href


@pytest.mark.parametrize(("input", "base", "href"),
                         [(c["input"], c["base"], c["href"]) for c in DRIVE_CASES + OPAQUE_CASES],
                         ids=[own_id(c) for c in DRIVE_CASES + OPAQUE_CASES])
def test_the_standards_result(input: str, base: str | None, href: str) -> None:
    assert parse(input, base).href == href
    assert parse(href).href == href
    agree(input, base)


_FILE_STARTS = ["file:", "file:/", "file://", "file:///", "file:////", "file://localhost/",
                "file://h/", "FILE:\\\\h\\", "file:\\", "", "/", "//", "\\\\", "./", "?", "#"]
_FILE_SEGMENTS = ["c:", "C|", "z:", "a:", "c", "c:x", "cc:", "|", ".", "..", "%2e", "%2E", ".%2e",
                  "%2e.", "%2E%2e", "x", "", "é", "c%3A", "localhost", "1.2.3.4"]
_FILE_BASES = [None, "file:///a/b", "file:///C:/a/b", "file:///C:", "file://h/x/y", "file:///",
               "http://h/a/b", "sc://h/a"]


@st.composite
def file_paths(draw: st.DrawFn) -> str:
    """File URLs and references: drive letters, `.`/`..` in their encoded forms, both
    separators, with and without a query or fragment."""
    segments = draw(st.lists(st.sampled_from(_FILE_SEGMENTS), max_size=6))
    separators = draw(st.lists(st.sampled_from("/\\"), min_size=len(segments), max_size=len(segments)))
    out = draw(st.sampled_from(_FILE_STARTS))
    out += "".join(s + sep for s, sep in zip(segments, separators, strict=True))
    if draw(st.booleans()):
        out = out[:-1]  # end in a file rather than a dir
    if draw(st.booleans()):
        out += draw(st.sampled_from(["?", "?q", "#", "#f", "?q#f"]))
    return out


@pytest.mark.slow
@given(file_paths(), st.sampled_from(_FILE_BASES))
@settings(max_examples=20_000)
def test_file_paths_agree_with_the_state_machine(input: str, base: str | None) -> None:
    agree(input, base)


_OPAQUE_PIECES = [" ", "  ", "a", "/", "?", "#", "%", "%20", "%2", "é", "\t", "\\", ":", "@",
                  ".", "..", "\x00", "\x7f", "\ud800"]


@st.composite
def opaque_paths(draw: st.DrawFn) -> str:
    """URLs whose path is opaque (a non-special scheme, no `/` after it), with spaces before
    `/`, `?`, `#` and the end in every arrangement."""
    scheme = draw(st.sampled_from(["mailto:", "data:", "urn:", "sc:", "javascript:", "A+b-c.d:"]))
    first = draw(st.sampled_from(["a", " ", "x y", "%20", "é", ":"]))
    rest = draw(st.lists(st.sampled_from(_OPAQUE_PIECES), max_size=10))
    return scheme + first + "".join(rest)


@pytest.mark.slow
@given(opaque_paths(), st.sampled_from([None, "sc:opaque", "http://h/a"]))
@settings(max_examples=20_000)
def test_opaque_paths_agree_with_the_state_machine(input: str, base: str | None) -> None:
    agree(input, base)
