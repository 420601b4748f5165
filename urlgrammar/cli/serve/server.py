"""``urlgrammar serve``: the live viewer, on the standard library's HTTP request handler.

Routes (GET and HEAD only):

- ``/``: the page (``static/index.html``), with ``/viewer.js`` and ``/viewer.css``;
- ``/api/explain?input=...&base=...``: what ``urlgrammar explain INPUT --base BASE --json``
  prints (:func:`urlgrammar.teaching.facts.explain_json`, in a worker process);
- ``/grammars.html``: the railroad diagrams of ``urlgrammar grammar diagram``.

What keeps it safe (README, § The live viewer):

- it reads no file but its assets and the grammar files, and takes nothing but those four paths;
- a request must name its ``Host`` (400 without one: RFC 9110 §7.2 has every user agent send
  it, RFC 9112 §3.2 has a server refuse an HTTP/1.1 request that lacks it); bound to a
  loopback address (the default), it answers only requests whose ``Host`` names that address
  or ``localhost``, so that a web page cannot reach it through a DNS name that rebinds to
  127.0.0.1;
- what makes it work (the API, the diagrams) answers no other site's page: a request that
  Fetch Metadata's ``Sec-Fetch-Site`` marks ``cross-site`` or ``same-site``, or whose ``Origin``
  is not the server's own, gets 403 (:func:`cross_site`);
- an input or base longer than :data:`MAX_LENGTH` code points is refused (414), as is a query
  that is not UTF-8 (400), and each explanation runs in a worker process that is killed after
  :data:`SECONDS` (503);
- every response carries a Content-Security-Policy (:data:`page.SERVED_POLICY` for the page:
  no inline script or style, no frames), ``X-Content-Type-Options: nosniff`` and
  ``Referrer-Policy: no-referrer``; the page builds its view with the DOM, never from markup;
- connections are bounded (:mod:`.connections`): the time and size of a request head, their
  number, and the time and memory of answers that a client does not read; the log shows no query
  strings.
"""

from __future__ import annotations

import io
import json
import re
import socket
import sys
import threading
from argparse import ArgumentTypeError
from email.message import Message
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, HTTPServer
from ipaddress import ip_address
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from urlgrammar.cli.arguments import base_url, text
from urlgrammar.cli.serve.connections import Connection, Limits, Loop
from urlgrammar.cli.serve.workers import Busy, TimedOut, WorkerFailed, Workers
from urlgrammar.teaching.viewer import page

#: The longest input, and the longest base, the server explains (code points).
MAX_LENGTH = 4096
#: The time an explanation may take, and the time a request may wait for a worker (seconds).
SECONDS = 10.0
#: The paths whose answers cost work (a worker's explanation, the diagrams' drawing), which no
#: other site's page may ask for.
WORK = frozenset({"api/explain", "grammars.html"})

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_RAW_BYTE = re.compile(r"[^\x00-\x7f]")


class RequestError(Exception):
    """A request the server refuses, with its status and a message for the person asking."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) is on this machine only."""
    if host.lower() == "localhost":
        return True
    try:
        return ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def explain_query(query: str) -> tuple[str, str | None]:
    """The input and base of an ``/api/explain`` query, or :class:`RequestError`.

    The query's percent-encoded bytes must be UTF-8 (a lone surrogate cannot be sent any
    other way, and is refused so), each field given once; the base must be a valid URL, as
    for ``explain --base``, and the checks are the command line's own (:mod:`urlgrammar.cli.arguments`).
    """
    # http.server decodes the request line as Latin-1: a byte sent without percent-encoding
    # becomes one code point up to U+00FF, which is percent-encoded again here, so that every
    # byte is decoded alike: as UTF-8, any byte that is not kept as a surrogate escape.
    query = _RAW_BYTE.sub(lambda m: f"%{ord(m[0]):02X}", query)
    try:
        pairs = parse_qsl(query, keep_blank_values=True, max_num_fields=4, encoding="utf-8",
                          errors="surrogateescape")
    except ValueError:
        raise RequestError(HTTPStatus.BAD_REQUEST, "the query has too many fields") from None
    fields: dict[str, str] = {}
    for name, value in pairs:
        if name not in ("input", "base"):
            raise RequestError(HTTPStatus.BAD_REQUEST, f"unknown field {name!r}: give input and base")
        if name in fields:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"{name} is given twice")
        try:
            fields[name] = text(value)
        except ArgumentTypeError as e:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"{name}: {e}") from None
        if len(fields[name]) > MAX_LENGTH:
            raise RequestError(HTTPStatus.REQUEST_URI_TOO_LONG,
                               f"{name} has {len(fields[name]):,} code points; the viewer "
                               f"explains at most {MAX_LENGTH:,}")
    if "input" not in fields:
        raise RequestError(HTTPStatus.BAD_REQUEST, "no input: ask for /api/explain?input=...")
    base = fields.get("base")
    if base is not None:
        try:
            base_url(base)
        except ArgumentTypeError as e:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"base: {e}") from None
    return fields["input"], base


def cross_site(headers: Message, host: str) -> str | None:
    """Why a request for ``host`` comes from another site's page, or None if it does not.

    Fetch Metadata's resource isolation policy (https://www.w3.org/TR/fetch-metadata/,
    ``Sec-Fetch-Site``): a request the browser marks ``same-origin``, or ``none`` (the user
    typed the address, or opened a bookmark), is the viewer's own; ``cross-site`` and
    ``same-site`` (another port or name of this machine) are not, nor is any value the
    standard does not define. A browser that predates Fetch Metadata still sends ``Origin``
    (RFC 6454 §7) with a script's cross-origin request: when present, it must be this server's
    own, ``http://`` and the Host the request names. A request with neither header (curl, a
    script) is no page's, and is served.
    """
    site = headers.get("Sec-Fetch-Site")
    if site is not None and site.lower() not in ("same-origin", "none"):
        return f"Sec-Fetch-Site is {site}: the viewer answers its own page only"
    origin = headers.get("Origin")
    if origin is not None and origin.lower() != f"http://{host.lower()}":
        return f"the request comes from {origin}: the viewer answers its own page only"
    return None


class Viewer(HTTPServer):
    """The server: its workers, the Host names it answers to, the diagrams once drawn, and the
    loop that serves its connections within ``limits``."""

    # A flood of connections must wait in the kernel's queue, not be dropped there: a client
    # retries a dropped connection after a second.
    request_queue_size = socket.SOMAXCONN

    def __init__(self, bind: str, port: int, workers: Workers, log: bool = True,
                 limits: Limits | None = None) -> None:
        self.bind = bind.strip("[]")
        self.address_family = socket.AF_INET6 if ":" in self.bind else socket.AF_INET
        super().__init__((self.bind, port), Handler)
        self.workers = workers
        self.log = log
        self.loop = Loop(self.socket, self._answer, self._report, limits or Limits())
        self.port = int(self.server_address[1])
        self.hosts: frozenset[str] | None = None
        if is_loopback(self.bind):
            names = {"127.0.0.1", "localhost", "[::1]", self.host_name}
            # A browser leaves out the port when it is 80.
            with_port = {f"{n}:{self.port}" for n in names}
            self.hosts = frozenset(with_port | names if self.port == 80 else with_port)
        self._diagrams: tuple[int, bytes, str] | None = None
        self._diagrams_lock = threading.Lock()

    @property
    def host_name(self) -> str:
        return f"[{self.bind}]" if ":" in self.bind else self.bind

    @property
    def url(self) -> str:
        return f"http://{self.host_name}:{self.port}/"

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Serve until :meth:`shutdown` (from another thread) or KeyboardInterrupt."""
        self.loop.run()

    def shutdown(self) -> None:
        self.loop.stop()

    def _answer(self, conn: Connection) -> bytes:
        # socketserver's handlers take the socket; this one takes the connection, whose head is read.
        return Handler(conn, conn.address, self).answer  # type: ignore[arg-type]

    def _report(self, conn: Connection) -> None:
        self.handle_error(conn, conn.address)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line, not socketserver's traceback: a client that went away mid-answer, or a bug."""
        error = sys.exc_info()[1]
        if self.log:
            sys.stderr.write(f"urlgrammar serve: a request failed: {type(error).__name__}: {error}\n")

    def diagrams(self) -> tuple[int, bytes, str]:
        """The diagrams page (status, body, policy), drawn on first use."""
        with self._diagrams_lock:
            if self._diagrams is None:
                self._diagrams = _draw_diagrams()
            return self._diagrams


def _draw_diagrams() -> tuple[int, bytes, str]:
    from urlgrammar.grammar_tools.diagram import RailroadMissing, render_page
    from urlgrammar.syntax.grammars import GRAMMARS, grammar_dir

    try:
        html = render_page(grammar_dir(), list(GRAMMARS))
    except RailroadMissing as e:
        return 404, f"{e}\n".encode(), "default-src 'none'"
    # The page's one inline stylesheet, allowed by its hash; it has no script.
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    policy = ("default-src 'none'; " + ("style-src " + " ".join(map(page.hash_source, styles)) + "; "
                                        if styles else "") + "base-uri 'none'; frame-ancestors 'none'")
    return 200, html.encode("utf-8"), policy


class Handler(BaseHTTPRequestHandler):
    """One request, whose head the connection loop has read: the answer is made in memory
    (:attr:`answer`), for the loop to send. See the module's docstring for the routes and the rules."""

    request: Connection
    server: Viewer
    server_version = "urlgrammar-viewer"
    sys_version = ""
    error_content_type = "text/plain; charset=utf-8"
    error_message_format = "%(code)d %(message)s\n"
    policy = "default-src 'none'; frame-ancestors 'none'"
    answer = b""

    def setup(self) -> None:
        self.rfile = io.BytesIO(self.request.head)
        self.wfile = _Pieces()  # type: ignore[assignment]

    def finish(self) -> None:
        assert isinstance(self.wfile, _Pieces)
        self.answer = b"".join(self.wfile)

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        if self.request.truncated:
            self.send_error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                            f"the request head is longer than {len(self.request.head):,} bytes")
            return False
        return True

    def do_GET(self) -> None:
        self._answer(head=False)

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def _refuse_method(self) -> None:
        self.send_response(HTTPStatus.METHOD_NOT_ALLOWED)
        self.send_header("Allow", "GET, HEAD")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    def _answer(self, head: bool) -> None:
        self.policy = Handler.policy
        try:
            status, body, kind = self._route()
        except RequestError as e:
            status, body, kind = e.status, _error_json(str(e)), "application/json"
            self.policy = Handler.policy
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store" if kind == "application/json" else "no-cache")
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _route(self) -> tuple[int, bytes, str]:
        host = self.headers.get("Host")
        if host is None:
            raise RequestError(HTTPStatus.BAD_REQUEST, "the request has no Host header")
        if self.server.hosts is not None and host.lower() not in self.server.hosts:
            raise RequestError(HTTPStatus.MISDIRECTED_REQUEST,
                               f"this viewer answers on {self.server.url} only")
        parts = urlsplit(self.path)
        name = "index.html" if parts.path == "/" else parts.path.removeprefix("/")
        # The page and its assets cost nothing and a link from anywhere may open the page: only
        # what makes the viewer work is refused to other sites.
        why = cross_site(self.headers, host) if name in WORK else None
        if why:
            raise RequestError(HTTPStatus.FORBIDDEN, why)
        if name in page.ASSETS:
            self.policy = page.SERVED_POLICY
            return 200, page.asset(name), page.ASSETS[name]
        if name == "api/explain":
            return 200, self._explain(parts.query), "application/json"
        if name == "grammars.html":
            status, body, self.policy = self.server.diagrams()
            return status, body, "text/html; charset=utf-8" if status == 200 else "text/plain; charset=utf-8"
        raise RequestError(HTTPStatus.NOT_FOUND, f"no such page: {parts.path}")

    def _explain(self, query: str) -> bytes:
        input, base = explain_query(query)
        try:
            # The wait for a worker counts from the complete head, not from when a thread took
            # it: requests queued behind a flood then give up in time, rather than hold the queue.
            return self.server.workers.explain(input, base, since=self.request.heard)
        except (Busy, TimedOut) as e:
            raise RequestError(HTTPStatus.SERVICE_UNAVAILABLE, str(e)) from None
        except WorkerFailed as e:
            self.log_message("explaining failed: %s", str(e))
            raise RequestError(HTTPStatus.INTERNAL_SERVER_ERROR, f"urlgrammar failed: {e}") from None

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        # The path without its query: the log shows what was asked for, not the inputs.
        path = urlsplit(getattr(self, "path", None) or "-").path
        self.log_message("%s %s %s", getattr(self, "command", None) or "-", path,
                         str(int(code) if isinstance(code, HTTPStatus) else code))

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.log:
            return
        message = _CONTROL.sub(lambda m: f"\\x{ord(m[0]):02x}", format % args)
        sys.stderr.write(f"{self.log_date_time_string()} {message}\n")


class _Pieces(list[bytes]):
    """An answer as written, in pieces: joined once at the end, where io.BytesIO would copy a
    large body twice (into its buffer, then out of it)."""

    def write(self, piece: bytes) -> int:
        self.append(bytes(piece))
        return len(piece)

    def flush(self) -> None:
        pass


def _error_json(message: str) -> bytes:
    return json.dumps({"error": message}, ensure_ascii=True).encode("ascii")
