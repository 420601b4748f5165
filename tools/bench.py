"""Parse a corpus of URLs with urlgrammar and, in the same run, with each installed peer.

    python tools/bench.py [FILE] [--limit N] [--repeat R]

FILE defaults to ../shared/corpus/kasztp.txt. Prints URLs per second for each parser (best of
R passes), the ratio of urlgrammar to each peer, and the peak memory of each pass. Absolute
times on shared machines are noisy; the ratios, measured in one process, are what to compare.
Peers (optional extra ``bench``): pywhatwgurl (pure Python), urlstd and ada-url (native).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402


def peers() -> dict[str, Callable[[str], object]]:
    found: dict[str, Callable[[str], object]] = {"urlgrammar": urlgrammar.parse}
    try:
        import pywhatwgurl
        found["pywhatwgurl"] = pywhatwgurl.URL
    except ImportError:
        pass
    try:
        import urlstd.parse
        found["urlstd"] = urlstd.parse.URL
    except ImportError:
        pass
    try:
        import ada_url
        found["ada-url"] = ada_url.URL
    except ImportError:
        pass
    return found


def one_pass(parse: Callable[[str], object], urls: list[str]) -> tuple[float, int]:
    failures = 0
    gc.collect()
    start = time.perf_counter()
    for url in urls:
        try:
            parse(url)
        except Exception:  # each peer has its own failure type
            failures += 1
    return time.perf_counter() - start, failures


def peak_memory(parse: Callable[[str], object], urls: list[str]) -> int:
    tracemalloc.start()
    kept = []
    for url in urls:
        with contextlib.suppress(Exception):  # each peer has its own failure type
            kept.append(parse(url))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def corpus_arguments(description: str | None) -> argparse.ArgumentParser:
    """The command line every benchmark here takes: a corpus file, --limit and --repeat."""
    ap = argparse.ArgumentParser(description=description,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", default=str(ROOT.parent / "shared" / "corpus" / "kasztp.txt"))
    ap.add_argument("--limit", type=int, default=0, help="use only the first N URLs")
    ap.add_argument("--repeat", type=int, default=3, help="passes per parser; the best counts")
    return ap


def read_corpus(args: argparse.Namespace, prog: str) -> list[str] | None:
    """The non-empty lines of the corpus (a BOM dropped), or None after saying why not."""
    try:
        lines = Path(args.file).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        print(f"{prog}: cannot read {args.file}: {e}", file=sys.stderr)
        return None
    urls = [line for line in lines if line.strip()]
    return urls[:args.limit] if args.limit else urls


def main() -> int:
    args = corpus_arguments(__doc__).parse_args()
    urls = read_corpus(args, "bench")
    if not urls:
        return 2
    parsers = peers()
    urlgrammar.parse(urls[0])  # load the grammars outside the timing
    rates: dict[str, float] = {}
    print(f"{len(urls)} URLs from {args.file}, best of {args.repeat} passes")
    for name, parse in parsers.items():
        times = [one_pass(parse, urls) for _ in range(args.repeat)]
        best = min(t for t, _ in times)
        rates[name] = len(urls) / best
        peak = peak_memory(parse, urls[:10_000])
        print(f"{name:<12} {rates[name]:>10,.0f} URLs/s  {best / len(urls) * 1e6:6.1f} µs/URL  "
              f"failures {times[0][1]:>5}  peak {peak / 2**20:6.1f} MiB for 10,000 URLs kept")
    for name, rate in rates.items():
        if name != "urlgrammar":
            print(f"urlgrammar / {name}: {rates['urlgrammar'] / rate:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
