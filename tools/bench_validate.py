"""Time ``urlgrammar.validate`` against ``urlgrammar.parse`` on a corpus, in one process.

    python tools/bench_validate.py [FILE] [--limit N] [--repeat R]

FILE defaults to ../shared/corpus/kasztp.txt. Prints URLs per second for each (best of R
passes, CPU time) and their ratio; the project's target is validate at 0.5x the speed of parse
or better. Validate runs twice, with its advisories (the default) and without
(``advisories=False``): the target for their cost is a ratio under 1.3x.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench import corpus_arguments, one_pass, read_corpus  # noqa: E402

import urlgrammar  # noqa: E402


def _without_advisories(url: str) -> object:
    return urlgrammar.validate(url, advisories=False)


def main() -> int:
    args = corpus_arguments(__doc__).parse_args()
    urls = read_corpus(args, "bench_validate")
    if not urls:
        return 2
    urlgrammar.validate(urls[0])  # load the grammars outside the timing
    print(f"{len(urls)} URLs from {args.file}, best of {args.repeat} passes")
    runs = {"parse": urlgrammar.parse, "validate": urlgrammar.validate,
            "validate, no advisories": _without_advisories}
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(args.repeat):  # interleaved, so that a slow moment of the machine hits all
        for name, run in runs.items():
            best[name] = min(best[name], one_pass(run, urls)[0])
    for name, seconds in best.items():
        print(f"{name:<24} {len(urls) / seconds:>10,.0f} URLs/s  {seconds / len(urls) * 1e6:6.1f} µs/URL")
    print(f"validate / parse: {best['parse'] / best['validate']:.2f}x")
    print(f"validate with advisories / without: {best['validate'] / best['validate, no advisories']:.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
