"""``urlgrammar parse``: the WHATWG result, getter by getter, after the API's setters; or the
query's name-value pairs."""

from __future__ import annotations

import argparse

from urlgrammar.api import parse
from urlgrammar.cli.arguments import SETTABLE, base_url, encoding_label, setter, text
from urlgrammar.cli.display import REFERENCE_COLUMN, dumps, failure_json, print_failure, show
from urlgrammar.errors import URLError


def _parse_failed(args: argparse.Namespace, error: URLError, setter: tuple[str, str] | None) -> int:
    """A parse with no result: with --json its JSON on standard output, else an error for
    main() to print; exit status 1 either way. The diagnostics are the parser's validation
    errors; after a --set, of its value (only the href setter fails: the parser on that
    value alone)."""
    if not args.json:
        if setter is None:
            raise error
        raise URLError(f"{error} (in the value of --set {setter[0]})", error.diagnostics,
                       error.code) from None
    from urlgrammar.checking.validate import validate  # only a failure needs the whole list

    text, base = (args.input, args.base) if setter is None else (setter[1], None)
    found = validate(text, base, advisories=False).diagnostics
    return print_failure(failure_json(args.input, args.base, error, found, setter))


def cmd_parse(args: argparse.Namespace) -> int:
    try:
        url = parse(args.input, args.base, encoding=args.encoding)
    except URLError as e:
        return _parse_failed(args, e, None)
    for name, value in args.set:
        try:
            url = url.replace(**{name: value})
        except URLError as e:
            return _parse_failed(args, e, (name, value))
    if args.params:
        return _print_params(url.search_params.items(), args.json)
    getters = url.as_dict()
    if args.json:
        print(dumps(getters, indent=2))
        return 0
    for name, value in getters.items():
        print(f"{name:<9} {show(value) if value else ''}".rstrip())
    return 0


def _print_params(pairs: list[tuple[str, str]], as_json: bool) -> int:
    if as_json:
        print(dumps([{"name": n, "value": v} for n, v in pairs], indent=2))
        return 0
    # As for `reference`: one long name must not pad every row, or output grows with its square.
    width = min(max((len(show(name)) for name, _ in pairs), default=0), REFERENCE_COLUMN)
    for name, value in pairs:
        print(f"{show(name):<{width}}  {show(value)}".rstrip())
    return 0


def register(parse: argparse.ArgumentParser) -> None:
    """The ``parse`` subcommand's arguments."""
    parse.description = ("Parse INPUT (against the base B) with the WHATWG URL Standard's results "
                         "and print the URL's getters, one per line. Exit status 1, with the "
                         "standard's error name, when the parser fails; with --json the failure "
                         "is JSON on standard output too: {\"input\", \"base\", \"failure\": true, "
                         "\"error\": {\"code\", \"message\", \"start\", \"end\"}, \"diagnostics\": "
                         "[the parser's validation errors, the failing one last]}, with \"set\": "
                         "{\"name\", \"value\"} when the value of a --set fails (its spans are in "
                         "that value).")
    parse.add_argument("input", metavar="INPUT", type=text)
    parse.add_argument("--base", metavar="B", type=base_url, help="the base URL")
    parse.add_argument("--encoding", default="utf-8", type=encoding_label,
                       help="the document encoding, for the query of special URLs (default utf-8)")
    parse.add_argument("--set", metavar="NAME=VALUE", type=setter, action="append", default=[],
                       help="run the URL API's NAME setter with VALUE; repeat to run several, "
                            "in order. NAME: " + "; ".join(f"{name}, {what}"
                                                           for name, what in SETTABLE.items()))
    parse.add_argument("--params", action="store_true",
                       help="print the query's name-value pairs (URLSearchParams) instead")
    parse.add_argument("--json", action="store_true", help="print JSON, a failure too (see above)")
    parse.set_defaults(run=cmd_parse)
