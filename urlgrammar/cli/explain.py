"""``urlgrammar explain``: every phase of parsing INPUT, as text, as JSON (the viewer's API) or
as the viewer's page."""

from __future__ import annotations

import argparse
import sys

from urlgrammar.cli.arguments import base_url, text
from urlgrammar.cli.display import dumps


def cmd_explain(args: argparse.Namespace) -> int:
    # Teaching loads Lark and the state machine: imported when an explanation is asked for,
    # not for --help.
    from urlgrammar.teaching.explain import explain
    from urlgrammar.teaching.facts import explain_json

    form = "json" if args.json else args.format
    if form == "html":
        from urlgrammar.teaching.viewer.page import export

        out = export(args.input, args.base)
    elif form == "json":
        out = dumps(explain_json(args.input, args.base), indent=2)
    else:
        out = explain(args.input, args.base, rfc3986=args.rfc3986).text()
    if args.output in (None, "-"):  # - is standard output, as for every -o
        print(out)
        return 0
    try:
        # An input given to main() from Python may hold lone surrogates: written as escapes, as
        # on standard output.
        with open(args.output, "w", encoding="utf-8", errors="backslashreplace") as f:
            f.write(out + "\n")
    except OSError as e:
        print(f"error: cannot write {args.output}: {e.strerror or e}", file=sys.stderr)
        return 1
    return 0


def register(exp: argparse.ArgumentParser) -> None:
    """The ``explain`` subcommand: its text, its JSON (the viewer's API), its HTML page."""
    exp.description = ("Show what each phase does to INPUT: preprocessing, the mode, the parse "
                       "tree, the lifted record, drive letters, resolution and force, the host, "
                       "normalisation and printing; then where the grammar's reading and the "
                       "WHATWG state machine differ, the state machine's trace, RFC 3986 strict "
                       "resolution, and the advisories (risks beyond validity) with their "
                       "reasons. A failing parse is explained too (exit status 0); a base that "
                       "is not a valid URL is a usage error (exit status 2).")
    exp.add_argument("input", metavar="INPUT", type=text)
    exp.add_argument("--base", metavar="B", type=base_url, help="the base URL")
    exp.add_argument("--format", choices=("text", "json", "html"), default="text",
                     help="text (default); json, as the viewer's API gives it; or html, the "
                          "viewer's page for INPUT, self-contained")
    exp.add_argument("--rfc3986", action="store_true",
                     help="also RFC 3986's reading of INPUT beside the standard's: whether the RFC "
                          "accepts it (URI-reference, or IRI-reference where it is not ASCII), its "
                          "components by § 3 and where the two readings part (the JSON and the "
                          "page always hold it)")
    exp.add_argument("--json", action="store_true", help="the same as --format json")
    exp.add_argument("-o", "--output", metavar="FILE",
                     help="write to FILE instead of standard output (- is standard output; ./- "
                          "a file named -)")
    exp.set_defaults(run=cmd_explain)
