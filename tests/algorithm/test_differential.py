"""The grammar pipeline against the transcribed state machine: the same href, or both fail."""

from __future__ import annotations

import pytest
from conftest import agree_with_the_state_machine, shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

WPT = shared_cases("wpt/urltestdata.json")
BASES = [None, "http://h/a/b?q#f", "file:///C:/d/e", "sc://h/p/q", "sc:opaque", "https://[::1]:8/",
         "file://host/share/x", "http://u:p@h:8/"]


def agree(input: str, base: str | None) -> None:
    agree_with_the_state_machine(input, base)


@shared_parametrize("wpt/urltestdata.json",
                    "case", WPT, ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_agree_on_urltestdata(case: dict[str, str]) -> None:
    agree(case["input"], case.get("base"))


@pytest.mark.slow
@given(st.text(), st.sampled_from(BASES))
@settings(max_examples=1000)
def test_agree_on_any_text(input: str, base: str | None) -> None:
    agree(input, base)


_URLISH = st.lists(st.sampled_from(
    ["http:", "https:", "file:", "sc:", "ws:", "/", "//", "\\", "?", "#", ":", "@", ".", "..",
     "%2e", "%", "%41", "[", "]", "::1", "c:", "c|", "a", "é", " ", "\t", "0x7f", "1.2.3.4",
     "localhost", "xn--", "8080", "\x00", "\ud800"]), max_size=12).map("".join)


@pytest.mark.slow
@given(_URLISH, st.sampled_from(BASES))
@settings(max_examples=3000)
def test_agree_on_url_shaped_text(input: str, base: str | None) -> None:
    agree(input, base)
