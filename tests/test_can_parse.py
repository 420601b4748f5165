"""can_parse runs the parser only as far as it can fail, and says what parse says (issue 25,
item 5): on WPT's inputs against WPT's bases, and on generated strings."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import shared_cases
from hypothesis import given
from hypothesis import strategies as st
from strategies import canonical_urls

import urlgrammar
import urlgrammar.operations.pipeline as pipeline
import urlgrammar.url as url_module
from urlgrammar import URL, URLError, can_parse, parse

WPT = [c for c in shared_cases("wpt/urltestdata.json") if isinstance(c, dict)]
_INPUTS = sorted({c["input"] for c in WPT}) or ["http://h/"]
_BASES: list[str | None] = [None, *sorted({c["base"] for c in WPT if c.get("base")})]


def _parses(input: str, base: str | None) -> bool:
    try:
        parse(input, base)
    except URLError:
        return False
    return True


@given(st.sampled_from(_INPUTS), st.sampled_from(_BASES))
def test_can_parse_is_parse_succeeding_on_wpt_inputs_against_wpt_bases(input: str, base: str | None) -> None:
    assert can_parse(input, base) is _parses(input, base)
    assert URL.can_parse(input, base) is _parses(input, base)


_URLISH = st.text(st.sampled_from("ahHxX019:/\\?#@[]%.-+ \t\nüß\u200d\u00ad\ufffd\x00|"), max_size=24)


@given(st.one_of(_URLISH, canonical_urls(), st.text(max_size=16),
                 st.builds(str.__add__, st.sampled_from(["http://", "file:", "sc://", "//", "?", "#",
                                                         "https://[", "http://1.2.", "file://C|"]),
                           _URLISH)),
       st.sampled_from([None, "http://example.org/foo/bar", "sc:opaque", "file:///C:/x", "about:blank"]))
def test_can_parse_is_parse_succeeding_on_generated_strings(input: str, base: str | None) -> None:
    assert can_parse(input, base) is _parses(input, base)


def test_can_parse_makes_no_url_and_normalises_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: can_parse called parse, which normalised, percent-encoded and made the URL.
    base = URL("https://h/a/b")  # a URL given as the base is used as it is
    assert base.record  # a plain URL makes its record when first read: here, not in can_parse

    def refused(*args: Any) -> Any:
        raise AssertionError("can_parse made what it throws away")

    monkeypatch.setattr(url_module, "fill", refused)
    monkeypatch.setattr(pipeline, "_normalise", refused)
    assert can_parse("HTTP://EXAMPLE.com:80/a/../b?q=é#f")
    assert can_parse("../x", base)
    assert not can_parse("https://h:99999/")
    assert not can_parse("https://exa mple/")
    assert not can_parse("x", None)


def test_a_base_that_fails_makes_can_parse_false_not_an_error() -> None:
    assert not can_parse("https://h/", "x")
    assert not URL.can_parse("a", "http://[::1")
    assert URL.can_parse(URL("https://h/"), "https://b/")
    assert not URL.can_parse(URL("https://h/"), "b")


def test_can_parse_wants_a_str() -> None:
    with pytest.raises(TypeError):
        urlgrammar.can_parse(b"https://h/")  # type: ignore[arg-type]
