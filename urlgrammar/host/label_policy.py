"""Chromium's IDN display policy for one label, as rules with the code points each finds.

Chromium shows a label of a host in Unicode only where ``IDNSpoofChecker::SafeToDisplayAsUnicode``
finds it safe (components/url_formatter/spoof_checks/idn_spoof_checker.cc, chromium/chromium at
commit 58a4b28c5469c43918658f893252391c286c74ab, BSD-3-Clause; read for its rules and data,
which the tables below transcribe). Its checks, in its order, and what each is here:

1. ICU's spoof checker: code points outside the allowed set (UTS #39 Identifier_Status Allowed,
   less Chromium's removals), scripts beyond Highly Restrictive, the same nonspacing mark twice
   on one letter, digits of more than one numbering system;
2. letters of one orthography outside its countries' top-level domains (Icelandic and Faroese
   þ ð, Azerbaijani ə), and a middle dot other than Catalan's `l·l` under `.cat`;
3. in a label of one script: all its letters of a script in :data:`WHOLE_SCRIPT` look like Latin
   letters (but for a few common words), where the name is not under that script's top-level
   domains; a label of digits and digit look-alikes;
4. in a label that mixes scripts: digit look-alikes, non-ASCII Latin letters with another
   script, and the kana, ideograph and mark patterns of :func:`_patterns`.

Each :class:`Finding` has a kind, which the advisories name: ``confusable`` (a look-alike),
``mixed`` (scripts or numbering systems mixed) or ``unsafe`` (a code point or mark the policy
refuses). Everything here is linear in the label's length and needs the security data
(:func:`.spoofing.available`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from urlgrammar.host.identifier_status import allowed
from urlgrammar.host.names import Name
from urlgrammar.host.spoofing import (
    lookalike_label,
    mixed_scripts,
    script,
    script_extensions,
    script_name,
    single_script,
)
from urlgrammar.host.tally import code_points, decomposed, distinct_matches, tally

if TYPE_CHECKING:
    import unicodedata as unicodedata2
else:
    import unicodedata2


class Finding(NamedTuple):
    """One rule's verdict on a label: its kind (``confusable``, ``mixed`` or ``unsafe``), the
    reason as a clause, and the code points that the rule found, in order, once each."""

    kind: str
    reason: str
    culprits: tuple[str, ...]


#: Code points Chromium takes out of the allowed set (SetAllowedUnicodeSet): a slash look-alike,
#: hyphens and quotes, a hyphenation point, modifier letters, Latin kra.
_REMOVED = frozenset("\u0338\u058a\u2010\u2019\u2027\u30a0\u02bb\u02bc\u02ec\u0138")
#: Blocks Chromium takes out as too rarely used: Pinyin tone letters of Latin Extended-B,
#: Cyrillic Extended-C, Latin Extended Additional, Greek Extended, Cyrillic Extended-B,
#: Latin Extended-D.
_REMOVED_BLOCKS = ((0x01CD, 0x01DC), (0x1C80, 0x1C8F), (0x1E00, 0x1E9B), (0x1F00, 0x1FFF),
                   (0xA640, 0xA69F), (0xA720, 0xA7FF))
#: Letters of one orthography, shown only under its countries' top-level domains: þ ð
#: (Icelandic, Faroese), ə (Azerbaijani).
_ORTHOGRAPHY = {"\u00fe": ("is", "fo"), "\u00f0": ("is", "fo"), "\u0259": ("az",)}

#: Chromium's whole-script confusables: per script (ISO 15924), the letters that look like
#: Latin ones, and the ASCII top-level domains under which a name in that script is usual (a
#: top-level domain with a letter of the script counts too). Thai is Chromium's set for other
#: platforms than Linux.
WHOLE_SCRIPT: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    code: (frozenset(letters), frozenset(tlds)) for code, letters, tlds in (
        ("Armn", "ագզէլհյոսւօՙ", ("am",)),
        ("Cyrl", "аысԁеԍһіюкјӏорԗԛѕԝхуъьҽпгѵѡ", ("bg", "by", "kz", "pyc", "ru", "su", "ua", "uz")),
        ("Ethi", "ሀሠሰስበነተከዐዕዘጠፐꬅ", ("er", "et")),
        ("Geor", "იოყძხჽჿ", ("ge",)),
        ("Grek", "αικνρυωηοτ", ("gr",)),
        ("Hebr", "דוחיןסװײ׳ﬦ", ("il",)),
        ("Beng", "০৭", ()), ("Deva", "ऽ०ॱ", ()), ("Gujr", "ડટ૦૧", ()), ("Guru", "੦੧", ()),
        ("Knda", "ಽ೦೧", ()), ("Mlym", "ടഠധനറ൦", ()), ("Orya", "ଠ୦୮", ()), ("Taml", "டப௦", ()),
        ("Telu", "౦౧", ()),
        ("Mymr", "ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097", ("mm",)),
        ("Thai", "บพเแ๐", ("th",)),
    )}
#: Code points that are, or look like, digits: a label of these and ASCII digits alone reads
#: as a number.
_DIGIT_LOOKALIKES = frozenset("θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨")
#: Common words that are whole-script confusables but like no Latin word: shown as written.
_WORDS = frozenset({"секс", "как", "коса", "курс", "парк", "такий", "укроп", "сахарок", "покраска"})
#: Kana that look like one another, kana and ideographs that look like slashes, and
#: ideographs and Bopomofo that look like Latin letters or punctuation (一 ー 丨 十 工 …).
_KANA_EXCEPTIONS = frozenset("へべぺヘベペ・ーヽヾ")
_SLASH_LIKE = frozenset("ノンソゾ丶乀乁丿")
_CJK_LATIN_LIKE = frozenset("一ㄧ丨乛七丅十〇ㄒㄚㄟㄨㄩㄈㆺㆳ工ㆲ讠丁")
_JAPANESE = frozenset({"Kana", "Hira", "Hani"})
#: The code points :func:`_patterns` is about: kana and ideographs, and marks (``_mark``'s).
_CJK = sorted(_SLASH_LIKE | _CJK_LATIN_LIKE | set("ヽヾー・へべぺヘベペ"))
_MARKS = [*map(chr, range(0x300, 0x33A)), "\u3099", "\u309a"]
_CJK_CODE_POINTS = re.compile("[" + re.escape("".join(_CJK)) + "]")
_MARK_CODE_POINTS = re.compile("[\u0300-\u0339\u3099\u309a]")
_PATTERN_CODE_POINTS = re.compile(f"{_CJK_CODE_POINTS.pattern}|{_MARK_CODE_POINTS.pattern}")
_LGC = frozenset({"Latn", "Grek", "Cyrl"})
#: The ASCII an identifier may hold (a label is lowercase once mapped).
_LDH = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def _removed(ch: str) -> bool:
    cp = ord(ch)
    return ch in _REMOVED or any(a <= cp <= b for a, b in _REMOVED_BLOCKS)


def _mark(ch: str) -> bool:
    return 0x300 <= ord(ch) <= 0x339


def _of(ch: str, scripts: frozenset[str]) -> bool:
    return not scripts.isdisjoint(script_extensions(ch))


def label_findings(label: str, name: Name) -> tuple[Finding, ...]:
    """Every rule that refuses to show ``label`` (decoded, not ASCII) in Unicode under the
    domain ``name``, in Chromium's order; empty where it may be shown."""
    found: list[Finding] = []
    # Each rule but the patterns asks of each code point alone, and the culprits come once
    # each in order of appearance: the distinct code points, in that order, answer it.
    counts = tally(label)
    distinct = tuple(counts)
    # ASCII beyond letters, digits and the hyphen (`!`, `_`, `$`, which the standard's domains
    # may hold) is no identifier character either.
    restricted = [ch for ch in distinct if ch not in _LDH if ch.isascii() or not allowed(ch) or _removed(ch)]
    if restricted:
        found.append(Finding("unsafe", "not allowed in identifiers (UTS #39 Identifier_Status, "
                             "Chromium's allowed set)", tuple(restricted)))
    scripts = mixed_scripts(label)
    if scripts:
        # The culprits are the letters of the scripts other than the label's most used one.
        of = {ch: script(ch) for ch in distinct}
        main = max(scripts, key=lambda s: sum(counts[ch] for ch in distinct if of[ch] == s))
        found.append(Finding("mixed", f"mixes {', '.join(map(script_name, scripts))}", tuple(
            ch for ch in distinct if of[ch] in scripts and of[ch] != main)))
    found.extend(_marks_and_digits(label, distinct))
    found.extend(_orthography(label, distinct, name.tld))
    lookalike = _whole_script(label, distinct, name)
    if lookalike is not None:
        found.append(lookalike)
    digits = [ch for ch in distinct if ch in _DIGIT_LOOKALIKES]
    if digits and all(ch in _DIGIT_LOOKALIKES or "0" <= ch <= "9" for ch in distinct):
        found.append(Finding("confusable", "reads as a number", tuple(digits)))
    one_script = single_script(label)
    if not one_script:
        latin = [ch for ch in distinct if not ch.isascii() and script(ch) == "Latn"]
        if latin:
            found.append(Finding("mixed", "puts Latin letters beyond ASCII beside another script",
                                 tuple(latin)))
    if not one_script or any(ch in _KANA_EXCEPTIONS or _mark(ch) for ch in distinct):
        found.extend(_patterns(label))
    return tuple(found)


def _unique(chars: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(chars))


def _marks_and_digits(label: str, distinct: Sequence[str]) -> list[Finding]:
    """ICU's invisible check (the same nonspacing mark twice on one letter, read in NFD) and
    mixed-numbers check (decimal digits of more than one numbering system)."""
    found = []
    repeated: list[str] = []
    nfd = decomposed(label)
    marks = [ch for ch in code_points(nfd) if unicodedata2.category(ch) == "Mn"]
    # Each run of marks is one letter's, and a run that comes again repeats nothing new; a run
    # is read until each of its marks has repeated, or to its end.
    for run in dict.fromkeys(re.findall(f"{_class(marks)}{{2,}}", nfd)) if marks else ():
        on_letter, unrepeated = set(), set(code_points(run))
        for ch in run if len(unrepeated) < len(run) else ():
            if ch in on_letter and ch in unrepeated:
                repeated.append(ch)
                unrepeated.discard(ch)
                if not unrepeated:
                    break
            on_letter.add(ch)
    if repeated:
        found.append(Finding("unsafe", "repeats a nonspacing mark on one letter", _unique(repeated)))
    zeros: dict[int, list[str]] = {}
    for ch in distinct:
        if unicodedata2.category(ch) == "Nd":
            zeros.setdefault(ord(ch) - unicodedata2.decimal(ch), []).append(ch)
    if len(zeros) > 1:
        found.append(Finding("mixed", "mixes digits of different numbering systems",
                             tuple(ch for digits in list(zeros.values())[1:] for ch in digits)))
    return found


def _orthography(label: str, distinct: Sequence[str], tld: str) -> list[Finding]:
    """Letters of one country's orthography outside its top-level domain, and the middle
    dot outside Catalan's `l·l` under `.cat` (RFC 5892 appendix A.3)."""
    found = []
    foreign = [ch for ch in distinct if tld not in _ORTHOGRAPHY.get(ch, (tld,))] if len(label) > 1 else []
    if foreign:
        countries = " or ".join(f".{c}" for c in _ORTHOGRAPHY[foreign[0]])
        found.append(Finding("unsafe", "has a letter shown only under its countries' top-level "
                             f"domains ({countries})", tuple(foreign)))
    dots = [i for i, ch in enumerate(label) if ch == "\u00b7"] if "\u00b7" in label else []
    if dots and (tld != "cat" or any(
            i == 0 or i == len(label) - 1 or label[i - 1] != "l" or label[i + 1] != "l" for i in dots)):
        found.append(Finding("unsafe", "is a middle dot outside Catalan's l·l under .cat", ("\u00b7",)))
    return found


def whole_script_allowed(code: str, name: Name) -> bool:
    """Whether a label wholly of script ``code`` may look like Latin under ``name``: its
    top-level domain is in that script or among the script's (:data:`WHOLE_SCRIPT`), and no
    label between the two has letters of another script. Chromium reads the top-level domain
    alone; we read the rest of the name, so that `аррӏе.com.ком` is no Cyrillic name."""
    tlds = WHOLE_SCRIPT.get(code, (frozenset(), frozenset()))[1]
    in_script = any(script(ch) == code for ch in code_points(name.top)) or name.tld in tlds
    return in_script and name.scripts <= {code}


def _whole_script(label: str, distinct: Sequence[str], name: Name) -> Finding | None:
    """A label whose letters look like Latin ones: Chromium's whole-script confusables (in
    a label of one script) and UTS #39's confusables with an all-Latin prototype
    (:func:`.spoofing.latin_lookalike`, capitals included)."""
    culprits: list[str] = []
    what = ""
    lookalike = lookalike_label(label)
    scripts = {script(ch) for ch in distinct} - {"Zyyy", "Zinh"}
    own = next(iter(scripts)) if len(scripts) == 1 else None
    if lookalike is not None:
        shown = lookalike if len(lookalike) <= 63 else lookalike[:63] + "…"
        what = f"looks like '{shown}'"
        latin = code_points(lookalike)
        culprits = [ch for ch in distinct if ch not in latin]
    if own in WHOLE_SCRIPT and single_script(label):
        letters = [ch for ch in distinct if script(ch) == own]
        if letters and WHOLE_SCRIPT[own][0].issuperset(letters) and label not in _WORDS:
            what = what or "is made only of letters that look like Latin ones"
            culprits = culprits or letters
    if not what or (own is not None and own != "Latn" and whole_script_allowed(own, name)):
        return None
    return Finding("confusable", what, tuple(culprits))


def _patterns(label: str) -> list[Finding]:
    """Chromium's dangerous patterns, for a label that mixes scripts or holds look-alike kana
    or a combining mark: kana and ideographs that look like slashes, dashes or Latin letters
    next to other scripts, iteration and prolonged-sound marks out of context, and marks on
    letters outside Latin, Greek and Cyrillic, on dotless i, and dots above i, j and l."""
    # What each code point is, asked once per distinct one; only the code points that a
    # pattern is about are looked at where they stand (the others only as neighbours).
    counts = tally(label)
    japanese = {ch: _of(ch, _JAPANESE) for ch in counts}
    near = {ch: j or _of(ch, frozenset({"Bopo"})) for ch, j in japanese.items()}
    kana = {ch: _of(ch, frozenset({"Kana"})) for ch in japanese}
    hira = {ch: _of(ch, frozenset({"Hira"})) for ch in japanese}
    lgc = {ch: _of(ch, _LGC) for ch in japanese}
    # The look-alike kana count in a label otherwise all of the other kana: one code point
    # (the look-alike itself) is not of it.
    one_not_kana = sum(counts[ch] for ch, k in kana.items() if not k) == 1
    one_not_hira = sum(counts[ch] for ch, h in hira.items() if not h) == 1
    if len(label) > _LONG:
        cjk = distinct_matches(label, _CJK, _long_cjk_pattern(japanese, near, kana, hira, one_not_kana,
                                                              one_not_hira))
        marks = distinct_matches(label, _MARKS, _long_marks_pattern(lgc))
    else:
        cjk, marks = [], []
    last = len(label) - 1
    for match in _PATTERN_CODE_POINTS.finditer(label) if len(label) <= _LONG else ():
        i, ch = match.start(), match.group()
        before = label[i - 1] if i else ""
        after = label[i + 1] if i < last else ""
        inside = 0 < i < last
        if (ch in _SLASH_LIKE and inside and not japanese[before] and not japanese[after]) \
                or (ch in "ヽヾ" and (i == 0 or not kana[before])) \
                or (ch == "ー" and (i == 0 or not (kana[before] or hira[before]))) \
                or (ch == "・" and ("a" <= before <= "z" or "a" <= after <= "z")) \
                or (ch in _CJK_LATIN_LIKE and ((i and not near[before]) or (i < last and not near[after]))) \
                or (inside and ((ch in "へべぺ" and one_not_kana) or (ch in "ヘベペ" and one_not_hira))):
            cjk.append(ch)
        elif (_mark(ch) and i and (before == "\u0131" or not lgc[before])) \
                or ch in "\u3099\u309a" or (ch == "\u0307" and before in ("i", "j", "l")):
            marks.append(ch)
    found = []
    if cjk:
        found.append(Finding("mixed", "puts kana or ideographs that look like Latin letters or "
                             "punctuation among other scripts", _unique(cjk)))
    if marks:
        found.append(Finding("unsafe", "puts a combining mark where it hides or imitates a letter",
                             _unique(marks)))
    return found



_LONG = 64  # longer labels take _patterns' rules as expressions over classes of their code points


def _class(chars: Iterable[str], negated: bool = False) -> str:
    """A character class of ``chars`` (or of every other code point), even of none."""
    inner = "".join(map(re.escape, chars))
    if not inner:
        return r"[\s\S]" if negated else "(?!)"
    return f"[{'^' if negated else ''}{inner}]"


def _long_cjk_pattern(japanese: dict[str, bool], near: dict[str, bool], kana: dict[str, bool],
                      hira: dict[str, bool], one_not_kana: bool, one_not_hira: bool) -> str:
    """:func:`_patterns`' rules for kana and ideographs, given what the label's code points are:
    read just after the code point (:func:`.tally.distinct_matches`), each looks back past it."""
    not_japanese = _class((ch for ch, j in japanese.items() if j), negated=True)
    not_near = _class((ch for ch, n in near.items() if n), negated=True)
    kana_class = _class(ch for ch, k in kana.items() if k)
    kana_or_hira = _class(ch for ch in kana if kana[ch] or hira[ch])
    slash, latin, any_ = _class(_SLASH_LIKE), _class(_CJK_LATIN_LIKE), r"[\s\S]"
    rules = [f"(?<={not_japanese}{slash})(?={not_japanese})",
             f"(?<=[ヽヾ])(?<!{kana_class}{any_})", f"(?<=ー)(?<!{kana_or_hira}{any_})",
             "(?<=[a-z]・)|(?<=・)(?=[a-z])", f"(?<={not_near}{latin})|(?<={latin})(?={not_near})"]
    rules += [f"(?<={any_}[へべぺ])(?={any_})"] * one_not_kana
    rules += [f"(?<={any_}[ヘベペ])(?={any_})"] * one_not_hira
    return "|".join(rules)


def _long_marks_pattern(lgc: dict[str, bool]) -> str:
    """:func:`_patterns`' rules for marks (as :func:`_long_cjk_pattern`'s), given which of the
    label's code points are Latin, Greek or Cyrillic."""
    not_lgc = _class((ch for ch, yes in lgc.items() if yes), negated=True)
    return f"(?<=(?:{not_lgc}|\u0131)[\u0300-\u0339])|(?<=[\u3099\u309a])|(?<=[ijl]\u0307)"


class Judgement(NamedTuple):
    """What the rules find in one label of a domain."""

    label: str  # decoded from Punycode
    findings: tuple[Finding, ...]
    unchecked: tuple[str, ...] = ()  # its code points that are newer than the data

    @property
    def spoofable(self) -> bool:
        """Whether the label may not be shown in Unicode: a rule refuses it, or it holds code
        points that the data cannot judge."""
        return bool(self.findings) or bool(self.unchecked)


def judge(label: str, name: Name, text: str | None = None) -> Judgement:
    """:func:`label_findings` of one ASCII ``label`` of the domain ``name``, decoded (``text``,
    where the caller has it decoded)."""
    from urlgrammar.host.spoofing import decoded

    return _judged(decoded(label) if text is None else text, name)


@lru_cache(maxsize=1024)  # the labels of a host repeat (`com`, or one label many times)
def _judged(text: str, name: Name) -> Judgement:
    from urlgrammar.host.spoofing import newer_than_data

    if text.isascii():
        return Judgement(text, ())
    unchecked = tuple(sorted(ch for ch in code_points(text) if newer_than_data(ch)))
    return Judgement(text, label_findings(text, name), unchecked)
