"""``urlgrammar serve``: start the live viewer and serve until Ctrl-C."""

from __future__ import annotations

import argparse
import errno
import os
import sys

#: The address the viewer listens on unless told otherwise: this machine only.
DEFAULT_BIND = "127.0.0.1"


def port_number(value: str) -> int:
    """A TCP port, 0 (any free port) to 65535."""
    try:
        port = int(value)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number (0 to 65535)")
    return port


def cmd_serve(args: argparse.Namespace) -> int:
    from urlgrammar.cli.serve.server import SECONDS, Viewer, is_loopback
    from urlgrammar.cli.serve.workers import WorkerFailed, Workers

    try:
        workers = Workers(count=min(2, os.cpu_count() or 1), seconds=SECONDS)
    except WorkerFailed as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    try:
        try:
            server = Viewer(args.bind, args.port, workers)
        except OSError as e:
            why = "the port is in use" if e.errno == errno.EADDRINUSE else (e.strerror or str(e))
            print(f"error: cannot listen on {args.bind} port {args.port}: {why}", file=sys.stderr)
            return 1
        with server:
            if not is_loopback(args.bind.strip("[]")):
                print(f"warning: listening on {args.bind}: anyone who can reach this machine on "
                      f"port {server.port} can use the viewer", file=sys.stderr)
            print(f"urlgrammar viewer on {server.url} (Ctrl-C to stop)", flush=True)
            try:
                server.serve_forever()
            except KeyboardInterrupt:
                print("stopped", file=sys.stderr)
                return 130
    finally:
        workers.close()
    return 0


def register(serve: argparse.ArgumentParser) -> None:
    """The ``serve`` subcommand's arguments."""
    serve.description = ("Serve a web page that explains a URL as you type it: the components "
                         "coloured in the input, the parse tree, the state machine's trace beside "
                         "the grammar's reading, the validation errors with their fixes, and the "
                         "getters. The page keeps its input in the fragment of its own URL, so a "
                         "link reproduces the view. GET /api/explain?input=...&base=... gives what "
                         "`urlgrammar explain --json` prints. Listens on this machine only unless "
                         "--bind says otherwise; stop it with Ctrl-C.")
    serve.add_argument("--port", type=port_number, default=8000,
                       help="the TCP port (default 8000; 0 picks a free one)")
    serve.add_argument("--bind", default=DEFAULT_BIND, metavar="ADDRESS",
                       help=f"the address to listen on (default {DEFAULT_BIND}, this machine only)")
    serve.set_defaults(run=cmd_serve)
