"""Diagnostics and the one exception type of the public API.

A :class:`Diagnostic` names a WHATWG validation error verbatim
(https://url.spec.whatwg.org/#validation-error), or one of the project's advisories (a risk
in a string the standard may well accept, :data:`ADVISORIES`), and says where it is:
``start`` and ``end`` are code-point offsets in the *original* input, before preprocessing
removed anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

SPEC = "https://url.spec.whatwg.org/"

class ValidationError(NamedTuple):
    """What the project says about one of the standard's validation errors: whether every
    step that raises it returns failure, its anchor in the standard, and a plain message."""

    failure: bool
    spec: str
    message: str


def _error(name: str, failure: bool, message: str, anchor: str | None = None) -> tuple[str, ValidationError]:
    # Bikeshed lowercases the ids of the standard's <dfn>s.
    return name, ValidationError(failure, SPEC + "#" + (anchor or name.lower()), message)


#: The validation-error names of the WHATWG URL Standard (July 2026), plus the pending
#: ``IPv4-non-ASCII-input``: the one table of their failure flags, anchors and messages.
#: ``domain-to-ASCII`` and ``IPv4-out-of-range-part`` fail only sometimes; their flag is False.
#: Every diagnostic with one of these names takes its message from here, through
#: :func:`message`, which may add the specifics of one occurrence.
VALIDATION_ERRORS: dict[str, ValidationError] = dict([
    _error("domain-to-ASCII", False, "The domain breaks the rules for internationalised domain "
           "names.", "validation-error-domain-to-ascii"),
    _error("domain-percent-encoded", False, "The domain is percent-encoded."),
    _error("host-invalid-code-point", True, "The host has a code point that a host cannot have."),
    _error("IPv4-empty-part", False, "The IPv4 address ends with a dot."),
    _error("IPv4-too-few-parts", False, "The IPv4 address has fewer than four parts."),
    _error("IPv4-too-many-parts", True, "The IPv4 address has more than four parts."),
    _error("IPv4-non-numeric-part", True, "This part of the IPv4 address is not a decimal, octal "
           "or hexadecimal number."),
    _error("IPv4-non-decimal-part", False, "This part of the IPv4 address is written in "
           "hexadecimal or octal."),
    _error("IPv4-out-of-range-part", False, "This part of the IPv4 address is larger than the "
           "bytes it fills can hold."),
    _error("IPv4-non-ASCII-input", False, "The IPv4 address is written with non-ASCII code points."),
    _error("IPv6-unclosed", True, "The IPv6 address has no closing bracket."),
    _error("IPv6-invalid-compression", True, "The IPv6 address starts with a single colon."),
    _error("IPv6-too-many-pieces", True, "The IPv6 address has more than eight pieces."),
    _error("IPv6-multiple-compression", True, "The IPv6 address uses '::' more than once."),
    _error("IPv6-invalid-code-point", True, "The IPv6 address has a code point that is not a hex "
           "digit, or ends after a colon."),
    _error("IPv6-too-few-pieces", True, "The IPv6 address has fewer than eight pieces and no '::'."),
    _error("IPv6-piece-leading-zero", False, "This IPv6 piece has a leading zero."),
    _error("IPv4-in-IPv6-too-many-pieces", True, "The embedded IPv4 address starts after more "
           "than six pieces."),
    _error("IPv4-in-IPv6-invalid-code-point", True, "The embedded IPv4 address has an empty part, "
           "a non-digit, a leading zero or more than four parts."),
    _error("IPv4-in-IPv6-out-of-range-part", True, "A part of the embedded IPv4 address is over 255."),
    _error("IPv4-in-IPv6-too-few-parts", True, "The embedded IPv4 address has fewer than four parts."),
    _error("invalid-URL-unit", False, "A valid URL cannot have this code point here."),
    _error("special-scheme-missing-following-solidus", False, "A special URL's scheme is not "
           "followed by exactly two slashes."),
    _error("missing-scheme-non-relative-URL", True, "The input has no scheme, and no base URL it "
           "could be relative to."),
    _error("invalid-reverse-solidus", False, "A special URL uses a backslash where a slash belongs."),
    _error("invalid-credentials", False, "The URL includes a username or password, which a valid "
           "URL string cannot have."),
    _error("host-missing", True, "The URL has no host where it needs one."),
    _error("port-out-of-range", True, "The port is greater than 65535."),
    _error("port-invalid", True, "The port is not a number."),
    _error("file-invalid-Windows-drive-letter", False, "A relative file URL starts with a Windows "
           "drive letter."),
    _error("file-invalid-Windows-drive-letter-host", False, "A file URL's host is a Windows drive "
           "letter."),
])


#: The severity of the standard's validation errors and of the project's advisories.
ERROR, ADVISORY = "error", "advisory"


class Advisory(NamedTuple):
    """What the project says about one of its advisories: the section of the standard that
    gives the reason, and a plain message."""

    spec: str
    message: str


def _advisory(code: str, anchor: str, message: str) -> tuple[str, Advisory]:
    return code, Advisory(SPEC + "#" + anchor, message)


#: The advisories (:mod:`urlgrammar.checking.advisories`): risks in strings that may be valid
#: URL strings, which the standard's sections on security and URL rendering warn of but do
#: not make validation errors. Their codes are stable; they never make a URL invalid.
ADVISORIES: dict[str, Advisory] = dict([
    _advisory("confusable-host", "url-rendering-i18n", "A label of the host looks like a "
              "different, all-Latin label (UTS #39 confusables)."),
    _advisory("mixed-script-host", "url-rendering-i18n", "A label of the host mixes scripts "
              "that UTS #39's Highly Restrictive level does not allow together."),
    _advisory("invisible-host-code-point", "url-rendering-i18n", "The host holds a code point "
              "that the domain mapping removes or turns into a dot, unseen."),
    _advisory("host-lookalike-credentials", "url-rendering-simplification", "The username "
              "looks like a host, but the URL goes to the host after the '@'."),
    _advisory("internal-address", "security-considerations", "The host is an internal "
              "address, which a server that fetches URLs for others must not reach."),
    _advisory("scheme-relative-host-change", "security-considerations", "The reference keeps "
              "the base URL's scheme but replaces its host."),
    _advisory("script-url", "security-considerations", "A javascript: URL runs script where "
              "it is followed; it names no resource."),
    _advisory("parser-disagreement", "security-considerations", "Python's "
              "urllib.parse.urlsplit reads a different scheme, host or port than the standard."),
    _advisory("spoofing-check-unavailable", "url-rendering-i18n", "The host has a label that "
              "is not ASCII, and the checks for confusable and mixed-script labels could not run."),
])


def message(code: str, specifics: str | None = None) -> str:
    """The message for the validation error or advisory ``code``: the table's, with the
    ``specifics`` of one occurrence (a clause, such as the offending code point) after a
    colon."""
    error = VALIDATION_ERRORS.get(code)
    base = error.message if error is not None else ADVISORIES[code].message
    if not specifics:
        return base
    return f"{base.removesuffix('.')}: {specifics.removesuffix('.')}."


def spec_anchor(code: str) -> str:
    """The standard's anchor for a validation-error name or advisory; the standard's start
    for another."""
    error = VALIDATION_ERRORS.get(code)
    if error is not None:
        return error.spec
    advisory = ADVISORIES.get(code)
    return SPEC if advisory is None else advisory.spec


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in an input, with its span in the original input.

    ``code`` is a WHATWG validation-error name, or, for problems the standard does not name
    (an operation on references that has no result), a short kebab-case name of our own.
    ``detail`` refines the code (a UTS #46 status such as ``V3``, or the offending code point);
    ``fix`` is replacement text for the span, where one exists. ``severity`` is ``"error"``
    for those, and ``"advisory"`` for an advisory, which never makes a URL invalid.
    """

    code: str
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


class URLError(ValueError):
    """Raised where the public API has no result. Its message names the problem first.

    ``code`` is the name of the error that caused the failure and ``diagnostics`` holds every
    diagnostic collected up to that point (the failing one last).
    """

    def __init__(self, message: str, diagnostics: Iterable[Diagnostic] = (), code: str | None = None):
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        failing = self.diagnostics[-1] if self.diagnostics else None
        self.code: str = code or (failing.code if failing else "failure")
        if failing is not None and not message.startswith(failing.code):
            message = f"{failing.code} at {failing.start}..{failing.end}: {message}"
        super().__init__(message)

    @classmethod
    def of(cls, diagnostic: Diagnostic, earlier: Iterable[Diagnostic] = ()) -> URLError:
        return cls(str(diagnostic), (*earlier, diagnostic))
