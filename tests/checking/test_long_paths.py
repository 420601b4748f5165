"""validate's answer for a URL, or a reference against one, whose long path holds code points
that are not URL units or backslashes after its head, is the full path's.

:mod:`urlgrammar.checking.long_paths` runs the pipeline on the input's head (`file:///C|/a|/`)
and finds the rest's errors without a component per segment; wherever it answers, the full
path (the pipeline, the walk, the writing grammar, the suggestion's checks and Python's
readers) must answer the same, field by field, in both contexts, with a limit and without
advisories.
"""

from __future__ import annotations

import pytest
from full_path import assert_full_paths_report, count_calls, refuse_full_path
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import URL, validate
from urlgrammar import attributes as attributes_module
from urlgrammar.checking import long_paths as long_paths_module
from urlgrammar.checking.long_paths import long_paths
from urlgrammar.checking.writing import GrammarError, Writing


def _taken(text: str, base: str | None = None) -> bool:
    taken = long_paths(text, None if base is None else URL(base), "browser", None, ()) is not None
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
    ("a/b/c/d|e/f|", "http://h/x"), ("/a/b/c/d|", "https://h/x"), ("\\\\h\\a\\b\\c|", "http://x/y"),
    ("HTTP://h/a/b/c|/d|", None), ("foo://h/a/b/c|/d|", None), ("foo://h/a/b/c\\d/e|", None),
    ("foo:/a/b/c/d|", None), ("a/b/c/d|/e|", "foo://h/x"), ("a/b/c/d/e\\f|", "foo://h/x"),
])
def test_long_file_paths_of_units(text: str, base: str | None) -> None:
    assert _taken(text, base)
    report = validate(text, base)
    assert not report.valid and report.suggestion is None
    assert {d.code for d in report.diagnostics} >= {"invalid-URL-unit"}


@pytest.mark.parametrize(("text", "base", "suggestion"), [
    ("file:///C|/a/b/c d", None, "file:///C:/a/b/c%20d"),
    ("file:///C:/a/b/c d/e{f}\\g", None, "file:///C:/a/b/c%20d/e%7Bf%7D/g"),
    ("file:///C|/a/b/c/d?e f#g h", None, "file:///C:/a/b/c/d?e%20f#g%20h"),
    ("C|/a/b/c/d e", "file:///D:/x", "/C:/a/b/c/d%20e"),
    ("a/b/c/d/e f", "file:///D:/x", "a/b/c/d/e%20f"),
    ("//h/a/b/c d", "file:///D:/x", "file://h/a/b/c%20d"),
    ("a/b/c/d e/f{g}", "https://h/x", "a/b/c/d%20e/f%7Bg%7D"),
    ("foo://h/a/b/c d", None, "foo://h/a/b/c%20d"),
])
def test_where_each_fix_after_the_head_is_the_parsers_the_suggestion_is_found(
        text: str, base: str | None, suggestion: str) -> None:
    assert _taken(text, base)
    assert validate(text, base).suggestion == suggestion


@pytest.mark.parametrize(("text", "base"), [
    ("file:///C:/a/b/../c|", None),        # a dot segment
    ("file:///C:/a/b/%2e/c|", None),       # an encoded one
    ("file:///C|", None),                  # a short path
    ("file:///C:/a/b/c/d|e ", None),       # a trailing space
    ("file:///C:/a/b/c/\u00e9|", None),    # beyond ASCII
    ("file:///C:/a/b/c/d|#x#y", None),     # a second `#`
    ("file:///C:/a/b/c/d|", "file:///x"),  # a scheme against a base
    ("foo:a/b/c/d/e|", None),              # an opaque path
    ("a/b/c/d/e|", "foo:x"),               # against a base with one
    ("file://ab|/a/b/c/d|", None),         # a host that fails
])
def test_near_misses_go_to_the_full_path(text: str, base: str | None) -> None:
    assert not _taken(text, base)


def test_no_record_per_segment_on_a_long_path(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "file:///" + "C|/" * 5000
    refuse_full_path(monkeypatch)
    lifted = count_calls(monkeypatch, long_paths_module, "lift")
    monkeypatch.setattr(attributes_module, "parse_url", None)  # the URL's record is not made
    for base in (None, "file:///D:/x"):
        report = validate(text if base is None else text[8:], base, context="fetch")
        assert len(report.diagnostics) == 5000 + (base is not None)
        assert [d.code for d in report.advisories] == ["unsafe-fetch-scheme"]
    assert lifted and max(map(len, lifted)) < 20


_SEGMENTS = st.sampled_from(["a", "C|", "C:", "b|c", "", "d e", "[x]", "%zz", "%41", ".", "..", "é", "a\\b",
                             "|", "`", "x{y}", "q?r", "#f", "%2e"])


@given(st.sampled_from(["file:///", "file://h/", "file:", "file:/", "FILE:\\\\\\", "http://h/", "ws:\\\\h/",
                        "foo://h/", "foo:/", "foo:", "", "/", "//h/", "\\"]),
       st.lists(_SEGMENTS, min_size=1, max_size=8), st.sampled_from(["", "/", "?x|", "#y|", "?a b#c`"]))
def test_generated_paths(start: str, segments: list[str], end: str) -> None:
    text = start + "/".join(segments) + end
    bases = ("file:///D:/x", "file://h/a/b", "http://h/a/b", "foo://h/a", "foo:/a")
    for base in ((None,) if ":" in start else bases):
        _taken(text, base)


def test_the_fixed_strings_verdict_reads_on_from_the_heads_error(monkeypatch: pytest.MonkeyPatch) -> None:
    verdicts: list[tuple[int, GrammarError | None]] = []
    real = Writing.first_error

    def first_error(self: Writing, skip: int = 0) -> GrammarError | None:
        verdicts.append((skip, real(self, skip)))
        return verdicts[-1][1]

    monkeypatch.setattr(Writing, "first_error", first_error)
    text = "https://h:443/a/b/c/d/e\\f g"  # without the port, url_units.py answers
    assert _taken(text)
    verdicts.clear()
    assert validate(text).suggestion == "https://h:443/a/b/c/d/e/f%20g"
    # The head up to the fourth separator breaks no rule; the one up to the backslash after e
    # does there, after its scheme, authority, path-root and dirs a to e: the fixed string's
    # verdict starts at that component.
    assert [skip for skip, _ in verdicts] == [0, 0, 7]
    assert verdicts[1][1] is not None and verdicts[2][1] is None
