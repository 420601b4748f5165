"""Normalisation of records: the path-segment, userinfo and scheme-based equations and
percent-encoding (URL Specification § Equivalences and Normalisation;
https://url.spec.whatwg.org/#path-state, https://url.spec.whatwg.org/#percent-encoded-bytes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from strategies import records

from urlgrammar import Mode, parse_reference
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.operations.normalise import (
    is_dot,
    is_dots,
    normalise,
    normalise_path,
    normalise_userinfo,
    percent_encode,
)
from urlgrammar.syntax.printer import print_record


def rec(text: str, mode: Mode = Mode.GENERIC) -> URLRecord:
    return parse_reference(text, mode=mode).record.unplaced()


@pytest.mark.parametrize(("text", "normalised"), [
    ("/a/./b/../c", "/a/c"),
    ("s://h/%2e/%2E%2e/x", "s://h/x"),
    ("/../a", "/a"),             # `..` at the path-root is dropped
    ("../a", "../a"),            # without one it stays
    ("a/../..", "../"),
    ("a/..", "./"),              # an emptied relative path keeps a `.` dir
    (".", "./"),
    ("s:.", "s:."),              # an opaque path has no dot segments
    ("s://h/a/.%2e/b", "s://h/b"),
])
def test_dot_segments(text: str, normalised: str) -> None:
    assert print_record(normalise_path(rec(text))) == normalised


@pytest.mark.parametrize(("text", "kinds", "normalised"), [
    ("file:///a/../c|/x", [Kind.DRIVE, Kind.ROOT, Kind.FILE], "file:///c:/x"),
    ("file:///a/../c|", [Kind.DRIVE], "file:///c:"),
    ("file:///a/b/../../c:/d", [Kind.DRIVE, Kind.ROOT, Kind.FILE], "file:///c:/d"),
    ("file:///c:/../../x", [Kind.DRIVE, Kind.ROOT, Kind.FILE], "file:///c:/x"),
    # A drive letter that is not first once the dots are gone stays a dir.
    ("file:///x/c:/y", [Kind.ROOT, Kind.DIR, Kind.DIR, Kind.FILE], "file:///x/c:/y"),
])
def test_a_drive_letter_made_first_by_dot_segments_becomes_the_drive(
        text: str, kinds: list[Kind], normalised: str) -> None:
    record = normalise_path(rec(text, Mode.FILE))
    assert [c.kind for c in record][2:] == kinds
    assert print_record(record) == normalised
    record.check()


@pytest.mark.parametrize(("text", "normalised"), [
    ("s://u:@h", "s://u@h"),     # password ε ≈ ε
    ("s://:@h", "s://h"),        # then userinfo (username ε) ≈ ε
    ("s://@h", "s://h"),
    ("s://u:p@h", "s://u:p@h"),
    ("s://:p@h", "s://:p@h"),    # a password keeps the empty username
])
def test_normalise_userinfo(text: str, normalised: str) -> None:
    record = rec(text)
    authority = record.component(Kind.AUTHORITY)
    assert authority is not None
    out = record.replace(Kind.AUTHORITY, authority.with_value(normalise_userinfo(authority.value)))
    assert print_record(out) == normalised


def test_normalise_userinfo_keeps_host_and_port() -> None:
    a = Authority(Component(Kind.USERNAME, ""), Component(Kind.PASSWORD, ""),
                  Component(Kind.HOST, "h"), Component(Kind.PORT, "8"))
    assert normalise_userinfo(a) == Authority(None, None, a.host, a.port)


@pytest.mark.parametrize(("text", "mode", "encoded"), [
    ("http://h/a b?c d#e f", Mode.SPECIAL, "http://h/a%20b?c%20d#e%20f"),
    ("http://h/?'", Mode.SPECIAL, "http://h/?%27"),       # the special-query set has `'`
    ("s://h/a b?c'd#e f", Mode.GENERIC, "s://h/a%20b?c'd#e%20f"),
    ("mailto:a ?x", Mode.GENERIC, "mailto:a%20?x"),        # an opaque path's last space
    ("s://u é:p\"@h/", Mode.GENERIC, "s://u%20%C3%A9:p%22@h/"),
    ("s://h é/", Mode.GENERIC, "s://h %C3%A9/"),           # an opaque host: C0 controls only
])
def test_percent_encode(text: str, mode: Mode, encoded: str) -> None:
    assert print_record(percent_encode(rec(text, mode), mode)) == encoded


def test_percent_encode_uses_the_encoding_for_special_non_websocket_queries_only() -> None:
    assert print_record(percent_encode(rec("http://h/?é#é", Mode.SPECIAL), Mode.SPECIAL,
                                       "windows-1252")) == "http://h/?%E9#%C3%A9"
    assert print_record(percent_encode(rec("wss://h/?é", Mode.SPECIAL), Mode.SPECIAL,
                                       "windows-1252")) == "wss://h/?%C3%A9"


def test_percent_encode_returns_the_record_itself_when_nothing_changes() -> None:
    record = rec("s://u@h/a?b#c")
    assert percent_encode(record, Mode.GENERIC) is record


@pytest.mark.parametrize(("text", "mode", "encoded", "calls"), [
    ("file:///C:/" + "a b/" * 1000 + "x", Mode.FILE, "file:///C:/" + "a%20b/" * 1000 + "x", 1),
    ("s://h/" + "a/é/" * 500 + "b?c d", Mode.GENERIC, "s://h/" + "a/%C3%A9/" * 500 + "b?c%20d", 2),
], ids=["file path of spaces", "path of é and a query"])
def test_a_path_is_encoded_in_one_pass_keeping_the_segments_it_does_not_change(
        text: str, mode: Mode, encoded: str, calls: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # validate's full path encoded a long path one segment at a time (a call each): now its
    # values are encoded together (one call, and one for the query), and a segment that needs
    # no encoding stays the same object.
    import urlgrammar.encoding.percent as module

    record = parse_reference(text, mode=mode).record
    encode = module._utf8_encode_from
    texts: list[str] = []
    monkeypatch.setattr(module, "_utf8_encode_from", lambda s, *args: texts.append(s) or encode(s, *args))
    out = percent_encode(record, mode)
    assert len(texts) == calls
    assert print_record(out) == encoded
    assert [after is before for before, after in zip(record, out, strict=True)] == \
        [not (isinstance(c.value, str) and (" " in c.value or "é" in c.value)) for c in record]


@pytest.mark.parametrize(("segment", "dot", "dots"), [
    (".", True, False), ("%2e", True, False), ("%2E", True, False), ("..", False, True),
    (".%2e", False, True), ("%2E.", False, True), ("%2e%2E", False, True), ("...", False, False),
    ("%2", False, False), ("%2e%2", False, False), ("", False, False),
])
def test_dot_and_dots(segment: str, dot: bool, dots: bool) -> None:
    assert (is_dot(segment), is_dots(segment)) == (dot, dots)


@given(records())
def test_normalise_path_is_idempotent_and_keeps_the_constraints(a: URLRecord) -> None:
    once = normalise_path(a)
    once.check()
    assert normalise_path(once) == once


@given(records())
def test_normalise_leaves_no_dot_segment_below_a_path_root(a: URLRecord) -> None:
    out = normalise(a)
    if out.root:
        assert not any(is_dot(d) or is_dots(d) for d in out.dirs)


@pytest.mark.parametrize("text", ["file:///C|/" + "C|/" * 1000, "file:///C|/" + "a/" * 1000 + "b?q#f"])
def test_a_drive_written_with_a_bar_is_normalised_without_a_look_at_each_segment(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # validate of `file:///C|/C|/...` costs a pass over its segments no more: where the drive
    # is all there is to do, the other components stay as they are, and none is asked whether
    # it is a dot segment.
    import urlgrammar.operations.normalise as module

    record = parse_reference(text).record
    asked: list[str] = []
    monkeypatch.setattr(module, "is_dot", lambda s: asked.append(s) or is_dot(s))
    normalised = normalise_path(record)
    assert asked == []
    assert normalised[2] == record[2].with_value("C:")
    assert all(a is b for a, b in zip(normalised[3:], record[3:], strict=True))
    assert print_record(normalised) == text.replace("C|", "C:", 1)


@pytest.mark.parametrize(("text", "normalised"), [
    ("file:///C|/a/./b", "file:///C:/a/b"),
    ("file:///C|/.%2e/x", "file:///C:/x"),
    ("s://h/a/%2E%2e/b", "s://h/b"),
    ("s://h/a\0./x/.", "s://h/a\0./x/"),  # a `\0` before a `.` in a segment starts none
    ("/C|/..", "/"),
])
def test_a_drive_and_dot_segments_are_both_normalised(text: str, normalised: str) -> None:
    assert print_record(normalise_path(rec(text))) == normalised
