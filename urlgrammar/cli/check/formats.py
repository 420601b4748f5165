"""What ``urlgrammar check`` writes, format by format: the table of formats, the shared parts
and the JSON formats.

:data:`FORMATS` names each format's writer, which ``--format``'s choices and the dispatch read
(and the tests' parameters). A writer turns each input's result into text as it comes (so
output streams with the input) and the summary into text at the end:

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

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import NamedTuple, Protocol

from urlgrammar.checking.validate import Report
from urlgrammar.checking.writing import GrammarError
from urlgrammar.cli import display
from urlgrammar.cli.check.sources import Input
from urlgrammar.errors import Diagnostic


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
    def diagnostics(self) -> Sequence[Diagnostic]: ...
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
    @property
    def omitted(self) -> int: ...
    @property
    def advisories_omitted(self) -> int: ...


class Result(NamedTuple):
    """A report's data with the URL as its href, which is cheap to send back from a worker
    process (a URL object is not)."""

    input: str
    base: str | None
    valid: bool
    failure: bool
    diagnostics: Sequence[Diagnostic]
    href: str | None
    suggestion: str | None
    grammar_error: GrammarError | None
    disagreement: str | None
    advisories: tuple[Diagnostic, ...]
    omitted: int
    advisories_omitted: int

    def __bool__(self) -> bool:
        return self.valid  # as a Report is

    @classmethod
    def of(cls, report: Report, input: bool = True, href: bool = True) -> Result:
        """The report's data; without ``input`` (an empty string: the main process has it)
        and without ``href`` (None: for a format that does not print it), where a worker sends
        it back, so that what crosses between processes is no more than what is printed."""
        return cls(report.input if input else "", report.base, report.valid, report.failure,
                   report.diagnostics, report.href if href else None, report.suggestion,
                   report.grammar_error, report.disagreement, report.advisories, report.omitted,
                   report.advisories_omitted)


class Writer(Protocol):
    """Text for the start of the output, for each input in order, and for the end; an input's
    text comes in pieces, written in turn (SARIF's results, each of which may quote a megabyte
    of input, are made one at a time)."""

    def start(self) -> str: ...

    def item(self, item: Input, report: Checked | None) -> Iterable[str]: ...

    def end(self, summary: Summary) -> str: ...


class Options(NamedTuple):
    """What a writer may read of check's arguments (each reads what its format needs)."""

    #: ``--max-errors``: diagnostics (and advisories) shown per input; 0 for all.
    max_errors: int
    #: ``--quiet``: the summary only.
    quiet: bool
    #: ``--summary``: the summary for one input too.
    summary: bool
    #: Colour: standard output is a terminal, and NO_COLOR is not set.
    colour: bool


class Format(NamedTuple):
    """An output format: the module and the class of its writer, made with :class:`Options`
    (imported only when the format is asked for), and, where it has no ``--quiet`` form, why."""

    module: str
    writer: str
    no_quiet: str | None = None
    #: Whether it prints the parser's result (a worker of ``--jobs`` sends it back only then).
    href: bool = False


#: The formats, by their name for ``--format``; the first is the default.
FORMATS = {
    "text": Format("urlgrammar.cli.check.text", "TextWriter"),
    "gnu": Format("urlgrammar.cli.check.text", "GNUWriter"),
    "json": Format("urlgrammar.cli.check.formats", "JSONWriter", href=True),
    "jsonl": Format("urlgrammar.cli.check.formats", "JSONLinesWriter", href=True),
    "sarif": Format("urlgrammar.cli.check.sarif", "SARIFWriter",
                    no_quiet="a SARIF log without results says all is well"),
}


def writer(name: str, options: Options) -> Writer:
    """The writer of the format ``name``."""
    chosen = FORMATS[name]
    made: Writer = getattr(import_module(chosen.module), chosen.writer)(options)
    return made


@dataclass
class Summary:
    """Counts over every input: verdicts, unchecked inputs, each code's diagnostics, and the
    inputs with advisories and each advisory's count. The counts by code are of what each
    report kept (``--max-errors`` of each); ``omitted`` and ``advisories_omitted`` add up the rest."""

    valid: int = 0
    invalid: int = 0
    failures: int = 0
    unchecked: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    advised: int = 0
    advisories: Counter[str] = field(default_factory=Counter)
    omitted: int = 0
    advisories_omitted: int = 0

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
        self.omitted += report.omitted
        if report.advisories or report.advisories_omitted:
            self.advised += 1
            self.advisories.update(d.code for d in report.advisories)
            self.advisories_omitted += report.advisories_omitted

    @property
    def inputs(self) -> int:
        return self.valid + self.invalid

    def as_dict(self) -> dict[str, object]:
        return {"inputs": self.inputs, "valid": self.valid, "invalid": self.invalid,
                "failures": self.failures, "unchecked": self.unchecked,
                "codes": dict(self.codes.most_common()), "omitted": self.omitted,
                "advised": self.advised, "advisories": dict(self.advisories.most_common()),
                "advisories_omitted": self.advisories_omitted}

    def line(self) -> str:
        """``4 inputs: valid 1, invalid 3, failures 1; invalid-credentials 1, ...``, then, where
        there are any, ``; advised 1: internal-address 1``; each list of codes ends with
        ``and N more`` where ``--max-errors`` left some out."""
        counts = f"valid {self.valid}, invalid {self.invalid}, failures {self.failures}"
        if self.unchecked:
            counts += f", unchecked {self.unchecked}"
        codes = _counts(self.codes, self.omitted)
        advisories = _counts(self.advisories, self.advisories_omitted)
        inputs = "1 input" if self.inputs == 1 else f"{self.inputs} inputs"
        return f"{inputs}: {counts}" + (f"; {codes}" if codes else "") + \
            (f"; advised {self.advised}: {advisories}" if advisories else "")


def _counts(codes: Counter[str], omitted: int) -> str:
    listed = ", ".join(f"{code} {n}" for code, n in codes.most_common())
    return f"{listed} and {omitted:,} more" if omitted else listed


def limited(diagnostics: Sequence[Diagnostic], limit: int,
            omitted: int = 0) -> tuple[Sequence[Diagnostic], int]:
    """The first ``limit`` diagnostics (all of them for 0), and how many are left out: those
    past the limit, and the ``omitted`` that validate left out already."""
    if not limit or len(diagnostics) <= limit:
        return diagnostics, omitted
    return diagnostics[:limit], len(diagnostics) - limit + omitted


def dumps(data: object) -> str:
    """One line of JSON (:func:`urlgrammar.cli.display.dumps`): one record a line for every
    reader, whatever the input holds."""
    return display.dumps(data)


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
    shown, omitted = limited(report.diagnostics, max_errors, report.omitted)
    advised, advisories_omitted = limited(report.advisories, max_errors, report.advisories_omitted)
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

    def __init__(self, options: Options) -> None:
        self.max_errors, self.quiet, self.first = options.max_errors, options.quiet, True

    def start(self) -> str:
        return "" if self.quiet else '{"inputs": ['

    def item(self, item: Input, report: Checked | None) -> list[str]:
        if self.quiet:
            return []
        text = ("\n" if self.first else ",\n") + dumps(item_dict(item, report, self.max_errors))
        self.first = False
        return [text]

    def end(self, summary: Summary) -> str:
        if self.quiet:
            return dumps({"summary": summary.as_dict()}) + "\n"
        return ("" if self.first else "\n") + '], "summary": ' + dumps(summary.as_dict()) + "}\n"


class JSONLinesWriter:
    """``--format jsonl``: an object per input per line; the summary only when asked for."""

    def __init__(self, options: Options) -> None:
        self.max_errors, self.quiet = options.max_errors, options.quiet
        self.summary = options.summary or options.quiet

    def start(self) -> str:
        return ""

    def item(self, item: Input, report: Checked | None) -> list[str]:
        return [] if self.quiet else [dumps(item_dict(item, report, self.max_errors)) + "\n"]

    def end(self, summary: Summary) -> str:
        return dumps({"summary": summary.as_dict()}) + "\n" if self.summary else ""
