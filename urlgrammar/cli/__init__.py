"""The ``urlgrammar`` command line.

    urlgrammar parse INPUT [--base B] [--json]             the WHATWG result, getter by getter
        [--set NAME=VALUE]... [--params]                   after the API's setters; the query's pairs
    urlgrammar reference INPUT [--base B] [--json]         the components of a reference, with spans
    urlgrammar tree INPUT [--mode generic|special|file]   the Lark parse tree
    urlgrammar check INPUT... | --file F | - | --html FILE... [--format text|gnu|json|jsonl|sarif]
                                                           diagnostics (see cli/check/command.py)
    urlgrammar explain INPUT [--base B] [--format text|json|html] [-o FILE|-]
                                                           every phase, and grammar versus algorithm
    urlgrammar render INPUT [--base B] [--width N]         the URL as shown for a trust decision
    urlgrammar serve [--port 8000] [--bind 127.0.0.1]      the live viewer of explain, in a browser
    urlgrammar grammar check | diagram [-o FILE.html|-]     check the grammars; draw them
    urlgrammar --version                                   the version, the Unicode of its IDNA
                                                           tables and the standards it follows

Exit status: 0 on success; 1 when the input has no result (the error is printed, as JSON on
standard output for ``parse --json`` and ``reference --json``: :func:`failure_json`) or the output
cannot be written; 2 for a usage error, which includes an argument that is not UTF-8, an unknown
--encoding label and a --base that is not a valid URL; 130 after Ctrl-C; 141 when the reader of
the output goes away (a closed pipe, as for a process that SIGPIPE ends). None of these prints a
traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence

from urlgrammar import UNICODE_VERSION, __version__
from urlgrammar.api import parse
from urlgrammar.cli.arguments import SETTABLE, base_url, encoding_label, setter, text
from urlgrammar.cli.check import command as check_command
from urlgrammar.cli.grammar import register as register_grammar_tools
from urlgrammar.cli.serve import command as viewer_command
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.model.record import Kind
from urlgrammar.model.schemes import Mode
from urlgrammar.reference import Reference, parse_reference
from urlgrammar.syntax.grammars import mode_for, tree_parser
from urlgrammar.syntax.preprocess import preprocess

MODES = {"generic": Mode.GENERIC, "special": Mode.SPECIAL, "file": Mode.FILE}
#: What ``--version`` says besides the version: the Unicode of the IDNA tables, the standards.
VERSION = f"""urlgrammar {__version__}
IDNA (UTS #46) tables: Unicode {UNICODE_VERSION}
Standards: WHATWG URL Standard (July 2026), URL Specification 0.10.1
"""
#: The widest that ``reference`` pads its value column to, and ``parse --params`` its names.
REFERENCE_COLUMN = 40


def _show(value: str) -> str:
    """A value as people read it: quoted when empty or when it holds invisible code points."""
    if value and value.isprintable() and value.strip() == value:
        return value
    return json.dumps(value, ensure_ascii=False) if value.isprintable() else ascii(value)


def cmd_tree(args: argparse.Namespace) -> int:
    pre = preprocess(args.input)
    mode = MODES[args.mode] if args.mode else mode_for(pre.text)
    if pre.text != pre.original:
        print(f"# preprocessed to {_show(pre.text)} (trimmed and tab/newline removed)")
    print(f"# {mode.name.lower()} mode ({mode.grammar}.lark)")
    print(tree_parser(mode.grammar).parse(pre.text, start="url").pretty().rstrip())
    return 0


def _component_rows(ref: Reference) -> list[tuple[str, str, str]]:
    rows = []
    for c in ref.record:
        parts = c.value.components() if c.kind == Kind.AUTHORITY else [c]
        for p in parts:
            span = "" if p.start is None else f"{p.start}..{p.end}"
            rows.append((p.kind.label, _show(str(p.value)), span))
    return rows


def failure_json(input: str, base: str | None, error: URLError, diagnostics: Sequence[Diagnostic],
                 setter: tuple[str, str] | None = None) -> dict[str, object]:
    """What ``--json`` prints when INPUT has no result: the input and base (and the ``set``
    whose value failed), ``failure``, the ``error`` (the failing diagnostic's code, message
    and span; a null span where it has none) and every diagnostic found up to it, the
    failing one last (https://url.spec.whatwg.org/#validation-error). Spans are in INPUT, or in
    the value of the failing ``set``."""
    failing = error.diagnostics[-1] if error.diagnostics else None
    found = {"code": error.code, "message": str(error), "start": None, "end": None} if failing is None \
        else {"code": failing.code, "message": failing.message, "start": failing.start, "end": failing.end}
    named = {} if setter is None else {"set": {"name": setter[0], "value": setter[1]}}
    return {"input": input, "base": base, **named, "failure": True, "error": found,
            "diagnostics": [d.as_dict() for d in diagnostics]}


def _print_failure(data: dict[str, object]) -> int:
    print(json.dumps(data, ensure_ascii=False, indent=2))
    return 1


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
    return _print_failure(failure_json(args.input, args.base, error, found, setter))


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
        print(json.dumps(getters, ensure_ascii=False, indent=2))
        return 0
    for name, value in getters.items():
        print(f"{name:<9} {_show(value) if value else ''}".rstrip())
    return 0


def _print_params(pairs: list[tuple[str, str]], as_json: bool) -> int:
    if as_json:
        print(json.dumps([{"name": n, "value": v} for n, v in pairs], ensure_ascii=False, indent=2))
        return 0
    # As for `reference`: one long name must not pad every row, or output grows with its square.
    width = min(max((len(_show(name)) for name, _ in pairs), default=0), REFERENCE_COLUMN)
    for name, value in pairs:
        print(f"{_show(name):<{width}}  {_show(value)}".rstrip())
    return 0


def cmd_reference(args: argparse.Namespace) -> int:
    try:
        ref = parse_reference(args.input, args.base)
    except URLError as e:
        if not args.json:
            raise
        return _print_failure(failure_json(args.input, args.base, e, e.diagnostics))
    if args.normalize:
        ref = ref.normalize()
    if args.json:
        print(json.dumps(ref.as_dict(), ensure_ascii=False, indent=2))
        return 0
    rows = [("href", _show(ref.href), ""), ("mode", ref.mode.name.lower(), ""), *_component_rows(ref)]
    # Values pad to the longest up to a limit: one long value (the href of a long input) must
    # not pad every other row to its length, which made output grow with the square of the input.
    width = min(max(len(v) for _, v, _ in rows), REFERENCE_COLUMN)
    for label, value, span in rows:
        print(f"{label:<10} {value:<{width}}  {span}".rstrip())
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    # Teaching loads Lark and the state machine: only the commands that use it import it.
    from urlgrammar.teaching.explain import explain
    from urlgrammar.teaching.facts import explain_json

    form = "json" if args.json else args.format
    if form == "html":
        from urlgrammar.teaching.viewer.page import export

        out = export(args.input, args.base)
    elif form == "json":
        out = json.dumps(explain_json(args.input, args.base), ensure_ascii=False, indent=2)
    else:
        out = explain(args.input, args.base).text()
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


def _add_explain(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``explain`` subcommand: its text, its JSON (the viewer's API), its HTML page."""
    exp = sub.add_parser("explain", help="show every phase of parsing INPUT",
                         description="Show what each phase does to INPUT: preprocessing, the "
                                     "mode, the parse tree, the lifted record, drive letters, "
                                     "resolution and force, the host, normalisation and "
                                     "printing; then where the grammar's reading and the "
                                     "WHATWG state machine differ, the state machine's trace, "
                                     "RFC 3986 strict resolution, and the advisories (risks "
                                     "beyond validity) with their reasons. A failing parse is "
                                     "explained too (exit status 0); a base that is not a "
                                     "valid URL is a usage error (exit status 2).")
    exp.add_argument("input", metavar="INPUT", type=text)
    exp.add_argument("--base", metavar="B", type=base_url, help="the base URL")
    exp.add_argument("--format", choices=("text", "json", "html"), default="text",
                     help="text (default); json, as the viewer's API gives it; or html, the "
                          "viewer's page for INPUT, self-contained")
    exp.add_argument("--json", action="store_true", help="the same as --format json")
    exp.add_argument("-o", "--output", metavar="FILE",
                     help="write to FILE instead of standard output (- is standard output; ./- "
                          "a file named -)")
    exp.set_defaults(run=cmd_explain)


def cmd_render(args: argparse.Namespace) -> int:
    from urlgrammar.rendering import render  # and the UTS #39 code, which other commands do not need

    print(render(parse(args.input, args.base), width=args.width))
    return 0


def _width(value: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of at least 1")
    return int(value)


def _register_render(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rendered = sub.add_parser("render", help="show INPUT as the standard's URL rendering does",
                              description="Print the URL as the WHATWG URL Standard's URL "
                                          "rendering shows it to a person who decides whether "
                                          "to trust it: no username or password, the host in "
                                          "Unicode except confusable or mixed-script labels, "
                                          "readable percent-encoded text, and with --width, "
                                          "elision that never hides the registrable domain. "
                                          "Exit status 1 when INPUT does not parse.")
    rendered.add_argument("input", metavar="INPUT", type=text)
    rendered.add_argument("--base", metavar="B", type=base_url, help="the base URL")
    rendered.add_argument("--width", metavar="N", type=_width,
                          help="at most N code points, where the registrable domain allows")
    rendered.set_defaults(run=cmd_render)


def build_parser() -> argparse.ArgumentParser:
    # Raw text, so that --version keeps its lines.
    parser = argparse.ArgumentParser(
        prog="urlgrammar", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="URLs as a Lark grammar plus operations on a structured URL model.")
    parser.add_argument("--version", action="version", version=VERSION.rstrip(),
                        help="print the version, the Unicode version of the IDNA tables and the "
                             "standards followed, and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    tree = sub.add_parser("tree", help="print the Lark parse tree of INPUT",
                          description="Print the parse tree the grammar gives INPUT, after "
                                      "preprocessing. The mode defaults to the one the "
                                      "input's scheme selects.")
    tree.add_argument("input", metavar="INPUT", type=text)
    tree.add_argument("--mode", choices=sorted(MODES), help="which grammar to use")
    tree.set_defaults(run=cmd_tree)

    parse = sub.add_parser("parse", help="parse INPUT as a browser does",
                           description="Parse INPUT (against the base B) with the WHATWG URL "
                                       "Standard's results and print the URL's getters, one "
                                       "per line. Exit status 1, with the standard's error "
                                       "name, when the parser fails; with --json the failure "
                                       "is JSON on standard output too: {\"input\", \"base\", "
                                       "\"failure\": true, \"error\": {\"code\", \"message\", "
                                       "\"start\", \"end\"}, \"diagnostics\": [the parser's "
                                       "validation errors, the failing one last]}, with "
                                       "\"set\": {\"name\", \"value\"} when the value of a --set "
                                       "fails (its spans are in that value).")
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

    ref = sub.add_parser("reference", help="print the components of INPUT as a reference",
                         description="Parse INPUT as a URL reference (relative references "
                                     "stay relative, nothing is forced) and print its "
                                     "components with their spans in INPUT. With --base, "
                                     "INPUT is read in the base's mode and rebased onto it. "
                                     "Exit status 1 when that has no result; with --json the "
                                     "failure is JSON on standard output, as for parse.")
    ref.add_argument("input", metavar="INPUT", type=text)
    ref.add_argument("--base", metavar="B", type=text, help="a base URL or reference to rebase onto")
    ref.add_argument("--normalize", action="store_true", help="normalise the result")
    ref.add_argument("--json", action="store_true", help="print JSON, a failure too")
    ref.set_defaults(run=cmd_reference)
    _add_explain(sub)
    _register_render(sub)
    check_command.register(sub)
    register_grammar_tools(sub)
    viewer_command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    if sys.stdout is None:  # started with standard output closed: nowhere to write results
        _complain("cannot write output: standard output is closed")
        return 1
    # Inputs may hold lone surrogates (from the API, or shown in an error); printing them must
    # not fail.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        try:
            args = build_parser().parse_args(argv)
            return int(args.run(args))
        finally:
            # Write out the buffer now rather than at interpreter exit, where an error could
            # only be printed as "Exception ignored" (also after --help, which exits).
            sys.stdout.flush()
    except URLError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader has gone: stop as quietly as SIGPIPE would stop a C program.
        _discard_output()
        return 141
    except OSError as e:
        # Every subcommand handles the files it reads or writes; what is left is the output.
        _discard_output()
        _complain(f"cannot write output: {e.strerror or e}")
        return 1


def _discard_output() -> None:
    """Point standard output at the null device, so that flushing what is still buffered at
    interpreter exit does not fail a second time."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _complain(message: str) -> None:
    # Standard error may be broken too; then there is no one left to tell.
    with contextlib.suppress(OSError):
        print(f"urlgrammar: {message}", file=sys.stderr)
