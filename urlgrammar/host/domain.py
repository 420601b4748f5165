"""The domain parser: UTS #46 ToASCII and ToUnicode as the URL Standard runs them.

https://url.spec.whatwg.org/#concept-domain-to-ascii, built on the ``idna`` package's UTS #46
mapping (``uts46_remap``) and joining types; ``idna.encode`` implements IDNA2008, which is
stricter than UTS #46, so it is not used.

Unicode versions. Every Unicode datum follows one version, ``UNICODE_VERSION`` of
:mod:`.label_rules` (18.0.0): the UTS #46 mapping table and the joining types of ``idna``
3.20, and, from ``unicodedata2`` 18.0, the general category (leading combining marks, UTS #46
section 4.1 criterion 6), the bidi class (CheckBidi, RFC 5893), the canonical combining class
(the virama of CheckJoiners, RFC 5892 Appendix A) and NFC. The standard cites UTS #46
undated, so the latest version: whatwg-url 17.3.0 has 18.0's tables too. Unicode's
IdnaTestV2.txt that the tests run, and WPT's copy of it, are 17.0, where the code points that
18.0 assigns are disallowed; the tests mark the cases where that changes a result (see
``tests/unicode_versions.py``). ``idna``'s own checks read Python's ``unicodedata`` (Unicode
14.0 on Python 3.11, 15.1 on 3.13), which would make results depend on the interpreter, so
this module has its own; ``uts46_remap`` normalizes with it too, and its result is normalized
again (see :func:`.label_rules.remap`). The two packages are pinned together
(pyproject.toml), and importing this module warns where the installed ones are of another
version (:class:`.label_rules.UnicodeVersionWarning`).

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

import idna

from urlgrammar.errors import Code, Diagnostic, URLError, message
from urlgrammar.host.label_rules import (
    MAP_CHUNK,
    NOT_STD3,
    bidi_failure,
    convert_and_validate,
    has_rtl,
    remap,
)
from urlgrammar.host.labels_at_once import Pieces, ascii_labels, map_at_once, mapping_table
from urlgrammar.host.punycode import punycode_encode
from urlgrammar.model.code_points import FORBIDDEN_DOMAIN_CODE_POINTS, one_of
from urlgrammar.model.record import Span

#: An ASCII domain, lowercased, that passes the strict run as it is: labels of 1 to 63
#: letters, digits and inner hyphens, no `--` in positions 3 and 4 (so no `xn--` label to
#: decode), no empty label. The caller also checks the length (at most 253).
STRICT_ASCII_DOMAIN = re.compile(
    r"(?:(?![^.]{2}--)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*"
    r"(?![^.]{2}--)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")

#: Where an ASCII label (no xn--) breaks a validity criterion: V2 (`--` in positions 3 and
#: 4), V3 (a hyphen first or last) or U1 (anything but a lowercase letter, digit, hyphen).
_ASCII_PROBLEM = re.compile(r"(?:^|(?<=\.))(?:[^.]{2}--|-)|-(?=\.|$)|[^a-z0-9.-]")
_NOT_LDH = re.compile(r"[^a-z0-9.-]")  # U1, all that a domain without a hyphen can break
#: The start of an empty label or of a label over 63 code points (A4_2).
_ASCII_BAD_LENGTH = re.compile(r"(?:^|(?<=\.))(?:(?=\.|$)|[^.]{64})")

#: https://url.spec.whatwg.org/#forbidden-domain-code-point
FORBIDDEN_DOMAIN = re.compile(one_of(FORBIDDEN_DOMAIN_CODE_POINTS))
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
    labels: Sequence[Span] | None


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
            if first is None and strict == lowered:
                _remember(strict, [label.text for label in labels])
        else:
            first, strict = _first_ascii_error(lowered), lowered
        if be_strict:
            return DomainResult(None if first else strict, first, None)
        failing = _relaxed_result_error(domain, lowered)
        if failing is not None:
            return DomainResult(None, failing, None)
        return DomainResult(lowered, first, None)
    run = _processed(domain)
    if isinstance(run, IdnaError):
        return DomainResult(None, run, None)
    found, result, spans = run
    if be_strict:
        return DomainResult(None if found else result, _first(found), spans)
    failing = next((e for e in found if e.relaxed), None)
    if failing is None and (not result or any(e.code == "U1" for e in found)):
        failing = _relaxed_result_error(domain, result)
    if failing is not None:
        return DomainResult(None, failing, spans)
    return DomainResult(result, _first(found), spans)


#: The errors (up to the first that counts under the relaxed settings), result and spans.
_Run = tuple[tuple[IdnaError, ...], str, Sequence[Span]]


@lru_cache(maxsize=4)
def _processed(domain: str) -> _Run | IdnaError:
    """UTS #46 processing of a domain beyond ASCII, or the error that stopped the mapping. One
    run serves both settings (the strict run's first error is the first of these); validate asks
    of a host the relaxed result, the strict verdict and, for urllib's reading, the result."""
    mapped = _map(domain)
    if isinstance(mapped, IdnaError):
        return mapped
    texts, spans = mapped
    out = ascii_labels(".".join(texts), texts)
    if out is None:
        labels = [_Label(text, start, end, False) for text, (start, end) in zip(texts, spans, strict=True)]
        errors, out = _process(domain, labels, stop_at_first=False)
        texts = [label.text for label in labels]
    else:
        errors = _lengths(domain, spans, out)
    result = ".".join(out)
    if not any(error.relaxed for error in errors):
        _remember(result, texts)
    return tuple(errors), result, spans


#: The Unicode labels of the last few domains processed, by their ASCII result (advisories, display).
_UNICODE_LABELS: dict[str, tuple[str, ...]] = {}


def _remember(ascii: str, labels: list[str]) -> None:
    if len(_UNICODE_LABELS) >= 4:
        _UNICODE_LABELS.clear()
    _UNICODE_LABELS[ascii] = tuple(labels)


def unicode_labels(ascii: str) -> tuple[str, ...] | None:
    """The Unicode labels of ``ascii``, a recent domain parser's result, as domain to Unicode gives them."""
    return _UNICODE_LABELS.get(ascii)


def domain_to_ascii(domain: str, be_strict: bool = False) -> str:
    """https://url.spec.whatwg.org/#concept-domain-to-ascii: the domain parser's result.
    Raises :class:`URLError` (``domain-to-ASCII``, detail: the UTS #46 status) on failure."""
    result = parse_domain(domain, be_strict)
    if result.ascii is None:
        assert result.error is not None
        raise URLError.of(diagnostic(result.error, result.error.start, result.error.end))
    return result.ascii


def domain_to_unicode(domain: str) -> str:
    """https://url.spec.whatwg.org/#concept-domain-to-unicode: UTS #46 ToUnicode with the URL
    Standard's flags; on any error, ``domain`` unchanged."""
    mapped = _map(domain)
    if isinstance(mapped, IdnaError):
        return domain
    labels = [_Label(text, start, end, False) for text, (start, end) in zip(*mapped, strict=True)]
    errors, _ = _process(domain, labels, stop_at_first=False)
    if any(error.relaxed for error in errors):
        return domain
    return ".".join(label.text for label in labels)


def diagnostic(error: IdnaError, start: int, end: int) -> Diagnostic:
    """The ``domain-to-ASCII`` validation error for ``error``, at ``start``..``end``."""
    return Diagnostic(Code.DOMAIN_TO_ASCII, start, end, message(Code.DOMAIN_TO_ASCII, STATUS[error.code]),
                      "host", detail=error.code)


def _first(errors: Sequence[IdnaError]) -> IdnaError | None:
    return errors[0] if errors else None


def _relaxed_result_error(domain: str, result: str) -> IdnaError | None:
    """Steps 7 and 8 of the domain parser: an empty result, or one with a forbidden domain code point
    (each breaks UseSTD3ASCIIRules: U1 errors tell), is failure. Returns the strict run's status, or None."""
    if not result:
        return IdnaError("A4_1", 0, len(domain), True)
    if FORBIDDEN_DOMAIN.search(result):
        return _locate(domain, 0, len(domain), "U1", True,
                       lambda m: FORBIDDEN_DOMAIN.search(m) is not None)
    return None


def _first_ascii_error(domain: str) -> IdnaError | None:
    """The strict run's first error for a lowercase ASCII domain without ``xn--`` labels.

    Without them nothing is decoded and there is no bidi domain, so the first error is in
    the first label that _ASCII_PROBLEM finds (_NOT_LDH without a hyphen: one class, at a
    tenth of the cost), or else one of the lengths, found without a step per label."""
    problem = (_ASCII_PROBLEM if "-" in domain else _NOT_LDH).search(domain)
    if problem:
        start = domain.rfind(".", 0, problem.start()) + 1
        end = domain.find(".", problem.start()) % (len(domain) + 1)
        code, relaxed, at = convert_and_validate(domain[start:end])[1][0]
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


def _map(domain: str) -> tuple[list[str], Sequence[Span]] | IdnaError:
    """UTS #46 processing steps 1 to 3 (map, normalize, break): the labels, each with the span
    of the piece of ``domain`` it comes from, or the error that stopped the mapping. In Unicode
    18.0, as before, only the full stops map to U+002E, so each piece is one label and the
    whole domain maps at once (NFC never composes across a full stop); where a table says
    otherwise, the pieces are mapped one at a time."""
    try:
        table = mapping_table(domain)
    except idna.IDNAError:
        return _locate(domain, 0, len(domain), "V7", True, None)
    spans = Pieces(domain)
    texts = map_at_once(domain, table)
    if texts is not None and len(texts) == len(spans):
        return texts, spans
    texts, label_spans = [], []
    for start, end in spans:
        try:
            mapped = remap(domain[start:end], table)
        except idna.IDNAError:
            return _locate(domain, start, end, "V7", True, None)
        for text in mapped.split("."):
            texts.append(text)
            label_spans.append((start, end))
    return texts, tuple(label_spans)


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
                                  lambda mapped: NOT_STD3.search(mapped) is not None))
        elif at is not None and code in ("C1", "C2"):
            errors.append(_locate_joiner(domain, label, at[0], code, relaxed))
        else:
            errors.append(IdnaError(code, label.start, label.end, relaxed))

    # Labels that repeat are processed once: each step depends on the label's text alone.
    validate, bidi, encode = cache(convert_and_validate), cache(bidi_failure), cache(punycode_encode)
    for label in labels:
        decoded, found = validate(label.text)
        if decoded is not None:
            label.text, label.exact = decoded, False
        for code, relaxed, at in found:
            record(code, label, relaxed, at)
        if failed or (stop_at_first and errors):
            return errors, []
    if any(map(cache(has_rtl), (label.text for label in labels))):
        for label in labels:
            rule = bidi(label.text)
            if rule:
                record(rule, label, True)
                return errors, []
    # ToASCII step 2. A3 (Punycode encoding fails) cannot occur: Python's ints do not overflow.
    out = [label.text if label.text.isascii() else "xn--" + encode(label.text) for label in labels]
    errors.extend(_lengths(domain, [(label.start, label.end) for label in labels], out))
    return errors, out


def _lengths(domain: str, spans: Sequence[Span], out: list[str]) -> list[IdnaError]:
    """VerifyDnsLength (UTS #46 section 4.2 ToASCII step 3) of the ASCII labels ``out``."""
    errors = []
    # The root label's dot does not count.
    total = sum(map(len, out)) + len(out) - 1 - (len(out) > 1 and not out[-1])
    if not 1 <= total <= 253:
        errors.append(IdnaError("A4_1", 0, len(domain), False))
    if "" in out[:-1] or max(map(len, out)) > 63:
        errors.extend(IdnaError("A4_2", start, end, False)
                      for (start, end), text in zip(spans, out, strict=True) if not 1 <= len(text) <= 63)
    elif not out[-1]:  # the root label
        errors.append(IdnaError("A4_2", *spans[-1], False))
    return errors


def _locate(domain: str, start: int, end: int, code: str, relaxed: bool,
            predicate: Callable[[str], bool] | None) -> IdnaError:
    """The error at the first code point of ``domain[start:end]`` that UTS #46 disallows
    (``predicate`` None) or whose mapping satisfies ``predicate``; else the whole span."""
    def hit(text: str) -> bool:
        try:
            mapped = remap(text)
        except idna.IDNAError:
            return predicate is None
        return predicate is not None and predicate(mapped)

    for chunk in range(start, end, MAP_CHUNK):
        piece = domain[chunk:min(chunk + MAP_CHUNK, end)]
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
