"""Printing: from a record to an URL-string.

URL Specification 0.10.1, § Printing: normalise the URL for printing, convert each component
to a string with its sigil, and concatenate. Printing the record of a parsed string gives the
string back, except that special-mode `\\` separators print as `/`.
"""

from __future__ import annotations

from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.syntax.grammars import scheme_of

_SCHEME, _AUTHORITY, _ROOT, _DIR = Kind.SCHEME, Kind.AUTHORITY, Kind.ROOT, Kind.DIR


def normalise_for_printing(record: URLRecord) -> URLRecord:
    """URL Specification § Normalise for Printing.

    - No drive nor authority but an empty first dir: insert ``(dir .)`` before it, or the
      string would read as an authority (``/`` + ``/foo`` is ``//foo``).
    - Otherwise, a first component that is a dir or file starting with a scheme-like string:
      encode its first `:` as ``%3A``, or the string would read as having a scheme.
    """
    if record and record[0].kind == _SCHEME and len(record) > 1 and record[1].kind == _AUTHORITY:
        return record  # the common case: an authority, so nothing to do
    for i, c in enumerate(record):
        kind = c.kind
        if kind == _AUTHORITY or kind == Kind.DRIVE or kind > _DIR:
            break
        if kind == _DIR:
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


#: Each component's sigil before or after its value (URL Model: "dir name ⟼ name `/`").
_BEFORE = {Kind.SCHEME: "", Kind.AUTHORITY: "//", Kind.DRIVE: "/", Kind.ROOT: "", Kind.DIR: "",
           Kind.FILE: "", Kind.QUERY: "?", Kind.FRAGMENT: "#"}
_AFTER = {Kind.SCHEME: ":", Kind.DIR: "/", Kind.ROOT: "/"}


def print_record(record: URLRecord) -> str:
    """URL Specification § Printing URLs: each component with its sigil, in order."""
    out = []
    before, after = _BEFORE, _AFTER
    for c in normalise_for_printing(record):
        kind = c.kind
        out.append(before[kind])
        if kind == _AUTHORITY:
            out.append(print_authority(c.value))
        elif kind != _ROOT:
            out.append(str(c.value))
        out.append(after.get(kind, ""))
    return "".join(out)
