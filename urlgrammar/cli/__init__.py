"""The ``urlgrammar`` command line.

    urlgrammar parse INPUT [--base B] [--json]             the WHATWG result, getter by getter
        [--set NAME=VALUE]... [--params]                   after the API's setters; the query's pairs
    urlgrammar reference INPUT [--base B] [--json]         the components of a reference, with spans
    urlgrammar tree INPUT [--mode generic|special|file]   the Lark parse tree
    urlgrammar check INPUT... | --file F | - | --html FILE... [--format F]
                                                           diagnostics (see :mod:`.check.command`)
    urlgrammar explain INPUT [--base B] [--format text|json|html] [-o FILE|-]
                                                           every phase, and grammar versus algorithm
    urlgrammar render INPUT [--base B] [--width N]         the URL as shown for a trust decision
    urlgrammar serve [--port 8000] [--bind 127.0.0.1]      the live viewer of explain, in a browser
    urlgrammar grammar check | diagram [-o FILE.html|-]     check the grammars; draw them
    urlgrammar --version                                   the version, the Unicode of its IDNA
                                                           tables and the standards it follows

Exit status: 0 on success; 1 when the input has no result (the error is printed, as JSON on
standard output for ``parse --json`` and ``reference --json``: :func:`.display.failure_json`)
or the output cannot be written; 2 for a usage error, which includes an argument that is not
UTF-8, an unknown --encoding label and a --base that is not a valid URL; 3 when a worker
process of ``check --jobs`` died; 130 after Ctrl-C; 141 when the reader of the output goes away
(a closed pipe, as for a process that SIGPIPE ends). None of these prints a traceback.

Each subcommand is a module of this package (:data:`COMMANDS`), imported when it runs. The
command line is an application of the library: nothing outside ``urlgrammar.cli`` imports it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import NamedTuple

from urlgrammar import UNICODE_VERSION, __version__
from urlgrammar.errors import URLError

#: What ``--version`` says besides the version: the Unicode of the IDNA tables, the standards.
VERSION = f"""urlgrammar {__version__}
IDNA (UTS #46) tables: Unicode {UNICODE_VERSION}
Standards: WHATWG URL Standard (July 2026), URL Specification 0.10.1
"""


class Command(NamedTuple):
    """A subcommand: the module whose ``register(parser)`` gives it its description, its
    arguments and the function that runs it (``run``), and its line in ``urlgrammar --help``."""

    module: str
    help: str


#: The subcommands, in the order ``--help`` lists them. A module is imported only for the
#: subcommand that runs (or whose --help is asked for), so that ``check`` of one URL does not
#: load Lark, teaching or a process pool, and --version loads nothing.
COMMANDS = {
    "tree": Command("urlgrammar.cli.tree", "print the Lark parse tree of INPUT"),
    "parse": Command("urlgrammar.cli.parse", "parse INPUT as a browser does"),
    "reference": Command("urlgrammar.cli.reference", "print the components of INPUT as a reference"),
    "explain": Command("urlgrammar.cli.explain", "show every phase of parsing INPUT"),
    "render": Command("urlgrammar.cli.render", "show INPUT as the standard's URL rendering does"),
    "check": Command("urlgrammar.cli.check.command",
                     "validate URL strings (the standard's errors, spans and fixes)"),
    "grammar": Command("urlgrammar.cli.grammar", "check the grammar files or draw them"),
    "serve": Command("urlgrammar.cli.serve.command",
                     "serve the live viewer: grammar and state machine side by side"),
}


def named_command(argv: Sequence[str]) -> str | None:
    """The subcommand that ``argv`` names: its first argument that is not an option (the
    options before a subcommand, --help and --version, take no value)."""
    return next((a for a in argv if not a.startswith("-")), None)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of the command line, with ``command``'s arguments; every other subcommand
    has only its name and its line of help."""
    # Raw text, so that --version keeps its lines.
    parser = argparse.ArgumentParser(
        prog="urlgrammar", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="URLs as a Lark grammar plus operations on a structured URL model.")
    parser.add_argument("--version", action="version", version=VERSION.rstrip(),
                        help="print the version, the Unicode version of the IDNA tables and the "
                             "standards followed, and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, help) in COMMANDS.items():
        subparser = sub.add_parser(name, help=help)
        if name == command:
            import_module(module).register(subparser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    if sys.stdout is None:  # started with standard output closed: nowhere to write results
        _complain("cannot write output: standard output is closed")
        return 1
    # Inputs may hold lone surrogates (from the API, or shown in an error); printing them must
    # not fail.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        try:
            argv = sys.argv[1:] if argv is None else argv
            args = build_parser(named_command(argv)).parse_args(argv)
            return int(args.run(args))
        finally:
            # Write out the buffer now rather than at interpreter exit, where an error could
            # only be printed as "Exception ignored" (also after --help, which exits).
            sys.stdout.flush()
    except URLError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader has gone: stop as quietly as SIGPIPE would stop a C program.
        _discard_output()
        return 141
    except OSError as e:
        # Every subcommand handles the files it reads or writes; what is left is the output.
        _discard_output()
        _complain(f"cannot write output: {e.strerror or e}")
        return 1


def _discard_output() -> None:
    """Point standard output at the null device, so that flushing what is still buffered at
    interpreter exit does not fail a second time."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _complain(message: str) -> None:
    # Standard error may be broken too; then there is no one left to tell.
    with contextlib.suppress(OSError):
        print(f"urlgrammar: {message}", file=sys.stderr)
