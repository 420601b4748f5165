"""Validating inputs in order, in this process or in worker processes (``--jobs``).

The inputs are read here (by a thread of this process), sent to the workers in batches, and
their reports come back in input order: output is made here alone, so it is the same, byte for
byte, whatever the number of workers. At most a few batches per worker are in flight, so memory
stays bounded however long the input is; what a slow source (a pipe, a terminal) has given goes
to the workers after :data:`WAIT` seconds without more, so its results do not wait for a batch
to fill.
"""

from __future__ import annotations

import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from queue import Empty, Queue
from typing import TYPE_CHECKING, TypeVar, cast

from urlgrammar.api import parse
from urlgrammar.checking.validate import Report, validate
from urlgrammar.cli.check.formats import Checked, Result
from urlgrammar.cli.check.sources import Input
from urlgrammar.url import URL

if TYPE_CHECKING:
    from concurrent.futures import Future

T = TypeVar("T")
#: Batches grow from the first (so that the first results come at once) to the last size.
FIRST_BATCH, LAST_BATCH = 32, 2048
#: Batches in flight per worker.
AHEAD = 2
#: Seconds to wait for the next input before what has come goes to the workers.
WAIT = 0.05


def workers(jobs: int) -> int:
    """The number of processes ``--jobs N`` asks for (0: one per core this process may use)."""
    if jobs:
        return jobs
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


@lru_cache(maxsize=64)
def _base(base: str) -> URL:
    return parse(base)


def check(text: str, base: str | None, advisories: bool = True, limit: int | None = None) -> Report:
    """:func:`validate` with ``base`` parsed once per process, not once per input, and at
    most ``limit`` diagnostics (and advisories) kept."""
    return validate(text, None if base is None else _base(base), advisories, max_diagnostics=limit)


def _check_batch(batch: list[tuple[str, str | None]], advisories: bool, limit: int | None) -> list[Result]:
    return [Result.of(check(text, base, advisories, limit)) for text, base in batch]


def _worker_start() -> None:
    # Ctrl-C goes to the whole process group: the main process answers it, for everyone.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def validated(items: Iterable[T], jobs: int, eager: Callable[[], bool] = lambda: True,
              advisories: bool = True, limit: int | None = None) -> Iterator[tuple[T, Checked | None]]:
    """Each item with its report, in order (None for what is not an :class:`Input` with text),
    with validate's advisories or without, and at most ``limit`` diagnostics and advisories
    kept of each (validate's ``max_diagnostics``: the workers hold and send no more).

    ``eager()`` says whether the items come from a source that may keep the next one waiting
    (a pipe, a terminal): then each is passed on as soon as it is read.
    """
    if jobs == 1:
        for item in items:
            yield item, (check(item.text, item.base, advisories, limit)
                         if isinstance(item, Input) and item.text is not None else None)
        return
    # Imported here: the process pool costs a `check` of one URL more than the check itself.
    from concurrent.futures import ProcessPoolExecutor

    count = workers(jobs)
    pool = ProcessPoolExecutor(count, initializer=_worker_start)
    pending: deque[tuple[list[T], Future[list[Result]]]] = deque()
    try:
        for batch in _batches(items, eager):
            if batch:
                texts = [(i.text, i.base) for i in batch if isinstance(i, Input) and i.text is not None]
                pending.append((batch, pool.submit(_check_batch, texts, advisories, limit)))
            # Whatever is done is written at once; beyond the batches in flight, wait for it.
            while pending and (pending[0][1].done() or len(pending) > AHEAD * count):
                yield from _paired(*pending.popleft())
        while pending:
            yield from _paired(*pending.popleft())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _paired(batch: list[T], future: Future[list[Result]]) -> Iterator[tuple[T, Checked | None]]:
    reports = iter(future.result())
    for item in batch:
        yield item, (next(reports) if isinstance(item, Input) and item.text is not None else None)


_END = object()
#: Items a reading thread passes on at a time (from a file, which never keeps it waiting).
_CHUNK = 64


def _batches(items: Iterable[T], eager: Callable[[], bool]) -> Iterator[list[T]]:
    """The items in batches, growing from FIRST_BATCH to LAST_BATCH; an empty batch when none
    has come for :data:`WAIT` seconds, and what came by then.

    A thread reads the items, so that a batch goes to the workers, and the results come back,
    while a slow source (a pipe, a terminal) has nothing more to give.
    """
    queue: Queue[object] = Queue(maxsize=AHEAD * LAST_BATCH // _CHUNK)
    threading.Thread(target=_read, args=(items, queue, eager), daemon=True).start()
    size, batch = FIRST_BATCH, list[T]()
    while True:
        try:
            chunk = queue.get(timeout=WAIT)
        except Empty:
            yield batch
            batch = list[T]()
            continue
        if isinstance(chunk, _Failed):
            raise chunk.error
        if chunk is _END:
            break
        batch.extend(cast(list[T], chunk))
        if len(batch) >= size:
            yield batch
            batch, size = list[T](), min(size * 2, LAST_BATCH)
    if batch:
        yield batch


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


def _read(items: Iterable[object], queue: Queue[object], eager: Callable[[], bool]) -> None:
    """Put the items on ``queue`` in chunks (one by one when ``eager()``), then :data:`_END`."""
    chunk: list[object] = []
    try:
        for item in items:
            chunk.append(item)
            if len(chunk) >= _CHUNK or eager():
                queue.put(chunk)
                chunk = []
    except BaseException as e:  # handed to the thread that writes, which raises it
        queue.put(_Failed(e))
        return
    if chunk:
        queue.put(chunk)
    queue.put(_END)
