"""Percent-encoding (https://url.spec.whatwg.org/#percent-encoded-bytes); decoding is
:mod:`urlgrammar.encoding.decode`.

Encoding runs on every component of every URL, so its common case is cheap: a component in
which no code point is in the set is returned as it is, after one regular-expression search.
Otherwise the text is encoded once and every byte looked up in a table of 256 strings, which
keeps the work linear in the length of the text.

A Python string may hold surrogate code points, which a URL never does: the standard's input is
a scalar value string, and a browser turns a lone surrogate of its UTF-16 strings into U+FFFD
(https://infra.spec.whatwg.org/#javascript-string-convert). Here every surrogate code point
stands for U+FFFD, so that no function raises for any ``str``.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Final

from urlgrammar.encoding.encoders import ISO2022JPEncoder, StatelessEncoder, get_encoder
from urlgrammar.encoding.labels import get_encoding, get_output_encoding
from urlgrammar.model.code_points import C0_CONTROLS, DELETE, SURROGATE
from urlgrammar.model.component_characters import DELIMITER, ENCODED, FIXED, having


def scalar_values(s: str) -> str:
    """``s`` with every surrogate code point replaced by U+FFFD: a JavaScript string converted
    to a scalar value string (https://infra.spec.whatwg.org/#javascript-string-convert), as a
    USVString argument of the URL API is."""
    # An ASCII string, the common case, is told apart much faster than a search can run.
    return s if s.isascii() else SURROGATE.sub("\ufffd", s)


def utf8(s: str) -> bytes:
    """The UTF-8 encoding of ``s``, a surrogate code point counting as U+FFFD."""
    return s.encode("utf-8", _AS_REPLACEMENT)


def _as_replacement(error: UnicodeError) -> tuple[bytes, int]:
    """A UTF-8 encoding error handler: U+FFFD's bytes for each code point the codec cannot
    encode (the surrogates), asked once per run of them, not once per code point as a search
    and replace of each would be. (The codec takes bytes from a handler, and a str of ASCII
    only.)"""
    if not isinstance(error, UnicodeEncodeError):  # pragma: no cover - registered for encoding only
        raise error
    return _REPLACEMENT * (error.end - error.start), error.end


_REPLACEMENT = "\ufffd".encode()


#: The name :func:`_as_replacement` is registered under (module-qualified: the registry is
#: the process's).
_AS_REPLACEMENT = "urlgrammar.encoding.percent.as_replacement"
codecs.register_error(_AS_REPLACEMENT, _as_replacement)


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

    __slots__ = ("_bytes", "_bytes_plus", "_joiners", "_search", "_search_plus", "ascii", "name")

    def __init__(self, name: str, ascii_members: Iterable[str]) -> None:
        self.name = name
        self.ascii: frozenset[str] = frozenset(ascii_members)
        if not all(len(c) == 1 and c < "\x7f" for c in self.ascii):
            raise ValueError("give the members of a percent-encode set up to U+007E")
        allowed = "".join(c for c in map(chr, range(0x7F)) if c not in self.ascii)
        #: The code points that may join texts encoded as one (:func:`utf8_percent_encode_each`):
        #: outside the set, so kept as they are, and not written by a percent-encoding.
        self._joiners = "".join(c for c in allowed if c not in "%0123456789ABCDEF")
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

    def holds_any(self, s: str) -> bool:
        """Whether some code point of ``s`` is in the set: whether encoding changes ``s``,
        known from one search, without encoding it."""
        return self._search(s) is not None

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
    data = utf8(s[start:])
    if _ASCII.search(s, start) is None:
        # Every byte is above 0x7F, which every set encodes (a path of lone surrogates or of
        # CJK): each byte's hex digits, in one call.
        return f"{s[:start]}%{data.hex('%').upper()}"
    # Latin-1 turns each byte into the code point of the same value, which translate() maps.
    return s[:start] + data.decode("latin-1").translate(byte_table)


_ASCII = re.compile("[\x00-\x7f]")


#: How many values :func:`utf8_percent_encode_each` encodes one at a time.
_FEW: Final = 8


def utf8_percent_encode_each(values: Sequence[str], encode_set: PercentEncodeSet) -> list[str]:
    """:func:`utf8_percent_encode` of each of ``values`` using ``encode_set``
    (https://url.spec.whatwg.org/#string-utf-8-percent-encode), a value in which no code point
    is in the set kept as the same object.

    The values are encoded as one text, joined by a code point that none of them holds and
    that the set keeps as it is, and split again: one search and one translation for all of
    them, where a path of many segments would take a call each. A few values are encoded one
    at a time, which costs less than the joins.
    """
    if len(values) <= _FEW:
        return [utf8_percent_encode(v, encode_set) for v in values]
    joined = "".join(values)
    separator = next((c for c in encode_set._joiners if c not in joined), None)
    if separator is None:  # the values hold every code point that could join them
        return [utf8_percent_encode(v, encode_set) for v in values]
    text = separator.join(values)
    encoded = utf8_percent_encode(text, encode_set)
    if encoded is text:
        return list(values)
    # Encoding lengthens a value it changes, so an equal one is a value it kept.
    return [v if e == v else e for v, e in zip(values, encoded.split(separator), strict=True)]


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
    return percent_encoder(encoding, encode_set, space_as_plus)(s)


def percent_encoder(encoding: str, encode_set: PercentEncodeSet,
                    space_as_plus: bool | None = None) -> Callable[[str], str]:
    """:func:`percent_encode_after_encoding` of ``encoding`` and ``encode_set``, as a function
    of the string alone: the label is looked up and the tables chosen once, for a caller that
    encodes many strings (https://url.spec.whatwg.org/#concept-urlencoded-serializer encodes
    every name and value of a list). Raises LookupError for an unknown label."""
    name = get_encoding(encoding)
    if name is None:
        raise LookupError(f"unknown encoding label {encoding!r}")
    name = get_output_encoding(name)
    if space_as_plus is None:
        space_as_plus = encode_set is FORM_URLENCODED_SET
    search = encode_set._search_plus if space_as_plus else encode_set._search
    byte_table = encode_set._bytes_plus if space_as_plus else encode_set._bytes
    # A code point outside the set is ASCII, and every encoder, ISO-2022-JP's in its initial
    # state included, maps an ASCII code point to the byte of the same value: up to the first
    # code point in the set, the text stays as it is.
    encoder = None if name == "UTF-8" else get_encoder(name)
    if encoder is None:
        def encode(s: str) -> str:
            match = search(s)
            return s if match is None else _utf8_encode_from(s, match.start(), byte_table)
    elif isinstance(encoder, ISO2022JPEncoder):
        def encode(s: str) -> str:
            match = search(s)
            if match is None:
                return s
            start = match.start()
            # Each string is encoded on its own, from the encoder's initial state.
            return s[:start] + _encode_iso_2022_jp(ISO2022JPEncoder(), s[start:], byte_table)
    else:
        table = _legacy_table(encoder, encode_set, space_as_plus)

        def encode(s: str) -> str:
            match = search(s)
            if match is None:
                return s
            start = match.start()
            return s[:start] + s[start:].translate(table)
    return encode


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
