"""``urlgrammar check --syntax rfc3986`` (or ``rfc3987``): each input judged by RFC 3986's
(RFC 3987's) ABNF instead of the WHATWG URL Standard, through :func:`urlgrammar.rfc3986.validate`.

Without a base an input must be a ``URI`` (an ``IRI``): absolute, as the standard's check wants
an absolute URL; against a base (``--base``, an HTML document's) a ``URI-reference`` (an
``IRI-reference``), and its href is the target by RFC 3986 § 5.2. The one finding,
``rfc3986-syntax`` (``rfc3987-syntax``), is where the ABNF cannot continue, with what it
expected there. The RFCs have no advisories and no suggestions; the run is in this process.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

from urlgrammar.cli.check.formats import Checked, Result
from urlgrammar.cli.check.sources import Input
from urlgrammar.errors import Code, Diagnostic, URLError
from urlgrammar.rfc3986 import validate
from urlgrammar.rfc3986.resolution import resolve

__all__ = ["SYNTAXES", "rfc_validated"]

#: Each ``--syntax`` but the standard's: its rule without and with a base, and its code.
SYNTAXES: dict[str, tuple[str, str, Code]] = {
    "rfc3986": ("URI", "URI-reference", Code.RFC3986_SYNTAX),
    "rfc3987": ("IRI", "IRI-reference", Code.RFC3987_SYNTAX),
}

T = TypeVar("T")


def rfc_result(text: str, base: str | None, syntax: str) -> Result:
    """The report of one input by the RFC grammar ``syntax``, in the writers' form."""
    absolute, reference, code = SYNTAXES[syntax]
    report = validate(text, absolute if base is None else reference)
    diagnostics = tuple(Diagnostic(code, d.start, d.end, d.message, None, d.found or None)
                        for d in report.diagnostics)
    href = None
    if report.valid:
        try:
            href = text if base is None else resolve(text, base, iri=syntax == "rfc3987")
        except URLError:
            href = None  # a base that is no absolute-URI: the reference is valid all the same
    # "failure" is the WHATWG parser's verdict, which the RFC reading does not give.
    return Result(text, base, report.valid, False, diagnostics, href, None, None, None,
                  (), 0, 0)


def rfc_validated(items: Iterable[T], syntax: str) -> Iterator[tuple[T, Checked | None]]:
    """Each item with its report by the RFC grammar (None for what is not an Input with text)."""
    for item in items:
        if isinstance(item, Input) and item.text is not None:
            yield item, rfc_result(item.text, item.base, syntax)
        else:
            yield item, None
