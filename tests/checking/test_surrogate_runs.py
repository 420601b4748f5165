"""validate of a long run of lone surrogates (issue 25, the bench shape "lone surrogates"):
what the input's own walk found is not found again on the fixed string, where each surrogate
is nine code points (`%EF%BF%BD`). The fixes' positions are kept as ranges, and the writing
grammar's verdict on the fixed string reads only what they leave out; the fixed string's head
is read by bytes; a run of one code point is told without a set of its code points. Counted,
not timed; the reports are the unchanged ones (test_long_shapes, test_suggestion_kept)."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking import disagreement, readers, walk, writing
from urlgrammar.checking.runs import Diagnostics, Positions, Run, start_positions
from urlgrammar.errors import Code, Diagnostic

_SPANS = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 8)), max_size=6)


def _positions(spans: list[tuple[int, int]], points: list[int]) -> Positions:
    template = (Diagnostic(Code.INVALID_URL_UNIT, 0, 0, "m"),)
    runs = [(Run(range(a, a + n), template), 0, n) for a, n in spans if n]
    single = [(Diagnostic(Code.INVALID_URL_UNIT, p, p + 1, "m"), 0, 1) for p in points]
    return start_positions(Diagnostics([*runs, *single]))


@given(spans=_SPANS, points=st.lists(st.integers(0, 70), max_size=5), a=st.integers(0, 70),
       b=st.integers(0, 70))
def test_positions_hold_the_starts_and_their_gaps_the_rest(spans: list[tuple[int, int]], points: list[int],
                                                           a: int, b: int) -> None:
    positions = _positions(spans, points)
    every = {p for a, n in spans for p in range(a, a + n)} | set(points)
    assert {p for p in range(-1, 80) if p in positions} == every
    assert bool(positions) == bool(every)
    ranges = positions.ranges
    assert all(r.step == 1 and len(r) for r in ranges)
    assert all(r.stop < s.start for r, s in pairwise(ranges))
    gaps = list(positions.gaps(a, b))
    assert all(lo < hi for lo, hi in gaps)
    assert {p for lo, hi in gaps for p in range(lo, hi)} == \
        {p for p in range(a, b) if not any(p in r for r in ranges)}


def test_the_starts_of_a_run_of_surrogates_are_one_range() -> None:
    report = validate("http://h/a" + "\ud800" * 1000 + "b?" + "\udc00" * 600)
    assert isinstance(report.diagnostics, Diagnostics)
    positions = start_positions(report.diagnostics)
    assert positions.ranges == (range(10, 1010), range(1012, 1612)) and positions.points == frozenset()


@pytest.mark.parametrize(("input", "read"), [
    ("http://h/" + "\ud800" * 3000, 0),
    ("http://h/" + "\ud800" * 3000 + "?" + "\udc00" * 3000 + "#" + "\udfff" * 3000, 0),
    ("http://h/a" + "\ud800" * 3000 + "b", 2),  # the code points around the run
    ("http://h/" + "\ud800a" * 1000, 2000),  # no run of the walk's is a range: all is read
])
def test_the_fixed_strings_verdict_reads_what_the_fixes_leave_out(input: str, read: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The verdict read each of the fixed positions again (a set of a million ints, then a
    # search through them): now only the gaps between the ranges of the input's runs.
    real, counted = writing._first_not_in, []

    def first_not_in(pattern: re.Pattern[str], text: str, a: int, b: int, *args: Any) -> int | None:
        counted.append(b - a)
        return real(pattern, text, a, b, *args)
    monkeypatch.setattr(writing, "_first_not_in", first_not_in)
    fixed = re.sub("[\ud800-\udfff]", "%EF%BF%BD", input)
    assert validate(input).suggestion == fixed
    assert sum(counted) == read


_PATH_PIECES = st.sampled_from(["a", "/", "\\", " ", "%", "%4", "%41", "%zz", "%%41", "%a%41", "?", "@", "é",
                                "\ud800", "%EF%BF%BD", "h", "%hh", "F", ":", "~", "\t", "|", "{"])


@given(head=st.sampled_from(["http://h", "https://a.b:80", "ws://x:123456", "http://a@b", "h://[::1]",
                             "http:/h", "http://", "1http://h", 'https://"w`{}:443']),
       path=st.lists(_PATH_PIECES, max_size=12), repeat=st.sampled_from([1, 300]),
       end=st.sampled_from(["", "?q", "#f"]))
def test_an_agreeing_head_is_the_patterns(head: str, path: list[str], repeat: int, end: str) -> None:
    input = head + "".join(path) * repeat + end
    at = min((i for i in (input.find("?"), input.find("#")) if i >= 0), default=len(input))
    assert disagreement._agreeing_head(input, at) == bool(readers._AGREEING_HEAD.fullmatch(input[:at]))


def test_a_long_fixed_path_is_not_read_by_the_head_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    # The fixed string's head was matched whole by the pattern, ten times the cost of
    # reading its path's bytes; now the pattern reads its scheme and authority only.
    read: list[int] = []
    authority = readers._AGREEING_AUTHORITY

    class Recording:
        def match(self, text: str, pos: int, endpos: int) -> Any:
            found = authority.match(text, pos, endpos)
            read.append(0 if found is None else found.end() - pos)
            return found

    monkeypatch.setattr(disagreement, "_AGREEING_AUTHORITY", Recording())
    fixed = "http://h/" + "%EF%BF%BD" * 3000 + "?q"
    assert disagreement.written_reading(fixed, None) == disagreement.written_reading("http://h/?q", None)
    assert read == [len("http://h"), len("http://h")]


def test_a_run_of_one_code_point_is_told_without_a_set(monkeypatch: pytest.MonkeyPatch) -> None:
    # A set of a run of a million lone surrogates makes a str of each.
    monkeypatch.setattr(walk, "set", lambda *args: pytest.fail("set() called"), raising=False)
    assert len(validate("http://h/" + "\ud800" * 1000).diagnostics) == 1000
