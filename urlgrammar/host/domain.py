"""The domain parser: UTS #46 ToASCII and ToUnicode as the URL Standard runs them.

https://url.spec.whatwg.org/#concept-domain-to-ascii, built on the ``idna`` package's UTS #46
mapping (``uts46_remap``) and joining types; ``idna.encode`` implements IDNA2008, which is
stricter than UTS #46, so it is not used.

Unicode versions. Every Unicode datum follows one version, Unicode 17.0: the UTS #46 mapping
table and the joining types of ``idna`` 3.17 to 3.19, and, from ``unicodedata2`` 17.0, the
general category (leading combining marks, UTS #46 section 4.1 criterion 6), the bidi class
(CheckBidi, RFC 5893), the canonical combining class (the virama of CheckJoiners, RFC 5892
Appendix A) and NFC. 17.0 is the version of Unicode's own conformance data (IdnaTestV2.txt)
that the tests run; idna 3.20 moved to 18.0 (where, for one, the Small Seal characters that
the WPT data expects to fail are valid). ``idna``'s own checks read Python's
``unicodedata`` (Unicode 14.0 on Python 3.11, 15.1 on 3.13), which would make results
depend on the interpreter, so this module has its own; ``uts46_remap`` normalizes with it
too, and its result is normalized again (see :func:`_remap`). The two packages are pinned
together (pyproject.toml); ``tests/test_domain.py`` checks that their versions agree.

One run of UTS #46 processing gives both verdicts the domain parser needs: the strict one
(CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on) behind the ``domain-to-ASCII``
validation error, and the relaxed one that decides failure. Each UTS #46 error is recorded
with its status code (the codes of Unicode's IdnaTestV2.txt) and whether it also counts
under the relaxed settings.

Cost. UTS #46 sets no length limit with VerifyDnsLength off, and neither does this module:
every step is linear in the domain's length, but for Punycode (RFC 3492), whose encoder and
decoder here are O(n log n) in a label's length (see :func:`punycode_encode`); Python's
codec is quadratic.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

import idna
import idna.idnadata

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

from urlgrammar.errors import Diagnostic, URLError, message

Span = tuple[int, int]

#: uts46_remap refuses more than 1,024 code points at once; mapping is per code point and
#: NFC of the joined NFC pieces is NFC of the whole, so longer text is mapped in pieces.
_MAP_CHUNK = 1024

#: The code points UTS #46 maps to U+002E FULL STOP: labels are mapped one at a time so
#: that each keeps its span in the input (NFC never composes across a full stop).
_FULL_STOPS = re.compile("[.\u3002\uff0e\uff61]")

#: An ASCII domain, lowercased, that passes the strict run as it is: labels of 1 to 63
#: letters, digits and inner hyphens, no `--` in positions 3 and 4 (so no `xn--` label to
#: decode), no empty label. The caller also checks the length (at most 253).
#: A domain that the strict run accepts as it is: LDH labels of 1 to 63, no `--` at 3-4.
STRICT_ASCII_DOMAIN = re.compile(
    r"(?:(?![^.]{2}--)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*"
    r"(?![^.]{2}--)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")

#: Where an ASCII label (no xn--) breaks a validity criterion: V2 (`--` in positions 3 and
#: 4), V3 (a hyphen first or last) or U1 (anything but a lowercase letter, digit, hyphen).
_ASCII_PROBLEM = re.compile(r"(?:^|(?<=\.))(?:[^.]{2}--|-)|-(?=\.|$)|[^a-z0-9.-]")
#: The start of an empty label or of a label over 63 code points (A4_2).
_ASCII_BAD_LENGTH = re.compile(r"(?:^|(?<=\.))(?:(?=\.|$)|[^.]{64})")

#: https://url.spec.whatwg.org/#forbidden-domain-code-point
FORBIDDEN_DOMAIN = re.compile("[\x00-\x20#%/:<>?@\\[\\\\\\]^|\x7f]")
#: UseSTD3ASCIIRules: the ASCII a label may hold.
_NOT_STD3 = re.compile("[\x00-\x2c/:-`{-\x7f]")

_BIDI_DOMAIN = frozenset({"R", "AL", "AN"})
_RTL_ALLOWED = frozenset({"R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"})
_LTR_ALLOWED = frozenset({"L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"})
#: What the last code point that is not NSM may be (rules 3 and 6).
_RTL_END = frozenset({"R", "AL", "EN", "AN"})
_LTR_END = frozenset({"L", "EN"})
_ZWNJ, _ZWJ = "\u200c", "\u200d"
#: Canonical_Combining_Class=Virama (RFC 5892 Appendix A.1 and A.2).
_VIRAMA = 9

#: What each status code means, for messages.
STATUS = {
    "P4": "a label starting with 'xn--' is not valid Punycode",
    "V1": "a decoded label is not in Unicode normalization form C",
    "V2": "a label has hyphens in its third and fourth positions",
    "V3": "a label starts or ends with a hyphen",
    "V4": "a decoded label starts with 'xn--'",
    "V6": "a label starts with a combining mark",
    "V7": "a code point is not allowed in domains",
    "U1": "a code point other than a lowercase letter, digit or hyphen is not allowed",
    "A4_1": "the domain is empty or longer than 253 characters",
    "A4_2": "a label is empty or longer than 63 characters",
    "B1": "a label in a right-to-left domain does not start with a letter",
    "B2": "a right-to-left label contains a left-to-right code point",
    "B3": "a right-to-left label does not end with a right-to-left letter or a digit",
    "B4": "a right-to-left label mixes European and Arabic digits",
    "B5": "a left-to-right label contains a right-to-left code point",
    "B6": "a left-to-right label does not end with a letter or a digit",
    "C1": "a zero width non-joiner is not between joining letters or after a virama",
    "C2": "a zero width joiner does not follow a virama",
}


class IdnaError(NamedTuple):
    """A UTS #46 error: its status code, its span in the domain, and whether it also counts
    under the URL parser's relaxed settings (and so makes the domain parser fail)."""

    code: str
    start: int
    end: int
    relaxed: bool


class DomainResult(NamedTuple):
    """What the domain parser found.

    ``ascii`` is the result, None on failure. ``error`` is the error to report as
    ``domain-to-ASCII``: on failure the one that caused it, otherwise the strict run's first.
    ``labels`` gives, for each label of ``ascii``, its span in the domain; it is None when
    the domain was ASCII, whose offsets are those of ``ascii``.
    """

    ascii: str | None
    error: IdnaError | None
    labels: tuple[Span, ...] | None


@dataclass(slots=True)
class _Label:
    text: str  # mapped; for an xn-- label that decodes, the decoded label
    start: int
    end: int
    exact: bool  # text[i] is domain[start + i] (ASCII input)


def parse_domain(domain: str, be_strict: bool = False) -> DomainResult:
    """https://url.spec.whatwg.org/#concept-domain-to-ascii (the domain parser), with detail."""
    if domain.isascii():
        lowered = domain.lower()
        if len(domain) <= 253 and STRICT_ASCII_DOMAIN.fullmatch(lowered):
            return DomainResult(lowered, None, None)
        # Step 5: the relaxed result of an ASCII domain is the domain lowercased, so only
        # the strict run's first error matters, unless the strict result itself is wanted.
        if "xn--" in lowered:
            start = 0
            labels = []
            for text in lowered.split("."):
                labels.append(_Label(text, start, start + len(text), True))
                start += len(text) + 1
            errors, out = _process(domain, labels, stop_at_first=not be_strict)
            first, strict = _first(errors), ".".join(out)
        else:
            first, strict = _first_ascii_error(lowered), lowered
        if be_strict:
            return DomainResult(None if first else strict, first, None)
        failing = _relaxed_result_error(domain, lowered)
        if failing is not None:
            return DomainResult(None, failing, None)
        return DomainResult(lowered, first, None)
    labels_or_error = _map(domain)
    if isinstance(labels_or_error, IdnaError):
        return DomainResult(None, labels_or_error, None)
    errors, out = _process(domain, labels_or_error, stop_at_first=be_strict)
    result = ".".join(out)
    spans = tuple((label.start, label.end) for label in labels_or_error)
    if be_strict:
        return DomainResult(None if errors else result, _first(errors), spans)
    failing = next((e for e in errors if e.relaxed), None)
    if failing is None:
        failing = _relaxed_result_error(domain, result)
    if failing is not None:
        return DomainResult(None, failing, spans)
    return DomainResult(result, _first(errors), spans)


def domain_to_ascii(domain: str, be_strict: bool = False) -> str:
    """https://url.spec.whatwg.org/#concept-domain-to-ascii: the domain parser's result.

    Raises :class:`URLError` (``domain-to-ASCII``, detail: the UTS #46 status) on failure.
    """
    result = parse_domain(domain, be_strict)
    if result.ascii is None:
        assert result.error is not None
        raise URLError.of(diagnostic(result.error, result.error.start, result.error.end))
    return result.ascii


def domain_to_unicode(domain: str) -> str:
    """https://url.spec.whatwg.org/#concept-domain-to-unicode

    UTS #46 ToUnicode with the URL Standard's flags; on any error, ``domain`` unchanged.
    """
    labels = _map(domain)
    if isinstance(labels, IdnaError):
        return domain
    errors, _ = _process(domain, labels, stop_at_first=False)
    if any(error.relaxed for error in errors):
        return domain
    return ".".join(label.text for label in labels)


def diagnostic(error: IdnaError, start: int, end: int) -> Diagnostic:
    """The ``domain-to-ASCII`` validation error for ``error``, at ``start``..``end``."""
    return Diagnostic("domain-to-ASCII", start, end, message("domain-to-ASCII", STATUS[error.code]),
                      "host", detail=error.code)


def _first(errors: list[IdnaError]) -> IdnaError | None:
    return errors[0] if errors else None


def _relaxed_result_error(domain: str, result: str) -> IdnaError | None:
    """Steps 7 and 8 of the domain parser: an empty result, or one with a forbidden domain
    code point, is failure. Returns the strict run's status for it (or None)."""
    if not result:
        return IdnaError("A4_1", 0, len(domain), True)
    if FORBIDDEN_DOMAIN.search(result):
        return _locate(domain, 0, len(domain), "U1", True,
                       lambda m: FORBIDDEN_DOMAIN.search(m) is not None)
    return None


def _first_ascii_error(domain: str) -> IdnaError | None:
    """The strict run's first error for a lowercase ASCII domain without ``xn--`` labels.

    Without them nothing is decoded and there is no bidi domain, so the first error is in
    the first label that _ASCII_PROBLEM finds, or else one of the lengths; regular
    expressions find both without a step per label, which a megabyte of labels needs.
    """
    problem = _ASCII_PROBLEM.search(domain)
    if problem:
        start = domain.rfind(".", 0, problem.start()) + 1
        end = domain.find(".", problem.start()) % (len(domain) + 1)
        code, relaxed, at = _validate(domain[start:end])[1][0]
        assert at is not None
        return IdnaError(code, start + at[0], start + at[1], relaxed)
    if not 1 <= len(domain) - domain.endswith(".") <= 253:  # the root label's dot is free
        return IdnaError("A4_1", 0, len(domain), False)
    bad_length = _ASCII_BAD_LENGTH.search(domain)
    if bad_length:
        start = bad_length.start()
        end = domain.find(".", start) % (len(domain) + 1)
        return IdnaError("A4_2", start, end, False)
    return None


def _remap(text: str, table: dict[int, str] | None = None) -> str:
    """UTS #46 section 4 steps 1 and 2 (map, then normalize to NFC) for ``text``:
    ``idna.uts46_remap`` without its limit of 1,024 code points, and with Unicode 17.0's NFC.

    Raises idna.IDNAError where a code point is disallowed. Mapping is per code point, so
    longer text is mapped in pieces, or, given the mappings of its code points
    (:func:`_mapping_table`), translated. uts46_remap normalizes with the interpreter's
    ``unicodedata``; normalizing its result again with unicodedata2 gives the NFC of the
    mapped text under Unicode 17.0. An older normalization only decomposes, reorders and
    composes code points it knows, whose decompositions and combining classes never change
    (Unicode's normalization stability policy), so each step is a canonical equivalence
    under 17.0 too, and it leaves the code points it does not know alone; a newer one sees
    only code points that 17.0 assigns (the mapping disallows the others), on which every
    version agrees.
    """
    if table is not None:
        mapped = text.translate(table)
    else:
        mapped = "".join([idna.uts46_remap(text[i:i + _MAP_CHUNK], std3_rules=False)
                          for i in range(0, len(text), _MAP_CHUNK)])
    return unicodedata2.normalize("NFC", mapped)


def _mapping_table(domain: str) -> dict[int, str] | None:
    """The UTS #46 mapping of each code point of ``domain``, where it has few distinct ones
    (at most one in eight code points), else None. uts46_remap takes a step of Python per
    code point (0.2 to 1 us); mapping each distinct code point once and translating the
    rest in C makes long repetitive labels cheap. Raises idna.IDNAError as _remap does."""
    distinct = set(domain)
    if len(distinct) * 8 > len(domain):
        return None
    return {ord(c): idna.uts46_remap(c, std3_rules=False) for c in distinct}


def _map(domain: str) -> list[_Label] | IdnaError:
    """UTS #46 processing steps 1 to 3 (map, normalize, break), label by label.

    In Unicode 17.0 only the full stops map to U+002E, so each piece between them is one
    label; splitting the mapped piece keeps that right whatever a table says.
    """
    try:
        table = _mapping_table(domain)
    except idna.IDNAError:
        return _locate(domain, 0, len(domain), "V7", True, None)
    labels: list[_Label] = []
    start = 0
    for match in [*_FULL_STOPS.finditer(domain), None]:
        end = match.start() if match else len(domain)
        try:
            mapped = _remap(domain[start:end], table)
        except idna.IDNAError:
            return _locate(domain, start, end, "V7", True, None)
        for text in mapped.split("."):
            labels.append(_Label(text, start, end, False))
        start = end + 1
    return labels


def _process(domain: str, labels: list[_Label],
             stop_at_first: bool) -> tuple[list[IdnaError], list[str]]:
    """UTS #46 step 4 (convert and validate) and ToASCII steps 2 and 3.

    Returns the errors in processing order and the ASCII labels. Processing stops, with no
    labels, once what the callers need is known: after the label of the first error that
    also counts under the relaxed settings (all errors before it are then known too), or,
    if ``stop_at_first``, after that of the first error (for the strict run, and for an
    ASCII domain, whose result does not depend on the errors).
    """
    errors: list[IdnaError] = []
    failed = False  # whether a relaxed error was recorded

    def record(code: str, label: _Label, relaxed: bool, at: Span | None = None) -> None:
        nonlocal failed
        failed = failed or relaxed
        if at is not None and label.exact:
            errors.append(IdnaError(code, label.start + at[0], label.start + at[1], relaxed))
        elif at is not None and code == "U1":
            errors.append(_locate(domain, label.start, label.end, code, relaxed,
                                  lambda mapped: _NOT_STD3.search(mapped) is not None))
        elif at is not None and code in ("C1", "C2"):
            errors.append(_locate_joiner(domain, label, at[0], code, relaxed))
        else:
            errors.append(IdnaError(code, label.start, label.end, relaxed))

    # Labels that repeat are processed once: each step depends on the label's text alone.
    validate, bidi, encode = cache(_validate), cache(_bidi), cache(punycode_encode)
    for label in labels:
        decoded, found = validate(label.text)
        if decoded is not None:
            label.text, label.exact = decoded, False
        for code, relaxed, at in found:
            record(code, label, relaxed, at)
        if failed or (stop_at_first and errors):
            return errors, []
    if any(map(cache(_has_rtl), (label.text for label in labels))):
        for label in labels:
            rule = bidi(label.text)
            if rule:
                record(rule, label, True)
                return errors, []
    # ToASCII step 2. A3 (Punycode encoding fails) cannot occur: Python's integers do not
    # overflow.
    out = [label.text if label.text.isascii() else "xn--" + encode(label.text)
           for label in labels]
    total = sum(map(len, out)) + len(out) - 1
    if out and not out[-1] and len(out) > 1:
        total -= 1  # the root label's dot does not count
    if not 1 <= total <= 253:
        errors.append(IdnaError("A4_1", 0, len(domain), False))
    for label, text in zip(labels, out, strict=True):
        if not 1 <= len(text) <= 63:
            record("A4_2", label, False)
    return errors, out


def _validate(text: str) -> tuple[str | None, list[tuple[str, bool, Span | None]]]:
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
    std3 = _NOT_STD3.search(text)
    if std3:
        errors.append(("U1", False, (std3.start(), std3.end())))
    if not text.isascii():
        for code, position in _joiner_failures(text):
            errors.append((code, True, (position, position + 1)))
    return text if decoded else None, errors


def _valid_code_points(text: str) -> bool:
    """V7 for a decoded label: only valid or deviation code points, which is exactly when
    the mapping leaves it unchanged."""
    try:
        return _remap(text) == text
    except idna.IDNAError:
        return False


def _joiner_failures(text: str) -> list[tuple[str, int]]:
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
    from the joining types of idna's tables (Unicode 17.0), the data idna's own CONTEXTJ
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


def _has_rtl(text: str) -> bool:
    """Whether a label makes its domain a bidi domain: it has a code point of bidi class
    R, AL or AN (UTS #46 section 4.1 criterion 8, RFC 5893 section 1.4)."""
    return not text.isascii() and not _BIDI_DOMAIN.isdisjoint(map(unicodedata2.bidirectional, text))


def _bidi(text: str) -> str | None:
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


# ---- Punycode (RFC 3492) --------------------------------------------------------------------

_BASE, _TMIN, _TMAX, _SKEW, _DAMP, _INITIAL_BIAS, _INITIAL_N = 36, 1, 26, 38, 700, 72, 0x80
_DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789"
#: Digit values, either case (RFC 3492 section 5).
_DIGIT_VALUES = {**{c: v for v, c in enumerate(_DIGITS)},
                 **{c.upper(): v for v, c in enumerate(_DIGITS[:26])}}
_CODE_POINTS = 0x110000


def _adapt(delta: int, points: int, first: bool) -> int:
    """RFC 3492 section 6.1, bias adaptation."""
    delta = delta // _DAMP if first else delta // 2
    delta += delta // points
    k = 0
    while delta > (_BASE - _TMIN) * _TMAX // 2:
        delta //= _BASE - _TMIN
        k += _BASE
    return k + (_BASE - _TMIN + 1) * delta // (delta + _SKEW)


def punycode_encode(text: str) -> str:
    """RFC 3492 section 6.3: the Punycode of ``text`` (without ``xn--``), as Python's
    ``punycode`` codec gives it, in O(n log n) time.

    The RFC's procedure scans the whole label once per distinct non-basic code point,
    quadratic for a label of distinct code points (Python's codec is so). The deltas it
    emits depend only on the order in which the decoder inserts the code points, by code
    point then position, and on where each goes: after the basic code points before it and
    the non-basic ones before it that are not greater (:func:`_insertions`).
    """
    basic = "".join(c for c in text if c < "\x80")
    digits = [basic, "-"] if basic else []
    n, bias, inserted, following = _INITIAL_N, _INITIAL_BIAS, len(basic), 0
    for point, index in _insertions(text):
        # The decoder's state goes from (n, following) to (point, index) with this delta.
        delta = (point - n) * (inserted + 1) + index - following
        q, k = delta, _BASE
        while True:
            t = _TMIN if k <= bias else _TMAX if k >= bias + _TMAX else k - bias
            if q < t:
                break
            digits.append(_DIGITS[t + (q - t) % (_BASE - t)])
            q = (q - t) // (_BASE - t)
            k += _BASE
        digits.append(_DIGITS[q])
        inserted += 1
        bias = _adapt(delta, inserted, not following)
        n, following = point, index + 1
    return "".join(digits)


def _insertions(text: str) -> list[tuple[int, int]]:
    """The non-basic code points of ``text`` in the order Punycode inserts them (by code
    point, then position), each with its index at insertion: how many code points before it
    are basic or non-basic and not greater.

    A Fenwick tree counts them, in O(log m) a code point. Where few code points are
    distinct (at most one in eight), it is over their ranks, filled in one pass from left
    to right; else over positions, filled in insertion order, which spares a table of ranks
    as large as the label.
    """
    non_basic = {c for c in text if c >= "\x80"}
    if len(non_basic) * 8 > len(text):
        return _insertions_by_position(text)
    distinct = sorted(non_basic)
    ranks = {c: rank for rank, c in enumerate(distinct, 1)}
    size = len(distinct)
    tree = [0] * (size + 1)  # tree[r]: how many seen have a rank in (r & (r - 1)), r]
    index_at = [0] * len(text)
    positions: list[list[int]] = [[] for _ in range(size + 1)]  # by rank, ascending
    seen_basic = 0
    for position, c in enumerate(text):
        if c < "\x80":
            seen_basic += 1
            continue
        index, r = seen_basic, ranks[c]
        positions[r].append(position)
        while r:
            index += tree[r]
            r &= r - 1
        index_at[position] = index
        r = ranks[c]
        while r <= size:
            tree[r] += 1
            r += r & -r
    return [(ord(c), index_at[p]) for c, group in zip(distinct, positions[1:], strict=True)
            for p in group]


def _insertions_by_position(text: str) -> list[tuple[int, int]]:
    """:func:`_insertions` with a Fenwick tree over the positions of ``text``."""
    size = len(text)
    top = 1 << size.bit_length()  # a power of two: the tree's root counts everything
    tree = [0] * (top + 1)  # tree[i]: how many present in positions (i & (i - 1)), i]
    for i, c in enumerate(text, 1):
        if c < "\x80":
            tree[i] = 1
    for i in range(1, top):
        tree[i + (i & -i)] += tree[i]
    insertions = []
    for key in sorted(ord(c) * size + i for i, c in enumerate(text) if c >= "\x80"):
        point, position = divmod(key, size)
        index, i = 0, position
        while i:
            index += tree[i]
            i &= i - 1
        i = position + 1
        while i <= top:
            tree[i] += 1
            i += i & -i
        insertions.append((point, index))
    return insertions


def punycode_decode(text: str) -> str | None:
    """RFC 3492 section 6.2: the code points whose Punycode is ``text`` (an ASCII label's
    rest after ``xn--``), or None where decoding fails; in O(n log n) time.

    The RFC inserts each code point into the output as it is decoded, quadratic with an
    array (Python's codec rebuilds the string each time). Here decoding collects the
    insertions, then places them last to first: the last one inserted at index i lands in
    the (i+1)-th free slot of the final output, found with a Fenwick tree over the slots;
    the basic code points fill what remains.
    """
    delimiter = text.rfind("-")
    if delimiter == 0:
        # The RFC consumes the last delimiter only if code points precede it, so a leading
        # one is then read as a digit, which it is not. Python's codec skips it.
        return None
    basic, rest = (text[:delimiter], text[delimiter + 1:]) if delimiter > 0 else ("", text)
    n, i, bias, length = _INITIAL_N, 0, _INITIAL_BIAS, len(basic)
    insertions: list[tuple[int, int]] = []
    position = 0
    while position < len(rest):
        old, w, k = i, 1, _BASE
        # Beyond this, the code point would be past U+10FFFF whatever the digits to come:
        # failure, detected before the number grows without bound.
        limit = (_CODE_POINTS - n) * (length + 1)
        while True:
            if position == len(rest):
                return None
            digit = _DIGIT_VALUES.get(rest[position])
            position += 1
            if digit is None:
                return None
            i += digit * w
            if i >= limit:
                return None
            t = _TMIN if k <= bias else _TMAX if k >= bias + _TMAX else k - bias
            if digit < t:
                break
            w *= _BASE - t
            k += _BASE
        length += 1
        bias = _adapt(i - old, length, old == 0)
        n += i // length
        i %= length
        insertions.append((i, n))
        i += 1
    # The Fenwick tree of free slots, one-based, over a power of two of them (those past
    # the output never free) so that the search below needs no bounds check.
    size = 1 << length.bit_length()
    slots = [0] + [1] * length + [0] * (size - length)
    for slot in range(1, size):
        slots[slot + (slot & -slot)] += slots[slot]
    out: list[str | None] = [None] * length
    for index, point in reversed(insertions):
        slot, rank, step = 0, index + 1, size >> 1
        while step:
            free = slots[slot + step]
            if free < rank:
                slot += step
                rank -= free
            step >>= 1
        out[slot] = chr(point)
        slot += 1
        while slot <= size:
            slots[slot] -= 1
            slot += slot & -slot
    remaining = iter(basic)
    return "".join(c if c is not None else next(remaining) for c in out)


def _locate(domain: str, start: int, end: int, code: str, relaxed: bool,
            predicate: Callable[[str], bool] | None) -> IdnaError:
    """The error at the first code point of ``domain[start:end]`` that UTS #46 disallows
    (``predicate`` None) or whose mapping satisfies ``predicate``; else the whole span."""
    def hit(text: str) -> bool:
        try:
            mapped = _remap(text)
        except idna.IDNAError:
            return predicate is None
        return predicate is not None and predicate(mapped)

    for chunk in range(start, end, _MAP_CHUNK):
        piece = domain[chunk:min(chunk + _MAP_CHUNK, end)]
        if hit(piece):
            for offset, char in enumerate(piece, chunk):
                if hit(char):
                    return IdnaError(code, offset, offset + 1, relaxed)
    return IdnaError(code, start, end, relaxed)


def _locate_joiner(domain: str, label: _Label, position: int, code: str,
                   relaxed: bool) -> IdnaError:
    """The error at the joiner ``label.text[position]`` of a mapped label, in ``domain``.

    Joiners map to themselves and no other code point maps to one, so the label's n-th
    such joiner is the n-th of its input; a decoded label's are not in the input, and the
    error spans the label.
    """
    joiner = label.text[position]
    at = label.start - 1
    for _ in range(label.text.count(joiner, 0, position) + 1):
        at = domain.find(joiner, at + 1, label.end)
        if at == -1:
            return IdnaError(code, label.start, label.end, relaxed)
    return IdnaError(code, at, at + 1, relaxed)
