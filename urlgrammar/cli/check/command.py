"""``urlgrammar check``: validate URL strings and report like a compiler, or for CI and programs.

    urlgrammar check URL... | --file F | - | --file F --column NAME | --html FILE... [--encoding LABEL]
                     [--base B] [--format F] [--max-errors N]
                     [--max-line-length BYTES] [--jobs N] [--quiet] [--summary]
                     [--no-advisories | --strict-advisories] [--context {browser,fetch}]
                     [--protect FILE]

Each input gets :func:`urlgrammar.validate`, which keeps ``--max-errors`` of its diagnostics
and as many advisories and counts the rest, so that one line of a megabyte of errors does not
hold a million of them. Inputs come from the arguments, from the lines of
a file or of standard input, from one column of a CSV or TSV file, or from the URL-valued
attributes of HTML documents (:mod:`~urlgrammar.cli.check.sources`,
:mod:`~urlgrammar.cli.check.html`); they are read, checked and written one at a time, so that
memory stays flat and the first result comes at once (with ``--jobs N``, up to N worker
processes, one per core at most, check them, :mod:`~urlgrammar.cli.check.parallel`). The
formats are listed in :data:`~urlgrammar.cli.check.formats.FORMATS`.

Advisories (:mod:`~urlgrammar.checking.advisories`) are shown as warnings, after an input's
errors; ``--no-advisories`` leaves them out, and ``--context fetch`` adds those for a server
that fetches the URLs (validate's ``context``). On a terminal, standard error shows progress (a
count, a rate and, for files, how far); it is cleared before anything else is written. Exit
status: 0 when every input is a valid URL string, 1 when any is not (or could not be checked:
a line too long, or not UTF-8), or, with ``--strict-advisories``, has an advisory; 2 for a
usage error or a file that cannot be read (including an argument that is not UTF-8, a base URL
that does not parse, a binary or UTF-16 file); 3 when a worker process of ``--jobs`` died: the
run stops there, and what was checked before it is written, with its summary.

``--protect FILE`` names domains (one a line, ``#`` comments) whose look-alikes get the advisory
lookalike-domain, as the well-known ones' do (validate's ``protected``); a domain that is not
valid is a usage error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TextIO

from urlgrammar.checking.schemes import CONTEXTS
from urlgrammar.cli.arguments import base_url, text
from urlgrammar.cli.check.formats import FORMATS, Options, Summary, Writer, writer
from urlgrammar.cli.check.parallel import validated
from urlgrammar.cli.check.sources import (
    MAX_LINE_LENGTH,
    Input,
    SourceError,
    Stream,
    arguments,
    csv_column,
    file_lines,
)
from urlgrammar.cli.check.workers import WorkerDied
from urlgrammar.errors import escape

#: Seconds before progress is first shown, and between its updates.
PROGRESS_AFTER, PROGRESS_EVERY = 0.5, 0.2
#: Seconds output may wait in the buffer, when the input is a file.
FLUSH_EVERY = 0.25


def _count(value: str) -> int:
    number = int(value) if value.isdigit() else -1
    if number < 0:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number (0 or more)")
    return number


def _encoding(value: str) -> str:
    """An ``--encoding`` label's encoding (https://encoding.spec.whatwg.org/#concept-encoding-get)."""
    from urlgrammar.encoding.labels import get_encoding, python_codec

    name = get_encoding(value)
    if name is None:
        raise argparse.ArgumentTypeError(f"{value!r} is not an encoding label of the Encoding Standard")
    if python_codec(name) is None:
        raise argparse.ArgumentTypeError(f"{name} cannot be read here (it has no Python codec)")
    return name


def _positive(value: str) -> int:
    number = _count(value)
    if number == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def register(check: argparse.ArgumentParser) -> None:
    """The ``check`` subcommand's arguments."""
    check.description = ("Check each URL: is it a valid URL string, and which validation errors "
                         "does the WHATWG URL parser report, where, and how to fix them? Exit "
                         "status 0 when every input is valid, 1 otherwise, 2 for a usage error "
                         "or a file that cannot be read.")
    check.add_argument("urls", nargs="*", metavar="URL", type=text,
                       help="URLs to check; - reads standard input")
    check.add_argument("--file", metavar="F", help="check each line of F (- for standard input)")
    check.add_argument("--column", metavar="NAME",
                       help="with --file: check the column NAME of a CSV or TSV file")
    check.add_argument("--html", metavar="FILE", nargs="+",
                       help="check the URLs in the URL-valued attributes of HTML documents")
    check.add_argument("--base", metavar="B", type=base_url,
                       help="the base URL for relative inputs (with --html: the document's URL)")
    check.add_argument("--encoding", metavar="LABEL", type=_encoding,
                       help="with --html: the encoding of a document that declares none (no byte order "
                            "mark, no <meta charset> in its first 1024 bytes); default UTF-8")
    default = next(iter(FORMATS))
    check.add_argument("--format", choices=tuple(FORMATS), default=default,
                       help=f"output format (default {default})")
    check.add_argument("--max-errors", metavar="N", type=_count, default=20,
                       help="show at most N diagnostics per input (0: all; default 20)")
    check.add_argument("--max-line-length", metavar="BYTES", type=_positive, default=MAX_LINE_LENGTH,
                       help="skip longer lines, as line-too-long (default 1 MiB)")
    check.add_argument("--jobs", "-j", metavar="N", type=_count, default=1,
                       help="check in up to N worker processes, started as the input needs them "
                            "and never more than the cores this process may use, so N beyond "
                            "them is the same as 0: one per core (default 1: no workers)")
    check.add_argument("--quiet", "-q", action="store_true", help="write the summary only")
    check.add_argument("--summary", action="store_true",
                       help="write the summary for one input too (jsonl: as a last line)")
    advisories = check.add_mutually_exclusive_group()
    advisories.add_argument("--no-advisories", action="store_true",
                            help="leave out the advisories (risks beyond validity, shown as warnings)")
    advisories.add_argument("--strict-advisories", action="store_true",
                            help="exit 1 when any input has an advisory, as for an invalid one")
    check.add_argument("--context", choices=CONTEXTS, default="browser",
                       help="where the URLs are used: followed in a browser (default), or fetched "
                            "by a server for others, which adds the advisory unsafe-fetch-scheme "
                            "for file:, gopher:, dict:, ldap: and ftp:")
    check.add_argument("--protect", metavar="FILE",
                       help="flag look-alikes of the domains in FILE (one a line, '#' starts a "
                            "comment) as of the well-known ones (advisory lookalike-domain)")
    check.set_defaults(run=run_check)


def protected_file(path: str) -> tuple[str, ...]:
    """The domains of a ``--protect`` file, checked (an OSError or a ValueError says why not)."""
    from urlgrammar.host.top_domains import protected_names

    with open(path, encoding="utf-8") as f:
        lines = [line.partition("#")[0].strip() for line in f]
    return protected_names(line for line in lines if line)


@dataclass(frozen=True, slots=True)
class Stop:
    """A source that could not be read (further), in its place among the inputs."""

    message: str


def _problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the combination of arguments, if anything."""
    given = sum((bool(args.urls), args.file is not None, args.html is not None))
    if given == 0:
        return "give at least one URL, or --file F, or --html FILE"
    if given > 1:
        return "give URLs, --file or --html, only one of them"
    if args.urls and "-" in args.urls and args.urls != ["-"]:
        return "'-' (standard input) cannot be combined with other URLs"
    if args.encoding is not None and args.html is None:
        return "--encoding is the encoding of HTML documents: give --html FILE"
    if args.column is not None and args.file is None and args.urls != ["-"]:
        return "--column reads a CSV or TSV file: give --file F (or -)"
    no_quiet = FORMATS[args.format].no_quiet
    if args.quiet and no_quiet is not None:
        return f"--quiet has no {args.format.upper()} form ({no_quiet})"
    return None


def _usage(message: str) -> int:
    print(f"urlgrammar check: error: {escape(message)}", file=sys.stderr)
    return 2


def _writer(args: argparse.Namespace) -> Writer:
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    documents = 0 if args.html is None else len(args.html)
    return writer(args.format, Options(args.max_errors, args.quiet, args.summary, colour, documents))


class Reading:
    """The sources opened so far, for progress and for when to flush."""

    def __init__(self, files: int) -> None:
        self.files, self.done = files, 0
        self.stream: Stream | None = None
        self.interactive = False

    def open(self, name: str) -> Stream:
        if self.stream is not None:
            self.done += 1
        self.stream = Stream(name)
        self.interactive = self.interactive or self.stream.interactive
        return self.stream

    def fraction(self) -> float | None:
        """How much of the files has been read, when their sizes are known."""
        stream = self.stream
        if stream is None or stream.size is None:
            return None
        within = min(1.0, stream.read / stream.size) if stream.size else 1.0
        return (self.done + within) / self.files


def _inputs(args: argparse.Namespace, reading: Reading) -> Iterator[Input | Stop]:
    if args.html is not None:
        from urlgrammar.cli.check.html import document_inputs  # HTML is read only when asked for

        n = 1
        for name in args.html:
            try:
                stream = reading.open(name)
                try:
                    for item in document_inputs(stream, args.base, n, args.encoding):
                        n = item.number + 1
                        yield item
                finally:
                    stream.close()
            except SourceError as e:
                yield Stop(str(e))
        return
    if args.file is None and args.urls != ["-"]:
        yield from arguments(args.urls, args.base)
        return
    try:
        stream = reading.open("-" if args.file is None else args.file)
        try:
            if args.column is not None:
                yield from csv_column(stream, args.column, args.base, args.max_line_length)
            else:
                yield from file_lines(stream, args.base, args.max_line_length)
        finally:
            stream.close()
    except SourceError as e:
        yield Stop(str(e))


def run_check(args: argparse.Namespace) -> int:
    """Run ``check`` for parsed arguments; returns the exit status."""
    problem = _problem(args)
    if problem is not None:
        return _usage(problem)
    protected: tuple[str, ...] = ()
    if args.protect is not None:
        try:
            protected = protected_file(args.protect)
        except (OSError, ValueError) as e:
            return _usage(f"--protect {args.protect}: {e}")
    writer = _writer(args)
    reading = Reading(len(args.html) if args.html is not None else 1)
    out, summary, stopped = sys.stdout, Summary(), False
    progress = Progress(sys.stderr, reading.fraction, time.monotonic)
    flush = _Flusher(out, reading, time.monotonic)
    out.write(writer.start())
    # Validate keeps what the output shows, --max-errors of each input, and counts the rest.
    checked = validated(_inputs(args, reading), args.jobs, lambda: reading.interactive,
                        not args.no_advisories, args.max_errors or None, FORMATS[args.format].href,
                        args.context, protected)
    died = None
    while True:
        try:
            item, report = next(checked)
        except StopIteration:
            break
        except WorkerDied as e:
            died = str(e)
            break
        if isinstance(item, Stop):
            flush.now()
            progress.clear()
            # The message quotes a file's name or a CSV header, which the input chose.
            print(f"urlgrammar check: error: {escape(item.message)}", file=sys.stderr)
            stopped = True
            continue
        summary.add(item, report)
        progress.tick()
        written = False
        for piece in writer.item(item, report):
            if not written:
                progress.clear()
                written = True
            out.write(piece)
        if written:
            flush.wrote()
    progress.clear()
    if died is not None:
        flush.now()
        print(f"urlgrammar check: error: {died}", file=sys.stderr)
    elif summary.inputs == 0 and not stopped:
        # Silence would look like success on a file that was meant to hold URLs.
        print(f"0 inputs: {_nothing(args)}", file=sys.stderr)
    out.write(writer.end(summary))
    if died is not None:
        return 3
    return 2 if stopped else 1 if summary.invalid or (args.strict_advisories and summary.advised) else 0


def _nothing(args: argparse.Namespace) -> str:
    if args.html is not None:
        return f"{', '.join(args.html)}: no URL-valued attributes"
    where = "standard input" if args.file in (None, "-") else args.file
    if args.column is not None:
        return f"{where} has no values in column {args.column!r}"
    return f"{where} has no non-blank lines"


class _Flusher:
    """Output reaches its reader soon: at once when the input arrives as it is written (a
    pipe, a terminal), otherwise at least every :data:`FLUSH_EVERY` seconds."""

    def __init__(self, out: TextIO, reading: Reading, clock: Callable[[], float] = time.monotonic) -> None:
        self.out, self.reading, self.clock = out, reading, clock
        self.last = clock()

    def wrote(self) -> None:
        if self.reading.interactive or self.clock() - self.last > FLUSH_EVERY:
            self.now()

    def now(self) -> None:
        self.out.flush()
        self.last = self.clock()


class Progress:
    """``checked 12,345 (6,789/s) 37%`` on standard error, when that is a terminal."""

    def __init__(self, stream: TextIO, fraction: Callable[[], float | None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.fraction, self.clock = stream, fraction, clock
        self.on = stream.isatty()
        self.started = clock()
        self.next = self.started + PROGRESS_AFTER
        self.n, self.width = 0, 0

    def tick(self) -> None:
        self.n += 1
        if not self.on:
            return
        now = self.clock()
        if now < self.next:
            return
        self.next = now + PROGRESS_EVERY
        rate = self.n / max(now - self.started, 1e-9)
        fraction = self.fraction()
        line = f"checked {self.n:,} ({rate:,.0f}/s)" + ("" if fraction is None else f" {fraction:.0%}")
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
