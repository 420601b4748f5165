"""Diagnostics and the one exception type of the public API.

A :class:`Diagnostic` names a WHATWG validation error verbatim
(https://url.spec.whatwg.org/#validation-error) and says where it is: ``start`` and ``end``
are code-point offsets in the *original* input, before preprocessing removed anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SPEC = "https://url.spec.whatwg.org/"

#: The validation-error names of the WHATWG URL Standard (July 2026), plus the pending
#: ``IPv4-non-ASCII-input``, mapped to whether every step that raises them returns failure.
#: ``domain-to-ASCII`` and ``IPv4-out-of-range-part`` fail only sometimes; they map to False.
VALIDATION_ERRORS: dict[str, bool] = {
    "domain-to-ASCII": False,
    "domain-percent-encoded": False,
    "host-invalid-code-point": True,
    "IPv4-empty-part": False,
    "IPv4-too-few-parts": False,
    "IPv4-too-many-parts": True,
    "IPv4-non-numeric-part": True,
    "IPv4-non-decimal-part": False,
    "IPv4-out-of-range-part": False,
    "IPv4-non-ASCII-input": False,
    "IPv6-unclosed": True,
    "IPv6-invalid-compression": True,
    "IPv6-too-many-pieces": True,
    "IPv6-multiple-compression": True,
    "IPv6-invalid-code-point": True,
    "IPv6-too-few-pieces": True,
    "IPv6-piece-leading-zero": False,
    "IPv4-in-IPv6-too-many-pieces": True,
    "IPv4-in-IPv6-invalid-code-point": True,
    "IPv4-in-IPv6-out-of-range-part": True,
    "IPv4-in-IPv6-too-few-parts": True,
    "invalid-URL-unit": False,
    "special-scheme-missing-following-solidus": False,
    "missing-scheme-non-relative-URL": True,
    "invalid-reverse-solidus": False,
    "invalid-credentials": False,
    "host-missing": True,
    "port-out-of-range": True,
    "port-invalid": True,
    "file-invalid-Windows-drive-letter": False,
    "file-invalid-Windows-drive-letter-host": False,
}


def spec_anchor(code: str) -> str:
    """The standard's anchor for a validation-error name (bikeshed lowercases the ids)."""
    if code == "domain-to-ASCII":
        return SPEC + "#validation-error-domain-to-ascii"
    if code in VALIDATION_ERRORS:
        return SPEC + "#" + code.lower()
    return SPEC


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in an input, with its span in the original input.

    ``code`` is a WHATWG validation-error name, or, for problems the standard does not name
    (an operation on references that has no result), a short kebab-case name of our own.
    ``detail`` refines the code (a UTS #46 status such as ``V3``, or the offending code point);
    ``fix`` is replacement text for the span, where one exists.
    """

    code: str
    start: int
    end: int
    message: str
    component: str | None = None
    detail: str | None = None
    fix: str | None = None

    @property
    def spec(self) -> str:
        return spec_anchor(self.code)

    @property
    def failure(self) -> bool:
        return VALIDATION_ERRORS.get(self.code, True)

    def with_span(self, start: int, end: int) -> Diagnostic:
        """The same diagnostic at ``start``..``end``."""
        return Diagnostic(self.code, start, end, self.message, self.component, self.detail, self.fix)

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "start": self.start, "end": self.end,
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
