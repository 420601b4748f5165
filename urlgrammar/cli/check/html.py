"""URLs where they live in HTML documents: the URL-valued attributes, located in the source.

:func:`document_inputs` reads a document with the standard library's :mod:`html.parser` and
gives one input per URL in the attributes that hold URLs (HTML Standard, index of attributes,
https://html.spec.whatwg.org/multipage/indices.html#attributes-3), on the elements that give
them that meaning, and in a ``<meta http-equiv=refresh>``'s ``content``; ``href`` of the first
``<base>`` is the base of every other URL
(https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url), and the
document's own URL (``--base``, or else the file's ``file:`` URL) is the base of that one.
``itemtype`` tokens must be absolute URLs: they have no base. The document is decoded, and its
URLs' queries encoded, in its encoding (:mod:`urlgrammar.cli.check.html_encoding`).

Where a URL is: :mod:`html.parser` gives the position of a start tag and its attributes already
decoded, so the value's place is found again in the tag's raw text. A code point that a
character reference stands for is located at the reference's ``&``, and a span that covers it
covers the whole reference. Where the raw text cannot be matched with what the parser read
(malformed markup such as ``href==x``), every code point of the value is located at the start
of its tag.
"""

from __future__ import annotations

import bisect
import codecs
import contextlib
import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from urlgrammar.api import parse
from urlgrammar.cli.check.html_encoding import decoder, sniff
from urlgrammar.cli.check.rules import suppressed
from urlgrammar.cli.check.sources import Input, SourceError, Stream
from urlgrammar.encoding.labels import get_output_encoding
from urlgrammar.errors import URLError

#: Attribute → the elements on which it holds URLs (None: every element).
URL_ATTRIBUTES: dict[str, frozenset[str] | None] = {
    "href": frozenset({"a", "area", "link", "base"}),
    "src": frozenset({"audio", "embed", "iframe", "img", "input", "script", "source", "track", "video"}),
    "action": frozenset({"form"}),
    "formaction": frozenset({"button", "input"}),
    "cite": frozenset({"blockquote", "del", "ins", "q"}),
    "data": frozenset({"object"}),
    "poster": frozenset({"video"}),
    "srcset": frozenset({"img", "source"}),
    "imagesrcset": frozenset({"link"}),
    "ping": frozenset({"a", "area"}),
    "itemtype": None,
    "itemid": None,
}
#: Inside ``<svg>``: attribute → the SVG elements on which it holds URLs
#: (SVG 2, https://www.w3.org/TR/SVG2/linking.html#XLinkRefAttrs).
SVG_URL_ATTRIBUTES: dict[str, frozenset[str]] = {
    "href": frozenset({"a", "image", "use"}),
    "xlink:href": frozenset({"a", "image", "use"}),
}
#: The parser is fed blocks of at least this many bytes.
BLOCK = 1 << 16
#: ASCII whitespace (https://infra.spec.whatwg.org/#ascii-whitespace).
_SPACE = "\t\n\f\r "
_TOKENS = re.compile(f"[^{_SPACE}]+")
_RAW_ATTRIBUTE = re.compile(f"[{_SPACE}/]*([^{_SPACE}/>][^{_SPACE}/>=]*)[{_SPACE}]*(=[{_SPACE}]*)?")
_UNQUOTED = re.compile(f"[^{_SPACE}>]*")

Anchors = tuple[tuple[int, int, int, int], ...]


def document_inputs(stream: Stream, base: str | None, first: int = 1,
                    encoding: str | None = None) -> Iterator[Input]:
    """The URLs of the HTML document read from ``stream``, numbered from ``first``, in order.

    The document's encoding is found as a browser finds it, ``encoding`` (an encoding's name)
    standing for the locale's guess (:func:`~urlgrammar.cli.check.html_encoding.sniff`). Bytes
    that are not of that encoding are read as U+FFFD, as browsers read them, and the document
    is checked; then a :class:`SourceError` says where the first is.
    """
    finder = _Finder()
    reader = _Decoder(encoding)
    while True:
        # html.parser scans again what it held back (an unfinished tag or comment) on each
        # feed: a block at least that long keeps the scans within twice the document.
        data = stream.block(max(BLOCK, len(finder.rawdata)))
        finder.feed(reader.decode(data))
        if not data:
            break
    finder.close()
    yield from _inputs(finder, stream, base, first, get_output_encoding(reader.encoding))
    if reader.encoding == "replacement":
        raise SourceError(f"{stream.source.name} declares the replacement encoding, which browsers read as "
                          "one U+FFFD: it has no URLs")
    if reader.bad is not None:
        at, byte = reader.bad
        raise SourceError(f"{stream.source.name} is not valid {reader.encoding} (byte 0x{byte:02X} at "
                          f"byte {at + 1}); its bad bytes were read as U+FFFD")


def _inputs(finder: _Finder, stream: Stream, base: str | None, first: int, encoding: str) -> Iterator[Input]:
    document = base or _document_url(stream)
    document_base = document
    if finder.base is not None:
        with contextlib.suppress(URLError):  # the standard's fallback: the document's own URL
            document_base = parse(finder.base.strip(_SPACE), document, encoding=encoding).href
    for n, (attribute, text, anchors) in enumerate(finder.found, first):
        url_base = document if attribute == "base" else None if attribute == "itemtype" else document_base
        line = anchors[0][1]
        yield Input(n, text, stream.source, line, anchors[0][2], url_base, None, anchors, encoding,
                    finder.ignored.get(line, frozenset()))


def _document_url(stream: Stream) -> str:
    path = Path(stream.source.path or ".").resolve()
    return path.as_uri() + ("/" if stream.source.path is None else "")


class _Decoder:
    """Bytes to text in the document's encoding, found in its first block, with U+FFFD for
    bad bytes after noting where the first is."""

    def __init__(self, fallback: str | None) -> None:
        self.fallback = fallback
        self.encoding = "UTF-8"
        self.decoder: codecs.IncrementalDecoder | None = None
        self.started = False
        self.read = 0
        self.bad: tuple[int, int] | None = None

    def decode(self, data: bytes) -> str:
        if not self.started:
            self.started = True
            self.encoding, self.read = sniff(data, self.fallback)
            data = data[self.read:]
            self.decoder = decoder(self.encoding)
        if self.decoder is None:  # replacement
            return ""
        pending = len(self.decoder.getstate()[0])
        try:
            text = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as e:
            # The decoder is as it was: decode the same bytes again, replacing bad ones.
            self.bad = (self.read - pending + e.start, e.object[e.start])
            self.decoder.errors = "replace"
            text = self.decoder.decode(data, final=not data)
        self.read += len(data)
        return text


class _Finder(HTMLParser):
    """Collects (attribute, URL, anchors) for each URL in URL-valued attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, Anchors]] = []
        self.base: str | None = None
        # SVG's a, image and use take href and xlink:href as URLs only inside <svg> (HTML's
        # own <image> is an <img>), so the open <svg> elements are counted.
        self.svg = 0
        #: The codes suppressed on each line by a comment there (:mod:`urlgrammar.cli.check.rules`).
        self.ignored: dict[int, frozenset[str]] = {}

    def handle_comment(self, data: str) -> None:
        codes = suppressed(data)
        if codes:
            line = self.getpos()[0]
            self.ignored[line] = self.ignored.get(line, frozenset()) | codes

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "svg":
            self.svg += 1
        wanted = [(i, name, value) for i, (name, value) in enumerate(attrs)
                  if value is not None and self._holds_urls(tag, name, attrs)]
        if not wanted:
            return
        raw = self.get_starttag_text() or ""
        line, offset = self.getpos()
        places = _raw_values(raw, attrs)
        for i, name, value in wanted:
            if tag == "base" and name == "href":
                if self.base is None:
                    self.base = value
                name = "base"
            elif tag == "meta" and name == "content":
                name = "refresh"
            located = _Located(value, raw, places[i] if places else None, line, offset + 1)
            for start, end in _urls(name, value):
                self.found.append((name, value[start:end], located.anchors(start, end)))

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg" and self.svg:
            self.svg -= 1

    def _holds_urls(self, tag: str, name: str, attrs: list[tuple[str, str | None]]) -> bool:
        if tag == "meta" and name == "content":
            # https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-refresh
            return any(n == "http-equiv" and (v or "").lower() == "refresh" for n, v in attrs)
        if self.svg and name in SVG_URL_ATTRIBUTES:
            return tag in SVG_URL_ATTRIBUTES[name]
        elements = URL_ATTRIBUTES.get(name, frozenset())
        return elements is None or tag in elements


def _urls(attribute: str, value: str) -> Iterator[tuple[int, int]]:
    """The spans of the URLs in an attribute's value."""
    if attribute in ("ping", "itemtype"):  # space-separated tokens
        for m in _TOKENS.finditer(value):
            yield m.span()
    elif attribute in ("srcset", "imagesrcset"):
        yield from srcset_urls(value)
    elif attribute == "refresh":
        span = refresh_url(value)
        if span is not None:
            yield span
    else:  # "a valid URL potentially surrounded by spaces"
        start = len(value) - len(value.lstrip(_SPACE))
        end = len(value.rstrip(_SPACE))
        if start < end or not value:
            yield start, max(start, end)


def refresh_url(content: str) -> tuple[int, int] | None:
    """The span of the URL in a refresh ``content`` value, or None where it has none (the
    document's own URL) or is not a refresh: the "shared declarative refresh steps"
    (https://html.spec.whatwg.org/multipage/browsing-the-web.html#shared-declarative-refresh-steps).
    Trailing spaces are left out, as for a URL potentially surrounded by spaces."""
    n = len(content)
    at = _skip(content, 0)
    digits = at
    while at < n and content[at].isascii() and content[at].isdigit():
        at += 1
    if at == digits and content[at:at + 1] != ".":
        return None
    while at < n and (content[at] == "." or (content[at].isascii() and content[at].isdigit())):
        at += 1
    if at < n:
        if content[at] not in ";," + _SPACE:
            return None
        at = _skip(content, at)
        if content[at:at + 1] in (";", ","):
            at = _skip(content, at + 1)
    if at >= n:
        return None
    start = at
    if content[at:at + 3].lower() == "url":
        after = _skip(content, at + 3)
        if content[after:after + 1] == "=":
            start = _skip(content, after + 1)
    end = n
    if content[start:start + 1] in ("'", '"'):
        quote = content[start]
        start += 1
        close = content.find(quote, start)
        end = n if close < 0 else close
    return start, max(start, len(content[:end].rstrip(_SPACE)))


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in _SPACE:
        at += 1
    return at


def srcset_urls(value: str) -> Iterator[tuple[int, int]]:
    """The spans of the image candidates' URLs in a ``srcset`` value, as the standard's
    parser splits them (https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute):
    a URL is a run of non-space code points, trailing commas aside; descriptors follow up to a
    comma that is not inside parentheses."""
    n, i = len(value), 0
    while True:
        while i < n and (value[i] in _SPACE or value[i] == ","):
            i += 1
        if i >= n:
            return
        start = i
        while i < n and value[i] not in _SPACE:
            i += 1
        end = i
        if value[end - 1] == ",":
            end = len(value[start:end].rstrip(",")) + start
        else:
            depth = 0
            while i < n and (depth or value[i] != ","):
                depth = 1 if value[i] == "(" else 0 if value[i] == ")" else depth
                i += 1
        if start < end:
            yield start, end


def _raw_values(raw: str, attrs: list[tuple[str, str | None]]) -> list[tuple[int, int]] | None:
    """Where each attribute's value is in the raw start tag, or None where the tag's raw text
    does not show the attributes the parser read, in its order."""
    m = re.match(f"<[^{_SPACE}/>]+", raw)
    at = m.end() if m else 0
    places = []
    for name, value in attrs:
        found = _RAW_ATTRIBUTE.match(raw, at)
        if found is None or found.group(1).lower() != name or (found.group(2) is None) != (value is None):
            return None
        at = found.end()
        if value is None:
            places.append((at, at))
            continue
        if raw[at:at + 1] in ("'", '"'):
            close = raw.find(raw[at], at + 1)
            if close < 0:
                return None
            places.append((at + 1, close))
            at = close + 1
        else:
            end = _UNQUOTED.match(raw, at)
            assert end is not None  # it matches the empty string
            places.append((at, end.end()))
            at = end.end()
    return places


class _Located:
    """Where each code point of a decoded attribute value is in the document: anchors as in
    :class:`~urlgrammar.cli.check.sources.Input`, for the whole value."""

    def __init__(self, value: str, raw: str, place: tuple[int, int] | None, line: int, column: int) -> None:
        self.line, self.column = line, column
        self.breaks = [i + 1 for i, ch in enumerate(raw) if ch == "\n"]
        pieces = _pieces(raw[place[0]:place[1]], place[0]) if place is not None else []
        if pieces and pieces[-1][0] == len(value):
            self.all: Anchors = tuple(self._anchors(pieces))
        else:
            self.all = ((0, line, column, 0),)
        self.offsets = [a[0] for a in self.all]

    def _place(self, raw_offset: int) -> tuple[int, int]:
        k = bisect.bisect_right(self.breaks, raw_offset)
        if k == 0:
            return self.line, self.column + raw_offset
        return self.line + k, raw_offset - self.breaks[k - 1] + 1

    def _anchors(self, pieces: list[tuple[int, int, int]]) -> Iterator[tuple[int, int, int, int]]:
        for k, (decoded, raw, step) in enumerate(pieces):
            yield (decoded, *self._place(raw), step)
            if step and k + 1 < len(pieces):  # a line break inside the run starts a new anchor
                raw_end = raw + pieces[k + 1][0] - decoded
                first, last = bisect.bisect_right(self.breaks, raw), bisect.bisect_left(self.breaks, raw_end)
                for b in self.breaks[first:last]:
                    yield (decoded + b - raw, *self._place(b), 1)

    def anchors(self, start: int, end: int) -> Anchors:
        """The anchors of the value's text from ``start`` to ``end``, offsets from ``start``."""
        i = max(bisect.bisect_right(self.offsets, start) - 1, 0)
        offset, line, column, step = self.all[i]
        out = [(0, line, column + step * (start - offset), step)]
        last = bisect.bisect_right(self.offsets, end)
        out.extend((a[0] - start, a[1], a[2], a[3]) for a in self.all[i + 1:last])
        return tuple(out)


def _pieces(raw_value: str, at: int) -> list[tuple[int, int, int]]:
    """Runs of a raw attribute value: (decoded offset, raw offset, step), step 0 for the text a
    character reference stands for, 1 for text as it is. A reference starts at a '&' and has
    no other '&' in it, so the value decodes piece by piece from one '&' to the next."""
    out: list[tuple[int, int, int]] = []
    decoded = 0
    start = 0
    while start < len(raw_value):
        stop = raw_value.find("&", start + 1)
        stop = len(raw_value) if stop < 0 else stop
        piece = raw_value[start:stop]
        text = html.unescape(piece)
        used = _reference_length(piece, text) if piece.startswith("&") and text != piece else 0
        if used:
            out.append((decoded, at + start, 0))
            decoded += len(text) - (len(piece) - used)
        out.append((decoded, at + start + used, 1))
        decoded += len(piece) - used
        start = stop
    out.append((decoded, at + len(raw_value), 1))
    return out


def _reference_length(piece: str, text: str) -> int:
    """How much of ``piece`` (which starts with '&') the character reference at its start is:
    the shortest prefix that, decoded, followed by the rest as it is, gives ``text``."""
    for j in range(2, min(len(piece), 40) + 1):
        rest = piece[j:]
        if text.endswith(rest) and html.unescape(piece[:j]) == text[:len(text) - len(rest)]:
            return j
    return len(piece)
