"""Setter differential: urlgrammar's ``URL.replace`` against whatwg-url 17.3.0, through Node.

    npm install --prefix tools/node
    python tools/differential_setters.py [--calls 200000] [--seed 1] [--batch 250]
                                         [--unicode-17-only] [--limit N]

Generates requests with tools/setter_inputs.py (seeded: the same seed gives the same run): a
URL, or a reference and a base, and one to three setters in turn, with the WPT setter cases of
../shared/wpt/setters_tests.json (or $URLGRAMMAR_SHARED/wpt) as seeds. Each request goes to one
long-lived Node process (tools/node/setters.mjs, batched) and through urlgrammar; after each
setter every getter (href, origin, protocol, username, password, host, hostname, port,
pathname, search, hash) is compared, and so are the URL's getters before the first, and
whether it parses at all. A setter that throws (only href can) must throw on both sides.

The setters are the JavaScript ones, run as ``url.replace(name=value)``; ``searchParams`` is
``replace(search_params=URLSearchParams(value))`` here and, in Node, the URL's own
searchParams emptied and filled with the pairs of ``new URLSearchParams(value)`` (the update
steps). A port value is sometimes an int: JavaScript converts it to its decimal string, and
``replace(port=int)`` must agree.

Code points of every Unicode version are generated: the project's IDNA tables are Unicode
18.0's, as whatwg-url 17.3.0's are. A difference of getters that are the same text once their
``xn--`` labels are decoded and normalized to NFD is counted apart, as the peer's normalizer
(tools/canonical.py: tr46 normalizes with Node's ICU, Unicode 17.0 on Node 20, which does
not know the combining classes of 18.0's new marks). ``--unicode-17-only`` leaves out the code
points that Unicode 17.0 leaves unassigned, the noncharacters aside (for a peer on 17.0).

Prints the number of setter calls per setter and every difference (``--limit`` caps how many
are shown, not how many are counted); exits 1 when there is one.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from urlgrammar import URL, URLError, URLSearchParams  # noqa: E402
from urlgrammar.attributes import GETTERS  # noqa: E402

_spec = importlib.util.spec_from_file_location("setter_inputs", ROOT / "tools" / "setter_inputs.py")
assert _spec is not None and _spec.loader is not None
setter_inputs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(setter_inputs)
_spec = importlib.util.spec_from_file_location("peer", ROOT / "tools" / "peer.py")
assert _spec is not None and _spec.loader is not None
peer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(peer)
NODE_SCRIPT = peer.NODE_DIR / "setters.mjs"
_spec = importlib.util.spec_from_file_location("canonical", ROOT / "tools" / "canonical.py")
assert _spec is not None and _spec.loader is not None
canonical = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(canonical)


def seeds_file() -> Path:
    shared = os.environ.get("URLGRAMMAR_SHARED")
    return (Path(shared) if shared else ROOT.parent / "shared") / "wpt" / "setters_tests.json"


def node_missing() -> str | None:
    """Why whatwg-url cannot run here, or None where it can."""
    return peer.missing()


class Node:
    """whatwg-url in one Node process: a JSON array of requests per line, answers likewise."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(["node", str(NODE_SCRIPT)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def answer(self, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(requests) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the Node process ended: see its standard error above")
        answers: list[dict[str, Any]] = json.loads(line)
        return answers

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()

    def __enter__(self) -> Node:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def getters(url: URL) -> dict[str, str]:
    return {name: getattr(url, name) for name in GETTERS}


def ours(request: dict[str, Any]) -> dict[str, Any]:
    """What urlgrammar answers, in the Node script's form; an exception other than URLError
    is an answer too (``raised``), which never matches."""
    try:
        url = URL(request["href"], request.get("base"))
    except URLError:
        return {"parsed": False}
    steps: list[dict[str, str]] = []
    answer: dict[str, Any] = {"parsed": True, "before": getters(url), "steps": steps}
    for name, value in request["setters"]:
        try:
            if name == "searchParams":
                url = url.replace(search_params=URLSearchParams(value))
            else:
                url = url.replace(**{name: value})
        except URLError as e:
            steps.append({"threw": str(e)})
            continue
        except Exception as e:  # a bug to report, not to stop on
            steps.append({"raised": f"{type(e).__name__}: {e}"})
            continue
        steps.append(getters(url))
    if "reference" in request:
        try:
            answer["resolved"] = getters(URL(request["reference"], url))
        except URLError as e:
            answer["resolved"] = {"threw": str(e)}
        except Exception as e:
            answer["resolved"] = {"raised": f"{type(e).__name__}: {e}"}
    return answer


def _differing(ours: dict[str, str], theirs: dict[str, str]) -> list[str]:
    if ours == theirs or ("threw" in ours and "threw" in theirs):
        return []
    if set(ours) != set(theirs):
        return [f"    ours {ours!r}", f"    whatwg-url {theirs!r}"]
    return [f"    {k}: ours {ours[k]!r}, whatwg-url {theirs[k]!r}" for k in GETTERS if ours[k] != theirs[k]]


def only_in_canonical_order(mine: dict[str, Any], theirs: dict[str, Any]) -> bool:
    """Whether every getter that differs is the same text in canonical order (the peer's
    normalizer: see the module's docstring)."""
    def getters(answer: dict[str, Any]) -> list[dict[str, str]]:
        return [answer["before"], *answer["steps"], answer.get("resolved", {})]

    return all(set(a) == set(b) and all(canonical.equivalent(str(a[k]), str(b[k])) for k in a)
               for a, b in zip(getters(mine), getters(theirs), strict=True))


def compare(request: dict[str, Any], mine: dict[str, Any], theirs: dict[str, Any]
            ) -> tuple[str, list[str]] | None:
    """The first difference: where it is ("parse", a setter's name, or "base" for the URL
    as the reference's base) and lines naming the request, the step and the getters."""
    head = f"  request {json.dumps(request)}"
    if mine["parsed"] != theirs["parsed"]:
        return "parse", [head, f"    parses: ours {mine['parsed']}, whatwg-url {theirs['parsed']}"]
    if not mine["parsed"]:
        return None
    lines = _differing(mine["before"], theirs["before"])
    if lines:
        return "parse", [head, "    before any setter:", *lines]
    for i, (a, b) in enumerate(zip(mine["steps"], theirs["steps"], strict=True)):
        lines = _differing(a, b)
        if lines:
            name, value = request["setters"][i]
            return name, [head, f"    after setter {i + 1}, {name} = {value!r}:", *lines]
    lines = _differing(mine.get("resolved", {}), theirs.get("resolved", {}))
    return ("base", [head, "    the URL as the reference's base:", *lines]) if lines else None


class Tally:
    """Setter calls and differences per setter, parse checks, the URL as a base, and the
    difference reports."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.differing: Counter[str] = Counter()
        self.requests = self.unparsed = self.bases = self.canonical_order = 0
        self.reports: list[list[str]] = []

    @property
    def total(self) -> int:
        return sum(self.calls.values())

    def add(self, request: dict[str, Any], mine: dict[str, Any], theirs: dict[str, Any]) -> None:
        self.requests += 1
        if mine["parsed"] and theirs["parsed"]:
            self.calls.update(name for name, _ in request["setters"])
            self.bases += "reference" in request
        else:
            self.unparsed += 1
        found = compare(request, mine, theirs)
        both = mine["parsed"] and theirs["parsed"]
        if found is not None and both and only_in_canonical_order(mine, theirs):
            self.canonical_order += 1
        elif found is not None:
            self.differing[found[0]] += 1
            self.reports.append(found[1])


def run(calls: int, seed: int, batch: int = 250, unicode_17_only: bool = False,
        node: Node | None = None) -> Tally:
    """At least ``calls`` setter calls on URLs that parse, through urlgrammar and ``node``."""
    inputs = setter_inputs.SetterInputs(seed, setter_inputs.load_seeds(seeds_file()), unicode_17_only)
    tally = Tally()
    own = node is None
    peer = Node() if node is None else node
    try:
        while tally.total < calls:
            requests = [inputs.request() for _ in range(batch)]
            for request, theirs in zip(requests, peer.answer(requests), strict=True):
                tally.add(request, ours(request), theirs)
    finally:
        if own:
            peer.close()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200_000, help="setter calls (at least)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=250, help="requests per line to Node")
    parser.add_argument("--unicode-17-only", action="store_true",
                        help="no code point that Unicode 17.0 leaves unassigned (for a peer on 17.0)")
    parser.add_argument("--limit", type=int, default=None, help="show at most this many differences")
    args = parser.parse_args(argv)
    missing = node_missing()
    if missing is not None:
        print(f"cannot run: {missing}", file=sys.stderr)
        return 2
    seeds = seeds_file()
    print(f"seed {args.seed}; WPT seeds from {seeds}" if seeds.is_file() else
          f"seed {args.seed}; no WPT seeds ({seeds} not found)")
    print("code points: Unicode 17.0 only (--unicode-17-only)" if args.unicode_17_only
          else "code points: all")
    started = time.perf_counter()
    tally = run(args.calls, args.seed, args.batch, args.unicode_17_only)
    elapsed = time.perf_counter() - started
    for report in tally.reports[:args.limit]:
        print("\n".join(report))
    print(f"{'setter':<14}{'calls':>9}{'differences':>13}")
    for name in setter_inputs.SETTERS:
        print(f"{name:<14}{tally.calls[name]:>9}{tally.differing[name]:>13}")
    print(f"{'total':<14}{tally.total:>9}{sum(tally.differing[n] for n in setter_inputs.SETTERS):>13}")
    print(f"requests {tally.requests}, {tally.unparsed} of them with a URL that does not parse; "
          f"parse differences {tally.differing['parse']}")
    print(f"the URL after its setters as a base: {tally.bases} times, differences "
          f"{tally.differing['base']}; {elapsed:.0f} s")
    print(f"requests whose getters differ only in canonical order (the peer's normalizer, not "
          f"counted above): {tally.canonical_order}")
    return 1 if tally.reports else 0


if __name__ == "__main__":
    sys.exit(main())
