"""Percent-decoding (https://url.spec.whatwg.org/#percent-decode): the text read with the
percent-encoded string grammar (``grammars/pct.lark``), or not at all when there is no `%`.

As for encoding (:mod:`urlgrammar.encoding.percent`), a surrogate code point stands for U+FFFD,
so that no function raises for any ``str``.
"""

from __future__ import annotations

import codecs
import re
from array import array
from collections.abc import Iterator, Sequence
from functools import cache, partial
from itertools import compress, repeat
from operator import add
from typing import NamedTuple

from urlgrammar.encoding.percent import scalar_values, utf8
from urlgrammar.model.code_points import SURROGATE
from urlgrammar.model.record import Span
from urlgrammar.syntax.grammars import matcher, terminal_pattern
from urlgrammar.syntax.lalr import Tok


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


@cache
def _next_pct_invalid() -> re.Pattern[str]:
    """The terminals of grammars/pct.lark up to the next PCT_INVALID, which is in its group:
    those before it read whole (possessive: none is given back), in the lexer's order."""
    terminal = partial(terminal_pattern, "pct")
    return re.compile(f"(?:{terminal('PCT_ENCODED_BYTES')}|{terminal('UNCODED')})*+"
                      f"({terminal('PCT_INVALID')})")


@cache
def stray_percent() -> re.Pattern[str]:
    """A `%` at which grammars/pct.lark's PCT_ENCODED_BYTES does not start. Every `%` starts a
    PCT_ENCODED_BYTES or a PCT_INVALID, so a text without such a `%` has no ``pct_invalid``,
    and the percent-encoded-string parse need not run on it (`%20` is common; a stray `%` is
    not).

    The pattern starts with the `%`, so that a search skips to each `%` at once (one that
    starts with a lookahead is tried at every position: five times the cost on a URL of a
    hundred code points); looking back from after it, the lookahead asks whether a byte of
    PCT_ENCODED_BYTES starts there. A run of bytes starts where its first byte does, so the
    lookahead reads one byte (:func:`pct_encoded_byte`), not the run: one that read the run
    would read it to its end at each of its `%`, and a search over `%41%41...` would cost the
    square of its length."""
    return re.compile(f"%(?<!(?={pct_encoded_byte()})%)")


def pct_encoded_byte() -> str:
    """The pattern of one byte of grammars/pct.lark's PCT_ENCODED_BYTES, a run of them: the
    run's pattern without its repetition."""
    run = terminal_pattern("pct", "PCT_ENCODED_BYTES")
    return run[:-1] if run.startswith("(?:") and run.endswith(")+") else run


def pct_invalid_spans(text: str) -> Iterator[Span]:
    """:func:`pct_invalid`'s spans one at a time, from the grammar's terminals, so that a long
    text's terminals are never all held at once, and those between two spans cost no Python."""
    pattern, at = _next_pct_invalid(), 0
    while (m := pattern.match(text, at)) is not None:
        yield m.span(1)
        at = m.end()


def pct_invalid_starts(text: str, offset: int = 0) -> array[int]:
    """Where each ``pct_invalid`` of ``text`` starts, plus ``offset``: the `%` of each, as
    machine integers, found without a Python call per terminal.

    The lexer of grammars/pct.lark tries PCT_ENCODED_BYTES first, then PCT_INVALID, and UNCODED
    holds no `%`: every `%` starts a byte of a run of PCT_ENCODED_BYTES or a PCT_INVALID, so
    the PCT_INVALID start at the stray `%` (:func:`stray_percent`)."""
    if "%" not in text:
        return array("q")
    return array("q", map(add, map(re.Match.start, stray_percent().finditer(text)), repeat(offset)))


def _token_bytes(token: Tok) -> bytes:
    if token.type == "PCT_ENCODED_BYTES":
        return bytes.fromhex(token.value.replace("%", ""))
    if token.type == "PCT_INVALID":
        # A `%` that does not start two hex digits stands for itself: `%` or `%` and one digit.
        return token.value.encode("ascii")
    return utf8(token.value)


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

    The runs are found by the grammar's PCT_ENCODED_BYTES terminal alone: the text between
    two (an invalid `%` too) is kept as it is, so no token is made for it. The spans are kept
    as machine integers, so that a host of a megabyte holds no object per code point."""
    runs = _encoded_bytes()
    first = runs.search(s)
    if first is None:
        return None
    chars: list[str] = []
    starts = array("q")
    ends = array("q")
    at = 0  # the end of the last run: the text up to the next one (`%` or not) stays as it is
    for run in runs.finditer(s):
        start, end = run.span()
        if start > at:
            chars.append(s[at:start])
            starts.extend(range(at, start))
            ends.extend(range(at + 1, start + 1))
        _decode_run(run.group(), start, chars, starts, ends)
        at = end
    if at < len(s):
        chars.append(s[at:])
        starts.extend(range(at, len(s)))
        ends.extend(range(at + 1, len(s) + 1))
    return SpannedDecoding("".join(chars), starts, ends, (first.start(), at))


def _decode_run(token: str, position: int, chars: list[str], starts: array[int], ends: array[int]) -> None:
    """One run of percent-encoded bytes, UTF-8 decoded: each code point spans the bytes that
    made it (a U+FFFD the bytes of the sequence it replaces).

    The run is decoded whole. Where that needs no replacement, each code point starts at a
    byte that is not a continuation byte (0x80 to 0xBF), and the starts are picked out by
    ``itertools.compress`` rather than by a loop over the bytes. Where it does (or the text
    holds U+FFFD itself), the run is decoded byte by byte, the decoder saying where each code
    point ends."""
    data = bytes.fromhex(token.replace("%", ""))
    text = data.decode("utf-8", "replace")
    end = position + len(token)
    if "\ufffd" not in text:
        chars.append(text)
        # Each byte is three code points of the token; a code point's span ends where the
        # next one starts.
        first = len(starts)
        starts.extend(compress(range(position, end, 3), data.translate(_STARTS_CODE_POINT)))
        ends.extend(starts[first + 1:])
        ends.append(end)
        return
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    pending = position
    for k in range(len(data)):
        out = decoder.decode(data[k:k + 1], final=k + 1 == len(data))
        if out:
            chars.append(out)
            starts.extend([pending] * len(out))
            ends.extend([position + 3 * k + 3] * len(out))
            pending = position + 3 * k + 3


#: For ``bytes.translate``: a zero byte for each UTF-8 continuation byte, 1 for the others.
_STARTS_CODE_POINT = bytes(0 if 0x80 <= b <= 0xBF else 1 for b in range(256))


@cache
def _encoded_bytes() -> re.Pattern[str]:
    """The grammar's PCT_ENCODED_BYTES terminal (grammars/pct.lark)."""
    return re.compile(terminal_pattern("pct", "PCT_ENCODED_BYTES"))


def percent_decode(s: str) -> bytes:
    """Percent-decode the UTF-8 encoding of ``s``.

    https://url.spec.whatwg.org/#string-percent-decode (and
    https://url.spec.whatwg.org/#percent-decode for the bytes): each `%` followed by two hex
    digits becomes the byte they give; any other `%` stays as it is.
    """
    if "%" not in s:
        return utf8(s)
    # The runs of PCT_ENCODED_BYTES, split out as the grammar's lexer reads them (it tries them
    # first at each `%`); what lies between them, UNCODED and PCT_INVALID, stands for itself.
    parts = _encoded_runs().split(s)
    out = [b""] * len(parts)
    out[::2] = map(utf8, parts[::2])
    out[1::2] = [bytes.fromhex(run.replace("%", "")) for run in parts[1::2]]
    return b"".join(out)


def percent_decode_bytes(data: bytes) -> bytes:
    """https://url.spec.whatwg.org/#percent-decode of a byte sequence, by the runs of
    :func:`percent_decode`. Latin-1 gives each byte the code point of the same value, so the
    grammar's terminals read the bytes as they are."""
    if b"%" not in data:
        return data
    parts = _encoded_runs().split(data.decode("latin-1"))
    parts[1::2] = [bytes.fromhex(run.replace("%", "")).decode("latin-1") for run in parts[1::2]]
    return "".join(parts).encode("latin-1")


@cache
def _encoded_runs() -> re.Pattern[str]:
    """The grammar's PCT_ENCODED_BYTES terminal (grammars/pct.lark), in a group, to split on."""
    return re.compile(f"({terminal_pattern('pct', 'PCT_ENCODED_BYTES')})")


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
