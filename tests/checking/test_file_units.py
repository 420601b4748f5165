"""validate's answer for a long file URL, or a reference against one, whose path after its head
holds code points that are not URL units or backslashes, is the full path's.

:mod:`urlgrammar.checking.file_units` runs the pipeline on the input's head (`file:///C|/a|/`)
and finds the rest's errors without a component per segment; wherever it answers, the full
path (the pipeline, the walk, the writing grammar, the suggestion's checks and Python's
readers) must answer the same, field by field, in both contexts, with a limit and without
advisories.
"""

from __future__ import annotations

import pytest
from full_path import assert_full_paths_report, refuse_full_path
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import URL, validate
from urlgrammar import attributes as attributes_module
from urlgrammar.checking import file_units as file_units_module
from urlgrammar.checking.file_units import file_units
from urlgrammar.model.schemes import Mode


def _taken(text: str, base: str | None = None) -> bool:
    taken = file_units(text, None if base is None else URL(base), "browser", None, ()) is not None
    assert_full_paths_report(text, base)
    return taken


@pytest.mark.parametrize(("text", "base"), [
    ("file:///C|/C|/C|/C|/", None), ("file:///C:/a/b|/c|/d", None), ("file:///C:/a/b/c/d|e", None),
    ("file:///C:/a/b/c/d|e/f g/h", None), ("file:///C:/a/b/c/d\\e|f", None), ("file:///C:/a/b/c/[x]", None),
    ("file:///C:/a/b/c/%zz/d", None), ("file:///C|/a/b/c/d?q|r#f|g", None), ("file://h/a/b/c|d", None),
    ("file:C|/C|/C|/C|/C|/", None), ("file:///C:/a|", None), ("FILE:///C|/a/b/c|", None),
    ("file:\\\\\\C|\\a\\b\\c|", None),
    ("file:///C|/a/b/c/d#x`y|", None), ("file:///C|/a/b/c/d?{x}|", None),
    ("C|/C|/C|/C|/C|/", "file:///D:/x"), ("a|/b/c/d/e|", "file:///D:/x"), ("/C|/a/b/c|", "file:///D:/x"),
    ("//h/a/b/c|", "file:///D:/x"), ("a/b/c/d/e|f?q", "file://h/x"), ("C|\\a\\b\\c\\d|", "file:///D:/x"),
])
def test_long_file_paths_of_units(text: str, base: str | None) -> None:
    assert _taken(text, base)
    report = validate(text, base)
    assert not report.valid and report.suggestion is None
    assert {d.code for d in report.diagnostics} >= {"invalid-URL-unit"}


@pytest.mark.parametrize(("text", "base"), [
    ("file:///C|/a/b/c d", None),          # each fix is the parser's: the suggestion is needed
    ("file:///C:/a/b/../c|", None),        # a dot segment
    ("file:///C:/a/b/%2e/c|", None),       # an encoded one
    ("file:///C|", None),                  # a short path
    ("file:///C:/a/b/c/d|e ", None),       # a trailing space
    ("file:///C:/a/b/c/\u00e9|", None),    # beyond ASCII
    ("file:///C:/a/b/c/d|#x#y", None),     # a second `#`
    ("http://h/a/b/c/d|", None),           # not a file URL
    ("file:///C:/a/b/c/d|", "file:///x"),  # a scheme against a base
    ("a/b/c/d|", "http://h/x"),            # not a file base
    ("file://ab|/a/b/c/d|", None),         # a host that fails
])
def test_near_misses_go_to_the_full_path(text: str, base: str | None) -> None:
    assert not _taken(text, base)


def test_no_record_per_segment_on_a_long_path(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "file:///" + "C|/" * 5000
    lifted: list[int] = []
    real = file_units_module.lift

    def counted(head: str, mode: Mode) -> object:
        lifted.append(len(head))
        return real(head, mode)

    refuse_full_path(monkeypatch)
    monkeypatch.setattr(file_units_module, "lift", counted)
    monkeypatch.setattr(attributes_module, "parse_url", None)  # the URL's record is not made
    for base in (None, "file:///D:/x"):
        report = validate(text if base is None else text[8:], base, context="fetch")
        assert len(report.diagnostics) == 5000 + (base is not None)
        assert [d.code for d in report.advisories] == ["unsafe-fetch-scheme"]
    assert lifted and max(lifted) < 20


_SEGMENTS = st.sampled_from(["a", "C|", "C:", "b|c", "", "d e", "[x]", "%zz", "%41", ".", "..", "é", "a\\b",
                             "|", "`", "x{y}", "q?r", "#f", "%2e"])


@given(st.sampled_from(["file:///", "file://h/", "file:", "file:/", "FILE:\\\\\\", "", "/", "//h/"]),
       st.lists(_SEGMENTS, min_size=1, max_size=8), st.sampled_from(["", "/", "?x|", "#y|", "?a b#c`"]))
def test_generated_file_paths(start: str, segments: list[str], end: str) -> None:
    text = start + "/".join(segments) + end
    for base in ((None,) if start.lower().startswith("file") else ("file:///D:/x", "file://h/a/b")):
        _taken(text, base)
