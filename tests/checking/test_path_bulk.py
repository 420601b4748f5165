"""A path of many dirs is read whole, not dir by dir (issue 25): the writing grammar looks for
the first dir that may break a rule in the dirs' text at once, and the walk reads their
separators off the text. Counted in calls, for a path of a thousand dirs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from urlgrammar import validate
from urlgrammar.checking import walk, writing
from urlgrammar.checking.runs import Run
from urlgrammar.errors import Diagnostic
from urlgrammar.model.record import Component, URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.operations.pipeline import lift
from urlgrammar.syntax import lift as lifting


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
    calls = _counting(monkeypatch, "sigils", lifting, walk)
    report = validate(input)
    assert len(report.diagnostics) >= 999  # one per backslash (but the `//` of a file URL's)
    assert len(calls) < 10


class _Counted(URLRecord):
    """A record that counts the components read from it."""

    reads = 0

    def __getitem__(self, index: Any) -> Any:
        _Counted.reads += 1
        return super().__getitem__(index)

    def __iter__(self) -> Iterator[Component]:
        for c in super().__iter__():
            _Counted.reads += 1
            yield c


@pytest.mark.parametrize("input", ["https://h/" + "a b/" * 1000, "https://h" + "\\a%" * 1000])
def test_the_walk_reads_a_stretch_of_dirs_off_the_text(input: str) -> None:
    lifted = lift(input, Mode.GENERIC)
    record = _Counted(lifted.record)
    found: list[Diagnostic] = []

    def add_run(phase: int, run: Run) -> None:
        found.extend(run.at(i) for i in range(len(run.pointers)))
    _Counted.reads = 0
    walk.Walk(lambda p, phase, d: found.append(d), lambda v, at: [], None, lifted.pre.text, record,
              record, add_run).run()
    assert _Counted.reads < 100
    assert len(found) >= 1000  # a space or a backslash in each dir
