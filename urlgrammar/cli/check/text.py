"""``urlgrammar check``'s formats for people and editors: compiler style, and GNU style.

Text (the default) is one block per diagnostic,

    [<file>:]<line>:<col>: error[<code>]: <message>
      <the input, or a window of it>
      <^^^ under the span>
      fix: <what to do>

and after an input's errors and notes, the same for each advisory, as ``warning[<code>]``.

where file is the file's name (``<stdin>`` for standard input, as GCC names it; for
arguments there is none, and line is the argument's place among them), line the input's line
in it and col the column of the span's first code point there. The input is shown whole when it fits in
:data:`WINDOW` columns and otherwise as a window around the span, with ``…`` where it is cut,
so that the output of an input grows with its length, not with its length times its number of
diagnostics. At most ``--max-errors``
diagnostics (and as many advisories) are shown per input, then a note of how many more there are.

GNU style is one line per message, ``file:line:col: error: <message> [<code>]`` (``warning:``
for an advisory), which editors
read (https://www.gnu.org/prep/standards/html_node/Errors.html); standard input is
``<stdin>`` and the arguments ``<command-line>``, as GCC names them.
"""

from __future__ import annotations

import unicodedata

from urlgrammar.cli.check.formats import Checked, Options, Summary, limited
from urlgrammar.cli.check.sources import Input
from urlgrammar.errors import Diagnostic, escape

#: The most columns an input is shown in.
WINDOW = 100
#: The most columns a quoted piece of an input takes in a fix.
QUOTE = 40
_BOLD, _ERROR, _NOTE, _CARETS, _FIX = "\x1b[1m", "\x1b[1;31m", "\x1b[1;36m", "\x1b[1;32m", "\x1b[32m"
_WARNING = "\x1b[1;33m"
_RESET = "\x1b[0m"


class TextWriter:
    """Compiler-style blocks; ANSI colour when ``colour`` (a terminal, without NO_COLOR)."""

    def __init__(self, options: Options) -> None:
        self.max_errors, self.colour = options.max_errors, options.colour
        self.quiet, self.summary = options.quiet, options.summary or options.quiet

    def _paint(self, style: str, text: str) -> str:
        return f"{style}{text}{_RESET}" if self.colour else text

    def _where(self, item: Input, offset: int | None) -> str:
        line, column = (item.line, None) if offset is None else item.where(offset)
        # Arguments are no file: their place among them is the whole location.
        prefix = "" if item.source.name is None else f"{escape(item.source.label)}:"
        return self._paint(_BOLD, prefix + (f"{line}" if column is None else f"{line}:{column}"))

    def _head(self, item: Input, offset: int | None, kind: str, text: str) -> str:
        style = _ERROR if kind.startswith("error") else _WARNING if kind.startswith("warning") else _NOTE
        # The library escapes what its messages quote; escaped again here (which changes
        # nothing then), no message can end the line or hold a terminal's escape sequence.
        return f"{self._where(item, offset)}: {self._paint(style, kind)}: {escape(text)}\n"

    def start(self) -> str:
        return ""

    def item(self, item: Input, report: Checked | None) -> list[str]:
        if self.quiet:
            return []
        if report is None:
            assert item.problem is not None
            return [self._head(item, None, f"error[{item.problem.code}]", item.problem.message)]
        out: list[str] = []
        shown, more = limited(report.diagnostics, self.max_errors, report.omitted)
        for d in shown:
            out.append(self._block(item, report.input, d, "error"))
        error = report.grammar_error
        if error is not None and not report.diagnostics and not report.omitted:
            out.append(self._head(item, error.start, f"error[{error.rule}]", error.message))
            out.append(self._quoted(report.input, error.start, error.end))
        if more:
            out.append(self._head(item, None, "note", f"and {more:,} more (--max-errors {self.max_errors})"))
        if report.failure:
            out.append(self._head(item, None, "note", "the URL parser fails on this input"))
        if report.disagreement:
            out.append(self._head(item, None, "note", report.disagreement))
        if not report.valid and report.suggestion is not None:
            out.append(f"{self._where(item, None)}: suggestion: {display(report.suggestion)[0]}\n")
        advised, more = limited(report.advisories, self.max_errors, report.advisories_omitted)
        out.extend(self._block(item, report.input, d, "warning") for d in advised)
        if more:
            out.append(self._head(item, None, "note", f"and {more:,} more advisories (--max-errors "
                                  f"{self.max_errors})"))
        return out

    def _block(self, item: Input, text: str, d: Diagnostic, kind: str) -> str:
        out = self._head(item, d.start, f"{kind}[{d.code}]", d.message) + self._quoted(text, d.start, d.end)
        if d.fix is not None:
            out += f"  {self._paint(_FIX, 'fix')}: {describe_fix(text[d.start:d.end], d.fix)}\n"
        return out

    def _quoted(self, text: str, start: int, end: int) -> str:
        shown, carets = window(text, start, end)
        return f"  {shown}\n  {self._paint(_CARETS, carets)}\n"

    def end(self, summary: Summary) -> str:
        return summary.line() + "\n" if self.summary or summary.inputs > 1 else ""


class GNUWriter:
    """``file:line:col: error: message [code]``, then notes in the same form."""

    def __init__(self, options: Options) -> None:
        self.max_errors, self.quiet = options.max_errors, options.quiet
        self.summary = options.summary or options.quiet

    def start(self) -> str:
        return ""

    def item(self, item: Input, report: Checked | None) -> list[str]:
        if self.quiet:
            return []
        label = escape(item.source.label)  # a file's name may hold a line break too
        if report is None:
            assert item.problem is not None
            return [f"{label}:{item.line}: error: {escape(item.problem.message)} [{item.problem.code}]\n"]
        shown, more = limited(report.diagnostics, self.max_errors, report.omitted)
        out = [_gnu(label, item, report.input, d, "error") for d in shown]
        error = report.grammar_error
        if error is not None and not report.diagnostics and not report.omitted:
            out.append(f"{label}:{_at(item, error.start)}: error: {escape(error.message)} [{error.rule}]\n")
        if more:
            out.append(f"{label}:{item.line}: note: and {more:,} more (--max-errors {self.max_errors})\n")
        if report.failure:
            out.append(f"{label}:{item.line}: note: the URL parser fails on this input\n")
        if not report.valid and report.suggestion is not None:
            out.append(f"{label}:{item.line}: note: suggestion: {display(report.suggestion)[0]}\n")
        advised, more = limited(report.advisories, self.max_errors, report.advisories_omitted)
        out.extend(_gnu(label, item, report.input, d, "warning") for d in advised)
        if more:
            out.append(f"{label}:{item.line}: note: and {more:,} more advisories "
                       f"(--max-errors {self.max_errors})\n")
        return out

    def end(self, summary: Summary) -> str:
        return summary.line() + "\n" if self.summary or summary.inputs > 1 else ""


def _gnu(label: str, item: Input, text: str, d: Diagnostic, kind: str) -> str:
    """A diagnostic's line, and its fix's note; the message escaped as in :meth:`TextWriter._head`."""
    at = _at(item, d.start)
    out = f"{label}:{at}: {kind}: {escape(d.message)} [{d.code}]\n"
    if d.fix is not None:
        out += f"{label}:{at}: note: fix: {describe_fix(text[d.start:d.end], d.fix)}\n"
    return out


def _at(item: Input, offset: int) -> str:
    line, column = item.where(offset)
    return f"{line}" if column is None else f"{line}:{column}"


def display(text: str) -> tuple[str, list[int]]:
    """``text`` as it can be shown on one line, code point for code point, and the column
    width of each: control pictures for C0 controls and DEL, U+FFFD for other invisible code
    points."""
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


def window(text: str, start: int, end: int, columns: int = WINDOW) -> tuple[str, str]:
    """The line that shows ``text`` around ``start``..``end`` in at most about ``columns``
    columns, and the carets under the span (under its visible part, when it is wider)."""
    # Every code point takes a column or two: only this many on either side can be shown.
    low, high = max(0, start - columns), min(len(text), start + columns)
    shown, widths = display(text[low:high])
    s, e = start - low, min(end, high) - low
    a, b = 0, len(widths)
    if low or high < len(text) or sum(widths) > columns:
        budget = columns - 2  # room for the two marks
        a = b = s
        used = 0
        while a > 0 and used + widths[a - 1] <= budget // 3:  # some context before the span
            a -= 1
            used += widths[a]
        while b < len(widths) and used + widths[b] <= budget:
            used += widths[b]
            b += 1
        while a > 0 and used + widths[a - 1] <= budget:  # room left after the end: more before
            a -= 1
            used += widths[a]
    left = "…" if low + a > 0 else ""
    right = "…" if low + b < len(text) else ""
    carets = " " * (len(left) + sum(widths[a:s])) + "^" * max(1, sum(widths[s:max(s, min(e, b))]))
    return left + shown[a:b] + right, carets


def describe_fix(old: str, fix: str) -> str:
    """``insert 'x'``, ``remove 'x'`` or ``replace 'x' with 'y'``."""
    if not old:
        return f"insert {_quote(fix)}"
    if not fix:
        return f"remove {_quote(old)}"
    return f"replace {_quote(old)} with {_quote(fix)}"


def _quote(text: str) -> str:
    # Escaped as the library's messages quote input (a soft hyphen as \xad, where the input's
    # line shows one column for it, under its caret).
    if len(text) > QUOTE:  # a long piece, by its ends and its length
        half = QUOTE // 2
        return f"'{escape(text[:half])}…{escape(text[-half:])}' ({len(text):,} code points)"
    return f"'{escape(text)}'"

