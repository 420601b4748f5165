"""Validation errors of one kind at many places, kept as their positions until they are read.

https://url.spec.whatwg.org/#validation-error: the parser raises an error per offending code
point, so a line of a megabyte may hold a million. Where one phase of the walk finds many of
one kind (the code points of a component that are not URL units, its `%` without two hex
digits, the backslashes, the ignored slashes, the `@` of a userinfo), it gives them as one
:class:`Run`: their pointers, and a few template diagnostics. :class:`Diagnostics`, the
sequence :func:`~urlgrammar.checking.validate.validate` reports, holds runs and single
diagnostics in the standard's order, and builds a :class:`Diagnostic` only when one is read;
``check --max-errors N`` reads N of them. :func:`apply_fixes` and the checks on fixes read
the runs whole.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain, islice, repeat
from operator import add, attrgetter, itemgetter, sub
from typing import NamedTuple, overload

from urlgrammar.errors import Diagnostic

_new = tuple.__new__
_START = attrgetter("start")
_I, _J = itemgetter(1), itemgetter(2)  # a segment's first item and the one after its last
#: A span of the text the run was found in, as the input's.
SpanMap = Callable[[int, int], tuple[int, int]]


class Run(NamedTuple):
    """Diagnostics at ``pointers``, which ascend strictly: the i-th is the template
    ``templates[which[i]]`` (``templates[0]`` without ``which``) spanning
    ``starts[i]..pointers[i] + 1`` (``pointers[i]..pointers[i] + 1`` without ``starts``),
    where each start is after the previous pointer. All of a run's templates have one code,
    and each template is used at one code point only (:func:`distinct` reads one)."""

    pointers: Sequence[int]
    templates: tuple[Diagnostic, ...]
    which: Sequence[int] | None = None
    starts: Sequence[int] | None = None

    def at(self, i: int) -> Diagnostic:
        """The ``i``-th diagnostic."""
        t = self.templates[0 if self.which is None else self.which[i]]
        p = self.pointers[i]
        return _new(Diagnostic, (t.code, p if self.starts is None else self.starts[i], p + 1, t.message,
                                 t.component, t.detail, t.fix, t.severity))

    def items(self, i: int, j: int) -> Iterator[Diagnostic]:
        """The diagnostics ``i`` to ``j``."""
        if self.which is None and self.starts is None:
            t = self.templates[0]
            rest = (t.message, t.component, t.detail, t.fix, t.severity)
            return (_new(Diagnostic, (t.code, p, p + 1, *rest)) for p in islice(self.pointers, i, j))
        return map(self.at, range(i, j))


#: A stretch of the sequence: diagnostics ``i`` to ``j`` of a run, or one diagnostic (0, 1).
Segment = tuple["Run | Diagnostic", int, int]


def merge(single: list[tuple[int, int, int, Diagnostic]], runs: list[tuple[int, int, Run]]) -> list[Segment]:
    """``single`` diagnostics, with their keys (pointer, rank, arrival), and ``runs``, each with
    its rank and the arrival of its first item, in the order of their keys, as segments: each
    run is cut only where something else comes between its items."""
    heap = [(r.pointers[0], b, base, k) for k, (b, base, r) in enumerate(runs)]
    single = sorted(single, key=lambda s: s[:3])
    if single:
        heap.append((*single[0][:3], -1))
    heapq.heapify(heap)
    out: list[Segment] = []
    done, at = 0, [0] * len(runs)
    while heap:
        _, b, base, k = heapq.heappop(heap)
        if k < 0:
            out.append((single[done][3], 0, 1))
            done += 1
            if done < len(single):
                heapq.heappush(heap, (*single[done][:3], -1))
            continue
        run = runs[k][2]
        i, n = at[k], len(run.pointers)
        j = n
        if heap:  # the run's items up to the next key of another source
            a2, b2, arrival2, _ = heap[0]
            before = bisect_right if b < b2 or (b == b2 and base < arrival2) else bisect_left
            j = before(run.pointers, a2, i + 1)  # at least one item
        out.append((run, i, j))
        at[k] = j
        if j < n:
            heapq.heappush(heap, (run.pointers[j], b, base + j, k))
    return out


class Diagnostics(Sequence[Diagnostic]):
    """A sequence of diagnostics made of segments, each built when read (``span`` maps a run's
    spans to the input's; single ones are the input's already). It behaves as the tuple of
    them does: length, indexing, slices, iteration, equality with a tuple or list of the same
    diagnostics, a hash, and pickling."""

    __slots__ = ("_ends", "_segments", "_span")

    def __init__(self, segments: list[Segment], span: SpanMap | None = None) -> None:
        self._segments, self._span = segments, span
        # The running count of diagnostics, without a Python step per segment (interleaved runs
        # make one per diagnostic).
        self._ends = list(accumulate(map(sub, map(_J, segments), map(_I, segments))))

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> Diagnostic: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Diagnostic]: ...

    def __getitem__(self, index: int | slice) -> Diagnostic | Sequence[Diagnostic]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return tuple(self)[index]
            return self._cut(start, stop)
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("diagnostic index out of range")
        k = bisect_right(self._ends, index)
        source, i, j = self._segments[k]
        if isinstance(source, Diagnostic):
            return source
        d = source.at(i + index - (self._ends[k] - (j - i)))
        return d if self._span is None else d.with_span(*self._span(d.start, d.end))

    def _cut(self, start: int, stop: int) -> Diagnostics:
        out: list[Segment] = []
        first = 0
        for (source, i, _), end in zip(self._segments, self._ends, strict=True):
            lo, hi = max(start, first), min(stop, end)
            if lo < hi:
                out.append((source, i + lo - first, i + hi - first))
            first = end
        return Diagnostics(out, self._span)

    def __iter__(self) -> Iterator[Diagnostic]:
        span = self._span
        for source, i, j in self._segments:
            if isinstance(source, Diagnostic):
                yield source
            elif span is None:
                yield from source.items(i, j)
            else:
                for d in source.items(i, j):
                    yield d.with_span(*span(d.start, d.end))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (Diagnostics, tuple, list)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[type[Diagnostics], tuple[list[Segment], SpanMap | None]]:
        return Diagnostics, (self._segments, self._span)

    def segments(self) -> list[Segment]:
        return self._segments


def distinct(diagnostics: Sequence[Diagnostic]) -> Iterator[Diagnostic]:
    """Each diagnostic of a plain sequence; of a :class:`Diagnostics`, each single diagnostic
    and one per template of a run, in the order of their first segments, however many segments
    other diagnostics cut the run into (a path of `a\\b|` segments interleaves a run of
    backslashes with one of `|`, each item a segment): every diagnostic of one template has the
    same code, fix, component and code point at its start, and (but those of
    invalid-credentials) the same length, so a question about those is answered by one of
    them."""
    if not isinstance(diagnostics, Diagnostics):
        yield from diagnostics
        return
    seen: set[object] = set()  # each run, by its id, and each run and template
    for source, i, j in diagnostics.segments():
        if isinstance(source, Diagnostic):
            yield source
        elif source.which is None:
            if id(source) not in seen:
                seen.add(id(source))
                yield source.at(i)
        else:
            for w in dict.fromkeys(source.which[i:j]):
                if (id(source), w) not in seen:
                    seen.add((id(source), w))
                    yield source.at(source.which.index(w, i))


@dataclass(frozen=True, slots=True)
class Positions:
    """A set of positions: those of ``ranges`` (ascending, neither overlapping nor adjacent,
    none empty) and ``points``. The starts of a run's diagnostics at consecutive code points
    (a component of lone surrogates) are kept as their range: a set of a million ints costs
    more than the run that found them, and a search for what they leave out reads only the
    gaps between the ranges."""

    ranges: tuple[range, ...]
    points: frozenset[int]

    def __contains__(self, p: object) -> bool:
        if p in self.points:
            return True
        k = bisect_right(self.ranges, p, key=_START) - 1 if type(p) is int else -1
        return k >= 0 and p in self.ranges[k]

    def __bool__(self) -> bool:
        return bool(self.ranges or self.points)

    def gaps(self, a: int, b: int) -> Iterator[tuple[int, int]]:
        """The stretches of ``a..b`` outside the ranges, from left to right."""
        ranges = self.ranges
        k = max(0, bisect_right(ranges, a, key=_START) - 1)
        while a < b:
            if k == len(ranges) or ranges[k].start >= b:
                yield a, b
                return
            r = ranges[k]
            if r.start > a:
                yield a, r.start
            a = max(a, r.stop)
            k += 1


def start_positions(diagnostics: Sequence[Diagnostic]) -> Positions:
    """The start of each diagnostic's span, with those of a run's consecutive pointers (whose
    spans are their code points) as a range."""
    if not isinstance(diagnostics, Diagnostics):
        return Positions((), frozenset(d.start for d in diagnostics))
    ranges: list[range] = []
    points: list[int] = []
    for source, i, j in diagnostics.segments():
        if isinstance(source, Diagnostic):
            points.append(source.start)
        elif source.starts is None and type(source.pointers) is range and source.pointers.step == 1:
            ranges.append(source.pointers[i:j])
        else:
            points += islice(source.pointers if source.starts is None else source.starts, i, j)
    merged: list[range] = []
    for r in sorted(ranges, key=_START):
        if merged and r.start <= merged[-1].stop:
            merged[-1] = range(merged[-1].start, max(r.stop, merged[-1].stop))
        else:
            merged.append(r)
    return Positions(tuple(merged), frozenset(points))


def apply_fixes(text: str, diagnostics: Sequence[Diagnostic]) -> str | None:
    """``text`` with each diagnostic's span replaced by its fix; None where two fixes overlap.

    Insertions (empty spans) go before a replacement that starts at the same place. A fix whose
    span lies inside one applied already is part of it, and of two fixes for the same span the
    later one wins: the host parser's fixes build on each other (the percent-decoded host, then
    its canonical IPv4 address).

    A :class:`Diagnostics` whose runs and single diagnostics do not overlap has its runs
    applied whole; otherwise each diagnostic is read.
    """
    if isinstance(diagnostics, Diagnostics):
        fixed = _apply_segments(text, diagnostics)
        if fixed is not None:
            return fixed
    fixes = sorted(((d.start, d.end, -i, d.fix) for i, d in enumerate(diagnostics) if d.fix is not None),
                   key=lambda f: (f[0], f[1] > f[0], -f[1], f[2]))
    out: list[str] = []
    position = 0
    for start, end, _, fix in fixes:
        if start < position:
            if end <= position:
                continue
            return None
        out += [text[position:start], fix]
        position = end
    out.append(text[position:])
    return "".join(out)


def _apply_segments(text: str, diagnostics: Diagnostics) -> str | None:
    """:func:`apply_fixes` where each segment's span (a run's from its first start to its last
    end) comes after the previous one's, every run's fixes being there; None otherwise."""
    blocks: list[tuple[int, int, int, Run | Diagnostic, int, int]] = []
    index = 0
    for source, i, j in diagnostics.segments():
        if isinstance(source, Diagnostic):
            if source.fix is not None:
                blocks.append((source.start, source.end, -index, source, i, j))
        elif any(t.fix is None for t in source.templates):
            return None
        else:
            first = source.pointers[i] if source.starts is None else source.starts[i]
            blocks.append((first, source.pointers[j - 1] + 1, -index, source, i, j))
        index += j - i
    blocks.sort(key=lambda f: (f[0], f[1] > f[0], -f[1], f[2]))
    out: list[str] = []
    position = 0
    for start, end, _, source, i, j in blocks:
        if start < position:
            return None
        if isinstance(source, Diagnostic):
            out += [text[position:start], source.fix or ""]
        else:
            out += [text[position:start], _fixed_run(text, source, i, j)]
        position = end
    out.append(text[position:])
    return "".join(out)


def _fixed_run(text: str, run: Run, i: int, j: int) -> str:
    """The text from the start of item ``i`` of ``run`` to the end of item ``j - 1``, each
    item's span replaced by its fix. Where each item spans one code point and the items are
    every occurrence there of their templates' code points, that is a ``str.translate``."""
    pointers = run.pointers[i:j]
    first, last = pointers[0], pointers[-1] + 1
    fixes = [t.fix or "" for t in run.templates]
    if run.starts is None:
        which = range(1) if run.which is None else dict.fromkeys(run.which[i:j])
        table: dict[str, str | int | None] = {
            text[pointers[0 if run.which is None else run.which.index(w, i) - i]]: fixes[w] for w in which}
        region = text[first:last]
        if len(table) == len(which) and sum(map(region.count, table)) == j - i:
            if len(table) == 1 and j - i == len(region):  # one code point throughout, one fix
                return f"{table[region[0]]}" * len(region)
            return region.translate(str.maketrans(table))
    begins = pointers if run.starts is None else run.starts[i:j]
    ends = list(map(add, pointers, repeat(1)))
    if run.which is None and list(begins[1:]) == ends[:-1]:  # spans end to end
        return fixes[0] * (j - i)
    gaps = map(text.__getitem__, map(slice, chain((begins[0],), ends), begins))
    each = repeat(fixes[0]) if run.which is None else map(fixes.__getitem__, run.which[i:j])
    return "".join(chain.from_iterable(zip(gaps, each, strict=False)))
