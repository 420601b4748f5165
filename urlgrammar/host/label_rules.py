"""UTS #46 for one label: the mapping (section 4 steps 1 and 2), then conversion and the
validity criteria (step 4, section 4.1), CheckJoiners and CheckBidi included.

https://www.unicode.org/reports/tr46/#Validity_Criteria, for the domain parser
(:mod:`urlgrammar.host.domain`, https://url.spec.whatwg.org/#concept-domain-to-ascii).
Joining types come from ``idna``'s tables and the other properties from ``unicodedata2``,
both of :data:`UNICODE_VERSION` (see the domain module's docstring for why).
"""

from __future__ import annotations

import re
import warnings
from functools import cache
from typing import TYPE_CHECKING

import idna
import idna.idnadata

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

from urlgrammar.host.punycode import punycode_decode
from urlgrammar.host.tally import distinct
from urlgrammar.model.record import Span

#: The Unicode version of every Unicode datum of the domain parser: idna's UTS #46 mapping
#: and joining types, unicodedata2's properties and NFC. pyproject.toml pins both packages to
#: it, and an install that parts from it is warned about on import (:func:`version_mismatch`).
UNICODE_VERSION = "18.0.0"

#: uts46_remap refuses more than 1,024 code points at once; mapping is per code point and
#: NFC of the joined NFC pieces is NFC of the whole, so longer text is mapped in pieces.
MAP_CHUNK = 1024

#: Beyond this many code points to change, :func:`remap` translates in one pass.
_REPLACEMENTS = 8

#: UseSTD3ASCIIRules: the ASCII a label may hold.
NOT_STD3 = re.compile("[\x00-\x2c/:-`{-\x7f]")

_BIDI_DOMAIN = frozenset({"R", "AL", "AN"})
_RTL_ALLOWED = frozenset({"R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"})
_LTR_ALLOWED = frozenset({"L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"})
#: What the last code point that is not NSM may be (rules 3 and 6).
_RTL_END = frozenset({"R", "AL", "EN", "AN"})
_LTR_END = frozenset({"L", "EN"})
_ZWNJ, _ZWJ = "\u200c", "\u200d"
#: Canonical_Combining_Class=Virama (RFC 5892 Appendix A.1 and A.2).
_VIRAMA = 9


def joiner_failures(text: str) -> list[tuple[str, int]]:
    """CheckJoiners (UTS #46 section 4.1 criterion 7, the CONTEXTJ rules of RFC 5892
    Appendix A.1 and A.2): the first ZWNJ (C1) and the first ZWJ (C2) of ``text`` that break
    their rule, as (status, position), in the order of the label.

    A ZWJ needs a virama (combining class 9) right before it; a ZWNJ needs one, or else
    joining types (L|D) T* before it and T* (R|D) after it. The ZWNJ contexts come from two
    scans of the whole label (:func:`_zwnj_contexts`), not from a scan around each joiner,
    so that a label of joiners costs linear time.
    """
    failures = []
    for joiner, code in ((_ZWNJ, "C1"), (_ZWJ, "C2")):
        position = text.find(joiner)
        joining = _zwnj_contexts(text) if joiner == _ZWNJ and position != -1 else frozenset()
        while position != -1:
            after_virama = position > 0 and unicodedata2.combining(text[position - 1]) == _VIRAMA
            if not (after_virama or position in joining):
                failures.append((code, position))
                break
            position = text.find(joiner, position + 1)
    return sorted(failures, key=lambda failure: failure[1])


def _zwnj_contexts(text: str) -> frozenset[int]:
    """The positions of the ZWNJs of ``text`` that have joining types (L|D) T* before them
    and T* (R|D) after them (RFC 5892 Appendix A.1, its second rule).

    The matches of each expression cannot overlap (a ZWNJ is not transparent), so each
    finds every ZWNJ with its context in one scan.
    """
    before, after = _joining_contexts()
    joins_left = {match.end() - 1 for match in before.finditer(text)}
    return frozenset(match.start() for match in after.finditer(text)
                     if match.start() in joins_left)


@cache
def _joining_contexts() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Expressions for a ZWNJ with (L|D) T* before it and for one with T* (R|D) after it,
    from the joining types of idna's tables, the data idna's own CONTEXTJ
    check reads. T* is possessive: a run of transparent code points is read once."""
    types = idna.idnadata.joining_types
    left = _character_set(types["L"] + types["D"])
    right = _character_set(types["R"] + types["D"])
    transparent = _character_set(types["T"])
    return (re.compile(f"[{left}][{transparent}]*+{_ZWNJ}"),
            re.compile(f"{_ZWNJ}[{transparent}]*+[{right}]"))


def _character_set(ranges: tuple[int, ...]) -> str:
    """A regular expression's character set for ranges in idna's layout (``idna.intranges``:
    ``start << 32 | end``, the end excluded)."""
    return "".join(f"{re.escape(chr(r >> 32))}-{re.escape(chr((r & 0xFFFFFFFF) - 1))}"
                   for r in ranges)


def has_rtl(text: str) -> bool:
    """Whether a label makes its domain a bidi domain: it has a code point of bidi class
    R, AL or AN (UTS #46 section 4.1 criterion 8, RFC 5893 section 1.4)."""
    return not text.isascii() and not _BIDI_DOMAIN.isdisjoint(map(unicodedata2.bidirectional, distinct(text)))


def bidi_failure(text: str) -> str | None:
    """CheckBidi (UTS #46 section 4.1 criterion 8: RFC 5893 section 2, the left-to-right
    rules included) for one label of a bidi domain: None, or the status code of the rule
    it breaks, trying B1, then B2 or B5, then B4, then B3 or B6."""
    if not text:
        return None
    first = unicodedata2.bidirectional(text[0])
    if first not in ("L", "R", "AL"):
        return "B1"
    rtl = first != "L"
    classes = set(map(unicodedata2.bidirectional, text))
    if not classes <= (_RTL_ALLOWED if rtl else _LTR_ALLOWED):
        return "B2" if rtl else "B5"
    if rtl and "EN" in classes and "AN" in classes:
        return "B4"
    # The first letter is not NSM, so there is a last code point that is not.
    last = next(c for c in map(unicodedata2.bidirectional, reversed(text)) if c != "NSM")
    if last not in (_RTL_END if rtl else _LTR_END):
        return "B3" if rtl else "B6"
    return None


def remap(text: str, table: dict[int, str] | None = None) -> str:
    """UTS #46 section 4 steps 1 and 2 (map, then normalize to NFC) for ``text``:
    ``idna.uts46_remap`` without its limit of 1,024 code points, and with unicodedata2's NFC.

    Raises idna.IDNAError where a code point is disallowed. Mapping is per code point, so
    longer text is mapped in pieces, or, given the mappings of its code points
    (:func:`urlgrammar.host.labels_at_once.mapping_table`), translated. uts46_remap normalizes
    with the interpreter's ``unicodedata``; normalizing its result again with unicodedata2
    gives the NFC of the mapped text under :data:`UNICODE_VERSION`. An older normalization
    only decomposes, reorders and composes code points it knows, whose decompositions and
    combining classes never change (Unicode's normalization stability policy), so each step is
    a canonical equivalence under the newer version too, and it leaves the code points it does
    not know alone (Unicode 18.0's Hebrew points U+05C8 and U+05C9, of combining classes 10
    and 21, are reordered only by the second NFC); a newer one sees only code points that
    UNICODE_VERSION assigns (the mapping disallows the others), on which every version agrees.
    """
    if table is not None:
        mapped = _translate(text, table)
    else:
        mapped = "".join([idna.uts46_remap(text[i:i + MAP_CHUNK], std3_rules=False)
                          for i in range(0, len(text), MAP_CHUNK)])
    return unicodedata2.normalize("NFC", mapped)


def _translate(text: str, table: dict[int, str]) -> str:
    """``text.translate(table)``, which looks up every code point of ``text``: with a few code
    points to change, each is replaced in a pass of C that skips the rest, where no
    replacement holds a code point that a later pass would replace again."""
    if len(table) > _REPLACEMENTS or any(ord(c) in table for c in "".join(table.values())):
        return text.translate(table)
    for code_point, replacement in table.items():
        text = text.replace(chr(code_point), replacement)
    return text


def convert_and_validate(text: str) -> tuple[str | None, list[tuple[str, bool, Span | None]]]:
    """UTS #46 step 4 for one label: decode an ``xn--`` label, then the validity criteria
    (section 4.1).

    Returns the decoded label, which replaces the label in processing (None if not an
    ``xn--`` label that decodes), and (status, relaxed, span in the label as processed) for
    each error. Bidi (V9) needs every label and comes later.
    """
    errors: list[tuple[str, bool, Span | None]] = []
    decoded = text.startswith("xn--")
    if decoded:
        unicode = punycode_decode(text[4:]) if text.isascii() else None
        if not unicode or unicode.isascii():
            return None, [("P4", True, None)]
        text = unicode
    if not text:
        return None, errors  # the criteria are for non-empty labels; A4_2 comes later
    if decoded and unicodedata2.normalize("NFC", text) != text:
        errors.append(("V1", True, None))
    if text[2:4] == "--":
        errors.append(("V2", False, (2, 4)))
    if text[0] == "-" or text[-1] == "-":
        errors.append(("V3", False, (0, 1) if text[0] == "-" else (len(text) - 1, len(text))))
    if decoded and text.startswith("xn--"):
        errors.append(("V4", True, None))
    # V5 (no full stop) holds: Punycode inserts only non-ASCII code points.
    if unicodedata2.category(text[0]).startswith("M"):
        errors.append(("V6", True, (0, 1)))
    if decoded and not _valid_code_points(text):
        errors.append(("V7", True, None))
    std3 = NOT_STD3.search(text)
    if std3:
        errors.append(("U1", False, (std3.start(), std3.end())))
    if not text.isascii():
        for code, position in joiner_failures(text):
            errors.append((code, True, (position, position + 1)))
    return text if decoded else None, errors


def _valid_code_points(text: str) -> bool:
    """V7 for a decoded label: only valid or deviation code points, which is exactly when
    the mapping leaves it unchanged."""
    try:
        return remap(text) == text
    except idna.IDNAError:
        return False


class UnicodeVersionWarning(RuntimeWarning):
    """idna's tables or unicodedata2 are not of :data:`UNICODE_VERSION`: domains with code
    points that the versions treat differently get results that no version of UTS #46 gives."""


def installed_unicode_versions() -> dict[str, str]:
    """The Unicode version of each Unicode data source the domain parser reads, as installed."""
    return {"idna's IDNA tables": idna.idnadata.__version__,
            "unicodedata2": unicodedata2.unidata_version}


def version_mismatch(installed: dict[str, str]) -> str | None:
    """What to tell the user where ``installed`` (:func:`installed_unicode_versions`) parts
    from :data:`UNICODE_VERSION`, naming the packages to install; None where it does not."""
    wrong = [f"{name} of Unicode {version}" for name, version in installed.items()
             if version != UNICODE_VERSION]
    if not wrong:
        return None
    return (f"urlgrammar's domain parser follows Unicode {UNICODE_VERSION}, but it finds "
            f"{' and '.join(wrong)}: hosts with code points whose data differs between the "
            f"versions get wrong results. Install {_requirements()}.")


def _requirements() -> str:
    """The requirements on idna and unicodedata2 as the installed package states them."""
    from importlib.metadata import PackageNotFoundError, requires

    try:
        found = [r for r in requires("urlgrammar") or () if r.startswith(("idna", "unicodedata2"))]
    except PackageNotFoundError:
        found = []
    return " and ".join(f"'{r}'" for r in found) or "the idna and unicodedata2 of pyproject.toml"


_MISMATCH = version_mismatch(installed_unicode_versions())
if _MISMATCH is not None:
    warnings.warn(_MISMATCH, UnicodeVersionWarning, stacklevel=1)
