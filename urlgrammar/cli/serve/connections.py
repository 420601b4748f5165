"""The viewer's connections: one thread reads every request head and sends every answer; a few
threads make the answers.

A thread per connection, as socketserver's ThreadingMixIn gives, blocks in ``recv`` on a
socket whose timeout starts again with each byte: a client that trickles its head one byte at
a time holds a thread as long as it likes, and one that does not read its answer holds the
answer's bytes. A chaos test held 190 threads for over a minute that way, and 60 slow readers
pinned 285 MB. Here one thread watches every connection with :mod:`selectors`, so an open
connection costs a socket and the bytes of its head, and the limits (:class:`Limits`) are
limits of the whole:

- a request head must be complete within ``head_seconds`` of its connection's accept, however
  slowly it trickles, and within ``head_bytes`` (RFC 9112 §9.5 and RFC 9110 §5.4 leave both
  limits to the server; 431 is RFC 6585 §5's);
- at most ``connections`` are open: one more closes the oldest that is still sending its head
  or being sent its answer, so that clients that hold connections open push each other out, and
  the newest (a person's request, complete in one packet) is the last to go. Only when every
  connection is being answered is the new one closed unheard;
- a complete head goes to one of ``threads`` threads, which make the whole answer; the loop
  sends it without blocking, within ``write_seconds``, and the answers being sent hold at most
  ``answer_bytes`` between them: the oldest goes, its connection closed, to make room.

The server answers one request per connection (HTTP/1.0, as ``http.server`` does by default),
so a connection goes through reading, answering and sending once, then closes.
"""

from __future__ import annotations

import contextlib
import queue
import re
import selectors
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: The end of a request head: an empty line (RFC 9112 §2.2 lets a server take a bare LF for CRLF).
_END_OF_HEAD = re.compile(rb"\n\r?\n")
#: SO_LINGER on, for no time: close() resets the connection and drops what it had not sent.
_RESET = struct.pack("ii", 1, 0)
#: The kernel's buffer for what a connection has yet to send: it grows to 4 MiB by default
#: (tcp_wmem), which would take in a whole answer for a client that does not read it, out of
#: reach of ``write_seconds`` and ``answer_bytes``, and keep it after the close.
_SEND_BUFFER = 256 * 1024
#: How many connections one wake of the loop accepts, so that a flood of them cannot starve
#: the connections already open.
_ACCEPTS_PER_TURN = 64


@dataclass(frozen=True)
class Limits:
    """What one connection, and all of them, may take (README, § The live viewer)."""

    #: Seconds from a connection's accept to the end of its request head.
    head_seconds: float = 10.0
    #: Bytes of a request head; a longer head gets 431 (414 if its request line is the long part).
    head_bytes: int = 128 * 1024
    #: Open connections, whatever their state.
    connections: int = 256
    #: Seconds from an answer's being ready to its last byte's being sent.
    write_seconds: float = 10.0
    #: Bytes of the answers being sent, together.
    answer_bytes: int = 16 * 1024 * 1024
    #: Threads that make answers (which may wait for a worker process).
    threads: int = 4


class Connection:
    """One client's connection: its head as read so far, then its answer as left to send."""

    __slots__ = ("address", "answer", "deadline", "head", "heard", "opened", "sent", "sock", "truncated")

    def __init__(self, sock: socket.socket, address: Any, now: float, limits: Limits) -> None:
        self.sock = sock
        self.address = address
        self.opened = now
        #: When the head was complete (time.monotonic()), from which a request waits for an answer.
        self.heard = now
        self.deadline = now + limits.head_seconds
        self.head = bytearray()
        #: Whether the head went past ``head_bytes`` and was cut there.
        self.truncated = False
        self.answer = memoryview(b"")
        self.sent = 0


#: Makes the whole answer to a complete head (status line, headers and body); empty to close.
Answerer = Callable[[Connection], bytes]


class Loop:
    """Serves the connections of ``listener`` until :meth:`stop`, answering with ``answer``
    (called from the answering threads; ``report`` is called there with a connection whose
    answering raised, within the ``except`` clause)."""

    def __init__(self, listener: socket.socket, answer: Answerer, report: Callable[[Connection], None],
                 limits: Limits) -> None:
        self.listener = listener
        self.limits = limits
        self._answer = answer
        self._report = report
        self._selector = selectors.DefaultSelector()
        # Both in the order their deadlines come: heads by accept, answers by being ready.
        self._reading: dict[Connection, None] = {}
        self._sending: dict[Connection, None] = {}
        self._answering = 0
        self._answer_bytes = 0
        self._heads: queue.SimpleQueue[Connection | None] = queue.SimpleQueue()
        self._answers: queue.SimpleQueue[tuple[Connection, bytes]] = queue.SimpleQueue()
        self._wake_in, self._wake_out = socket.socketpair()
        self._wake_out.setblocking(False)
        self._stopping = False
        self._stopped = threading.Event()

    @property
    def open(self) -> int:
        """How many connections are open, in every state."""
        return len(self._reading) + self._answering + len(self._sending)

    def census(self) -> dict[str, int]:
        """How many connections are reading their head, being answered and being sent their
        answer: read without a lock, so a glimpse (for tests and tools), not a consistent count."""
        return {"reading": len(self._reading), "answering": self._answering, "sending": len(self._sending)}

    def run(self) -> None:
        """Serve until :meth:`stop` (or an exception, such as KeyboardInterrupt)."""
        self.listener.setblocking(False)
        self._selector.register(self.listener, selectors.EVENT_READ)
        self._selector.register(self._wake_in, selectors.EVENT_READ)
        threads = [threading.Thread(target=self._answering_thread, daemon=True,
                                    name="urlgrammar-viewer-answers") for _ in range(self.limits.threads)]
        for thread in threads:
            thread.start()
        try:
            while not self._stopping:
                self._turn()
        finally:
            self._stopping = True
            for _ in threads:
                self._heads.put(None)
            for conn in [*self._reading, *self._sending]:
                self._close(conn)
            with contextlib.suppress(queue.Empty):
                while True:
                    self._answers.get_nowait()[0].sock.close()
            self._selector.close()
            self._wake_in.close()
            self._wake_out.close()
            self._stopped.set()

    def stop(self) -> None:
        """End :meth:`run` and wait for it, from another thread."""
        self._stopping = True
        self._wake()
        self._stopped.wait()

    def _turn(self) -> None:
        for key, _ in self._selector.select(self._timeout()):
            if key.fileobj is self.listener:
                self._accept()
            elif key.fileobj is self._wake_in:
                with contextlib.suppress(BlockingIOError):
                    self._wake_in.recv(4096)
            elif key.data in self._reading:
                self._read(key.data)
            elif key.data in self._sending:
                self._send(key.data)
        self._take_answers()
        self._expire(time.monotonic())

    def _timeout(self) -> float | None:
        fronts = [next(iter(c)).deadline for c in (self._reading, self._sending) if c]
        return max(0.0, min(fronts) - time.monotonic()) if fronts else None

    def _accept(self) -> None:
        for _ in range(_ACCEPTS_PER_TURN):
            try:
                sock, address = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of file descriptors, or the client left: try on the next turn
                return
            if self.open >= self.limits.connections and not self._evict():
                sock.close()
                continue
            sock.setblocking(False)
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, _SEND_BUFFER)
            conn = Connection(sock, address, time.monotonic(), self.limits)
            self._reading[conn] = None
            self._selector.register(sock, selectors.EVENT_READ, conn)

    def _evict(self) -> bool:
        """Close the oldest connection that is sending its head or being sent its answer."""
        fronts = [next(iter(c)) for c in (self._reading, self._sending) if c]
        if not fronts:
            return False
        self._close(min(fronts, key=lambda conn: conn.opened))
        return True

    def _read(self, conn: Connection) -> None:
        try:
            data = conn.sock.recv(min(65536, self.limits.head_bytes + 1 - len(conn.head)))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._close(conn)
            return
        start = max(0, len(conn.head) - 2)
        conn.head += data
        end = _END_OF_HEAD.search(conn.head, start)
        if end:
            # Anything after the head is a body, which no route takes: it is not read.
            del conn.head[end.end():]
        elif len(conn.head) > self.limits.head_bytes:
            del conn.head[self.limits.head_bytes:]
            conn.truncated = True
        else:
            return
        conn.heard = time.monotonic()
        self._selector.unregister(conn.sock)
        del self._reading[conn]
        self._answering += 1
        self._heads.put(conn)

    def _answering_thread(self) -> None:
        while (conn := self._heads.get()) is not None:
            try:
                answer = self._answer(conn)
            except Exception:
                self._report(conn)
                answer = b""
            if self._stopping:
                conn.sock.close()
                continue
            self._answers.put((conn, answer))
            self._wake()

    def _wake(self) -> None:
        # A full socket buffer means that a wake is already pending.
        with contextlib.suppress(BlockingIOError, OSError):
            self._wake_out.send(b"\0")

    def _take_answers(self) -> None:
        while True:
            try:
                conn, answer = self._answers.get_nowait()
            except queue.Empty:
                return
            self._answering -= 1
            if not answer or self._stopping:
                conn.sock.close()
                continue
            while self._sending and self._answer_bytes + len(answer) > self.limits.answer_bytes:
                self._close(next(iter(self._sending)))
            conn.answer = memoryview(answer)
            conn.deadline = time.monotonic() + self.limits.write_seconds
            self._answer_bytes += len(answer)
            self._sending[conn] = None
            self._selector.register(conn.sock, selectors.EVENT_WRITE, conn)
            self._send(conn)

    def _send(self, conn: Connection) -> None:
        try:
            conn.sent += conn.sock.send(conn.answer[conn.sent:])
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._close(conn)
            return
        if conn.sent == len(conn.answer):
            # As socketserver does: the end of the answer, then the socket's close.
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_WR)
            self._close(conn, reset=False)

    def _expire(self, now: float) -> None:
        for connections in (self._reading, self._sending):
            while connections and next(iter(connections)).deadline <= now:
                self._close(next(iter(connections)))

    def _close(self, conn: Connection, reset: bool = True) -> None:
        """Close a connection; unless its answer was all sent, reset it, so that the kernel
        drops what it holds for a client that does not read, rather than go on trying."""
        for connections in (self._reading, self._sending):
            if conn in connections:
                del connections[conn]
                self._selector.unregister(conn.sock)
        self._answer_bytes -= len(conn.answer)
        conn.answer = memoryview(b"")
        if reset:
            with contextlib.suppress(OSError):
                conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET)
        conn.sock.close()
