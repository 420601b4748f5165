"""URLSearchParams against whatwg-url through Node: a seeded differential of operation sequences.

    npm install --prefix tools/node            (once: whatwg-url, pinned in tools/node/package.json)
    python tools/differential_params.py [--seed 1] [--operations 100000] [--batch 400] [--show 5]

A case is a constructor and a sequence of operations, drawn by a seeded generator; the same
case runs here (urlgrammar.URLSearchParams and URL) and in one long-lived Node process
(tools/node/params.mjs, fed a batch of cases per JSON line while this side runs the batch
too), and every result is compared. It prints how many cases and operations ran, of each
kind, and how many results differed, with the first few differences; the exit status is 1
when there is one.

The constructors: a string (with no, one or two leading `?`), a list of pairs, a record (a
dict here, a JavaScript object there; an object lists its array-index keys first, so the
dict is given in that order, which is the order a mapping stands for), and a URL, whose
searchParams the operations then change: there the URL follows each change, here the
operations change ``URLSearchParams(url.search_params)`` and ``url.replace(search_params=...)``
gives the URL, and both hrefs are compared. The operations: append, delete (with and without
a value), get, getAll, has (with and without a value), set, sort, size, toString, iteration
(entries, keys, values), the first value of each name (``dict(params)`` here, get for each
name there), iteration with a change at some step (the iterators are live), a copy through
the constructor, and for a URL: setting its search, and parsing its href again.

Strings cross the JSON boundary as arrays of UTF-16 code units, so that lone surrogates
survive; here a string is the one those code units decode to (a high and a low surrogate
next to each other are one code point, as they are in JavaScript).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
import struct
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from urlgrammar import URL, URLError, URLSearchParams  # noqa: E402

_spec = importlib.util.spec_from_file_location("peer", ROOT / "tools" / "peer.py")
assert _spec is not None and _spec.loader is not None
peer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(peer)
SCRIPT = peer.NODE_DIR / "params.mjs"
THROW = {"throw": True}

Case = dict[str, Any]


# ---- strings as UTF-16 code units ------------------------------------------------------------


def units(text: str) -> list[int]:
    data = text.encode("utf-16-le", "surrogatepass")
    return list(struct.unpack(f"<{len(data) // 2}H", data))


def text_of(code_units: list[int]) -> str:
    return struct.pack(f"<{len(code_units)}H", *code_units).decode("utf-16-le", "surrogatepass")


def canonical(text: str) -> str:
    """The str that JavaScript's string of the same code units is: adjacent surrogates pair."""
    return text_of(units(text))


def _pairs(pairs: Any) -> list[list[list[int]]]:
    return [[units(name), units(value)] for name, value in pairs]


# ---- the generator ------------------------------------------------------------------------------

#: Pieces of names, values and queries: the format's own characters, percent-encodings valid,
#: invalid and not UTF-8, non-ASCII, astral, lone surrogates (either half of 😀 too), U+FFFD,
#: array-index keys (which a JavaScript object lists first) and characters that sort around
#: the surrogates in UTF-16 order.
PIECES = (
    "", "a", "b", "c", "A", "ab", "a b", "+", "++", "%", "%2", "%zz", "%%", "%25", "%2B", "%2b",
    "%20", "%41", "%3D", "%26", "%C3%A9", "%c3", "%FF", "%F0%9F%8C%88", "%ED%A0%80", "%EF%BB%BF",
    "=", "==", "&", "&&", "?", "#", " ", "\t", "\n", "\x00", "\x7f", "\u0080", "\u00a0", "é",
    "e\u0301", "ﬃ", "€", "中", "\uffff", "🌈", "😀", "\U0010ffff", "\ud800", "\udbff", "\udc00",
    "\udfff", "\ud83d", "\ude00", "\ufffd", "\ufeff", "~", "*", "-", ".", "_", "!", "'", "(", ")",
    "/", ":", ";", "@", "[", "]", "\\", "^", "`", "{", "|", "}", "0", "1", "10", "01",
    "4294967294", "4294967295", "__proto__",
)
#: Spellings of one USVString: a lone surrogate and U+FFFD name the same pair.
REPLACEMENTS = ("\ufffd", "\ud800", "\udfff", "\udc00", "\ud835")
URLS = ("https://h/p", "http://h", "HTTP://h:80/a/../b", "sc://h/p", "sc:opaque", "sc:", "data:x ",
        "file:///c:/d", "https://u:p@h:8/p", "javascript:x", "blob:https://h/u", "mailto:a@b",
        "ws://h/", "https://[::1]/", "https://h:99999/", "no-scheme")
INITS = {"string": 35, "pairs": 20, "record": 15, "url": 30}
OPERATIONS = {"append": 12, "delete": 6, "delete value": 4, "get": 8, "getAll": 6, "has": 5,
              "has value": 4, "set": 8, "sort": 5, "size": 3, "toString": 6, "entries": 5,
              "keys": 2, "values": 2, "dict": 3, "iterate": 4}
URL_OPERATIONS = {"search": 4, "reparse": 4}
OTHER_OPERATIONS = {"copy": 2}


class Generator:
    """Cases from a seed: the same seed gives the same cases."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.names: list[str] = []
        self.values: list[str] = []

    def text(self, most: int) -> str:
        r = self.random
        return canonical("".join(r.choice(PIECES) for _ in range(r.randint(0, most))))

    def _known(self, known: list[str], most: int) -> str:
        r = self.random
        if known and r.random() < 0.6:
            chosen = r.choice(known)
            if r.random() < 0.3:  # the same name spelled with another replacement character
                chosen = canonical("".join(r.choice(REPLACEMENTS) if c in REPLACEMENTS else c
                                           for c in chosen))
            return chosen
        fresh = self.text(most)
        known.append(fresh)
        return fresh

    def name(self) -> str:
        return self._known(self.names, 3)

    def value(self) -> str:
        return self._known(self.values, 2)

    def query(self) -> str:
        r = self.random
        if r.random() < 0.3:
            return self.text(12)
        parts = [self.name() if r.random() < 0.15 else f"{self.name()}={self.value()}"
                 for _ in range(r.randint(0, 5))]
        return ("&" if r.random() < 0.1 else "") + "&".join(parts)

    def init(self) -> dict[str, Any]:
        r = self.random
        kind = r.choices(list(INITS), list(INITS.values()))[0]
        if kind == "string":
            return {"kind": kind, "value": r.choice(("", "", "?", "??")) + self.query()}
        if kind in ("pairs", "record"):
            pairs = [(self.name(), self.value()) for _ in range(r.randint(0, 5))]
            if r.random() < 0.4:  # two keys that are one USVString
                stem, first, second = self.name(), *r.sample(REPLACEMENTS, 2)
                for key in (canonical(stem + first), canonical(stem + second)):
                    pairs.insert(r.randint(0, len(pairs)), (key, self.value()))
            return {"kind": kind, "value": list(js_object(pairs).items()) if kind == "record" else pairs}
        url = r.choice(URLS)
        if r.random() < 0.8:
            url += "?" + self.query()
        if r.random() < 0.2:
            url += "#" + self.text(2)
        return {"kind": kind, "value": url}

    def change(self) -> list[Any]:
        r = self.random
        kind = r.choice(("append", "delete", "delete value", "set", "sort"))
        return self.operation(kind)

    def operation(self, kind: str) -> list[Any]:
        r = self.random
        if kind in ("append", "set", "delete value", "has value"):
            return [kind.split()[0], self.name(), self.value()]
        if kind in ("delete", "get", "getAll", "has"):
            return [kind, self.name()]
        if kind == "iterate":
            return [kind, r.randint(0, 4), self.change()]
        if kind == "search":
            return [kind, r.choice(("", "?")) + self.query()]
        return [kind]

    def case(self) -> Case:
        r = self.random
        self.names, self.values = [], []
        init = self.init()
        table = {**OPERATIONS, **(URL_OPERATIONS if init["kind"] == "url" else OTHER_OPERATIONS)}
        kinds = r.choices(list(table), list(table.values()), k=r.randint(1, 15))
        return {"init": init, "ops": [self.operation(kind) for kind in kinds]}


def js_object(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """Pairs as the properties of a JavaScript object, in its own order
    (https://tc39.es/ecma262/#sec-ordinaryownpropertykeys): array indices ascending, then the
    other keys as first set; a key set again keeps its place."""
    record: dict[str, str] = {}
    for key, value in pairs:
        record[key] = value
    indices = sorted((k for k in record if _is_array_index(k)), key=int)
    return {k: record[k] for k in [*indices, *(k for k in record if not _is_array_index(k))]}


def _is_array_index(key: str) -> bool:
    return re.fullmatch("0|[1-9][0-9]*", key) is not None and int(key) < 2**32 - 1


#: What the cases should hit, counted over their strings: a case counts once for each.
EDGES: dict[str, Callable[[str], bool]] = {
    "a lone surrogate": lambda t: re.search("[\ud800-\udfff]", t) is not None,
    "U+FFFD": lambda t: "\ufffd" in t,
    "an astral code point": lambda t: any(ord(c) > 0xFFFF for c in t),
    "a % without two hex digits": lambda t: re.search("%(?![0-9A-Fa-f]{2})", t) is not None,
    "a percent-encoding that is not UTF-8": lambda t: re.search("%(FF|ED%A0|c3(?!%))", t, re.I) is not None,
    "+": lambda t: "+" in t,
    "an empty string": lambda t: t == "",
}


def strings(case: Case) -> Iterator[str]:
    """Every string a case gives as an argument."""
    value = case["init"]["value"]
    if isinstance(value, str):
        yield value
    else:
        for pair in value:
            yield from pair
    for op in case["ops"]:
        for arg in [*op[1:], *(op[2][1:] if op[0] == "iterate" else [])]:
            if isinstance(arg, str):
                yield arg


def merges(case: Case) -> bool:
    """Whether a record's keys merge once lone surrogates are U+FFFD."""
    if case["init"]["kind"] != "record":
        return False
    keys = [key for key, _ in case["init"]["value"]]
    return len({re.sub("[\ud800-\udfff]", "\ufffd", k) for k in keys}) < len(keys)


def label(op: list[Any]) -> str:
    """An operation's kind, as the counts name it."""
    if op[0] in ("delete", "has") and len(op) > 2:
        return f"{op[0]} value"
    return str(op[0])


# ---- this side ----------------------------------------------------------------------------------


class Ours:
    """A case's state here: the params, and for a URL case the URL they came from. Results are
    Python values (str, list, None, bool, int); :func:`encode` gives them as Node does."""

    def __init__(self, init: dict[str, Any]) -> None:
        kind, value = init["kind"], init["value"]
        self.url: URL | None = None
        if kind == "url":
            self.url = URL(value)
            self.params = URLSearchParams(self.url.search_params)
        elif kind == "record":
            self.params = URLSearchParams(dict(value))
        else:
            self.params = URLSearchParams(value)

    def first(self) -> Any:
        if self.url is None:
            return list(self.params)
        return [self.url.href, list(self.url.search_params)]

    def change(self, op: list[Any]) -> None:
        name, *args = op
        getattr(self.params, name)(*args)
        if self.url is not None:
            self.url = self.url.replace(search_params=self.params)

    def iterate(self, at: int, change: list[Any]) -> Any:
        seen = []
        for index, pair in enumerate(self.params):
            if index == at:
                self.change(change)
            seen.append(pair)
        return seen if self.url is None else [seen, self.url.href]

    def run(self, op: list[Any]) -> Any:
        name, args = op[0], op[1:]
        if name in ("append", "delete", "set", "sort"):
            self.change(op)
            return None if self.url is None else self.url.href
        if name == "search":
            assert self.url is not None
            self.url = self.url.replace(search=args[0])
            self.params = URLSearchParams(self.url.search_params)
            return [self.url.href, list(self.params)]
        if name == "reparse":
            assert self.url is not None
            again = URL(self.url.href)
            return [again.href, list(again.search_params)]
        if name == "copy":
            self.params = URLSearchParams(self.params)
            return list(self.params)
        if name == "iterate":
            return self.iterate(args[0], args[1])
        return READERS[name](self.params, *args)


READERS: dict[str, Callable[..., Any]] = {
    "get": URLSearchParams.get,
    "getAll": URLSearchParams.get_all,
    "has": URLSearchParams.has,
    "size": lambda p: p.size,
    "toString": str,
    "entries": list,
    "keys": URLSearchParams.keys,
    "values": URLSearchParams.values,
    "dict": lambda p: list(dict(p).items()),
}


def run_ours(case: Case) -> list[Any]:
    """The case's results here: a failure (the URL constructor's, here URLError) is THROW.
    Any other exception is a difference, not the end of the run."""
    try:
        state = Ours(case["init"])
    except URLError:
        return [THROW]
    out = [state.first()]
    for op in case["ops"]:
        try:
            out.append(state.run(op))
        except URLError:
            out.append(THROW)
        except Exception as e:
            out.append({"error": f"{type(e).__name__}: {e}"})
    return out


def encode(result: Any) -> Any:
    """A result as Node gives it: every string as its code units, tuples as lists."""
    if isinstance(result, str):
        return units(result)
    if isinstance(result, list | tuple):
        return [encode(item) for item in result]
    if isinstance(result, dict):
        return {key: encode(value) for key, value in result.items()}
    return result


# ---- the Node side ------------------------------------------------------------------------------


def missing() -> str | None:
    """Why the Node side cannot run here, or None."""
    return peer.missing()


def peer_version() -> str:
    return str(peer.version())


def _wire_op(op: list[Any]) -> list[Any]:
    if op[0] == "iterate":
        return [op[0], op[1], _wire_op(op[2])]
    return [op[0], *(units(arg) for arg in op[1:])]


def wire(case: Case) -> Case:
    """A case as the Node side reads it: every string as its code units."""
    init, value = case["init"], case["init"]["value"]
    sent = units(value) if isinstance(value, str) else _pairs(value)
    return {"init": {"kind": init["kind"], "value": sent}, "ops": [_wire_op(op) for op in case["ops"]]}


class Node:
    """One Node process running tools/node/params.mjs, for a whole run."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(["node", str(SCRIPT)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def send(self, cases: list[Case]) -> None:
        stdin: IO[str] | None = self.process.stdin
        assert stdin is not None
        stdin.write(json.dumps({"cases": [wire(c) for c in cases]}) + "\n")
        stdin.flush()

    def receive(self) -> list[list[Any]]:
        stdout: IO[str] | None = self.process.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"node stopped (exit status {self.process.wait()})")
        results: list[list[Any]] = json.loads(line)["results"]
        return results

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


# ---- the run ------------------------------------------------------------------------------------


class Tally:
    """What a run counted, and its differences: (case, index of the result, ours, Node's)."""

    def __init__(self) -> None:
        self.inits: Counter[str] = Counter()
        self.operations: Counter[str] = Counter()
        self.differences: list[tuple[Case, int, Any, Any]] = []
        self.edges: Counter[str] = Counter()

    @property
    def total(self) -> int:
        return sum(self.inits.values()) + sum(self.operations.values())

    def add(self, case: Case, ours: list[Any], theirs: list[Any]) -> None:
        self.inits[case["init"]["kind"]] += 1
        self.operations.update(label(op) for op in case["ops"])
        texts = list(strings(case))
        self.edges.update(edge for edge, hit in EDGES.items() if any(hit(t) for t in texts))
        self.edges["records whose keys merge"] += merges(case)
        for index in range(max(len(ours), len(theirs))):
            mine = ours[index] if index < len(ours) else None
            node = theirs[index] if index < len(theirs) else None
            # JSON text: true equals true only, never 1.
            if json.dumps(encode(mine)) != json.dumps(node):
                self.differences.append((case, index, mine, node))


def batches(seed: int, operations: int, size: int) -> Iterator[list[Case]]:
    """Cases from the seed, in batches, until they hold ``operations`` (the constructors count)."""
    generator = Generator(seed)
    count = 0
    batch: list[Case] = []
    while count < operations:
        case = generator.case()
        batch.append(case)
        count += 1 + len(case["ops"])
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def run(seed: int, operations: int, size: int = 400) -> Tally:
    """Run the cases here and in Node, overlapping: Node works on a batch while this side does."""
    tally = Tally()
    node = Node()
    try:
        for batch in batches(seed, operations, size):
            node.send(batch)
            ours = [run_ours(case) for case in batch]
            for case, mine, theirs in zip(batch, ours, node.receive(), strict=True):
                tally.add(case, mine, theirs)
    finally:
        node.close()
    return tally


def decode_like(ours: Any, theirs: Any) -> Any:
    """Node's result for people to read: code units back to strings, where ours has a string
    (or, where the shapes differ, wherever a list holds only numbers)."""
    if isinstance(ours, str) and isinstance(theirs, list):
        return text_of(theirs)
    if isinstance(ours, list | tuple) and isinstance(theirs, list) and len(ours) == len(theirs):
        return [decode_like(o, t) for o, t in zip(ours, theirs, strict=True)]
    if isinstance(theirs, list) and all(isinstance(u, int) and not isinstance(u, bool) for u in theirs):
        return text_of(theirs)
    if isinstance(theirs, list):
        return [decode_like(None, t) for t in theirs]
    return theirs


def show(difference: tuple[Case, int, Any, Any]) -> str:
    case, index, ours, theirs = difference
    step = "the constructor" if index == 0 else f"operation {index}, {case['ops'][index - 1]!r}"
    return (f"  {case['init']!r}, operations {case['ops']!r}\n    at {step}:\n"
            f"      urlgrammar {ours!r}\n      whatwg-url {decode_like(ours, theirs)!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--operations", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=400, help="cases per line to Node")
    parser.add_argument("--show", type=int, default=5, help="differences to print")
    args = parser.parse_args(argv)
    reason = missing()
    if reason is not None:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    tally = run(args.seed, args.operations, args.batch)
    print(f"urlgrammar against whatwg-url {peer_version()} (node {_node_version()}), seed {args.seed}")
    print(f"cases {sum(tally.inits.values()):,}: "
          + ", ".join(f"{k} {n:,}" for k, n in tally.inits.most_common()))
    print(f"operations {tally.total:,} (the constructors too): "
          + ", ".join(f"{k} {n:,}" for k, n in tally.operations.most_common()))
    print("cases with " + ", ".join(f"{k} {n:,}" for k, n in tally.edges.most_common()))
    print(f"differences {len(tally.differences):,}")
    for difference in tally.differences[:args.show]:
        print(show(difference))
    return 1 if tally.differences else 0


def _node_version() -> str:
    return subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
