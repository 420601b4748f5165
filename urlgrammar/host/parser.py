"""Hosts: the host parser and the host values it returns.

https://url.spec.whatwg.org/#concept-host-parser. A host is a :class:`Domain`, an
:class:`IPv4` or :class:`IPv6` address, an :class:`Opaque` host or the :class:`Empty` host;
each is immutable and serializes itself (https://url.spec.whatwg.org/#concept-host-serializer).

Every diagnostic has a span in the text the user gave: the host parser works on the host as
written (``input``), percent-decodes it keeping, for each decoded code point, the span of
``input`` it came from, and takes spans in ``input`` to the original text through the
caller's ``origin``. Errors found after IDNA mapping point at the label (or the code point)
of ``input`` they are about.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import TypeAlias

from urlgrammar.encoding.decode import SpannedDecoding, pct_invalid_spans, percent_decode_spans
from urlgrammar.encoding.percent import C0_CONTROL_SET, utf8_percent_encode
from urlgrammar.errors import Code, Diagnostic, URLError, message
from urlgrammar.host.domain import (
    FORBIDDEN_DOMAIN,
    STRICT_ASCII_DOMAIN,
    DomainResult,
    diagnostic,
    parse_domain,
)
from urlgrammar.host.ipv4 import ends_in_a_number, parse_ipv4, serialize_ipv4
from urlgrammar.host.ipv6 import parse_ipv6, serialize_ipv6
from urlgrammar.model.code_points import FORBIDDEN_HOST_CODE_POINTS, URL_CODE_POINTS_ASCII, neither, one_of
from urlgrammar.model.record import Span
from urlgrammar.syntax.printer import SIGILS

Origin = Callable[[int, int], Span]
_OPEN, _CLOSE = SIGILS["ip6_bracket"]


@dataclass(frozen=True, slots=True)
class _Text:
    """A host that is a string and serializes as itself."""

    value: str

    def serialize(self) -> str:
        return self.value

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Domain(_Text):
    """https://url.spec.whatwg.org/#concept-domain: a non-empty ASCII string."""


@dataclass(frozen=True, slots=True)
class IPv4:
    """https://url.spec.whatwg.org/#concept-ipv4: a 32-bit unsigned integer."""

    value: int

    def serialize(self) -> str:
        return serialize_ipv4(self.value)

    def __str__(self) -> str:
        return self.serialize()


@dataclass(frozen=True, slots=True)
class IPv6:
    """https://url.spec.whatwg.org/#concept-ipv6: eight 16-bit pieces."""

    pieces: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.pieces) != 8 or not all(0 <= p <= 0xFFFF for p in self.pieces):
            raise ValueError(f"an IPv6 address is eight 16-bit pieces, not {self.pieces!r}")

    def serialize(self) -> str:
        return _OPEN + serialize_ipv6(self.pieces) + _CLOSE

    def __str__(self) -> str:
        return self.serialize()


@dataclass(frozen=True, slots=True)
class Opaque(_Text):
    """https://url.spec.whatwg.org/#opaque-host: a non-empty ASCII string."""


@dataclass(frozen=True, slots=True)
class Empty:
    """https://url.spec.whatwg.org/#empty-host: the empty string."""

    def serialize(self) -> str:
        return ""

    def __str__(self) -> str:
        return ""


Host: TypeAlias = Domain | IPv4 | IPv6 | Opaque | Empty

#: https://url.spec.whatwg.org/#forbidden-host-code-point
_FORBIDDEN_HOST = re.compile(one_of(FORBIDDEN_HOST_CODE_POINTS))


@cache
def non_url() -> re.Pattern[str]:
    """Finds a code point that is neither a URL code point
    (https://url.spec.whatwg.org/#url-code-points) nor `%`. Compiled on first use: the
    pattern is large, and most processes never meet a host that needs it."""
    return re.compile(neither(URL_CODE_POINTS_ASCII + "%"))


def _plain_domain(input: str, strict: bool) -> Domain | None:
    """The common case, an ASCII domain, when it needs no more than lowercasing; else None.

    The domain parser fails on it only for a forbidden domain code point or an empty result.
    Who wants diagnostics (``strict``) also needs the strict run to find nothing; who does not,
    needs no strict run at all.
    """
    lowered = input.lower()
    if lowered and (STRICT_ASCII_DOMAIN.fullmatch(lowered) and len(lowered) <= 253
                    if strict else not FORBIDDEN_DOMAIN.search(lowered)) \
            and not ends_in_a_number(lowered):
        return Domain(lowered)
    return None


def parse_host(input: str, special: bool, *, diagnostics: list[Diagnostic] | None = None,
               origin: Origin | None = None) -> Host:
    """https://url.spec.whatwg.org/#concept-host-parser (isOpaque is ``not special``).

    ``input`` is the host as written, code-point offsets into it map to the original input
    through ``origin`` (identity by default). Validation errors are appended to
    ``diagnostics`` in the standard's order; failure raises :class:`URLError`, whose
    diagnostics are all so far, the failing one last.
    """
    if special and input.isascii() and "%" not in input:
        plain = _plain_domain(input, diagnostics is not None)
        if plain is not None:
            return plain
    sink: list[Diagnostic] = diagnostics if diagnostics is not None else []
    where: Origin = origin or _identity
    # The lift marks a host the grammar read as `[` IPv6 `]`, and checking reads that mark;
    # the host parser keeps the standard's own test on the string, because it also parses
    # hosts no grammar read (the state machine's, explain's, a file host read whole) and
    # `[x` must still fail as IPv6-unclosed.
    if input.startswith("["):
        if not input.endswith("]"):
            raise _fail(sink, Code.IPV6_UNCLOSED, where(0, len(input)))
        return IPv6(parse_ipv6(input[1:-1], sink, lambda s, e: where(s + 1, e + 1)))
    if not special:
        return _opaque_host(input, sink, where)
    if not input:
        # The standard never calls the host parser with an empty special host: the URL
        # parser reports host-missing first. A direct call gets that error too.
        raise _fail(sink, Code.HOST_MISSING, where(0, 0), "a special URL needs a host")
    decoded = _Decoded(input) if "%" in input else None
    if decoded is not None and decoded.encoded is not None:
        start, end = decoded.encoded
        sink.append(Diagnostic(Code.DOMAIN_PERCENT_ENCODED, *where(start, end),
                               message(Code.DOMAIN_PERCENT_ENCODED), "host", fix=decoded.fix()))
    domain = decoded.text if decoded is not None else input

    def to_original(start: int, end: int) -> Span:
        """A span of the decoded domain, in the original input."""
        return where(*decoded.span(start, end)) if decoded is not None else where(start, end)

    result = parse_domain(domain)
    # An error nobody hears of makes no diagnostic, unless an IPv4 parser's failure names it.
    if result.error is not None and (diagnostics is not None or result.ascii is None
                                     or ends_in_a_number(result.ascii)):
        error = diagnostic(result.error, *to_original(result.error.start, result.error.end))
        sink.append(error)
        if result.ascii is None:
            raise URLError(str(error), sink)
    assert result.ascii is not None
    if not ends_in_a_number(result.ascii):
        return Domain(result.ascii)
    non_ascii = None
    if not domain.isascii():
        non_ascii = len(sink)
        sink.append(Diagnostic(Code.IPV4_NON_ASCII_INPUT, *where(0, len(input)),
                               message(Code.IPV4_NON_ASCII_INPUT), "host"))
    address = parse_ipv4(result.ascii, sink, _ipv4_origin(result, to_original))
    if non_ascii is not None:
        sink[non_ascii] = sink[non_ascii]._replace(fix=serialize_ipv4(address))
    return IPv4(address)


def _identity(start: int, end: int) -> Span:
    return start, end


def _fail(sink: list[Diagnostic], code: Code, span: Span, specifics: str | None = None) -> URLError:
    failing = Diagnostic(code, *span, message(code, specifics), "host")
    sink.append(failing)
    return URLError.of(failing, sink[:-1])


def _ipv4_origin(result: DomainResult, to_original: Origin) -> Origin:
    """Spans of the ASCII domain to the original input, given those of the decoded domain.

    An ASCII domain has the decoded domain's offsets; a mapped one is known label by label.
    """
    if result.labels is None:
        return to_original
    assert result.ascii is not None
    offsets = []
    offset = 0
    for label in result.ascii.split("."):
        offsets.append(offset)
        offset += len(label) + 1
    labels = result.labels

    def label_at(i: int) -> int:
        return bisect_right(offsets, i) - 1

    def by_label(start: int, end: int) -> Span:
        first = labels[label_at(start)]
        last = labels[label_at(max(start, end - 1))]
        return to_original(first[0], last[1] if end > start else first[0])

    return by_label


def _opaque_host(input: str, sink: list[Diagnostic], where: Origin) -> Host:
    """https://url.spec.whatwg.org/#concept-opaque-host-parser"""
    forbidden = _FORBIDDEN_HOST.search(input)
    if forbidden:
        raise _fail(sink, Code.HOST_INVALID_CODE_POINT, where(*forbidden.span()),
                    _name(forbidden.group()))
    found = non_url().search(input)
    if found:
        # Where the serializer percent-encodes the code point anyway, its encoded form is the
        # same host written validly.
        encoded = utf8_percent_encode(found.group(), C0_CONTROL_SET)
        sink.append(Diagnostic(Code.INVALID_URL_UNIT, *where(*found.span()),
                               message(Code.INVALID_URL_UNIT, f"{_name(found.group())} in the host"),
                               "host", detail="opaque host",
                               fix=encoded if encoded != found.group() else None))
    # Only the first is reported: read piece by piece, the rest of a long host is not read.
    invalid = next(pct_invalid_spans(input), None) if "%" in input else None
    if invalid is not None:
        start = invalid[0]
        sink.append(Diagnostic(Code.INVALID_URL_UNIT, *where(start, start + 1),
                               message(Code.INVALID_URL_UNIT, "a '%' in the host without two hex "
                                       "digits after it"), "host",
                               detail="opaque host"))
    if not input:
        return Empty()
    return Opaque(utf8_percent_encode(input, C0_CONTROL_SET))


def _name(char: str) -> str:
    return f"U+{ord(char):04X}" if not char.isprintable() or char == " " else repr(char)


class _Decoded:
    """A host percent-decoded (https://url.spec.whatwg.org/#string-percent-decode, then
    UTF-8 decode without BOM), each run of percent-encoded bytes on its own (as
    :func:`percent_decode_spans` does: a run never ends inside a code point of the text
    around it). ``encoded`` spans the percent-encoded bytes, from the first to the last (None
    where there are none: only invalid `%`, and the text is the input).

    The span of ``input`` a code point came from is worked out when an error asks for it, from
    where each run stands: a host of many runs is decoded a distinct run at a time, with no
    object per code point.
    """

    __slots__ = ("_decoded", "_decoded_ends", "_input_ends", "_parts", "_run_spans", "encoded", "input",
                 "text")

    def __init__(self, input: str) -> None:
        self._parts = _ENCODED_RUNS.split(input)  # text, run, text, run, ..., text
        self.input = input
        self.encoded: Span | None = None
        self._decoded_ends: list[int] = []
        self._input_ends: list[int] = []
        self._run_spans: dict[int, SpannedDecoding | None] = {}  # an error's two ends may share a run
        if len(self._parts) == 1:
            self.text = input
            return
        runs = self._parts[1::2]
        # A host repeats its encoded code points: each distinct run is decoded once.
        decoded = {run: _decoded_run(run) for run in dict.fromkeys(runs)}
        self._decoded = self._parts.copy()
        self._decoded[1::2] = map(decoded.__getitem__, runs)
        self.text = "".join(self._decoded)
        self.encoded = (len(self._parts[0]), len(input) - len(self._parts[-1]))

    def span(self, start: int, end: int) -> Span:
        """The span of ``input`` that the decoded ``text[start:end]`` came from."""
        if self.encoded is None:
            return start, end
        if start >= len(self.text):
            return len(self.input), len(self.input)
        first = self._code_point(start)[0]
        return (first, first) if end <= start else (first, self._code_point(end - 1)[1])

    def _code_point(self, i: int) -> Span:
        """The span of ``input`` that the decoded code point ``text[i]`` came from: within the
        text between runs, the code point itself; within a run, its bytes."""
        if not self._decoded_ends:
            self._decoded_ends = list(accumulate(map(len, self._decoded)))
            self._input_ends = list(accumulate(map(len, self._parts)))
        k = bisect_right(self._decoded_ends, i)
        offset = i - (self._decoded_ends[k - 1] if k else 0)
        base = self._input_ends[k - 1] if k else 0
        if k % 2 == 0:
            return base + offset, base + offset + 1
        if k not in self._run_spans:
            self._run_spans[k] = percent_decode_spans(self._parts[k])
        spans = self._run_spans[k]
        assert spans is not None
        return base + spans.starts[offset], base + spans.ends[offset]

    def fix(self) -> str | None:
        """The decoded text from the first percent-encoded byte to the last, where that is a
        domain's code points as they are. What comes before and after them is no encoded
        byte, and is the same code points decoded."""
        assert self.encoded is not None
        start, end = self.encoded
        text = self.text[start:len(self.text) - (len(self.input) - end)]
        if "\ufffd" in text or FORBIDDEN_DOMAIN.search(text):
            return None
        return text


#: The grammar's PCT_ENCODED_BYTES (grammars/pct.lark): a `%` starts every other terminal of a
#: percent-encoded string, so the runs a search finds are those the grammar reads.
_ENCODED_RUNS = re.compile("((?:%[0-9A-Fa-f]{2})+)")


def _decoded_run(run: str) -> str:
    """A run of percent-encoded bytes UTF-8 decoded, U+FFFD for each sequence that is not UTF-8."""
    return bytes.fromhex(run.replace("%", "")).decode("utf-8", "replace")
