"""Microseconds per host for the host parser, beside the floor it is measured against.

The floor is what any host parser must at least do for an ASCII domain: lowercase it and
check it once (here, for forbidden domain code points). Run from the repository root:

    .venv/bin/python tools/bench_host.py
"""

from __future__ import annotations

import sys
import timeit
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from urlgrammar.host.domain import FORBIDDEN_DOMAIN
from urlgrammar.host.parser import parse_host

HOSTS = {
    "ASCII domain": "www.Example.com",
    "non-ASCII domain": "www.b\u00fccher.example",
    "emoji domain": "\u2615.example",
    "IPv4 address": "192.168.0.1",
    "IPv6 address": "[2001:db8::1]",
}


def microseconds(function: Callable[[], object]) -> float:
    """Best of five runs, per call."""
    timer = timeit.Timer(function)
    number, _ = timer.autorange()
    return min(timer.repeat(5, number)) / number * 1e6


def floor(host: str) -> object:
    lowered = host.lower()
    return FORBIDDEN_DOMAIN.search(lowered) or lowered


def main() -> None:
    for host in HOSTS.values():
        parse_host(host, True)  # build and cache the grammars first
    print(f"{'host':18} {'input':26} {'parse_host':>12} {'lower+check':>12}")
    for name, host in HOSTS.items():
        parsed = microseconds(partial(parse_host, host, True))
        base = microseconds(partial(floor, host))
        print(f"{name:18} {host!r:26} {parsed:9.2f} us {base:9.2f} us")


if __name__ == "__main__":
    main()
