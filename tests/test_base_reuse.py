"""A base given again is not parsed again (issue 25): parse, URL, can_parse and validate against
one base string parse it once, and read its record without spans once, as check does for a
document's URLs; a base that fails still raises each time, as the first time."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import urlgrammar
from urlgrammar import url as url_module
from urlgrammar.model.record import URLRecord


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each input was parsed and each base's record stripped of spans, in url.py."""
    seen: Counter[str] = Counter()
    url_module._parsed_base.cache_clear()
    url_module._base_records.clear()
    real_parse, real_unplaced = url_module.parse_url, URLRecord.unplaced

    def parse_url(input: str, *args: Any) -> Any:
        seen[input] += 1
        return real_parse(input, *args)

    def unplaced(self: URLRecord) -> URLRecord:
        seen["unplaced"] += 1
        return real_unplaced(self)
    monkeypatch.setattr(url_module, "parse_url", parse_url)
    monkeypatch.setattr(URLRecord, "unplaced", unplaced)
    return seen


# A base whose input is not plain, so that its URL is made by parse_url, not lazily.
BASE = "HTTP://Example.ORG/a/./b/c"


@pytest.mark.parametrize("call", [
    lambda i: urlgrammar.parse(i, BASE),
    lambda i: urlgrammar.URL(i, BASE),
    lambda i: urlgrammar.can_parse(i, BASE),
    lambda i: urlgrammar.validate(i, BASE),
], ids=["parse", "URL", "can_parse", "validate"])
def test_one_base_string_is_parsed_once(parsed: Counter[str], call: Any) -> None:
    for input in ["../x", "y?q", "#f", "//other.example/\\z", "?a b"]:
        call(input)
    assert parsed[BASE] == 1
    assert parsed["unplaced"] <= 1


def test_the_results_are_those_of_a_fresh_base(parsed: Counter[str]) -> None:
    for input in ["../x", "y?q", "//h/\\p", "\\\\h"]:
        url_module._parsed_base.cache_clear()
        url_module._base_records.clear()
        fresh = urlgrammar.validate(input, BASE)
        assert urlgrammar.validate(input, BASE) == fresh
        assert urlgrammar.validate(input, BASE).as_dict() == fresh.as_dict()
        assert urlgrammar.parse(input, BASE).record == fresh.url.record


def test_a_url_given_as_base_has_its_record_stripped_once(parsed: Counter[str]) -> None:
    base = urlgrammar.URL(BASE)
    for input in ["a", "b", "c"]:
        urlgrammar.parse(input, base)
    assert parsed["unplaced"] == 1


def test_a_failing_base_raises_each_time(parsed: Counter[str]) -> None:
    for _ in range(2):
        with pytest.raises(urlgrammar.URLError, match="the base URL is not valid"):
            urlgrammar.parse("x", "http://[::1")
    assert parsed["http://[::1"] == 2


def test_the_kept_bases_are_bounded() -> None:
    url_module._base_records.clear()
    for i in range(3 * url_module._BASES):
        urlgrammar.parse("x", f"https://h{i}.example/")
    assert len(url_module._base_records) <= url_module._BASES
    assert url_module._parsed_base.cache_info().currsize <= 64


def test_a_long_base_is_not_kept() -> None:
    url_module._parsed_base.cache_clear()
    url_module._base_records.clear()
    long = "https://h.example/" + "a" * url_module._LONGEST_KEPT
    assert urlgrammar.parse("x", long).href == "https://h.example/x"
    assert url_module._parsed_base.cache_info().currsize == 0
    assert not url_module._base_records
