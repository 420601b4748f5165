"""validate of a long input whose code points each get a fix (issue 25: at most 25 times the
plain path's cost per code point at 100 kB): the work that a fix per code point costs is done
per run of them, not per code point. Counted, not timed."""

from __future__ import annotations

import re
from typing import Any

import pytest

from urlgrammar import validate
from urlgrammar.checking import readers, writing
from urlgrammar.encoding import percent


class _Matches:
    """A pattern that counts the matches its ``finditer`` makes."""

    made = 0

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.search, self.match = pattern.pattern, pattern.search, pattern.match
        self._finditer = pattern.finditer

    def finditer(self, *args: Any) -> Any:
        for m in self._finditer(*args):
            type(self).made += 1
            yield m


@pytest.mark.parametrize(("value", "fixed", "first"), [
    ("\ud800" * 1000, range(9, 1009), None),
    ("\ud800" * 1000 + "|", range(9, 1009), 1000),
    ("\ud800" * 1000, range(9, 1008), 999),
    ("a\ud800" * 500, range(10, 1010, 2), None),
    ("a|" * 500, range(10, 1010, 2), None),
    ("a|" * 500, range(10, 1000, 2), 991),
])
def test_fixed_code_points_are_found_by_the_run(value: str, fixed: range, first: int | None,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # The writing grammar's verdict on the fixed string made a match object for each of a
    # million lone surrogates to look it up among the fixed positions: now a long run of them
    # is one match (and a run of one, as in `\a\a...`, one match as before).
    patterns = writing._invalid_patterns("dir")
    monkeypatch.setattr(writing, "_invalid_patterns", lambda column: tuple(map(_Matches, patterns)))
    _Matches.made = 0
    error = writing.component_error(value, 9, "dir", "dir", fixed=frozenset(fixed))
    assert (error is None) == (first is None)
    if error is not None:
        assert error.start == 9 + first
    assert _Matches.made == (0 if value[0] == "\ud800" else len(fixed) + (first is not None))


def test_utf8_of_lone_surrogates_runs_no_search_and_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    # A run of lone surrogates is U+FFFD's bytes, from the codec's error handler asked once a
    # run, not from a copy of the string with each replaced by a regular expression.
    monkeypatch.setattr(percent, "scalar_values", lambda s: pytest.fail("scalar_values called"))
    assert percent.utf8("a\ud800\udc00b\udfff") == "a\ufffd\ufffdb\ufffd".encode()
    assert percent.utf8("\ud800" * 1000) == b"\xef\xbf\xbd" * 1000
    assert percent.utf8("é\U0001f600") == "é\U0001f600".encode()


def test_a_long_fixed_head_is_not_read_where_the_short_one_is_not_simple(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # validate's input of lone surrogates has a head that is not simple; its fixed string,
    # nine times as long, is not read to find out that they are not read alike.
    read: list[int] = []
    simple = readers._SIMPLE_HEAD

    class Recording:
        def fullmatch(self, text: str) -> Any:
            read.append(len(text))
            return simple.fullmatch(text)

    monkeypatch.setattr(readers, "_SIMPLE_HEAD", Recording())
    input = "http://h/" + "\ud800" * 1000
    fixed = "http://h/" + "%EF%BF%BD" * 1000
    assert not readers.read_alike(fixed, input)
    assert read == [len(input)]
    read.clear()
    assert readers.read_alike("http://h/a", "http://h/%41")
    assert read == [10, 12]


@pytest.mark.parametrize("input", ["http://h/" + "\ud800" * 3000, "http://h/a" + "\ud800a" * 1000])
def test_the_report_on_lone_surrogates(input: str) -> None:
    report = validate(input)
    fixed = re.sub("[\ud800-\udfff]", "%EF%BF%BD", input)
    assert (report.valid, report.href, report.suggestion) == (False, fixed, fixed)
    assert report.grammar_error is not None and report.grammar_error.start == 9 + input[9:].index("\ud800")
    assert len(report.diagnostics) == input.count("\ud800") and report.advisories == ()


def test_a_fixed_string_of_file_backslashes_is_not_lifted(monkeypatch: pytest.MonkeyPatch) -> None:
    # `file:\\\\...`: the file states read the first two backslashes as `//`, and the fix makes
    # them that where they are, so every fix is one the parser makes: the fixed string is the
    # suggestion, and it is not parsed again (an inserted `//` made it another URL).
    from urlgrammar.checking import suggestion

    lifted: list[str] = []
    real = suggestion.lift
    monkeypatch.setattr(suggestion, "lift", lambda text, mode: lifted.append(text) or real(text, mode))
    report = validate("file:" + "\\" * 1000)
    assert (report.href, report.suggestion) == ("file://" + "/" * 998, "file:" + "/" * 1000)
    assert lifted == []
    # Against a file base the fix drops the scheme, which the parser does not: it is lifted.
    assert validate("file:" + "\\" * 1000, "file:///x").suggestion == "/" * 1000
    assert len(lifted) == 1


def test_a_path_of_many_dirs_prints_at_once() -> None:
    # The href of a record of a million dirs was printed a dir at a time.
    from urlgrammar.model.record import Component, Kind, URLRecord
    from urlgrammar.syntax.printer import print_components

    asked: list[Kind] = []

    class Counted(Component):
        @property
        def kind(self) -> Kind:  # type: ignore[override]
            asked.append(self[0])
            return self[0]

    parsed = validate("http://h" + "\\a" * 1000 + "?q#f").url
    assert parsed is not None
    record = URLRecord(Counted(*c) for c in parsed.record)
    assert print_components(record) == "http://h" + "/a" * 1000 + "?q#f"
    assert Kind.DIR not in asked


@pytest.mark.parametrize("text", ["h/" + "\ud800" * 50, "h/" + "\\" * 50, "h/a" + "\ud800" * 50 + "b",
                                  "h/" + "\ud800a" * 20])
def test_a_run_of_one_code_point_and_one_fix_is_fixed_whole(text: str) -> None:
    # A run of one code point throughout, with one fix, is one repetition of the fix, not a
    # translation code point by code point (the fixed string of lone surrogates); any other
    # run is fixed as before.
    from urlgrammar.checking.runs import Diagnostics, Run, apply_fixes
    from urlgrammar.errors import Code, Diagnostic

    at = [i for i, c in enumerate(text) if c in "\ud800\\"]
    fix = "%EF%BF%BD" if "\ud800" in text else "/"
    run = Run(at, (Diagnostic(Code.INVALID_URL_UNIT, 0, 1, "m", "path", None, fix),))
    expected = "".join(fix if i in at else c for i, c in enumerate(text))
    assert apply_fixes(text, Diagnostics([(run, 0, len(at))])) == expected
