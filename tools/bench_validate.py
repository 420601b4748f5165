"""Time ``urlgrammar.validate`` against ``urlgrammar.parse`` on a corpus, in one process.

    python tools/bench_validate.py [FILE] [--limit N] [--repeat R]

FILE defaults to ../shared/corpus/kasztp.txt. Prints URLs per second for each (best of R
passes) and their ratio; the project's target is validate at 0.5x the speed of parse or better.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench import corpus_arguments, one_pass, read_corpus  # noqa: E402

import urlgrammar  # noqa: E402


def main() -> int:
    args = corpus_arguments(__doc__).parse_args()
    urls = read_corpus(args, "bench_validate")
    if not urls:
        return 2
    urlgrammar.validate(urls[0])  # load the grammars outside the timing
    print(f"{len(urls)} URLs from {args.file}, best of {args.repeat} passes")
    rates = {}
    for name, run in (("parse", urlgrammar.parse), ("validate", urlgrammar.validate)):
        best = min(one_pass(run, urls)[0] for _ in range(args.repeat))
        rates[name] = len(urls) / best
        print(f"{name:<9} {rates[name]:>10,.0f} URLs/s  {best / len(urls) * 1e6:6.1f} µs/URL")
    print(f"validate / parse: {rates['validate'] / rates['parse']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
