"""Validating inputs in order, in this process or in worker processes (``--jobs``).

The inputs are read here (by a thread of this process), sent to the workers in batches, and
their reports come back in input order: output is made here alone, so it is the same, byte for
byte, whatever the number of workers. Memory is bounded however long or hostile the input is:
what is read ahead, a batch, and the batches in flight (a few per worker) are bounded in bytes
as well as in inputs, so that a line of a megabyte is a batch of its own; a worker sends back
only what is printed (``--max-errors`` diagnostics, and counts of the rest; not the input,
which is here already). What a slow source (a pipe, a terminal) has given goes to the workers
after :data:`WAIT` seconds without more, so its results do not wait for a batch to fill.

Workers (:mod:`~urlgrammar.cli.check.workers`) start as batches need them, at most one per core
this process may use whatever ``--jobs`` asks for; an input that is one batch is checked here,
without any.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from queue import Empty, Queue
from typing import TypeVar, cast

from urlgrammar.api import parse
from urlgrammar.checking.validate import Report, validate
from urlgrammar.cli.check.formats import Checked, Result
from urlgrammar.cli.check.sources import Input
from urlgrammar.cli.check.workers import Pool, Worker, WorkerDied
from urlgrammar.url import URL

T = TypeVar("T")
#: Batches grow from the first (so that the first results come at once) to the last size.
FIRST_BATCH, LAST_BATCH = 32, 2048
#: Bytes of text that end a batch (its last input may take it past them).
BATCH_BYTES = 1 << 18
#: Batches in flight per worker.
AHEAD = 2
#: Seconds to wait for the next input before what has come goes to the workers.
WAIT = 0.05
#: What the reading thread may read ahead: inputs at a time, bytes at a time, bytes in all.
_CHUNK, _CHUNK_BYTES, _READ_AHEAD = 64, 1 << 16, 1 << 20
#: What an input costs besides its text, in bytes, so that short inputs count too.
_OVERHEAD = 200


def cores() -> int:
    """The cores this process may use."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def workers(jobs: int) -> int:
    """The most worker processes ``--jobs N`` starts: N, but no more than the cores this
    process may use (0: one per core). A process more than the cores only waits for one."""
    return min(jobs, cores()) if jobs else cores()


@lru_cache(maxsize=64)
def _base(base: str) -> URL:
    return parse(base)


def check(text: str, base: str | None, advisories: bool = True, limit: int | None = None,
          context: str = "browser", encoding: str = "utf-8", protected: tuple[str, ...] = ()) -> Report:
    """:func:`validate` with ``base`` parsed once per process, not once per input, and at
    most ``limit`` diagnostics (and advisories) kept, for use in ``context``; ``encoding`` is
    the query encoding (an HTML document's), ``protected`` validate's. A run leaves no reference cycle
    (tests/suite/test_cycles.py), so what it made is freed as its report goes."""
    return validate(text, None if base is None else _base(base), advisories, max_diagnostics=limit,
                    context=context, encoding=encoding, protected=protected)


def _check_batch(batch: list[tuple[str, str | None, str]], advisories: bool, limit: int | None,
                 href: bool = True, context: str = "browser",
                 protected: tuple[str, ...] = ()) -> list[Result]:
    """A worker's job: the reports of a batch, as much of each as is printed."""
    return [Result.of(check(text, base, advisories, limit, context, encoding, protected), input=False,
                      href=href)
            for text, base, encoding in batch]


def _text(item: object) -> str | None:
    return item.text if isinstance(item, Input) else None


def validated(items: Iterable[T], jobs: int, eager: Callable[[], bool] = lambda: True,
              advisories: bool = True, limit: int | None = None,
              href: bool = True, context: str = "browser",
              protected: tuple[str, ...] = ()) -> Iterator[tuple[T, Checked | None]]:
    """Each item with its report, in order (None for what is not an :class:`Input` with text),
    with validate's advisories or without, and at most ``limit`` diagnostics and advisories
    kept of each (validate's ``max_diagnostics``: the workers hold and send no more); without
    ``href``, a report from a worker has None for it; ``context`` and ``protected`` are validate's.

    ``eager()`` says whether the items come from a source that may keep the next one waiting
    (a pipe, a terminal): then each is passed on as soon as it is read. Raises
    :class:`WorkerDied` when a worker dies: the items before its batch have been given.
    """
    if jobs == 1:
        for item in items:
            yield item, (check(item.text, item.base, advisories, limit, context, item.encoding, protected)
                         if isinstance(item, Input) and item.text is not None else None)
        return
    count = workers(jobs)
    pool = Pool(count, _check_batch)
    pending: deque[tuple[list[T], Worker | None]] = deque()
    try:
        for batch, last in _batches(items, eager):
            if batch and last and not pending:
                # The whole input: a worker would cost more than it saves.
                yield from validated(batch, 1, eager, advisories, limit, href, context, protected)
                return
            if batch:
                texts = [(i.text, i.base, i.encoding) for i in batch
                         if isinstance(i, Input) and i.text is not None]
                worker = pool.worker() if texts else None
                if worker is not None:
                    worker.send((texts, advisories, limit, href, context, protected))
                pending.append((batch, worker))
            # Whatever is done is written at once; beyond the batches in flight, wait for it.
            while pending and (_ready(pending[0][1]) or len(pending) > AHEAD * count):
                yield from _paired(*pending.popleft())
        while pending:
            yield from _paired(*pending.popleft())
    finally:
        pool.close()


def _ready(worker: Worker | None) -> bool:
    return worker is None or worker.ready()


def _paired(batch: list[T], worker: Worker | None) -> Iterator[tuple[T, Checked | None]]:
    try:
        reports = iter(cast(list[Result], [] if worker is None else worker.receive()))
    except WorkerDied as e:
        first = next((i.number for i in batch if isinstance(i, Input)), None)
        after = "" if first is None else f": input {first} and those after it were not checked"
        raise WorkerDied(f"{e}; the run stops there{after}") from None
    for item in batch:
        text = _text(item)
        yield item, None if text is None else next(reports)._replace(input=text)


_END = object()


def _size(item: object) -> int:
    return _OVERHEAD + len(_text(item) or "")


class _Ahead:
    """The bytes the reading thread has read and the batches have not taken yet: it waits while
    they are more than :data:`_READ_AHEAD`."""

    def __init__(self) -> None:
        self.bytes = 0
        self.changed = threading.Condition()

    def add(self, size: int) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.bytes < _READ_AHEAD)
            self.bytes += size

    def take(self, size: int) -> None:
        with self.changed:
            self.bytes -= size
            self.changed.notify()


def _batches(items: Iterable[T], eager: Callable[[], bool]) -> Iterator[tuple[list[T], bool]]:
    """The items in batches, growing from FIRST_BATCH to LAST_BATCH inputs and ending at
    :data:`BATCH_BYTES`, each with whether it is the last; an empty batch when none has come
    for :data:`WAIT` seconds, and what came by then.

    A thread reads the items, so that a batch goes to the workers, and the results come back,
    while a slow source (a pipe, a terminal) has nothing more to give.
    """
    queue: Queue[object] = Queue()
    ahead = _Ahead()
    threading.Thread(target=_read, args=(items, queue, eager, ahead), daemon=True).start()
    size, batch, held = FIRST_BATCH, list[T](), 0
    while True:
        try:
            chunk = queue.get(timeout=WAIT)
        except Empty:
            yield batch, False
            batch, held = list[T](), 0
            continue
        if isinstance(chunk, _Failed):
            raise chunk.error
        if chunk is _END:
            break
        chunk_items = cast(list[T], chunk)
        chunk_bytes = sum(map(_size, chunk_items))
        ahead.take(chunk_bytes)
        batch.extend(chunk_items)
        held += chunk_bytes
        if len(batch) >= size or held >= BATCH_BYTES:
            yield batch, False
            batch, held, size = list[T](), 0, min(size * 2, LAST_BATCH)
    yield batch, True


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


def _read(items: Iterable[object], queue: Queue[object], eager: Callable[[], bool], ahead: _Ahead) -> None:
    """Put the items on ``queue`` in chunks (one by one when ``eager()``), then :data:`_END`."""
    chunk: list[object] = []
    held = 0
    try:
        for item in items:
            chunk.append(item)
            held += _size(item)
            if len(chunk) >= _CHUNK or held >= _CHUNK_BYTES or eager():
                ahead.add(held)
                queue.put(chunk)
                chunk, held = [], 0
    except BaseException as e:  # handed to the thread that writes, which raises it
        queue.put(_Failed(e))
        return
    if chunk:
        ahead.add(held)
        queue.put(chunk)
    queue.put(_END)
