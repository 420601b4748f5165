"""Domain to ASCII, domain to Unicode and host parsing against whatwg-url, through Node.

    npm install --prefix tools/node       (once: whatwg-url 17.3.0 and its tr46)
    python tools/differential_idna.py [--step K] [--sample N] [--seed S] [--list] [--examples N]

Runs the same inputs through urlgrammar and through whatwg-url (tools/node/idna_peer.js) and
prints where the two differ:

- every code point but the surrogates, as a label of its own (``<cp>``) and inside one
  (``a<cp>b``): the domain parser (``domain_to_ascii``), its strict run (``be_strict``), the
  basic URL parser's href of ``https://<label>/``, and domain to Unicode of the label's
  ``xn--`` form, where it is not ASCII (a decoded label is checked as a code point of its own).
  A code point differs when any of these do; ``--step K`` takes every K-th code point only;
- the cases of WPT's toascii.json and IdnaTestV2.json, of Unicode's IdnaTestV2.txt, the
  internationalised names of the Public Suffix List (the ``psl`` extra, where installed), and
  ``--sample N`` strings drawn (with ``--seed``) from code points that IDNA treats in
  special ways and from any assigned code point: the same four operations on each. For
  toascii.json and IdnaTestV2.json it also prints how many cases each side passes.

``--list`` prints the ranges of code points that differ, ``--examples N`` (default 5) the
first N differences of each kind with both results. Both sides' Unicode versions are printed
first: urlgrammar's IDNA tables, and for whatwg-url its tr46 tables and Node's ICU, whose
NFC (``String.prototype.normalize``) tr46 uses. Where the two versions part, strings with
combining marks that only the later one knows are put in another order; such differences are
counted apart, as "(canonically equivalent)": both results decode to the same text under
unicodedata2's Unicode once normalized to NFD.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import idna.idnadata  # noqa: E402
from canonical import equivalent  # noqa: E402

import urlgrammar  # noqa: E402
from urlgrammar.host.domain import domain_to_ascii, domain_to_unicode  # noqa: E402

if TYPE_CHECKING:
    import unicodedata as unicodedata2
else:
    import unicodedata2

NODE = ROOT / "tools" / "node"
PEER = NODE / "idna_peer.js"
#: Code points per call of Node: each takes about 7 requests.
CHUNK = 40_000
#: What the generated sample is mostly made of: letters, digits and hyphens, full stops and
#: what maps to them, combining marks, right-to-left letters and digits, joiners and a virama,
#: deviations, ignored and disallowed code points, and some Unicode 18.0 additions.
SPECIAL = ("ab-9.\u3002\uff0e\u00e9\u0301\u0308\u0323\u05d0\u05d1\u0627\u0628\u0660\u06f0"
           "\u200c\u200d\u094d\u0915\u00df\u03c2\u00ad\u2488\u0130\u1b42\u0f39\u02c7\uff21"
           "\u0558\u05c8\u1ade\u209d\ua7dd\U0001d6a6\U0003d610\U00010ec9\U00011df0")

Request = tuple[str, str]


def ours(operation: str, text: str) -> str | None:
    """urlgrammar's result for one request: a string, or None for failure."""
    try:
        if operation == "ascii":
            return domain_to_ascii(text)
        if operation == "strict":
            return domain_to_ascii(text, be_strict=True)
        if operation == "unicode":
            return domain_to_unicode(text)
        return urlgrammar.parse(text).href
    except urlgrammar.URLError:
        return None


def peer(requests: list[Request]) -> list[str | None]:
    """whatwg-url's results, from one run of Node."""
    done = subprocess.run(["node", str(PEER)], input=json.dumps(requests), capture_output=True,
                          text=True, encoding="utf-8", errors="surrogatepass", check=False)
    if done.returncode != 0:
        raise SystemExit(f"differential_idna: node failed: {done.stderr.strip()[-2000:]}")
    results: list[str | None] = json.loads(done.stdout)
    return results


def peer_versions() -> dict[str, str]:
    script = ("const p = m => require(m + '/package.json').version;"
              "console.log(JSON.stringify({whatwg_url: p('whatwg-url'), tr46: p('tr46'),"
              " node: process.versions.node, icu_unicode: process.versions.unicode}))")
    done = subprocess.run(["node", "-e", script], cwd=NODE, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit("differential_idna: whatwg-url is not installed: "
                         "npm install --prefix tools/node")
    versions: dict[str, str] = json.loads(done.stdout)
    return versions


def label_requests(label: str) -> list[tuple[str, Request]]:
    """The four comparisons of one label, each with its kind (for the counts)."""
    out = [("ascii", ("ascii", label)), ("strict", ("strict", label)),
           ("href", ("href", f"https://{label}/"))]
    if not label.isascii():
        out.append(("unicode", ("unicode", "xn--" + label.encode("punycode").decode("ascii"))))
    return out


def code_points(step: int) -> Iterator[int]:
    return (cp for cp in range(0, 0x110000, step) if not 0xD800 <= cp <= 0xDFFF)


class Differences:
    """What differs, by kind (form and operation), with examples."""

    def __init__(self) -> None:
        self.by_kind: dict[str, set[object]] = defaultdict(set)
        self.examples: dict[str, list[tuple[Request, str | None, str | None]]] = defaultdict(list)
        self.compared = 0

    def compare(self, keys: list[tuple[object, str]], requests: list[Request]) -> None:
        theirs = peer(requests)
        for (key, kind), request, their in zip(keys, requests, theirs, strict=True):
            self.compared += 1
            mine = ours(*request)
            if mine != their:
                # Results that only order combining marks differently: the peer's NFC is its
                # ICU's, which may not know the combining classes of the newest code points.
                if mine is not None and their is not None and equivalent(mine, their):
                    kind += " (canonically equivalent)"
                self.by_kind[kind].add(key)
                self.examples[kind].append((request, mine, their))

    def keys(self) -> set[object]:
        return set().union(*self.by_kind.values()) if self.by_kind else set()


def sweep(step: int) -> Differences:
    """Every code point (every ``step``-th), alone and inside a label."""
    found = Differences()
    keys: list[tuple[object, str]] = []
    requests: list[Request] = []
    for cp in code_points(step):
        c = chr(cp)
        for form, label in (("<cp>", c), ("a<cp>b", f"a{c}b")):
            for kind, request in label_requests(label):
                keys.append((cp, f"{kind} {form}"))
                requests.append(request)
        if len(requests) >= CHUNK * 7:
            found.compare(keys, requests)
            keys, requests = [], []
    if requests:
        found.compare(keys, requests)
    return found


def strings(inputs: Iterable[str]) -> Differences:
    """Each string as a domain: the same four operations on it (domain to Unicode of the
    string itself)."""
    found = Differences()
    keys: list[tuple[object, str]] = []
    requests: list[Request] = []
    for text in dict.fromkeys(inputs):
        for operation, request in (("ascii", text), ("strict", text), ("unicode", text),
                                   ("href", f"https://{text}/")):
            keys.append((text, operation))
            requests.append((operation, request))
    for start in range(0, len(requests), CHUNK * 7):
        found.compare(keys[start:start + CHUNK * 7], requests[start:start + CHUNK * 7])
    return found


def shared() -> Path:
    return Path(os.environ.get("URLGRAMMAR_SHARED") or ROOT.parent / "shared")


def wpt_cases(name: str) -> list[dict[str, str | None]]:
    path = shared() / "wpt" / name
    if not path.is_file():
        print(f"{name}: not found in {path.parent}")
        return []
    return [c for c in json.loads(path.read_text(encoding="utf-8"))
            if isinstance(c, dict) and c["input"]]


def idna_test_v2_sources() -> list[str]:
    path = shared() / "validation" / "IdnaTestV2.txt"
    if not path.is_file():
        return []

    def unescape(text: str) -> str:
        text = re.sub(r"\\x\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), text)
        return re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), text)

    lines = path.read_text(encoding="utf-8").splitlines()
    return [unescape(line.split(";")[0].strip()) for line in lines
            if line.strip() and not line.startswith("#") and line.split(";")[0].strip() != '""']


def psl_names() -> list[str]:
    try:
        import publicsuffixlist
    except ImportError:
        print("Public Suffix List: not installed (the psl extra); left out")
        return []
    data = Path(publicsuffixlist.__file__).with_name("public_suffix_list.dat").read_text(encoding="utf-8")
    rules = [line.strip() for line in data.splitlines() if line.strip() and not line.startswith("//")]
    return [rule.lstrip("*.!") for rule in rules if not rule.isascii()]


def generated(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    assigned = [cp for cp in range(0x80, 0x110000)
                if unicodedata2.category(chr(cp)) not in ("Cn", "Cs", "Co")]
    return ["".join(rng.choice(SPECIAL) if rng.random() < 0.7 else chr(rng.choice(assigned))
                    for _ in range(rng.randint(1, 8)))
            for _ in range(count)]


def ranges(cps: Iterable[object]) -> str:
    values = sorted(int(str(cp)) for cp in cps)
    spans: list[list[int]] = []
    for cp in values:
        if spans and cp == spans[-1][1] + 1:
            spans[-1][1] = cp
        else:
            spans.append([cp, cp])
    return ", ".join(f"U+{a:04X}" if a == b else f"U+{a:04X}..U+{b:04X}" for a, b in spans)


def report(title: str, found: Differences, examples: int, unit: str) -> None:
    real = set().union(*(keys for kind, keys in found.by_kind.items() if "equivalent" not in kind))
    order = f", {len(found.keys() - real):,} of them only in canonical order" if found.keys() - real else ""
    print(f"{title}: {len(found.keys()):,} {unit} differ{order} ({found.compared:,} comparisons)")
    for kind in sorted(found.by_kind):
        print(f"  {kind}: {len(found.by_kind[kind]):,}")
        for request, mine, their in found.examples[kind][:examples]:
            print(f"    {request[0]}({request[1]!a}): urlgrammar {mine!a}, "
                  f"whatwg-url {their!a}")


def conformance(name: str, cases: list[dict[str, str | None]]) -> None:
    if not cases:
        return
    theirs = peer([("ascii", str(c["input"])) for c in cases])
    mine = [ours("ascii", str(c["input"])) for c in cases]
    expected = [c["output"] for c in cases]
    print(f"{name}: urlgrammar {sum(map(str.__eq__, map(str, mine), map(str, expected))):,}/{len(cases):,}, "
          f"whatwg-url {sum(map(str.__eq__, map(str, theirs), map(str, expected))):,}/{len(cases):,} "
          f"(domain to ASCII against the expected output)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--step", type=int, default=1, help="every K-th code point only (default 1: all)")
    ap.add_argument("--sample", type=int, default=20_000, help="generated strings (default 20,000)")
    ap.add_argument("--seed", type=int, default=20, help="seed of the generated strings")
    ap.add_argument("--examples", type=int, default=5, help="differences shown per kind")
    ap.add_argument("--list", action="store_true", help="print the code points that differ")
    args = ap.parse_args()
    versions = peer_versions()
    print(f"urlgrammar: idna's tables Unicode {idna.idnadata.__version__}, unicodedata2 "
          f"{unicodedata2.unidata_version}; whatwg-url {versions['whatwg_url']}, tr46 "
          f"{versions['tr46']}, Node {versions['node']} with ICU's Unicode {versions['icu_unicode']}")
    toascii, idna_json = wpt_cases("toascii.json"), wpt_cases("IdnaTestV2.json")
    conformance("toascii.json", toascii)
    conformance("IdnaTestV2.json", idna_json)
    found = sweep(args.step)
    report("code points", found, args.examples, "code points")
    if args.list:
        for kind in sorted(found.by_kind):
            print(f"  {kind}: {ranges(found.by_kind[kind])}")
        print(f"  any: {ranges(found.keys())}")
    for title, inputs in (("toascii.json inputs", [str(c["input"]) for c in toascii]),
                          ("IdnaTestV2.json inputs", [str(c["input"]) for c in idna_json]),
                          ("IdnaTestV2.txt sources", idna_test_v2_sources()),
                          ("Public Suffix List IDN names", psl_names()),
                          (f"generated strings (seed {args.seed})", generated(args.sample, args.seed))):
        if inputs:
            report(title, strings(inputs), args.examples, "strings")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
