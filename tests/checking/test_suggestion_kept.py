"""validate()'s suggestion without a second run (issue 25): where every fix is one the parser
makes as it reads (a backslash it reads as a slash, a code point it percent-encodes in UTF-8),
the fixed string parses to the same URL by construction, and the writing grammar's verdict on
the input with those positions taken as fixed is the fixed string's. The report is the same as
where the pipeline runs on the fixed string, on WPT's inputs and generated ones."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import parse, validate
from urlgrammar.checking import suggestion as module


def _id(input: str, base: str | None) -> str:
    return f"{input!r} against {base!r}"


def _both(input: str, base: str | None, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object, bool]:
    """The report as validate gives it, the report where the fixed string is always run through
    the pipeline, and whether the first took the fixes as kept."""
    taken = []
    real = module._kept

    def kept(*args: Any) -> frozenset[int] | None:
        found = real(*args)
        taken.append(found is not None)
        return found
    with monkeypatch.context() as m:
        m.setattr(module, "_kept", kept)
        fast = validate(input, base).as_dict()
    with monkeypatch.context() as m:
        m.setattr(module, "_kept", lambda *args: None)
        slow = validate(input, base).as_dict()
    return fast, slow, any(taken)


@pytest.mark.parametrize(("input", "base", "suggestion"), [pytest.param(*c, id=_id(*c[:2])) for c in [
    ("http://H\\a\\b c?d e#f g", None, "http://H/a/b%20c?d%20e#f%20g"),  # lowercase, url_units.py answers
    ("http://h:80/a\\b\\c d", None, "http://h:80/a/b/c%20d"),  # without the port, url_units.py answers
    ("http://h/\ud800<>", None, "http://h/%EF%BF%BD%3C%3E"),
    ("a b\\c", "http://h/", "a%20b/c"),
    ("file:///C:\\a b", None, "file:///C:/a%20b"),
]])
def test_fixes_the_parser_makes_keep_the_url(input: str, base: str | None, suggestion: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow, taken = _both(input, base, monkeypatch)
    assert taken and fast == slow
    assert validate(input, base).suggestion == suggestion


@pytest.mark.parametrize(("input", "base"), [pytest.param(*c, id=_id(*c)) for c in [
    ("mailto:a b", None),          # an opaque path keeps its space
    ("http://h/#^", None),         # the fragment keeps `^`
    ("http://h/?a|b", None),       # so does the query `|`
    ("http://h/%zz b", None),      # `%25` would change the URL
    ("file:\\\\h\\a", None),       # `//` inserted after the scheme
    ("http://u@h/a b", None),      # the userinfo removed
    ("https:\\\\evil.example/x", "https://good.example/"),  # the scheme removed
    # Preprocessing removed a code point: the URL's spans are not the fixed string's.
    ("//\t//", "file://lion/"),
    ("http://h/a\tb c", None),
]])
def test_other_fixes_run_the_pipeline_on_the_fixed_string(input: str, base: str | None,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow, taken = _both(input, base, monkeypatch)
    assert not taken and fast == slow


CASES = shared_cases("wpt/urltestdata.json") + shared_cases("validation/whatwg-url-validation-cases.json")


@shared_parametrize("wpt/urltestdata.json", "case", CASES,
                    ids=[_id(c["input"], c.get("base")) for c in CASES])
def test_the_conformance_inputs_reports_are_the_second_runs(case: dict[str, Any],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow, _ = _both(case["input"], case.get("base"), monkeypatch)
    assert fast == slow


BASES = [None, "https://good.example/a/b", "file://lion/", "file:///C:/d/e", "sc://x/p", "sc:opaque"]
PIECES = ["https:", "http:", "file:", "sc:", "//", "/", "\\", "?", "#", "@", ":", "%", "%41", "%zz",
          " ", "\t", "a", "h.example", "C|", "c:", "é", "\ud800", "^", "`", "{", "}", "|", "<", ">",
          "'", '"', "[", "]", "\x01", "\x7f", "\u00ad", "..", "xn--pple-43d", "аpple"]


@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join), st.sampled_from(BASES))
@settings(max_examples=1500)
def test_generated_inputs_reports_are_the_second_runs(input: str, base: str | None) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, slow, _ = _both(input, base, monkeypatch)
    assert fast == slow
    _assert_the_verdict_is_validates(input, base)


def _assert_the_verdict_is_validates(input: str, base: str | None) -> None:
    # The second run, where there is one, asks for the verdict and the URL alone.
    report = validate(input, base)
    url = module._valid_url(input, None if base is None else parse(base), "utf-8")
    assert (None if url is None else url.href) == (report.href if report.valid else None)


@shared_parametrize("wpt/urltestdata.json", "case", CASES,
                    ids=[_id(c["input"], c.get("base")) for c in CASES])
def test_the_verdict_of_the_second_run_is_validates(case: dict[str, Any]) -> None:
    _assert_the_verdict_is_validates(case["input"], case.get("base"))
