"""``urlgrammar reference``: the components of a reference, with their spans in INPUT."""

from __future__ import annotations

import argparse

from urlgrammar.cli.arguments import text
from urlgrammar.cli.display import REFERENCE_COLUMN, dumps, failure_json, print_failure, show
from urlgrammar.errors import URLError
from urlgrammar.model.record import Kind
from urlgrammar.reference import Reference, parse_reference


def _component_rows(ref: Reference) -> list[tuple[str, str, str]]:
    rows = []
    for c in ref.record:
        parts = c.value.components() if c.kind == Kind.AUTHORITY else [c]
        for p in parts:
            span = "" if p.start is None else f"{p.start}..{p.end}"
            rows.append((p.kind.label, show(str(p.value)), span))
    return rows


def cmd_reference(args: argparse.Namespace) -> int:
    try:
        ref = parse_reference(args.input, args.base)
    except URLError as e:
        if not args.json:
            raise
        return print_failure(failure_json(args.input, args.base, e, e.diagnostics))
    if args.normalize:
        ref = ref.normalize()
    if args.json:
        print(dumps(ref.as_dict(), indent=2))
        return 0
    rows = [("href", show(ref.href), ""), ("mode", ref.mode.name.lower(), ""), *_component_rows(ref)]
    # Values pad to the longest up to a limit: one long value (the href of a long input) must
    # not pad every other row to its length, which made output grow with the square of the input.
    width = min(max(len(v) for _, v, _ in rows), REFERENCE_COLUMN)
    for label, value, span in rows:
        print(f"{label:<10} {value:<{width}}  {span}".rstrip())
    return 0


def register(ref: argparse.ArgumentParser) -> None:
    """The ``reference`` subcommand's arguments."""
    ref.description = ("Parse INPUT as a URL reference (relative references stay relative, "
                       "nothing is forced) and print its components with their spans in INPUT. "
                       "With --base, INPUT is read in the base's mode and rebased onto it. Exit "
                       "status 1 when that has no result; with --json the failure is JSON on "
                       "standard output, as for parse.")
    ref.add_argument("input", metavar="INPUT", type=text)
    ref.add_argument("--base", metavar="B", type=text, help="a base URL or reference to rebase onto")
    ref.add_argument("--normalize", action="store_true", help="normalise the result")
    ref.add_argument("--json", action="store_true", help="print JSON, a failure too")
    ref.set_defaults(run=cmd_reference)
