"""IPv6 addresses: the standard's IPv6 parser and serializer, on the ``ipv6`` grammar's tokens.

https://url.spec.whatwg.org/#concept-ipv6-parser. ``grammars/ipv6.lark`` tokenises any text as
pieces (one to four hex digits), colons, dots, invalid runs and an embedded-IPv4 tail; this
module walks those tokens with the standard's counters (pieceIndex, compress, numbersSeen) and
raises its validation errors in its order: any number of IPv6-piece-leading-zero, then at
most one failure. Each error's span is the token at which the standard's pointer stands.

The tokens are read with the grammar's own terminals as Lark's contextual lexer reads them,
without its parser (which costs more than the rest of a failing URL's host): ip6_address
takes any run of pieces, colons, dots and invalid runs, then perhaps an ip4_tail, so the
lexer's state is the address's until an IP4_LEAD (of higher priority than H16) starts the
tail, and the tail's from there on; in each state the other terminals are disjoint, and
every code point starts one of them. The tests compare the tokens with Lark's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from urlgrammar.errors import Code, Diagnostic, URLError, message
from urlgrammar.model.record import Span
from urlgrammar.syntax.grammars import lark_parser, terminal_pattern

Origin = Callable[[int, int], Span]


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # H16, COLON, DOT, INVALID, IP4_LEAD, IP4_NUM, IP4_INVALID
    text: str
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)


class _Failure(Exception):
    """The standard's parser returns failure: the error's name and span."""

    def __init__(self, code: Code, start: int, end: int):
        super().__init__(code)
        self.code, self.start, self.end = code, start, end


#: The standard's IPv6 parser looks at most at the first DECIDED_BY code points: a round of
#: its loop reads at most four hex digits and a colon, and the ninth round fails at once
#: (8 x 5); an embedded IPv4 address starts after at most six rounds (6 x 5) and reads at
#: most four numbers of three digits and three dots (15) before it fails or ends; either
#: way it looks at one code point more.
DECIDED_BY = max(8 * 5, 6 * 5 + 15) + 1

#: Only this much of a longer text is parsed. Every token that starts before DECIDED_BY lexes
#: the same in the prefix (pieces and IPv4 leads are at most four hex digits with one code
#: point of lookahead, and of a longer run the walk reads at most four code points), and the
#: walk never reaches the prefix's end, since the text's own end lies beyond DECIDED_BY.
_PREFIX = DECIDED_BY + 18


@cache
def _lexers() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The lexer's two states (see above), each its terminals in priority order, a token's
    terminal the name of the group that matched."""
    def state(*names: str) -> re.Pattern[str]:
        return re.compile("|".join(f"(?P<{name}>{terminal_pattern('ipv6', name)})" for name in names))
    return state("IP4_LEAD", "H16", "COLON", "DOT", "INVALID"), state("DOT", "IP4_NUM", "IP4_INVALID")


def _tokens(text: str) -> list[_Token]:
    """The tokens of ``text``'s ip6_address reading (of its prefix that decides the parse)."""
    text = text[:_PREFIX]
    address, tail = _lexers()
    lexer, at, tokens = address, 0, []
    while at < len(text):
        token = lexer.match(text, at)
        assert token is not None and token.lastgroup is not None  # every code point starts one
        tokens.append(_Token(token.lastgroup, token.group(), at))
        if token.lastgroup == "IP4_LEAD":
            lexer = tail
        at = token.end()
    return tokens


def parse_ipv6(text: str, diagnostics: list[Diagnostic] | None = None,
               origin: Origin | None = None) -> tuple[int, ...]:
    """https://url.spec.whatwg.org/#concept-ipv6-parser: the eight pieces of the address.

    ``text`` is what was between the brackets. Validation errors are appended to
    ``diagnostics`` with spans of ``text`` mapped through ``origin``; failure raises
    :class:`URLError` whose last diagnostic is the failing one.
    """
    sink: list[Diagnostic] = diagnostics if diagnostics is not None else []
    where: Origin = origin or (lambda start, end: (start, end))
    leading_zero: list[_Token] = []
    try:
        address = _walk(_tokens(text), len(text), leading_zero)
    except _Failure as failure:
        address = None
        # Without its traceback, which holds this frame: kept with it, the two were a cycle.
        error = failure.with_traceback(None)
    for piece in leading_zero:
        sink.append(Diagnostic(Code.IPV6_PIECE_LEADING_ZERO, *where(piece.start, piece.end),
                               message(Code.IPV6_PIECE_LEADING_ZERO), "host",
                               fix=format(int(piece.text, 16), "x")))
    if address is None:
        failing = Diagnostic(error.code, *where(error.start, error.end), message(error.code),
                             "host")
        sink.append(failing)
        raise URLError.of(failing, sink[:-1])
    return address


def _walk(tokens: list[_Token], length: int, leading_zero: list[_Token]) -> tuple[int, ...]:
    """The standard's IPv6 parser, its pointer moving over tokens instead of code points.

    A piece token holds the at most four hex digits the standard reads in one go, so the
    token after it is the standard's c. Pieces with a leading zero go to ``leading_zero``.
    """
    address = [0] * 8
    piece_index = 0
    compress: int | None = None
    n = len(tokens)

    def kind(k: int) -> str:
        return tokens[k].kind if k < n else "EOF"

    def at(code: Code, k: int) -> _Failure:
        if k < n:
            return _Failure(code, tokens[k].start, tokens[k].start + 1)
        return _Failure(code, length, length)

    i = 0
    if kind(0) == "COLON":
        if kind(1) != "COLON":
            raise at(Code.IPV6_INVALID_COMPRESSION, 0)
        i = 2
        piece_index = compress = 1
    while i < n:
        if piece_index == 8:
            raise at(Code.IPV6_TOO_MANY_PIECES, i)
        if kind(i) == "COLON":
            if compress is not None:
                start = tokens[i - 1].start if kind(i - 1) == "COLON" else tokens[i].start
                raise _Failure(Code.IPV6_MULTIPLE_COMPRESSION, start, tokens[i].end)
            i += 1
            piece_index += 1
            compress = piece_index
            continue
        if kind(i) == "DOT":  # c is "." with no hex digit before it
            raise at(Code.IPV4_IN_IPV6_INVALID_CODE_POINT, i)
        if kind(i) == "IP4_LEAD":  # hex digits, then c is "."
            if piece_index > 6:
                raise at(Code.IPV4_IN_IPV6_TOO_MANY_PIECES, i)
            piece_index = _ipv4(tokens, i, length, address, piece_index)
            break
        if kind(i) != "H16":
            raise at(Code.IPV6_INVALID_CODE_POINT, i)
        piece = tokens[i]
        i += 1
        if kind(i) == "COLON":
            i += 1
            if i == n:
                raise _Failure(Code.IPV6_INVALID_CODE_POINT, tokens[i - 1].start, length)
        elif kind(i) != "EOF":
            raise at(Code.IPV6_INVALID_CODE_POINT, i)
        if len(piece.text) > 1 and piece.text[0] == "0":
            leading_zero.append(piece)
        address[piece_index] = int(piece.text, 16)
        piece_index += 1
    return _compress(address, piece_index, compress, length)


def _compress(address: list[int], piece_index: int, compress: int | None,
              length: int) -> tuple[int, ...]:
    """The IPv6 parser's last steps: move the pieces after the compression to the end, or
    fail if there is none and fewer than eight pieces were read."""
    if compress is not None:
        swaps = piece_index - compress
        piece_index = 7
        while piece_index != 0 and swaps > 0:
            address[piece_index], address[compress + swaps - 1] = (
                address[compress + swaps - 1], address[piece_index])
            piece_index -= 1
            swaps -= 1
    elif piece_index != 8:
        raise _Failure(Code.IPV6_TOO_FEW_PIECES, 0, length)
    return tuple(address)


def _ipv4(tokens: list[_Token], i: int, length: int, address: list[int],
          piece_index: int) -> int:
    """The IPv4 branch of the IPv6 parser over the ip4_tail tokens from ``tokens[i]``.

    Returns the new pieceIndex. The lead (one to four hex digits before a dot) is read code
    point by code point, as the standard does. After it each IP4_NUM is a shortest decimal,
    so a digit right after a `0` shows as a second IP4_NUM straight after the first.
    """
    n = len(tokens)
    invalid = Code.IPV4_IN_IPV6_INVALID_CODE_POINT
    lead = tokens[i]
    value, used = _decimal(lead.text, lead.start)
    numbers_seen = 0
    k = i + 1
    while True:
        address[piece_index] = address[piece_index] * 0x100 + value
        numbers_seen += 1
        if numbers_seen in (2, 4):
            piece_index += 1
        if used < len(lead.text):  # a hex letter after the lead's digits
            raise _Failure(invalid, lead.start + used, lead.start + used + 1)
        if k == n:
            break
        if tokens[k].kind != "DOT" or numbers_seen == 4:
            raise _Failure(invalid, tokens[k].start, tokens[k].start + 1)
        k += 1
        if k == n:
            raise _Failure(invalid, length, length)
        if tokens[k].kind != "IP4_NUM":
            raise _Failure(invalid, tokens[k].start, tokens[k].start + 1)
        value, _ = _decimal(tokens[k].text, tokens[k].start)
        k += 1
    if numbers_seen != 4:
        raise _Failure(Code.IPV4_IN_IPV6_TOO_FEW_PARTS, lead.start, length)
    return piece_index


def _decimal(text: str, start: int) -> tuple[int, int]:
    """The standard's digit loop for one IPv4 number: (value, digits read).

    It fails at the second digit of a number starting with 0 and at the digit that takes the
    value over 255, so it never reads more than four digits of a longer run.
    """
    value: int | None = None
    used = 0
    for ch in text:
        if not "0" <= ch <= "9":
            break
        if value is None:
            value = ord(ch) - 48
        elif value == 0:
            raise _Failure(Code.IPV4_IN_IPV6_INVALID_CODE_POINT, start + used, start + used + 1)
        else:
            value = value * 10 + ord(ch) - 48
        if value > 255:
            raise _Failure(Code.IPV4_IN_IPV6_OUT_OF_RANGE_PART, start + used, start + used + 1)
        used += 1
    if value is None:
        raise _Failure(Code.IPV4_IN_IPV6_INVALID_CODE_POINT, start, start + 1)
    return value, used


def serialize_ipv6(pieces: tuple[int, ...]) -> str:
    """https://url.spec.whatwg.org/#concept-ipv6-serializer (without the brackets)."""
    compress = _compressed_piece_index(pieces)
    output: list[str] = []
    ignore0 = False
    for index, piece in enumerate(pieces):
        if ignore0 and piece == 0:
            continue
        ignore0 = False
        if compress == index:
            output.append("::" if index == 0 else ":")
            ignore0 = True
            continue
        output.append(format(piece, "x"))
        if index != 7:
            output.append(":")
    return "".join(output)


def _compressed_piece_index(pieces: tuple[int, ...]) -> int | None:
    """https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index"""
    longest_index: int | None = None
    longest_size = 1
    found_index: int | None = None
    found_size = 0
    for index, piece in enumerate(pieces):
        if piece != 0:
            if found_size > longest_size:
                longest_index, longest_size = found_index, found_size
            found_index, found_size = None, 0
        else:
            if found_index is None:
                found_index = index
            found_size += 1
    if found_size > longest_size:
        return found_index
    return longest_index


def is_valid_ipv6(text: str) -> bool:
    """https://url.spec.whatwg.org/#valid-ipv6-address-string, by ip6_address_strict."""
    from lark.exceptions import UnexpectedInput

    try:
        lark_parser("ipv6").parse(text, start="ip6_address_strict")
    except UnexpectedInput:
        return False
    return True
