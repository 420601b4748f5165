"""``urlgrammar check``: validate URL strings and report like a compiler.

    urlgrammar check URL... [--base B] [--format text|json]
    urlgrammar check --file F [--base B] [--format text|json]     (F may be - for standard input)
    urlgrammar check - ...                                         (the same as --file -)

Each input gets :func:`urlgrammar.validate`. Text output is one block per diagnostic,

    <n>:<col>: error[<code>]: <message>
      <the input>
      <^^^ under the span>
      fix: <what to do>

where n is the input's number (its line number in a file) and col the 1-based column of the
span in it. JSON output is one object per line per input, then a summary object; a file
without inputs is said so on standard error. Exit status: 0 when every input is a valid URL
string, 1 when any is not, 2 for a usage error (including an unreadable file, an argument that
is not UTF-8 or a base URL that does not parse).
"""

from __future__ import annotations

import argparse
import errno
import json
import re
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from urlgrammar.api import parse
from urlgrammar.arguments import base_url, text
from urlgrammar.checking.validate import Report, validate

#: Inputs beyond this many show progress on standard error, when that is a terminal.
PROGRESS_AFTER = 2000
_SURROGATE = re.compile("[\ud800-\udfff]")


def register(subparsers: Any) -> None:
    """Add the ``check`` subcommand to an ``argparse`` subparsers object."""
    check = subparsers.add_parser(
        "check", help="validate URL strings (the standard's errors, spans and fixes)",
        description="Check each URL: is it a valid URL string, and which validation errors does "
                    "the WHATWG URL parser report, where, and how to fix them? Exit status 0 "
                    "when every input is valid, 1 otherwise, 2 for a usage error.")
    check.add_argument("urls", nargs="*", metavar="URL", type=text,
                       help="URLs to check; - reads standard input")
    check.add_argument("--file", metavar="F", help="check each line of F (- for standard input)")
    check.add_argument("--base", metavar="B", type=base_url, help="the base URL for relative inputs")
    check.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    check.set_defaults(run=run_check)


@dataclass(frozen=True, slots=True)
class Input:
    """One input: its number, and its text or why it has none."""

    number: int
    text: str | None
    problem: str | None = None


def run_check(args: argparse.Namespace) -> int:
    """Run ``check`` for parsed arguments; returns the exit status."""
    if args.file is not None and args.urls:
        return _usage("give URLs or --file, not both")
    if not args.urls and args.file is None:
        return _usage("give at least one URL, or --file F")
    source = args.file if args.file is not None else "-" if args.urls == ["-"] else None
    if source is None and "-" in args.urls:
        return _usage("'-' (standard input) cannot be combined with other URLs")
    try:
        inputs = list(_read(source)) if source is not None else \
            [Input(n, url) for n, url in enumerate(args.urls, 1)]
    except OSError as e:
        return _usage(f"cannot read {source}: {e.strerror or e}")
    if not inputs:
        # Silence would look like success on a file that was meant to hold URLs.
        where = "standard input" if source == "-" else source
        print(f"0 inputs: {where} has no non-blank lines", file=sys.stderr)
        return 0
    base = None if args.base is None else parse(args.base)  # argparse has checked it
    out = sys.stdout
    counts: Counter[str] = Counter()
    totals = Counter({"valid": 0, "invalid": 0, "failures": 0})
    progress = _Progress(len(inputs))
    for item in inputs:
        progress.tick()
        if item.text is None:
            totals["invalid"] += 1
            totals["undecodable"] += 1
            _emit_problem(out, item, args.format)
            continue
        report = validate(item.text, base)
        totals["valid" if report.valid else "invalid"] += 1
        totals["failures"] += report.failure
        counts.update(d.code for d in report.diagnostics)
        if args.format == "json":
            out.write(_json({"n": item.number, **report.as_dict()}) + "\n")
        else:
            _emit_text(out, item.number, report)
    progress.done()
    if len(inputs) > 1:
        _emit_summary(out, totals, counts, args.format)
    return 1 if totals["invalid"] else 0


def _json(data: dict[str, object]) -> str:
    # A lone surrogate cannot be written as UTF-8: such a line is written as ASCII JSON.
    line = json.dumps(data, ensure_ascii=False)
    return line if line.isascii() or not _SURROGATE.search(line) else json.dumps(data)


def _usage(message: str) -> int:
    print(f"urlgrammar check: error: {message}", file=sys.stderr)
    return 2


# ---- reading the inputs ---------------------------------------------------------------------


def _read(source: str) -> Iterator[Input]:
    """The non-blank lines of a file (or of standard input for ``-``), numbered by line."""
    if source == "-":
        stream = sys.stdin
        if stream is None:  # started with standard input closed
            raise OSError(errno.EBADF, "standard input is closed")
        buffer = getattr(stream, "buffer", None)
        data = buffer.read() if buffer is not None else stream.read().encode("utf-8", "surrogateescape")
    else:
        with open(source, "rb") as f:
            data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for number, line in enumerate(data.split(b"\n"), 1):
        if line.endswith(b"\r"):
            line = line[:-1]
        if not line.strip():
            continue
        try:
            yield Input(number, line.decode("utf-8"))
        except UnicodeDecodeError as e:
            yield Input(number, None, f"not valid UTF-8 (byte 0x{line[e.start]:02X} at byte {e.start + 1})")


# ---- text output ----------------------------------------------------------------------------


def _emit_text(out: TextIO, number: int, report: Report) -> None:
    shown, widths = _display(report.input)
    for d in report.diagnostics:
        out.write(f"{number}:{d.start + 1}: error[{d.code}]: {d.message}\n")
        out.write(f"  {shown}\n  {_carets(widths, d.start, d.end)}\n")
        if d.fix is not None:
            out.write(f"  fix: {_describe_fix(report.input[d.start:d.end], d.fix)}\n")
    error = report.grammar_error
    if error is not None and not report.diagnostics:
        out.write(f"{number}:{error.start + 1}: error[{error.rule}]: {error.message}\n")
        out.write(f"  {shown}\n  {_carets(widths, error.start, error.end)}\n")
    if report.failure:
        out.write(f"{number}: note: the URL parser fails on this input\n")
    if report.disagreement:
        out.write(f"{number}: note: {report.disagreement}\n")
    if not report.valid and report.suggestion is not None:
        out.write(f"{number}: suggestion: {_display(report.suggestion)[0]}\n")


def _emit_problem(out: TextIO, item: Input, format: str) -> None:
    if format == "json":
        out.write(json.dumps({"n": item.number, "input": None, "error": item.problem}) + "\n")
    else:
        out.write(f"{item.number}: error: the input is {item.problem}\n")


def _emit_summary(out: TextIO, totals: Counter[str], counts: Counter[str], format: str) -> None:
    if format == "json":
        out.write(json.dumps({"summary": {**totals, "codes": dict(counts.most_common())}}) + "\n")
        return
    labels = {"valid": "valid", "invalid": "invalid", "failures": "failures", "undecodable": "not UTF-8"}
    parts = ", ".join(f"{labels[name]} {n}" for name, n in totals.items() if n or name != "undecodable")
    codes = ", ".join(f"{code} {n}" for code, n in counts.most_common())
    total = totals["valid"] + totals["invalid"]
    out.write(f"{total} inputs: {parts}" + (f"; {codes}" if codes else "") + "\n")


def _display(text: str) -> tuple[str, list[int]]:
    """``text`` as it can be shown on one line, and the column width of each code point:
    control pictures for C0 controls and DEL, U+FFFD for other invisible code points."""
    shown: list[str] = []
    widths: list[int] = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch < " " or ch == "\x7f":
            ch = chr(0x2400 + ord(ch)) if ch < " " else "\u2421"
        elif category in ("Cc", "Cs", "Cn", "Co", "Cf", "Zl", "Zp"):
            ch = "\ufffd"
        shown.append(ch)
        widths.append(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1)
    return "".join(shown), widths


def _carets(widths: list[int], start: int, end: int) -> str:
    return " " * sum(widths[:start]) + "^" * max(1, sum(widths[start:end]))


def _describe_fix(old: str, fix: str) -> str:
    if not old:
        return f"insert {_quote(fix)}"
    if not fix:
        return f"remove {_quote(old)}"
    return f"replace {_quote(old)} with {_quote(fix)}"


def _quote(text: str) -> str:
    return f"'{_display(text)[0]}'"


class _Progress:
    """``checked n/total`` on standard error, for long inputs on a terminal."""

    def __init__(self, total: int) -> None:
        self.total, self.n, self.last = total, 0, 0.0
        self.on = total > PROGRESS_AFTER and sys.stderr.isatty()

    def tick(self) -> None:
        self.n += 1
        if self.on and time.monotonic() - self.last > 0.2:
            self.last = time.monotonic()
            sys.stderr.write(f"\rchecked {self.n:,}/{self.total:,}")
            sys.stderr.flush()

    def done(self) -> None:
        if self.on:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()
