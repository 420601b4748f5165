"""Detection rates on an attack set and false alarms on a benign set, per class (issue 23).

    python tools/spoof_sets.py [--attack FILE] [--benign FILE] [--protect FILE] [--misses] [--alarms]

The sets are tools/data/attack_set.tsv (valid or at least parseable URLs over the classes of
issue 23, each with what should catch it) and tools/data/benign_set.tsv (real internationalised
names: the Public Suffix List's and Chromium's allowed cases), written by
tools/build_spoof_sets.py, which names the sources. Every URL goes through
``urlgrammar.validate`` (advisories on, the browser context) and ``urlgrammar.render``.

Attack set, per class: how many rows, how many an expected advisory flags (``host-spoof``
stands for any advisory on the host's spelling: any code but those about addresses, schemes,
credentials, bases and parsers, so that a code added later counts), and, for the rows that
expect it, how many render() shows with no label of the host in Unicode (rows whose host has
no ``xn--`` label, because the mapping removed what was foreign, are counted apart as n/a).
Benign set, per class (the script of the name): how many rows carry any advisory, and how
many render() does not show wholly in Unicode. --misses prints each attack row missed,
--alarms each benign row with a false alarm. Runs on any checkout; exit status 0, or 2 when a
set cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402
from urlgrammar.host.top_domains import protected_names  # noqa: E402

DATA = ROOT / "tools" / "data"
#: The advisories that are not about the host's spelling (host-spoof is any other).
NOT_SPOOF = frozenset({"internal-address", "parser-disagreement", "script-url", "active-data-url",
                       "scheme-relative-host-change", "host-lookalike-credentials", "unsafe-fetch-scheme",
                       "spoofing-check-unavailable"})


def read_tsv(path: Path) -> list[list[str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append([_unescape(v) for v in line.split("\t")])
    return rows


def _unescape(value: str) -> str:
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append({"t": "\t", "n": "\n", "\\": "\\"}.get(value[i + 1], value[i + 1]))
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def caught(codes: set[str], expected: str) -> bool:
    wanted = set(expected.split("|"))
    return bool(codes & wanted) or ("host-spoof" in wanted and bool(codes - NOT_SPOOF))


def shown_host(url: urlgrammar.URL, protected: tuple[str, ...]) -> tuple[str, str] | None:
    """The host as written (ASCII) and as render() shows it, for a domain; else None."""
    host = url.hostname
    if not host or host.startswith("[") or not url.protocol.startswith("http"):
        return None
    shown = urlgrammar.render(f"https://{host}/", protected=protected)
    shown = "".join(c for c in shown if c not in "\u202a\u202b\u202c").removeprefix("https://").removesuffix("/")
    return host, shown


def attack(rows: list[list[str]], misses: bool, protected: tuple[str, ...] = ()) -> None:
    n: Counter[str] = Counter()
    flagged: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    applicable: Counter[str] = Counter()
    missed: dict[str, list[str]] = defaultdict(list)
    for url_text, kind, expected, render, source in rows:
        n[kind] += 1
        report = urlgrammar.validate(url_text, protected=protected)
        codes = {d.code for d in report.advisories}
        if caught(codes, expected):
            flagged[kind] += 1
        else:
            missed[kind].append(f"  advisory missed: {url_text!r} [{source}] had {sorted(codes)}")
        if render == "punycode" and report.url is not None and (pair := shown_host(report.url, protected)):
            host, shown = pair
            if "xn--" in host:
                applicable[kind] += 1
                if shown == host:
                    refused[kind] += 1
                else:
                    missed[kind].append(f"  render shows {shown!r} for {url_text!r} [{source}]")
    print(f"attack set: {sum(n.values())} URLs")
    print(f"  {'class':<24}{'rows':>6}{'advisory':>16}{'render refuses':>20}")
    for kind in sorted(n):
        rate = f"{flagged[kind]}/{n[kind]} {flagged[kind] / n[kind]:.0%}"
        ren = (f"{refused[kind]}/{applicable[kind]} {refused[kind] / applicable[kind]:.0%}"
               if applicable[kind] else "n/a")
        print(f"  {kind:<24}{n[kind]:>6}{rate:>16}{ren:>20}")
    total, got = sum(n.values()), sum(flagged.values())
    app, ref = sum(applicable.values()), sum(refused.values())
    print(f"  {'all':<24}{total:>6}{f'{got}/{total} {got / total:.0%}':>16}"
          f"{(f'{ref}/{app} {ref / app:.0%}' if app else 'n/a'):>20}")
    if misses:
        for kind, lines in sorted(missed.items()):
            print(f"\n{kind}: {len(lines)} missed")
            print("\n".join(lines))


def benign(rows: list[list[str]], alarms: bool, protected: tuple[str, ...] = ()) -> None:
    n: Counter[str] = Counter()
    flagged: Counter[str] = Counter()
    punycode: Counter[str] = Counter()
    by_code: Counter[str] = Counter()
    said: dict[str, list[str]] = defaultdict(list)
    for url_text, kind, source in rows:
        n[kind] += 1
        report = urlgrammar.validate(url_text, protected=protected)
        codes = sorted({d.code for d in report.advisories})
        if codes:
            flagged[kind] += 1
            by_code.update(codes)
            said[kind].append(f"  {url_text!r} [{source}]: {codes}")
        pair = shown_host(report.url, protected) if report.url is not None else None
        if pair is not None and "xn--" in pair[1]:
            punycode[kind] += 1
            said[kind].append(f"  render keeps Punycode: {pair[1]!r} for {url_text!r} [{source}]")
    print(f"\nbenign set: {sum(n.values())} URLs")
    print(f"  {'class':<16}{'rows':>6}{'advisory alarms':>18}{'render Punycode':>18}")
    for kind in sorted(n, key=lambda k: -n[k]):
        print(f"  {kind:<16}{n[kind]:>6}{flagged[kind]:>18}{punycode[kind]:>18}")
    print(f"  {'all':<16}{sum(n.values()):>6}{sum(flagged.values()):>18}{sum(punycode.values()):>18}")
    if by_code:
        print("  alarms by code: " + ", ".join(f"{c} {k}" for c, k in by_code.most_common()))
    if alarms:
        for kind, lines in sorted(said.items()):
            print(f"\n{kind}:")
            print("\n".join(lines))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--attack", type=Path, default=DATA / "attack_set.tsv")
    ap.add_argument("--benign", type=Path, default=DATA / "benign_set.tsv")
    ap.add_argument("--misses", action="store_true", help="print every attack row missed")
    ap.add_argument("--alarms", action="store_true", help="print every benign row with a false alarm")
    ap.add_argument("--protect", type=Path, metavar="FILE",
                    help="domains to protect besides the shipped list, one a line (Chromium's "
                         "top_domains/test_domains.list: the domains its unit tests' look-alikes imitate)")
    args = ap.parse_args()
    try:
        attack_rows, benign_rows = read_tsv(args.attack), read_tsv(args.benign)
        lines = args.protect.read_text(encoding="utf-8").splitlines() if args.protect else []
    except (OSError, UnicodeDecodeError) as e:
        print(f"spoof_sets: cannot read a file: {e}", file=sys.stderr)
        return 2
    protected = protected_names(line.strip() for line in lines if line.strip() and not line.startswith("#"))
    attack(attack_rows, args.misses, protected)
    benign(benign_rows, args.alarms, protected)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
