"""Time ``urlgrammar.validate`` against ``urlgrammar.parse`` on a corpus, in one process.

    python tools/bench_validate.py [FILE] [--limit N] [--repeat R]

FILE defaults to ../shared/corpus/kasztp.txt. Prints URLs per second for each (best of R
passes) and their ratio; the project's target is validate at 0.5x the speed of parse or better.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402


def one_pass(run: Callable[[str], object], urls: list[str]) -> float:
    gc.collect()
    start = time.perf_counter()
    for url in urls:
        with contextlib.suppress(urlgrammar.URLError):
            run(url)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", default=str(ROOT.parent / "shared" / "corpus" / "kasztp.txt"))
    ap.add_argument("--limit", type=int, default=0, help="use only the first N URLs")
    ap.add_argument("--repeat", type=int, default=3, help="passes per function; the best counts")
    args = ap.parse_args()
    try:
        lines = Path(args.file).read_text(encoding="utf-8-sig").splitlines()
    except OSError as e:
        print(f"bench_validate: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    urls = [line for line in lines if line.strip()]
    if args.limit:
        urls = urls[:args.limit]
    urlgrammar.validate(urls[0])  # load the grammars outside the timing
    print(f"{len(urls)} URLs from {args.file}, best of {args.repeat} passes")
    rates = {}
    for name, run in (("parse", urlgrammar.parse), ("validate", urlgrammar.validate)):
        best = min(one_pass(run, urls) for _ in range(args.repeat))
        rates[name] = len(urls) / best
        print(f"{name:<9} {rates[name]:>10,.0f} URLs/s  {best / len(urls) * 1e6:6.1f} µs/URL")
    print(f"validate / parse: {rates['validate'] / rates['parse']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
