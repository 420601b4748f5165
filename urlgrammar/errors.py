"""Diagnostics and the one exception type of the public API.

A :class:`Diagnostic` names a WHATWG validation error verbatim
(https://url.spec.whatwg.org/#validation-error), or one of the project's advisories (a risk
in a string the standard may well accept, :data:`ADVISORIES`), and says where it is:
``start`` and ``end`` are code-point offsets in the *original* input, before preprocessing
removed anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

SPEC = "https://url.spec.whatwg.org/"


class Code(StrEnum):
    """Every code a :class:`Diagnostic` or a :class:`URLError` carries, equal to its name as
    text: the standard's validation-error names (https://url.spec.whatwg.org/#validation-error),
    each with its row in :data:`VALIDATION_ERRORS`; the project's advisories, each with its row
    in :data:`ADVISORIES`; and two of the project's own. A name spelled wrong is an
    AttributeError and a type error, not a diagnostic nobody looks for."""

    # The standard's validation errors (July 2026), in its order, with the pending
    # IPv4-non-ASCII-input.
    DOMAIN_TO_ASCII = "domain-to-ASCII"
    DOMAIN_PERCENT_ENCODED = "domain-percent-encoded"
    HOST_INVALID_CODE_POINT = "host-invalid-code-point"
    IPV4_EMPTY_PART = "IPv4-empty-part"
    IPV4_TOO_FEW_PARTS = "IPv4-too-few-parts"
    IPV4_TOO_MANY_PARTS = "IPv4-too-many-parts"
    IPV4_NON_NUMERIC_PART = "IPv4-non-numeric-part"
    IPV4_NON_DECIMAL_PART = "IPv4-non-decimal-part"
    IPV4_OUT_OF_RANGE_PART = "IPv4-out-of-range-part"
    IPV4_NON_ASCII_INPUT = "IPv4-non-ASCII-input"
    IPV6_UNCLOSED = "IPv6-unclosed"
    IPV6_INVALID_COMPRESSION = "IPv6-invalid-compression"
    IPV6_TOO_MANY_PIECES = "IPv6-too-many-pieces"
    IPV6_MULTIPLE_COMPRESSION = "IPv6-multiple-compression"
    IPV6_INVALID_CODE_POINT = "IPv6-invalid-code-point"
    IPV6_TOO_FEW_PIECES = "IPv6-too-few-pieces"
    IPV6_PIECE_LEADING_ZERO = "IPv6-piece-leading-zero"
    IPV4_IN_IPV6_TOO_MANY_PIECES = "IPv4-in-IPv6-too-many-pieces"
    IPV4_IN_IPV6_INVALID_CODE_POINT = "IPv4-in-IPv6-invalid-code-point"
    IPV4_IN_IPV6_OUT_OF_RANGE_PART = "IPv4-in-IPv6-out-of-range-part"
    IPV4_IN_IPV6_TOO_FEW_PARTS = "IPv4-in-IPv6-too-few-parts"
    INVALID_URL_UNIT = "invalid-URL-unit"
    SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS = "special-scheme-missing-following-solidus"
    MISSING_SCHEME_NON_RELATIVE_URL = "missing-scheme-non-relative-URL"
    INVALID_REVERSE_SOLIDUS = "invalid-reverse-solidus"
    INVALID_CREDENTIALS = "invalid-credentials"
    HOST_MISSING = "host-missing"
    PORT_OUT_OF_RANGE = "port-out-of-range"
    PORT_INVALID = "port-invalid"
    FILE_INVALID_WINDOWS_DRIVE_LETTER = "file-invalid-Windows-drive-letter"
    FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST = "file-invalid-Windows-drive-letter-host"
    # The advisories: risks beyond validity.
    CONFUSABLE_HOST = "confusable-host"
    MIXED_SCRIPT_HOST = "mixed-script-host"
    INVISIBLE_HOST_CODE_POINT = "invisible-host-code-point"
    HOST_LOOKALIKE_CREDENTIALS = "host-lookalike-credentials"
    INTERNAL_ADDRESS = "internal-address"
    SCHEME_RELATIVE_HOST_CHANGE = "scheme-relative-host-change"
    SCRIPT_URL = "script-url"
    PARSER_DISAGREEMENT = "parser-disagreement"
    SPOOFING_CHECK_UNAVAILABLE = "spoofing-check-unavailable"
    DELIMITER_LOOKALIKE_HOST = "delimiter-lookalike-host"
    ACTIVE_DATA_URL = "active-data-url"
    UNSAFE_FETCH_SCHEME = "unsafe-fetch-scheme"
    LOOKALIKE_DOMAIN = "lookalike-domain"
    UNSAFE_HOST_CODE_POINT = "unsafe-host-code-point"
    # The project's own: a failure that no diagnostic names (URLError without diagnostics),
    # and a grammar that did not read a text (the grammars are total: a bug if it happens).
    FAILURE = "failure"
    GRAMMAR = "grammar"
    # The RFC grammars' one finding (``urlgrammar check --syntax rfc3986`` or ``rfc3987``):
    # where the string stops being what RFC 3986's (RFC 3987's) ABNF allows.
    RFC3986_SYNTAX = "rfc3986-syntax"
    RFC3987_SYNTAX = "rfc3987-syntax"

    def __repr__(self) -> str:
        # Shown as the name it equals, as before the codes were an enum: a list of a report's
        # codes reads ['invalid-URL-unit'], in a REPL, a doctest or a data frame alike.
        return repr(self.value)

class ValidationError(NamedTuple):
    """What the project says about one of the standard's validation errors: whether every
    step that raises it returns failure, its anchor in the standard, and a plain message."""

    failure: bool
    spec: str
    message: str


def _error(name: Code, failure: bool, message: str,
           anchor: str | None = None) -> tuple[Code, ValidationError]:
    # Bikeshed lowercases the ids of the standard's <dfn>s.
    return name, ValidationError(failure, SPEC + "#" + (anchor or name.lower()), message)


#: The validation-error names of the WHATWG URL Standard (July 2026), plus the pending
#: ``IPv4-non-ASCII-input``: the one table of their failure flags, anchors and messages.
#: ``domain-to-ASCII`` and ``IPv4-out-of-range-part`` fail only sometimes; their flag is False.
#: Every diagnostic with one of these names takes its message from here, through
#: :func:`message`, which may add the specifics of one occurrence.
VALIDATION_ERRORS: dict[Code, ValidationError] = dict([
    _error(Code.DOMAIN_TO_ASCII, False, "The domain breaks the rules for internationalised domain "
           "names.", "validation-error-domain-to-ascii"),
    _error(Code.DOMAIN_PERCENT_ENCODED, False, "The domain is percent-encoded."),
    _error(Code.HOST_INVALID_CODE_POINT, True, "The host has a code point that a host cannot have."),
    _error(Code.IPV4_EMPTY_PART, False, "The IPv4 address ends with a dot."),
    _error(Code.IPV4_TOO_FEW_PARTS, False, "The IPv4 address has fewer than four parts."),
    _error(Code.IPV4_TOO_MANY_PARTS, True, "The IPv4 address has more than four parts."),
    _error(Code.IPV4_NON_NUMERIC_PART, True, "This part of the IPv4 address is not a decimal, octal "
           "or hexadecimal number."),
    _error(Code.IPV4_NON_DECIMAL_PART, False, "This part of the IPv4 address is written in "
           "hexadecimal or octal."),
    _error(Code.IPV4_OUT_OF_RANGE_PART, False, "This part of the IPv4 address is larger than the "
           "bytes it fills can hold."),
    _error(Code.IPV4_NON_ASCII_INPUT, False, "The IPv4 address is written with non-ASCII code points."),
    _error(Code.IPV6_UNCLOSED, True, "The IPv6 address has no closing bracket."),
    _error(Code.IPV6_INVALID_COMPRESSION, True, "The IPv6 address starts with a single colon."),
    _error(Code.IPV6_TOO_MANY_PIECES, True, "The IPv6 address has more than eight pieces."),
    _error(Code.IPV6_MULTIPLE_COMPRESSION, True, "The IPv6 address uses '::' more than once."),
    _error(Code.IPV6_INVALID_CODE_POINT, True, "The IPv6 address has a code point that is not a hex "
           "digit, or ends after a colon."),
    _error(Code.IPV6_TOO_FEW_PIECES, True, "The IPv6 address has fewer than eight pieces and no '::'."),
    _error(Code.IPV6_PIECE_LEADING_ZERO, False, "This IPv6 piece has a leading zero."),
    _error(Code.IPV4_IN_IPV6_TOO_MANY_PIECES, True, "The embedded IPv4 address starts after more "
           "than six pieces."),
    _error(Code.IPV4_IN_IPV6_INVALID_CODE_POINT, True, "The embedded IPv4 address has an empty part, "
           "a non-digit, a leading zero or more than four parts."),
    _error(Code.IPV4_IN_IPV6_OUT_OF_RANGE_PART, True, "A part of the embedded IPv4 address is over 255."),
    _error(Code.IPV4_IN_IPV6_TOO_FEW_PARTS, True, "The embedded IPv4 address has fewer than four parts."),
    _error(Code.INVALID_URL_UNIT, False, "A valid URL cannot have this code point here."),
    _error(Code.SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, False, "A special URL's scheme is not "
           "followed by exactly two slashes."),
    _error(Code.MISSING_SCHEME_NON_RELATIVE_URL, True, "The input has no scheme, and no base URL it "
           "could be relative to."),
    _error(Code.INVALID_REVERSE_SOLIDUS, False, "A special URL uses a backslash where a slash belongs."),
    _error(Code.INVALID_CREDENTIALS, False, "The URL includes a username or password, which a valid "
           "URL string cannot have."),
    _error(Code.HOST_MISSING, True, "The URL has no host where it needs one."),
    _error(Code.PORT_OUT_OF_RANGE, True, "The port is greater than 65535."),
    _error(Code.PORT_INVALID, True, "The port is not a number."),
    _error(Code.FILE_INVALID_WINDOWS_DRIVE_LETTER, False, "A relative file URL starts with a Windows "
           "drive letter."),
    _error(Code.FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST, False, "A file URL's host is a Windows drive "
           "letter."),
])


#: The severity of the standard's validation errors and of the project's advisories.
ERROR, ADVISORY = "error", "advisory"


class Advisory(NamedTuple):
    """What the project says about one of its advisories: the section of the standard that
    gives the reason, and a plain message."""

    spec: str
    message: str


def _advisory(code: Code, anchor: str, message: str) -> tuple[Code, Advisory]:
    return code, Advisory(SPEC + "#" + anchor, message)


#: The advisories (:mod:`urlgrammar.checking.advisories`): risks in strings that may be valid
#: URL strings, which the standard's sections on security and URL rendering warn of but do
#: not make validation errors. Their codes are stable; they never make a URL invalid.
ADVISORIES: dict[Code, Advisory] = dict([
    _advisory(Code.CONFUSABLE_HOST, "url-rendering-i18n", "A label of the host looks like a "
              "different, all-Latin label (UTS #39 confusables)."),
    _advisory(Code.MIXED_SCRIPT_HOST, "url-rendering-i18n", "A label of the host mixes scripts "
              "that UTS #39's Highly Restrictive level does not allow together."),
    _advisory(Code.INVISIBLE_HOST_CODE_POINT, "url-rendering-i18n", "The host holds a code point "
              "that the domain mapping removes or turns into a dot, unseen."),
    _advisory(Code.HOST_LOOKALIKE_CREDENTIALS, "url-rendering-simplification", "The username "
              "looks like a host, but the URL goes to the host after the '@'."),
    _advisory(Code.INTERNAL_ADDRESS, "security-considerations", "The host is an internal "
              "address, which a server that fetches URLs for others must not reach."),
    _advisory(Code.SCHEME_RELATIVE_HOST_CHANGE, "security-considerations", "The reference keeps "
              "the base URL's scheme but replaces its host."),
    _advisory(Code.SCRIPT_URL, "security-considerations", "A javascript: or vbscript: URL runs "
              "script where it is followed; it names no resource."),
    _advisory(Code.PARSER_DISAGREEMENT, "security-considerations", "A Python URL "
              "reader reads a different scheme, host or port than the standard."),
    _advisory(Code.SPOOFING_CHECK_UNAVAILABLE, "url-rendering-i18n", "The host has a label that "
              "is not ASCII, and the checks for confusable and mixed-script labels could not run."),
    _advisory(Code.DELIMITER_LOOKALIKE_HOST, "url-rendering-i18n", "The host holds a code point "
              "that looks like a URL delimiter, so that it reads as a host and more."),
    _advisory(Code.ACTIVE_DATA_URL, "security-considerations", "A data: URL whose media type a "
              "browser renders as a document or runs as script (HTML, XML, SVG, JavaScript)."),
    _advisory(Code.UNSAFE_FETCH_SCHEME, "security-considerations", "A server that fetches URLs for "
              "others reads local files or talks to internal services with this scheme."),
    _advisory(Code.LOOKALIKE_DOMAIN, "url-rendering-i18n", "The host ends in a look-alike of a "
              "well-known domain: the same UTS #39 skeleton, diacritics removed, but another domain."),
    _advisory(Code.UNSAFE_HOST_CODE_POINT, "url-rendering-i18n", "A label of the host holds a "
              "code point that browsers do not show in Unicode: one not allowed in identifiers "
              "(UTS #39), a mark repeated or misplaced, or a letter outside its country's domain."),
])

_BY_NAME: dict[str, Code] = {c.value: c for c in Code}


def code_named(text: str) -> Code | None:
    """The code whose name is ``text``, or None: for text that may name one (a SARIF rule's
    id, a code given on the command line)."""
    return _BY_NAME.get(text)


def escape(text: str) -> str:
    """``text`` as a message quotes it: each code point that does not show as itself written
    as in a Python string literal (``\\n``, ``\\x1b``, ``\\x85``, ``\\u202e``), the rest as it is.

    The one way the library quotes input, or text made from it (a percent-decoded host), in a
    message: what it escapes is what ``str.isprintable`` refuses (controls, format and bidi
    controls, line and paragraph separators, spaces other than U+0020, surrogates, private-use
    and unassigned code points), so every code point of
    :data:`~urlgrammar.model.code_points.LINE_OR_TERMINAL_CONTROL` among them: no input can
    add a line to a message, start a terminal's escape sequence or reorder the text around it.
    A backslash stays as it is, so that the backslashes URLs are full of read as written and
    escaping twice changes nothing; the price is that ``\\n`` may be the two characters, which
    the diagnostic's span tells apart.
    """
    if text.isprintable():
        return text
    # repr of one code point that is not printable is its escape, between quotes.
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def message(code: Code, specifics: str | None = None) -> str:
    """The message for the validation error or advisory ``code``: the table's, with the
    ``specifics`` of one occurrence (a clause, such as the offending code point) after a
    colon. The specifics go through :func:`escape`, so that a quote of the input that a caller
    left raw cannot break the message either."""
    error = VALIDATION_ERRORS.get(code)
    base = error.message if error is not None else ADVISORIES[code].message
    if not specifics:
        return base
    return f"{base.removesuffix('.')}: {escape(specifics).removesuffix('.')}."


def spec_anchor(code: str) -> str:
    """The standard's anchor for a validation-error name or advisory; the standard's start
    for another (the command line's own problems, such as ``line-too-long``)."""
    known = code_named(code)
    if known in VALIDATION_ERRORS:
        return VALIDATION_ERRORS[known].spec
    if known in (Code.RFC3986_SYNTAX, Code.RFC3987_SYNTAX):
        return f"https://www.rfc-editor.org/rfc/{known.value[:7]}"
    return ADVISORIES[known].spec if known in ADVISORIES else SPEC


class Diagnostic(NamedTuple):
    """One problem in an input, with its span in the original input.

    ``code`` is a WHATWG validation-error name, or, for problems the standard does not name
    (an operation on references that has no result), a short kebab-case name of our own.
    ``detail`` refines the code (a UTS #46 status such as ``V3``, or the offending code point);
    ``fix`` is replacement text for the span, where one exists. ``severity`` is ``"error"``
    for those, and ``"advisory"`` for an advisory, which never makes a URL invalid.

    A named tuple, as a diagnostic is made once per offending code point (a path of a million
    backslashes has a million): one costs several times less to build than a frozen dataclass.
    It keeps a record's manners all the same: its fields cannot be assigned, and it equals only
    another Diagnostic with equal fields, not a tuple of them.
    """

    code: Code
    start: int
    end: int
    message: str
    component: str | None = None
    detail: str | None = None
    fix: str | None = None
    severity: str = ERROR

    @property
    def spec(self) -> str:
        return spec_anchor(self.code)

    @property
    def failure(self) -> bool:
        if self.severity == ADVISORY:
            return False
        error = VALIDATION_ERRORS.get(self.code)
        return True if error is None else error.failure

    def with_span(self, start: int, end: int) -> Diagnostic:
        """The same diagnostic at ``start``..``end``."""
        return Diagnostic(self.code, start, end, self.message, self.component, self.detail, self.fix,
                          self.severity)

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "severity": self.severity, "start": self.start, "end": self.end,
                "component": self.component, "message": self.message,
                "detail": self.detail, "fix": self.fix, "spec": self.spec}

    def __str__(self) -> str:
        return f"{self.code} at {self.start}..{self.end}: {self.message}"

    def __eq__(self, other: object) -> bool:
        return type(other) is Diagnostic and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


class URLError(ValueError):
    """Raised where the public API has no result. Its message names the problem first.

    ``code`` is the name of the error that caused the failure and ``diagnostics`` holds every
    diagnostic collected up to that point (the failing one last).
    """

    def __init__(self, message: str, diagnostics: Iterable[Diagnostic] = (), code: Code | None = None):
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        failing = self.diagnostics[-1] if self.diagnostics else None
        self.code: Code = code or (failing.code if failing else Code.FAILURE)
        if failing is not None and not message.startswith(failing.code):
            message = f"{failing.code} at {failing.start}..{failing.end}: {message}"
        super().__init__(message)

    @classmethod
    def of(cls, diagnostic: Diagnostic, earlier: Iterable[Diagnostic] = ()) -> URLError:
        return cls(str(diagnostic), (*earlier, diagnostic))
