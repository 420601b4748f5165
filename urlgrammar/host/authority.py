"""The host phase of the pipeline: an authority from the input becomes a host and a port.

https://url.spec.whatwg.org/#host-state, https://url.spec.whatwg.org/#port-state and
https://url.spec.whatwg.org/#file-host-state, on the authority component the grammar lifted:
a missing host, the file host (everything up to the path), the host parser, the port's digits
and range, and the scheme-based normalisation of URL Specification § Scheme-Based Authority
Normalisation (the default port is no port; a file URL's host ``localhost`` is the empty host).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from urlgrammar.errors import Code, Diagnostic, URLError, message
from urlgrammar.host.parser import Empty, Host, parse_host
from urlgrammar.model.code_points import ASCII_DIGITS, none_of
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import Mode, default_port, is_file, mode_for_scheme
from urlgrammar.syntax.printer import print_authority

#: What the host phase tells whoever listens: the offset at which the host state ends, the
#: host parser's validation errors, and the host it gave (None where it failed).
HostReport = Callable[[int, list[Diagnostic], Host | None], None]

_new = tuple.__new__
# Module constants for enum members: on Python 3.11 an access through the class runs
# EnumType.__getattr__'s hook, which costs more than the comparisons it serves here.
_HOST, _AUTHORITY = Kind.HOST, Kind.AUTHORITY
_GENERIC, _FILE = Mode.GENERIC, Mode.FILE

# Ports are 16-bit: a longer string of digits is out of range whatever its value, and
# converting a megabyte of digits to an int would cost quadratic time.
_MAX_PORT_DIGITS = 5
#: A code point that is no ASCII digit, which a port may not hold.
_NOT_DIGIT = re.compile(none_of(ASCII_DIGITS))


def port_number(text: str, start: int = 0) -> int | None:
    """https://url.spec.whatwg.org/#port-state: the number a port string denotes, None for the
    empty port. ASCII digits only, at most 65535; otherwise raises URLError (port-invalid at the
    first other code point, or port-out-of-range), its span offset by ``start``."""
    if text == "":
        return None
    other = _NOT_DIGIT.search(text)  # one search: a port may be a megabyte of digits
    if other is not None:
        i, ch = other.start(), other.group()
        raise URLError.of(Diagnostic(Code.PORT_INVALID, start + i, start + i + 1,
                                     message(Code.PORT_INVALID, f"{ch!r} is not a digit"),
                                     "port", f"U+{ord(ch):04X}"))
    digits = text.lstrip("0") or "0"
    number = int(digits) if len(digits) <= _MAX_PORT_DIGITS else 1 << 16
    if number > 0xFFFF:
        raise URLError.of(Diagnostic(Code.PORT_OUT_OF_RANGE, start, start + len(text),
                                     message(Code.PORT_OUT_OF_RANGE, text), "port"))
    return number


def is_file_localhost(scheme: str | None, host: str) -> bool:
    """A file URL's host ``localhost`` (in any case) is the empty host (URL Specification §
    Scheme-Based Authority Normalisation; https://url.spec.whatwg.org/#file-host-state)."""
    return is_file(scheme) and host.lower() == "localhost"


def process_port(port: Component | None, scheme: str | None) -> Component | None:
    """The port as a number, or None where it is empty or the scheme's default port
    (https://url.spec.whatwg.org/#default-port)."""
    if port is None:
        return None
    number = port_number(port.value, port.start or 0)
    if number is None or number == default_port(scheme):
        return None
    return port.with_value(number)


def process_authority(record: URLRecord, mode: Mode | None = None,
                      report: HostReport | None = None) -> URLRecord:
    """Host and port processing of an authority that came from the input; an authority from
    the base, processed already, is left alone. ``mode`` is the mode of the record's scheme,
    where the caller knows it already. ``report`` hears of each host parsed (with the host
    parser's diagnostics), when one is given."""
    if len(record) < 2 or record[1].kind != _AUTHORITY:
        return record
    c = record[1]
    a: Authority = c.value
    host = a.host
    if type(host.value) is not str:
        return record  # the base's, processed already
    scheme = record[0].value
    if mode is None:
        mode = mode_for_scheme(scheme)
    file = mode is _FILE
    if file and (a.username is not None or a.port is not None):
        # The file host state reads everything up to the path as the host.
        host = Component(Kind.HOST, print_authority(a), c.start, c.end)
        a = Authority(None, None, host, None)
    elif host.value == "" and (a.username is not None or a.port is not None):
        missing = host.start or 0
        raise URLError.of(Diagnostic(Code.HOST_MISSING, missing, missing, message(
            Code.HOST_MISSING, "there is a username, password or port but no host"), "host"))
    value = Empty() if file and host.value == "" else _host(host, mode is not _GENERIC, report)
    if file and is_file_localhost(scheme, value.serialize()):
        value = Empty()
    port = None if a.port is None else process_port(a.port, scheme)
    # Built with tuple.__new__ (no NamedTuple defaults to fill): this runs on every parse.
    processed = _new(Component, (_HOST, value, host.start, host.end, None))
    a = _new(Authority, (a.username, a.password, processed, port))
    return _new(URLRecord, (record[0], _new(Component, (_AUTHORITY, a, c.start, c.end, None)), *record[2:]))


def _host(host: Component, special: bool, report: HostReport | None) -> Host:
    """https://url.spec.whatwg.org/#host-parsing of the host as written, special or opaque."""
    at = host.start or 0
    if report is None:
        return parse_host(host.value, special, origin=lambda s, e: (at + s, at + e))
    found: list[Diagnostic] = []
    try:
        value = parse_host(host.value, special, diagnostics=found, origin=lambda s, e: (at + s, at + e))
    except URLError:
        report(host.end or 0, found, None)
        raise
    report(host.end or 0, found, value)
    return value
