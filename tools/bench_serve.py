"""The live viewer under hostile clients: how long a person's request waits, and how much memory
the server holds.

    python tools/bench_serve.py [--tricklers 500] [--interval 3] [--seconds 30]
                                [--cross-site 8] [--cross-seconds 15] [--slow-readers 60]
                                [--checkout DIR]

Starts ``python -m urlgrammar serve --port 0`` from ``--checkout`` (default: this one; give
another checkout, such as the main branch's, to compare) and runs three phases, each with a
person's request (``GET /api/explain?input=http://h/a`` as the page sends it, with
``Sec-Fetch-Site: same-origin``) every half second, timed from connect to the last byte:

1. quiet: nothing else;
2. tricklers: ``--tricklers`` connections, each sending a request head one byte every
   ``--interval`` seconds, never finishing it; one the server closes opens again on its next turn;
3. cross-site: ``--cross-site`` clients asking in a loop for the explanation of a 4,096 code
   point input, with what a browser sends for another site's page (``Sec-Fetch-Site:
   cross-site``, ``Origin: https://evil.example``);
4. slow readers: ``--slow-readers`` clients asking at once (as the page does) for an
   explanation of 3.3 MB of JSON, with a 4 KiB receive buffer, and never reading it (for
   ``--cross-seconds``).

It samples the resident memory (VmRSS, /proc/PID/status) of the server process and, apart, of
its workers every 0.1 s, and prints per phase: the person's requests (how many, their median
and slowest time, and failures), the peak RSS, and what the hostile clients got.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
#: The person's request, and the cross-site clients' (the slowest of a dozen hostile shapes).
PERSON = "/api/explain?input=http://h/a"
HOSTILE = "/api/explain?input=" + quote("file:///" + "../" * 1362)
#: What slow readers ask for: 4,096 code points whose explanation is 3.3 MB of JSON.
LARGE = "/api/explain?input=" + quote("http://h/" + "\\" * 4087)


def _default_sigint() -> None:
    # A process started in a shell's background ignores SIGINT, and its children inherit that.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def rss_kib(pid: int) -> int:
    """The resident set of process ``pid`` in KiB, 0 if it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the server's workers)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "stat").read_text().rsplit(")", 1)[1].split()[1] == str(pid):
                    out.append(int(entry.name))
    return out


class Sampler(threading.Thread):
    """The peak RSS of the server and of its workers together, since the last :meth:`reset`."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.server = self.workers = 0
        self.stopped = threading.Event()

    def reset(self) -> None:
        self.server = self.workers = 0

    def run(self) -> None:
        while not self.stopped.wait(0.1):
            self.server = max(self.server, rss_kib(self.pid))
            self.workers = max(self.workers, sum(map(rss_kib, children(self.pid))))


def request(port: int, path: str, headers: dict[str, str], timeout: float = 30.0) -> tuple[float, int | str]:
    """The time of one GET, from connect to the last byte, and its status or what failed."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers)
        reply = connection.getresponse()
        reply.read()
        status: int | str = reply.status
    except (OSError, http.client.HTTPException) as e:
        status = type(e).__name__
    finally:
        connection.close()
    return time.perf_counter() - start, status


def person(port: int, until: float, times: list[float], failures: Counter[str]) -> None:
    headers = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}
    while time.monotonic() < until:
        took, status = request(port, PERSON, headers)
        if status == 200:
            times.append(took)
        else:
            failures[str(status)] += 1
        time.sleep(0.5)


def trickle(port: int, count: int, interval: float, until: float, tally: Counter[str]) -> None:
    """``count`` connections that send one byte of a head each ``interval`` seconds, until ``until``."""
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Trickle: " % port + b"a" * 1_000_000
    socks: list[socket.socket | None] = [None] * count
    sent = [0] * count
    try:
        while time.monotonic() < until:
            turn = time.monotonic()
            for n in range(count):
                sock = socks[n]
                try:
                    if sock is None:
                        sock = socks[n] = socket.create_connection(("127.0.0.1", port), timeout=5)
                        sock.setblocking(False)
                        sent[n] = 0
                        tally["opened"] += 1
                    sock.send(head[sent[n]:sent[n] + 1])
                    sent[n] += 1
                    with contextlib.suppress(BlockingIOError):
                        if sock.recv(1) == b"":
                            raise ConnectionResetError
                        tally["answered"] += 1
                except OSError:
                    if sock is not None:
                        sock.close()
                        tally["closed by the server"] += 1
                    else:
                        tally["could not connect"] += 1
                    socks[n] = None
                # Spread the bytes over the interval, as many clients would send them.
                time.sleep(max(0.0, turn + interval * (n + 1) / count - time.monotonic()))
    finally:
        for sock in socks:
            if sock is not None:
                sock.close()


def cross_site(port: int, until: float, tally: Counter[str]) -> None:
    headers = {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example", "Sec-Fetch-Mode": "cors"}
    while time.monotonic() < until:
        tally[str(request(port, HOSTILE, headers)[1])] += 1


def slow_readers(port: int, count: int, until: float, tally: Counter[str]) -> None:
    """``count`` clients that ask for a large answer and never read it, until ``until``; they
    do not ask again when the server closes them (that would be a flood of explanations, which
    makes a person wait for the workers, not for the connections)."""
    ask = (b"GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nSec-Fetch-Site: same-origin\r\n\r\n"
           % (LARGE.encode(), port))
    socks: list[socket.socket | None] = []
    for _ in range(count):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.settimeout(5)
        sock.connect(("127.0.0.1", port))
        sock.sendall(ask)
        sock.setblocking(False)
        socks.append(sock)
        tally["asked"] += 1
    try:
        while time.monotonic() < until:
            for n, sock in enumerate(socks):
                if sock is None:
                    continue
                try:
                    # A reset shows as the socket's error, even with the answer's first bytes
                    # unread; the end of the connection as a look that takes nothing.
                    if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                        raise ConnectionResetError
                    with contextlib.suppress(BlockingIOError):
                        if sock.recv(1, socket.MSG_PEEK) == b"":
                            raise ConnectionResetError
                except OSError:
                    sock.close()
                    tally["closed by the server"] += 1
                    socks[n] = None
            time.sleep(0.2)
    finally:
        for sock in socks:
            if sock is not None:
                sock.close()


def phase(name: str, port: int, sampler: Sampler, seconds: float, *hostile: threading.Thread) -> None:
    """Time the person's requests for ``seconds`` beside the ``hostile`` threads; print the figures."""
    until = time.monotonic() + seconds
    times: list[float] = []
    failures: Counter[str] = Counter()
    sampler.reset()
    for thread in hostile:
        thread.start()
    person(port, until, times, failures)
    for thread in hostile:
        thread.join()
    figures = (f"{len(times)} answered, median {statistics.median(times):.3f} s, slowest {max(times):.3f} s"
               if times else "none answered")
    print(f"{name}: person's requests {figures}" + (f", failed {dict(failures)}" if failures else ""))
    print(f"  peak RSS: server {sampler.server / 1024:.1f} MiB, workers {sampler.workers / 1024:.1f} MiB",
          flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricklers", type=int, default=500)
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between a trickler's bytes")
    parser.add_argument("--seconds", type=float, default=30.0, help="the trickling phase's length")
    parser.add_argument("--cross-site", type=int, default=8, help="looping cross-site clients")
    parser.add_argument("--cross-seconds", type=float, default=15.0)
    parser.add_argument("--slow-readers", type=int, default=60)
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout whose serve to run")
    args = parser.parse_args()
    env = os.environ | {"PYTHONPATH": str(args.checkout.resolve()), "PYTHONDONTWRITEBYTECODE": "1"}
    server = subprocess.Popen([sys.executable, "-m", "urlgrammar", "serve", "--port", "0"], cwd=args.checkout,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              start_new_session=True, preexec_fn=_default_sigint)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line.startswith("urlgrammar viewer on "):
            print(f"error: serve did not start: {line!r}", file=sys.stderr)
            return 1
        port = int(line.split()[3].rstrip("/").rpartition(":")[2])
        print(f"serve from {args.checkout} on port {port}, pid {server.pid}", flush=True)
        sampler = Sampler(server.pid)
        sampler.start()
        phase("quiet", port, sampler, 5.0)
        tally: Counter[str] = Counter()
        until = time.monotonic() + args.seconds
        phase(f"{args.tricklers} tricklers, a byte each {args.interval:g} s", port, sampler, args.seconds,
              threading.Thread(target=trickle, args=(port, args.tricklers, args.interval, until, tally)))
        print(f"  tricklers: {dict(tally)}")
        tally = Counter()
        until = time.monotonic() + args.cross_seconds
        clients = [threading.Thread(target=cross_site, args=(port, until, tally))
                   for _ in range(args.cross_site)]
        phase(f"{args.cross_site} looping cross-site clients", port, sampler, args.cross_seconds, *clients)
        print(f"  cross-site clients' answers: {dict(tally)}")
        tally = Counter()
        until = time.monotonic() + args.cross_seconds
        phase(f"{args.slow_readers} slow readers", port, sampler, args.cross_seconds,
              threading.Thread(target=slow_readers, args=(port, args.slow_readers, until, tally)))
        print(f"  slow readers: {dict(tally)}")
    finally:
        # Ctrl-C, as a terminal sends it to the server and its workers.
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
