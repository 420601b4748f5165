"""Count how often one request runs the pipeline and its phases: explain, its JSON, its HTML
page, the viewer's API and validate, on a few inputs.

    python tools/count_runs.py [--json]

Each counted function is wrapped in every urlgrammar module that holds it, so that a call
through any import counts: the pipeline's entry points (``run``; where they exist, ``lift``,
which starts a run, and ``resolve_and_normalise``, which finishes it), preprocessing, the
lift's parse (``syntax.lift.parse_record``: the compiled match, once per run), resolution,
the host phase (``host.authority.process_authority``) and the host parser
(``host.parser.parse_host``), validate's fast path (``checking.plain.plain_url``, or
``fast_path``), the transcribed state machine (``algorithm.run``, which runs it on the base
too) and the Lark tree that explain shows (``syntax.grammars.tree_parser``). Each call is
told apart by the string it is about: the input, the base, or another (the suggestion's
candidate); a call made inside another counted one is about that one's string, and says
inside which (the host parser inside a pipeline run, or inside the state machine). Prints a
line per request (``--detail``: and each counted function's calls), or the counts as JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402
from urlgrammar import algorithm  # noqa: E402
from urlgrammar.checking import plain  # noqa: E402
from urlgrammar.host import authority  # noqa: E402
from urlgrammar.host import parser as host_parser  # noqa: E402
from urlgrammar.operations import pipeline, resolve  # noqa: E402
from urlgrammar.syntax import grammars, lift, preprocess  # noqa: E402

#: What is counted: a name, and the function (every module's reference to it is wrapped);
#: a function that this checkout does not have is left out.
COUNTED: dict[str, Callable[..., Any]] = {name: f for name, f in {
    "pipeline run": getattr(pipeline, "run", None),
    "pipeline lift": getattr(pipeline, "lift", None),
    "pipeline rest": getattr(pipeline, "resolve_and_normalise", None),
    "preprocess": preprocess.preprocess,
    "compiled match": lift.parse_record,
    "resolution": resolve.whatwg_resolve,
    "host phase": authority.process_authority,
    "host parser": host_parser.parse_host,
    "fast path": getattr(plain, "fast_path", None) or getattr(plain, "plain_url", None),
    "state machine": algorithm.run,
    "Lark tree": grammars.tree_parser,
}.items() if f is not None}

#: (input, base, what it is): valid and invalid, with and without a base, with advisories.
CASES = [
    ("https://example.com/a", None, "valid"),
    ("http://localhost/", None, "valid, an advisory"),
    ("https://EXAMPLE.com/a", None, "valid, the host not plain"),
    ("https://example.com:8080/a", None, "valid, a port"),
    ("HTTP://EXAMPLE.com/a b", None, "invalid"),
    ("http://user@/x", None, "failure"),
    ("a/b", "http://h/", "valid, base"),
    ("//evil.example/x", "https://good.example/", "valid, base, advisory with a fix"),
    ("https:\\\\evil.example/x", "https://good.example/", "invalid, base, advisory"),
    ("a b", "http://h/", "invalid, base"),
]


class Calls:
    """The calls seen: (name, what it is about, the counted function it was called inside)."""

    def __init__(self, input: str, base: str | None) -> None:
        # Each string as given and preprocessed (the lift reads the preprocessed text).
        self.strings = {text: what for text, what in ((base, "base"), (input, "input")) if text is not None}
        self.strings |= {preprocess.preprocess(text).text: what for text, what in self.strings.items()}
        self.seen: list[tuple[str, str, str]] = []
        self.stack: list[tuple[str, str]] = []

    def about(self, args: tuple[Any, ...]) -> str:
        if self.stack:
            return self.stack[-1][1]
        first = args[0] if args else None
        # A string, or what a lift gave (resolve_and_normalise goes on from it).
        read = first if isinstance(first, str) else getattr(getattr(first, "pre", None), "original", None)
        return "other" if read is None else self.strings.get(read, "other")


def _wrap(calls: Calls, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(real)
    def counted(*args: Any, **kwargs: Any) -> Any:
        about = calls.about(args)
        calls.seen.append((name, about, calls.stack[-1][0] if calls.stack else ""))
        calls.stack.append((name, about))
        try:
            return real(*args, **kwargs)
        finally:
            calls.stack.pop()
    return counted


@contextlib.contextmanager
def counting(input: str, base: str | None) -> Iterator[Calls]:
    """Wrap every counted function in every loaded urlgrammar module."""
    calls = Calls(input, base)
    undo: list[tuple[Any, str, Any]] = []
    wrapped = {id(f): _wrap(calls, name, f) for name, f in COUNTED.items()}
    for module in [m for n, m in sys.modules.items() if n.startswith("urlgrammar") and m is not None]:
        for attribute, value in list(vars(module).items()):
            if id(value) in wrapped and callable(value):
                undo.append((module, attribute, value))
                setattr(module, attribute, wrapped[id(value)])
    try:
        yield calls
    finally:
        for module, attribute, value in undo:
            setattr(module, attribute, value)


def _cli(*argv: str) -> None:
    from urlgrammar.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        main(list(argv))


def _viewer(input: str, base: str | None) -> None:
    from urlgrammar.cli.serve.workers import _explain

    _explain(input, base)


def requests(input: str, base: str | None) -> dict[str, Callable[[], object]]:
    """Each request, as a call on ``input`` and ``base``."""
    with_base = () if base is None else ("--base", base)
    return {
        "explain": lambda: _cli("explain", input, *with_base),
        "explain --json": lambda: _cli("explain", input, *with_base, "--json"),
        "explain --format html": lambda: _cli("explain", input, *with_base, "--format", "html"),
        "viewer /api/explain": lambda: _viewer(input, base),
        "validate": lambda: urlgrammar.validate(input, base),
        "validate, no advisories": lambda: urlgrammar.validate(input, base, advisories=False),
    }


def tally(calls: Calls) -> dict[str, dict[str, int]]:
    """For each counted name, its calls by what they are about (``input``, ``base``,
    ``other``), each suffixed ``in <name>`` when called inside another counted function."""
    out: dict[str, Counter[str]] = {}
    for name, about, inside in calls.seen:
        out.setdefault(name, Counter())[about + (f" in {inside}" if inside else "")] += 1
    order = list(COUNTED)
    return {name: dict(sorted(out[name].items())) for name in order if name in out}


def _count(counts: dict[str, int], about: str) -> int:
    """The calls about ``about`` (``input``, ``base``, ``other``), wherever they were made."""
    return sum(n for key, n in counts.items() if key.split(" in ")[0] == about)


def summary(calls: dict[str, dict[str, int]]) -> str:
    """One line: the compiled match (once per run of the pipeline) on the input, the base and
    other strings, then resolutions (each run's phases after the lift), host parses inside
    the pipeline, state machine runs and Lark trees."""
    match = calls.get("compiled match", {})
    hosts = sum(n for key, n in calls.get("host parser", {}).items() if "in state machine" not in key)
    total = {name: sum(calls.get(name, {}).values()) for name in ("resolution", "state machine", "Lark tree")}
    return (f"{_count(match, 'input'):>5} {_count(match, 'base'):>4} {_count(match, 'other'):>5} "
            f"{total['resolution']:>7} {hosts:>5} {total['state machine']:>7} {total['Lark tree']:>4}")


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__,
                                        formatter_class=argparse.RawDescriptionHelpFormatter)
    arguments.add_argument("--detail", action="store_true", help="list each counted function's calls")
    arguments.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = arguments.parse_args()
    for input, base, _ in CASES:  # load grammars, tables and lazy imports outside the counts
        for request in requests(input, base).values():
            request()
    results = []
    for input, base, what in CASES:
        for request, call in requests(input, base).items():
            with counting(input, base) as calls:
                call()
            results.append({"input": input, "base": base, "case": what, "request": request,
                            "calls": tally(calls)})
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    print(f"{'':<26} {'runs of the pipeline':^16} {'resolve':>7} {'hosts':>5} {'machine':>7} {'tree':>4}")
    print(f"{'':<26} {'input':>5} {'base':>4} {'other':>5}")
    for r in results:
        if r["request"] == "explain":
            against = "" if r["base"] is None else f" against {r['base']!r}"
            print(f"{r['input']!r}{against} ({r['case']})")
        print(f"  {r['request']:<24} {summary(r['calls'])}")
        if args.detail:
            for name, counts in r["calls"].items():
                total = sum(counts.values())
                print(f"     {name:<14} {total:>2}  " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
