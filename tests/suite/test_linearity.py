"""The cost of parse, validate and explain grows linearly with the input, counted, not timed.

Each test runs an entry point under counters of the work that has grown with the square of
the input before: comparisons of components (a linear search per path segment), runs of
Lark's general parser, and what the grammars read (the same value read again and again). A
linear implementation does about 10 times the work for a 10 times longer input; the tests
allow 12. The counts do not depend on the machine or its load. ``tools/bench_cost.py``
measures the time itself, shape by shape.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from lark import Lark

import urlgrammar
from urlgrammar.model.record import Component
from urlgrammar.syntax.grammars import Matcher
from urlgrammar.syntax.lalr import Driver
from urlgrammar.teaching.explain import explain


@dataclass
class Work:
    """What one run did: component comparisons, runs of Lark's own parser, and each text a
    grammar read, with its start rule and how many times."""

    comparisons: int = 0
    general_parses: int = 0
    reads: Counter[tuple[str, str]] = field(default_factory=Counter)

    def read(self, start: str) -> int:
        """The code points read with the start rule ``start``, all runs together."""
        return sum(len(text) * times for (rule, text), times in self.reads.items() if rule == start)

    def totals(self) -> dict[str, int]:
        return {"component comparisons": self.comparisons, "general parses": self.general_parses,
                **{f"read as {rule}": self.read(rule) for rule, _ in self.reads}}


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    work = Work()
    compare = tuple.__eq__
    lark_parse = Lark.parse
    driver_parse = Driver.parse
    matcher_parse = Matcher.parse

    def eq(self: Component, other: object) -> bool:
        work.comparisons += 1
        return compare(self, other)

    def general(self: Lark, text: str, start: str | None = None, *args: Any, **kwargs: Any) -> Any:
        work.general_parses += 1
        work.reads[(start or "", text)] += 1
        return lark_parse(self, text, start, *args, **kwargs)

    def lean(self: Driver, text: str, start: str) -> Any:
        work.reads[(start, text)] += 1
        return driver_parse(self, text, start)

    def compiled(self: Matcher, text: str, start: str) -> Any:
        work.reads[(start, text)] += 1
        return matcher_parse(self, text, start)

    with monkeypatch.context() as m:
        m.setattr(Component, "__eq__", eq)
        m.setattr(Lark, "parse", general)
        m.setattr(Driver, "parse", lean)
        m.setattr(Matcher, "parse", compiled)
        yield work


def _work(monkeypatch: pytest.MonkeyPatch, run: Callable[[], object]) -> Work:
    with counting(monkeypatch) as work, contextlib.suppress(urlgrammar.URLError):
        run()
    return work


ENTRIES: dict[str, Callable[[str, str | None], object]] = {
    "parse": urlgrammar.parse,
    "validate": urlgrammar.validate,
    "explain": lambda text, base: explain(text, base).text(),
    "render": lambda text, base: urlgrammar.render(urlgrammar.parse(text, base), width=40),
}

#: Shapes: prefix, repeated unit, suffix, base.
SHAPES: dict[str, tuple[str, str, str, str | None]] = {
    "path segments": ("http://h/", "a/", "", None),
    "empty segments": ("http://h", "/", "", None),
    "dot segments": ("http://h", "/.", "", None),
    "dot-dot segments": ("http://h/", "a/../", "", None),
    "backslashes": ("http://h", "\\a", "", None),
    "invalid %": ("http://h/", "%zz", "", None),
    "lone % per segment": ("http://h/", "a%/", "", None),
    "query of %zz": ("http://h/?", "%zz", "", None),
    "userinfo of @": ("http://", "@", "h/", None),
    "host of %zz": ("http://", "%zz", "/", None),
    "opaque path of spaces": ("a:", "x ", "", None),
    "file drive letters": ("file:///", "C|/", "", None),
    "relative dot-dots": ("", "../", "", "http://h/b/c"),
    "labels of a confusable": ("http://", "аp.", "com/", None),
    "host of zero-width spaces": ("http://", "a\u200b", "/", None),
    "lookalike username": ("http://", "a.", "com@h/", None),
    "relative //host": ("//", "a", "/", "http://h/b/c"),
}


def _text(shape: str, units: int) -> tuple[str, str | None]:
    prefix, unit, suffix, base = SHAPES[shape]
    return prefix + unit * units + suffix, base


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_work_grows_linearly(monkeypatch: pytest.MonkeyPatch, entry: str, shape: str) -> None:
    run = ENTRIES[entry]
    small, large = (_work(monkeypatch, lambda n=n: run(*_text(shape, n))).totals() for n in (300, 3000))
    for counter, count in large.items():
        assert count <= 12 * small.get(counter, 0) + 20, (counter, small, large)


def test_explain_of_a_long_path_compares_each_segment_a_bounded_number_of_times(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Regression: explain looked each path segment up in the list of all the segments that
    # were kept, so 50,000 segments cost 34 s.
    counts = [_work(monkeypatch, lambda n=n: explain("http://h/" + "a/" * n)).comparisons
              for n in (200, 2000)]
    assert counts[1] <= 12 * counts[0] + 20, counts


def test_validate_reads_each_percent_encoded_value_once_with_the_compiled_pattern(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Regression: validate read a value with many `%` through Lark's general parser, four
    # times (twice for the input, twice more for the suggestion). It finds its pct_invalid
    # with the grammar's terminals now, and reads a value with the start rule once at most.
    text = "http://h/" + "%zz" * 1000
    work = _work(monkeypatch, lambda: urlgrammar.validate(text))
    assert work.general_parses == 0
    pct = {value: times for (rule, value), times in work.reads.items() if rule == "pct_encoded_string"}
    assert max(pct.values(), default=0) <= 1, pct
