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

from urlgrammar.checking.runs import Run, Segment, merge
from urlgrammar.errors import Diagnostic

T = TypeVar("T")


class Kept(Generic[T]):
    """Items added in any order, each with a key of two ints; keeps those first by key (and,
    for equal keys, in the order added): all of them without ``limit``, the first ``limit``
    with it. ``count`` is how many were added. Diagnostics may come in runs too
    (:class:`~urlgrammar.checking.runs.Run`, whose items share the second int and ascend by
    the first)."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.count = 0
        # Without a limit, the items and, apart, their keys: keys of ints are not containers
        # the cyclic garbage collector keeps visiting, which matters for a million items.
        self._items: list[T] = []
        self._keys: list[tuple[int, int, int]] = []
        # Runs with their second int and the arrival of their first item: without a limit, a
        # run is kept whole, not item by item.
        self._runs: list[tuple[int, int, Run]] = []
        # With one, a heap whose top is the last kept: keys negated, and the arrival too.
        self._heap: list[tuple[int, int, int, T]] = []

    def add_run(self: Kept[Diagnostic], b: int, run: Run) -> None:
        """The items of ``run``, each with the key (its pointer, ``b``)."""
        if self.limit is None:
            self._runs.append((b, self.count, run))
            self.count += len(run.pointers)
            return
        n = self.count
        self.count = n + len(run.pointers)
        for i, p in enumerate(run.pointers):
            if not self._keeps(p, b, n + i):
                break  # the run's later items come later still
            self._keep(p, b, n + i, run.at(i))

    def add(self, a: int, b: int, item: T) -> None:
        n = self.count
        self.count = n + 1
        if self.limit is None:
            self._items.append(item)
            self._keys.append((a, b, n))
        elif self._keeps(a, b, n):
            self._keep(a, b, n, item)

    def _keeps(self, a: int, b: int, n: int) -> bool:
        heap = self._heap
        return len(heap) < (self.limit or 0) or (bool(heap) and (-a, -b, -n) > heap[0][:3])

    def _keep(self, a: int, b: int, n: int, item: T) -> None:
        heap = self._heap
        if len(heap) < (self.limit or 0):
            heapq.heappush(heap, (-a, -b, -n, item))
        else:  # in place of the last kept
            heapq.heapreplace(heap, (-a, -b, -n, item))

    def first(self) -> list[T]:
        """The kept items, in order (none of them added in a run)."""
        if self.limit is None:
            items, keys = self._items, self._keys
            return [items[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
        return [entry[3] for entry in sorted(self._heap, reverse=True)]

    def segments(self: Kept[Diagnostic]) -> list[Segment]:
        """The kept diagnostics, in order, as segments: a run stays one where nothing comes
        between its items."""
        if self.limit is None and self._runs:
            return merge([(*k, d) for k, d in zip(self._keys, self._items, strict=True)], self._runs)
        return [(d, 0, 1) for d in self.first()]
