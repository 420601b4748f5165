"""Time ``urlgrammar.rfc3986.is_valid`` against ``rfc3987`` and ``rfc3986-validator`` on a
corpus, side by side, in one process.

    pip install rfc3987 rfc3986-validator       (tools only: rfc3987 is GPL-3.0)
    python tools/bench_rfc3986.py [FILE] [--limit N] [--repeat R]

FILE defaults to ../shared/corpus/kasztp.txt. For the rules URI and URI-reference (and IRI,
IRI-reference, which rfc3986-validator does not have) prints each validator's strings per
second (best of R passes, CPU time), how many strings it accepts, and urlgrammar's speed as a
multiple of each peer's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench import corpus_arguments, one_pass, read_corpus  # noqa: E402

from urlgrammar.rfc3986 import is_valid  # noqa: E402

RULES = ("URI", "URI-reference", "IRI", "IRI-reference")


def validators(rule: str) -> dict[str, Callable[[str], bool]]:
    """Each validator of ``rule`` that is installed, urlgrammar's first."""
    found: dict[str, Callable[[str], bool]] = {"urlgrammar": lambda text: is_valid(text, rule)}
    try:
        import rfc3987

        name = rule.replace("-", "_")
        found["rfc3987"] = lambda text: rfc3987.match(text, name) is not None
    except ImportError:
        print("skip  rfc3987: not installed", file=sys.stderr)
    if rule in ("URI", "URI-reference"):
        try:
            from rfc3986_validator import validate_rfc3986

            name = rule.replace("-", "_")
            found["rfc3986-validator"] = lambda text: bool(validate_rfc3986(text, name))
        except ImportError:
            print("skip  rfc3986-validator: not installed", file=sys.stderr)
    return found


def main() -> int:
    args = corpus_arguments(__doc__).parse_args()
    urls = read_corpus(args, "bench_rfc3986")
    if not urls:
        return 2
    print(f"{len(urls)} strings from {args.file}, best of {args.repeat} passes (CPU time)")
    for rule in RULES:
        runs = validators(rule)
        for run in runs.values():
            run(urls[0])  # compile the patterns outside the timing
        best = dict.fromkeys(runs, float("inf"))
        for _ in range(args.repeat):  # interleaved, so that a slow moment of the machine hits all
            for name, run in runs.items():
                best[name] = min(best[name], one_pass(run, urls)[0])
        print(f"{rule}:")
        for name, run in runs.items():
            accepted = sum(map(run, urls))
            ratio = best[name] / best["urlgrammar"]
            ratio_text = "" if name == "urlgrammar" else f"  urlgrammar {ratio:.2f}x as fast"
            speed = len(urls) / best[name]
            print(f"  {name:<18} {speed:>10,.0f} strings/s  {accepted:>7,} accepted{ratio_text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
