"""Validation errors found in runs (urlgrammar/checking/runs.py): built when read, costing what
the input's length costs, not a Python call per error, and the same as a tuple of them."""

from __future__ import annotations

import pickle

import pytest
from conftest import lines_run

from urlgrammar import validate
from urlgrammar.checking.runs import Diagnostics
from urlgrammar.encoding.decode import pct_invalid, pct_invalid_starts, percent_decode

#: Inputs with a validation error per occurrence of their unit: prefix, unit, suffix, base.
SHAPES = {
    "%zz in the path": ("http://h/", "%zz", "", None),
    "lone % at segment end": ("http://h/", "a%/", "", None),
    "[ and ] in the path": ("http://h/", "[]", "", None),
    "backslashes": ("http://h", "\\a", "", None),
    "lone surrogates": ("http://h/", "\ud800", "", None),
    "%zz in the query": ("http://h/?", "%zz", "", None),
    "# in the fragment": ("http://h/#", "#", "", None),
    "@ in the userinfo": ("http://", "@", "h/", None),
    "a@ in the userinfo": ("http://", "a@", "h/", None),
    "ignored slashes": ("http:", "/", "h/", None),
    "spaces and %zz in an opaque path": ("a:", " %zz", "", None),
    "^ after a tab": ("http://h/\t", "^", "", None),
    "file backslashes against a base": ("", "\\a", "", "file:///C:/x"),
}

#: The shapes with an error per component of a path (or per slash), whose cost is per component.
MANY_COMPONENTS = {"lone % at segment end", "backslashes", "file backslashes against a base",
                   "ignored slashes"}
#: The shapes whose other work has a Python step per code point or so: the removal of a tab's
#: offsets, the advisories of a userinfo of many `@`.
OTHER_WORK = {"^ after a tab", "a@ in the userinfo"}


def _input(shape: str, n: int) -> tuple[str, str | None]:
    prefix, unit, suffix, base = SHAPES[shape]
    return prefix + unit * n + suffix, base


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_runs_read_as_the_errors_one_by_one(shape: str) -> None:
    text, base = _input(shape, 40)
    report = validate(text, base)
    assert isinstance(report.diagnostics, Diagnostics)
    whole = tuple(report.diagnostics)
    assert len(whole) >= 38 and report.diagnostics == whole and whole == report.diagnostics
    assert [report.diagnostics[i] for i in range(-len(whole), len(whole))] == list(whole + whole)
    assert report.diagnostics[3:27] == whole[3:27] and report.diagnostics[::5] == whole[::5]
    assert hash(report.diagnostics) == hash(whole) and repr(report.diagnostics) == repr(whole)
    assert pickle.loads(pickle.dumps(report.diagnostics)) == whole
    # A limit keeps the first of the same list.
    assert validate(text, base, max_diagnostics=7).diagnostics == whole[:7]
    with pytest.raises(IndexError):
        report.diagnostics[len(whole)]


@pytest.mark.parametrize("shape", sorted(set(SHAPES) - MANY_COMPONENTS - OTHER_WORK))
def test_an_error_per_code_point_costs_no_python_per_error(shape: str) -> None:
    # Counted, not timed: 10,000 more errors run no more lines of Python than 100 do, give or
    # take a few per component (the shapes of many components, one error each, are left out).
    def lines(n: int) -> int:
        text, base = _input(shape, n)
        return lines_run(lambda t: validate(t, base), text)
    assert lines(10_100) < lines(100) + 300


def test_pct_invalid_starts_are_those_of_the_grammar() -> None:
    text = "%%4%41%zz%4g%E2%80%8Ba%"
    assert list(pct_invalid_starts(text, 5)) == [5 + start for start, _ in pct_invalid(text)] == \
        [5, 6, 11, 14, 27]


def test_percent_decode_reads_no_terminal_at_a_time() -> None:
    assert percent_decode("%zz%41%E2%80%8B%4%") == b"%zzA\xe2\x80\x8b%4%"
    assert lines_run(percent_decode, "%zz" * 100_000) < 100
