"""Encoding Standard encoders (https://encoding.spec.whatwg.org/#get-an-encoder: code point in, bytes
or error out), for https://url.spec.whatwg.org/#string-percent-encode-after-encoding.

They rest on Python's codecs, corrected where a codec and the standard's index
(https://encoding.spec.whatwg.org/#indexes) disagree. Each correction was checked against the index
files of the Encoding Standard; the comments next to the data say which differences there are and why.
Where an encoder is built from a codec's *decoding* table, it is because the standard defines the
encoder as the inverse of its index ("the index pointer": the first pointer for a code point), and a
decoding table is an index; a codec's own encoder makes its own choices between duplicates.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from functools import cache
from typing import Final, TypeAlias

from urlgrammar.encoding.labels import ENCODING_LABELS, python_codec


class StatelessEncoder:
    """An encoder whose bytes for a code point do not depend on the code points before it.

    That is every encoder of the standard but ISO-2022-JP's. ``encode`` gives a scalar value's
    bytes, or None for an error (the standard's "error with code point").
    """

    __slots__ = ("encode",)

    def __init__(self, encode: Callable[[int], bytes | None]) -> None:
        self.encode = encode


class ISO2022JPEncoder:
    """An instance of ISO-2022-JP's encoder, which keeps a state between code points
    (https://encoding.spec.whatwg.org/#iso-2022-jp-encoder)."""

    ASCII: Final = "ASCII"
    ROMAN: Final = "Roman"
    JIS0208: Final = "jis0208"

    __slots__ = ("state",)

    def __init__(self) -> None:
        self.state = self.ASCII

    def encode(self, code_point: int) -> tuple[bytes, int | None]:
        """The bytes for ``code_point``, and the code point to report if it is an error.

        The standard's "restore code point to ioQueue" after a change of state is the call
        to :meth:`_switch`, which emits the escape sequence and handles the code point again.
        """
        state = self.state
        if state != self.JIS0208 and code_point in (0x0E, 0x0F, 0x1B):
            # The standard reports U+FFFD here, not the code point, to prevent attacks.
            return b"", 0xFFFD
        if state == self.ASCII and code_point < 0x80:
            return bytes((code_point,)), None
        if state == self.ROMAN:
            if code_point < 0x80 and code_point not in (0x5C, 0x7E):
                return bytes((code_point,)), None
            if code_point == 0xA5:
                return b"\x5c", None
            if code_point == 0x203E:
                return b"\x7e", None
        if code_point < 0x80:
            return self._switch(self.ASCII, b"\x1b(B", code_point)
        if code_point in (0xA5, 0x203E):
            return self._switch(self.ROMAN, b"\x1b(J", code_point)
        if code_point == 0x2212:
            code_point = 0xFF0D
        if 0xFF61 <= code_point <= 0xFF9F:
            code_point = _iso_2022_jp_katakana(code_point)
        pointer = _jis0208_pointers().get(code_point)
        if pointer is None:
            if state == self.JIS0208:
                return self._switch(self.ASCII, b"\x1b(B", code_point)
            return b"", code_point
        if state != self.JIS0208:
            return self._switch(self.JIS0208, b"\x1b$B", code_point)
        return bytes((pointer // 94 + 0x21, pointer % 94 + 0x21)), None

    def finish(self) -> bytes:
        """The bytes for end-of-queue: back to the ASCII state if not in it."""
        if self.state == self.ASCII:
            return b""
        self.state = self.ASCII
        return b"\x1b(B"

    def _switch(self, state: str, escape: bytes, code_point: int) -> tuple[bytes, int | None]:
        self.state = state
        data, error = self.encode(code_point)
        return escape + data, error


Encoder: TypeAlias = StatelessEncoder | ISO2022JPEncoder


def get_encoder(encoding: str) -> Encoder:
    """An instance of ``encoding``'s encoder (https://encoding.spec.whatwg.org/#get-an-encoder).

    ``encoding`` is a name from :data:`ENCODING_LABELS`; replacement and UTF-16BE/LE have no
    encoder (pass the result of :func:`~urlgrammar.encoding.labels.get_output_encoding`).
    Stateless encoders are shared; ISO-2022-JP's is new on every call, as its caller has to
    keep it across errors.
    """
    if encoding == "ISO-2022-JP":
        return ISO2022JPEncoder()
    return _stateless_encoder(encoding)


@cache
def _stateless_encoder(encoding: str) -> StatelessEncoder:
    if encoding == "UTF-8":
        return StatelessEncoder(lambda cp: chr(cp).encode("utf-8"))
    if encoding == "x-user-defined":
        return StatelessEncoder(_x_user_defined)
    if encoding in ("gb18030", "GBK"):
        return StatelessEncoder(_gb18030_encoder(is_gbk=encoding == "GBK"))
    if encoding == "Big5":
        return StatelessEncoder(_big5)
    if encoding == "EUC-JP":
        return StatelessEncoder(_euc_jp)
    if encoding == "Shift_JIS":
        return StatelessEncoder(_shift_jis)
    if encoding == "EUC-KR":
        return StatelessEncoder(_euc_kr)
    if encoding not in ENCODING_LABELS:
        raise ValueError(f"unknown encoding {encoding!r}")
    codec = python_codec(encoding)
    if codec is None or encoding in ("UTF-16BE", "UTF-16LE"):
        raise ValueError(f"{encoding!r} has no encoder: use get_output_encoding() first")
    return StatelessEncoder(_single_byte_table(encoding, codec).get)


def _ascii_or(encode: Callable[[int], bytes | None]) -> Callable[[int], bytes | None]:
    """Every encoder maps an ASCII code point to the byte of the same value."""

    def encoder(code_point: int) -> bytes | None:
        return bytes((code_point,)) if code_point < 0x80 else encode(code_point)

    return encoder


def _first_pointers(entries: Iterable[tuple[int, int]]) -> dict[int, int]:
    """The index pointer (https://encoding.spec.whatwg.org/#index-pointer) of every code point:
    the *first* pointer, from ``(pointer, code point)`` entries in increasing pointer order."""
    pointers: dict[int, int] = {}
    for pointer, code_point in entries:
        pointers.setdefault(code_point, pointer)
    return pointers


def _decoded(data: bytes, codec: str) -> int | None:
    """The one code point ``data`` decodes to with ``codec``, or None."""
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    return ord(text) if len(text) == 1 else None


# -- single-byte encodings (https://encoding.spec.whatwg.org/#single-byte-encoder)

#: Python's windows-* codecs leave some bytes 0x80–0x9F undefined; the standard's indexes map
#: each of them to the C1 control of the same value (windows-1252's 0x81, 0x8D, 0x8F, 0x90 and
#: 0x9D, and the like in the others), so those C1 controls are encodable.
_C1_FILLED: Final = frozenset({
    "windows-874", "windows-1250", "windows-1251", "windows-1252", "windows-1253",
    "windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258"})

#: The other bytes where the standard's index and Python's codec differ (byte → code point in
#: the index). The standard's KOI8-U is KOI8-RU: it has Ў/ў where Python's koi8_u has box
#: drawings (U+256C, U+255D), which KOI8-U therefore cannot encode. windows-1255 has U+05BA
#: (HEBREW POINT HOLAM HASER FOR VAV) at 0xCA, where Python's cp1255 has nothing.
_SINGLE_BYTE_CORRECTIONS: Final[dict[str, dict[int, int]]] = {
    "KOI8-U": {0xAE: 0x045E, 0xBE: 0x040E},
    "windows-1255": {0xCA: 0x05BA},
}


def _single_byte_table(encoding: str, codec: str) -> dict[int, bytes]:
    corrections = _SINGLE_BYTE_CORRECTIONS.get(encoding, {})
    c1_filled = encoding in _C1_FILLED
    entries = []
    for byte in range(0x80, 0x100):
        code_point = corrections.get(byte) or _decoded(bytes((byte,)), codec)
        if code_point is None and c1_filled and byte <= 0x9F:
            code_point = byte
        if code_point is not None:
            entries.append((byte, code_point))
    table = {cp: bytes((cp,)) for cp in range(0x80)}
    table.update((cp, bytes((byte,))) for cp, byte in _first_pointers(entries).items())
    return table


# -- x-user-defined (https://encoding.spec.whatwg.org/#x-user-defined-encoder)

def _x_user_defined(code_point: int) -> bytes | None:
    if code_point < 0x80:
        return bytes((code_point,))
    if 0xF780 <= code_point <= 0xF7FF:
        return bytes((code_point - 0xF780 + 0x80,))
    return None


# -- gb18030 and GBK (https://encoding.spec.whatwg.org/#gb18030-encoder)

#: Where the standard's gb18030 encoder and Python's gb18030 codec (whose tables are those of
#: GB18030-2000) differ:
#:
#: - GB18030-2022 gave these two-byte sequences the code points below (index gb18030); Python
#:   encodes the code points as four bytes. (The private-use code points that the sequences had
#:   before, U+E78D etc., still encode to them by the standard's side table; so do they in
#:   Python, which needs no correction for them.)
#: - GB18030-2005 swapped U+1E3F and U+E7C7 between 0xA8 0xBC and the four-byte pointer 7457
#:   (0x81 0x35 0xF4 0x37); Python keeps the 2000 mapping.
_GB18030_CORRECTIONS: Final[dict[int, bytes]] = {
    0xFE10: b"\xa6\xd9", 0xFE12: b"\xa6\xda", 0xFE11: b"\xa6\xdb", 0xFE13: b"\xa6\xdc",
    0xFE14: b"\xa6\xdd", 0xFE15: b"\xa6\xde", 0xFE16: b"\xa6\xdf", 0xFE17: b"\xa6\xec",
    0xFE18: b"\xa6\xed", 0xFE19: b"\xa6\xf3", 0x9FB4: b"\xfe\x59", 0x9FB5: b"\xfe\x61",
    0x9FB6: b"\xfe\x66", 0x9FB7: b"\xfe\x67", 0x9FB8: b"\xfe\x6d", 0x9FB9: b"\xfe\x7e",
    0x9FBA: b"\xfe\x90", 0x9FBB: b"\xfe\xa0",
    0x1E3F: b"\xa8\xbc", 0xE7C7: b"\x81\x35\xf4\x37",
}


def _gb18030_encoder(*, is_gbk: bool) -> Callable[[int], bytes | None]:
    def encode(code_point: int) -> bytes | None:
        # The index maps 0xA3 0xA0 to U+3000, not U+E5E5, so U+E5E5 cannot be encoded
        # (Python's codec encodes it as 0xA3 0xA0).
        if code_point == 0xE5E5:
            return None
        if is_gbk and code_point == 0x20AC:
            return b"\x80"
        data = _GB18030_CORRECTIONS.get(code_point) or chr(code_point).encode("gb18030")
        # GBK is gb18030 without the four-byte sequences (the index gb18030 ranges).
        return None if is_gbk and len(data) == 4 else data

    return _ascii_or(encode)


# -- Big5 (https://encoding.spec.whatwg.org/#big5-encoder)

#: Where the standard's index Big5 (from pointer 5024 on, the only part its encoder uses)
#: differs from Python's big5hkscs codec (pointer → code point in the index). Python follows
#: the older Big5 mappings for some symbols in rows 0xA1–0xA2 (U+2022 where the index has
#: U+2027, etc.), has neither the control pictures and € of row 0xA3 nor a few HKSCS entries,
#: mostly duplicates whose first pointer is elsewhere.
_BIG5_CORRECTIONS: Final[dict[int, int]] = {
    5029: 0x2027, 5038: 0xFE51, 5120: 0x00AF, 5153: 0xFF5E, 5168: 0x2295, 5169: 0x2299,
    5182: 0x2215, 5183: 0xFE68, 5185: 0xFFE5, 5187: 0xFFE0, 5188: 0xFFE1,
    **{5432 + i: 0x2400 + i for i in range(32)}, 5464: 0x2421, 5465: 0x20AC,
    10942: 0x5EF4, 10946: 0x65E0, 10948: 0x7676, 10950: 0x96B6, 10957: 0x3003, 10958: 0x4EDD,
    19028: 0x5029, 19035: 0x507D, 19088: 0x5305, 19096: 0x5344, 19112: 0x537F, 19162: 0x5605,
    19240: 0x5A77, 19299: 0x5E75, 19305: 0x5ED0, 19326: 0x5F58, 19355: 0x60A4, 19398: 0x6490,
    19439: 0x6674, 19454: 0x675E, 19553: 0x6C9C, 19554: 0x6E1D, 19557: 0x6E2F, 19611: 0x716E,
    19643: 0x732A, 19672: 0x745C, 19697: 0x74E9, 19748: 0x7809,
}

#: Code points for which the index Big5 pointer is the *last* pointer, not the first.
_BIG5_LAST: Final = frozenset({0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345})


def _big5_pointer_bytes(pointer: int) -> bytes:
    lead, trail = divmod(pointer, 157)
    return bytes((lead + 0x81, trail + (0x40 if trail < 0x3F else 0x62)))


@cache
def _big5_pointers() -> dict[int, int]:
    """The index Big5 pointer of every code point (https://encoding.spec.whatwg.org/#index-big5-pointer).

    Pointers below (0xA1 − 0x81) × 157, the Hong Kong extensions the encoder never returns,
    are left out.
    """
    entries = []
    for pointer in range((0xA1 - 0x81) * 157, (0xFF - 0x81) * 157):
        code_point = _BIG5_CORRECTIONS.get(pointer) or _decoded(
            _big5_pointer_bytes(pointer), "big5hkscs")
        if code_point is not None:
            entries.append((pointer, code_point))
    pointers = _first_pointers(entries)
    pointers.update((cp, pointer) for pointer, cp in entries if cp in _BIG5_LAST)
    return pointers


@_ascii_or
def _big5(code_point: int) -> bytes | None:
    pointer = _big5_pointers().get(code_point)
    return None if pointer is None else _big5_pointer_bytes(pointer)


# -- EUC-JP, ISO-2022-JP and Shift_JIS, on index jis0208

def _shift_jis_pointer_bytes(pointer: int) -> bytes:
    lead, trail = divmod(pointer, 188)
    return bytes((lead + (0x81 if lead < 0x1F else 0xC1), trail + (0x40 if trail < 0x3F else 0x41)))


@cache
def _jis0208_entries() -> tuple[tuple[int, int], ...]:
    """Index jis0208 (https://encoding.spec.whatwg.org/#index-jis0208) as (pointer, code point).

    It is Windows code page 932's double-byte table (JIS X 0208 with NEC's and IBM's
    extensions), which Python's cp932 decodes as the index does. Pointers 8836–10715 are the
    user-defined area, which Shift_JIS decodes to private use but which is not in the index
    (Python's cp932 *encodes* private use there; the standard's encoders do not).
    """
    entries = []
    for pointer in range(60 * 188):
        if 8836 <= pointer <= 10715:
            continue
        code_point = _decoded(_shift_jis_pointer_bytes(pointer), "cp932")
        if code_point is not None:
            entries.append((pointer, code_point))
    return tuple(entries)


@cache
def _jis0208_pointers() -> dict[int, int]:
    """The index pointer in index jis0208 of every code point (for EUC-JP and ISO-2022-JP)."""
    return _first_pointers(_jis0208_entries())


@cache
def _shift_jis_pointers() -> dict[int, int]:
    """The index Shift_JIS pointer of every code point: index jis0208 without pointers
    8272–8835 (https://encoding.spec.whatwg.org/#index-shift_jis-pointer), so that the IBM
    extensions' later duplicates of NEC's selection are used."""
    return _first_pointers((p, cp) for p, cp in _jis0208_entries() if not 8272 <= p <= 8835)


def _iso_2022_jp_katakana(code_point: int) -> int:
    """Index ISO-2022-JP katakana (https://encoding.spec.whatwg.org/#index-iso-2022-jp-katakana):
    halfwidth to fullwidth katakana by NFKC, but with the spacing sound marks U+309B and U+309C
    for U+FF9E and U+FF9F (NFKC gives the combining U+3099 and U+309A)."""
    if code_point == 0xFF9E:
        return 0x309B
    if code_point == 0xFF9F:
        return 0x309C
    return ord(unicodedata.normalize("NFKC", chr(code_point)))


@_ascii_or
def _euc_jp(code_point: int) -> bytes | None:
    """https://encoding.spec.whatwg.org/#euc-jp-encoder (it never emits JIS X 0212)."""
    if code_point == 0xA5:
        return b"\x5c"
    if code_point == 0x203E:
        return b"\x7e"
    if 0xFF61 <= code_point <= 0xFF9F:
        return bytes((0x8E, code_point - 0xFF61 + 0xA1))
    if code_point == 0x2212:
        code_point = 0xFF0D
    pointer = _jis0208_pointers().get(code_point)
    if pointer is None:
        return None
    return bytes((pointer // 94 + 0xA1, pointer % 94 + 0xA1))


def _shift_jis(code_point: int) -> bytes | None:
    """https://encoding.spec.whatwg.org/#shift_jis-encoder"""
    if code_point <= 0x80:
        return bytes((code_point,))
    if code_point == 0xA5:
        return b"\x5c"
    if code_point == 0x203E:
        return b"\x7e"
    if 0xFF61 <= code_point <= 0xFF9F:
        return bytes((code_point - 0xFF61 + 0xA1,))
    if code_point == 0x2212:
        code_point = 0xFF0D
    pointer = _shift_jis_pointers().get(code_point)
    return None if pointer is None else _shift_jis_pointer_bytes(pointer)


# -- EUC-KR (https://encoding.spec.whatwg.org/#euc-kr-encoder)

@cache
def _euc_kr_pointers() -> dict[int, int]:
    """The index pointer in index EUC-KR of every code point. The index is Windows code page
    949 (KS X 1001 and the Unified Hangul Code), which Python's cp949 decodes as the index
    does; Python's euc_kr would miss the Unified Hangul Code's syllables."""
    entries = []
    for pointer in range((0xFF - 0x81) * 190):
        lead, trail = divmod(pointer, 190)
        code_point = _decoded(bytes((lead + 0x81, trail + 0x41)), "cp949")
        if code_point is not None:
            entries.append((pointer, code_point))
    return _first_pointers(entries)


@_ascii_or
def _euc_kr(code_point: int) -> bytes | None:
    pointer = _euc_kr_pointers().get(code_point)
    if pointer is None:
        return None
    lead, trail = divmod(pointer, 190)
    return bytes((lead + 0x81, trail + 0x41))
