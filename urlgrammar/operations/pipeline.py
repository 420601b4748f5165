"""Parse, resolve and normalise: the WHATWG basic URL parser as operations on the record.

URL Specification 0.10.1, § Concluding ("parse-resolve-and-normalise"):

1. preprocess the input (:mod:`urlgrammar.preprocess`);
2. choose the parser mode from the input's scheme, or else the base's (:mod:`urlgrammar.grammar`);
3. parse with that mode's grammar and lift to a record (:mod:`urlgrammar.lift`);
4. WHATWG-resolve the record against the base, forcing web and file URLs (:mod:`urlgrammar.resolve`);
5. process the host and port, normalise, and percent-encode (this module, :mod:`urlgrammar.host`,
   :mod:`urlgrammar.normalise`).

Spans stay offsets in the preprocessed text until the end, where they are mapped to the
original input, diagnostics included. Diagnostics are collected only when asked for
(:mod:`urlgrammar.diagnostics`): ``parse`` pays for none of it.
"""

from __future__ import annotations

from urlgrammar.checking.diagnostics import Collector
from urlgrammar.errors import Diagnostic, URLError, message
from urlgrammar.host.parser import Empty, Host, parse_host
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.operations.normalise import DEFAULT_PORTS, normalise_path, normalise_userinfo, percent_encode
from urlgrammar.operations.resolve import whatwg_resolve
from urlgrammar.syntax.grammars import mode_for
from urlgrammar.syntax.lift import parse_record
from urlgrammar.syntax.preprocess import OffsetMap, preprocess

# Ports are 16-bit: a longer string of digits is out of range whatever its value, and
# converting a megabyte of digits to an int would cost quadratic time.
_MAX_PORT_DIGITS = 5


def parse_url(input: str, base: URLRecord | None = None, base_mode: Mode = Mode.GENERIC,
              encoding: str = "utf-8", diagnostics: list[Diagnostic] | None = None) -> tuple[URLRecord, Mode]:
    """The basic URL parser's result as a record (spans in ``input``), and its mode.

    Raises URLError on failure, naming the standard's error. With a ``diagnostics`` list, the
    standard's validation errors are appended to it, in its order (up to the failing one).
    """
    if diagnostics is None:
        return run(input, base, base_mode, encoding)
    collector = Collector(base)
    try:
        return run(input, base, base_mode, encoding, collector)
    finally:
        diagnostics.extend(collector.diagnostics())


def run(input: str, base: URLRecord | None, base_mode: Mode, encoding: str,
        collector: Collector | None = None) -> tuple[URLRecord, Mode]:
    """:func:`parse_url`, reporting what each phase sees to ``collector`` where one is given."""
    pre = preprocess(input)
    mode = mode_for(pre.text, base_mode if base is not None else Mode.GENERIC)
    offsets = pre.offsets
    if collector is not None:
        collector.preprocessed(pre)
    lifted = None
    try:
        lifted = parse_record(pre.text, mode)
        record = whatwg_resolve(lifted, base, mode)
        if collector is not None:
            collector.resolved(lifted, record)
        scheme = record[0]  # every resolved URL has a scheme
        if not scheme.value.islower():
            record = URLRecord((scheme.with_value(scheme.value.lower()), *record[1:]))
        mode = mode_for_scheme(record[0].value, mode)
        record = _process_authority(record, pre.text, collector)
        record = _normalise(record, mode, encoding)
    except URLError as e:
        if collector is not None:
            if lifted is not None:
                collector.resolved(lifted, None)
            collector.failed(e)
        if offsets.identity:
            raise
        raise URLError(str(_mapped(e.diagnostics[-1], offsets)) if e.diagnostics else str(e),
                       [_mapped(d, offsets) for d in e.diagnostics], e.code) from None
    if not offsets.identity:
        record = record.map_spans(offsets.span)
    return record, mode


def _mapped(d: Diagnostic, offsets: OffsetMap) -> Diagnostic:
    return d.with_span(*offsets.span(d.start, d.end))


def _process_authority(record: URLRecord, text: str, collector: Collector | None) -> URLRecord:
    """Host and port processing of an authority that came from the input."""
    if len(record) < 2 or record[1].kind != Kind.AUTHORITY:
        return record
    c = record[1]
    a: Authority = c.value
    host = a.host
    if type(host.value) is not str:
        return record  # the base's, processed already
    scheme = record[0].value
    special = scheme in DEFAULT_PORTS or scheme == "file"
    if scheme == "file" and (a.username is not None or a.port is not None):
        # The WHATWG file host state reads everything up to the path as the host.
        start = c.start or 0
        host = Component(Kind.HOST, text[start:c.end], start, c.end)
        a = Authority(None, None, host, None)
    elif host.value == "" and (a.username is not None or a.port is not None):
        missing = host.start or 0
        raise URLError.of(Diagnostic("host-missing", missing, missing, message(
            "host-missing", "there is a username, password or port but no host"), "host"))
    at = host.start or 0
    if scheme == "file" and host.value == "":
        value: Host = Empty()
    elif collector is None:
        value = parse_host(host.value, special, origin=lambda s, e: (at + s, at + e))
    else:
        found: list[Diagnostic] = []
        try:
            value = parse_host(host.value, special, diagnostics=found,
                               origin=lambda s, e: (at + s, at + e))
        except URLError:
            collector.host(host.end or 0, found, failed=True)
            raise
        collector.host(host.end or 0, found)
    if scheme == "file" and value.serialize() == "localhost":
        value = Empty()
    port = None if a.port is None else _process_port(a.port, scheme)
    a = Authority(a.username, a.password, Component(Kind.HOST, value, host.start, host.end), port)
    return URLRecord((record[0], Component(Kind.AUTHORITY, a, c.start, c.end), *record[2:]))


def _process_port(port: Component | None, scheme: str) -> Component | None:
    """https://url.spec.whatwg.org/#port-state: digits, at most 65535; the default is null."""
    if port is None or port.value == "":
        return None
    text: str = port.value
    start = port.start or 0
    for i, ch in enumerate(text):
        if not ("0" <= ch <= "9"):
            raise URLError.of(Diagnostic("port-invalid", start + i, start + i + 1,
                                         message("port-invalid", f"{ch!r} is not a digit"),
                                         "port", f"U+{ord(ch):04X}"))
    digits = text.lstrip("0") or "0"
    number = int(digits) if len(digits) <= _MAX_PORT_DIGITS else 1 << 16
    if number > 0xFFFF:
        raise URLError.of(Diagnostic("port-out-of-range", start, port.end or start,
                                     message("port-out-of-range", text), "port"))
    if DEFAULT_PORTS.get(scheme) == number:
        return None
    return port.with_value(number)


def _normalise(record: URLRecord, mode: Mode, encoding: str) -> URLRecord:
    """Drop empty userinfo, resolve dot segments, percent-encode."""
    if len(record) > 1 and record[1].kind == Kind.AUTHORITY and record[1].value.username is not None:
        c = record[1]
        record = URLRecord((record[0], c.with_value(normalise_userinfo(c.value)), *record[2:]))
    return percent_encode(normalise_path(record), mode, encoding)
