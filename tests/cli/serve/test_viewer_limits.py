"""The live viewer's connection limits (urlgrammar.cli.serve.connections): a request head has a
deadline for the whole of it, however slowly it trickles, and a size; at the cap on open
connections the oldest that is not being answered makes room; an answer that its client does
not read is dropped after its deadline, or when the answers being sent hold too much.

No test measures speed: the limits are short here so that the tests end soon, and each wait is
bounded by a generous cap (:data:`PATIENCE`), for a busy machine.
"""

from __future__ import annotations

import select
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from urlgrammar.cli.serve.connections import Connection, Limits, Loop
from urlgrammar.cli.serve.server import Viewer
from urlgrammar.cli.serve.workers import Workers

#: The longest any test waits for something to happen (seconds).
PATIENCE = 60.0
#: An answer larger than the kernel holds for a client that does not read it (its send buffer
#: grows to 4 MiB at most, tcp_wmem), so that most of it is left to the server to send.
LARGE = b"x" * (16 * 1024 * 1024)


@contextmanager
def serving(limits: Limits) -> Iterator[Viewer]:
    """A viewer without workers (the page needs none), serving within ``limits``."""
    server = Viewer("127.0.0.1", 0, Workers(count=0), log=False, limits=limits)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        server.workers.close()


@contextmanager
def looping(answer: Callable[[Connection], bytes], limits: Limits) -> Iterator[tuple[Loop, int]]:
    """The connection loop alone, answering every request with ``answer``; its port."""
    listener = socket.create_server(("127.0.0.1", 0))
    failures: list[BaseException | None] = []
    loop = Loop(listener, answer, lambda conn: failures.append(sys.exc_info()[1]), limits)
    thread = threading.Thread(target=loop.run, daemon=True)
    thread.start()
    try:
        yield loop, listener.getsockname()[1]
    finally:
        loop.stop()
        listener.close()
    assert failures == []


def _until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"not within {PATIENCE:g} seconds: {what}")
        time.sleep(0.02)


def _connect(port: int, send: bytes = b"", receive_buffer: int = 0) -> socket.socket:
    sock = socket.socket()
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(PATIENCE)
    sock.connect(("127.0.0.1", port))
    sock.sendall(send)
    return sock


def _closed(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` without a word (it sends nothing while it reads a head)."""
    if not select.select([sock], [], [], 0)[0]:
        return False
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def _received(sock: socket.socket) -> int:
    """How many bytes arrive before the end of the connection, or its reset."""
    total = 0
    try:
        while data := sock.recv(1 << 20):
            total += len(data)
    except ConnectionResetError:
        pass
    return total


def _get(port: int, extra: bytes = b"") -> bytes:
    """The status line of the answer to a GET of the page, sent at once."""
    with _connect(port, b"GET / HTTP/1.0\r\nHost: 127.0.0.1:%d\r\n%s\r\n" % (port, extra)) as sock:
        return sock.makefile("rb").readline().rstrip()


def test_a_head_trickled_past_its_deadline_is_closed() -> None:
    with serving(Limits(head_seconds=1.0)) as server:
        with _connect(server.port) as sock:
            start = time.monotonic()
            head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Trickle: " % server.port + b"a" * 100_000
            # A byte every 20 ms: each recv of the server's returns at once, so that a limit on
            # the time between two bytes (http.server's socket timeout) would never strike.
            for byte in head:
                if _closed(sock):
                    break
                try:
                    sock.send(bytes([byte]))
                except (BrokenPipeError, ConnectionResetError):
                    break
                assert time.monotonic() - start < PATIENCE, "the trickling head was never closed"
                time.sleep(0.02)
            assert time.monotonic() - start >= 1.0
        # A request sent at once is answered.
        assert _get(server.port) == b"HTTP/1.0 200 OK"


def test_a_head_longer_than_its_limit_gets_431() -> None:
    with serving(Limits(head_bytes=1024)) as server:
        assert _get(server.port, b"X-Long: %s\r\n" % (b"a" * 900)) == b"HTTP/1.0 200 OK"
        assert _get(server.port, b"X-Long: %s\r\n" % (b"a" * 1100)).startswith(b"HTTP/1.0 431 ")


def test_at_the_cap_the_oldest_unfinished_head_makes_room() -> None:
    with serving(Limits(connections=3, head_seconds=PATIENCE)) as server:
        tricklers = []
        for n in range(1, 4):
            tricklers.append(_connect(server.port, b"GET / HTTP/1.1\r\nHo"))
            _until(lambda n=n: server.loop.census()["reading"] == n, f"{n} connections open")
        # A person's request, complete at once, takes the place of the oldest trickler.
        assert _get(server.port) == b"HTTP/1.0 200 OK"
        _until(lambda: _closed(tricklers[0]), "the oldest connection closed")
        assert not any(map(_closed, tricklers[1:]))
        _until(lambda: server.loop.census() == {"reading": 2, "answering": 0, "sending": 0},
               "two connections left, reading their heads")
        for sock in tricklers:
            sock.close()


def test_at_a_cap_of_connections_being_answered_a_new_one_is_closed() -> None:
    release = threading.Event()

    def answer(conn: Connection) -> bytes:
        release.wait(PATIENCE)
        return b"HTTP/1.0 204 No Content\r\n\r\n"

    with looping(answer, Limits(connections=2, threads=2)) as (loop, port):
        waiting = [_connect(port, b"GET / HTTP/1.0\r\n\r\n") for _ in range(2)]
        _until(lambda: loop.census()["answering"] == 2, "two requests being answered")
        with _connect(port) as late:
            _until(lambda: _closed(late), "the connection over the cap closed")
        release.set()
        for sock in waiting:
            with sock:
                assert sock.makefile("rb").readline() == b"HTTP/1.0 204 No Content\r\n"


def test_an_answer_not_read_is_dropped_after_its_deadline() -> None:
    with (looping(lambda conn: LARGE, Limits(write_seconds=1.0)) as (loop, port),
          _connect(port, b"GET / HTTP/1.0\r\n\r\n", receive_buffer=4096) as sock):
        _until(lambda: loop.census()["sending"] == 1, "the answer being sent")
        _until(lambda: loop.census()["sending"] == 0, "the answer dropped")
        assert _received(sock) < len(LARGE)


def test_answers_not_read_hold_at_most_answer_bytes() -> None:
    limits = Limits(answer_bytes=len(LARGE) + 1, write_seconds=PATIENCE)
    with looping(lambda conn: LARGE, limits) as (loop, port):
        first = _connect(port, b"GET / HTTP/1.0\r\n\r\n", receive_buffer=4096)
        _until(lambda: loop.census()["sending"] == 1, "the first answer being sent")
        # The second answer does not fit beside the first: the first goes.
        second = _connect(port, b"GET / HTTP/1.0\r\n\r\n", receive_buffer=4096)
        with first:
            assert _received(first) < len(LARGE)
        _until(lambda: loop.census()["sending"] == 1, "the second answer being sent")
        second.close()
        _until(lambda: loop.census()["sending"] == 0, "the second answer dropped when its client left")
        # A client that reads gets its whole answer.
        with _connect(port, b"GET / HTTP/1.0\r\n\r\n") as reader:
            assert _received(reader) == len(LARGE)
