"""``urlgrammar check``: validate URL strings and report like a compiler, or for CI and programs.

    urlgrammar check URL|PATH... | --file F | - | --file F --column NAME | --html FILE... [--encoding LABEL]
                     [--base B] [--format F] [--max-errors N] [--errors-only]
                     [--max-line-length BYTES] [--jobs N] [--quiet] [--summary]
                     [--no-advisories | --strict-advisories] [--context {browser,fetch}]
                     [--include GLOB] [--exclude GLOB] [--select CODES] [--ignore CODES]
                     [--config FILE] [--fix | --diff] [--protect FILE]
                     [--syntax {whatwg,rfc3986,rfc3987}]

Each input gets :func:`urlgrammar.validate`, which keeps ``--max-errors`` of its diagnostics
and as many advisories and counts the rest, so that one line of a megabyte of errors does not
hold a million of them. Inputs come from the arguments, from the lines of
a file or of standard input, from one column of a CSV or TSV file, from the URL-valued
attributes of HTML documents, the links of Markdown and the ``url()`` of CSS, in files and
directories named among the arguments (:mod:`~urlgrammar.cli.check.inputs` and the readers it
names); the configuration (:mod:`~urlgrammar.cli.check.config`) and the rules
(:mod:`~urlgrammar.cli.check.rules`) say which findings are reported, and ``--fix`` writes
suggestions back (:mod:`~urlgrammar.cli.check.fix`). They are read, checked and written one at a time, so that
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

``--syntax rfc3986`` (or ``rfc3987``) judges each input by the RFC's ABNF instead of the
standard (:mod:`~urlgrammar.cli.check.rfc`).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from urlgrammar.checking.schemes import CONTEXTS
from urlgrammar.cli.arguments import base_url, text
from urlgrammar.cli.check.config import Config, ConfigError, find, load
from urlgrammar.cli.check.fix import Fixer, diff
from urlgrammar.cli.check.formats import FORMATS, Checked, Options, Summary, Writer, writer
from urlgrammar.cli.check.inputs import Settings, Stop, inputs
from urlgrammar.cli.check.parallel import validated
from urlgrammar.cli.check.paths import DEFAULT_EXCLUDE, DEFAULT_INCLUDE, Globs
from urlgrammar.cli.check.progress import Flusher, Progress, Reading
from urlgrammar.cli.check.rfc import rfc_validated
from urlgrammar.cli.check.rules import Rules, UnknownCode, codes
from urlgrammar.cli.check.sources import MAX_LINE_LENGTH, Input
from urlgrammar.cli.check.workers import WorkerDied
from urlgrammar.errors import escape

__all__ = ["Progress", "register", "run_check"]


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
                       help="URLs to check, and files and directories to read (an argument that "
                            "names an existing file or directory is read; any other is a URL); "
                            "- reads standard input")
    check.add_argument("--file", metavar="F", help="check each line of F (- for standard input)")
    check.add_argument("--column", metavar="NAME",
                       help="check the column NAME of CSV and TSV files (with --file: read F so)")
    check.add_argument("--html", metavar="FILE", nargs="+",
                       help="check the URLs in the URL-valued attributes of HTML documents")
    check.add_argument("--base", metavar="B", type=base_url,
                       help="the base URL for relative inputs (with --html: the document's URL)")
    check.add_argument("--encoding", metavar="LABEL", type=_encoding,
                       help="the encoding of an HTML document that declares none (no byte order "
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
    _register_repository(check)
    check.set_defaults(run=run_check)


def protected_file(path: str) -> tuple[str, ...]:
    """The domains of a ``--protect`` file, checked (an OSError or a ValueError says why not)."""
    from urlgrammar.host.top_domains import protected_names

    with open(path, encoding="utf-8") as f:
        lines = [line.partition("#")[0].strip() for line in f]
    return protected_names(line for line in lines if line)


def _register_repository(check: argparse.ArgumentParser) -> None:
    """The arguments for checking a repository: what to read, what to report, and fixes."""
    check.add_argument("--include", metavar="GLOB", action="append",
                       help="in directories, read the files that match GLOB (repeatable; replaces "
                            f"the default, {' '.join(DEFAULT_INCLUDE)})")
    check.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                       help="in directories, skip what matches GLOB (repeatable; added to the "
                            "default: version control, caches, virtual environments, node_modules)")
    check.add_argument("--select", metavar="CODES", action="append",
                       help="report only these codes (comma-separated; repeatable)")
    check.add_argument("--ignore", metavar="CODES", action="append", default=[],
                       help="never report these codes (comma-separated; repeatable)")
    check.add_argument("--config", metavar="FILE",
                       help="read the configuration from FILE (default: urlgrammar.toml or "
                            "pyproject.toml's [tool.urlgrammar], found upward from here)")
    check.add_argument("--errors-only", action="store_true",
                       help="json and jsonl: write only the inputs with findings (the summary still "
                            "counts every input)")
    check.add_argument("--fix", action="store_true",
                       help="write each URL's suggestion into its file (lists, Markdown, UTF-8 HTML) "
                            "where it is the same URL (the same href)")
    check.add_argument("--syntax", choices=("whatwg", "rfc3986", "rfc3987"), default="whatwg",
                       help="judge by the WHATWG URL Standard (the default) or by RFC 3986's "
                            "(RFC 3987's) ABNF: a URI without a base, a URI-reference against one")
    check.add_argument("--diff", action="store_true",
                       help="write nothing: show what --fix would change, as a unified diff "
                            "(exit status 1 when it would change something)")


def _problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the combination of arguments, if anything."""
    given = sum((bool(args.urls), args.file is not None, args.html is not None))
    if given == 0:
        return "give at least one URL, or --file F, or --html FILE"
    if given > 1:
        return "give URLs, --file or --html, only one of them"
    if args.urls and "-" in args.urls and args.urls != ["-"]:
        return "'-' (standard input) cannot be combined with other URLs"
    if args.column is not None and args.html is not None:
        return "--column reads CSV and TSV files: give --file F, - or their paths, not --html"
    no_quiet = FORMATS[args.format].no_quiet
    if args.quiet and no_quiet is not None:
        return f"--quiet has no {args.format.upper()} form ({no_quiet})"
    return None


def _usage(message: str) -> int:
    print(f"urlgrammar check: error: {escape(message)}", file=sys.stderr)
    return 2


def _writer(args: argparse.Namespace) -> Writer:
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    return writer(args.format, Options(args.max_errors, args.quiet, args.summary, colour))


def _configured(args: argparse.Namespace) -> tuple[Settings, Rules, str, tuple[str, ...]]:
    """The readers' settings, the rules, the advisories' mode ("off", "on", "strict") and the
    protected domains (the configuration's and ``--protect``'s), from the arguments over the
    configuration; raises ConfigError or UnknownCode."""
    config = load(find()) if args.config is None else load(_path(args.config))
    select = config.select if args.select is None else codes(args.select, "--select")
    rules = Rules(select, config.ignore | codes(args.ignore, "--ignore"))
    globs = Globs(tuple(args.include or config.include or DEFAULT_INCLUDE),
                  DEFAULT_EXCLUDE + config.exclude + tuple(args.exclude))
    base = args.base if args.base is not None else _base(config)
    mode = "off" if args.no_advisories else "strict" if args.strict_advisories else config.advisories or "on"
    settings = Settings(base, args.column, args.encoding, args.max_line_length, globs)
    protected = config.protected
    if args.protect is not None:
        try:
            protected += protected_file(args.protect)
        except (OSError, ValueError) as e:
            raise ConfigError(f"--protect {args.protect}: {e}") from None
    return settings, rules, mode, protected


def _path(name: str) -> Path:
    path = Path(name)
    if not path.is_file():
        raise ConfigError(f"--config {name}: no such file")
    return path


def _base(config: Config) -> str | None:
    if config.base is None:
        return None
    try:
        return base_url(config.base)
    except argparse.ArgumentTypeError as e:
        raise ConfigError(f"{config.path}: base: {e}") from None


def _findings(report: Checked | None) -> bool:
    return report is None or not report.valid or bool(report.advisories or report.advisories_omitted)


def run_check(args: argparse.Namespace) -> int:
    """Run ``check`` for parsed arguments; returns the exit status."""
    problem = _problem(args)
    if problem is not None:
        return _usage(problem)
    try:
        settings, rules, mode, protected = _configured(args)
    except (ConfigError, UnknownCode) as e:
        return _usage(str(e))
    writer = _writer(args)
    fixer, show = Fixer() if args.fix or args.diff else None, not args.diff  # --diff: the diff alone
    reading = Reading(len(args.html) if args.html is not None else 1 if args.file is not None else 0)
    out, summary, stopped, died = sys.stdout, Summary(), False, None
    progress = Progress(sys.stderr, reading.fraction, time.monotonic)
    flush = Flusher(out, reading, time.monotonic)
    out.write(writer.start() if show else "")
    # Validate keeps what the output shows, --max-errors of each input, and counts the rest.
    checked = _validated(args, inputs(args.urls, args.file, args.html, settings, reading), reading,
                         mode, protected)
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
        kept, report = rules.fit(item, report)
        if not kept:
            continue
        summary.add(item, report)
        progress.tick()
        if fixer is not None:
            fixer.add(item, report)
        if show and not (args.errors_only and not _findings(report)):
            _write(writer.item(item, report), out, progress, flush)
    progress.clear()
    if died is not None:
        flush.now()
        print(f"urlgrammar check: error: {died}", file=sys.stderr)
    elif summary.inputs == 0 and not stopped:
        # Silence would look like success on a file that was meant to hold URLs.
        print(f"0 inputs: {_nothing(args)}", file=sys.stderr)
    out.write(writer.end(summary) if show else "")
    if died is not None:
        return 3
    changed, fixed = (0, 0) if fixer is None else _fixed(fixer, args.diff, out)
    if stopped:
        return 2
    if args.diff:
        return 1 if changed else 0
    return 1 if summary.invalid - fixed or (mode == "strict" and summary.advised) else 0


def _validated(args: argparse.Namespace, read: Iterable[Input | Stop], reading: Reading, mode: str,
               protected: tuple[str, ...]) -> Iterator[tuple[Input | Stop, Checked | None]]:
    """Each input with its report: by the standard (:func:`validated`), or by the RFC of
    ``--syntax``."""
    if args.syntax != "whatwg":
        return rfc_validated(read, args.syntax)
    return validated(read, args.jobs, lambda: reading.interactive, mode != "off",
                     args.max_errors or None, FORMATS[args.format].href, args.context, protected)


def _write(pieces: Iterable[str], out: TextIO, progress: Progress, flush: Flusher) -> None:
    """An input's output: progress is cleared before its first piece, and output flushed after."""
    written = False
    for piece in pieces:
        if not written:
            progress.clear()
            written = True
        out.write(piece)
    if written:
        flush.wrote()


def _fixed(fixer: Fixer, preview: bool, out: TextIO) -> tuple[int, int]:
    """Make the fixes (or, for ``preview``, show them); how many URLs they change, and how
    many of those were invalid."""
    changes = fixer.changes()
    for path, (old, new, _) in changes.items():
        if preview:
            out.write(diff(path, old, new))
        else:
            with open(path, "wb") as f:
                f.write(new)
    urls = sum(len(made) for _, _, made in changes.values())
    verb = "would fix" if preview else "fixed"
    print(f"{verb} {urls} URL{'s' * (urls != 1)} in {len(changes)} file{'s' * (len(changes) != 1)}",
          file=sys.stderr)
    return urls, sum(e.invalid for _, _, made in changes.values() for e in made)


def _nothing(args: argparse.Namespace) -> str:
    if args.file is None and args.urls and args.urls != ["-"]:
        return f"{', '.join(args.urls)}: no files to read, or none with URLs"
    if args.html is not None:
        return f"{', '.join(args.html)}: no URL-valued attributes"
    where = "standard input" if args.file in (None, "-") else args.file
    if args.column is not None:
        return f"{where} has no values in column {args.column!r}"
    return f"{where} has no non-blank lines"
