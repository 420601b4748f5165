"""The Report that validate() returns: true exactly when the input is valid, and a tuple still."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import Report, validate
from urlgrammar.checking.formats import Result

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
