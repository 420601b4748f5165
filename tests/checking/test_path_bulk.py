"""A path of many dirs is read whole, not dir by dir (issue 25): the writing grammar looks for
the first dir that may break a rule in the dirs' text at once, and the walk reads their
separators off the text. Counted in calls, for a path of a thousand dirs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from urlgrammar import validate
from urlgrammar.checking import walk, writing
from urlgrammar.syntax import lift


def _counting(monkeypatch: pytest.MonkeyPatch, name: str, *modules: Any) -> list[object]:
    """The calls of ``name`` in each of ``modules`` that has it, from now on."""
    calls: list[object] = []
    for module in modules:
        if not hasattr(module, name):
            continue
        real: Callable[..., Any] = getattr(module, name)

        def counted(*args: Any, real: Callable[..., Any] = real) -> Any:
            calls.append(args)
            return real(*args)
        monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize(("input", "suggestion"), [
    ("https://h" + "\\a" * 1000, "https://h" + "/a" * 1000),
    ("https://h/" + "a b/" * 1000, "https://h/" + "a%20b/" * 1000),
    ("file:///C:" + "\\a" * 1000, "file:///C:" + "/a" * 1000),
])
def test_the_fixed_strings_verdict_reads_the_dirs_whole(input: str, suggestion: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch, "component_error", writing)
    report = validate(input)
    assert not report.valid and report.suggestion == suggestion
    assert len(calls) < 10


@pytest.mark.parametrize(("input", "rule", "start"), [
    ("https://h/a/b/c^d/e/f", "dir", 15),
    ("https://h/a/b/c%zd/e/f", "pct_invalid", 15),
    ("https://h/a/b/c/d\\e/f", "dir", 17),
    ("https://h/a/b/c/d/e|f", "file", 19),
    ("sc://h/a/b/c\\d/e/f", "dir", 12),
])
def test_the_first_error_in_a_path_read_whole(input: str, rule: str, start: int) -> None:
    error = validate(input).grammar_error
    assert error is not None and (error.rule, error.start) == (rule, start)


@pytest.mark.parametrize("input", ["https://h" + "\\a" * 1000, "https:" + "\\" * 1000 + "h/a",
                                   "file:" + "\\" * 1000])
def test_the_walk_reads_the_separators_of_dirs_off_the_text(input: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch, "sigils", lift, walk)
    report = validate(input)
    assert len(report.diagnostics) >= 999  # one per backslash (but the `//` of a file URL's)
    assert len(calls) < 10
