"""Printing records: normalise for printing, then each component with its sigil (URL
Specification § Printing; https://url.spec.whatwg.org/#concept-url-serializer does the same
`/.` insertion for a path that would read as an authority)."""

from __future__ import annotations

import pytest
from hypothesis import given
from strategies import records

from urlgrammar import Mode, parse_reference
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.syntax.printer import normalise_for_printing, print_authority, print_record

C = Component
_SEGMENTS = (Kind.DIR, Kind.FILE)


def rec(text: str, mode: Mode = Mode.GENERIC) -> URLRecord:
    return parse_reference(text, mode=mode).record.unplaced()


@pytest.mark.parametrize(("components", "printed"), [
    # An empty first dir after a path-root, or with no path-root at all, would print `//`.
    ([C(Kind.SCHEME, "s"), C(Kind.ROOT, "/"), C(Kind.DIR, ""), C(Kind.FILE, "x")], "s:/.//x"),
    ([C(Kind.DIR, ""), C(Kind.FILE, "x")], ".//x"),
    # With an authority, `//` after it cannot be read as another one.
    ([C(Kind.SCHEME, "s"), C(Kind.AUTHORITY, Authority.empty()), C(Kind.ROOT, "/"),
      C(Kind.DIR, ""), C(Kind.FILE, "x")], "s:////x"),
    # A scheme-like first segment has its first `:` encoded; a later one, or one after a
    # scheme or path-root, is left as it is.
    ([C(Kind.FILE, "a:b:c")], "a%3Ab:c"),
    ([C(Kind.FILE, "1:b")], "1:b"),
    ([C(Kind.SCHEME, "s"), C(Kind.FILE, "a:b")], "s:a:b"),
    ([C(Kind.ROOT, "/"), C(Kind.FILE, "a:b")], "/a:b"),
    ([C(Kind.DIR, "a"), C(Kind.FILE, "b:c")], "a/b:c"),
])
def test_print_record_normalises_for_printing(components: list[Component], printed: str) -> None:
    assert print_record(URLRecord.of(components)) == printed


def test_every_sigil() -> None:
    record = URLRecord.of([
        C(Kind.SCHEME, "file"),
        C(Kind.AUTHORITY, Authority(C(Kind.USERNAME, "u"), C(Kind.PASSWORD, "p"),
                                    C(Kind.HOST, "h"), C(Kind.PORT, "8"))),
        C(Kind.DRIVE, "c:"), C(Kind.ROOT, "/"), C(Kind.DIR, "d"), C(Kind.FILE, "f"),
        C(Kind.QUERY, "q"), C(Kind.FRAGMENT, "g")])
    assert print_record(record) == "file://u:p@h:8/c:/d/f?q#g"


def test_print_authority_keeps_empty_parts() -> None:
    a = Authority(C(Kind.USERNAME, "u"), C(Kind.PASSWORD, ""), C(Kind.HOST, "h"), C(Kind.PORT, ""))
    assert print_authority(a) == "u:@h:"
    assert print_authority(Authority.empty()) == ""


def test_special_backslashes_print_as_slashes() -> None:
    assert print_record(rec("http:\\\\h\\a\\b", Mode.SPECIAL)) == "http://h/a/b"


def test_normalise_for_printing_returns_the_record_itself_when_nothing_is_needed() -> None:
    record = rec("s://h/a/b?q")
    assert normalise_for_printing(record) is record


@given(records())
def test_normalise_for_printing_is_idempotent_and_prints_the_same(a: URLRecord) -> None:
    once = normalise_for_printing(a)
    once.check()
    assert normalise_for_printing(once) == once
    assert print_record(once) == print_record(a)


@given(records().filter(lambda a: not any("/" in c.value for c in a if c.kind in _SEGMENTS)))
def test_the_printed_string_reads_back_with_the_same_scheme_and_authority(a: URLRecord) -> None:
    # What normalise for printing is for: no path reads as a scheme or an authority. (A
    # drive reads back as a path in the generic mode, so the path itself may differ.) Printing
    # does not encode a `/` inside a segment, which no parsed record has: (path-root /)・
    # (file /) prints as `//`, so such records are left out.
    back = rec(print_record(a))
    assert back.scheme == a.scheme
    assert back.has(Kind.AUTHORITY) == a.has(Kind.AUTHORITY)
