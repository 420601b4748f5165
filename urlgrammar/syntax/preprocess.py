"""Preprocessing: trim C0 controls and spaces, remove tab, LF and CR.

URL Specification § Preprocessing; WHATWG https://url.spec.whatwg.org/#concept-basic-url-parser
steps 1 and 2. The parser sees the processed text; :class:`OffsetMap` takes every position in
it back to the input the user gave, so spans can be reported there.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import compress, count
from operator import sub
from typing import NamedTuple

from urlgrammar.model.code_points import ASCII_TAB_OR_NEWLINE, C0_CONTROL_OR_SPACE

_new = tuple.__new__

_TAB_NEWLINE = dict.fromkeys(map(ord, ASCII_TAB_OR_NEWLINE))
_IS_TAB_NEWLINE = frozenset(ASCII_TAB_OR_NEWLINE).__contains__


def pointer_array(pointers: Iterable[int], bound: int) -> array[int]:
    """``pointers``, each below ``bound`` (the length of the text they point into), as an
    array of 4 bytes an item where they fit (a line of a megabyte may hold a million removed
    code points, or errors), of 8 otherwise."""
    return array("i" if bound < 1 << 31 else "q", pointers)


class OffsetMap(NamedTuple):
    """Maps offsets in the processed text to offsets in the original input.

    ``lead`` is the number of code points trimmed at the start. ``removed`` lists, in
    increasing order, the processed offsets before which a tab or newline was removed
    (one entry per removed code point), so that the common case, nothing removed, costs nothing.
    It is an array of machine integers where there are any: a line of a megabyte of tabs would
    otherwise hold an int object per tab.
    """

    lead: int = 0
    removed: Sequence[int] = ()
    length: int = 0  # length of the processed text

    def original(self, i: int) -> int:
        """The original offset of processed offset ``i`` (``i == length`` is the end)."""
        if not self.removed:
            return i + self.lead
        if i >= self.length:
            # Nothing is removed after the last kept code point: that one is not c0-space.
            return i + self.lead + len(self.removed)
        return i + self.lead + bisect_right(self.removed, i)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the processed span ``start..end``.

        A non-empty span covers any tab or newline removed inside it; an empty span sits just
        before the processed code point at ``start``.
        """
        if not self.removed:
            return start + self.lead, end + self.lead
        if end <= start:
            o = self.original(start)
            return o, o
        return self.original(start), self.original(end - 1) + 1

    @property
    def identity(self) -> bool:
        return self.lead == 0 and not self.removed


class Preprocessed(NamedTuple):
    """The processed text, the original input and the map between them."""

    text: str
    original: str
    offsets: OffsetMap

    @property
    def trimmed(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The original spans of the leading and the trailing trimmed code points."""
        end = self.offsets.original(len(self.text)) if self.text else len(self.original)
        return (0, self.offsets.lead), (end, len(self.original))

    @property
    def removed(self) -> list[int]:
        """Original offsets of the tab, LF and CR code points removed between the trims."""
        out = []
        for k, i in enumerate(self.offsets.removed):
            out.append(i + self.offsets.lead + k)
        return out


def preprocess(original: str) -> Preprocessed:
    """Trim leading and trailing c0-space and remove every u+9, u+A and u+D."""
    if original and original[0] > " " and original[-1] > " " and "\t" not in original \
            and "\n" not in original and "\r" not in original:
        # Nothing to do (most inputs). Immutable records, made without NamedTuple's __new__.
        return _new(Preprocessed, (original, original, _new(OffsetMap, (0, (), len(original)))))
    stripped = original.strip(C0_CONTROL_OR_SPACE)
    if not stripped:
        return Preprocessed("", original, OffsetMap(len(original), (), 0))
    lead = len(original) - len(original.lstrip(C0_CONTROL_OR_SPACE))
    if "\t" not in stripped and "\n" not in stripped and "\r" not in stripped:
        return Preprocessed(stripped, original, OffsetMap(lead, (), len(stripped)))
    text = stripped.translate(_TAB_NEWLINE)
    # Each removed code point's place in the text: its index less the removed ones before it,
    # found without a Python step per code point (a line may be a megabyte of tabs).
    at = compress(count(), map(_IS_TAB_NEWLINE, stripped))
    removed = pointer_array(map(sub, at, count()), len(stripped))
    return Preprocessed(text, original, OffsetMap(lead, removed, len(text)))


def remove_tab_newline(text: str) -> str:
    """Remove every u+9, u+A and u+D, and trim nothing: what the basic URL parser does to the
    value of a setter, which runs it with a URL given (https://url.spec.whatwg.org/#concept-basic-url-parser,
    steps 1 to 3)."""
    return text.translate(_TAB_NEWLINE)
