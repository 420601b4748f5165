"""Printing: from a record to an URL-string.

URL Specification 0.10.1, § Printing: normalise the URL for printing, convert each component
to a string with its sigil, and concatenate. Printing the record of a parsed string gives the
string back, except that special-mode `\\` separators print as `/`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.syntax.grammars import scheme_of


def normalise_for_printing(record: URLRecord) -> URLRecord:
    """URL Specification § Normalise for Printing.

    - No drive nor authority but an empty first dir: insert ``(dir .)`` before it, or the
      string would read as an authority (``/`` + ``/foo`` is ``//foo``).
    - Otherwise, a first component that is a dir or file starting with a scheme-like string:
      encode its first `:` as ``%3A``, or the string would read as having a scheme.
    """
    for i, c in enumerate(record):
        kind = c.kind
        if kind == Kind.AUTHORITY or kind == Kind.DRIVE or kind > Kind.DIR:
            break
        if kind == Kind.DIR:
            if c.value == "":
                return URLRecord((*record[:i], Component(Kind.DIR, "."), *record[i:]))
            break
    if record and record[0].kind in (Kind.DIR, Kind.FILE):
        value: str = record[0].value
        if scheme_of(value) is not None:
            encoded = value.replace(":", "%3A", 1)
            return URLRecord((record[0].with_value(encoded), *record[1:]))
    return record


def print_authority(authority: Authority) -> str:
    """An Authority-string: ``username [: password] @``, host, ``: port``."""
    out = []
    if authority.username is not None:
        out.append(authority.username.value)
        if authority.password is not None:
            out.append(":" + authority.password.value)
        out.append("@")
    out.append(str(authority.host.value))
    if authority.port is not None:
        out.append(":" + str(authority.port.value))
    return "".join(out)


_SIGILS: dict[Kind, Callable[[Any], str]] = {
    Kind.SCHEME: lambda v: f"{v}:",
    Kind.AUTHORITY: lambda v: "//" + print_authority(v),
    Kind.DRIVE: lambda v: f"/{v}",
    Kind.ROOT: lambda v: "/",
    Kind.DIR: lambda v: f"{v}/",
    Kind.FILE: str,
    Kind.QUERY: lambda v: f"?{v}",
    Kind.FRAGMENT: lambda v: f"#{v}",
}


def print_record(record: URLRecord) -> str:
    """URL Specification § Printing URLs: each component with its sigil, in order."""
    sigils = _SIGILS
    return "".join([sigils[c.kind](c.value) for c in normalise_for_printing(record)])
