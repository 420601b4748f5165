"""What ``urlgrammar check`` writes, format by format: the shared parts and the JSON formats.

A writer turns each input's result into text as it comes (so output streams with the input)
and the summary into text at the end:

- ``json``: one JSON document, ``{"inputs": [...], "summary": {...}}``;
- ``jsonl``: one JSON object per line per input, and the summary as a last line of its own,
  ``{"summary": {...}}``, only when asked for (``--summary``).

Each input's object has the same keys whatever happened to it (the README gives the schema):
where it is (``n``, ``source``, ``line``, ``column``), what :func:`urlgrammar.validate` said
(``valid`` ... ``disagreement``; each diagnostic with its own ``line`` and ``column`` in the
source), how many diagnostics ``--max-errors`` left out (``omitted``), the advisories (and how
many the same limit left out), and ``problem``, which says why an input was not checked (its
``input`` is then null).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from urlgrammar.checking.sources import Input
from urlgrammar.checking.validate import Report
from urlgrammar.checking.writing import GrammarError
from urlgrammar.errors import Diagnostic

_SURROGATE = re.compile("[\ud800-\udfff]")


class Checked(Protocol):
    """What the writers read of a report: a :class:`~urlgrammar.checking.validate.Report`, or
    a :class:`Result` made of one."""

    @property
    def input(self) -> str: ...
    @property
    def base(self) -> str | None: ...
    @property
    def valid(self) -> bool: ...
    @property
    def failure(self) -> bool: ...
    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]: ...
    @property
    def href(self) -> str | None: ...
    @property
    def suggestion(self) -> str | None: ...
    @property
    def grammar_error(self) -> GrammarError | None: ...
    @property
    def disagreement(self) -> str | None: ...
    @property
    def advisories(self) -> tuple[Diagnostic, ...]: ...


class Result(NamedTuple):
    """A report's data with the URL as its href, which is cheap to send back from a worker
    process (a URL object is not)."""

    input: str
    base: str | None
    valid: bool
    failure: bool
    diagnostics: tuple[Diagnostic, ...]
    href: str | None
    suggestion: str | None
    grammar_error: GrammarError | None
    disagreement: str | None
    advisories: tuple[Diagnostic, ...]

    def __bool__(self) -> bool:
        return self.valid  # as a Report is

    @classmethod
    def of(cls, report: Report) -> Result:
        return cls(report.input, report.base, report.valid, report.failure, report.diagnostics,
                   report.href, report.suggestion, report.grammar_error, report.disagreement,
                   report.advisories)


class Writer(Protocol):
    """Text for the start of the output, for each input in order, and for the end."""

    def start(self) -> str: ...

    def item(self, item: Input, report: Checked | None) -> str: ...

    def end(self, summary: Summary) -> str: ...


@dataclass
class Summary:
    """Counts over every input: verdicts, unchecked inputs, each code's diagnostics, and the
    inputs with advisories and each advisory's count."""

    valid: int = 0
    invalid: int = 0
    failures: int = 0
    unchecked: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    advised: int = 0
    advisories: Counter[str] = field(default_factory=Counter)

    def add(self, item: Input, report: Checked | None) -> None:
        if report is None:
            self.invalid += 1
            self.unchecked += 1
            if item.problem is not None:
                self.codes[item.problem.code] += 1
            return
        if report.valid:
            self.valid += 1
        else:
            self.invalid += 1
        self.failures += report.failure
        self.codes.update(d.code for d in report.diagnostics)
        if report.advisories:
            self.advised += 1
            self.advisories.update(d.code for d in report.advisories)

    @property
    def inputs(self) -> int:
        return self.valid + self.invalid

    def as_dict(self) -> dict[str, object]:
        return {"inputs": self.inputs, "valid": self.valid, "invalid": self.invalid,
                "failures": self.failures, "unchecked": self.unchecked,
                "codes": dict(self.codes.most_common()), "advised": self.advised,
                "advisories": dict(self.advisories.most_common())}

    def line(self) -> str:
        """``4 inputs: valid 1, invalid 3, failures 1; invalid-credentials 1, ...``, then, where
        there are any, ``; advised 1: internal-address 1``."""
        counts = f"valid {self.valid}, invalid {self.invalid}, failures {self.failures}"
        if self.unchecked:
            counts += f", unchecked {self.unchecked}"
        codes = ", ".join(f"{code} {n}" for code, n in self.codes.most_common())
        advisories = ", ".join(f"{code} {n}" for code, n in self.advisories.most_common())
        inputs = "1 input" if self.inputs == 1 else f"{self.inputs} inputs"
        return f"{inputs}: {counts}" + (f"; {codes}" if codes else "") + \
            (f"; advised {self.advised}: {advisories}" if advisories else "")


def limited(diagnostics: tuple[Diagnostic, ...], limit: int) -> tuple[tuple[Diagnostic, ...], int]:
    """The first ``limit`` diagnostics (all of them for 0), and how many are left out."""
    if not limit or len(diagnostics) <= limit:
        return diagnostics, 0
    return diagnostics[:limit], len(diagnostics) - limit


def dumps(data: object) -> str:
    """One line of JSON; a lone surrogate, which cannot be written as UTF-8, makes it ASCII."""
    line = json.dumps(data, ensure_ascii=False)
    return line if line.isascii() or not _SURROGATE.search(line) else json.dumps(data)


def item_dict(item: Input, report: Checked | None, max_errors: int) -> dict[str, object]:
    """The object for one input in the JSON formats."""
    out: dict[str, object] = {"n": item.number, "source": item.source.name, "line": item.line,
                              "column": item.column}
    if report is None:
        problem = None if item.problem is None else {"code": item.problem.code,
                                                     "message": item.problem.message}
        out.update({"input": None, "base": item.base, "valid": False, "failure": None,
                    "diagnostics": [], "omitted": 0, "advisories": [], "advisories_omitted": 0,
                    "href": None, "suggestion": None, "grammar_error": None, "disagreement": None,
                    "problem": problem})
        return out
    shown, omitted = limited(report.diagnostics, max_errors)
    advised, advisories_omitted = limited(report.advisories, max_errors)
    error = report.grammar_error
    out.update({"input": report.input, "base": report.base, "valid": report.valid,
                "failure": report.failure, "diagnostics": [_located(d, item) for d in shown],
                "omitted": omitted, "advisories": [_located(d, item) for d in advised],
                "advisories_omitted": advisories_omitted, "href": report.href,
                "suggestion": report.suggestion,
                "grammar_error": None if error is None else error.as_dict(),
                "disagreement": report.disagreement, "problem": None})
    return out


def _located(d: Diagnostic, item: Input) -> dict[str, object]:
    line, column = item.where(d.start)
    return {**d.as_dict(), "line": line, "column": column}


class JSONWriter:
    """``--format json``: one document, written as the inputs come."""

    def __init__(self, max_errors: int, quiet: bool) -> None:
        self.max_errors, self.quiet, self.first = max_errors, quiet, True

    def start(self) -> str:
        return "" if self.quiet else '{"inputs": ['

    def item(self, item: Input, report: Checked | None) -> str:
        if self.quiet:
            return ""
        text = ("\n" if self.first else ",\n") + dumps(item_dict(item, report, self.max_errors))
        self.first = False
        return text

    def end(self, summary: Summary) -> str:
        if self.quiet:
            return dumps({"summary": summary.as_dict()}) + "\n"
        return ("" if self.first else "\n") + '], "summary": ' + dumps(summary.as_dict()) + "}\n"


class JSONLinesWriter:
    """``--format jsonl``: an object per input per line; the summary only when asked for."""

    def __init__(self, max_errors: int, quiet: bool, summary: bool) -> None:
        self.max_errors, self.quiet, self.summary = max_errors, quiet, summary or quiet

    def start(self) -> str:
        return ""

    def item(self, item: Input, report: Checked | None) -> str:
        return "" if self.quiet else dumps(item_dict(item, report, self.max_errors)) + "\n"

    def end(self, summary: Summary) -> str:
        return dumps({"summary": summary.as_dict()}) + "\n" if self.summary else ""
