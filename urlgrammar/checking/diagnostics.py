"""The standard's validation errors, found on the grammar pipeline's records.

https://url.spec.whatwg.org/#validation-error. The basic URL parser raises its validation
errors while a pointer walks the preprocessed input; this module names the same errors, in the
same order and with the same repeats, from what the pipeline has anyway: the preprocessing
offset map, the records the grammar lifted and resolved (read by :mod:`.walk`), and the host and
port processing. Each phase reports what it sees to a :class:`Collector` with a sort key, the
pointer at which the state machine would raise the error and the phase as the tie-breaker; the
list is a stable sort of those, cut after the error that made the parse fail. With a limit, the
collector keeps only the first errors of that list as they come (:mod:`.kept`).

Nothing here runs unless a caller asks for diagnostics (``parse_url(..., diagnostics=[])``);
:mod:`urlgrammar.checking.validate` builds its report on this list.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from urlgrammar.checking.kept import Kept
from urlgrammar.checking.runs import Diagnostics, Run
from urlgrammar.checking.walk import HOST, PORT, SCHEME, Walk
from urlgrammar.encoding.decode import pct_invalid_spans, pct_invalid_starts
from urlgrammar.errors import Code, Diagnostic, URLError, message
from urlgrammar.host.parser import Host
from urlgrammar.model.record import Span, URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.operations.pipeline import run
from urlgrammar.operations.reporter import Reporter
from urlgrammar.syntax.preprocess import Preprocessed

#: A run of at most this many errors is kept as single errors, which cost less to read.
_FEW = 8


class Collector(Reporter):
    """The validation errors of one run of the pipeline, each with its sort key; the first
    ``limit`` of them in the standard's order, or all of them without one.

    As the pipeline's reporter it hears :meth:`preprocessed`, then :meth:`resolved` (with None
    for the resolved record where resolving failed), :meth:`host` for each host it parses, and
    :meth:`failed` if it fails; spans stay offsets in the preprocessed text until
    :meth:`diagnostics` maps them to the input. The walk over the records that finds the
    syntactic errors runs last, when the run has succeeded or failed: the errors after the one
    that made it fail are not in the standard's list, and are then neither kept nor counted.
    """

    def __init__(self, base: URLRecord | None, limit: int | None = None) -> None:
        self.base = base
        self.pre: Preprocessed | None = None
        # The records the walk reads, until it has run. The collector keeps these, not a Walk
        # made of its own bound methods: that was a reference cycle, which held a hostile
        # line's records until the garbage collector's oldest generation ran.
        self._to_walk: tuple[str, URLRecord, URLRecord | None] | None = None
        self._walked = False
        self._preprocessing: list[Diagnostic] = []
        # Keys are (pointer, rank): the phase, and for one phase at one pointer the walk's
        # errors before the host's and the failure's, in the order the state machine raises them.
        self._kept: Kept[Diagnostic] = Kept(limit)
        self._failure: Diagnostic | None = None
        self._failure_key: tuple[int, int] | None = None
        self._processed: Sequence[Diagnostic] | None = None
        self._cut = 0
        self._diagnostics: Sequence[Diagnostic] | None = None
        self._first_pct_invalid: dict[str, Span | None] = {}

    def add(self, pointer: int, phase: int, diagnostic: Diagnostic) -> None:
        """An error the walk found, raised by ``phase`` at ``pointer``."""
        failure = self._failure_key
        if failure is None or (pointer, 2 * phase) < failure:
            self._kept.add(pointer, 2 * phase, diagnostic)

    def add_run(self, phase: int, run: Run) -> None:
        """Errors the walk found, raised by ``phase`` at the run's pointers."""
        pointers, failure = run.pointers, self._failure_key
        if failure is not None:  # those raised after the failure are not in the list
            a, b = failure
            cut = (bisect_right if 2 * phase < b else bisect_left)(pointers, a)
            if cut < len(pointers):
                run = Run(pointers[:cut], run.templates, None if run.which is None else run.which[:cut],
                          None if run.starts is None else run.starts[:cut])
        if len(run.pointers) > _FEW:
            self._kept.add_run(2 * phase, run)
        else:
            for i, p in enumerate(run.pointers):
                self._kept.add(p, 2 * phase, run.at(i))

    def _add_late(self, pointer: int, phase: int, diagnostic: Diagnostic) -> None:
        self._kept.add(pointer, 2 * phase + 1, diagnostic)

    def _fail(self, pointer: int, phase: int, diagnostic: Diagnostic) -> None:
        self._failure, self._failure_key = diagnostic, (pointer, 2 * phase + 1)

    def pct_invalid(self, value: str, offset: int) -> Sequence[int]:
        """Where each ``pct_invalid`` of a component value starts, plus ``offset`` (for the
        walk); the first span is kept for :meth:`first_pct_invalid`."""
        found = pct_invalid_starts(value, offset)
        self._first_pct_invalid[value] = next(pct_invalid_spans(value), None) if found else None
        return found

    def first_pct_invalid(self, value: str) -> Span | None:
        """The first ``pct_invalid`` of a component value: the writing grammar asks of the values
        the walk read already, so each is read once per run."""
        if value in self._first_pct_invalid:
            return self._first_pct_invalid[value]
        first = self._first_pct_invalid[value] = next(pct_invalid_spans(value), None)
        return first

    # ---- what the pipeline reports -----------------------------------------------------------

    def preprocessed(self, pre: Preprocessed) -> None:
        """Steps 1.2 and 2 of the basic URL parser: one error for any trimmed code point, one
        for any tab or newline; each spans the first of them in the input."""
        self.pre = pre
        if len(pre.text) == len(pre.original):
            return
        leading, trailing = pre.trimmed
        span = leading if leading[1] else trailing
        if span[1] > span[0]:
            self._preprocessing.append(Diagnostic(
                Code.INVALID_URL_UNIT, *span, message(Code.INVALID_URL_UNIT, "a C0 control or space at "
                "the start or end, which the parser removes"), None,
                "leading or trailing C0 control or space", ""))
        removed = pre.offsets.removed  # not Preprocessed.removed, which lists them all in the input
        if removed:
            at = removed[0] + pre.offsets.lead
            self._preprocessing.append(Diagnostic(
                Code.INVALID_URL_UNIT, at, at + 1, message(Code.INVALID_URL_UNIT, "a tab "
                "or newline, which the parser removes"), None, "tab or newline", ""))

    def resolved(self, lifted: URLRecord, record: URLRecord | None) -> None:
        """The grammar's record and the resolved one (None where resolving failed): the first
        the pipeline reports is what the walk reads."""
        if self._to_walk is None and not self._walked and self.pre is not None:
            self._to_walk = (self.pre.text, lifted, record)

    def host(self, end: int, found: list[Diagnostic], value: Host | None) -> None:
        """The host parser's diagnostics, raised when the host state reaches ``end``; ``value``
        is None where the host parser failed."""
        for d in found:
            self._add_late(end, HOST, d)
        if value is None and found:
            self._fail(end, HOST, found[-1])

    def normalised(self, record: URLRecord) -> None:
        """The run succeeded: the walk reads the records now, after the host's errors."""
        self._run_walk()

    def failed(self, error: URLError) -> None:
        """The pipeline failed with ``error``; its last diagnostic ends the list."""
        if self._failure is None and error.diagnostics:
            d = error.diagnostics[-1]
            # The no scheme state runs at the start of the input.
            at, phase = (0, SCHEME) if d.code == Code.MISSING_SCHEME_NON_RELATIVE_URL else \
                (d.start, PORT if d.code.startswith("port-") else HOST)
            self._add_late(at, phase, d)
            self._fail(at, phase, d)
        self._run_walk()

    def _run_walk(self) -> None:
        if self._to_walk is not None:
            text, lifted, record = self._to_walk
            self._to_walk, self._walked = None, True
            Walk(self.add, self.pct_invalid, self.base, text, lifted, record, self.add_run).run()

    # ---- the result ---------------------------------------------------------------------------

    def processed(self) -> Sequence[Diagnostic]:
        """The kept diagnostics after preprocessing's, in the standard's order; spans in the
        preprocessed text."""
        self._run_walk()
        if self._processed is None:
            segments = self._kept.segments()
            # Errors kept before the failure came but raised after it are not in the list.
            at = len(segments) if self._failure is None else \
                next((i + 1 for i, (d, _, _) in enumerate(segments) if d is self._failure), len(segments))
            if all(isinstance(d, Diagnostic) for d, _, _ in segments):
                self._cut = len(segments) - at
                self._processed = [d for d, _, _ in segments[:at] if isinstance(d, Diagnostic)]
            else:
                self._processed = Diagnostics(segments[:at])
                self._cut = sum(j - i for _, i, j in segments[at:])
        return self._processed

    def diagnostics(self) -> Sequence[Diagnostic]:
        """The kept diagnostics in the standard's order, spans in the original input: a tuple,
        or where the walk found runs of them, a :class:`Diagnostics` that builds each when read."""
        if self._diagnostics is None:
            limit = self._kept.limit
            rest = self.processed()
            if limit is not None:
                rest = rest[:max(0, limit - len(self._preprocessing))]
            span = None if self.pre is None or self.pre.offsets.identity else self.pre.offsets.span
            first = self._preprocessing[:limit]
            if isinstance(rest, Diagnostics):  # runs: only without a limit
                mapped = rest.segments() if span is None else [
                    (d if not isinstance(d, Diagnostic) else d.with_span(*span(d.start, d.end)), i, j)
                    for d, i, j in rest.segments()]
                self._diagnostics = Diagnostics([(d, 0, 1) for d in first] + mapped, span)
            else:
                if span is not None:
                    rest = [d.with_span(*span(d.start, d.end)) for d in rest]
                self._diagnostics = tuple(first) + tuple(rest)
        return self._diagnostics

    @property
    def omitted(self) -> int:
        """How many diagnostics of the standard's list :meth:`diagnostics` leaves out."""
        return len(self._preprocessing) + self._kept.count - self._cut - len(self.diagnostics())


def parse_url(input: str, base: URLRecord | None = None, base_mode: Mode = Mode.GENERIC,
              encoding: str = "utf-8", diagnostics: list[Diagnostic] | None = None) -> tuple[URLRecord, Mode]:
    """:func:`urlgrammar.operations.pipeline.parse_url`; with a ``diagnostics`` list, the
    standard's validation errors (https://url.spec.whatwg.org/#validation-error) are appended
    to it, in its order (up to the failing one), spans in ``input``."""
    if diagnostics is None:
        return run(input, base, base_mode, encoding)
    collector = Collector(base)
    try:
        return run(input, base, base_mode, encoding, collector)
    finally:
        diagnostics.extend(collector.diagnostics())
