"""urlgrammar.rfc3986.is_valid against the ``rfc3987`` and ``rfc3986-validator`` packages.

    pip install rfc3987 rfc3986-validator       (tools and tests only: rfc3987 is GPL-3.0)
    python tools/rfc_differential.py [--count N] [--seed S] [--examples K]

Generates ``--count`` strings (default 50,000) per rule, built from the ABNF's pieces (schemes,
userinfo, IPv4 and IPv6 addresses, IPvFuture, reg-names, ports, segments, queries and
fragments) with mistakes mixed in (a space, a backslash, ``%`` without two hex digits, an
unclosed bracket, a non-ASCII letter, a private-use code point, a lone surrogate, a trailing
newline), and reads each with urlgrammar and with the peers: ``rfc3987.match(text, rule)`` for
the six rules (it has all of RFC 3986's and RFC 3987's), ``rfc3986_validator.validate_rfc3986``
for URI and URI-reference. Prints, per rule and peer, the strings both accept, both reject, and
each difference counted by its kind with ``--examples`` examples.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from collections.abc import Callable

from urlgrammar.rfc3986 import is_valid

RULES = ("URI", "URI-reference", "absolute-URI", "relative-ref", "IRI", "IRI-reference")

_SCHEMES = ("http", "https", "ftp", "urn", "mailto", "a", "A+b-c.d", "x1", "1a", "a_b", "", "h t")
_HOSTS = ("example.com", "a", "", "1.2.3.4", "255.255.255.255", "1.2.3.256", "1.2.3", "01.2.3.4",
          "[::1]", "[2001:db8::7]", "[::ffff:1.2.3.4]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:9]",
          "[::1", "[v1.x]", "[vF.a:b]", "[v.x]", "[fe80::1%25eth0]", "é.example", "xn--nxasmq6b",
          "a%20b", "a%2", "a b", "a\\b", "a]b", "%41%42")
_PIECES = ("a", "b", "Z", "0", "9", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+",
           ",", ";", "=", ":", "@", "%41", "%7e", "%zz", "%4", "%", " ", "\\", "|", "^", "`", "{",
           "}", "<", ">", '"', "[", "]", "é", "ü", "\u00a0", "\u3000", "\ufdd0", "\ue000",
           "\U000f0000", "\ud800", "\U00010000", "\x7f", "\x00", "..", "/", "?", "#", "\t")


def _run(rng: random.Random, most: int) -> str:
    return "".join(rng.choice(_PIECES) for _ in range(rng.randrange(most)))


def generate(rng: random.Random) -> str:
    """One string: a URI or relative reference from the ABNF's pieces, maybe with mistakes."""
    parts = []
    if rng.random() < 0.6:
        parts.append(rng.choice(_SCHEMES) + ":")
    if rng.random() < 0.6:
        parts.append("//")
        if rng.random() < 0.2:
            parts.append(rng.choice(("user", "u:p", "a%40b", "ü", "a b", "")) + "@")
        parts.append(rng.choice(_HOSTS))
        if rng.random() < 0.2:
            parts.append(":" + rng.choice(("80", "", "65536", "8a", "00")))
    for _ in range(rng.randrange(4)):
        parts.append(rng.choice(("/", "", "/", "./", "../")) + _run(rng, 4))
    if rng.random() < 0.3:
        parts.append("?" + _run(rng, 5))
    if rng.random() < 0.3:
        parts.append("#" + _run(rng, 5))
    text = "".join(parts)
    if rng.random() < 0.03:
        text += "\n"
    return text


def _kind(text: str) -> str:
    """A difference's kind: the first feature of the string that explains it."""
    if text.endswith("\n") and "\n" not in text[:-1]:
        return "a trailing newline"
    for mark, name in (("%25", "a zone identifier in an IPv6 literal"), ("\ud800", "a lone surrogate"),
                       ("[", "a bracket"), ("\ue000", "a private-use code point"),
                       ("\U000f0000", "a private-use code point")):
        if mark in text:
            return name
    return "other"


def peers() -> dict[str, Callable[[str, str], bool | None]]:
    """The peers that are installed, each a function of a string and a rule (None where it
    has no such rule)."""
    found: dict[str, Callable[[str, str], bool | None]] = {}
    try:
        import rfc3987

        found["rfc3987"] = lambda text, rule: rfc3987.match(text, rule.replace("-", "_")) is not None
    except ImportError:
        print("skip  rfc3987: not installed", file=sys.stderr)
    try:
        from rfc3986_validator import validate_rfc3986

        def validator(text: str, rule: str) -> bool | None:
            if rule not in ("URI", "URI-reference"):
                return None
            return bool(validate_rfc3986(text, rule.replace("-", "_")))

        found["rfc3986-validator"] = validator
    except ImportError:
        print("skip  rfc3986-validator: not installed", file=sys.stderr)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=3986)
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args(argv)
    compare = peers()
    for rule in RULES:
        rng = random.Random(f"{args.seed} {rule}")
        texts = [generate(rng) for _ in range(args.count)]
        ours = [is_valid(t, rule) for t in texts]
        print(f"{rule}: {args.count:,} strings, {sum(ours):,} valid by urlgrammar")
        for name, peer in compare.items():
            if peer(texts[0], rule) is None:
                continue
            agree = 0
            kinds: dict[str, list[tuple[str, bool]]] = defaultdict(list)
            for text, mine in zip(texts, ours, strict=True):
                theirs = peer(text, rule)
                if theirs == mine:
                    agree += 1
                else:
                    who = "urlgrammar" if mine else name
                    kinds[f"only {who} accepts: {_kind(text)}"].append((text, mine))
            print(f"  {name}: agree on {agree:,} of {args.count:,} ({agree / args.count:.3%})")
            for kind, cases in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
                shown = ", ".join(ascii(t) for t, _ in cases[:args.examples])
                print(f"    {len(cases):>6,}  {kind}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
