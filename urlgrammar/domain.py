"""The domain parser: UTS #46 ToASCII and ToUnicode as the URL Standard runs them.

https://url.spec.whatwg.org/#concept-domain-to-ascii, built on the ``idna`` package's public
helpers (``uts46_remap``, ``check_nfc``, ``check_initial_combiner``, ``valid_contextj``,
``check_bidi``) and the standard library's ``punycode`` codec; ``idna.encode`` implements
IDNA2008, which is stricter than UTS #46, so it is not used.

Unicode versions. The UTS #46 mapping (and so which code points are valid) follows the
``idna`` package's tables: Unicode 17.0 in idna 3.12 (the oldest release the WPT data
passes with), 18.0 in idna 3.20. The properties the checks need (general category for
leading combining marks, bidi class, combining class for ContextJ, NFC) come from Python's
``unicodedata``: Unicode 14.0 on Python 3.11, 15.0 on 3.12, 15.1 on 3.13. A code point
assigned after that version has no bidi class or category there: it never makes a domain a
bidi domain, never counts as a combining mark, and fails the bidi rules where they apply.
Of Unicode's IdnaTestV2.txt (17.0) five lines meet such a gap; the WPT data meets none.

One run of UTS #46 processing gives both verdicts the domain parser needs: the strict one
(CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on) behind the ``domain-to-ASCII``
validation error, and the relaxed one that decides failure. Each UTS #46 error is recorded
with its status code (the codes of Unicode's IdnaTestV2.txt) and whether it also counts
under the relaxed settings.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import idna

from .errors import Diagnostic, URLError, message

Span = tuple[int, int]

#: Labels that need Unicode processing (non-ASCII, starting with ``xn--``, or in a bidi
#: domain) may have at most this many code points. UTS #46 has no such limit; we set it
#: because the idna helpers refuse longer input and Python's Punycode codec is quadratic.
#: Such a label is far over the 63 that the strict run allows (status A4_2), so the only
#: change is that the relaxed run fails too, with that same status, where the standard
#: would return a domain no DNS can hold.
LABEL_LIMIT = 1024

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
_JOINERS = re.compile("[\u200c\u200d]")

#: Where the label's text is not the input's (mapped), which code point an error is about
#: is found again by mapping the input one code point at a time.
_LOCATE: dict[str, Callable[[str], bool]] = {
    "U1": lambda mapped: _NOT_STD3.search(mapped) is not None,
    "C1": lambda mapped: "\u200c" in mapped,
    "C2": lambda mapped: "\u200d" in mapped,
}

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
    errors, out = _process(domain, labels_or_error, stop_at_first=False)
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
        label = _Label(domain[start:end], start, end, True)
        code, relaxed, at = _validate(label)[0]
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


def _remap(text: str) -> str:
    """idna.uts46_remap without its length limit (raises idna.IDNAError if disallowed)."""
    if len(text) <= _MAP_CHUNK:
        return str(idna.uts46_remap(text, std3_rules=False))
    pieces = [idna.uts46_remap(text[i:i + _MAP_CHUNK], std3_rules=False)
              for i in range(0, len(text), _MAP_CHUNK)]
    return unicodedata.normalize("NFC", "".join(pieces))


def _map(domain: str) -> list[_Label] | IdnaError:
    """UTS #46 processing steps 1 to 3 (map, normalize, break), label by label."""
    labels: list[_Label] = []
    start = 0
    for match in [*_FULL_STOPS.finditer(domain), None]:
        end = match.start() if match else len(domain)
        try:
            mapped = _remap(domain[start:end])
        except idna.IDNAError:
            return _locate(domain, start, end, "V7", True, None)
        for text in mapped.split("."):
            labels.append(_Label(text, start, end, False))
        start = end + 1
    return labels


def _process(domain: str, labels: list[_Label],
             stop_at_first: bool) -> tuple[list[IdnaError], list[str]]:
    """UTS #46 step 4 (convert and validate) and ToASCII steps 2 and 3.

    Returns the errors in processing order and the ASCII labels. ``stop_at_first`` is for
    an ASCII domain, whose result does not depend on the errors: only the first is needed.
    """
    errors: list[IdnaError] = []

    def record(code: str, label: _Label, relaxed: bool, at: Span | None = None) -> None:
        if at is not None and label.exact:
            errors.append(IdnaError(code, label.start + at[0], label.start + at[1], relaxed))
        elif at is not None and code in _LOCATE:
            errors.append(_locate(domain, label.start, label.end, code, relaxed, _LOCATE[code]))
        else:
            errors.append(IdnaError(code, label.start, label.end, relaxed))

    for label in labels:
        for code, relaxed, at in _validate(label):
            record(code, label, relaxed, at)
        if stop_at_first and errors:
            return errors, []
    if any(not label.text.isascii()
           and _BIDI_DOMAIN.intersection(map(unicodedata.bidirectional, label.text))
           for label in labels):
        for label in labels:
            rule = _bidi(label.text)
            if rule:
                record(rule, label, True)
    # ToASCII step 2. Python's codec encodes any string, so A3 (encoding fails) cannot occur.
    out: list[str] = []
    for label in labels:
        if label.text.isascii() or len(label.text) > LABEL_LIMIT:  # the latter refused above
            out.append(label.text)
        else:
            out.append("xn--" + label.text.encode("punycode").decode("ascii"))
    total = sum(map(len, out)) + len(out) - 1
    if out and not out[-1] and len(out) > 1:
        total -= 1  # the root label's dot does not count
    if not 1 <= total <= 253:
        errors.append(IdnaError("A4_1", 0, len(domain), False))
    for label, text in zip(labels, out, strict=True):
        if not 1 <= len(text) <= 63:
            record("A4_2", label, False)
    return errors, out


def _validate(label: _Label) -> list[tuple[str, bool, Span | None]]:
    """UTS #46 step 4 for one label: decode an ``xn--`` label, then the validity criteria.

    Returns (status, relaxed, span in the label) for each error. A decoded label replaces
    ``label.text``, as processing replaces it. Bidi (V9) needs every label and comes later.
    """
    text = label.text
    if len(text) > LABEL_LIMIT and (not text.isascii() or text.startswith("xn--")):
        return [("A4_2", True, None)]
    decoded = text.startswith("xn--")
    if decoded:
        unicode = _punycode_decode(text[4:]) if text.isascii() else None
        if not unicode or unicode.isascii():
            return [("P4", True, None)]
        label.text, label.exact, text = unicode, False, unicode
    if not text:
        return []  # the criteria are for non-empty labels; A4_2 comes later
    found: list[tuple[str, bool, Span | None]] = []
    if decoded and not _passes(idna.check_nfc, text):
        found.append(("V1", True, None))
    if text[2:4] == "--":
        found.append(("V2", False, (2, 4)))
    if text[0] == "-" or text[-1] == "-":
        found.append(("V3", False, (0, 1) if text[0] == "-" else (len(text) - 1, len(text))))
    if decoded and text.startswith("xn--"):
        found.append(("V4", True, None))
    # V5 (no full stop) holds: Punycode inserts only non-ASCII code points.
    if not _passes(idna.check_initial_combiner, text):
        found.append(("V6", True, (0, 1)))
    if decoded and not _valid_code_points(text):
        found.append(("V7", True, None))
    std3 = _NOT_STD3.search(text)
    if std3:
        found.append(("U1", False, (std3.start(), std3.end())))
    for match in _JOINERS.finditer(text):
        if not _joiner_ok(text, match.start()):
            code = "C1" if match.group() == "\u200c" else "C2"
            found.append((code, True, (match.start(), match.end())))
    return found


def _passes(check: Callable[[str], object], text: str) -> bool:
    """Whether an idna check that raises IDNAError where it fails accepts ``text``."""
    try:
        check(text)
    except idna.IDNAError:
        return False
    return True


def _valid_code_points(text: str) -> bool:
    """V7 for a decoded label: only valid or deviation code points, which is exactly when
    the mapping leaves it unchanged."""
    try:
        return _remap(text) == text
    except idna.IDNAError:
        return False


def _joiner_ok(text: str, position: int) -> bool:
    """CheckJoiners (ContextJ) for the joiner at ``position``."""
    try:
        return bool(idna.valid_contextj(text, position))
    except ValueError:  # a neighbour unknown to unicodedata: the rule cannot hold
        return False


def _bidi(text: str) -> str | None:
    """CheckBidi (V9) for one label of a bidi domain: None, or the status code."""
    if not text:
        return None
    if len(text) > LABEL_LIMIT:
        return "A4_2"
    if _passes(lambda t: idna.check_bidi(t, check_ltr=True), text):
        return None
    return _bidi_rule(text)


def _bidi_rule(text: str) -> str:
    """Which RFC 5893 rule ``text`` breaks: check_bidi says that it breaks one, not which."""
    classes = [unicodedata.bidirectional(c) for c in text]
    if classes[0] not in ("L", "R", "AL"):
        return "B1"
    rtl = classes[0] != "L"
    if any(c not in (_RTL_ALLOWED if rtl else _LTR_ALLOWED) for c in classes):
        return "B2" if rtl else "B5"
    if rtl and "EN" in classes and "AN" in classes:
        return "B4"
    return "B3" if rtl else "B6"


def _punycode_decode(text: str) -> str | None:
    """Punycode decoding of an ``xn--`` label's rest, or None where RFC 3492 fails it."""
    if text.rfind("-") == 0:
        # RFC 3492 § 6.2 consumes the last delimiter only if code points precede it, so a
        # leading one is then read as a digit, which it is not. Python's codec skips it.
        return None
    try:
        return text.encode("ascii").decode("punycode")
    except UnicodeError:
        return None


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
