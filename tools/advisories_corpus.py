"""Advisories on real URLs: how many of each code, with examples to judge by eye.

    python tools/advisories_corpus.py [FILE...] [--examples N] [--all CODE] [--psl]

FILE defaults to ../shared/corpus/kasztp.txt and ../shared/corpus/isaacs_files.txt. Every
non-blank line goes through ``urlgrammar.validate`` with advisories on. Prints, per file and
in total, the number of URLs, of URLs with any advisory, and per code the advisories and the
URLs they are on, then up to N examples of each code (input, span, message). With --all CODE,
every input with that code is printed, one a line, for a review of each. The false-alarm
figure in the README comes from reading those lines; this script only counts.

With --psl, the internationalised names of the installed Public Suffix List (the ``psl``
extra) are checked too, each as ``https://NAME/``: real names, registered in many scripts,
which no confusable-host or mixed-script-host advisory should flag.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*",
                    default=[str(CORPUS / "kasztp.txt"), str(CORPUS / "isaacs_files.txt")])
    ap.add_argument("--examples", type=int, default=5, help="examples per code (default 5)")
    ap.add_argument("--all", metavar="CODE", help="print every input with this code")
    ap.add_argument("--psl", action="store_true", help="also the IDN names of the Public Suffix List")
    args = ap.parse_args()
    totals: Counter[str] = Counter()
    urls_with: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    count = flagged = 0
    sources: list[tuple[str, list[str] | None]] = [(name, None) for name in args.files]
    if args.psl:
        sources.append(("Public Suffix List IDN names", _psl()))
    for name, given in sources:
        try:
            lines = given if given is not None else \
                [line for line in Path(name).read_text(encoding="utf-8-sig").splitlines() if line.strip()]
        except (OSError, UnicodeDecodeError) as e:
            print(f"advisories_corpus: cannot read {name}: {e}", file=sys.stderr)
            return 2
        here: Counter[str] = Counter()
        here_flagged = 0
        for line in lines:
            found = urlgrammar.validate(line).advisories
            here_flagged += bool(found)
            here.update(d.code for d in found)
            for code in {d.code for d in found}:
                urls_with[code] += 1
            for d in found:
                if args.all == d.code:
                    print(f"{d.code}\t{line}\t{d.start}..{d.end}\t{d.message}")
                if len(examples[d.code]) < args.examples:
                    examples[d.code].append(f"{line!r} {d.start}..{d.end}: {d.message}")
        count += len(lines)
        flagged += here_flagged
        totals.update(here)
        codes = ", ".join(f"{code} {n}" for code, n in sorted(here.items())) or "none"
        print(f"{name}: {len(lines):,} URLs, {here_flagged:,} with advisories; {codes}")
    print(f"total: {count:,} URLs, {flagged:,} with advisories ({flagged / max(count, 1):.2%})")
    for code, n in sorted(totals.items()):
        print(f"  {code:<28} {n:>6} advisories on {urls_with[code]:>6} URLs")
    if args.all is None:
        for code in sorted(examples):
            print(f"\n{code}:")
            for line in examples[code]:
                print(f"  {line}")
    return 0


def _psl() -> list[str]:
    """``https://NAME/`` for each rule of the installed list that is not ASCII (wildcards and
    exceptions without their `*.` or `!`)."""
    import publicsuffixlist

    data = Path(publicsuffixlist.__file__).with_name("public_suffix_list.dat").read_text(encoding="utf-8")
    rules = [line.strip() for line in data.splitlines() if line.strip() and not line.startswith("//")]
    return [f"https://{rule.lstrip('*.!')}/" for rule in rules if not rule.isascii()]


if __name__ == "__main__":
    raise SystemExit(main())
