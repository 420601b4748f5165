"""Printing: from a record to an URL-string.

URL Specification 0.10.1, § Printing: normalise the URL for printing, convert each component
to a string with its sigil, and concatenate. Printing the record of a parsed string gives the
string back, except that special-mode `\\` separators print as `/`.
"""

from __future__ import annotations

from .grammar import scheme_of
from .model import Authority, Component, Kind, URLRecord


def normalise_for_printing(record: URLRecord) -> URLRecord:
    """URL Specification § Normalise for Printing.

    - No drive nor authority but an empty first dir: insert ``(dir .)`` before it, or the
      string would read as an authority (``/`` + ``/foo`` is ``//foo``).
    - Otherwise, a first component that is a dir or file starting with a scheme-like string:
      encode its first `:` as ``%3A``, or the string would read as having a scheme.
    """
    if not record.has(Kind.DRIVE) and not record.has(Kind.AUTHORITY):
        first_dir = next((i for i, c in enumerate(record) if c.kind == Kind.DIR), None)
        if first_dir is not None and record[first_dir].value == "":
            dot = Component(Kind.DIR, ".")
            return URLRecord((*record[:first_dir], dot, *record[first_dir:]))
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


def _print_component(c: Component) -> str:
    kind = c.kind
    if kind == Kind.DIR:
        return f"{c.value}/"
    if kind == Kind.FILE:
        return str(c.value)
    if kind == Kind.ROOT:
        return "/"
    if kind == Kind.SCHEME:
        return f"{c.value}:"
    if kind == Kind.AUTHORITY:
        return "//" + print_authority(c.value)
    if kind == Kind.DRIVE:
        return f"/{c.value}"
    if kind == Kind.QUERY:
        return f"?{c.value}"
    return f"#{c.value}"


def print_record(record: URLRecord) -> str:
    """URL Specification § Printing URLs: each component with its sigil, in order."""
    return "".join(map(_print_component, normalise_for_printing(record)))
