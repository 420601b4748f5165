"""How a run of ``urlgrammar check`` shows it is going: the sources opened (how far in them,
when their sizes are known), progress on a terminal, and when output is flushed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from urlgrammar.cli.check.sources import Stream

#: Seconds before progress is first shown, and between its updates.
PROGRESS_AFTER, PROGRESS_EVERY = 0.5, 0.2
#: Seconds output may wait in the buffer, when the input is a file.
FLUSH_EVERY = 0.25


class Reading:
    """The sources opened so far, for progress and for when to flush."""

    def __init__(self, files: int) -> None:
        """``files``: how many there are to read (0: not known, for a directory's)."""
        self.files, self.done = files, 0
        self.stream: Stream | None = None
        self.interactive = False

    def open(self, name: str, reader: str = "list") -> Stream:
        if self.stream is not None:
            self.done += 1
        self.stream = Stream(name, reader)
        self.interactive = self.interactive or self.stream.interactive
        return self.stream

    def fraction(self) -> float | None:
        """How much of the files has been read, when their sizes are known."""
        stream = self.stream
        if stream is None or stream.size is None or self.files < 1:
            return None
        within = min(1.0, stream.read / stream.size) if stream.size else 1.0
        return (self.done + within) / self.files


class Flusher:
    """Output reaches its reader soon: at once when the input arrives as it is written (a
    pipe, a terminal), otherwise at least every :data:`FLUSH_EVERY` seconds."""

    def __init__(self, out: TextIO, reading: Reading, clock: Callable[[], float] = time.monotonic) -> None:
        self.out, self.reading, self.clock = out, reading, clock
        self.last = clock()

    def wrote(self) -> None:
        if self.reading.interactive or self.clock() - self.last > FLUSH_EVERY:
            self.now()

    def now(self) -> None:
        self.out.flush()
        self.last = self.clock()


class Progress:
    """``checked 12,345 (6,789/s) 37%`` on standard error, when that is a terminal."""

    def __init__(self, stream: TextIO, fraction: Callable[[], float | None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.fraction, self.clock = stream, fraction, clock
        self.on = stream.isatty()
        self.started = clock()
        self.next = self.started + PROGRESS_AFTER
        self.n, self.width = 0, 0

    def tick(self) -> None:
        self.n += 1
        if not self.on:
            return
        now = self.clock()
        if now < self.next:
            return
        self.next = now + PROGRESS_EVERY
        rate = self.n / max(now - self.started, 1e-9)
        fraction = self.fraction()
        line = f"checked {self.n:,} ({rate:,.0f}/s)" + ("" if fraction is None else f" {fraction:.0%}")
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
