"""Drive letters as an operation on the record.

URL Reverse Specification 0.1.0, § Drive letters: detection by pattern matching on a record
read without the file grammar,

    authority (host x)           ⟹  drive x            if x :: drive-letter
    authority (host x・port ε)   ⟹  drive x:           if x :: alpha
    xs・dir x                    ⟹  xs・drive x・path-root /   if x :: drive-letter, no dir in xs
    xs・file x                   ⟹  xs・drive x        if x :: drive-letter, no dir in xs

where drive-letter ::= alpha (`:` | `|`), as the file grammar's DRIVE terminal reads it (one
source for both). The file grammar (file.lark) finds the same drives while parsing; this
operation serves records that were read in another mode, e.g. a schemeless reference rebased
onto a file base, and the tests check that the two agree.

It applies to file URLs, and to schemeless URLs where a file URL is expected; never to a URL
with another scheme. Normalising ``|`` to ``:`` is part of normalisation.
"""

from __future__ import annotations

import re
from functools import cache

from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import is_file
from urlgrammar.syntax.grammars import terminal_pattern


@cache
def _drive_pattern() -> re.Pattern[str]:
    # A drive letter is what file.lark's DRIVE terminal reads; its lookahead (a separator,
    # `?`, `#` or the end) holds at the end of a value matched whole.
    return re.compile(terminal_pattern("file", "DRIVE"))


def is_drive_letter(value: str) -> bool:
    """drive ::= alpha ( `:` | `|` ) (https://url.spec.whatwg.org/#windows-drive-letter)."""
    return _drive_pattern().fullmatch(value) is not None


def detect_drive(record: URLRecord) -> URLRecord:
    """Apply the drive-letter rules once, left to right; a record with a drive is unchanged."""
    scheme = record.scheme
    if (scheme is not None and not is_file(scheme)) or record.has(Kind.DRIVE):
        return record
    out = list(record)
    for i, c in enumerate(out):
        if c.kind == Kind.AUTHORITY:
            drive = _authority_drive(c)
            if drive is not None:
                # The authority was a drive: the URL keeps an empty authority, as
                # ``file://c:/x`` is ``file:///c:/x``.
                out[i:i + 1] = [Component(Kind.AUTHORITY, Authority.empty(c.start), c.start, c.start), drive]
                return URLRecord(out)
        elif c.kind == Kind.ROOT:
            continue
        elif c.kind in (Kind.DIR, Kind.FILE):
            if not is_drive_letter(c.value):
                return record
            drive = Component(Kind.DRIVE, c.value, c.start, c.end)
            # A path-root before the drive was the drive's `/` sigil.
            before = [o for o in out[:i] if o.kind != Kind.ROOT]
            if c.kind == Kind.FILE:
                return URLRecord((*before, drive, *out[i + 1:]))
            # The dir's own `/` becomes the path-root.
            root = Component(Kind.ROOT, "/", c.end, None if c.end is None else c.end + 1)
            return URLRecord((*before, drive, root, *out[i + 1:]))
        elif c.kind > Kind.FILE:
            break
    return record


def _authority_drive(c: Component) -> Component | None:
    a: Authority = c.value
    if a.username is not None or not isinstance(a.host.value, str):
        return None
    host = a.host
    if a.port is None and is_drive_letter(host.value):
        return Component(Kind.DRIVE, host.value, host.start, host.end)
    if a.port is not None and a.port.value == "" and len(host.value) == 1 \
            and is_drive_letter(host.value + ":"):
        end = None if host.end is None else host.end + 1
        return Component(Kind.DRIVE, host.value + ":", host.start, end)
    return None


def drive_for_scheme(record: URLRecord) -> URLRecord:
    """A record whose scheme the protocol setter changed, with its first segment as the new
    scheme has it: a drive in a file URL where it is a normalized Windows drive letter
    (``x:``), a segment like any other elsewhere.

    https://url.spec.whatwg.org/#normalized-windows-drive-letter: in a file URL, only a first
    segment that is one stays when the path is shortened, and a base's is kept. `x|` is a
    Windows drive letter but not a normalized one: only the path state turns it into `x:`,
    and the scheme state, which the protocol setter runs, reads no path.
    """
    if not is_file(record.scheme):
        return _drive_as_segment(record)
    if record.has(Kind.DRIVE):
        return record
    for i, c in enumerate(record):
        if c.kind in (Kind.DIR, Kind.FILE):
            if not (is_drive_letter(c.value) and c.value[1] == ":"):
                return record
            before = [o for o in record[:i] if o.kind != Kind.ROOT]
            drive = Component(Kind.DRIVE, c.value, c.start, c.end)
            root = [Component(Kind.ROOT, "/")] if c.kind == Kind.DIR else []
            return URLRecord((*before, drive, *root, *record[i + 1:]))
        if c.kind > Kind.FILE:
            break
    return record


def _drive_as_segment(record: URLRecord) -> URLRecord:
    """``drive x・path-root /・rest`` as ``path-root /・dir x・rest``, and a drive alone as
    ``path-root /・file x``: the same path, printed alike."""
    at = next((i for i, c in enumerate(record) if c.kind == Kind.DRIVE), None)
    if at is None:
        return record
    drive = record[at]
    rooted = at + 1 < len(record) and record[at + 1].kind == Kind.ROOT
    segment = Component(Kind.DIR if rooted else Kind.FILE, drive.value, drive.start, drive.end)
    rest = record[at + 2:] if rooted else record[at + 1:]
    return URLRecord((*record[:at], Component(Kind.ROOT, "/"), segment, *rest))
