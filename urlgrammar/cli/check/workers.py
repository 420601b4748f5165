"""The worker processes of ``check --jobs N``: started as batches need them, never outliving
the process that started them, and a death reported in one line.

Each worker has two pipes: jobs come in on one, results go back on the other. A thread of the
worker reads the jobs as they come (so that the main process never waits to send one while the
worker waits to send it a result), and the end of that pipe is the worker's life line: when the
main process ends, however it ends (an exception, SIGTERM, SIGHUP, SIGKILL), the kernel closes
its end of the pipe, the thread reads end-of-file and ends the worker (:func:`_receive`). On
Linux a worker also asks the kernel to kill it when the main process dies (``PR_SET_PDEATHSIG``,
prctl(2)), which works even while the worker's thread waits for the interpreter (:func:`_die_with`).

A worker that dies is found as the end of its results pipe; :class:`WorkerDied` says which
process and how (the signal that killed it, or its exit status).

Not :class:`concurrent.futures.ProcessPoolExecutor`: with fork, Python 3.11's forks all its
workers at the first job (it starts them lazily only with the other start methods, because of
https://github.com/python/cpython/issues/90622), forks replacements (``max_tasks_per_child``)
from its manager thread (which the parent-death signal would tie to that thread), and a dead
worker breaks the whole pool (``BrokenProcessPool``).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from queue import SimpleQueue
from typing import Any

#: Seconds a worker has to end after its jobs pipe is closed, before it is killed.
GRACE = 5.0
#: Linux's prctl(2) option: the signal a process gets when its parent dies (linux/prctl.h).
_PR_SET_PDEATHSIG = 1

Task = Callable[..., Any]


class WorkerDied(Exception):
    """A worker process ended before it answered: the message says which, and how."""


def _die_with(parent: int) -> None:
    """Be killed by the kernel when ``parent`` dies (Linux only; elsewhere the life line alone).

    The kernel sends the signal when the *thread* that forked this process ends, not the
    process: :class:`Pool` forks from the thread that asks for a worker, which in ``check`` is
    the main thread, and the process ends with that thread. Where the parent died before the
    prctl took effect, no signal will come: the parent is no longer ours, and we end now.
    """
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(0)


def _receive(jobs: Connection, queue: SimpleQueue[tuple[Any, ...]], status: list[int]) -> None:
    """Pass each job on; at end-of-file (the main process closed the pipe, or died) end this
    process at once, with ``status``: there is no one left to answer, and nothing of it to
    clean up."""
    while True:
        try:
            job = jobs.recv()
        except (EOFError, OSError):
            os._exit(status[0])
        queue.put(job)


def _serve(jobs: Connection, results: Connection, parent: int, task: Task,
           inherited: Sequence[Connection]) -> None:
    """A worker's life: ``task(*job)`` for each job, its result sent back, in order."""
    # Ctrl-C goes to the whole process group: the main process answers it, for everyone.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A forked worker holds copies of the main process's ends of every pipe made so far, its
    # own included; kept, they would keep the pipes open after the main process dies.
    for connection in inherited:
        connection.close()
    _die_with(parent)
    queue: SimpleQueue[tuple[Any, ...]] = SimpleQueue()
    # The exit status, whichever thread ends the process: once the failure is sent, the main
    # process may close the pipe before this thread reaches its own exit.
    status = [0]
    threading.Thread(target=_receive, args=(jobs, queue, status), daemon=True).start()
    while True:
        try:
            result = task(*queue.get())
        except Exception as e:
            # MemoryError on a hostile input, or a bug: said in the main process's one line,
            # not as this process's traceback.
            said = f"{type(e).__name__}: {e}".splitlines()[0]
            result = _Failed(said if len(said) <= 200 else said[:199] + "…")
            status[0] = 1
        try:
            results.send(result)
        except OSError:  # the main process has gone
            os._exit(status[0])
        if status[0]:
            os._exit(status[0])


class _Failed:
    """What a worker sends back in place of a result when its task raised."""

    def __init__(self, error: str) -> None:
        self.error = error


def _context() -> multiprocessing.context.BaseContext:
    # Fork, where there is fork: a worker starts in milliseconds with urlgrammar imported and its
    # grammars built, where a fresh interpreter (spawn) takes most of a second.
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


class Worker:
    """One worker process, and the jobs sent to it that it has not answered yet (``load``)."""

    def __init__(self, context: multiprocessing.context.BaseContext, task: Task,
                 others: Sequence[Worker], number: int) -> None:
        their_jobs, self.jobs = context.Pipe(duplex=False)
        self.results, their_results = context.Pipe(duplex=False)
        forked = context.get_start_method() == "fork"
        inherited = [self.jobs, self.results, *(c for w in others for c in (w.jobs, w.results))]
        self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_serve, name=f"urlgrammar-check-worker-{number}", daemon=True,
            args=(their_jobs, their_results, os.getpid(), task, inherited if forked else ()))
        self.process.start()
        # Only the worker holds its ends now, so that its death is the end of its results.
        their_jobs.close()
        their_results.close()
        self.load = 0

    def send(self, job: tuple[Any, ...]) -> None:
        # A worker that has died cannot take the job; its death is reported where its results
        # are read, in input order, after the results of the batches before.
        with contextlib.suppress(OSError):
            self.jobs.send(job)
        self.load += 1

    def ready(self) -> bool:
        """Whether the answer to its oldest job has come (or the worker has died)."""
        try:
            return self.results.poll()
        except OSError:
            return True

    def receive(self) -> Any:
        """The answer to its oldest job."""
        try:
            result = self.results.recv()
        except (EOFError, OSError):
            raise WorkerDied(self.how()) from None
        if isinstance(result, _Failed):
            raise WorkerDied(f"worker process {self.process.pid} failed: {result.error}")
        self.load -= 1
        return result

    def how(self) -> str:
        """How the worker ended, in words."""
        self.process.join(GRACE)
        code, pid = self.process.exitcode, self.process.pid
        if code is None:
            return f"worker process {pid} stopped answering"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"worker process {pid} was killed by {name}"
        return f"worker process {pid} exited with status {code}"

    def stop(self) -> None:
        self.jobs.close()
        self.results.close()


class Pool:
    """At most ``most`` workers running ``task``, each started when a job finds every running
    worker busy; :meth:`close` ends them all (so does the end of this process)."""

    def __init__(self, most: int, task: Task) -> None:
        self.most, self.task = most, task
        self.workers: list[Worker] = []
        self.context = _context()

    def worker(self) -> Worker:
        """The worker for the next job: an idle one, a new one while there may be more, else
        the one with the fewest jobs."""
        least = min(self.workers, key=lambda w: w.load, default=None)
        if least is not None and (least.load == 0 or len(self.workers) >= self.most):
            return least
        worker = Worker(self.context, self.task, self.workers, len(self.workers) + 1)
        self.workers.append(worker)
        return worker

    def close(self) -> None:
        """Close every worker's pipes (each ends when it reads their end), wait for them, and
        kill any that has not ended within :data:`GRACE` seconds."""
        for worker in self.workers:
            worker.stop()
        for worker in self.workers:
            worker.process.join(GRACE)
            if worker.process.exitcode is None:
                worker.process.kill()
                worker.process.join()
        self.workers.clear()
