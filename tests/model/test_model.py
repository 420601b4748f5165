"""The URL model: constraints, order, upto and goto, with the spec's examples and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from strategies import records

from urlgrammar import parse_reference
from urlgrammar.model.record import EMPTY, Authority, Component, Kind, URLRecord
from urlgrammar.syntax.printer import print_record


def rec(text: str) -> URLRecord:
    return parse_reference(text).record.unplaced()


def test_spec_example_goto_adds_a_path_root() -> None:
    # URL Specification § Rebase: //host goto foo/bar is //host/foo/bar, with a path-root
    # although neither operand has one.
    result = rec("//host").goto(rec("foo/bar"))
    assert [c.kind for c in result] == [Kind.AUTHORITY, Kind.ROOT, Kind.DIR, Kind.FILE]
    assert print_record(result) == "//host/foo/bar"


def test_spec_example_printing_inserts_a_dot_dir() -> None:
    # URL Specification § Normalise for Printing: (path-root /)・(dir ε)・(file foo) would
    # print as //foo, an authority; it prints as /.//foo instead.
    record = URLRecord.of([Component(Kind.ROOT, "/"), Component(Kind.DIR, ""),
                           Component(Kind.FILE, "foo")])
    assert print_record(record) == "/.//foo"
    assert rec("/.//foo").dirs == (".", "")


def test_printing_encodes_a_scheme_like_first_segment() -> None:
    record = URLRecord.of([Component(Kind.DIR, "a:b"), Component(Kind.FILE, "c")])
    assert print_record(record) == "a%3Ab/c"
    assert parse_reference("a%3Ab/c").scheme is None


@pytest.mark.parametrize(("text", "order"), [
    ("", Kind.FRAGMENT), ("#f", Kind.FRAGMENT), ("?q", Kind.QUERY), ("f", Kind.FILE),
    ("d/", Kind.DIR), ("/x", Kind.ROOT), ("//h", Kind.AUTHORITY), ("s:", Kind.SCHEME),
])
def test_ord(text: str, order: Kind) -> None:
    assert rec(text).ord() is order


def test_upto_keeps_dirs_for_a_dir_order_and_drops_the_file() -> None:
    url = rec("s://h/a/b/c?q#f")
    assert print_record(url.upto(Kind.DIR)) == "s://h/a/b/"
    assert print_record(url.upto(Kind.FILE)) == "s://h/a/b/"
    assert print_record(url.upto(Kind.QUERY)) == "s://h/a/b/c"
    assert print_record(url.upto(Kind.ROOT)) == "s://h"
    assert print_record(url.upto(Kind.SCHEME)) == ""


@pytest.mark.parametrize(("base", "ref", "result"), [
    ("s://h/a/b?q#f", "", "s://h/a/b?q"),
    ("s://h/a/b?q#f", "#g", "s://h/a/b?q#g"),
    ("s://h/a/b?q#f", "?r", "s://h/a/b?r"),
    ("s://h/a/b?q#f", "c", "s://h/a/c"),
    ("s://h/a/b?q#f", "c/", "s://h/a/c/"),
    ("s://h/a/b?q#f", "../c", "s://h/a/../c"),
    ("s://h/a/b?q#f", "/c", "s://h/c"),
    ("s://h/a/b?q#f", "//g", "s://g"),
    ("s://h/a/b?q#f", "t:x", "t:x"),
    ("a/b", "c", "a/c"),
])
def test_goto(base: str, ref: str, result: str) -> None:
    assert print_record(rec(base).goto(rec(ref))) == result


@given(records(), records(), records())
def test_goto_is_associative(a: URLRecord, b: URLRecord, c: URLRecord) -> None:
    assert a.goto(b).goto(c) == a.goto(b.goto(c))


@given(records(), records())
def test_the_order_of_goto_is_the_least_order(a: URLRecord, b: URLRecord) -> None:
    assert a.goto(b).ord() == min(a.ord(), b.ord())


@given(records(), records())
def test_goto_keeps_the_constraints_and_ends_in_its_argument(a: URLRecord, b: URLRecord) -> None:
    result = a.goto(b)
    result.check()
    # url2 is a postfix of (url1 goto url2), but for a path-root goto may add just before it.
    n = len(b)
    ends_in_b = list(result[len(result) - n:]) == list(b) if n else True
    ends_in_root_and_b = list(result[len(result) - n - 1:]) == [Component(Kind.ROOT, "/"), *b]
    assert ends_in_b or ends_in_root_and_b


@given(records())
def test_empty_goto_url_is_url(a: URLRecord) -> None:
    assert EMPTY.goto(a) == a


@given(records())
def test_url_goto_empty_drops_only_the_fragment(a: URLRecord) -> None:
    assert a.goto(EMPTY) == a.without(Kind.FRAGMENT)


@given(records())
def test_printing_and_parsing_records_round_trips(a: URLRecord) -> None:
    # Generated values hold `/`, `:` and `%`, so this is about the generic grammar's reading
    # of what printing produced: it must be the same URL once printed again.
    once = print_record(a)
    assert print_record(rec(once)) == once


def test_absent_and_empty_differ() -> None:
    assert rec("http://h/?").query == ""
    assert rec("http://h/").query is None
    assert rec("http://h/#").fragment == ""
    assert rec("http://h/").fragment is None
    assert rec("s://@h").authority == Authority(
        Component(Kind.USERNAME, ""), None, Component(Kind.HOST, "h"), None)


@pytest.mark.parametrize("components", [
    [Component(Kind.FILE, "a"), Component(Kind.DIR, "b")],
    [Component(Kind.QUERY, ""), Component(Kind.QUERY, "")],
    [Component(Kind.FILE, "")],
    [Component(Kind.AUTHORITY, Authority.empty()), Component(Kind.FILE, "a")],
    [Component(Kind.DRIVE, "c:"), Component(Kind.DIR, "a")],
    [Component(Kind.HOST, "h")],
])
def test_the_model_rejects_what_breaks_its_constraints(components: list[Component]) -> None:
    with pytest.raises(ValueError):
        URLRecord.of(components)
