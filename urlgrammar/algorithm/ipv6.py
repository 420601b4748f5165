"""The IPv6 parser, transcribed code point by code point: an oracle for the host pipeline's
IPv6 parser.

https://url.spec.whatwg.org/#concept-ipv6-parser, written from the standard without the
grammar, so that tests can compare :mod:`urlgrammar.host.ipv6` with it. Failure is None; the
validation errors are their names, in the order the steps raise them.
"""

from __future__ import annotations

from typing import Final

from urlgrammar.errors import Code

_HEX: Final = "0123456789abcdefABCDEF"
_DIGIT: Final = "0123456789"


class _Pointer:
    """https://url.spec.whatwg.org/#pointer into ``input``, with c; "" is the EOF code point."""

    def __init__(self, input: str) -> None:
        self.input, self.at = input, 0

    def c(self, offset: int = 0) -> str:
        at = self.at + offset
        return self.input[at] if at < len(self.input) else ""


def ipv6_parser(input: str) -> tuple[tuple[int, ...] | None, list[str]]:
    """https://url.spec.whatwg.org/#concept-ipv6-parser: the eight pieces (None for failure)
    and the names of the validation errors raised."""
    address = [0] * 8
    piece_index, compress = 0, None
    p = _Pointer(input)
    errors: list[str] = []
    if p.c() == ":":
        if p.c(1) != ":":
            return None, [Code.IPV6_INVALID_COMPRESSION]
        p.at += 2
        piece_index += 1
        compress = piece_index
    while p.c():
        if piece_index == 8:
            return None, [*errors, Code.IPV6_TOO_MANY_PIECES]
        if p.c() == ":":
            if compress is not None:
                return None, [*errors, Code.IPV6_MULTIPLE_COMPRESSION]
            p.at += 1
            piece_index += 1
            compress = piece_index
            continue
        value = length = 0
        while length < 4 and p.c() and p.c() in _HEX:
            value = value * 0x10 + int(p.c(), 16)
            p.at += 1
            length += 1
        if p.c() == ".":
            if length == 0:
                return None, [*errors, Code.IPV4_IN_IPV6_INVALID_CODE_POINT]
            p.at -= length
            if piece_index > 6:
                return None, [*errors, Code.IPV4_IN_IPV6_TOO_MANY_PIECES]
            piece_index, error = _ipv4_in_ipv6(p, address, piece_index)
            if error is not None:
                return None, [*errors, error]
            break
        if p.c() == ":":
            p.at += 1
            if not p.c():
                return None, [*errors, Code.IPV6_INVALID_CODE_POINT]
        elif p.c():
            return None, [*errors, Code.IPV6_INVALID_CODE_POINT]
        if length > 1 and value < 0x10 ** (length - 1):
            errors.append(Code.IPV6_PIECE_LEADING_ZERO)
        address[piece_index] = value
        piece_index += 1
    if compress is not None:
        _swap(address, piece_index, compress)
    elif piece_index != 8:
        return None, [*errors, Code.IPV6_TOO_FEW_PIECES]
    return tuple(address), errors


def _ipv4_in_ipv6(p: _Pointer, address: list[int], piece_index: int) -> tuple[int, str | None]:
    """The steps under "If c is U+002E (.)" from "Let numbersSeen be 0" on: pieceIndex after
    them, and the validation error that makes them return failure, if any."""
    numbers_seen = 0
    while p.c():
        ipv4_piece: int | None = None
        if numbers_seen > 0:
            if p.c() == "." and numbers_seen < 4:
                p.at += 1
            else:
                return piece_index, Code.IPV4_IN_IPV6_INVALID_CODE_POINT
        if not p.c() or p.c() not in _DIGIT:
            return piece_index, Code.IPV4_IN_IPV6_INVALID_CODE_POINT
        while p.c() and p.c() in _DIGIT:
            number = int(p.c())
            if ipv4_piece is None:
                ipv4_piece = number
            elif ipv4_piece == 0:
                return piece_index, Code.IPV4_IN_IPV6_INVALID_CODE_POINT
            else:
                ipv4_piece = ipv4_piece * 10 + number
            if ipv4_piece > 255:
                return piece_index, Code.IPV4_IN_IPV6_OUT_OF_RANGE_PART
            p.at += 1
        assert ipv4_piece is not None  # c was an ASCII digit
        address[piece_index] = address[piece_index] * 0x100 + ipv4_piece
        numbers_seen += 1
        if numbers_seen in (2, 4):
            piece_index += 1
    if numbers_seen != 4:
        return piece_index, Code.IPV4_IN_IPV6_TOO_FEW_PARTS
    return piece_index, None


def _swap(address: list[int], piece_index: int, compress: int) -> None:
    """The steps under "If compress is non-null": move the pieces after the compression to
    the end."""
    swaps = piece_index - compress
    piece_index = 7
    while piece_index != 0 and swaps > 0:
        address[piece_index], address[compress + swaps - 1] = (
            address[compress + swaps - 1], address[piece_index])
        piece_index -= 1
        swaps -= 1
