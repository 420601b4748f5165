"""validate's answer for a special or file URL whose backslashes come before its path, or for
a file URL with backslashes, is the full path's.

:mod:`urlgrammar.checking.url_units` finds the errors of `file:\\\\\\C:\\Users` on its head
(`file:\\\\\\C:\\`) and reads the rest off `file:///C:/Users`; wherever it answers, the full path
(the pipeline, the walk, the writing grammar, the suggestion's checks and Python's readers)
must answer the same, field by field, in both contexts and without advisories.
"""

from __future__ import annotations

import pytest
from full_path import answers_as_the_full_path, refuse_full_path
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking.url_units import written_units

_MISSING = "special-scheme-missing-following-solidus"


def _taken(text: str) -> bool:
    return answers_as_the_full_path(text, written_units)


@pytest.mark.parametrize("text", [
    "file:\\\\\\C:\\Users\\a.txt", "file:\\\\\\a", "file:\\\\h\\a", "file:/\\h/a", "file:\\/h/a",
    "file:\\\\\\", "file:\\\\", "file:///C:\\a\\b", "file://host/a\\b", "file://\\C:\\C:",
    "file://\\\\u@c:\\", "file:///\\C:", "http:\\\\h\\a", "https:\\\\example.com/a\\b", "http:/\\h",
    "ws:\\\\h:8080\\a?q#f", "https:\\\\localhost",
])
def test_backslashes_before_the_path_or_in_a_file_url(text: str) -> None:
    assert _taken(text)
    report = validate(text)
    assert not report.valid and report.url is not None
    assert {d.code for d in report.diagnostics} <= {_MISSING, "invalid-reverse-solidus"}


@pytest.mark.parametrize("text", [
    "file:\\\\C:\\a",        # a drive where the host is: file-invalid-Windows-drive-letter-host
    "http:\\\\\\h",          # a third separator, which the parser ignores
    "file:\\\\\\a b",        # a space too
    "foo:\\\\h\\a",          # not special
    "file:\\\\\\a\\..\\b",   # a dot segment
    "file:\\\\\\C|\\a",      # a `|` drive, which the parser makes `:`
    "FILE:\\\\\\a",          # a scheme the href writes otherwise
    "file:\\\\\\a\\ ",       # a trailing space
    "ws:\\\\h\\a?q\\",         # a backslash in the query, which the parser keeps
])
def test_near_misses_go_to_the_full_path(text: str) -> None:
    assert not _taken(text)


@pytest.mark.parametrize(("text", "suggestion"), [
    ("file:\\\\\\C:\\a", "file:///C:/a"), ("file:\\\\h\\a", "file://h/a"), ("file:/\\h/a", "file://h/a"),
    ("file:\\\\\\", "file:///"),
])
def test_the_two_separators_after_file_are_fixed_where_they_are(text: str, suggestion: str) -> None:
    # The file states read `\\` after `file:` as `//`: the fix makes them `//` where they are;
    # inserting `//` before them, as where no separator follows, would add to the path.
    report = validate(text)
    first = report.diagnostics[0]
    assert (first.code, first.start, first.end, first.fix) == (_MISSING, 5, 7, "//")
    assert report.suggestion == suggestion
    assert validate(suggestion).valid and validate(suggestion).href == report.href


@pytest.mark.parametrize(("text", "fixed"), [
    pytest.param("file:" + "\\" * 5000, "file:" + "/" * 5000, id="file: and 5000 backslashes"),
    pytest.param("file:\\\\\\C:" + "\\a" * 2500, "file:///C:" + "/a" * 2500, id="file:\\\\\\C: and 2500 \\a"),
    pytest.param("https:\\\\h" + "\\" * 5000, "https://h" + "/" * 5000, id="https:\\\\h and 5000 \\"),
])
def test_no_pipeline_runs_on_the_whole_input(monkeypatch: pytest.MonkeyPatch, text: str, fixed: str) -> None:
    refuse_full_path(monkeypatch)
    report = validate(text)
    assert report.suggestion == fixed and len(report.diagnostics) == text.count("\\") + 1


_HEADS = st.sampled_from(["file:", "http:", "https:", "ws:", "ftp:", "foo:"])
_SEPARATORS = st.text(alphabet="/\\", max_size=4)
_PIECES = st.sampled_from(["a", "C:", "C|", "c:", "h", "host.example", "localhost", "..", "%2e", " ",
                           "|", "%", "?", "#", "q=\\", "u@", ":80", "", "[::1]", "1.2.3.4", "%41"])


@given(_HEADS, _SEPARATORS, st.lists(st.tuples(_PIECES, st.sampled_from(["/", "\\", ""])), max_size=5))
def test_reports_are_the_full_paths(head: str, separators: str, rest: list[tuple[str, str]]) -> None:
    text = head + separators + "".join(p + s for p, s in rest)
    if _taken(text):
        assert "\\" in text and head in ("file:", "http:", "https:", "ws:", "ftp:")
