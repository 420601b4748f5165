"""validate()'s suggestion where a fix writes a stray `%` as `%25`, or a `|` of a path as
`%7C` (issue 25): the parser keeps such a code point as it is, and its encoding too, so the
fixed string's URL is the input's with the encoding for each it kept; where one is kept its
href is not the input's, and the suggestion is None without parsing the fixed string. A drive
letter's `|` written `:` is a fix the parser makes. The report is the one of the run on the
fixed string."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking import suggestion as module
from urlgrammar.checking.runs import Diagnostics, Run
from urlgrammar.errors import Diagnostic


def _id(input: str, base: str | None) -> str:
    return f"{input!r} against {base!r}"


def _runs(input: str, base: str | None, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], int]:
    """The report, and how many times the fixed string went through the pipeline."""
    calls = []
    real = module._valid_url

    def counted(*args: Any) -> Any:
        calls.append(args[0])
        return real(*args)
    with monkeypatch.context() as m:
        m.setattr(module, "_valid_url", counted)
        report = validate(input, base).as_dict()
    return report, len(calls)


def _second_run(input: str, base: str | None, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    with monkeypatch.context() as m:
        m.setattr(module, "_written_kept", lambda *args: False)
        return validate(input, base).as_dict()


@pytest.mark.parametrize(("input", "base"), [pytest.param(*c, id=_id(*c)) for c in [
    ("http://h/a%/b%/c", None),
    ("http://h/a%/b%/" * 1000, None),
    ("http://h/a\\b%?q%#f%", None),
    ("sc://h/a%", None),
    ("http://h/a%zz b", None),      # with a space, which the parser encodes as its fix does
    ("a%/b c", "http://h/x/y"),
    ("#%", "a:b"),
    # Other code points the parser keeps as written, which the fixes percent-encode.
    ("http://h/a|b/c", None),
    ("http://h/?a[b]", None),
    ("http://h/#a#b", None),
    ("sc://h/a\\b", None),
    ("file:///C|/C|/x", None),      # the drive's `|` is the parser's fix, the second's is not
    ("C|/C|/", "file:///D:/x"),     # and so is the `/` inserted before a drive against a file base
    ("C|/a|", "file://host/D:/x"),
]])
def test_a_kept_stray_percent_is_no_suggestion_without_a_second_run(input: str, base: str | None,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    report, runs = _runs(input, base, monkeypatch)
    assert runs == 0 and report["suggestion"] is None
    assert report == _second_run(input, base, monkeypatch)


@pytest.mark.parametrize(("input", "base"), [pytest.param(*c, id=_id(*c)) for c in [
    ("http://h/a%/../b", None),     # the `%` is in a segment that `..` removes
    ("http://h/a%/b%/../../c", None),
    ("http://u%@h/", None),         # the userinfo removed: a fix the parser does not make
    ("file:///a/../C|/x", None),    # the `|` of a drive after all: not kept as written
    ("sc:a|b", None),               # an opaque path's
    ("file:C|/C|/", "file:///D:/x"),  # the scheme removed: not the parser's fix
]])
def test_a_stray_percent_the_url_drops_runs_the_fixed_string(input: str, base: str | None,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    report, runs = _runs(input, base, monkeypatch)
    assert runs >= 1
    assert report == _second_run(input, base, monkeypatch)


@pytest.mark.parametrize(("input", "suggestion"), [("file:///C|/x", "file:///C:/x"),
                                                   ("file:///C|\\a b", "file:///C:/a%20b")])
def test_a_drive_letters_bar_is_a_fix_the_parser_makes(input: str, suggestion: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    report, runs = _runs(input, None, monkeypatch)
    assert runs == 0 and report["suggestion"] == suggestion
    assert report == _second_run(input, None, monkeypatch)


BASES = [None, "https://good.example/a/b", "file:///C:/d/e", "sc://x/p", "sc:opaque"]
PIECES = ["https:", "sc:", "file:", "//", "/", "\\", "?", "#", "@", ":", "%", "%2", "%2e", "%41", ".", "..",
          " ", "a", "h", "C|", "é", "\ud800", "|", "[", "\t"]


@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join), st.sampled_from(BASES))
@settings(max_examples=1500)
def test_generated_inputs_reports_are_the_second_runs(input: str, base: str | None) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert validate(input, base).as_dict() == _second_run(input, base, monkeypatch)


@pytest.mark.parametrize("input", ["http://h/#" + "#" * 1000, "http://h/" + "a%/" * 1000,
                                   "http://h/?" + "|" * 1000])
def test_the_kept_code_point_is_found_without_reading_every_fix(input: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[object] = []
    real = module.start_positions

    def counted(diagnostics: Any) -> Any:
        read.append(diagnostics)
        return real(diagnostics)
    monkeypatch.setattr(module, "start_positions", counted)
    assert validate(input).suggestion is None
    assert read == []


# ---- Many segments (issue 25): the fixes are read per run, not per segment ---------------------
#
# A path of `a\b|` segments interleaves the run of its backslashes with the run of its `|`, so
# each diagnostic is a segment of its own: the suggestion's questions about the fixes (which
# code points, which fixes) are read once per run and template (runs.distinct), and the last
# kept code point off the segments, not from a diagnostic built for each.

def _representatives(diagnostics: Sequence[Diagnostic]) -> Iterator[Diagnostic]:
    """The fixes read per segment, as the suggestion read them before runs.distinct: one
    diagnostic per segment and template of a run, each single diagnostic."""
    if not isinstance(diagnostics, Diagnostics):
        yield from diagnostics
        return
    for source, i, j in diagnostics.segments():
        if isinstance(source, Diagnostic):
            yield source
        elif source.which is None:
            yield source.at(i)
        else:
            which = source.which[i:j]
            yield from (source.at(i + which.index(w)) for w in dict.fromkeys(which))


def _last_written_by_representatives(text: str, processed: Sequence[Diagnostic],
                                     written: frozenset[str]) -> int | None:
    """_last_written as it read each segment's representatives and last diagnostic."""
    found = [d.start for d in _representatives(processed) if text[d.start] in written]
    if isinstance(processed, Diagnostics):
        for source, _, j in processed.segments():
            if isinstance(source, Run):
                p = (source.pointers if source.starts is None else source.starts)[j - 1]
                if text[p] in written:
                    found.append(p)
    return max(found, default=None)


@pytest.mark.parametrize(("input", "base"), [
    pytest.param(head + "a\\b|/" * 1000, base, id=f"{head!r} + 'a\\\\b|/' * 1000 against {base!r}")
    for head, base in [("file:///C:/", None), ("http://h/", None), ("", "file:///D:/x")]])
def test_interleaved_runs_are_read_per_run(input: str, base: str | None,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    at = Run.at

    def counted(self: Run, i: int) -> Diagnostic:
        built.append(i)
        return at(self, i)
    with monkeypatch.context() as m:
        m.setattr(Run, "at", counted)
        report = validate(input, base)
    assert len(report.diagnostics) >= 2000 and len(built) <= 10
    assert report.as_dict() == _per_segment(input, base, monkeypatch)


def _per_segment(input: str, base: str | None, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The report with the fixes read per segment, as they were."""
    with monkeypatch.context() as m:
        m.setattr(module, "distinct", _representatives)
        m.setattr(module, "_last_written", _last_written_by_representatives)
        return validate(input, base).as_dict()


@given(st.sampled_from(["", "http://h/", "file:///C:/", "sc://h/", "sc:"]),
       st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join), st.integers(1, 8),
       st.sampled_from(BASES))
@settings(max_examples=500)
def test_repeated_units_reports_are_those_read_per_segment(head: str, unit: str, times: int,
                                                           base: str | None) -> None:
    input = head + unit * times
    lasts: list[tuple[int | None, int | None]] = []
    real = module._last_written

    def compared(text: str, processed: Sequence[Diagnostic], written: frozenset[str]) -> int | None:
        old = _last_written_by_representatives(text, processed, written)
        lasts.append((real(text, processed, written), old))
        return lasts[-1][0]
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(module, "_last_written", compared)
        report = validate(input, base).as_dict()
        assert all(new == old for new, old in lasts)
        assert report == _per_segment(input, base, monkeypatch)
