"""Resolution on records: upto, goto and onto, strict and legacy resolution, forcing and the
WHATWG resolution (URL Specification § Order and Prefix, § Rebase, § Resolution, § Forcing,
§ WHATWG Resolution; https://url.spec.whatwg.org/#concept-basic-url-parser resolves the same).

The goto laws (associativity, the order of goto, the empty URL) are in test_model.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import records

from urlgrammar import Mode, URLError, parse_reference
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.operations.resolve import (
    force,
    force_file,
    force_web,
    legacy_resolve,
    rebase,
    strict_resolve,
    whatwg_resolve,
    without_same_scheme,
)
from urlgrammar.syntax.printer import print_record

_KINDS = st.sampled_from(list(Kind))


def rec(text: str, mode: Mode = Mode.GENERIC) -> URLRecord:
    return parse_reference(text, mode=mode).record.unplaced()


# ---- upto, goto, onto ---------------------------------------------------------------------------


@given(records(), _KINDS)
def test_upto_is_a_prefix_below_the_order(a: URLRecord, order: Kind) -> None:
    prefix = a.upto(order)
    assert tuple(a[:len(prefix)]) == tuple(prefix)
    assert all(c.kind < order or (c.kind == Kind.DIR and order >= Kind.DIR) for c in prefix)
    # And it holds every such component: the one after it is not one.
    rest = a[len(prefix):]
    assert not rest or not (rest[0].kind < order or (rest[0].kind == Kind.DIR and order >= Kind.DIR))


@given(records(), _KINDS, _KINDS)
def test_upto_is_monotone_and_idempotent(a: URLRecord, k1: Kind, k2: Kind) -> None:
    low, high = sorted((k1, k2))
    assert tuple(a.upto(high)[:len(a.upto(low))]) == tuple(a.upto(low))
    assert a.upto(low).upto(low) == a.upto(low)


@given(records(), records())
def test_onto_is_goto_flipped(a: URLRecord, b: URLRecord) -> None:
    assert a.onto(b) == b.goto(a)


# ---- strict and legacy resolution ---------------------------------------------------------------


@given(records(), records())
def test_strict_resolve_is_onto_where_either_has_a_scheme(url: URLRecord, base: URLRecord) -> None:
    if url.scheme is None and base.scheme is None:
        with pytest.raises(URLError) as info:
            strict_resolve(url, base)
        assert info.value.code == "missing-scheme-non-relative-URL"
    else:
        assert strict_resolve(url, base) == url.onto(base)


@pytest.mark.parametrize(("url", "base", "without"), [
    ("Sc:x", "sC:y", "x"),       # the same scheme, ignoring case: dropped
    ("sc:x", "t:y", "sc:x"),
    ("sc:x", "y", "sc:x"),
    ("x", "sc:y", "x"),
])
def test_without_same_scheme(url: str, base: str, without: str) -> None:
    assert print_record(without_same_scheme(rec(url), rec(base))) == without


def test_legacy_resolve_drops_the_same_scheme_where_strict_keeps_it() -> None:
    url, base = rec("HTTP:foo"), rec("http://h/a/b")
    assert print_record(legacy_resolve(url, base)) == "http://h/a/foo"
    assert print_record(strict_resolve(url, base)) == "HTTP:foo"


@given(records(), records())
def test_legacy_resolve_is_strict_resolve_of_the_url_without_the_same_scheme(
        url: URLRecord, base: URLRecord) -> None:
    try:
        expected = strict_resolve(without_same_scheme(url, base), base)
    except URLError:
        with pytest.raises(URLError):
            legacy_resolve(url, base)
        return
    assert legacy_resolve(url, base) == expected


def test_rebase_of_a_relative_reference_onto_a_relative_base_stays_relative() -> None:
    # Where strict resolution fails, rebase answers.
    with pytest.raises(URLError):
        strict_resolve(rec("../a"), rec("b/c/"))
    assert print_record(rebase(rec("../a"), rec("b/c/"))) == "b/c/../a"


# ---- forcing ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "forced"), [
    ("file:x", "file:///x"),           # an empty authority and a path-root
    ("file:c:/x", "file:///c:/x"),     # a drive needs no path-root of its own
    ("file://h/x", "file://h/x"),
])
def test_force_file(text: str, forced: str) -> None:
    record = force_file(rec(text, Mode.FILE))
    assert print_record(record) == forced
    assert record.has(Kind.AUTHORITY) and (record.has(Kind.DRIVE) or record.root)


@pytest.mark.parametrize(("text", "forced"), [
    ("http:a/b", "http://a/b"),         # the first segment is promoted to the authority
    ("http:/a/b", "http://a/b"),
    ("http:///a/b", "http://a/b"),      # empty segments are passed over
    ("http://h", "http://h/"),          # a path-root is added
])
def test_force_web(text: str, forced: str) -> None:
    assert print_record(force_web(rec(text, Mode.SPECIAL), Mode.SPECIAL)) == forced


@pytest.mark.parametrize("text", ["http:", "http:/", "http:///"])
def test_force_web_without_a_host_anywhere_is_host_missing(text: str) -> None:
    with pytest.raises(URLError) as info:
        force_web(rec(text, Mode.SPECIAL), Mode.SPECIAL)
    assert info.value.code == "host-missing"


def test_force_leaves_other_schemes_alone() -> None:
    record = rec("sc:x")
    assert force(record, Mode.GENERIC) is record


# ---- WHATWG resolution --------------------------------------------------------------------------


@pytest.mark.parametrize(("url", "base", "mode", "resolved"), [
    ("http:foo", None, Mode.SPECIAL, "http://foo/"),
    ("http:foo", "http://h/a", Mode.SPECIAL, "http://h/foo"),     # legacy, then forced
    ("//h", "http://x/a", Mode.SPECIAL, "http://h/"),
    ("sc:foo", "sc://h/a", Mode.GENERIC, "sc:foo"),               # strict for non-special
    ("#f", "sc:y", Mode.GENERIC, "sc:y#f"),
    ("x", "sc:/a/b", Mode.GENERIC, "sc:/a/x"),
    ("file:c:/x", None, Mode.FILE, "file:///c:/x"),
    ("c|/x", "file:///d:/y", Mode.FILE, "file:///c|/x"),          # drives are normalise's
])
def test_whatwg_resolve(url: str, base: str | None, mode: Mode, resolved: str) -> None:
    base_record = None if base is None else rec(base, mode)
    assert print_record(whatwg_resolve(rec(url, mode), base_record, mode)) == resolved


@pytest.mark.parametrize(("url", "base", "mode", "code"), [
    ("x", None, Mode.GENERIC, "missing-scheme-non-relative-URL"),
    ("x", "sc:y", Mode.GENERIC, "missing-scheme-non-relative-URL"),
    ("", "sc:y", Mode.GENERIC, "missing-scheme-non-relative-URL"),   # no first component
    ("?q", "sc:y", Mode.GENERIC, "missing-scheme-non-relative-URL"),
    ("http:", None, Mode.SPECIAL, "host-missing"),
])
def test_whatwg_resolve_fails_where_the_standard_does(url: str, base: str | None, mode: Mode,
                                                      code: str) -> None:
    with pytest.raises(URLError) as info:
        whatwg_resolve(rec(url, mode), None if base is None else rec(base, mode), mode)
    assert info.value.code == code
