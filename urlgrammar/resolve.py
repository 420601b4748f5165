"""Reference resolution: strict, legacy and the rebase of references.

URL Specification 0.10.1, § Resolution. These operations work on records only; they do not
normalise (that is :mod:`urlgrammar.normalise`) and they never force an authority.
"""

from __future__ import annotations

from .errors import Diagnostic, URLError
from .grammar import Mode, mode_for_scheme
from .model import Kind, URLRecord
from .printer import print_record


def is_special(record: URLRecord) -> bool:
    """A web-URL or a file-URL (URL Specification § Types and Shapes)."""
    return mode_for_scheme(record.scheme) is not Mode.GENERIC


def has_opaque_path(record: URLRecord) -> bool:
    """The record has a scheme that is not special, no authority and no path-root.

    WHATWG https://url.spec.whatwg.org/#url-opaque-path: such an URL's path is an opaque
    string, it takes no dot-segment normalisation, and it cannot be a base except for a
    reference that is only a fragment.
    """
    return (record.scheme is not None and not is_special(record)
            and not record.has(Kind.AUTHORITY) and not record.root)


def _no_result(url: URLRecord, message: str) -> URLError:
    """The standard's name for "no scheme and no base to take one from", spanning ``url``."""
    spans = [c.span for c in url if c.span is not None]
    start, end = (spans[0][0], spans[-1][1]) if spans else (0, 0)
    return URLError.of(Diagnostic("missing-scheme-non-relative-URL", start, end, message))


def strict_resolve(url: URLRecord, base: URLRecord) -> URLRecord:
    """strict-resolve: ``url onto base`` if either has a scheme; otherwise it fails."""
    if url.scheme is None and base.scheme is None:
        raise _no_result(url, "strict resolution needs a scheme in the reference or the base")
    return url.onto(base)


def without_same_scheme(url: URLRecord, base: URLRecord) -> URLRecord:
    """``~url`` of legacy resolution: drop the scheme if it equals the base's, ignoring case."""
    if url.scheme is not None and base.scheme is not None and url.scheme.lower() == base.scheme.lower():
        return url.without(Kind.SCHEME)
    return url


def legacy_resolve(url: URLRecord, base: URLRecord) -> URLRecord:
    """legacy-resolve: ``strict-resolve ~url base`` (RFC 3986's non-strict variant)."""
    return strict_resolve(without_same_scheme(url, base), base)


def rebase(url: URLRecord, base: URLRecord) -> URLRecord:
    """Rebase a reference onto a base, keeping it relative if both are relative.

    Legacy resolution where the reference (or, without a scheme, the base) is special, and
    strict resolution otherwise, as the WHATWG parser does. A base with an opaque path takes
    only a reference that has a scheme or is a fragment.

    The spec's strict resolution fails when neither URL has a scheme; rebase does not, because
    a relative reference onto a relative base is a relative reference (``../a`` onto ``b/c/``
    is ``b/a``), and answering that is the point of keeping references relative.
    """
    if has_opaque_path(base) and url.ord() not in (Kind.SCHEME, Kind.FRAGMENT):
        raise _no_result(url, f"the base {print_record(base)} has an opaque path; only a "
                              "fragment or a reference with a scheme can be rebased onto it")
    special = is_special(url) if url.scheme is not None else is_special(base)
    if special:
        url = without_same_scheme(url, base)
    return url.onto(base)
