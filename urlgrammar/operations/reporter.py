"""What each phase of the pipeline produced, told to whoever listens.

URL Specification 0.10.1, § Concluding ("parse-resolve-and-normalise"): the phases are
preprocessing, the choice of mode and the parse (lifted to a record), resolution, the host
phase and normalisation. :func:`urlgrammar.operations.pipeline.run` tells a :class:`Reporter`
what each of them gave, in that order; without one it makes no call at all, so ``parse`` pays
nothing. The validation errors (:mod:`urlgrammar.checking.diagnostics`) and ``urlgrammar
explain`` (:mod:`urlgrammar.teaching.explain`) both listen, so both see the very values the
pipeline computed; :class:`Reporters` lets both hear one run.
"""

from __future__ import annotations

from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.parser import Host
from urlgrammar.model.record import URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.syntax.preprocess import Preprocessed


class Reporter:
    """The pipeline's events, each a no-op here: a listener overrides those it wants."""

    #: Whether :meth:`host` is to be told the host parser's diagnostics: collecting them takes
    #: the strict run of the domain parser, which a listener that does not want them is spared.
    wants_hosts = True

    def preprocessed(self, pre: Preprocessed) -> None:
        """https://url.spec.whatwg.org/#concept-basic-url-parser steps 1-3: the input
        trimmed and without tabs and newlines."""

    def parsed(self, mode: Mode, record: URLRecord) -> None:
        """The mode chosen (URL Specification § Parser Mode) and the record its grammar lifted,
        spans in the preprocessed text."""

    def resolved(self, lifted: URLRecord, record: URLRecord | None) -> None:
        """The lifted record and its WHATWG resolution (None where resolving failed)."""

    def host(self, end: int, found: list[Diagnostic], value: Host | None) -> None:
        """The host parser's diagnostics, raised when the host state reaches ``end``, and the
        host it gave, None where it failed (https://url.spec.whatwg.org/#host-parsing)."""

    def normalised(self, record: URLRecord) -> None:
        """The final record: host and port processed, normalised and percent-encoded, spans
        still in the preprocessed text."""

    def failed(self, error: URLError) -> None:
        """The pipeline failed with ``error`` (spans in the preprocessed text)."""


class Reporters(Reporter):
    """Several listeners on one run: each event goes to each of them, in the order given, so
    that one run of the pipeline gives what each needs (``urlgrammar explain`` shows the phases
    that the validation errors were found on). The host phase is told to those that want it,
    and runs its strict reading where one of them does. The listeners share what they are told
    and must not change it."""

    def __init__(self, *reporters: Reporter) -> None:
        self.reporters = reporters
        self.wants_hosts = any(r.wants_hosts for r in reporters)

    def preprocessed(self, pre: Preprocessed) -> None:
        for r in self.reporters:
            r.preprocessed(pre)

    def parsed(self, mode: Mode, record: URLRecord) -> None:
        for r in self.reporters:
            r.parsed(mode, record)

    def resolved(self, lifted: URLRecord, record: URLRecord | None) -> None:
        for r in self.reporters:
            r.resolved(lifted, record)

    def host(self, end: int, found: list[Diagnostic], value: Host | None) -> None:
        for r in self.reporters:
            if r.wants_hosts:
                r.host(end, found, value)

    def normalised(self, record: URLRecord) -> None:
        for r in self.reporters:
            r.normalised(record)

    def failed(self, error: URLError) -> None:
        for r in self.reporters:
            r.failed(error)
