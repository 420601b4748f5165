"""Percent-encoding and percent-decoding (https://url.spec.whatwg.org/#percent-encoded-bytes).

Encoding runs on every component of every URL, so its common case is cheap: a component in
which no code point is in the set is returned as it is, after one regular-expression search.
Otherwise the text is encoded once and every byte looked up in a table of 256 strings, which
keeps the work linear in the length of the text. Decoding reads the text with the
percent-encoded string grammar (``grammars/pct.lark``), or not at all when there is no `%`.

A Python string may hold surrogate code points, which a URL never does: the standard's input is
a scalar value string, and a browser turns a lone surrogate of its UTF-16 strings into U+FFFD
(https://infra.spec.whatwg.org/#javascript-string-convert). Here every surrogate code point
stands for U+FFFD, so that no function raises for any ``str``.
"""

from __future__ import annotations

import codecs
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import Final, NamedTuple

from urlgrammar.encoding.encoders import ISO2022JPEncoder, StatelessEncoder, get_encoder
from urlgrammar.encoding.labels import get_encoding, get_output_encoding
from urlgrammar.model.code_points import C0_CONTROLS, DELETE, SURROGATE
from urlgrammar.model.component_characters import DELIMITER, ENCODED, FIXED, having
from urlgrammar.model.record import Span
from urlgrammar.syntax.grammars import matcher, terminal_pattern
from urlgrammar.syntax.lalr import Tok


def scalar_values(s: str) -> str:
    """``s`` with every surrogate code point replaced by U+FFFD: a JavaScript string converted
    to a scalar value string (https://infra.spec.whatwg.org/#javascript-string-convert), as a
    USVString argument of the URL API is."""
    return SURROGATE.sub("\ufffd", s)


def _utf8(s: str) -> bytes:
    """The UTF-8 encoding of ``s``, a surrogate code point counting as U+FFFD."""
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError:
        return scalar_values(s).encode("utf-8")


def _percent_encode_byte(byte: int) -> str:
    """https://url.spec.whatwg.org/#percent-encode: `%` and two ASCII upper hex digits."""
    return f"%{byte:02X}"


def _search_outside(allowed: str) -> Callable[[str], re.Match[str] | None]:
    """The ``search`` of a pattern for any code point not in ``allowed``."""
    return re.compile(f"[^{re.escape(allowed)}]" if allowed else "(?s:.)").search


class PercentEncodeSet:
    """A percent-encode set (https://url.spec.whatwg.org/#percent-encode-set).

    Every set of the standard holds all code points above U+007E (~), so a set is given by its
    members up to U+007E, ``ascii``. ``c in s`` tests a one-code-point string.
    """

    __slots__ = ("_bytes", "_bytes_plus", "_search", "_search_plus", "ascii", "name")

    def __init__(self, name: str, ascii_members: Iterable[str]) -> None:
        self.name = name
        self.ascii: frozenset[str] = frozenset(ascii_members)
        if not all(len(c) == 1 and c < "\x7f" for c in self.ascii):
            raise ValueError("give the members of a percent-encode set up to U+007E")
        allowed = "".join(c for c in map(chr, range(0x7F)) if c not in self.ascii)
        #: Finds the first code point of a string that is in the set.
        self._search = _search_outside(allowed)
        #: The same, counting U+0020 SPACE in as well (for space-as-plus).
        self._search_plus = _search_outside(allowed.replace(" ", ""))
        #: What each byte becomes: the code point of the same value if that is not in the set,
        #: else its percent-encoding (https://url.spec.whatwg.org/#string-percent-encode-after-encoding).
        self._bytes: tuple[str, ...] = tuple(
            chr(b) if b < 0x7F and chr(b) not in self.ascii else _percent_encode_byte(b)
            for b in range(256))
        self._bytes_plus = (*self._bytes[:0x20], "+", *self._bytes[0x21:])

    def __contains__(self, item: object) -> bool:
        return isinstance(item, str) and len(item) == 1 and (item > "\x7e" or item in self.ascii)

    def __repr__(self) -> str:
        return f"<PercentEncodeSet {self.name}>"


def _from_table(column: str, statuses: str, but: str = "") -> frozenset[str]:
    """The C0 controls, and the code points whose status in ``column`` of URL Specification §
    Component Characters is one of ``statuses`` (less ``but``).

    The spec says a component's F and E code points are percent-encoded, and marks its
    delimiters n/a (-), as they end it; we encode its delimiters too (all but the path's `/`),
    as the WHATWG sets do, because a setter's value runs on past them (the search setter's
    `a#b` is `?a%23b`). The table marks tab and newline n/a, as preprocessing removes them; the
    sets hold them, as C0 controls, because the username and password setters do not remove
    them. The E of `'` in the query is special URLs' only (the spec's note), so the query set
    holds the query's F and - and the special-query set adds its E. DEL (F everywhere) is
    above U+007E: every set holds it already.
    """
    return frozenset(C0_CONTROLS) | {c for c in having(column, statuses) if c < DELETE} - set(but)


#: https://url.spec.whatwg.org/#c0-control-percent-encode-set — the C0 controls and all code
#: points above U+007E (~).
C0_CONTROL_SET: Final = PercentEncodeSet("C0 control", C0_CONTROLS)
#: https://url.spec.whatwg.org/#fragment-percent-encode-set
FRAGMENT_SET: Final = PercentEncodeSet("fragment", _from_table("fragment", FIXED + ENCODED))
#: https://url.spec.whatwg.org/#query-percent-encode-set — unlike the fragment set, without `.
QUERY_SET: Final = PercentEncodeSet("query", _from_table("query", FIXED + DELIMITER))
#: https://url.spec.whatwg.org/#special-query-percent-encode-set
SPECIAL_QUERY_SET: Final = PercentEncodeSet("special-query",
                                            _from_table("query", FIXED + DELIMITER + ENCODED))
#: https://url.spec.whatwg.org/#path-percent-encode-set
PATH_SET: Final = PercentEncodeSet("path", _from_table("dir", FIXED + ENCODED + DELIMITER, "/"))
#: https://url.spec.whatwg.org/#userinfo-percent-encode-set
USERINFO_SET: Final = PercentEncodeSet("userinfo", _from_table("username", FIXED + ENCODED + DELIMITER))
#: https://url.spec.whatwg.org/#component-percent-encode-set — with UTF-8, the same as
#: JavaScript's encodeURIComponent().
COMPONENT_SET: Final = PercentEncodeSet("component", USERINFO_SET.ascii | set("$%&+,"))
#: https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set — all
#: code points but the ASCII alphanumerics, `*`, `-`, `.` and `_`.
FORM_URLENCODED_SET: Final = PercentEncodeSet(
    "application/x-www-form-urlencoded", COMPONENT_SET.ascii | set("!'()~"))


def utf8_percent_encode(s: str, encode_set: PercentEncodeSet) -> str:
    """UTF-8 percent-encode ``s`` using ``encode_set``.

    https://url.spec.whatwg.org/#string-utf-8-percent-encode. Returns ``s`` itself when no code
    point of it is in the set.
    """
    match = encode_set._search(s)
    if match is None:
        return s
    return _utf8_encode_from(s, match.start(), encode_set._bytes)


def _utf8_encode_from(s: str, start: int, byte_table: tuple[str, ...]) -> str:
    """``s[:start]``, which needs no encoding, and the rest UTF-8 encoded through the table."""
    data = _utf8(s[start:])
    # Latin-1 turns each byte into the code point of the same value, which translate() maps.
    return s[:start] + data.decode("latin-1").translate(byte_table)


def percent_encode_after_encoding(
    encoding: str,
    s: str,
    encode_set: PercentEncodeSet,
    space_as_plus: bool | None = None,
) -> str:
    """Percent-encode ``s`` after encoding it with ``encoding``, using ``encode_set``.

    https://url.spec.whatwg.org/#string-percent-encode-after-encoding. ``encoding`` is any
    label of an encoding (https://encoding.spec.whatwg.org/#names-and-labels); it is replaced
    by its output encoding, so UTF-16 and replacement mean UTF-8, as for a document's query
    encoding. A code point the encoding cannot represent becomes ``%26%23``, its decimal
    value and ``%3B`` — the HTML numeric character reference, percent-encoded whatever the
    set. Bytes are percent-encoded when the code point of the same value is in the set, and
    a 0x20 byte becomes `+` when ``space_as_plus``, which by default is what the standard
    says: true for the application/x-www-form-urlencoded set only.

    The standard only pairs an encoding other than UTF-8 with the special-query and the
    application/x-www-form-urlencoded sets; other pairs work the same way.
    Raises LookupError for an unknown label.
    """
    name = get_encoding(encoding)
    if name is None:
        raise LookupError(f"unknown encoding label {encoding!r}")
    name = get_output_encoding(name)
    if space_as_plus is None:
        space_as_plus = encode_set is FORM_URLENCODED_SET
    search = encode_set._search_plus if space_as_plus else encode_set._search
    match = search(s)
    # A code point outside the set is ASCII, and every encoder, ISO-2022-JP's in its initial
    # state included, maps an ASCII code point to the byte of the same value.
    if match is None:
        return s
    start = match.start()
    byte_table = encode_set._bytes_plus if space_as_plus else encode_set._bytes
    if name == "UTF-8":
        return _utf8_encode_from(s, start, byte_table)
    encoder = get_encoder(name)
    if isinstance(encoder, ISO2022JPEncoder):
        return s[:start] + _encode_iso_2022_jp(encoder, s[start:], byte_table)
    return s[:start] + s[start:].translate(_legacy_table(encoder, encode_set, space_as_plus))


def _error(code_point: int) -> str:
    """An encoder error, as the percent-encoded HTML numeric character reference."""
    return f"%26%23{code_point}%3B"


#: The most code points a table of :func:`_legacy_table` remembers: text in one legacy
#: encoding uses few, and a text with many distinct ones must not grow the cache without end.
_LEGACY_CACHE_LIMIT: Final = 1 << 14


class _LegacyTable(dict[int, str]):
    """For ``str.translate``: each code point's output, computed when first needed."""

    __slots__ = ("_byte_table", "_encode")

    def __init__(self, encode: Callable[[int], bytes | None], byte_table: tuple[str, ...]) -> None:
        super().__init__()
        self._encode = encode
        self._byte_table = byte_table

    def __missing__(self, code_point: int) -> str:
        if 0xD800 <= code_point <= 0xDFFF:
            code_point = 0xFFFD
        data = self._encode(code_point)
        out = _error(code_point) if data is None else "".join(
            self._byte_table[b] for b in data)
        if len(self) < _LEGACY_CACHE_LIMIT:
            self[code_point] = out
        return out


@cache
def _legacy_table(
    encoder: StatelessEncoder, encode_set: PercentEncodeSet, space_as_plus: bool,
) -> _LegacyTable:
    return _LegacyTable(
        encoder.encode, encode_set._bytes_plus if space_as_plus else encode_set._bytes)


def _encode_iso_2022_jp(encoder: ISO2022JPEncoder, s: str, byte_table: tuple[str, ...]) -> str:
    """The standard's loop of "encode or fail" for the one encoder that keeps a state.

    https://encoding.spec.whatwg.org/#encode-or-fail: after an error the same encoder goes on,
    in the state it was left in (ASCII, as the standard makes sure).
    """
    out: list[str] = []
    for c in scalar_values(s):
        data, error = encoder.encode(ord(c))
        out.extend(byte_table[b] for b in data)
        if error is not None:
            out.append(_error(error))
    out.extend(byte_table[b] for b in encoder.finish())
    return "".join(out)


# ---- Percent-decoding -------------------------------------------------------------------------


class _Terminals:
    """What the parser builds from a percent-encoded string (grammar ``pct``, start
    ``pct_encoded_string``): its terminals, in order, each rule giving the one it holds."""

    def pct_encoded_string(self, parts: list[Tok]) -> list[Tok]:
        return parts

    def pct_encoded_bytes(self, tokens: list[Tok]) -> Tok:
        return tokens[0]

    pct_invalid = uncoded = pct_encoded_bytes


def pct_tokens(text: str) -> list[Tok]:
    """The terminals of ``text`` read as a percent-encoded-string (``grammars/pct.lark``):
    PCT_ENCODED_BYTES, PCT_INVALID and UNCODED, each with its position."""
    # The compiled pattern, as for the URL grammars (the lean driver where it is not current).
    tokens: list[Tok] = matcher("pct", _Terminals).parse(text, "pct_encoded_string")
    return tokens


def pct_invalid(text: str) -> tuple[tuple[int, int], ...]:
    """The spans of the ``pct_invalid`` terminals of ``text`` read as a percent-encoded-string:
    each `%` not followed by two hex digits, with the hex digit that follows it, if any."""
    if "%" not in text:
        return ()
    return tuple((t.start_pos, t.end_pos) for t in pct_tokens(text) if t.type == "PCT_INVALID")


#: The code points :func:`pct_invalid_spans` reads at a time, at least (a piece ends at a `%`).
PIECE = 8192


def pct_invalid_spans(text: str) -> Iterator[Span]:
    """:func:`pct_invalid`'s spans one at a time, the text read in pieces of about
    :data:`PIECE` code points, so that a long text's terminals are never all held at once.

    Each piece but the last ends just before a `%`, which changes no ``pct_invalid``: every `%`
    starts a terminal (UNCODED holds none, and what follows the `%` of PCT_INVALID is a hex
    digit), or a byte of a PCT_ENCODED_BYTES run, which cut in two is two runs of bytes.
    """
    start, n = 0, len(text)
    while start < n:
        cut = text.find("%", start + PIECE) if n - start > PIECE else -1
        end = n if cut < 0 else cut
        for a, b in pct_invalid(text[start:end]):
            yield start + a, start + b
        start = end


def _token_bytes(token: Tok) -> bytes:
    if token.type == "PCT_ENCODED_BYTES":
        return bytes.fromhex(token.value.replace("%", ""))
    if token.type == "PCT_INVALID":
        # A `%` that does not start two hex digits stands for itself: `%` or `%` and one digit.
        return token.value.encode("ascii")
    return _utf8(token.value)


class SpannedDecoding(NamedTuple):
    """A string percent-decoded and UTF-8 decoded, with the span of the input each code point
    came from (``starts[i]``..``ends[i]``), and the span from the first percent-encoded byte
    to the last."""

    text: str
    starts: Sequence[int]
    ends: Sequence[int]
    encoded: Span


def percent_decode_spans(s: str) -> SpannedDecoding | None:
    """https://url.spec.whatwg.org/#string-percent-decode, then UTF-8 decode without BOM,
    keeping spans (for the host parser's errors); None when nothing in ``s`` is
    percent-encoded bytes. Each run of them is decoded on its own: a run never ends in the
    middle of a code point of the text around it, which starts with a lead byte or ASCII.

    The text is read in pieces (:func:`_pieces`) and the spans kept as machine integers, so
    that a host of a megabyte holds no object per code point."""
    if _encoded_bytes().search(s) is None:
        return None
    chars: list[str] = []
    starts = array("q")
    ends = array("q")
    encoded: list[int] = []
    for offset, piece in _pieces(s):
        for terminal in pct_tokens(piece):
            token, position = terminal.value, offset + terminal.start_pos
            if terminal.type != "PCT_ENCODED_BYTES":
                chars.append(token)
                starts.extend(range(position, position + len(token)))
                ends.extend(range(position + 1, position + len(token) + 1))
                continue
            encoded += [position, position + len(token)]
            _decode_run(token, position, chars, starts, ends)
    return SpannedDecoding("".join(chars), starts, ends, (encoded[0], encoded[-1]))


def _decode_run(token: str, position: int, chars: list[str], starts: array[int], ends: array[int]) -> None:
    """One run of percent-encoded bytes, UTF-8 decoded: each code point spans the bytes that
    made it (a U+FFFD the bytes of the sequence it replaces)."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    pending = position
    for k in range(0, len(token), 3):
        out = decoder.decode(bytes.fromhex(token[k + 1:k + 3]), final=k + 3 == len(token))
        if out:
            chars.append(out)
            starts.extend([pending] * len(out))
            ends.extend([position + k + 3] * len(out))
            pending = position + k + 3


@cache
def _encoded_bytes() -> re.Pattern[str]:
    """The grammar's PCT_ENCODED_BYTES terminal (grammars/pct.lark)."""
    return re.compile(terminal_pattern("pct", "PCT_ENCODED_BYTES"))


def _pieces(text: str) -> Iterator[tuple[int, str]]:
    """``text`` in pieces of about :data:`PIECE` code points, with their offsets, each but the
    last ending just before a `%` that follows no percent-encoded byte: there every terminal
    of the percent-encoded-string grammar starts afresh, and no run of encoded bytes (one
    UTF-8 sequence, perhaps) is cut in two."""
    start, n = 0, len(text)
    while start < n:
        cut = text.find("%", start + PIECE) if n - start > PIECE else -1
        while cut >= 0 and _encoded_bytes().fullmatch(text, cut - 3, cut) is not None:
            cut = text.find("%", cut + 1)
        end = n if cut < 0 else cut
        yield start, text[start:end]
        start = end


def percent_decode(s: str) -> bytes:
    """Percent-decode the UTF-8 encoding of ``s``.

    https://url.spec.whatwg.org/#string-percent-decode (and
    https://url.spec.whatwg.org/#percent-decode for the bytes): each `%` followed by two hex
    digits becomes the byte they give; any other `%` stays as it is.
    """
    if "%" not in s:
        return _utf8(s)
    return b"".join(map(_token_bytes, pct_tokens(s)))


def percent_decode_str(s: str) -> str:
    """Percent-decode ``s`` and UTF-8 decode without BOM the bytes.

    https://url.spec.whatwg.org/#string-percent-decode, then
    https://encoding.spec.whatwg.org/#utf-8-decode-without-bom: bytes that are not UTF-8 become
    U+FFFD, and a leading byte order mark stays. Returns ``s`` itself when it has no `%` (and
    no surrogate code point).
    """
    if "%" not in s:
        return s if s.isascii() or SURROGATE.search(s) is None else scalar_values(s)
    return percent_decode(s).decode("utf-8", "replace")
