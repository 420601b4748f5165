"""URLs in CSS style sheets: ``url(...)`` (unquoted, as CSS Syntax's <url-token>, or quoted, as
a ``url(`` function with a string) and ``@import`` with a string, located by line and column.

A scan of our own, one pass over the text, tokenizing only what decides where URLs are
(https://www.w3.org/TR/css-syntax-3/#consume-token): comments, strings (a ``url(`` inside one is
not a URL), escapes, and ``url(`` where it starts an identifier. The sheet is read as UTF-8 (a
``@charset`` rule is not read). A URL written with escapes (``\\29``) is checked as it reads
and located at its first code point, every code point of it there.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from pathlib import Path

from urlgrammar.cli.check.sources import Input, Stream

_IDENT = re.compile(r"[\w\-]", re.ASCII)
_SPACE = " \t\n\r\f"
# https://www.w3.org/TR/css-syntax-3/#consume-escaped-code-point
_ESCAPE = re.compile(r"\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(.))", re.DOTALL)


def document_inputs(stream: Stream, base: str | None, first: int = 1) -> Iterator[Input]:
    """The URLs of the style sheet read from ``stream``, numbered from ``first``."""
    text = stream.utf8_text()
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    document = base or Path(stream.source.path or ".").resolve().as_uri()
    for n, (at, raw) in enumerate(urls(text), first):
        line = bisect.bisect_right(starts, at)
        column = at - starts[line - 1] + 1
        value = _ESCAPE.sub(_unescape, raw) if "\\" in raw else raw
        anchors = ((0, line, column, 0),) if value != raw or "\n" in raw else ()
        yield Input(n, value, stream.source, line, column, document, None, anchors)


def _unescape(m: re.Match[str]) -> str:
    if m.group(1) is None:
        return "" if m.group(2) == "\n" else m.group(2)
    code = int(m.group(1), 16)
    return "\ufffd" if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF else chr(code)


def urls(text: str) -> Iterator[tuple[int, str]]:
    """(offset, URL as written) for each URL of the sheet, in order."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("*", i + 1):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "\"'":
            i = _string(text, i)[1]
        elif c == "\\":
            i += 2
        elif c in "uU" and text[i:i + 4].lower() == "url(" and (i == 0 or not _IDENT.match(text[i - 1])):
            j = _skip(text, i + 4)
            if j < n and text[j] in "\"'":  # a url( function with a string
                (start, end), i = _string(text, j)
            else:  # https://www.w3.org/TR/css-syntax-3/#consume-url-token
                start, end, i = j, *_unquoted(text, j)
            yield start, text[start:end]
        elif c == "@" and text[i:i + 7].lower() == "@import":
            j = _skip(text, i + 7)
            if j < n and text[j] in "\"'":
                (start, end), i = _string(text, j)
                yield start, text[start:end]
            else:
                i = j
        else:
            i += 1


def _unquoted(text: str, i: int) -> tuple[int, int]:
    """Where an unquoted URL that starts at ``i`` ends, and where its token does (after the
    ``)``). A bad URL (with a space, a quote or a ``(`` in it, which CSS drops as a
    <bad-url-token>) is taken whole, up to the ``)``, so that the check shows what is wrong."""
    j = i
    while j < len(text) and text[j] != ")":
        escape = _ESCAPE.match(text, j) if text[j] == "\\" else None
        j = escape.end() if escape else j + 1
    end = j
    while end > i and text[end - 1] in _SPACE:
        end -= 1
    return end, min(j + 1, len(text))


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in _SPACE:
        i += 1
    return i


def _string(text: str, i: int) -> tuple[tuple[int, int], int]:
    """The span of the string's contents that starts at the quote ``text[i]``, and where it
    ends (a newline ends a bad string, as the end of the text ends any)."""
    quote, j = text[i], i + 1
    while j < len(text):
        c = text[j]
        if c == quote:
            return (i + 1, j), j + 1
        if c == "\n":
            return (i + 1, j), j
        j += 2 if c == "\\" else 1
    return (i + 1, min(j, len(text))), len(text)
