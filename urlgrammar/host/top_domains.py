"""Well-known domains and their look-alikes: hosts whose last labels have the skeleton of a
well-known domain's without being that domain or under it.

https://url.spec.whatwg.org/#url-rendering-i18n: "Consider detecting confusable characters and
warning when they are in use". A browser's IDN display policy compares a host with the domains
most people visit: Chromium's IDN spoof checker shows a host in Punycode where its skeleton is a
top domain's (``IDNSpoofChecker::GetSimilarTopDomain``). These are the facts taken from it, in
code of our own:

- the host's last 2, 3, 4 ... labels (as many as the longest well-known domain has), longest
  first, are each compared with the well-known domains of that many labels; the first whose
  skeleton matches decides, and a host that is a well-known domain or under one
  (`mail.google.com`, `bücher.google.com`) is none of their look-alikes. No Public Suffix List:
  the well-known domains' own labels say how many of the host's to compare, and so `www.gоv.uk`
  is compared with `www.gov.uk` although `gov.uk` is a public suffix (the PSL's registrable
  domain of `www.gоv.uk`, whose Cyrillic `gоv` is no suffix, would be `gоv.uk`);
- before the skeleton, diacritics are removed from a label made only of Latin, Greek or
  Cyrillic letters, digits, `_`, `-` and the combining marks U+0300 to U+0339 (NFD, then every
  nonspacing mark dropped, NFC, then ``ł`` to ``l``, ``ø`` to ``o``, ``đ`` to ``d``), so that
  `googlé.com` and `łinkedin.com` match; a label in another script keeps its marks, which
  Chromium refuses after such letters anyway (skeleton_generator.cc);
- then Chromium's supplement to confusables.txt (:data:`_EXTRA`, ``ħ`` and ``н`` to ``h``,
  ``к`` to ``k``, ``ш`` to ``w`` ...), and the letters that look like two different ones
  (:data:`_EITHER`: ``þ`` is ``b`` or ``p``, ``œ`` ``ce`` or ``oe``, Cyrillic ``ӏ`` also ``l``)
  tried both ways, each for all its occurrences in a label at once (Chromium tries each
  occurrence apart, up to a limit);
- then the UTS #39 skeleton (:func:`~urlgrammar.host.spoofing.skeleton`).

A host whose labels are all ASCII is not compared: the skeleton also maps ASCII to ASCII (``m``
to ``rn``, ``1`` and ``I`` to ``l``, ``0`` to ``O``), so that distinct real names share one,
and a browser shows an ASCII host as written (Chromium's checks of ASCII look-alikes, by edit
distance, are warnings beside an allow-list, not its display policy). A suffix of ASCII labels
of a host that is not all ASCII is not compared either, for the same reason.

Target embedding (`paypal.com.evil.example`, `paypal-com.evil.example`) is no look-alike here:
the host shows where the URL goes, and the registrable domain at its end is what the standard's
rendering advice puts in front (https://url.spec.whatwg.org/#url-rendering-simplification);
telling it from the hosts of CDNs and proxies that embed their customer's name
(`www.example.com.edgekey.net`, `www-example-com.translate.goog`) takes a list of those, and
every ASCII URL would pay for the look.

The list of well-known domains ships in ``top_domains.txt`` (its header names its source and
licence: the top bucket of Chromium's ``domains.list``); it is read when first needed, and its
skeletons computed then, not where every URL is ASCII.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from importlib import resources
from itertools import islice, product
from typing import TYPE_CHECKING, NamedTuple

from urlgrammar.errors import URLError
from urlgrammar.host.domain import domain_to_ascii
from urlgrammar.host.parser import Domain, parse_host

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

#: Chromium's mappings beyond confusables.txt (skeleton_generator.cc, the ``ExtraConf`` rules),
#: BSD-3-Clause, Copyright The Chromium Authors: each code point to the ASCII it looks like.
_EXTRA_RULES = {
    "ae": "æӕ", "p": "ϼҏ", "h": "ħнћңҥӈӊԋԧԩ", "k": "ĸκкқҝҟҡӄԟ", "n": "ŋпԥกח",
    "t": "ŧтҭԏ七丅丆丁", "b": "ƅьҍв", "w": "ωшщพฟພຟ", "m": "мӎ", "e": "єҽҿၔ", "r": "ґ",
    "f": "ғӻ", "c": "ҫင", "y": "ұ丫", "x": "χҳӽӿ乂", "d": "ԃძ", "g": "ԍဌ", "s": "ടรຣຮ",
    "j": "၂", "o": "०০੦૦ଠ୦೦", "q": "৭੧૧", "u": "บບ", "0": "θ", "2": "२২੨૨೩೭շ",
    "3": "зҙӡउওਤ੩૩౩ဒვპ", "4": "੫丩ㄐ", "6": "ճ", "8": "৪੪୫", "9": "૭୨౨", "-": "—一―⸺⸻",
}
_EXTRA = str.maketrans({ch: to for to, chars in _EXTRA_RULES.items() for ch in chars})
#: Letters that look like either of two (skeleton_generator.cc: þ and œ; and U+04CF, which
#: confusables.txt makes an ``i``, as an ``l`` too).
_EITHER = {"þ": ("b", "p"), "œ": ("ce", "oe"), "ӏ": ("l",)}
#: After the diacritic removal's NFD, NFC: letters that have no decomposition.
_STROKES = str.maketrans({"ł": "l", "ø": "o", "đ": "d"})
#: What a label whose diacritics are removed may hold besides Latin, Greek and Cyrillic letters.
_LGC_OTHER = frozenset("0123456789._-") | frozenset(map(chr, range(0x300, 0x33A)))
#: The most skeletons of a host's suffix compared: the labels' variants multiply.
_MOST_VARIANTS = 16


def _read() -> str:
    return resources.files("urlgrammar.host").joinpath("top_domains.txt").read_text(encoding="utf-8")


@cache
def top_domains() -> tuple[str, ...]:
    """The well-known domains that ship with the package, as in the file (ASCII, lowercase)."""
    lines = (line.strip() for line in _read().splitlines())
    return tuple(line for line in lines if line and not line.startswith("#"))


def protected_names(entries: Iterable[str]) -> tuple[str, ...]:
    """Each domain of ``entries`` as the host parser serializes it (ASCII, lowercase, Punycode
    for a label beyond ASCII, no trailing dot); a ValueError names the first that is not a
    valid domain (https://url.spec.whatwg.org/#valid-domain) of two labels or more."""
    if isinstance(entries, str):
        raise TypeError("protected wants an iterable of domains, not one str")
    names = []
    for entry in entries:
        if not isinstance(entry, str):
            raise TypeError(f"a protected domain is a str, not {type(entry).__name__}")
        name = entry.strip().removesuffix(".")
        try:
            host = parse_host(name, True)
            ascii = domain_to_ascii(name, True) if type(host) is Domain else None
        except URLError as e:
            raise ValueError(f"protected domain {entry!r} is not a valid domain: {e}") from None
        if ascii is None:
            raise ValueError(f"protected domain {entry!r} is not a domain but an address")
        if "." not in ascii:
            raise ValueError(f"protected domain {entry!r} has one label; a domain people recognise "
                             "has two or more (example.com)")
        names.append(ascii)
    return tuple(names)


def _lgc(text: str) -> bool:
    from urlgrammar.host.spoofing import script

    return all(ch in _LGC_OTHER or script(ch) in ("Latn", "Grek", "Cyrl") for ch in text)


def without_diacritics(text: str) -> str:
    """``text`` with its nonspacing marks removed and ``ł``, ``ø``, ``đ`` made plain, where it
    is made of Latin, Greek or Cyrillic letters, digits, ``._-`` and U+0300 to U+0339 (the
    diacritics remover of Chromium's skeleton generator); otherwise ``text``."""
    if not _lgc(text):
        return text
    nfd = unicodedata2.normalize("NFD", text)
    kept = "".join(ch for ch in nfd if unicodedata2.category(ch) != "Mn")
    return str(unicodedata2.normalize("NFC", kept)).translate(_STROKES)


@lru_cache(maxsize=4096)  # a host's labels repeat (`com`), and so do the well-known domains'
def label_skeletons(label: str) -> tuple[str, ...]:
    """The skeletons that one ASCII ``label`` of a domain (Punycode for one beyond ASCII)
    may be read as: its first is the label read plainly, the others with each look-alike of
    two letters read the other way."""
    from urlgrammar.host.spoofing import decoded, skeleton

    text = without_diacritics(decoded(label)).translate(_EXTRA)
    variants = [text] + [text.replace(ch, to) for ch, tos in _EITHER.items() if ch in text for to in tos]
    return tuple(dict.fromkeys(skeleton(v) for v in variants))


class WellKnown(NamedTuple):
    """The domains compared with, by the skeletons of their labels."""

    names: frozenset[str]  # ASCII, as the host parser serializes them
    by_skeleton: dict[str, str]  # a skeleton of a domain: the first such domain
    most_labels: int
    longest: int  # the longest skeleton, in code points


@lru_cache(maxsize=8)  # a caller passes one list for many URLs
def well_known(protected: tuple[str, ...] = ()) -> WellKnown:
    """The shipped domains and the ``protected`` ones (as :func:`protected_names` gives them),
    the latter first where two share a skeleton."""
    names = dict.fromkeys(protected + top_domains())
    by_skeleton: dict[str, str] = {}
    for name in names:
        for combination in islice(product(*map(label_skeletons, name.split("."))), _MOST_VARIANTS):
            by_skeleton.setdefault(".".join(combination), name)
    return WellKnown(frozenset(names), by_skeleton, max(n.count(".") for n in names) + 1,
                     max(map(len, by_skeleton)))


class Match(NamedTuple):
    """A host's last ``labels`` labels, whose skeleton is that of ``domain``."""

    labels: int
    domain: str


def similar_well_known(labels: list[str], known: WellKnown) -> Match | None:
    """The well-known domain whose look-alike the host of the ASCII ``labels`` ends in (its
    last labels have its skeleton and are not it), or None; None also where the host is a
    well-known domain or under one. The caller has the security extra.

    Linear in the labels' length: at most ``known.most_labels`` labels from the end are read,
    and no more once their skeletons are longer than the longest well-known one.
    """
    count = min(len(labels), known.most_labels)
    skeletons: list[tuple[str, ...]] = []
    length = -1
    for label in reversed(labels[len(labels) - count:]):
        if length > known.longest:
            break
        skeletons.insert(0, label_skeletons(label))
        length += 1 + min(map(len, skeletons[0]))
    for n in range(len(skeletons), 1, -1):
        suffix = labels[-n:]
        if ".".join(suffix) in known.names:
            return None
        if not any(label.startswith("xn--") for label in suffix):
            continue
        for combination in islice(product(*skeletons[-n:]), _MOST_VARIANTS):
            domain = known.by_skeleton.get(".".join(combination))
            if domain is not None:
                return Match(n, domain)
    return None
