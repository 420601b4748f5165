"""The URL API's setters as operations on the record.

https://url.spec.whatwg.org/#urlutils-members. The standard defines most setters as a run of
the basic URL parser on the value, starting in the state of the component (a *state
override*), on the URL being changed. Here a setter reads its value with that component's
production of the URL grammars instead (``host_port``, ``port``, ``path``, ``query``,
``fragment``; the protocol setter with the ``SCHEME`` terminal), puts what it read into the
record with the model's operations (``upto``, ``goto``, ``replace``), and does to it only what
the states that the state override runs do: the host parser on a host, the path states' dot
segments and drive letters on a path, and each component's percent-encode set on its own value.
The rest of the URL stays as it is, as the standard's URL record does: a URL that setters made
need not be what parsing its href gives (``https://h/C|/x`` with protocol ``file`` keeps its
`C|`, which the parser would read as the drive `C:`).

Where a state override does something the grammar's reading would not say, the setter says
so in a comment, and docs/teaching.md shows it: the port setter keeps the digits up to the
first other code point, the protocol setter does not switch between special and other
schemes and reads no path, a file URL's host takes no port, the host setter keeps a host it
has set when the port after it fails, and the pathname and search setters read `?` and `#`
as their own.

Which production reads a setter's value, and the text the setter makes of the value for it,
is a :class:`Reading` that the caller gives the setter: each attribute's reading is declared
with the attribute, in :data:`urlgrammar.attributes.ATTRIBUTES` (the URL API's layer, above
this one), and :func:`set_component` passes it on.

Each setter returns the new record, or None where the standard's steps change nothing (a
setter that returns early, or a run of the parser that returns failure before it set
anything). Values are strings; the caller converts lone surrogates.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from urlgrammar.encoding.percent import (
    FRAGMENT_SET,
    PATH_SET,
    QUERY_SET,
    SPECIAL_QUERY_SET,
    USERINFO_SET,
    PercentEncodeSet,
    utf8_percent_encode,
)
from urlgrammar.errors import URLError
from urlgrammar.host.authority import is_file_localhost, port_number
from urlgrammar.host.parser import Empty, Host, parse_host
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import (
    Mode,
    default_port,
    has_opaque_path,
    is_file,
    is_special_scheme,
    mode_of,
)
from urlgrammar.operations.drive import detect_drive, drive_for_scheme
from urlgrammar.operations.normalise import normalise_path, normalise_userinfo
from urlgrammar.operations.pipeline import parse_url
from urlgrammar.syntax.grammars import scheme_of
from urlgrammar.syntax.lift import parser

_DIGITS = re.compile("[0-9]*")


def _read(text: str, start: str, special: bool) -> list[Component]:
    """``text`` read with a start rule of the generic or the special grammar (a file URL's
    values are read with the special grammar's rules, which file.lark shares)."""
    found: list[Component] = parser(Mode.SPECIAL if special else Mode.GENERIC).parse(text, start)
    return list(found)


class Reading(NamedTuple):
    """How a setter gives its value to the grammar: the text it makes of the value, and the
    start rule (or, for the protocol, the terminal) that reads that text, where the standard
    runs the basic URL parser with a state override (https://url.spec.whatwg.org/#basic-url-parser)."""

    make: Callable[[str], str]
    rule: str

    def read(self, value: str, special: bool) -> tuple[str, list[Component]]:
        """The text given to the grammar and what the rule read of it, in a special URL or
        another."""
        text = self.make(value)
        if self.rule != "SCHEME":
            return text, _read(text, self.rule, special)
        scheme = scheme_of(text)
        return text, [] if scheme is None else [Component(Kind.SCHEME, scheme, 0, len(scheme))]


#: A setter: the record, the value, and the reading of the value (None for the setters that
#: read none: username and password percent-encode it whole, href parses it whole).
Setter = Callable[[URLRecord, str, Reading | None], "URLRecord | None"]


def _reading(reading: Reading | None, value: str, record: URLRecord) -> list[Component]:
    assert reading is not None, "this setter reads its value: its attribute declares how"
    return reading.read(value, is_special_scheme(record.scheme))[1]


def _includes_credentials(a: Authority) -> bool:
    """https://url.spec.whatwg.org/#include-credentials"""
    return bool(a.username is not None and a.username.value) or \
        bool(a.password is not None and a.password.value)


def cannot_have_username_password_port(record: URLRecord) -> bool:
    """https://url.spec.whatwg.org/#cannot-have-a-username-password-port"""
    a = record.authority
    return a is None or str(a.host.value) == "" or is_file(record.scheme)


def _with_authority(record: URLRecord, a: Authority) -> URLRecord:
    return record.replace(Kind.AUTHORITY, Component(Kind.AUTHORITY, a))


def _encoded(record: URLRecord, kinds: tuple[Kind, ...], encode_set: PercentEncodeSet) -> URLRecord:
    """The components of ``kinds`` UTF-8 percent-encoded with ``encode_set``, as the state
    that reads them encodes each code point (the API's parser has no other encoding)."""
    return URLRecord(c.with_value(utf8_percent_encode(c.value, encode_set)) if c.kind in kinds else c
                     for c in record)


def _with_host(record: URLRecord, host: Host) -> URLRecord:
    """The record with ``host``; a URL without one gains an authority (``sc:/x`` → ``sc://h/x``)."""
    a = record.authority
    component = Component(Kind.HOST, host)
    if a is None:
        return _with_authority(record, Authority(None, None, component, None))
    return _with_authority(record, a._replace(host=component))


def _with_port(record: URLRecord, port: int | None) -> URLRecord:
    """The record with ``port``; the scheme's default port is no port
    (https://url.spec.whatwg.org/#port-state, step 2.1.3)."""
    a = record.authority
    assert a is not None
    if port == default_port(record.scheme):
        port = None
    return _with_authority(record, a._replace(port=None if port is None else Component(Kind.PORT, port)))


def _port_state(text: str) -> int | None:
    """The port a state override's port state takes from ``text``, or None where it returns
    failure. The spec says it reads ASCII digits and, with a state override, stops at the
    first other code point, whatever it is; the grammar's port runs to the end of the
    authority, and a parse without a state override fails on a non-digit (port-invalid)."""
    digits = _DIGITS.match(text)
    if digits is None or not digits.group():
        return None
    try:
        return port_number(digits.group())
    except URLError:  # port-out-of-range
        return None


# ---- the setters ------------------------------------------------------------------------------


def set_protocol(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-protocol: the scheme state with a state override.

    The value followed by `:` is read with the grammar's SCHEME terminal, which takes a scheme
    only where a `:` follows it: so the scheme ends at the value's first `:`, and a value with
    any other code point before that changes nothing.
    """
    read = _reading(reading, value, record)
    if not read:
        return None
    buffer = read[0].value.lower()
    # The spec says the scheme state returns here: a special URL stays special and another
    # URL stays not special (the grammar would read any scheme), and file takes no
    # credentials or port, and a file URL with an empty host stays a file URL.
    if is_special_scheme(record.scheme) != is_special_scheme(buffer):
        return None
    a = record.authority
    if is_file(buffer) and a is not None and (_includes_credentials(a) or a.port is not None):
        return None
    if is_file(record.scheme) and a is not None and str(a.host.value) == "":
        return None
    record = record.replace(Kind.SCHEME, Component(Kind.SCHEME, buffer))
    if a is not None and a.port is not None and a.port.value == default_port(buffer):
        record = _with_port(record, None)
    # The path is the same list of segments: a file URL has a `C:` that stands first as its
    # drive, and another URL has it as a segment.
    return drive_for_scheme(record)


def set_username(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-username: the value percent-encoded with the
    userinfo set (https://url.spec.whatwg.org/#set-the-username); an empty userinfo prints
    as none."""
    a = record.authority
    if a is None or cannot_have_username_password_port(record):
        return None
    username = Component(Kind.USERNAME, utf8_percent_encode(value, USERINFO_SET))
    return _with_authority(record, normalise_userinfo(a._replace(username=username)))


def set_password(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-password (https://url.spec.whatwg.org/#set-the-password)"""
    a = record.authority
    if a is None or cannot_have_username_password_port(record):
        return None
    username = a.username or Component(Kind.USERNAME, "")
    password = Component(Kind.PASSWORD, utf8_percent_encode(value, USERINFO_SET))
    return _with_authority(record, normalise_userinfo(a._replace(username=username, password=password)))


def _file_host(record: URLRecord, host: Component, port: Component | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#file-host-state with a state override. The spec says it
    reads everything up to the path as the host: what the grammar reads as a port is part of
    the host, whose `:` the host parser then refuses."""
    text = host.value if port is None else f"{host.value}:{port.value}"
    if text == "":
        return _with_host(record, Empty())
    try:
        parsed = parse_host(text, True)
    except URLError:
        return None
    return _with_host(record, Empty() if is_file_localhost(record.scheme, parsed.serialize()) else parsed)


def _set_host(record: URLRecord, value: str, reading: Reading | None, hostname: bool) -> URLRecord | None:
    """https://url.spec.whatwg.org/#host-state with a state override (the host or the
    hostname state): the value read with ``host_port``, whose path, query and fragment are
    ignored."""
    if has_opaque_path(record):
        return None
    special = is_special_scheme(record.scheme)
    read = _reading(reading, value, record)
    host = read[0]
    port = read[1] if len(read) > 1 and read[1].kind == Kind.PORT else None
    if is_file(record.scheme):
        return _file_host(record, host, port)
    a = record.authority
    if port is not None and (host.value == "" or hostname):
        return None
    if port is None and host.value == "" and (special or (
            a is not None and (_includes_credentials(a) or a.port is not None))):
        return None
    try:
        parsed = parse_host(host.value, special)
    except URLError:
        return None
    record = _with_host(record, parsed)
    if port is None:
        return record
    # The spec says the host is set before the port state runs: a port that fails leaves the
    # new host in place, with the old port.
    number = _port_state(port.value)
    return record if number is None else _with_port(record, number)


def set_host(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-host"""
    return _set_host(record, value, reading, hostname=False)


def set_hostname(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-hostname: a `:` outside brackets is failure."""
    return _set_host(record, value, reading, hostname=True)


def set_port(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-port: the value read as a port (``:`` and the
    value, by ``host_port``), of which the port state keeps the leading digits."""
    if cannot_have_username_password_port(record):
        return None
    if value == "":
        return _with_port(record, None)
    number = _port_state(_reading(reading, value, record)[1].value)
    return None if number is None else _with_port(record, number)


def set_pathname(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-pathname: the path emptied, then the path start
    state with a state override.

    The spec says that with a state override `?` and `#` do not end the path: they are path
    code points, which the path percent-encode set encodes. The grammar's path ends at them, so
    they are encoded first, and the value is then read with ``path``.
    """
    if has_opaque_path(record):
        return None
    special = is_special_scheme(record.scheme)
    path = _reading(reading, value, record)
    # The path start state: a path that does not start with its separator still gets one
    # (every path that is not opaque prints with it), and so does an empty one where the URL
    # is special or has no host (https://url.spec.whatwg.org/#path-start-state).
    if (path and path[0].kind != Kind.ROOT) or (not path and (special or record.authority is None)):
        path.insert(0, Component(Kind.ROOT, "/"))
    rest = [c for c in record if c.kind >= Kind.QUERY]
    record = record.upto(Kind.DRIVE).goto(URLRecord((*path, *rest)))
    # The path state: a file URL's path that starts with a drive letter has a drive (its
    # Windows drive letter quirk), normalise_path finds one that dot segments bring to the
    # front and applies the dot segments, and each segment is encoded with the path set.
    if is_file(record.scheme):
        record = detect_drive(record)
    return _encoded(normalise_path(record), (Kind.DIR, Kind.FILE), PATH_SET)


def set_search(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-search: the query state with a state override.

    The spec says `#` does not end the query then (the query percent-encode sets encode it);
    the grammar's query ends at it, so it is encoded first. The new query goes onto the URL
    before its fragment.
    """
    if value == "":
        return record.without(Kind.QUERY)
    encode_set = SPECIAL_QUERY_SET if is_special_scheme(record.scheme) else QUERY_SET
    query = _encoded(URLRecord(_reading(reading, value, record)), (Kind.QUERY,), encode_set)
    return record.goto(URLRecord((*query, *(c for c in record if c.kind == Kind.FRAGMENT))))


def set_hash(record: URLRecord, value: str, reading: Reading | None) -> URLRecord | None:
    """https://url.spec.whatwg.org/#dom-url-hash: the URL goto the fragment the value gives,
    as for the reference ``#value`` (without the trimming of C0 controls and spaces)."""
    if value == "":
        return record.without(Kind.FRAGMENT)
    return record.goto(_encoded(URLRecord(_reading(reading, value, record)), (Kind.FRAGMENT,),
                              FRAGMENT_SET))


def set_href(record: URLRecord, value: str, reading: Reading | None) -> URLRecord:
    """https://url.spec.whatwg.org/#dom-url-href: the basic URL parser on the value alone
    (the URL it replaces plays no part); URLError where it returns failure."""
    return parse_url(value)[0]


def set_search_params(record: URLRecord, value: str, reading: Reading | None) -> URLRecord:
    """https://url.spec.whatwg.org/#concept-urlsearchparams-update: ``value`` is a
    URLSearchParams' serialization, which is the query as it is; an empty one makes the
    query null."""
    return record.replace(Kind.QUERY, None if value == "" else Component(Kind.QUERY, value))


def set_component(record: URLRecord, mode: Mode, setter: Setter, reading: Reading | None,
                  value: str) -> tuple[URLRecord, Mode]:
    """``record`` after ``setter`` with ``value`` (read as ``reading`` says), and its mode;
    unchanged where the setter does nothing. The setter changed only what its state override
    changes: nothing else is normalised again."""
    changed = setter(record, value, reading)
    if changed is None:
        return record, mode
    return changed, mode_of(changed, mode)
