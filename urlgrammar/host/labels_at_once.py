"""UTS #46 ToASCII of a whole domain at once, where no label can have an error but a length.

https://url.spec.whatwg.org/#concept-domain-to-ascii, https://www.unicode.org/reports/tr46/#ToASCII.
The domain parser (:mod:`urlgrammar.host.domain`) takes a step of Python per label for each
validity criterion and for Punycode, several microseconds a label. Most domains break none of
the criteria, and a few regular expressions over the mapped domain tell so for every label in
one scan; then ToASCII needs only Punycode per label, whose digits (RFC 3492 section 6.3) do
not depend on which basic code points a label has, only on where they are: a label with its
basic code points replaced by one letter, its *skeleton*, gives them, and many labels share
one. Where a criterion may be broken, :func:`ascii_labels` returns None and the domain parser
runs label by label.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import accumulate
from operator import itemgetter
from typing import TYPE_CHECKING, overload

import idna

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

from urlgrammar.host.label_rules import remap
from urlgrammar.host.punycode import punycode_encode
from urlgrammar.model.record import Span

#: The code points UTS #46 maps to U+002E FULL STOP but itself.
_OTHER_FULL_STOPS = re.compile("[\u3002\uff0e\uff61]")
_FULL_STOPS = ".\u3002\uff0e\uff61"
#: What makes a label of a mapped domain need the step by step run: ASCII other than letters,
#: digits, hyphens and full stops (U1), or a joiner (CheckJoiners) ...
_SUSPECT = re.compile("[\x00-\x2c/:-`{-\x7f\u200c\u200d]")
#: ... or `--` in positions 3 and 4 (V2, and every `xn--` label to decode), or a hyphen first
#: or last (V3).
_HYPHENS = re.compile(r"(?:^|(?<=\.))(?:[^.]{2}--|-)|-(?=\.|$)")
_FIRST = itemgetter(slice(0, 1))
#: Every basic code point a label may hold here to one: what the skeleton keeps of them.
_SKELETON = bytes.maketrans(b"bcdefghijklmnopqrstuvwxyz0123456789-", b"a" * 36)
_ASCII_BYTES = bytes(range(0x80))
_BEYOND_ASCII_BYTES = bytes(range(0x80, 0x100))
#: Bidi classes that make a domain a bidi domain (CheckBidi then reads every label).
_BIDI_DOMAIN = frozenset({"R", "AL", "AN"})

#: Punycode digits by skeleton, for skeletons as long as a DNS label at most; cleared when full.
_DIGITS: dict[str, str] = {}
_DIGITS_LIMIT = 4096


def mapping_table(domain: str) -> dict[int, str] | None:
    """The UTS #46 mapping of each code point of ``domain`` that the mapping changes, where it
    has few distinct ones beyond ASCII (at most one in eight code points), else None.
    uts46_remap takes a step of Python per code point (0.2 to 1 us); mapping each distinct code
    point once and translating the rest in C makes long repetitive labels cheap, and most
    domains need no translating at all. Raises idna.IDNAError as :func:`.label_rules.remap` does.
    """
    distinct = set(_beyond_ascii(domain.encode("utf-8", "surrogatepass")))
    if len(distinct) * 8 > len(domain):
        return None
    distinct.update(_ascii_changes().findall(domain))
    return {ord(c): mapped for c in distinct if (mapped := _remapped(c)) != c}


def _beyond_ascii(encoded: bytes) -> str:
    """The code points of a text beyond ASCII, in order, from its UTF-8 (with surrogatepass),
    where they are the bytes from 0x80 up: a pass of C where ``set`` of the text hashes every
    code point."""
    return encoded.translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")


@cache
def _ascii_changes() -> re.Pattern[str]:
    """The ASCII code points that the mapping does not keep as they are (the capital letters),
    from idna's table."""
    changed = []
    for c in map(chr, range(0x80)):
        try:
            kept = _remapped(c) == c
        except idna.IDNAError:
            kept = False
        if not kept:
            changed.append(re.escape(c))
    return re.compile(f"[{''.join(changed)}]" if changed else "(?!)")


@lru_cache(maxsize=4096)  # domains share their code points
def _remapped(ch: str) -> str:
    return str(idna.uts46_remap(ch, std3_rules=False))


class Pieces(Sequence[Span]):
    """The spans of the pieces of a domain between the code points that map to full stops.

    Their number is counted at once; the spans themselves, a pair of integers per label, are
    made when first read (by the step by step run, or for the offsets of an IPv4 address),
    which a domain that ToASCII converts at once never needs.
    """

    __slots__ = ("_domain", "_spans")

    def __init__(self, domain: str) -> None:
        self._domain = domain
        self._spans: list[Span] | None = None

    def __len__(self) -> int:
        return sum(map(self._domain.count, _FULL_STOPS)) + 1

    @overload
    def __getitem__(self, index: int) -> Span: ...
    @overload
    def __getitem__(self, index: slice) -> list[Span]: ...

    def __getitem__(self, index: int | slice) -> Span | list[Span]:
        if index == -1 and self._spans is None:  # the root label's, for VerifyDnsLength
            return max(map(self._domain.rfind, _FULL_STOPS)) + 1, len(self._domain)
        return self._read()[index]

    def __iter__(self) -> Iterator[Span]:
        return iter(self._read())

    def _read(self) -> list[Span]:
        if self._spans is None:
            self._spans = _spans(self._domain)
        return self._spans


def _spans(domain: str) -> list[Span]:
    if _OTHER_FULL_STOPS.search(domain):
        domain = _OTHER_FULL_STOPS.sub(".", domain)
    # Each piece starts after the previous one and its full stop, and ends before its own.
    starts = list(accumulate(map((1).__add__, map(len, domain.split("."))), initial=0))
    return list(zip(starts[:-1], map((-1).__add__, starts[1:]), strict=True))


def map_at_once(domain: str, table: dict[int, str] | None) -> list[str] | None:
    """UTS #46 processing steps 1 to 3 (map, normalize, break) of the whole of ``domain``, or
    None where a code point is disallowed (the caller maps piece by piece to find it)."""
    try:
        return remap(domain, table).split(".")
    except idna.IDNAError:
        return None


def ascii_labels(mapped: str, labels: list[str]) -> list[str] | None:
    """The ToASCII labels of the mapped domain ``mapped`` (``labels``: it split at full stops),
    or None where a label may break a validity criterion (UTS #46 section 4.1) or CheckBidi.

    Labels that are empty or longer than 63 code points are left to the caller (A4_2).
    """
    if _SUSPECT.search(mapped) or ("-" in mapped and _HYPHENS.search(mapped)):
        return None
    # V6 (a label that starts with a combining mark) and CheckBidi read the properties of each
    # distinct code point once; only a domain with a mark reads the first of each label.
    category, bidirectional = unicodedata2.category, unicodedata2.bidirectional
    encoded = mapped.encode("utf-8", "surrogatepass")
    marks = False
    for c in set(_beyond_ascii(encoded)):
        if bidirectional(c) in _BIDI_DOMAIN:
            return None
        marks = marks or category(c).startswith("M")
    if marks and any(category(c).startswith("M") for c in set(map(_FIRST, labels)) if c >= "\x80"):
        return None
    basics = encoded.translate(None, _BEYOND_ASCII_BYTES).decode("ascii").split(".")
    # Basic code points are single bytes of UTF-8 and the others have none below 0x80.
    skeletons = encoded.translate(_SKELETON).decode("utf-8", "surrogatepass").split(".")
    # What follows the basic code points of each label beyond ASCII: their delimiter, if any
    # (a skeleton with a basic code point has an `a`), and the digits.
    tails = {skeleton: "-" + _digits(skeleton) if "a" in skeleton else _digits(skeleton)
             for skeleton in set(skeletons) if not skeleton.isascii()}
    # An ASCII label is its basic code points.
    return [f"xn--{basic}{tails[skeleton]}" if skeleton in tails else basic
            for basic, skeleton in zip(basics, skeletons, strict=True)]


def _digits(skeleton: str) -> str:
    """The Punycode of a label after its basic code points and their delimiter (whose digits
    are never `-`), from a bounded cache."""
    tail = _DIGITS.get(skeleton)
    if tail is None:
        tail = punycode_encode(skeleton).rpartition("-")[2]
        if len(skeleton) <= 63:
            if len(_DIGITS) >= _DIGITS_LIMIT:
                _DIGITS.clear()
            _DIGITS[skeleton] = tail
    return tail
