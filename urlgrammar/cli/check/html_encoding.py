"""An HTML document's character encoding, found as a browser finds it, and its decoding.

HTML Standard, determining the character encoding
(https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding): a byte
order mark, then a ``<meta charset>`` or ``<meta http-equiv=content-type content=...>`` in the
first 1024 bytes (the prescan), then ``--encoding``, else UTF-8. There is no transport layer
here (a file has no Content-Type), and where a browser would guess from the user's locale a
checker gives the same answer on every machine. A ``<meta>`` after the first 1024 bytes, which
would make a browser start over ("changing the encoding while parsing"), is not looked for.

The encoding is also the document's query encoding: URLs in it are parsed with it
(https://url.spec.whatwg.org/#concept-basic-url-parser, "encoding").
"""

from __future__ import annotations

import codecs

from urlgrammar.encoding.labels import get_encoding, python_codec

#: The prescan looks no further (the standard encourages user agents to stop there).
PRESCAN_BYTES = 1024
_SPACE = b"\t\n\f\r "
_BOMS = ((b"\xef\xbb\xbf", "UTF-8"), (b"\xfe\xff", "UTF-16BE"), (b"\xff\xfe", "UTF-16LE"))


def sniff(head: bytes, fallback: str | None = None) -> tuple[str, int]:
    """The encoding of the document that starts with ``head`` (an encoding's name) and the
    length of its byte order mark. ``fallback`` (a name) is used when neither says."""
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name, len(bom)
    return prescan(head[:PRESCAN_BYTES]) or fallback or "UTF-8", 0


class _End(Exception):
    """The prescan ran past its bytes: it finds nothing."""


class _Bytes:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise _End
        return self.data[self.at]

    def startswith(self, prefix: bytes) -> bool:
        return self.data[self.at:self.at + len(prefix)].lower() == prefix

    def skip_to(self, stop: bytes) -> None:
        while self.byte() not in stop:
            self.at += 1


def prescan(data: bytes) -> str | None:
    """The encoding ``data`` declares, or None: "prescan a byte stream to determine its
    encoding" (https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding)."""
    b = _Bytes(data)
    try:
        while b.at < len(data):
            if b.startswith(b"<!--"):
                end = data.find(b"-->", b.at + 2)
                if end < 0:
                    return None
                b.at = end + 2
            elif b.startswith(b"<meta") and b.at + 5 < len(data) and data[b.at + 5] in _SPACE + b"/":
                b.at += 5
                found = _meta(b)
                if found is not None:
                    return found
            elif b.startswith(b"<") and _letter(data, b.at + 1 + b.startswith(b"</")):
                b.skip_to(_SPACE + b">")
                while _attribute(b) is not None:
                    pass
            elif b.startswith(b"<!") or b.startswith(b"</") or b.startswith(b"<?"):
                b.skip_to(b">")
            b.at += 1
    except _End:
        return None
    return None


def _letter(data: bytes, at: int) -> bool:
    return data[at:at + 1].isalpha()


def _meta(b: _Bytes) -> str | None:
    """The prescan's steps for a ``<meta>``: the encoding it declares, or None."""
    names: set[bytes] = set()
    got_pragma, need_pragma, charset = False, None, None
    while (attribute := _attribute(b)) is not None:
        name, value = attribute
        if name in names:
            continue
        names.add(name)
        if name == b"http-equiv":
            got_pragma = got_pragma or value == b"content-type"
        elif name == b"content":
            found = extract_encoding(value.decode("latin-1"))
            if found is not None and charset is None:
                charset, need_pragma = found, True
        elif name == b"charset":
            charset, need_pragma = get_encoding(value.decode("latin-1")) or "", False
    if need_pragma is None or (need_pragma and not got_pragma) or not charset:
        return None
    if charset in ("UTF-16BE", "UTF-16LE"):
        return "UTF-8"
    return "windows-1252" if charset == "x-user-defined" else charset


def _attribute(b: _Bytes) -> tuple[bytes, bytes] | None:
    """"Get an attribute" (https://html.spec.whatwg.org/multipage/parsing.html#concept-get-attributes-when-sniffing):
    a name and value, lowercased, or None at the tag's ``>``."""
    while b.byte() in _SPACE + b"/":
        b.at += 1
    if b.byte() == 0x3E:
        return None
    name = bytearray()
    while True:
        c = b.byte()
        if c == 0x3D and name:
            b.at += 1
            break
        if c in _SPACE:
            while b.byte() in _SPACE:
                b.at += 1
            if b.byte() != 0x3D:
                return bytes(name), b""
            b.at += 1
            break
        if c in b"/>":
            return bytes(name), b""
        name.append(c + 32 if 0x41 <= c <= 0x5A else c)
        b.at += 1
    while b.byte() in _SPACE:
        b.at += 1
    value = bytearray()
    quote = b.byte()
    if quote in b"\"'":
        while True:
            b.at += 1
            c = b.byte()
            if c == quote:
                b.at += 1
                return bytes(name), bytes(value)
            value.append(c + 32 if 0x41 <= c <= 0x5A else c)
    if quote == 0x3E:
        return bytes(name), b""
    while (c := b.byte()) not in _SPACE + b">":
        value.append(c + 32 if 0x41 <= c <= 0x5A else c)
        b.at += 1
    return bytes(name), bytes(value)


def extract_encoding(content: str) -> str | None:
    """The encoding a ``content`` attribute names: "extract a character encoding from a meta
    element" (https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element)."""
    lower, at = content.lower(), 0
    while (found := lower.find("charset", at)) >= 0:
        at = found + 7
        while at < len(content) and content[at] in "\t\n\f\r ":
            at += 1
        if content[at:at + 1] != "=":
            continue
        at += 1
        while at < len(content) and content[at] in "\t\n\f\r ":
            at += 1
        if at == len(content):
            return None
        if content[at] in "\"'":
            close = content.find(content[at], at + 1)
            return None if close < 0 else get_encoding(content[at + 1:close])
        end = at
        while end < len(content) and content[end] not in "\t\n\f\r ;":
            end += 1
        return get_encoding(content[at:end])
    return None


def decoder(encoding: str) -> codecs.IncrementalDecoder | None:
    """A decoder for ``encoding`` (an encoding's name), or None for replacement, whose
    decoder gives one U+FFFD for the whole document (https://encoding.spec.whatwg.org/#replacement)."""
    codec = python_codec(encoding)
    if codec is None:
        return None
    if codec == "cp1252":
        # The standard's windows-1252 maps the five bytes Python's cp1252 leaves out to the C1
        # controls of the same number (https://encoding.spec.whatwg.org/index-windows-1252.txt).
        return codecs.getincrementaldecoder(codec)(errors=_C1)
    return codecs.getincrementaldecoder(codec)()


def _c1(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeDecodeError):
        raise error
    byte = error.object[error.start]
    if byte not in (0x81, 0x8D, 0x8F, 0x90, 0x9D):
        raise error
    return chr(byte), error.start + 1


_C1 = "urlgrammar-windows-1252"
codecs.register_error(_C1, _c1)
