"""The distinct code points of a label, each with how often it occurs.

Most of what the IDN display policy asks of a label (https://url.spec.whatwg.org/#url-rendering-i18n;
:mod:`.label_policy`, :mod:`.spoofing`, :mod:`.display`) it asks of each code point alone: its
script, whether it is allowed, invisible, newer than the data, a digit. Those answers are asked
once per distinct code point, and the distinct code points are read once per label here, for
every rule that needs them (issue 25: "IDN work is done once per distinct label").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

#: A text at most this long is counted by :class:`~collections.Counter` at once.
_SHORT = 64
#: Removing a code point that is less than this fraction of the rest costs more than counting.
_FEW = 16


def tally(text: str) -> Mapping[str, int]:
    """The distinct code points of ``text`` in order of first appearance, each with its count
    (as ``Counter(text)`` gives them).

    A long label mostly repeats a few code points. ``Counter`` makes an object of each code
    point beyond Latin-1; here each distinct code point is counted by removing it from the
    rest (``str.replace``, a pass in C), and the first code point of what remains is the next
    one in order of first appearance. Where one removes little, the rest is counted by
    ``Counter``, so that a label of many distinct code points costs at most a pass more.
    """
    if len(text) > _SHORT:
        return _long_tally(text)
    # Counter's own steps cost more than this loop on a short label (most are).
    counts = dict.fromkeys(text, 0)
    for ch in text:
        counts[ch] += 1
    return counts


def code_points(text: str) -> Iterable[str]:
    """The distinct code points of ``text`` in order of first appearance: :func:`tally`'s
    keys, for a rule that asks nothing of their counts (a short text's without counting)."""
    return dict.fromkeys(text) if len(text) <= _SHORT else _long_tally(text)


def distinct(text: str) -> Iterable[str]:
    """The code points of ``text`` to ask something of each alone: ``text`` itself where it is
    short, else its distinct code points (:func:`tally`), a long label or rendering being
    mostly a few of them again and again."""
    return text if len(text) <= _SHORT else _long_tally(text)


@lru_cache(maxsize=8)  # several rules read one label, and a render reads a label several times
def _long_tally(text: str) -> Mapping[str, int]:
    counts: dict[str, int] = {}
    rest = text
    while rest:
        ch = rest[0]
        left = rest.replace(ch, "")
        counts[ch] = len(rest) - len(left)
        if counts[ch] * _FEW < len(rest):
            # What remains holds only code points not counted yet, in the text's order.
            counts.update(Counter(left))
            break
        rest = left
    return counts


def distinct_matches(text: str, chars: Iterable[str], rules: str) -> list[str]:
    """The distinct code points of ``chars`` that stand in ``text`` where ``rules`` (a regular
    expression of zero width, read just after the code point) holds, in order of first
    appearance: ``dict.fromkeys(re.findall(f"[{chars}](?:{rules})", text))``.

    Each one found is left out of the class that the search goes on with, so that a code point
    found throughout a long label is found once, and the search skips, in C, the code points
    that it need no longer look at."""
    found: list[str] = []
    left = list(dict.fromkeys(chars))
    position = 0
    while left:
        match = re.compile(f"[{''.join(map(re.escape, left))}](?:{rules})").search(text, position)
        if match is None:
            break
        found.append(match.group())
        left.remove(match.group())
        position = match.end()
    return found


@lru_cache(maxsize=4)  # two rules read a label in NFD
def decomposed(text: str) -> str:
    """``text`` in NFD (unicodedata2's)."""
    return str(unicodedata2.normalize("NFD", text))
