"""Where ``urlgrammar check`` finds its inputs: arguments, lines of a file or of standard input,
one column of a CSV or TSV file (and, in :mod:`urlgrammar.cli.check.html`, HTML documents).

Files are read as a stream, one line at a time, so memory stays flat whatever their size: a
line longer than the limit is reported (``line-too-long``) and skipped without being held
whole, a line that is not UTF-8 is reported (``invalid-UTF-8``) and reading goes on. What makes
a whole file unreadable (it cannot be opened, it is UTF-16, it holds a NUL byte as binary files
do) raises :class:`SourceError`, after the inputs read before it.
"""

from __future__ import annotations

import bisect
import contextlib
import csv
import io
import os
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

#: The default of ``--max-line-length``, in bytes.
MAX_LINE_LENGTH = 1 << 20
_SKIP_CHUNK = 1 << 16
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


class SourceError(Exception):
    """A source that cannot be read (further): the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where inputs come from: ``name`` as the user gave it (None for arguments); ``path`` is
    set for a named file, so that locations in it can be given as a file, line and column;
    ``reader`` is what reads it (:data:`urlgrammar.cli.check.paths.READERS`)."""

    name: str | None
    path: str | None = None
    reader: str = "list"

    @property
    def label(self) -> str:
        """The name GNU-style tools give it (as GCC does for standard input and arguments)."""
        if self.name is None:
            return "<command-line>"
        return "<stdin>" if self.path is None else self.name


ARGUMENTS = Source(None)
STDIN = Source("-")


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an input was not checked: a code of our own (the standard names none) and a message."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Input:
    """One input: its ordinal ``number``, its text (None when ``problem`` says why not), the
    base to check it against, and where it is in its source.

    ``line`` and ``column`` (1-based, in code points; column None where unknown) locate the
    text's first code point; ``anchors`` locate the others where the text does not sit on one
    line from ``column`` on (an HTML attribute value with line breaks or character
    references): each is (offset in text, line, column, step), and offset i after it is at
    ``column + step * (i - offset)`` on that line. ``encoding`` is the query encoding: an
    HTML document's (https://url.spec.whatwg.org/#concept-basic-url-parser, "encoding").
    ``ignore`` holds the codes that a comment on its line suppresses
    (:mod:`~urlgrammar.cli.check.rules`).
    """

    number: int
    text: str | None
    source: Source
    line: int
    column: int | None = 1
    base: str | None = None
    problem: Problem | None = None
    anchors: tuple[tuple[int, int, int, int], ...] = ()
    encoding: str = "utf-8"
    ignore: frozenset[str] = frozenset()

    def where(self, offset: int) -> tuple[int, int | None]:
        """The line and column in the source of the text's code point at ``offset`` (or of
        where the text ends, for its length)."""
        if self.anchors:
            i = bisect.bisect_right(self.anchors, offset, key=lambda a: a[0]) - 1
            start, line, column, step = self.anchors[max(i, 0)]
            return line, column + step * (offset - start)
        return self.line, None if self.column is None else self.column + offset


def arguments(urls: list[str], base: str | None) -> Iterator[Input]:
    """URLs given as arguments; the 'line' of each is its number."""
    for n, url in enumerate(urls, 1):
        yield Input(n, url, ARGUMENTS, n, 1, base)


# ---- opening and reading bytes ---------------------------------------------------------------


class Stream:
    """A source opened for reading bytes, which counts what it has read (for progress)."""

    def __init__(self, name: str, reader: str = "list") -> None:
        self.source = Source(name, None, reader) if name == "-" else Source(name, name, reader)
        self.read = 0
        self.size: int | None = None
        self.interactive = False
        self.file = self._open(name)

    def _open(self, name: str) -> BinaryIO:
        if name == "-":
            buffer = getattr(sys.stdin, "buffer", None) if sys.stdin is not None else None
            if buffer is None:  # started with standard input closed
                raise SourceError("cannot read -: standard input is closed")
            stream: BinaryIO = buffer
            # A reader of its own: with --jobs a thread reads it, and at exit Python must not
            # find sys.stdin's lock held by that thread. A stand-in without a file descriptor
            # (in tests) is read as it is.
            with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
                stream = open(buffer.fileno(), "rb", closefd=False)  # noqa: SIM115
        else:
            try:
                stream = open(name, "rb")  # noqa: SIM115 -- closed by close()
            except OSError as e:
                raise SourceError(f"cannot read {name}: {e.strerror or e}") from None
        try:
            info = os.fstat(stream.fileno())
        except (OSError, io.UnsupportedOperation):
            return stream
        if stat.S_ISREG(info.st_mode):
            self.size = info.st_size
        else:  # a pipe, a terminal, a device: what arrives should be answered as it arrives
            self.interactive = True
        return stream

    def readline(self, limit: int) -> bytes:
        """A line of at most ``limit`` bytes."""
        return self._counted(self.file.readline, limit)

    def block(self, size: int) -> bytes:
        """Up to ``size`` bytes: fewer only at the end."""
        return self._counted(self.file.read, size)

    def _counted(self, read: Callable[[int], bytes], size: int) -> bytes:
        """What ``read(size)`` gives, counted for progress; a read error is a SourceError."""
        try:
            data = read(size)
        except OSError as e:
            raise SourceError(f"cannot read {self.source.name}: {e.strerror or e}") from None
        self.read += len(data)
        return data

    def utf8_text(self) -> str:
        """The rest of the source, decoded as UTF-8 less a byte order mark (how Markdown and
        CSS documents are read); a SourceError says where it is not UTF-8."""
        data = self.block(-1)
        try:
            return data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as e:
            raise SourceError(f"{self.source.name} is not UTF-8 (byte 0x{data[e.start]:02X} at byte "
                              f"{e.start + 1})") from None

    def close(self) -> None:
        if self.source.path is not None:
            self.file.close()


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a stream, without its line break: its text, or the problem it has."""

    number: int
    text: str | None
    problem: Problem | None = None


def lines(stream: Stream, limit: int = MAX_LINE_LENGTH) -> Iterator[Line]:
    """The lines of ``stream`` with text in them, decoded; each line at most ``limit`` bytes."""
    number = 0
    while True:
        data = stream.readline(limit + 2)  # the line, and its CR LF
        if not data:
            return
        number += 1
        if number == 1:
            if data.startswith(_UTF16_BOMS):
                raise SourceError(f"{_name(stream)} is UTF-16 (it starts with a byte order mark); "
                                  "check reads UTF-8: convert it first")
            data = data.removeprefix(b"\xef\xbb\xbf")
        ended = data.endswith(b"\n")
        data = data.removesuffix(b"\n").removesuffix(b"\r")
        if len(data) > limit:
            yield Line(number, None, Problem("line-too-long", f"The line is longer than {limit:,} "
                                             "bytes (--max-line-length); it was skipped."))
            _binary_check(stream, data, number)
            if not ended:
                _skip_line(stream, number)
            continue
        _binary_check(stream, data, number)
        if not data.strip():
            continue
        try:
            yield Line(number, data.decode("utf-8"))
        except UnicodeDecodeError as e:
            column = len(data[:e.start].decode("utf-8")) + 1
            yield Line(number, None, Problem("invalid-UTF-8", f"The line is not valid UTF-8: byte "
                                             f"0x{data[e.start]:02X} at column {column}."))


def _name(stream: Stream) -> str:
    return "standard input" if stream.source.path is None else str(stream.source.name)


def _binary_check(stream: Stream, data: bytes, number: int) -> None:
    # As for grep and git, a NUL byte is what tells a binary file from text; a list of URLs
    # has none.
    if b"\0" in data:
        raise SourceError(f"{_name(stream)} is binary (a NUL byte in line {number}); reading stopped")


def _skip_line(stream: Stream, number: int) -> None:
    """Read to the end of a line too long to keep, a piece at a time."""
    while True:
        data = stream.readline(_SKIP_CHUNK)
        _binary_check(stream, data, number)
        if not data or data.endswith(b"\n"):
            return


def file_lines(stream: Stream, base: str | None, limit: int, first: int = 1) -> Iterator[Input]:
    """One input per non-blank line, numbered from ``first``."""
    for n, line in enumerate(lines(stream, limit), first):
        yield Input(n, line.text, stream.source, line.number, 1, base, line.problem)


# ---- one column of a CSV or TSV file ----------------------------------------------------------


def csv_column(stream: Stream, column: str, base: str | None, limit: int,
               first: int = 1) -> Iterator[Input]:
    """The values of the column named ``column`` (in the first row), one input per row,
    numbered from ``first``.

    The delimiter is the header's (comma, tab, semicolon or bar, as :class:`csv.Sniffer` finds
    it; a comma when it finds none); quotes are as Excel writes them (RFC 4180). A row without
    a value in the column is skipped, as blank lines are. The location of a value is its row's
    line and, where the value sits on that line as written (quoted or not, without doubled
    quotes), its column; otherwise the line only.
    """
    feed = _Feed(lines(stream, limit))
    header_line = next(feed.texts(), None)
    if header_line is None:
        yield from feed.problems(stream.source, first - 1)
        return
    try:  # the Sniffer's delimiter only: one line says nothing of how quotes are written
        delimiter = csv.Sniffer().sniff(header_line, delimiters=",\t;|").delimiter
    except csv.Error:
        delimiter = ","
    header = next(csv.reader([header_line], csv.excel, delimiter=delimiter), [])
    if column not in header:
        raise SourceError(f"{_name(stream)} has no column {column!r} (its columns: "
                          f"{', '.join(map(repr, header))})")
    index = header.index(column)
    csv.field_size_limit(max(limit, csv.field_size_limit()))
    reader = csv.reader(feed.texts(), csv.excel, delimiter=delimiter)
    n = first - 1
    while True:
        feed.start = None
        try:
            row = next(reader, None)
        except csv.Error as e:
            raise SourceError(f"{_name(stream)}: {e}") from None
        for item in feed.problems(stream.source, n):
            n = item.number
            yield item
        if row is None:
            return
        if index < len(row) and row[index].strip():
            n += 1
            text = row[index]
            start = feed.start or 0
            yield Input(n, text, stream.source, start, _field_column(feed.first, row, index, delimiter), base)


class _Feed:
    """Lines for the csv module, keeping the problem lines aside and where each row starts."""

    def __init__(self, source: Iterator[Line]) -> None:
        self.source = source
        self.pending: list[Line] = []
        self.start: int | None = None
        self.first = ""

    def texts(self) -> Iterator[str]:
        for line in self.source:
            if line.text is None:
                self.pending.append(line)
                continue
            if self.start is None:
                self.start, self.first = line.number, line.text
            yield line.text + "\n"

    def problems(self, source: Source, n: int) -> Iterator[Input]:
        for line in self.pending:
            n += 1
            yield Input(n, None, source, line.number, None, None, line.problem)
        self.pending.clear()


def _field_column(line: str, row: list[str], index: int, delimiter: str) -> int | None:
    """The 1-based column of ``row[index]`` in ``line``, where the line shows the fields before
    it as they are and the field itself as it is or quoted; None otherwise."""
    quote = '"'
    prefix = "".join(field + delimiter for field in row[:index])
    value = row[index]
    if line.startswith(prefix + value):
        return len(prefix) + 1
    if quote not in value and line.startswith(prefix + quote + value + quote):
        return len(prefix) + 2
    return None
