"""Normalisation: the equations of URL Specification 0.10.1, § Equivalences and Normalisation.

Each equation is applied exhaustively from left to right:

- path segments:   ``drive x|`` ≈ ``drive x:``;  ``dir x`` ≈ ε if x :: dot;
  ``dir x・dir y`` ≈ ε if y :: dots and not x :: dots;  ``path-root /・dir y`` ≈ ``path-root /``
  if y :: dots — where dot ::= `.` | `%2e` | `%2E` and dots ::= dot dot;
- authority:       ``password ε`` ≈ ε;  ``userinfo (username ε)`` ≈ ε;  ``port ε`` ≈ ε;
- scheme-based:    default ports (http, ws 80; https, wss 443; ftp 21), ``file`` with host
  ``localhost`` ≈ the empty host, and the scheme compared case-insensitively (lowercased);

and then components are percent-encoded with the WHATWG sets
(https://url.spec.whatwg.org/#percent-encoded-bytes), component by component.

Host processing (domains, IP addresses) is not part of this module: see :mod:`urlgrammar.host`.
"""

from __future__ import annotations

import contextlib
from itertools import islice
from operator import is_not, itemgetter
from typing import Any

from urlgrammar.encoding.percent import (
    C0_CONTROL_SET,
    FRAGMENT_SET,
    PATH_SET,
    QUERY_SET,
    SPECIAL_QUERY_SET,
    USERINFO_SET,
    PercentEncodeSet,
    percent_encode_after_encoding,
    utf8_percent_encode,
    utf8_percent_encode_each,
)
from urlgrammar.errors import URLError
from urlgrammar.host.authority import is_file_localhost, process_port
from urlgrammar.model.record import Authority, Component, Kind, URLRecord, is_dot, is_dots
from urlgrammar.model.schemes import Mode, has_opaque_path, is_file, mode_of, scheme_info
from urlgrammar.operations.drive import is_drive_letter

#: Every code point that some percent-encode set the standard applies to a path, query or
#: fragment holds (the userinfo's set holds more; see percent_encode), but `?` and `#`: in a
#: URL's text they end the path and the query, and a query may hold `?`, a fragment `#`.
_ANY_SET = PercentEncodeSet("path, query or fragment",
                            (PATH_SET.ascii | SPECIAL_QUERY_SET.ascii | FRAGMENT_SET.ascii) - {"?", "#"})

_PATH_KINDS = frozenset({Kind.DIR, Kind.FILE})
_DIR, _FILE, _DRIVE, _AUTHORITY = Kind.DIR, Kind.FILE, Kind.DRIVE, Kind.AUTHORITY
_VALUE = itemgetter(1)  # a component's value
_new = tuple.__new__


def normalise_path(record: URLRecord) -> URLRecord:
    """Apply the path-segment equations, left to right.

    The spec's equations name only dir components. A final ``.`` or ``..`` segment (a file,
    in the model) acts on the path the same way in the WHATWG parser ("/a/b/.." is "/a/"),
    so such a file is treated as the dir it denotes. A relative path that normalises away
    entirely keeps a ``(dir .)``: the empty reference means something else (it keeps the
    base's file and query), so dropping the last dot would change what the reference is.

    Drive letters. The WHATWG path state turns a segment into a drive when the URL is a file
    URL, the segment is a Windows drive letter and the path *is empty at that point*, after
    the dot segments before it have been applied; shorten-path never pops that drive
    (https://url.spec.whatwg.org/#path-state, https://url.spec.whatwg.org/#shorten-a-urls-path).
    The file grammar finds the drives that stand first in the input; one that only becomes
    first once dot segments are gone (``file:///a/../c|/``) is found here: a dir or file that
    a file URL without a drive pushes onto an empty path becomes its drive.
    """
    to_do = _to_do(record)
    if to_do is None or has_opaque_path(record):
        return record
    if to_do >= 0:  # a drive written with `|` and no dot segment: the rest stays as it is
        drive = record[to_do]
        return URLRecord((*record[:to_do], drive.with_value(drive.value[0] + ":"), *record[to_do + 1:]))
    head: list[Component] = []
    stack: list[Component] = []
    tail: list[Component] = []
    had_path = False
    # Only a file URL with a path-root and no drive may still gain one (the root becomes the
    # drive's sigil), and only after a dot segment.
    may_gain_drive = is_file(record.scheme) and bool(record.root) and not record.has(Kind.DRIVE)
    for c in record:
        if c.kind == Kind.DRIVE and c.value[1:] == "|":
            head.append(c.with_value(c.value[0] + ":"))
        elif c.kind < Kind.DIR:
            head.append(c)
        elif c.kind in (Kind.DIR, Kind.FILE):
            had_path = True
            segment = c.value
            if is_dot(segment):
                continue
            if is_dots(segment):
                if stack and not is_dots(stack[-1].value):
                    stack.pop()
                elif not record.root:
                    stack.append(Component(Kind.DIR, segment, c.start, c.end))
            elif may_gain_drive and not stack and is_drive_letter(segment):
                may_gain_drive = False
                head = _with_drive(head, c)
            elif c.kind == Kind.FILE:
                tail.append(c)
            else:
                stack.append(c)
        else:
            tail.append(c)
    if had_path and not stack and not any(c.kind == Kind.FILE for c in tail) \
            and not any(c.kind < Kind.DIR for c in head):
        stack.append(Component(Kind.DIR, "."))
    return URLRecord((*head, *stack, *tail))


def _to_do(record: URLRecord) -> int | None:
    """None where no segment could be a dot segment and no drive is written with `|` (most
    URLs); where only a drive is (`file:///C|/a/b`, which a long path of `C|/` segments
    makes common), its index; otherwise -1. A record with a drive gains none and loses no
    segment but a dot segment (:func:`normalise_path`), so its drive is all there is to do."""
    # The record is ordered by kind: at most the scheme, authority, drive and root come before
    # its segments, a query and a fragment after them. The segments are read at once, joined
    # (a `\0` in a segment may make one seem to start another: the full pass then finds none).
    n, i, drive = len(record), 0, None
    while i < n and record[i].kind < _DIR:
        if record[i].kind == _DRIVE and record[i].value[1:] == "|":
            drive = i
        i += 1
    j = n
    while j > i and record[j - 1].kind > _FILE:
        j -= 1
    if i < j:
        segments = "\0" + "\0".join(map(_VALUE, islice(record, i, j)))
        if "\0." in segments or "\0%" in segments:  # what a dot or dots segment starts with
            return -1
    return drive


def _with_drive(head: list[Component], segment: Component) -> list[Component]:
    """``head`` with ``segment`` as its drive, normalised to ``x:``.

    The path-root before the segment was the drive's `/` sigil; a dir's own `/` becomes the
    path-root after the drive (``/c|/`` is ``drive c:・path-root /``).
    """
    drive = Component(Kind.DRIVE, segment.value[0] + ":", segment.start, segment.end)
    out = [c for c in head if c.kind != Kind.ROOT]
    out.append(drive)
    if segment.kind == Kind.DIR:
        out.append(Component(Kind.ROOT, "/", segment.end, None if segment.end is None else segment.end + 1))
    return out


def normalise_userinfo(a: Authority) -> Authority:
    """``password ε`` ≈ ε, then ``userinfo (username ε)`` ≈ ε."""
    password = a.password if a.password is not None and a.password.value != "" else None
    username = a.username
    if username is not None and username.value == "" and password is None:
        username = None
    return Authority(username, password, a.host, a.port)


def normalise_authority(record: URLRecord) -> URLRecord:
    """Authority and scheme-based authority normalisation of a reference's authority."""
    c = record.component(Kind.AUTHORITY)
    if c is None:
        return record
    a = normalise_userinfo(c.value)
    port = a.port
    scheme = record.scheme
    if port is not None:
        with contextlib.suppress(URLError):  # not a port: leave it be
            processed = process_port(port, scheme)
            port = None if processed is None else processed.with_value(str(processed.value))
    host = a.host
    if is_file_localhost(scheme, str(host.value)):
        host = host.with_value("")
    return record.replace(Kind.AUTHORITY, c.with_value(Authority(a.username, a.password, host, port)))


def percent_encode(record: URLRecord, mode: Mode, encoding: str = "utf-8", source: str | None = None
                   ) -> URLRecord:
    """Percent-encode each component with the standard's set for it.

    The query of a special URL, other than ws and wss, is encoded with ``encoding`` first
    (https://url.spec.whatwg.org/#query-state); everything else is UTF-8. ``source``, where
    given, is a text that every value of the record was read from: when no code point of it
    needs encoding anywhere (most URLs), only a userinfo is left to look at.
    """
    if source is not None and not _ANY_SET.holds_any(source) and (
            len(record) < 2 or record[1].kind != _AUTHORITY or record[1].value.username is None):
        return record
    special = mode_of(record, mode) is not Mode.GENERIC
    opaque = has_opaque_path(record)
    path_set = C0_CONTROL_SET if opaque else PATH_SET
    query_set = SPECIAL_QUERY_SET if special else QUERY_SET
    scheme = record.scheme
    if encoding in ("utf-8", "utf8") or encoding.lower() in ("utf-8", "utf8") or not special \
            or (scheme is not None and not scheme_info(scheme).query_encoding):
        encoding = "utf-8"
    out = list(record)
    changed = False
    k, n = 0, len(out)
    while k < n:
        c = out[k]
        kind = c.kind
        value = c.value
        new: Any
        if kind in _PATH_KINDS:
            # The record is ordered by kind: the path components stand together, and at most
            # a query and a fragment come after them.
            j = n
            while out[j - 1].kind > _FILE:
                j -= 1
            changed = _encode_path(out, k, j, path_set, opaque) or changed
            k = j
            continue
        if kind == Kind.QUERY:
            if encoding == "utf-8":
                new = utf8_percent_encode(value, query_set)
            else:
                new = percent_encode_after_encoding(encoding, value, query_set)
        elif kind == Kind.FRAGMENT:
            new = utf8_percent_encode(value, FRAGMENT_SET)
        elif kind == Kind.AUTHORITY:
            new = _encode_authority(value, special)
        else:
            new = value
        if new is not value:
            out[k] = c.with_value(new)
            changed = True
        k += 1
    return URLRecord(out) if changed else record


def _encode_path(out: list[Component], i: int, j: int, path_set: PercentEncodeSet, opaque: bool
                 ) -> bool:
    """Percent-encode the path components ``out[i:j]`` in place, their values together
    (:func:`urlgrammar.encoding.percent.utf8_percent_encode_each`); whether any changed."""
    changed = False
    path = out[i:j]
    values = list(map(_VALUE, path))
    encoded = utf8_percent_encode_each(values, path_set)
    if any(map(is_not, encoded, values)):
        out[i:j] = [c if new is c.value else _new(Component, (c.kind, new, c.start, c.end, c.mark))
                    for c, new in zip(path, encoded, strict=True)]
        changed = True
    # WHATWG opaque path state: a space right before `?` or `#` becomes %20, so that the
    # serialisation keeps it (https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state).
    # Only a file can end the path with a space: a dir prints with its `/` after it.
    if opaque and j < len(out):
        last = out[j - 1]
        if last.kind == _FILE and last.value.endswith(" "):
            out[j - 1] = last.with_value(last.value[:-1] + "%20")
            changed = True
    return changed


def _encode_authority(a: Authority, special: bool) -> Authority:
    def encode(c: Component | None, encode_set: PercentEncodeSet) -> Component | None:
        if c is None:
            return None
        encoded = utf8_percent_encode(c.value, encode_set)
        return c if encoded is c.value else c.with_value(encoded)

    username, password, host, port = a
    username = encode(username, USERINFO_SET)
    password = encode(password, USERINFO_SET)
    if not special and isinstance(host.value, str):
        host = encode(host, C0_CONTROL_SET) or host
    if username is a.username and password is a.password and host is a.host:
        return a
    return Authority(username, password, host, port)


def normalise(record: URLRecord, mode: Mode | None = None) -> URLRecord:
    """All the equations, then percent-encoding. ``mode`` defaults to the scheme's mode."""
    scheme = record.component(Kind.SCHEME)
    if scheme is not None:
        record = record.replace(Kind.SCHEME, scheme.with_value(scheme.value.lower()))
    if mode is None or record.scheme is not None:
        mode = mode_of(record, mode or Mode.GENERIC)
    record = normalise_authority(record)
    record = normalise_path(record)
    return percent_encode(record, mode)
