"""The first diagnostics of a run, in their order, in memory that does not grow with the rest.

https://url.spec.whatwg.org/#validation-error: the standard's parser raises its errors in the
order its pointer meets them, one per offending code point, so one line of a megabyte can hold
a million. The phases that find them (:mod:`urlgrammar.checking.diagnostics`) do not find them
in that order, so the order is a sort key given with each. A caller that shows the first N
(``validate(..., max_diagnostics=N)``, ``check --max-errors N``) needs only N of them: a
:class:`Kept` with a limit holds the N first by key in a heap and counts the others, so a run
holds at most N diagnostics at any time, not only in its result.
"""

from __future__ import annotations

import heapq
from typing import Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    """Items added in any order, each with a key of two ints; keeps those first by key (and,
    for equal keys, in the order added): all of them without ``limit``, the first ``limit``
    with it. ``count`` is how many were added."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.count = 0
        # Without a limit, the items and, apart, their keys: keys of two ints are not containers
        # the cyclic garbage collector keeps visiting, which matters for a million items.
        self._items: list[T] = []
        self._keys: list[tuple[int, int]] = []
        # With one, a heap whose top is the last kept: keys negated, and the arrival too.
        self._heap: list[tuple[int, int, int, T]] = []

    def add(self, a: int, b: int, item: T) -> None:
        n = self.count
        self.count = n + 1
        limit = self.limit
        if limit is None:
            self._items.append(item)
            self._keys.append((a, b))
            return
        heap = self._heap
        if len(heap) < limit:
            heapq.heappush(heap, (-a, -b, -n, item))
        elif heap and (-a, -b, -n) > heap[0][:3]:  # before the last kept
            heapq.heapreplace(heap, (-a, -b, -n, item))

    def first(self) -> list[T]:
        """The kept items, in order."""
        if self.limit is None:
            items, keys = self._items, self._keys
            # A stable sort: equal keys stay in the order added.
            return [items[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
        return [entry[3] for entry in sorted(self._heap, reverse=True)]
