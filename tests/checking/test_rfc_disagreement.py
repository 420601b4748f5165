"""parser-disagreement gains RFC 3986's reading (issue 27): named where a string valid under
RFC 3986 (or RFC 3987) reads another host or port than the standard; silent where the RFC's
normalisation (case, percent-encoded unreserved code points) or its IRI mapping agrees."""

from __future__ import annotations

import pytest

from urlgrammar import parse, validate
from urlgrammar.checking.disagreement import RFC, standard_reading
from urlgrammar.checking.readers import rfc_reading


def _message(input: str, base: str | None = None) -> str | None:
    found = [d.message for d in validate(input, base).advisories if d.code == "parser-disagreement"]
    return found[0] if found else None


@pytest.mark.parametrize(("input", "host"), [("http://0x7f.1/", "0x7f.1"), ("http://127.1/", "127.1"),
                                             ("https://0177.0.0.1/", "0177.0.0.1")])
def test_the_rfc_reading_is_named_where_it_reads_another_host(input: str, host: str) -> None:
    message = _message(input)
    assert message is not None
    said = message.partition("; the standard reads")[0]
    assert f"and {RFC} read scheme '{input.partition(':')[0]}', host '{host}'" in said
    assert message.endswith(f", {RFC}).")


@pytest.mark.parametrize("input", ["http://EXAMPLE.com:80/", "http://ex%61mple.com/", "http://a.b%2ec/",
                                   "http://m\u00fcnchen.de/", "http://[::1]:80/", "foo://fa\u00df.example/"])
def test_the_rfc_reading_agrees_after_its_own_normalisation(input: str) -> None:
    # Near misses: case, percent-encoded unreserved code points, an IRI's host, the default
    # port; the RFC reads what the standard does (other readers may still differ).
    reading = rfc_reading(input, None)
    assert reading is not None and reading.differences(standard_reading(parse(input))) == []
    message = _message(input)
    assert message is None or RFC not in message


@pytest.mark.parametrize(("input", "base"), [("http://a\\b/", None), ("http://user@evil@good/", None),
                                             ("http:g", "http://a/b/c/d;p?q"), ("http://a b/", None)])
def test_no_rfc_reading_where_the_rfc_refuses_or_reads_no_host(input: str, base: str | None) -> None:
    assert rfc_reading(input, base) is None


def test_the_rfc_reading_resolves_against_the_base() -> None:
    reading = rfc_reading("//0x7f.1:8080/x", "http://a/b")
    assert reading is not None and (reading.host, reading.port) == ("0x7f.1", 8080)
    message = _message("//0x7f.1:8080/x", "http://a/b")
    assert message is not None and RFC in message.partition("; the standard reads")[0]


def test_a_long_host_is_read_by_the_rfc_too() -> None:
    reading = rfc_reading("http://" + "A" * 100_000 + "/", None)
    assert reading is not None and reading.host == "a" * 100_000
