"""RFC 3986's reading beside the standard's (urlgrammar.checking.rfc_reading): where the two
part is computed from the readings, and validate's report gives it only when asked."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlgrammar
from urlgrammar.checking.rfc_reading import rfc3986_reading
from urlgrammar.rfc3986 import is_valid

#: Input, base, and the topics where the readings part.
PARTINGS = [
    ("http://a\\b", None, {"backslash", "path"}),
    ("http://example.com/a b", None, {"percent-encoding"}),
    ("HTTP://EXAMPLE.COM/%7e", None, {"scheme case", "host case", "normal forms"}),
    ("http://example.com/%7E", None, {"normal forms"}),
    ("http://0x7f.1/", None, {"IPv4 numbers"}),
    ("http://[::1]:80/", None, {"default port"}),
    ("http://münchen.de/", None, {"IRI", "IDN"}),
    ("http:g", "http://a/b/c/d;p?q", {"resolution"}),
    ("http://a/b/../c", None, {"dot segments"}),
    ("file:c:/x", None, {"file host"}),
    (" http://a/ ", None, {"whitespace"}),
    ("http://a:/", None, {"empty port"}),
    ("javascript:alert(1)", None, set()),
    ("http://user@evil@good/", None, {"percent-encoding"}),
    ("http://EX%41MPLE.com/", None, {"host percent-encoding"}),
    ("a\tb", "http://h/", {"tab or newline"}),
    ("//x", None, {"failure"}),
    ("http://a", None, {"empty path"}),
    ("g", "http://a/b/c/d;p?q", set()),
]


@pytest.mark.parametrize(("input", "base", "topics"), PARTINGS,
                         ids=[i if b is None else f"{i} against {b}" for i, b, _ in PARTINGS])
def test_where_the_readings_part(input: str, base: str | None, topics: set[str]) -> None:
    reading = urlgrammar.validate(input, base).rfc3986
    assert {p.topic for p in reading.partings} == topics
    assert all(p.reason and "\n" not in p.reason for p in reading.partings)


def test_the_rfc_verdict_says_where_it_stops() -> None:
    reading = urlgrammar.validate("http://a\\b").rfc3986
    assert not reading.valid and reading.report.rule == "URI-reference"
    [d] = reading.report.diagnostics
    assert (d.start, d.found) == (8, "\\") and '"/"' in d.expected
    assert reading.verdict().startswith("not a valid URI-reference: URI-reference cannot continue at 8")
    assert urlgrammar.validate("http://münchen.de/").rfc3986.report.rule == "IRI-reference"


def test_the_components_side_by_side() -> None:
    reading = urlgrammar.validate("HTTP://u@EXAMPLE.COM:80/a/./b?q#f").rfc3986
    assert reading.rows == (("scheme", "HTTP", "http"), ("userinfo", "u", "u"),
                            ("host", "EXAMPLE.COM", "example.com"), ("port", "80", None),
                            ("path", "/a/./b", "/a/b"), ("query", "q", "q"), ("fragment", "f", "f"))
    assert reading.normalised == "http://u@example.com:80/a/b?q#f"


def test_resolution_against_a_base_is_the_rfcs_strict_one() -> None:
    reading = urlgrammar.validate("http:g", "http://a/b/c/d;p?q").rfc3986
    assert (reading.resolved, reading.standard_href) == ("http:g", "http://a/b/c/g")
    [parting] = reading.partings
    assert "“http:g”" in parting.reason and "“http://a/b/c/g”" in parting.reason


def test_validate_gives_the_rfc_reading_only_when_asked() -> None:
    report = urlgrammar.validate("http://0x7f.1/")
    assert "rfc3986" not in report.as_dict()
    found = report.as_dict(rfc3986=True)["rfc3986"]
    assert found["valid"] and found["rule"] == "URI-reference"
    assert found["partings"] == [{"topic": "IPv4 numbers", "reason": report.rfc3986.partings[0].reason}]
    assert {"component": "host", "rfc3986": "0x7f.1", "standard": "127.0.0.1", "span": (7, 13)} \
        in found["components"]


def test_a_long_host_is_read_once() -> None:
    # Linear: a 100 kB host is read, compared and quoted without a quadratic step (counted in
    # rows and partings, not timed).
    host = "a" * 100_000
    reading = rfc3986_reading(f"http://{host.upper()}/", None, urlgrammar.parse(f"http://{host}/"), ())
    assert [p.topic for p in reading.partings] == ["host case"] and reading.rows[2][2] == host


#: Pieces of strings where the readings part: delimiters, escapes, dots, ports, a lone surrogate.
PIECES = [*"aB:/\\?#@[]%.7 \t-~\u00e9\u00b2\ud800", "http://", "//", "..", ":80"]
BASES = [None, "http://a/b/c/d;p?q", "file:///c:/x", "foo:/a", "http://h/a b"]


@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join), st.sampled_from(BASES))
def test_the_reading_is_total(text: str, base: str | None) -> None:
    report = urlgrammar.validate(text, base)
    reading = report.rfc3986
    assert reading.valid == is_valid(text, reading.report.rule)
    assert report.as_dict(rfc3986=True)["rfc3986"] == reading.as_dict()
    assert "\n" not in "".join(reading.lines())
