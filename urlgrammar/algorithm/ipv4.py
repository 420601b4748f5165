"""The IPv4 parser, transcribed step by step: an oracle for the host pipeline's IPv4 parser.

https://url.spec.whatwg.org/#concept-ipv4-parser and
https://url.spec.whatwg.org/#ipv4-number-parser, written from the standard without the
grammar, so that tests can compare :mod:`urlgrammar.host.ipv4` with it. Failure is None; the
validation errors are their names, in the order the steps raise them.
"""

from __future__ import annotations

from typing import Final

from urlgrammar.errors import Code

_DIGITS: Final = "0123456789abcdef"


def ipv4_number_parser(input: str) -> tuple[int, bool] | None:
    """https://url.spec.whatwg.org/#ipv4-number-parser: the number and validationError, or
    None for failure."""
    if not input:
        return None
    validation_error, r = False, 10
    if len(input) >= 2 and input[:2] in ("0X", "0x"):
        validation_error, input, r = True, input[2:], 16
    elif len(input) >= 2 and input[0] == "0":
        validation_error, input, r = True, input[1:], 8
    if not input:
        return 0, True
    # A radix-R digit: the first R of the ASCII hex digits, in either case.
    if any(c.lower() not in _DIGITS[:r] for c in input):
        return None
    if len(input.lstrip("0")) > 12:
        # Python converts at most 4,300 decimal digits (sys.int_info). Twelve digits in any of
        # the radixes are past 2**32, all the IPv4 parser asks of a number, so 2**32 stands in.
        return 2**32, validation_error
    return int(input, r), validation_error


def ends_in_a_number(input: str) -> bool:
    """https://url.spec.whatwg.org/#ends-in-a-number-checker"""
    parts = input.split(".")
    if parts[-1] == "":
        parts.pop()
    last = parts[-1] if parts else ""  # the standard asserts that input is not empty
    if last != "" and all(c in "0123456789" for c in last):
        return True
    return ipv4_number_parser(last) is not None


def ipv4_parser(input: str) -> tuple[int | None, list[str]]:
    """https://url.spec.whatwg.org/#concept-ipv4-parser: the address (None for failure) and
    the names of the validation errors raised."""
    errors: list[str] = []
    parts = input.split(".")
    if parts[-1] == "":
        errors.append(Code.IPV4_EMPTY_PART)
        if len(parts) > 1:
            parts.pop()
    if len(parts) < 4:
        errors.append(Code.IPV4_TOO_FEW_PARTS)
    if len(parts) > 4:
        return None, [*errors, Code.IPV4_TOO_MANY_PARTS]
    numbers = []
    for part in parts:
        result = ipv4_number_parser(part)
        if result is None:
            return None, [*errors, Code.IPV4_NON_NUMERIC_PART]
        if result[1]:
            errors.append(Code.IPV4_NON_DECIMAL_PART)
        numbers.append(result[0])
    if any(n > 255 for n in numbers):
        errors.append(Code.IPV4_OUT_OF_RANGE_PART)
    if any(n > 255 for n in numbers[:-1]):
        return None, errors
    if numbers[-1] >= 256 ** (5 - len(numbers)):
        return None, errors
    ipv4 = numbers.pop()
    for counter, n in enumerate(numbers):
        ipv4 += n * 256 ** (3 - counter)
    return ipv4, errors
