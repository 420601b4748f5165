"""``urlgrammar render``: the URL as the standard's URL rendering shows it for a trust
decision."""

from __future__ import annotations

import argparse

from urlgrammar.api import parse
from urlgrammar.cli.arguments import base_url, text


def cmd_render(args: argparse.Namespace) -> int:
    from urlgrammar.rendering import render  # and the UTS #39 code, which --help does not need

    print(render(parse(args.input, args.base), width=args.width))
    return 0


def _width(value: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of at least 1")
    return int(value)


def register(rendered: argparse.ArgumentParser) -> None:
    """The ``render`` subcommand's arguments."""
    rendered.description = ("Print the URL as the WHATWG URL Standard's URL rendering shows it "
                            "to a person who decides whether to trust it: no username or "
                            "password, the host in Unicode where domain to Unicode finds no "
                            "error, except labels that are confusable, mix scripts or hold "
                            "invisible code points, readable percent-encoded text except what "
                            "would be invisible or read as other syntax, nothing the URL does "
                            "not have, and with --width, elision "
                            "that never hides the registrable domain. Exit status 1 when INPUT "
                            "does not parse.")
    rendered.add_argument("input", metavar="INPUT", type=text)
    rendered.add_argument("--base", metavar="B", type=base_url, help="the base URL")
    rendered.add_argument("--width", metavar="N", type=_width,
                          help="at most N code points, where the registrable domain allows")
    rendered.set_defaults(run=cmd_render)
