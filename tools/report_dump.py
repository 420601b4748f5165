"""validate's reports as JSON lines, one per call: run on two trees and compare the files.

    PYTHONPATH=<tree> python tools/report_dump.py OUT [--generated N] [--seed S]

A change meant to make validate faster must leave every report as it was. This writes each
field of each report (:meth:`~urlgrammar.checking.validate.Report.as_dict`, the href, every
diagnostic and advisory with its message, span and fix, the URL's record with its spans, and
its mode), or the error a call raised, for:

- WPT urltestdata's inputs against their bases (``$URLGRAMMAR_SHARED`` or ../shared, ``wpt/``),
  and against each of a few bases (none, web pages, files, non-special URLs), in both contexts;
- the lines of the shared corpora (``corpus/kasztp.txt``, ``corpus/isaacs_files.txt``)
  without a base and against the first three of those;
- N strings generated from URL pieces (schemes, separators, hosts, ports, path, query and
  fragment pieces; backslashes, spaces, `%`, non-ASCII, tabs), seeded, against each of them;

each with the default arguments, and WPT's and the generated also with ``advisories=False``,
``max_diagnostics`` 0 and 2, and ``context="fetch"``. ``cmp`` or ``diff`` the files of the two
trees: a line that differs names the call.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path

import urlgrammar

SHARED = Path(os.environ.get("URLGRAMMAR_SHARED", Path(__file__).resolve().parents[1].parent / "shared"))
BASES = (None, "https://example.org/a/b?q#f", "file:///C:/dir/doc.html", "sc://host/p/q", "data:text/plain,x",
         "file://host/share/", "http://other.example:8080/", "wss://w.example/", "file:///")
PIECES = {
    "scheme": ["http:", "https:", "HTTP:", "file:", "ws:", "foo:", "javascript:", "data:", "", "1x:",
               "ht\ttp:"],
    "slashes": ["//", "", "/", "\\\\", "\\/", "///", " //", "/\\"],
    "userinfo": ["", "", "", "user@", "u:p@", "a@b@", "%zz@", "ü@", "good.example@"],
    "host": ["example.com", "EXAMPLE.com", "bücher.de", "xn--nxasmq6b.example", "127.0.0.1", "0x7f.1",
             "[::1]", "[::1", "%41.com", '"www.x.com', "a b.com", "ex%00.com", "", "localhost",
             "ｅｘａｍｐｌｅ.com", "a..b", "xn--a.com", "faß.de", "10.0.0.1.nip.io", "\u200bx.com", "1.2.3"],
    "port": ["", "", ":80", ":443", ":8080", ":99999", ":x", ":"],
    "path": ["", "/", "/a/b", "/a\\b", "/a b", "/%2e%2E/x", "/./..", "/ü", "/%zz", "/a%20b", "/C|/x", "/a\tb",
             "//x", "/a@b"],
    "query": ["", "", "?q=1", "?a b", "?%zz", "?ü", "?'x'"],
    "fragment": ["", "", "#f", "#a b", "#x#y", "#ü", "#%zz"],
}


def _report(input: str, base: str | None, **options: object) -> dict[str, object]:
    call: dict[str, object] = {"input": input, "base": base, **options}
    try:
        report = urlgrammar.validate(input, base, **options)  # type: ignore[arg-type]
    except (urlgrammar.URLError, ValueError) as e:
        return {"call": call, "raised": f"{type(e).__name__}: {e}"}
    url = report.url
    # The record too, spans and marks included, and the mode: what a report's URL holds
    # beyond its href.
    record = None if url is None else [tuple.__repr__(url.record), url.mode.name]
    return {"call": call, "report": report.as_dict(), "record": record}


def _generated(n: int, seed: int) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(n):
        yield "".join(rng.choice(PIECES[part]) for part in PIECES)


def _lines(name: str) -> list[str]:
    path = SHARED / "corpus" / name
    if not path.is_file():
        return []
    return [line for line in path.read_text(encoding="utf-8-sig").splitlines() if line.strip()]


def calls(generated: int, seed: int) -> Iterator[dict[str, object]]:
    variants: list[dict[str, object]] = [{}, {"advisories": False}, {"max_diagnostics": 0},
                                         {"max_diagnostics": 2}, {"context": "fetch"}]
    wpt = SHARED / "wpt" / "urltestdata.json"
    cases = [c for c in json.loads(wpt.read_text(encoding="utf-8")) if isinstance(c, dict)] \
        if wpt.is_file() else []
    for c in cases:
        for options in variants:
            yield _report(c["input"], c.get("base"), **options)
        for base in BASES:
            yield _report(c["input"], base)
            yield _report(c["input"], base, context="fetch")
    for name in ("kasztp.txt", "isaacs_files.txt"):
        for line in _lines(name):
            for base in BASES[:3]:
                yield _report(line, base)
    for text in _generated(generated, seed):
        for base in BASES:
            for options in variants:
                yield _report(text, base, **options)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--generated", type=int, default=3000, help="generated strings (default 3,000)")
    ap.add_argument("--seed", type=int, default=25)
    args = ap.parse_args()
    count = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for line in calls(args.generated, args.seed):
            out.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
            count += 1
    print(f"{count:,} calls written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
