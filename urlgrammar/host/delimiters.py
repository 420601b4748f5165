"""Host code points that look like a URL delimiter: a domain that reads as a host, a path and
more (`accounts.google.com∕signin.evil.example` goes to `evil.example`).

The standard keeps these in a domain (UTS #46 maps them to themselves, or makes them of a
compatibility form: `⅓` becomes `1⁄3`, with U+2044 FRACTION SLASH), and says to warn of
confusable characters (https://url.spec.whatwg.org/#url-rendering-i18n). Which code points
look like `/ \\ ? # @ : . %` or a space comes from two places:

- :data:`BROWSER_LISTS`: those of the browsers' IDN display blocklists that look like one,
  transcribed as data (below), which need no optional data, and :data:`CJK_SLASHES`, the
  kana and ideographs that Chromium refuses next to other scripts;
- UTS #39's confusables (the ``security`` extra, :mod:`.spoofing`): each code point whose
  skeleton is a delimiter's, repeated (`⫽` is `//`) or with marks over it (`⧶`), or a
  delimiter's followed by more of its own code points (`؉`, per mille, is `%` with one more
  zero). A letter or digit of a script (Lisu `ꓸ`, Arabic-Indic `٠`, which look like dots)
  of a script other than Latin counts only in a label that holds another script too: `٠`
  among Arabic letters is a digit.

A code point is looked at in the host as written (percent-decoded) and in the domain the host
parser made of it, decoded from Punycode, so that one the mapping makes (`⅓`) or an `xn--`
label hides is found too.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from urlgrammar.host.spoofing import available, uts46_mapped

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

#: The delimiters a host code point may pass for: those that end a host or start a userinfo,
#: port, path, query or fragment, the label separator, and the space and percent sign that
#: make a host look written otherwise.
DELIMITERS = "/\\?#@:.% "

#: The code points of the browsers' IDN blocklists that look like a delimiter, with it.
#: Firefox: network.IDN.blocklist_chars, netwerk/dns/IDNCharacterBlocklist.inc (mozilla-central
#: as carried by Floorp-Projects/Floorp at commit 1807f131e692c0384d59c92b9c4041be9644cf36,
#: 2025); its other entries are spaces, controls and brackets that the host parser refuses,
#: code points the mapping removes or makes a full stop (invisible-host-code-point), fractions
#: the mapping writes with U+2044 (found in the mapped domain), and look-alikes of other
#: characters (`-`, `'`, `<`).
#: Chromium: the code points that IDNSpoofChecker::SetAllowedUnicodeSet takes out of the
#: allowed set as Mozilla blocks them, U+0338 as it "can look like a slash" and U+2027 as it
#: can be taken for a middle dot, components/url_formatter/spoof_checks/idn_spoof_checker.cc
#: (chromium/chromium at commit 05eaa06bcd62d80432d379ad2287abb690ffc112).
BROWSER_LISTS: dict[str, str] = {
    "\u02d0": ":",  # MODIFIER LETTER TRIANGULAR COLON (Firefox)
    "\u0337": "/",  # COMBINING SHORT SOLIDUS OVERLAY (Firefox)
    "\u0338": "/",  # COMBINING LONG SOLIDUS OVERLAY (Firefox, Chromium)
    "\u0589": ":",  # ARMENIAN FULL STOP (Firefox)
    "\u05c3": ":",  # HEBREW PUNCTUATION SOF PASUQ (Firefox)
    "\u0609": "%",  # ARABIC-INDIC PER MILLE SIGN (Firefox)
    "\u060a": "%",  # ARABIC-INDIC PER TEN THOUSAND SIGN (Firefox)
    "\u066a": "%",  # ARABIC PERCENT SIGN (Firefox)
    "\u0701": ".", "\u0702": ".",  # SYRIAC SUPRALINEAR, SUBLINEAR FULL STOP (Firefox)
    "\u0703": ":", "\u0704": ":",  # SYRIAC SUPRALINEAR, SUBLINEAR COLON (Firefox)
    "\u1735": "/",  # PHILIPPINE SINGLE PUNCTUATION (Firefox)
    "\u2024": ".",  # ONE DOT LEADER (Firefox)
    "\u2027": ".",  # HYPHENATION POINT (Firefox, Chromium)
    "\u2041": "/",  # CARET INSERTION POINT (Firefox)
    "\u2044": "/",  # FRACTION SLASH (Firefox)
    "\u2052": "%",  # COMMERCIAL MINUS SIGN (Firefox)
    "\u2215": "/",  # DIVISION SLASH (Firefox)
    "\u2236": ":",  # RATIO (Firefox)
    "\u2571": "/",  # BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT (Firefox)
    "\u29f6": "/",  # SOLIDUS WITH OVERBAR (Firefox)
    "\u29f8": "/",  # BIG SOLIDUS (Firefox)
    "\u2afb": "/",  # TRIPLE SOLIDUS BINARY RELATION (Firefox)
    "\u2afd": "/",  # DOUBLE SOLIDUS OPERATOR (Firefox)
    "\u3033": "/",  # VERTICAL KANA REPEAT MARK UPPER HALF (Firefox)
    "\u33ae": "/", "\u33af": "/", "\u33c6": "/", "\u33df": "/",  # SQUARE RAD OVER S ... (Firefox)
}
#: Chromium's dangerous pattern (the same file, IDNSpoofChecker::SafeToDisplayAsUnicode):
#: kana and CJK ideographs that "may be mistaken for slashes when they're surrounded by
#: non-Japanese scripts": each counts where a code point on each side is not Japanese
#: (:func:`_between_other_scripts`).
CJK_SLASHES: dict[str, str] = {
    "\u30ce": "/", "\u30bd": "/", "\u30be": "/", "\u30f3": "/",  # KATAKANA NO, SO, ZO, N
    "\u4e3f": "/", "\u4e36": "\\", "\u4e40": "\\", "\u4e41": "\\",  # CJK IDEOGRAPHS 丿 丶 乀 乁
}
#: The scripts around which :data:`CJK_SLASHES` are letters, not slashes.
_JAPANESE = frozenset({"Kana", "Hira", "Hani"})
#: What ends a label as written (UTS #46 maps the three others to U+002E).
_FULL_STOPS = re.compile("[.\u3002\uff0e\uff61]")
#: U+00B7 MIDDLE DOT looks like a full stop, but Catalan writes `l·l` (RFC 5892 Appendix A.3
#: allows it only there); Chromium's HasUnsafeMiddleDot allows it nowhere else.
_MIDDLE_DOT = "\u00b7"


@cache
def _from_confusables() -> dict[str, str]:
    """Each non-ASCII code point whose UTS #39 skeleton passes for a delimiter, with it; empty
    without the security data."""
    from urlgrammar.host.spoofing import SecurityDataMissing, _data, skeleton

    try:
        prototypes = _data().prototypes
    except SecurityDataMissing:
        return {}
    wanted = {d: skeleton(d) for d in DELIMITERS}
    found = {}
    for cp in prototypes:
        ch = chr(cp)
        if ch.isascii():
            continue
        shape = "".join(c for c in skeleton(ch) if unicodedata2.category(c)[0] != "M")
        for d, its in wanted.items():
            if shape.startswith(its) and set(shape[len(its):]) <= set(its):
                found[ch] = d
                break
    return found


@lru_cache(maxsize=4096)  # a long host repeats its code points
def _looks_like(ch: str) -> str | None:
    if ch.isascii():
        return None
    listed = BROWSER_LISTS.get(ch) or CJK_SLASHES.get(ch)
    return listed if listed is not None else _from_confusables().get(ch)


def delimiter_lookalikes(text: str) -> list[tuple[int, str, str]]:
    """The code points of ``text`` (a label, or a host as written) that pass for a delimiter:
    (index, code point, delimiter)."""
    found = []
    at = 0
    for label in _FULL_STOPS.split(text):
        scripts: set[frozenset[str] | None] | None = None  # the label's, once one is needed
        for i, ch in enumerate(label, at):
            if ch.isascii():
                continue
            if ch == _MIDDLE_DOT:
                if text[i - 1:i] != "l" or text[i + 1:i + 2] != "l":
                    found.append((i, ch, "."))
                continue
            d = _looks_like(ch)
            if d is None:
                continue
            # A browser-listed one counts anywhere; another needs the data to judge its script.
            if ch not in BROWSER_LISTS:
                if not available():
                    continue
                if ch in CJK_SLASHES:
                    if not _between_other_scripts(label, i - at):
                        continue
                else:
                    if scripts is None:
                        scripts = _script_sets(label)
                    if _of_its_script(ch, scripts):
                        continue
            found.append((i, ch, d))
        at += len(label) + 1
    return found


def _between_other_scripts(label: str, i: int) -> bool:
    """Whether the kana or ideograph at ``i`` of ``label`` has a code point on each side and
    neither is Japanese (Katakana, Hiragana or Han by Script_Extensions): where Chromium's
    pattern takes it for a slash. `ビタミンb1` keeps its `ン`, which follows a katakana."""
    from urlgrammar.host.spoofing import script_extensions

    if not 0 < i < len(label) - 1:
        return False
    return all(_JAPANESE.isdisjoint(script_extensions(label[j])) for j in (i - 1, i + 1))


def _script_sets(label: str) -> set[frozenset[str] | None]:
    from urlgrammar.host.spoofing import _augmented

    return {_augmented(c) for c in set(label)}


def _of_its_script(ch: str, scripts: set[frozenset[str] | None]) -> bool:
    """Whether ``ch`` is a letter or sign of a script other than Latin that every other code
    point of its label (whose augmented script sets are ``scripts``) is written in, augmented
    as UTS #39 § 5.1 has it: an Arabic-Indic zero among Arabic letters, a katakana `ノ` among
    kanji. In a Latin label, the one an attacker writes a host in, nothing is exempt."""
    from urlgrammar.host.spoofing import _augmented

    own = _augmented(ch)
    if own is None or "Latn" in own:
        return False
    return all(s is None or bool(s & own) for s in scripts)


@lru_cache(maxsize=4096)
def mapped_lookalike(ch: str) -> tuple[str, str, str] | None:
    """Where the UTS #46 mapping turns ``ch`` into code points of which one passes for a
    delimiter (`⅓` into `1⁄3`): what it maps to, that code point and the delimiter."""
    mapped = uts46_mapped(ch)
    if mapped is None or mapped == ch:
        return None
    found = delimiter_lookalikes(mapped)
    return (mapped, found[0][1], found[0][2]) if found else None
