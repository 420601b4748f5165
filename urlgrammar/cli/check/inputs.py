"""Every input of a run of ``urlgrammar check``, in order, from what its arguments name: URLs,
files and directories given as positional arguments (:mod:`~urlgrammar.cli.check.paths` tells
them apart and walks directories), ``--file``, ``--html`` and standard input; each file is read
by the reader of its type.

A source that cannot be read (further) is a :class:`Stop` in its place: the run writes its
message, goes on with the next source, and exits 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from urlgrammar.cli.check.paths import Globs, files, is_path, missing_file, reader
from urlgrammar.cli.check.progress import Reading
from urlgrammar.cli.check.sources import ARGUMENTS, Input, SourceError, csv_column, file_lines


@dataclass(frozen=True, slots=True)
class Stop:
    """A source that could not be read (further), in its place among the inputs."""

    message: str


@dataclass(frozen=True, slots=True)
class Settings:
    """What the readers need of check's arguments and configuration."""

    base: str | None
    column: str | None
    encoding: str | None
    max_line_length: int
    globs: Globs


def inputs(urls: list[str], file: str | None, html: list[str] | None, settings: Settings,
           reading: Reading) -> Iterator[Input | Stop]:
    """The inputs of ``--html`` documents, of ``--file``, or of the positional arguments."""
    if html is not None:
        return _files([(name, "html") for name in html], settings, reading)
    if file is not None:
        return _files([(file, "csv" if settings.column is not None else "list")], settings, reading)
    return _positional(urls, settings, reading)


def _positional(arguments: list[str], settings: Settings, reading: Reading) -> Iterator[Input | Stop]:
    """URLs and paths as given, in order: a URL's line is its place among the arguments."""
    n = 1
    for place, argument in enumerate(arguments, 1):
        if argument == "-":
            kind = "csv" if settings.column is not None else "list"
            found: Iterator[Input | Stop] = _files([("-", kind)], settings, reading, n)
        elif is_path(argument):
            found = _walked(argument, settings, reading, n)
        elif settings.base is None and missing_file(argument):
            yield Stop(f"cannot read {argument}: no such file or directory")
            continue
        else:
            yield Input(n, argument, ARGUMENTS, place, 1, settings.base)
            n += 1
            continue
        for item in found:
            if isinstance(item, Input):
                n = item.number + 1
            yield item


def _walked(path: str, settings: Settings, reading: Reading, n: int) -> Iterator[Input | Stop]:
    try:
        named = [(name, reader(name)) for name in files(path, settings.globs)]
    except OSError as e:
        yield Stop(f"cannot read {e.filename or path}: {e.strerror or e}")
        return
    yield from _files(named, settings, reading, n)


def _files(named: list[tuple[str, str]], settings: Settings, reading: Reading,
           n: int = 1) -> Iterator[Input | Stop]:
    """The inputs of each file, each by its reader, numbered on from ``n``."""
    for name, kind in named:
        try:
            for item in _read(name, kind, settings, reading, n):
                n = item.number + 1
                yield item
        except SourceError as e:
            yield Stop(str(e))


def _read(name: str, kind: str, settings: Settings, reading: Reading, n: int) -> Iterator[Input]:
    if kind == "csv" and settings.column is None:
        raise SourceError(f"{name} is a CSV or TSV file: give --column NAME to say which column holds URLs")
    stream = reading.open(name, kind)
    try:
        if kind == "html":  # the document readers are imported only when one is needed
            from urlgrammar.cli.check.html import document_inputs

            yield from document_inputs(stream, settings.base, n, settings.encoding)
        elif kind == "markdown":
            from urlgrammar.cli.check.markdown import document_inputs as markdown_inputs

            yield from markdown_inputs(stream, settings.base, n)
        elif kind == "css":
            from urlgrammar.cli.check.css import document_inputs as css_inputs

            yield from css_inputs(stream, settings.base, n)
        elif kind == "csv":
            assert settings.column is not None
            yield from csv_column(stream, settings.column, settings.base, settings.max_line_length, n)
        else:
            yield from file_lines(stream, settings.base, settings.max_line_length, n)
    finally:
        stream.close()
