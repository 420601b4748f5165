"""validate's fast path gives the full path's report, to the last field.

:mod:`urlgrammar.checking.plain` answers for plainly valid web and file URLs without the walk
that finds validation errors; wherever it answers, the full path must answer the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking.advisories import find_advisories
from urlgrammar.checking.plain import fast_path
from urlgrammar.checking.validate import _examine
from urlgrammar.model.schemes import Mode
from urlgrammar.operations.pipeline import Lifted, lift
from urlgrammar.url import URL

URLTESTDATA = shared_cases("wpt/urltestdata.json")


def _same_as_full_path(text: str) -> bool:
    """Whether the fast path answered; where it did, the report is the full path's, its
    advisories included."""
    if not isinstance(fast_path(text), URL):
        return False
    full = _examine(text, None, None)[0]
    assert full.url is not None
    assert validate(text) == full._replace(advisories=find_advisories(text, None, full.url)), text
    return True


@pytest.mark.parametrize("text", [
    "https://example.com", "https://example.com/", "http://a.b/c/d?e=f#g", "ws://x.y/z?",
    "https://example.com/#", "ftp://ftp.example.org/pub/file.txt", "file:///a", "file:///",
    "file://", "file:///C:/x/y.txt", "file:///c:", "file://host.example/a/b?q#f",
])
def test_plain_urls_take_the_fast_path(text: str) -> None:
    assert _same_as_full_path(text)
    assert validate(text).valid and validate(text).diagnostics == ()


@pytest.mark.parametrize("text", [
    "HTTPS://example.com/", "https://EXAMPLE.com/", "https://example.com:443/", "https://u@example.com/",
    "https://example.com/./a", "https://example.com/a/../b", "https://example.com//a", "https:example.com",
    "https:\\\\example.com/", "https://example.com\\a", "https://example.com/a b", "https://example.com/%41",
    "https://example.com/#a#b", " https://example.com/", "https://xn--nxasmq6b.com/", "https://1.2.3.4/",
    "https://example.123/", "mailto:a@b.c", "https://[::1]/", "https://exa_mple.com/",
    "https://a..b/", "https://example.com./", "https://-a.com/", "https://é.com/",
    "file://localhost/a", "file:/a", "file:a", "file:///C|/a", "file://C:/a", "file:c:/a",
    "file:\\\\a", "file:///a/../b", "file:///a//b", "FILE:///a", "file://1.2.3.4/a",
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


_LABEL = st.from_regex(r"[a-z0-9A-Z_-]{1,6}", fullmatch=True)
_SEGMENT = st.sampled_from(["a", "", ".", "..", "b.c", "%2e", "x y", "é", "A", "C:", "c|", "C:x"])
urls = st.builds(
    lambda scheme, host, port, segments, query, fragment: (
        f"{scheme}://{host}{port}" + "".join("/" + s for s in segments) + query + fragment),
    st.sampled_from(["http", "https", "ws", "wss", "ftp", "HTTP", "file", "foo"]),
    st.one_of(st.just(""), st.just("localhost"), st.lists(_LABEL, min_size=1, max_size=3).map(".".join)),
    st.sampled_from(["", ":80", ":8080", ":"]),
    st.lists(_SEGMENT, max_size=4),
    st.sampled_from(["", "?", "?a=b", "?a b", "?'"]),
    st.sampled_from(["", "#", "#f", "#f#g", "#`"]),
)


@settings(max_examples=3_000)
@given(text=urls)
def test_generated_urls(text: str) -> None:
    _same_as_full_path(text)
