"""Worker processes that explain an input within a time limit.

The explanation of an input costs time linear in its length, and the server bounds the
length; the limit here is the second bound, for whatever that reasoning misses. A thread cannot
be stopped in Python, so each explanation runs in a process of a small pool: a worker that
has not answered within the time allowed is killed and replaced, and the request fails with
:class:`TimedOut`. A request that finds no idle worker within the same time fails with
:class:`Busy`. A worker that died while idle (killed, out of memory) is replaced when a request
takes it, and the request waits for another: it is never given the job. Workers start with the
``spawn`` method (a fresh interpreter: forking a process that runs server threads is unsafe),
ignore SIGINT (Ctrl-C stops the server, which then ends them), and answer with the JSON already
encoded.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import queue
import signal
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

#: What a warm-up explains, so that a worker has built its grammars before its first request.
_WARM_UP = ("http://h/a?q#f", "file:///c:/x", "sc://h/")


class Busy(Exception):
    """No worker became free within the time allowed."""


class TimedOut(Exception):
    """The explanation took longer than the time allowed; its worker was killed."""


class WorkerFailed(Exception):
    """The explanation raised an exception, or its worker died: a bug, reported as such."""


def _explain(input: str, base: str | None) -> bytes:
    from urlgrammar.teaching.facts import explain_json

    return json.dumps(explain_json(input, base), ensure_ascii=True).encode("ascii")


def _work(conn: Connection) -> None:
    """A worker's loop: a job is ``(input, base)``, None ends it; the answer is the JSON,
    after one byte that says whether it is a result (``+``) or the text of an exception."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for input in _WARM_UP:
        _explain(input, None)
    conn.send_bytes(b"+ready")
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            reply = b"+" + _explain(*job)
        except Exception as e:  # a bug in urlgrammar: the server reports it, the worker goes on
            reply = b"!" + f"{type(e).__name__}: {e}".encode("utf-8", "backslashreplace")
        conn.send_bytes(reply)


class _Worker:
    def __init__(self, context: multiprocessing.context.SpawnContext) -> None:
        self.conn, child = context.Pipe()
        self.process: BaseProcess = context.Process(target=_work, args=(child,), daemon=True,
                                                    name="urlgrammar-viewer-worker")
        self.process.start()
        child.close()

    def stop(self, grace: float = 0.0) -> None:
        if grace and self.process.is_alive():
            with contextlib.suppress(OSError):
                self.conn.send(None)
            self.process.join(grace)
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()


class Workers:
    """``count`` worker processes; :meth:`explain` gives the JSON of one explanation within
    ``seconds`` of waiting for a worker and ``seconds`` of work. As with any use of the
    ``spawn`` start method, a script that makes one must guard its main module
    (``if __name__ == "__main__":``), since each worker imports it."""

    def __init__(self, count: int = 2, seconds: float = 10.0) -> None:
        self.seconds = seconds
        self._context = multiprocessing.get_context("spawn")
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._lock = threading.Lock()
        self._all: set[_Worker] = set()
        self._closed = False
        started = [self._start() for _ in range(count)]
        try:
            for worker in started:
                self._ready(worker, timeout=120.0)  # building the grammars takes seconds, cold
                self._idle.put(worker)
        except BaseException:
            self.close()
            raise

    def _start(self) -> _Worker:
        worker = _Worker(self._context)
        with self._lock:
            self._all.add(worker)
        return worker

    def _ready(self, worker: _Worker, timeout: float) -> None:
        try:
            ready = worker.conn.poll(timeout) and worker.conn.recv_bytes() == b"+ready"
        except (EOFError, OSError):
            ready = False
        if not ready:
            raise WorkerFailed("a viewer worker did not start")

    def _replace(self, worker: _Worker) -> None:
        """Kill ``worker`` and put a new one in its place, once that one is ready."""
        worker.stop()
        with self._lock:
            self._all.discard(worker)
            if self._closed:
                return
            fresh = _Worker(self._context)
            self._all.add(fresh)
        threading.Thread(target=self._when_ready, args=(fresh,), daemon=True).start()

    def _when_ready(self, worker: _Worker) -> None:
        try:
            self._ready(worker, timeout=120.0)
        except WorkerFailed:
            worker.stop()
            return
        self._idle.put(worker)

    def explain(self, input: str, base: str | None, since: float | None = None) -> bytes:
        """The JSON of ``explain_json(input, base)``, encoded as ASCII; the wait for a worker
        counts from ``since`` (a time.monotonic() value), if given, rather than from now."""
        worker = self._live_worker(time.monotonic() if since is None else since)
        try:
            worker.conn.send((input, base))
            if not worker.conn.poll(self.seconds):
                self._replace(worker)
                raise TimedOut(f"the explanation took longer than {self.seconds:g} seconds")
            reply = worker.conn.recv_bytes()
        except (EOFError, OSError):
            self._replace(worker)
            raise WorkerFailed("a viewer worker died") from None
        self._idle.put(worker)
        if not reply.startswith(b"+"):
            raise WorkerFailed(reply[1:].decode("utf-8"))
        return reply[1:]

    def _live_worker(self, since: float) -> _Worker:
        """An idle worker that is alive, within ``seconds`` of ``since``; the dead are replaced
        on the way."""
        deadline = since + self.seconds
        while True:
            try:
                worker = self._idle.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise Busy(f"every worker is busy: try again in {self.seconds:g} seconds") from None
            if worker.process.is_alive():
                return worker
            # Its pipe would fail the job: its replacement joins the idle queue once ready.
            self._replace(worker)

    def close(self) -> None:
        """Stop every worker: ask, then kill what is left after a second."""
        with self._lock:
            workers, self._all, self._closed = list(self._all), set(), True
        for worker in workers:
            worker.stop(grace=1.0)
