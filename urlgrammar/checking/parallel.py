"""Validating inputs in order, in this process or in worker processes (``--jobs``).

The inputs are read here, sent to the workers in batches, and their reports come back in
input order: output is made here alone, so it is the same, byte for byte, whatever the number
of workers. At most a few batches per worker are in flight, so memory stays bounded however
long the input is.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from functools import lru_cache
from typing import TypeVar

from urlgrammar.api import parse
from urlgrammar.checking.sources import Input
from urlgrammar.checking.validate import Report, validate
from urlgrammar.url import URL

T = TypeVar("T")
#: Batches grow from the first (so that the first results come at once) to the last size.
FIRST_BATCH, LAST_BATCH = 32, 2048
#: Batches in flight per worker.
AHEAD = 2


def workers(jobs: int) -> int:
    """The number of processes ``--jobs N`` asks for (0: one per core this process may use)."""
    if jobs:
        return jobs
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


@lru_cache(maxsize=64)
def _base(base: str) -> URL:
    return parse(base)


def check(text: str, base: str | None) -> Report:
    """:func:`validate` with ``base`` parsed once per process, not once per input."""
    return validate(text, None if base is None else _base(base))


def _check_batch(batch: list[tuple[str, str | None]]) -> list[Report]:
    return [check(text, base) for text, base in batch]


def _worker_start() -> None:
    # Ctrl-C goes to the whole process group: the main process answers it, for everyone.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def validated(items: Iterable[T], jobs: int) -> Iterator[tuple[T, Report | None]]:
    """Each item with its report, in order (None for what is not an :class:`Input` with text)."""
    if jobs == 1:
        for item in items:
            yield item, (check(item.text, item.base) if isinstance(item, Input) and item.text is not None
                         else None)
        return
    count = workers(jobs)
    pool = ProcessPoolExecutor(count, initializer=_worker_start)
    pending: deque[tuple[list[T], Future[list[Report]]]] = deque()
    try:
        for batch in _batches(items):
            texts = [(i.text, i.base) for i in batch if isinstance(i, Input) and i.text is not None]
            pending.append((batch, pool.submit(_check_batch, texts)))
            while len(pending) > AHEAD * count:
                yield from _paired(*pending.popleft())
        while pending:
            yield from _paired(*pending.popleft())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _paired(batch: list[T], future: Future[list[Report]]) -> Iterator[tuple[T, Report | None]]:
    reports = iter(future.result())
    for item in batch:
        yield item, (next(reports) if isinstance(item, Input) and item.text is not None else None)


def _batches(items: Iterable[T]) -> Iterator[list[T]]:
    size, batch = FIRST_BATCH, []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch, size = [], min(size * 2, LAST_BATCH)
    if batch:
        yield batch
