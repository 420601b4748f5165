"""validate()'s suggestion: a valid string for the same URL that carries no advisory its input's
spelling brought (a reference that changes the host stays no scheme-relative reference)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from full_path import count_calls
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import validate


def _id(input: str, base: str | None) -> str:
    return f"{input!r} against {base!r}"


def assert_unadvised(input: str, base: str | None) -> None:
    """The suggestion is valid and gives the input's URL; of its advisories, none has a fix (an
    advisory with a fix says how to write the same URL otherwise) and none is new."""
    report = validate(input, base)
    if report.suggestion is None:
        return
    again = validate(report.suggestion, base)
    assert again.valid and again.href == report.href
    fixable = [(d.code, d.fix) for d in again.advisories if d.fix is not None]
    assert not fixable, f"{report.suggestion!r} still has {fixable}"
    new = {d.code for d in again.advisories} - {d.code for d in report.advisories}
    assert not new, f"{report.suggestion!r} brings {new}"
    assert validate(input, base, advisories=False).suggestion == report.suggestion


@pytest.mark.parametrize(("input", "base", "suggestion"), [pytest.param(*c, id=_id(*c[:2])) for c in [
    # The fixes of the errors alone give '//evil.example/x', which keeps the base's scheme but
    # changes its host: the suggestion writes the scheme.
    ("https:\\\\evil.example/x", "https://good.example/", "https://evil.example/x"),
    ("http:\\\\h/x", "http://b/", "http://h/x"),
    ("\\\\x\\hello", "http://example.org/foo/bar", "http://x/hello"),
    ("///test", "http://example.org/", "http://test"),
    ("//foo/bar", "http://example.org/foo/bar", "http://foo/bar"),  # valid, and advised
    ("///", "sc://x/", "sc:///"),                                       # the empty host
    # A host whose percent-decoding holds a code point the domain mapping removes unseen.
    ("https://a%C2%ADb/", None, "https://ab/"),
    ("http://GOO\u200b\u2060\ufeffgoo.com", "http://other.com/", "http://GOOgoo.com"),
    # urllib reads 'file://' against a base with a host as that host, and the href too (urljoin
    # gives an absolute file URL with the empty host the base's host): no spelling is read
    # alike, so the advisory has no fix and the valid input is its own suggestion.
    ("file://", "file://ape/", "file://"),
    # The fixes of the errors give '///a:/', which urllib reads against the base as 'lion'; the
    # input it reads as the host 'a' (and a port it cannot read, which leaves the host compared):
    # both disagree with the standard's empty host, so the suggestion brings nothing new.
    ("//a:\\", "file://lion/", "file:///a:/"),
    # The absolute form would be read by urllib against the base as 'lion', and the reference
    # as written changes the host: no spelling is free of both.
    ("//localhost//pig", "file://lion/", None),
    # No advisory with a fix: the suggestion is what it was.
    ("https://example.com/a b", None, "https://example.com/a%20b"),
    ("b/c", "https://good.example/a/", "b/c"),
    ("https://xn--pple-43d.com/", None, "https://xn--pple-43d.com/"),  # confusable: the URL's own
]])
def test_suggestions_carry_no_advisory_of_their_spelling(input: str, base: str | None,
                                                         suggestion: str | None) -> None:
    assert validate(input, base).suggestion == suggestion
    assert_unadvised(input, base)


def test_the_errors_fixes_stay_what_they_were() -> None:
    # The scheme-relative form is the errors' fixes' work; the suggestion goes further.
    report = validate("https:\\\\evil.example/x", "https://good.example/")
    assert [(d.code, d.fix) for d in report.diagnostics] == [
        ("special-scheme-missing-following-solidus", ""), ("invalid-reverse-solidus", "/"),
        ("invalid-reverse-solidus", "/")]
    assert report.advisories[0].code == "scheme-relative-host-change"


CASES = shared_cases("wpt/urltestdata.json") + shared_cases("validation/whatwg-url-validation-cases.json")


@shared_parametrize("wpt/urltestdata.json", "case", CASES,
                    ids=[_id(c["input"], c.get("base")) for c in CASES])
def test_the_suggestions_of_the_conformance_inputs(case: dict[str, Any]) -> None:
    assert_unadvised(case["input"], case.get("base"))


BASES = [None, "https://good.example/a/b", "file://lion/", "file:///C:/d/e", "sc://x/p", "sc:opaque",
         "http://u:p@h:8/"]
PIECES = ["https:", "http:", "file:", "sc:", "javascript:", "//", "/", "\\", "?", "#", "@", ":", "%",
          "%41", "%zz", "%C2%AD", "%2e", " ", "\t", "a", "evil.example", "good.example", "localhost",
          "[::1]", "127.0.0.1", "0x7f", "C|", "c:", "é", "\u00ad", "\u3002", "..", "xn--pple-43d", "аpple"]


@given(st.lists(st.sampled_from(PIECES), max_size=10).map("".join), st.sampled_from(BASES))
@settings(max_examples=500)
def test_the_suggestions_of_generated_inputs(input: str, base: str | None) -> None:
    assert_unadvised(input, base)


@pytest.mark.parametrize("input", ["http://localhost\\a", "https://xn--pple-43d.com/a\\b", "http://127.0.0.1\\x"])
def test_where_an_advisory_is_left_out_the_fixed_string_s_are_not_looked_for(
        input: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A suggestion needs every advisory of the input: with one left out there is none, and the
    # fixed string's advisories, which could only decide it, are not looked for: neither by the
    # full path nor by the answer off the fixed string (which has them as the input's).
    import urlgrammar.checking.url_units as units
    import urlgrammar.checking.validate as module

    report = validate(input, max_diagnostics=1)
    assert report.omitted == 0 and report.advisories_omitted >= 1 and report.suggestion is None
    assert validate(input).suggestion is not None
    looked = count_calls(monkeypatch, module, "first_advisories")
    suggested = count_calls(monkeypatch, units, "unadvised")
    assert validate(input, max_diagnostics=1) == report
    assert set(looked) <= {input} and suggested == []
