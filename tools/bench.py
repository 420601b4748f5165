"""Parse a corpus of URLs with urlgrammar and, in the same process, with each installed peer.

    python tools/bench.py [FILE] [--limit N] [--repeat R]

FILE defaults to ../shared/corpus/kasztp.txt. Every parser (urlgrammar's parse and validate,
and the peers of the optional extra ``bench``: pywhatwgurl, pure Python; urlstd and ada-url,
native) runs over the same URLs in interleaved rounds, each round in a rotating order, and the
best round of R counts, in CPU time (time.process_time; the garbage collector stays on, as it
is in use, and runs before each pass). Absolute times on shared machines are noisy; the ratios,
measured side by side in one process, are what to compare. Memory per kept URL is tracemalloc's
count of what 10,000 parsed URLs hold, divided by 10,000.
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
    found: dict[str, Callable[[str], object]] = {"urlgrammar": urlgrammar.parse,
                                                 "validate": urlgrammar.validate}
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
    start = time.process_time()
    for url in urls:
        try:
            parse(url)
        except Exception:  # each peer has its own failure type
            failures += 1
    return time.process_time() - start, failures


def kept_memory(parse: Callable[[str], object], urls: list[str]) -> float:
    """Bytes per URL that the parsed results of ``urls`` hold while they are kept."""
    gc.collect()
    tracemalloc.start()
    kept = []
    for url in urls:
        with contextlib.suppress(Exception):  # each peer has its own failure type
            kept.append(parse(url))
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return held / max(len(kept), 1)


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
    ap = corpus_arguments(__doc__)
    ap.set_defaults(repeat=5)
    args = ap.parse_args()
    urls = read_corpus(args, "bench")
    if not urls:
        return 2
    parsers = peers()
    for name in ("pywhatwgurl", "urlstd", "ada-url"):
        if name not in parsers:
            print(f"{name}: not installed (pip install -e '.[bench]')")
    for parse in parsers.values():  # load grammars, tables and caches outside the timing
        with contextlib.suppress(Exception):
            parse(urls[0])
    best: dict[str, float] = {}
    failures: dict[str, int] = {}
    names = list(parsers)
    for round_ in range(args.repeat):
        order = names[round_ % len(names):] + names[:round_ % len(names)]
        for name in order:
            seconds, failed = one_pass(parsers[name], urls)
            best[name] = min(best.get(name, seconds), seconds)
            failures[name] = failed
    print(f"{len(urls)} URLs from {args.file}; CPU time, best of {args.repeat} interleaved rounds")
    for name in names:
        memory = kept_memory(parsers[name], urls[:10_000])
        rate, micro = len(urls) / best[name], best[name] / len(urls) * 1e6
        print(f"{name:<12} {rate:>10,.0f} URLs/s  {micro:6.1f} µs/URL"
              f"  failures {failures[name]:>5}  {memory:7,.0f} bytes per kept URL")
    for name in names:
        if name not in ("urlgrammar", "validate"):
            print(f"urlgrammar parse / {name}: {best[name] / best['urlgrammar']:.2f}x")
    if "pywhatwgurl" in best:
        print(f"urlgrammar validate / pywhatwgurl parse: {best['pywhatwgurl'] / best['validate']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
