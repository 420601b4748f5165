"""How render() shows hosts with ``xn--`` labels: a seeded generator and a count (issue 23).

    python tools/render_xn.py [--count N] [--seed S] [--examples K]

Generates N hosts (default 5,000, seed 23) of one to three labels before a top-level domain,
where at least one label is an ``xn--`` label of one of these kinds:

- ``script``: the Punycode of a few letters of one script (Latin with diacritics, Cyrillic,
  Greek, Han, Hebrew, Arabic, Devanagari, Hangul) or symbols: mostly valid labels;
- ``lure``: an ASCII brand with one code point put in (an invisible or blank one, a bidi
  control, a soft hyphen, a combining mark, a Cyrillic look-alike), encoded without a check;
- ``noise``: ``xn--`` and random letters, digits and hyphens, most of them invalid Punycode;
- ``mangled``: a ``script`` label with one character changed.

For each host that parses in ``https://<host>/``, it looks at each label that render() shows
other than as the host has it, and counts the hosts where such a label is one that

- domain to Unicode flags: the label alone, or the whole host, comes back unchanged
  (https://url.spec.whatwg.org/#concept-domain-to-unicode returns its input on any error);
- fails the checks, computed here apart from the library's display decision: a code point
  that is invisible or blank (general category C or Z, Default_Ignorable_Code_Point, U+2800
  and the Hangul fillers) or newer than the security data, a UTS #39 Latin look-alike, or a
  mix of scripts;
- or does not parse back to the host (the rendered host, parsed again, is another host).

The target for each is 0. It also counts the labels that are valid (domain to Unicode
decodes the host) and pass the checks, and how many of those render() shows decoded, and the
labels that would be so alone but are in a host that domain to Unicode flags. The
tool reads only what urlgrammar had before issue 23 (render, domain_to_unicode and
urlgrammar.host.spoofing), so it measures an older checkout as well: copy it there and run it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402
from urlgrammar.host import spoofing  # noqa: E402
from urlgrammar.host.domain import domain_to_unicode  # noqa: E402
from urlgrammar.host.punycode import punycode_encode  # noqa: E402

if TYPE_CHECKING:
    import unicodedata as unicodedata2
else:
    import unicodedata2

SCRIPTS = {
    "latin": "àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿāăąćčďđēęěğīıłńňőœřśşšťūůűźżž",
    "cyrillic": "абвгдежзийклмнопрстуфхцчшщъыьэюя",
    "greek": "αβγδεζηθικλμνξοπρστυφχψω",
    "han": "日本中文字例漢語東京大学",
    "hebrew": "אבגדהוזחטיכלמנסעפצקרשת",
    "arabic": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "devanagari": "कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह",
    "hangul": "가나다라마바사아자차카타파하",
    "symbols": "☕♥★☃✈⌘♞",
}
BRANDS = ("paypal", "apple", "google", "amazon", "bank", "login")
#: What a lure puts into a brand.
LURES = ("\u200b", "\u200c", "\u200d", "\u00ad", "\u202e", "\u2066", "\u200f", "\u2800", "\u3164",
         "\u115f", "\u1160", "\uffa0", "\u00a0", "\u3000", "\u034f", "\ufe0f", "\u0301", "\u0307",
         "а", "о", "е", "р", "ӏ", "ɡ", "\u180e", "\ufeff", "\U000e0041")
TOPS = ("com", "example", "org", "xn--p1ai", "xn--80asehdb")
#: Blank graphic code points that no category gives away (as the library's list, spelled again).
BLANK = frozenset("\u2800\u115f\u1160\u3164\uffa0")


def _script_label(rng: random.Random) -> str:
    letters = SCRIPTS[rng.choice(list(SCRIPTS))]
    text = "".join(rng.choice(letters) for _ in range(rng.randint(1, 6)))
    if rng.random() < 0.3:
        text = rng.choice(BRANDS)[:rng.randint(1, 4)] + text
    return "xn--" + punycode_encode(text)


def label_of(kind: str, rng: random.Random) -> str:
    """One ``xn--`` label of ``kind``."""
    if kind == "script":
        return _script_label(rng)
    if kind == "lure":
        brand = rng.choice(BRANDS)
        at = rng.randint(0, len(brand))
        return "xn--" + punycode_encode(brand[:at] + rng.choice(LURES) + brand[at:])
    if kind == "noise":
        return "xn--" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-")
                                for _ in range(rng.randint(1, 12)))
    label = _script_label(rng)
    at = rng.randrange(4, len(label))
    return label[:at] + rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") + label[at + 1:]


def hosts(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` hosts, each with the kind of its first ``xn--`` label."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        kind = rng.choice(("script", "lure", "noise", "mangled"))
        labels = [label_of(kind, rng)]
        for _ in range(rng.randint(0, 2)):
            labels.insert(rng.randrange(len(labels) + 1),
                          rng.choice((rng.choice(BRANDS), label_of(rng.choice(("script", "lure")), rng))))
        out.append((".".join([*labels, rng.choice(TOPS)]), kind))
    return out


def _invisible(ch: str) -> bool:
    return unicodedata2.category(ch)[0] in "CZ" or ch in BLANK or spoofing.default_ignorable(ch)


def _lookalike(text: str, top: str) -> bool:
    """UTS #39's Latin look-alike of a label: before the label rules of Chromium, the function
    took the top-level domain and let a label in its script pass; now the policy's whole-name
    rule does (:func:`urlgrammar.host.label_policy.whole_script_allowed`), which this tool
    reads as the older rule did, from the top-level domain alone."""
    try:
        return spoofing.latin_lookalike(text, top) is not None  # type: ignore[call-arg]
    except TypeError:
        scripts = {spoofing.script(ch) for ch in text} - {"Zyyy", "Zinh"}
        same = len(scripts) == 1 and "Latn" not in scripts and scripts <= {spoofing.script(ch) for ch in top}
        return not same and spoofing.latin_lookalike(text) is not None


def check_failure(text: str, top: str) -> str | None:
    """Why a decoded label should not be shown in Unicode, computed apart from the library."""
    if any(map(spoofing.newer_than_data, text)):
        return "newer than the data"
    if any(map(_invisible, text)):
        return "invisible"
    if _lookalike(text, top):
        return "confusable"
    return "mixed scripts" if spoofing.mixed_scripts(text) else None


def _shown_host(shown: str) -> str:
    body = shown.removeprefix("\u202a").removesuffix("\u202c").removeprefix("https://")
    return body.split("/", 1)[0]


def measure(pairs: list[tuple[str, str]], examples: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    seen: dict[str, list[str]] = {}
    for host, kind in pairs:
        try:
            url = urlgrammar.parse(f"https://{host}/")
        except urlgrammar.URLError:
            continue
        counts["parseable"] += 1
        ascii_labels = url.hostname.split(".")
        shown = _shown_host(urlgrammar.render(url)).split(".")
        whole = domain_to_unicode(url.hostname)
        top = whole.split(".")[-1] if whole != url.hostname else ascii_labels[-1]
        faults = set()
        for ascii_label, label in zip(ascii_labels, shown, strict=True):
            if not ascii_label.startswith("xn--"):
                continue
            counts["xn-- labels"] += 1
            alone = domain_to_unicode(ascii_label)
            valid = alone != ascii_label and whole != url.hostname
            safe = valid and check_failure(alone, top) is None
            counts["valid and safe labels"] += safe
            counts["labels valid and safe alone, in a host domain to Unicode flags"] += \
                alone != ascii_label and whole == url.hostname and check_failure(alone, top) is None
            if label == ascii_label:
                continue
            counts["valid and safe labels shown decoded"] += safe
            counts["labels shown decoded"] += 1
            if alone == ascii_label:
                faults.add("label domain to Unicode flags")
            if whole == url.hostname:
                faults.add("label of a host domain to Unicode flags")
            failure = check_failure(label, top)
            if failure is not None:
                faults.add(f"label failing the checks ({failure})")
        try:
            again = urlgrammar.parse(f"https://{'.'.join(shown)}/").hostname
        except urlgrammar.URLError:
            again = None
        if again != url.hostname:
            faults.add("host that does not parse back")
        for fault in faults:
            counts[f"hosts showing a {fault}"] += 1
            seen.setdefault(fault, []).append(f"{kind}: {host} -> {'.'.join(shown)}")
        counts["hosts showing any of these"] += bool(faults)
    for fault, found in seen.items():
        for line in found[:examples]:
            print(f"  e.g. {fault}: {line!r}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--examples", type=int, default=2)
    args = parser.parse_args()
    counts = measure(hosts(args.count, args.seed), args.examples)
    print(f"{args.count} hosts generated (seed {args.seed}); urlgrammar at {ROOT}")
    for key, value in counts.items():
        print(f"{value:6}  {key}")


if __name__ == "__main__":
    main()
