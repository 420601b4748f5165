"""The worker processes of ``urlgrammar check --jobs N`` (issue 22): how many start, that none
outlives the main process however it ends, that the death of one is a line and exit status 3,
and that what is read, batched and sent back is bounded in bytes.

The processes' tests read /proc (Linux); none asserts on time: a wait for a process to start or
to end polls with a generous cap, which only a failure reaches.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from urlgrammar.cli.check import parallel, workers
from urlgrammar.cli.check.sources import STDIN, Input

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

ROOT = Path(__file__).resolve().parents[3]
#: Seconds a wait for processes may take before the test fails: far more than a busy machine needs.
CAP = 60.0
#: Runs ``urlgrammar check`` with every fork counted: the child writes its pid to the file
#: $FORKS names and, when $FORKS_EXIT is set, ends at once (so that a run that would fork a
#: thousand workers forks a thousand processes that cost nothing).
_COUNTING = ("import os, sys\n"
             "def forked():\n"
             "    with open(os.environ['FORKS'], 'a') as f:\n"
             "        f.write(f'{os.getpid()}\\n')\n"
             "    if os.environ.get('FORKS_EXIT'):\n"
             "        os._exit(0)\n"
             "os.register_at_fork(after_in_child=forked)\n"
             "from urlgrammar.cli import main\n"
             "raise SystemExit(main(['check', *sys.argv[1:]]))\n")
LINE = b"https://u@h/a b\n"
#: The cores this process may use, counted here, not by the code under test.
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _environment(**more: str) -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **more}


def _defaults() -> None:
    # A suite started in the background (nohup, `&`) ignores SIGHUP and SIGINT, and its
    # children inherit that; the main process must answer them as a terminal's would.
    for number in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


def _forks(tmp_path: Path, argv: list[str], exit_at_once: bool = False) -> tuple[int, list[int]]:
    forks = tmp_path / "forks.txt"
    forks.touch()
    env = _environment(FORKS=str(forks), **({"FORKS_EXIT": "1"} if exit_at_once else {}))
    done = subprocess.run([sys.executable, "-c", _COUNTING, *argv], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, timeout=600, check=False)
    return done.returncode, [int(line) for line in forks.read_text().split()]


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command's name (state first), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and fields[1] == str(pid) and fields[0] != "Z":
                found.append(int(entry))
    return found


def _alive(pid: int, started: str) -> bool:
    """Whether the process ``pid`` that started at ``started`` (clock ticks after boot, which
    tells it from a later process given the same pid) still runs; a zombie has ended."""
    fields = _stat(pid)
    return fields is not None and fields[19] == started and fields[0] != "Z"


def _started(pids: list[int]) -> dict[int, str]:
    return {pid: fields[19] for pid in pids if (fields := _stat(pid)) is not None}


def _gone(started: dict[int, str]) -> None:
    """Wait until the processes ``started`` have ended; kill those that have not (so that a
    failing test leaves no process behind), and fail."""
    try:
        _wait_for(lambda: not any(_alive(pid, t) for pid, t in started.items()),
                  f"workers {sorted(started)} still run")
    finally:
        for pid, t in started.items():
            if _alive(pid, t):
                os.kill(pid, signal.SIGKILL)


def _wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + CAP
    while not condition():
        assert time.monotonic() < deadline, f"{what} after {CAP:.0f} s"
        time.sleep(0.05)



@contextlib.contextmanager
def _running(argv: list[str], workers: int) -> Iterator[tuple[subprocess.Popen[bytes], list[int]]]:
    """``check --jobs 2 ARGV -`` reading a pipe that stays open, once ``workers`` of its workers
    run: the process and their pids. The pipe is fed until they have started."""
    proc = subprocess.Popen([sys.executable, "-m", "urlgrammar", "check", "--jobs", "2", *argv, "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=_environment(), preexec_fn=_defaults)
    assert proc.stdin is not None
    try:
        def started() -> bool:
            assert proc.stdin is not None and proc.poll() is None
            proc.stdin.write(LINE * 2000)  # more than one worker checks meanwhile: batches queue
            proc.stdin.flush()
            return len(_children(proc.pid)) >= workers

        _wait_for(started, f"fewer than {workers} workers")
        yield proc, _children(proc.pid)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


# ---- how many workers ----------------------------------------------------------------------


def test_jobs_1000_on_one_url_starts_no_more_workers_than_cores(tmp_path: Path) -> None:
    _, forks = _forks(tmp_path, ["--jobs", "1000", "https://u@h/"], exit_at_once=True)
    assert len(forks) <= CORES


def test_jobs_beyond_the_cores_on_a_file_starts_one_worker_per_core_at_most(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(LINE * 20_000)
    status, forks = _forks(tmp_path, ["--jobs", str(CORES + 3), "--file", str(path)])
    assert status == 1 and 1 <= len(forks) <= CORES


def test_jobs_n_is_at_most_the_cores() -> None:
    assert parallel.workers(0) == parallel.workers(CORES + 1) == parallel.workers(100_000) == CORES
    assert parallel.workers(1) == 1


# ---- no worker outlives the main process ---------------------------------------------------


@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL],
                         ids=lambda s: f"main-process-gets-{signal.Signals(s).name}")
def test_no_worker_outlives_the_main_process(ending: signal.Signals) -> None:
    with _running([], 2) as (proc, workers):
        started = _started(workers)
        proc.send_signal(ending)
        proc.wait(timeout=CAP)
        _gone(started)


def test_no_worker_outlives_an_exception_in_the_main_process() -> None:
    items = [Input(n, "https://u@h/a b", STDIN, n) for n in range(1, 5000)]
    checked = parallel.validated(iter(items), 2, lambda: False)
    next(checked)
    workers = _children(os.getpid())
    assert workers
    started = _started(workers)
    with pytest.raises(RuntimeError):
        checked.throw(RuntimeError("the writer failed"))
    _gone(started)


# ---- a worker that dies ---------------------------------------------------------------------


def test_a_killed_worker_is_one_line_and_exit_status_3() -> None:
    with _running([], 2) as (proc, workers):
        os.kill(workers[0], signal.SIGKILL)
        _, err = proc.communicate(LINE * 20_000, timeout=CAP)
        assert proc.returncode == 3
        message = err.decode()
        assert re.fullmatch(rf"urlgrammar check: error: worker process {workers[0]} was killed by "
                            r"SIGKILL; the run stops there: input \d+ and those after it were not "
                            r"checked\n", message), message


def _fails(text: str) -> None:
    raise MemoryError(f"no memory left for {text}\nand a second line")


def test_a_worker_whose_task_raises_is_one_line_not_a_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    pool = workers.Pool(1, _fails)
    try:
        worker = pool.worker()
        worker.send(("x" * 1000,))
        with pytest.raises(workers.WorkerDied) as died:
            worker.receive()
    finally:
        pool.close()
    message = str(died.value)
    pid = worker.process.pid
    assert message.startswith(f"worker process {pid} failed: MemoryError: no memory left for xxx")
    assert "\n" not in message and len(message) < 300
    assert worker.process.exitcode == 1 and capfd.readouterr().err == ""


# ---- bounded in bytes ------------------------------------------------------------------------


def test_a_line_of_a_megabyte_is_a_batch_of_its_own() -> None:
    long, short = "https://h/" + "a b" * (1 << 18), "https://u@h/"
    items = [Input(n, long if n % 3 == 0 else short, STDIN, n) for n in range(1, 30)]
    sizes = [len(batch) for batch, _ in parallel._batches(iter(items), lambda: False) if batch]
    assert sum(sizes) == len(items)
    # A batch ends with its first long line: at most two short lines come before it.
    assert max(sizes) <= 3


def test_a_worker_sends_back_neither_the_input_nor_an_href_that_is_not_printed() -> None:
    text = "https://h/" + "a b" * 1000
    [result] = parallel._check_batch([(text, None, "utf-8")], True, 4, href=False)
    assert (result.input, result.href, len(result.diagnostics), result.omitted) == ("", None, 4, 996)
