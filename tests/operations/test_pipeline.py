"""The pipeline's reporter and the host phase's port reading (issue 10, items 3 and 4)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import urlgrammar
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.authority import is_file_localhost, port_number
from urlgrammar.host.parser import Host
from urlgrammar.model.record import URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.operations.normalise import normalise
from urlgrammar.operations.pipeline import lift, parse_url, resolve_and_normalise, run
from urlgrammar.operations.reporter import Reporter, Reporters
from urlgrammar.reference import parse_reference
from urlgrammar.syntax.preprocess import Preprocessed
from urlgrammar.syntax.printer import print_record
from urlgrammar.url import base_record


class _Events(Reporter):
    def __init__(self) -> None:
        self.events: list[str] = []

    def preprocessed(self, pre: Preprocessed) -> None:
        self.events.append(f"preprocessed {pre.text}")

    def parsed(self, mode: Mode, record: URLRecord) -> None:
        self.events.append(f"parsed {mode.value}")

    def resolved(self, lifted: URLRecord, record: URLRecord | None) -> None:
        self.events.append(f"resolved {record is not None}")

    def host(self, end: int, found: list[Diagnostic], value: Host | None) -> None:
        self.events.append(f"host {end} {value}")

    def normalised(self, record: URLRecord) -> None:
        self.events.append("normalised")

    def failed(self, error: URLError) -> None:
        self.events.append(f"failed {error.code}")


def test_the_reporter_hears_each_phase_in_order() -> None:
    events = _Events()
    run(" HTTP://H:80/a", None, Mode.GENERIC, "utf-8", events)
    assert events.events == ["preprocessed HTTP://H:80/a", "parsed special", "resolved True",
                             "host 8 h", "normalised"]


def test_the_reporter_hears_a_failure_after_the_host() -> None:
    events = _Events()
    with pytest.raises(URLError):
        run("http://[::1/", None, Mode.GENERIC, "utf-8", events)
    assert events.events == ["preprocessed http://[::1/", "parsed special", "resolved True",
                             "host 11 None", "resolved False", "failed IPv6-unclosed"]


class _NoHosts(_Events):
    wants_hosts = False


def test_reporters_tell_each_listener_every_event() -> None:
    # One run, two listeners: each hears what it hears alone; the host phase only where wanted.
    alone, first, second = _Events(), _Events(), _NoHosts()
    with pytest.raises(URLError):
        run(" http://[::1/", None, Mode.GENERIC, "utf-8", alone)
    with pytest.raises(URLError):
        run(" http://[::1/", None, Mode.GENERIC, "utf-8", Reporters(first, second))
    assert first.events == alone.events
    assert second.events == [e for e in alone.events if not e.startswith("host ")]
    assert Reporters(second).wants_hosts is False and Reporters(second, first).wants_hosts is True


_LIFTED = [(" HTTP://H:80/a", None), ("http://[::1/", None), ("\tb/../c", "http://h/a"), ("x", "sc:opaque")]


@pytest.mark.parametrize(("input", "base"), _LIFTED, ids=[f"{i!r} against {b!r}" for i, b in _LIFTED])
def test_going_on_from_a_lift_is_the_run(input: str, base: str | None) -> None:
    # resolve_and_normalise on what lift gave is run: the same result or error, and the reporter
    # hears the same events, those of the lift first.
    base_record, base_mode = (None, Mode.GENERIC) if base is None else run(base, None, Mode.GENERIC, "utf-8")
    whole, steps = _Events(), _Events()
    fallback = base_mode if base is not None else Mode.GENERIC
    calls: list[Callable[[], object]] = [
        lambda: run(input, base_record, base_mode, "utf-8", whole),
        lambda: resolve_and_normalise(lift(input, fallback), base_record, "utf-8", steps)]
    outcomes: list[object] = []
    for call in calls:
        try:
            outcomes.append(call())
        except URLError as e:
            outcomes.append((str(e), e.diagnostics))
    assert outcomes[0] == outcomes[1]
    assert whole.events == steps.events


def _host_and_port(record: URLRecord) -> tuple[str, object]:
    a = record.authority
    assert a is not None
    return str(a.host.value), None if a.port is None else a.port.value


def test_the_base_reporter_does_nothing() -> None:
    record, mode = run("sc://h:8/", None, Mode.GENERIC, "utf-8", Reporter())
    assert (_host_and_port(record), mode) == (("h", 8), Mode.GENERIC)


@pytest.mark.parametrize(("text", "number"), [("", None), ("0", 0), ("080", 80), ("65535", 65535),
                                              ("0" * 1000 + "1", 1)])
def test_port_number(text: str, number: int | None) -> None:
    assert port_number(text) == number


@pytest.mark.parametrize(("text", "code", "span"), [("8x", "port-invalid", (11, 12)),
                                                    ("65536", "port-out-of-range", (10, 15)),
                                                    ("9" * 100_000, "port-out-of-range", (10, 100_010))])
def test_port_number_fails_with_the_standards_error(text: str, code: str, span: tuple[int, int]) -> None:
    with pytest.raises(URLError) as info:
        port_number(text, 10)
    d = info.value.diagnostics[-1]
    assert (d.code, (d.start, d.end)) == (code, span)


def test_the_pipeline_and_normalise_drop_the_same_default_ports() -> None:
    for url in ("http://h:080/", "https://h:443/", "ws://h:80/", "ftp://h:21/", "file://LocalHost/x"):
        record, _ = run(url, None, Mode.GENERIC, "utf-8")
        host, port = _host_and_port(normalise(parse_reference(url).record))
        assert (host.lower(), port) == _host_and_port(record)


def test_file_localhost_in_any_case() -> None:
    assert is_file_localhost("FILE", "LocalHost") and not is_file_localhost("http", "localhost")


def test_a_resolved_path_of_many_segments_is_looked_at_once_for_percent_encoding(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # validate of `C|/C|/...` against a file base percent-encoded each segment on its own;
    # its values, the input's and the base's (encoded already), are now looked at together.
    import urlgrammar.operations.normalise as module
    from urlgrammar.encoding.percent import utf8_percent_encode

    base = urlgrammar.parse("file:///D:/x")
    base_record(base)
    calls: list[str] = []
    monkeypatch.setattr(module, "utf8_percent_encode", lambda s, encode_set: calls.append(s) or
                        utf8_percent_encode(s, encode_set))
    record, _ = parse_url("C|/" * 1000, base_record(base), base.mode)
    assert calls == []
    assert print_record(record) == "file:///" + "C:/" + "C|/" * 999


@pytest.mark.parametrize(("input", "base", "href"), [
    ("a b/é|", "http://h/x", "http://h/a%20b/%C3%A9|"),
    ("?a b'", "http://h/x", "http://h/x?a%20b%27"),
    ("#a b", "s:o p", "s:o p#a%20b"),
    ("//u v@h/", "s://h/x", "s://u%20v@h/"),
])
def test_a_reference_against_a_base_is_still_percent_encoded(input: str, base: str, href: str) -> None:
    parsed = urlgrammar.parse(base)
    assert print_record(parse_url(input, base_record(parsed), parsed.mode)[0]) == href
