"""The Report that validate() returns: true exactly when the input is valid, and a tuple still."""

from __future__ import annotations

import copy
import pickle
import tracemalloc
from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import Report, validate
from urlgrammar.cli.check.formats import Result

BASES = [None, "https://good.example/a/b", "file:///C:/d/e", "sc://h/p", "sc:opaque"]
#: Pieces of URLs, valid and invalid, for generated inputs.
PIECES = ["https:", "http:", "file:", "sc:", "//", "/", "\\", "?", "#", "@", ":", "%", "%41", "%zz",
          " ", "\t", "a", "b.example", "[::1]", "C|", "é", "\u00ad", ".."]
URLISH = st.lists(st.sampled_from(PIECES), max_size=10).map("".join)


def _cases(*cases: tuple[str, str | None, bool]) -> list[object]:
    return [pytest.param(*c, id=f"{c[0]!r} against {c[1]!r}") for c in cases]


@pytest.mark.parametrize(("input", "base", "valid"), _cases(
    ("https://example.com/", None, True),         # the fast path
    ("HTTPS://example.com/", None, True),         # the full path
    ("b/c", "https://good.example/a/", True),
    ("https://example.com/a b", None, False),
    ("https://u@example.com/", None, False),
    ("https://h:99999/", None, False),             # the parser fails
    ("", None, False),
))
def test_a_report_is_true_exactly_when_the_input_is_valid(input: str, base: str | None,
                                                          valid: bool) -> None:
    report = validate(input, base)
    assert report.valid is valid
    assert bool(report) is valid
    assert bool(Result.of(report)) is valid  # what check's workers send back reads alike
    if validate(input, base):
        assert valid
    else:
        assert not valid


@given(URLISH, st.sampled_from(BASES))
@settings(max_examples=300)
def test_truth_is_validity_on_generated_inputs(input: str, base: str | None) -> None:
    report = validate(input, base)
    assert bool(report) == report.valid


def test_a_report_is_still_a_named_tuple() -> None:
    report = validate("https://u@h/a b", "https://b/")
    assert not report and isinstance(report, tuple)
    assert len(report) == len(Report._fields)
    fields = dict(zip(Report._fields, report, strict=True))  # it unpacks, field by field
    assert fields["input"] == "https://u@h/a b" and fields["valid"] is False
    assert report._asdict() == fields
    fixed = report._replace(valid=True)
    assert fixed and fixed.valid and not report.valid
    assert Report(**fields) == report
    for copied in (pickle.loads(pickle.dumps(report)), copy.copy(report), copy.deepcopy(report)):
        assert copied == report and not copied
    valid = validate("https://h/")
    assert pickle.loads(pickle.dumps(valid)) == valid and pickle.loads(pickle.dumps(valid))
    assert hash(report) == hash(validate("https://u@h/a b", "https://b/"))


# ---- max_diagnostics: the first diagnostics, and a count of the rest ------------------------------

URLTESTDATA = shared_cases("wpt/urltestdata.json")
VALIDATION_CASES = shared_cases("validation/whatwg-url-validation-cases.json")


def assert_limited(input: str, base: str | None, limit: int) -> None:
    """``max_diagnostics=limit`` keeps the first diagnostics and advisories of the full report,
    counts the rest, and changes no verdict; the suggestion goes where something was left out
    (of the input's diagnostics, or of the advisories of the string their fixes make)."""
    full = validate(input, base)
    kept = validate(input, base, max_diagnostics=limit)
    assert kept.diagnostics == full.diagnostics[:limit]
    assert kept.omitted == len(full.diagnostics) - len(kept.diagnostics)
    assert kept.advisories == full.advisories[:limit]
    assert kept.advisories_omitted == len(full.advisories) - len(kept.advisories)
    assert (kept.valid, kept.failure, kept.href, kept.grammar_error) == \
        (full.valid, full.failure, full.href, full.grammar_error)
    # The suggestion needs every fix, of the diagnostics and of the advisories of what they make.
    if kept.omitted or kept.suggestion is not None:
        assert kept.suggestion == (None if kept.omitted else full.suggestion)
    if limit > len(full.diagnostics) + len(full.advisories) + 2:
        assert kept.suggestion == full.suggestion
    assert full.omitted == full.advisories_omitted == 0


@shared_parametrize("wpt/urltestdata.json", "case", URLTESTDATA,
                    ids=[f"{c['input']!r} against {c.get('base')!r}" for c in URLTESTDATA])
def test_max_diagnostics_on_urltestdata(case: dict[str, Any]) -> None:
    for limit in (0, 1, 2):
        assert_limited(case["input"], case.get("base"), limit)


@shared_parametrize("validation/whatwg-url-validation-cases.json", "case", VALIDATION_CASES,
                    ids=[f"{c['input']!r} against {c.get('base')!r}" for c in VALIDATION_CASES])
def test_max_diagnostics_on_the_validation_cases(case: dict[str, Any]) -> None:
    for limit in (0, 1, 3):
        assert_limited(case["input"], case.get("base"), limit)


@given(URLISH, st.sampled_from(BASES), st.integers(0, 4))
@settings(max_examples=400)
def test_max_diagnostics_on_generated_inputs(input: str, base: str | None, limit: int) -> None:
    assert_limited(input, base, limit)


@pytest.mark.parametrize(("input", "base"), [pytest.param(i, b, id=f"{i!r} against {b!r}") for i, b in [
    ("http:\\\\\\\\[::1/ a b\\c", None),           # ignored slashes, a host that fails, a path
    ("https://a" + "\u00ad" * 30 + "b/", None),       # 30 advisories
    (" https://u@h/a b\t", None),                     # preprocessing's errors come first
    ("\\\\x\\a b\\c d", "https://good.example/"),
]])
def test_max_diagnostics_on_long_lists(input: str, base: str | None) -> None:
    for limit in range(0, 35):
        assert_limited(input, base, limit)


def test_a_limit_is_a_count() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        validate("https://h/", max_diagnostics=-1)
    with pytest.raises(TypeError):
        validate("https://h/", max_diagnostics=True)
    with pytest.raises(TypeError):
        validate("https://h/", max_diagnostics="20")  # type: ignore[arg-type]
    assert validate("https://h/", max_diagnostics=0) == validate("https://h/")


#: Inputs of many diagnostics in one component: prefix, unit, suffix.
HOSTILE = {
    "spaces and backslashes in the query": ("http://h/?", " \\", ""),
    "spaces in the fragment": ("http://h/#", "x ", ""),
    "%zz in the path": ("http://h/", "%zz", ""),
    "@ in the userinfo": ("http://", "a@", "h/"),
}


@pytest.mark.parametrize("shape", sorted(HOSTILE))
def test_max_diagnostics_bounds_the_memory_of_the_run(shape: str) -> None:
    # Not the end only: the peak of the whole run, while the collector gathers 20,000 and more
    # diagnostics, of which it keeps 20 (without the limit: 250 to 500 bytes per code point).
    prefix, unit, suffix = HOSTILE[shape]
    text = prefix + unit * 20_000 + suffix
    validate(text[:100], max_diagnostics=20)  # what is made once per process, made before
    tracemalloc.start()
    try:
        report = validate(text, max_diagnostics=20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(report.diagnostics) == 20 and report.omitted >= 19_980
    assert peak < 32 * len(text), f"{peak:,} bytes at the peak for {len(text):,} code points"
