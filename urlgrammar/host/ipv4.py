"""IPv4 addresses: the standard's IPv4 parser and serializer, on the ``ipv4`` grammar's parts.

https://url.spec.whatwg.org/#concept-ipv4-parser. ``grammars/ipv4.lark`` reads any string as
dot-separated parts and classifies each one (num_dec, num_oct, num_hex, non_numeric); this
module applies the standard's counting and range checks to those parts and names its validation
errors, in the standard's order, with the span of the part they are about.

The parts are read with the grammar's own terminals, without its LALR parser (which costs more
than the rest of a failing URL's host): in ``ip4_address: [_part] (DOT [_part])*`` a part is
what lies between two dots, and it is one token, as each number terminal ends at a dot or the
end and NON_NUMERIC takes any other run of non-dots; the number terminals, of higher priority,
are disjoint, so the one that matches the whole part is its rule. ip4_address_strict is one
regular expression of DEC_OCTET and dots. The tests compare both with Lark's parse of the
grammar.

Where an address parses, every diagnostic with a ``fix`` can be applied together: each fix
replaces its part by that part's canonical decimal form, the last part by the dotted bytes it
fills, and a trailing dot by nothing, which together give the serialization.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from urlgrammar.errors import Code, Diagnostic, URLError, message
from urlgrammar.model.record import Span
from urlgrammar.syntax.grammars import terminal_pattern

Origin = Callable[[int, int], Span]

#: Any part value at or above this is out of range whatever its position, so a longer
#: number is not converted: it saturates here (int() of a megabyte of digits is quadratic).
_TOO_BIG = 2**32

#: For each number rule: its radix, how many code points its prefix has, how many digits
#: (after leading zeros) a value below 2**32 can have, and whether the standard flags it
#: as non-decimal.
_RADIX: dict[str, tuple[int, int, int, bool]] = {
    "num_dec": (10, 0, 10, False),
    "num_oct": (8, 1, 11, True),
    "num_hex": (16, 2, 8, True),
}


@cache
def _num_hex() -> re.Pattern[str]:
    # The hex form as the grammar's NUM_HEX terminal says, for the ends-in-a-number checker.
    return re.compile(terminal_pattern("ipv4", "NUM_HEX"))


@cache
def _valid() -> re.Pattern[str]:
    # ip4_address_strict as one regular expression of the grammar's own DEC_OCTET terminal.
    octet = terminal_pattern("ipv4", "DEC_OCTET")
    return re.compile(r"\.".join([f"({octet})"] * 4))


@cache
def _number() -> re.Pattern[str]:
    # A part's number rule (the group's name), of the grammar's number terminals in turn.
    return re.compile("|".join(f"(?P<{name.lower()}>{terminal_pattern('ipv4', name)})"
                               for name in ("NUM_DEC", "NUM_OCT", "NUM_HEX")))


@dataclass(frozen=True, slots=True)
class _Part:
    """One dot-separated part: its rule (None for an empty part), text and span."""

    rule: str | None
    text: str
    start: int
    end: int

    @property
    def span(self) -> Span:
        return self.start, self.end

    def number(self) -> tuple[int, bool] | None:
        """https://url.spec.whatwg.org/#ipv4-number-parser: (value, non-decimal) or failure.

        The value saturates at 2**32 (see _TOO_BIG), which changes no outcome of the parser.
        """
        if self.rule not in _RADIX:
            return None
        radix, prefix, max_digits, flagged = _RADIX[self.rule]
        digits = self.text[prefix:].lstrip("0")
        if len(digits) > max_digits:
            return _TOO_BIG, flagged
        return min(int(digits or "0", radix), _TOO_BIG), flagged


def _parts(text: str) -> tuple[list[_Part], bool]:
    """The parts of the ip4_address rule's reading (see above), and whether ``text`` has more
    than five parts.

    A part never contains a dot, so the first five parts are the same whatever follows them;
    beyond five, the standard only asks whether there are too many. So only the text before a
    fifth dot is read, which keeps a megabyte of dots cheap.
    """
    cut = -1
    for _ in range(5):
        cut = text.find(".", cut + 1)
        if cut < 0:
            break
    more = cut >= 0
    number = _number().fullmatch
    parts: list[_Part] = []
    start = 0
    for piece in (text[:cut] if more else text).split("."):
        if piece:
            rule = number(piece)
            parts.append(_Part("non_numeric" if rule is None else rule.lastgroup, piece, start,
                               start + len(piece)))
        else:  # an empty part: the grammar's missing [_part]
            parts.append(_Part(None, "", start, start))
        start += len(piece) + 1
    return parts, more


def _dotted(value: int, size: int) -> str:
    """``value`` as ``size`` dotted decimal bytes, most significant first."""
    return ".".join(str((value >> (8 * (size - 1 - i))) & 0xFF) for i in range(size))


def parse_ipv4(text: str, diagnostics: list[Diagnostic] | None = None,
               origin: Origin | None = None) -> int:
    """https://url.spec.whatwg.org/#concept-ipv4-parser: the address as a 32-bit integer.

    Validation errors are appended to ``diagnostics`` in the standard's order, with spans of
    ``text`` mapped through ``origin``; failure raises :class:`URLError` (failing one last).
    """
    valid = _valid().fullmatch(text)
    if valid:
        # The common case, a valid IPv4-address string, has no diagnostics and needs no tree.
        a, b, c, d = map(int, valid.groups())
        return a << 24 | b << 16 | c << 8 | d
    run = _Run(diagnostics if diagnostics is not None else [], origin or _identity)
    parts, more = _parts(text)
    trailing_dot = text.endswith(".")
    if trailing_dot:
        run.add(Code.IPV4_EMPTY_PART, (len(text) - 1, len(text)), "drop")
        if not more and len(parts) > 1:
            parts.pop()
    elif not text:
        run.add(Code.IPV4_EMPTY_PART, (0, 0), "drop")
    if len(parts) < 4:
        run.add(Code.IPV4_TOO_FEW_PARTS, parts[-1].span, "last", len(parts) - 1)
    if more or len(parts) > 4:
        raise run.fail(Code.IPV4_TOO_MANY_PARTS, (parts[4].start, len(text) - trailing_dot))
    numbers: list[int] = []
    for index, part in enumerate(parts):
        result = part.number()
        if result is None:
            raise run.fail(Code.IPV4_NON_NUMERIC_PART, part.span)
        if result[1]:
            run.add(Code.IPV4_NON_DECIMAL_PART, part.span, "part", index)
        numbers.append(result[0])
    last = len(numbers) - 1
    over = next((i for i, n in enumerate(numbers) if n > 255), None)
    if over is not None:
        if over < last or numbers[last] >= 256 ** (4 - last):
            raise run.fail(Code.IPV4_OUT_OF_RANGE_PART, parts[over].span)
        run.add(Code.IPV4_OUT_OF_RANGE_PART, parts[over].span, "last", over)
    address = numbers[last]
    for counter, n in enumerate(numbers[:last]):
        address += n * 256 ** (3 - counter)
    run.flush(numbers)
    return address


def _identity(start: int, end: int) -> Span:
    return start, end


@dataclass(slots=True)
class _Run:
    """The diagnostics of one parse. They wait in ``pending`` until the address is known,
    which their fixes need: (code, span, fix kind, part index)."""

    sink: list[Diagnostic]
    where: Origin
    pending: list[tuple[Code, Span, str, int]] = field(default_factory=list)

    def add(self, code: Code, span: Span, fix: str, index: int = -1) -> None:
        self.pending.append((code, span, fix, index))

    def fail(self, code: Code, span: Span) -> URLError:
        self.flush(None)
        failing = Diagnostic(code, *self.where(*span), message(code), "host")
        self.sink.append(failing)
        return URLError.of(failing, self.sink[:-1])

    def flush(self, numbers: list[int] | None) -> None:
        """Emit the pending diagnostics, with fixes where the address parsed: a part's
        decimal value, the dotted bytes the last part fills, nothing for a trailing dot."""
        for code, span, fix_kind, index in self.pending:
            fix = None
            if numbers is not None:
                last = len(numbers) - 1
                if fix_kind == "drop":
                    fix = ""
                elif fix_kind == "part" and index < last:
                    fix = str(numbers[index])
                else:
                    fix = _dotted(numbers[last], 4 - last)
            self.sink.append(Diagnostic(code, *self.where(*span), message(code), "host",
                                        fix=fix))
        self.pending.clear()


def serialize_ipv4(address: int) -> str:
    """https://url.spec.whatwg.org/#concept-ipv4-serializer"""
    return _dotted(address, 4)


_NUMBER_ENDS = frozenset("0123456789abcdefABCDEFxX")


def ends_in_a_number(domain: str) -> bool:
    """https://url.spec.whatwg.org/#ends-in-a-number-checker

    ``domain`` is an ASCII string; the standard asserts it is not empty, here "" is False.
    """
    if domain.endswith("."):
        domain = domain[:-1]
    if domain[-1:] not in _NUMBER_ENDS:
        return False  # no decimal or hex number ends with it: the usual domain
    last = domain.rpartition(".")[2]
    if not last:
        return False
    if last.isascii() and last.isdigit():
        return True
    return last[:2] in ("0x", "0X") and _num_hex().fullmatch(last) is not None


def is_valid_ipv4(text: str) -> bool:
    """https://url.spec.whatwg.org/#valid-ipv4-address-string, by the ip4_address_strict rule."""
    return _valid().fullmatch(text) is not None


def ipv4_parts(text: str) -> list[tuple[str, str, int | None]]:
    """Each part of ``text`` as the ip4_address rule reads it: (text, rule, value).

    The rule is ``num_dec``, ``num_oct`` or ``num_hex``, or ``empty`` / ``non-numeric``;
    the value is None where the part is not a number. For teaching (``urlgrammar explain``).
    """
    parts, _ = _parts(text)
    out: list[tuple[str, str, int | None]] = []
    for part in parts:
        number = part.number()
        rule = part.rule or "empty"
        out.append((part.text, rule if number is not None or rule == "empty" else "non-numeric",
                    None if number is None else number[0]))
    return out
