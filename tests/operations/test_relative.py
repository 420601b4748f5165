"""make_relative: the shortest reference that resolves against a base to a target.

The property, ``URL(base.make_relative(t), base) == t``, on the web-platform-tests pairs (each
case's base and its result, and every two results of a sample), on generated pairs and on
rust-url's cases (tests/data/rust_url_make_relative.json, with its source and licence); and
that no strictly shorter reference of a small family resolves to the target as well.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import ROOT, assert_linear_work, shared_cases, shared_parametrize
from hypothesis import assume, given
from hypothesis import strategies as st

from urlgrammar import URL, URLError, validate
from urlgrammar.operations.relative import references, shortest_reference

# (base, target, the reference): each corner that makes the parser read a postfix otherwise.
CASES = [
    ("http://h/a/b", "http://h/a/b", ""),
    ("http://h/a/b#f", "http://h/a/b", ""),  # the empty reference drops the base's fragment
    ("http://h/a/b#f", "http://h/a/b#f", "#f"),
    ("http://h/a/b", "http://h/a/b#", "#"),
    ("http://h/a/b?q", "http://h/a/b?r#s", "?r#s"),
    ("http://h/a/b?q", "http://h/a/b", "b"),  # no query: the file, written again
    ("http://h/a/b?q", "http://h/a/", "."),
    ("http://h/a/b?q", "http://h/a/?", ".?"),
    ("http://h/a/b/c", "http://h/a/", ".."),
    ("http://h/a/b/c", "http://h/a/x", "../x"),  # as short as /a/x: the more relative
    ("http://h/a/b/c/d", "http://h/x", "/x"),
    ("http://h/a/b", "http://h/", "/"),
    ("http://h/a/b", "http://h/a/c:d", "./c:d"),  # c: would be a scheme
    ("http://h/a/b", "http://h/a/1:d", "1:d"),  # not scheme-like
    ("http://h/a/b", "http://h/a//x", ".//x"),  # //x would be a host
    ("http://h/a/b", "http://h//x", "..//x"),
    ("http://h/a/b/c", "http://h//x", "/.//x"),
    ("sc:/a/b", "sc:/.//x", "..//x"),
    ("sc://h?q", "sc://h", "//h"),  # `.` would give the path /
    ("sc://h", "sc://h/x", "x"),  # goto adds the path-root
    ("sc://h/a\\b", "sc://h/a\\c", "a\\c"),  # not a separator here
    ("file:///C:/a/b", "file:///C:/a/c", "c"),
    ("file:///C:/a/b", "file:///C:/x", "/x"),  # the file slash state keeps the drive
    ("file:///C:/a/b", "file:///D:/a/b", "/D:/a/b"),
    ("file:///C:/a/b", "file:///a/b", "///a/b"),  # /a/b would keep the drive
    ("file:///C:/a/b", "file:///C:", "/C:"),
    ("file:///a/b", "file:///a/C|/x", "./C|/x"),  # C|/x would be a new drive
    ("file:///C:", "file:///C:/C:", "./C:"),
    ("file:///C:/a/b/c", "file:///C:/C:", "/./C:"),  # /C: would be the drive
    ("file://h/x", "file:///x", "///x"),
    ("file:///x", "file://h/x", "//h/x"),
    ("sc:opaque", "sc:opaque#x", "#x"),
    ("sc:opaque#f", "sc:opaque", "sc:opaque"),  # an opaque path takes no empty reference
    ("sc:opaque", "sc:other", "sc:other"),
    ("sc:/a/b", "sc:c", "sc:c"),
    ("sc://h/a", "sc:/a", "sc:/a"),  # /a would keep the host
    ("http://h/", "https://h/", "https://h"),  # forcing puts the path-root back
    ("http://g/a", "http://h/?q", "//h?q"),
    ("file://g/", "file:///", "//"),
    ("file:///C:/x", "file://h/C:", "//h/C:"),
    ("http://h:8/", "http://h:9/x", "//h:9/x"),
    ("http://u:p@h/a", "http://h/a", "//h/a"),
    ("http://h/a", "http://u:p@h/a", "//u:p@h/a"),
    ("http://h/", "http://[::1]/x", "//[::1]/x"),
    ("https://h/", "https://h/%C3%A9?%C3%A9", "%C3%A9?%C3%A9"),  # the target's own spelling
]


@pytest.mark.parametrize(("base", "target", "reference"), CASES,
                         ids=[f"{t} against {b}" for b, t, _ in CASES])
def test_make_relative(base: str, target: str, reference: str) -> None:
    assert URL(base).make_relative(URL(target)) == reference
    assert URL(reference, base).href == URL(target).href


def test_a_str_target_is_read_against_the_base() -> None:
    base = URL("http://h/a/b/c")
    assert base.make_relative("../x/./y") == "../x/y"
    assert base.make_relative("HTTP://H/a/b/d") == "d"


def test_none_where_no_reference_gives_the_target() -> None:
    # The protocol setter keeps the path's `C|`, which parsing the href makes a drive `C:`.
    target = URL("http://h/C|/x").replace(protocol="file")
    assert target.href == "file://h/C|/x" and URL(target.href).href == "file://h/C:/x"
    assert URL("file://h/").make_relative(target) is None


def test_a_reference_resolves_against_the_base_the_href_parses_to() -> None:
    base = URL("http://h/C|/a/b").replace(protocol="file")  # its href parses to file://h/C:/a/b
    assert base.make_relative("file://h/C:/a/c") == "c"


def _relative(base: URL, target: URL) -> str:
    reference = base.make_relative(target)
    assert reference is not None
    assert URL(reference, base).href == target.href
    # The model alone gives it: the check in make_relative passes its first reference.
    assert reference == shortest_reference(base.record.unplaced(), target.record.unplaced())
    return reference


# ---- web-platform-tests ----------------------------------------------------------------------------

_WPT = "wpt/urltestdata.json"
_PAIRS = [c for c in shared_cases(_WPT) if c.get("base") is not None and not c.get("failure")]


@shared_parametrize(_WPT, "case", _PAIRS, ids=[f"{c['href']} against {c['base']}" for c in _PAIRS])
def test_round_trip_on_each_case(case: dict[str, Any]) -> None:
    reference = _relative(URL(case["base"]), URL(case["href"]))
    _assert_none_shorter(URL(case["base"]), URL(case["href"]), reference)


@shared_parametrize(_WPT, "step", [4])
def test_round_trip_on_every_two_results(step: int) -> None:
    hrefs = sorted({c["href"] for c in shared_cases(_WPT) if not c.get("failure")})
    sample = [URL(h) for h in hrefs[::step]]
    for base in sample:
        for target in sample:
            _relative(base, target)


# ---- generated pairs ---------------------------------------------------------------------------------

_scheme = st.sampled_from(["http", "https", "file", "sc", "ws"])
_host = st.sampled_from(["h", "g", "u:p@h", "h:81", "[::1]", "", "localhost"])
_segment = st.sampled_from(["", "a", "b", "a:b", "1:b", "C:", "C|", "..", ".", "%2e", "é", "%C3%A9", "a%2Fb"])
_tail = st.sampled_from(["", "?", "?q", "?q=é", "#", "#f", "?q#f"])


@st.composite
def _urls(draw: st.DrawFn) -> URL:
    scheme = draw(_scheme)
    path = "/".join(draw(st.lists(_segment, max_size=4)))
    shape = draw(st.sampled_from(["//", "/", ""]))
    text = f"{scheme}://{draw(_host)}/{path}" if shape == "//" else f"{scheme}:{shape}{path}"
    url = URL.parse(text + draw(_tail))
    assume(url is not None)
    assert url is not None
    return url


@given(_urls(), _urls())
def test_round_trip_on_generated_pairs(base: URL, target: URL) -> None:
    _assert_none_shorter(base, target, _relative(base, target))


@given(_urls(), st.data())
def test_round_trip_on_generated_near_pairs(base: URL, data: st.DataObject) -> None:
    # A target that shares a prefix of the base's href, and so most of its record.
    cut = data.draw(st.integers(0, len(base.href)))
    suffix = data.draw(st.sampled_from(["", "x", "/", "/x", "../y", "?q", "#f", "/a:b", "//z", "C|/w"]))
    target = URL.parse(base.href[:cut] + suffix)
    assume(target is not None)
    assert target is not None
    _assert_none_shorter(base, target, _relative(base, target))


def _assert_none_shorter(base: URL, target: URL, reference: str) -> None:
    """No strictly shorter valid string of a small family resolves to the target: the
    reference's postfixes from each `/`, `?` or `#` (dropping leading segments, `../` and
    `./`), the empty and the dot references, the reference without its `/.` or `./`, and the
    other orders'. A string the parser reads only by its error recovery does not count
    (``//C:`` for ``///C:``: the file host state takes the host `C:` for a drive, with a
    validation error). Where base and target are valid URL strings, so is the reference."""
    if validate(base.href).valid and validate(target.href).valid:
        assert validate(reference, base).valid
    family = {"", ".", "..", "/", reference.removeprefix("./"), reference.replace("/.", "", 1)}
    family.update(reference[i + 1:] for i, c in enumerate(reference) if c == "/")
    family.update(reference[i:] for i, c in enumerate(reference) if c in "?#")
    family.update(references(base.record.unplaced(), target.record.unplaced()))
    for shorter in (s for s in family if len(s) < len(reference)):
        resolved = URL.parse(shorter, base)
        if resolved is not None and resolved.href == target.href:
            assert not validate(shorter, base).valid, shorter


# ---- rust-url's cases --------------------------------------------------------------------------------

_RUST = json.loads((ROOT / "tests" / "data" / "rust_url_make_relative.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", _RUST["cases"],
                         ids=[f"{c['target']} against {c['base']}" for c in _RUST["cases"]])
def test_rust_url_cases(case: dict[str, Any]) -> None:
    base, target = URL(case["base"]), URL(case["target"])
    assert _relative(base, target) == case["ours"]
    theirs = case["rust_url"]
    if theirs == case["ours"]:
        assert "why" not in case
        return
    assert case["why"]
    if theirs is None:  # rust-url makes only path references: another scheme, host or port, none
        assert target.origin != base.origin or target.pathname[:1] != "/"
    else:  # theirs resolves to the target as well; ours is shorter
        assert URL(theirs, base).href == target.href
        assert len(case["ours"]) < len(theirs)


def test_agreement_with_rust_url() -> None:
    cases = _RUST["cases"]
    assert "25137be1fc1d35cc8ea7d43fc0a02166b023a483" in _RUST["source"] and "MIT" in _RUST["licence"]
    assert len(cases) == 23
    assert sum(c["ours"] == c["rust_url"] for c in cases) == 14


# ---- cost --------------------------------------------------------------------------------------------


def test_cost_is_linear_in_a_long_host() -> None:
    def relative(host: str) -> object:
        return URL(f"http://{host}/a/b").make_relative(f"http://x{host}/a/c")

    assert_linear_work(relative, lambda n: "a" * n, size=10_000)


def test_cost_is_linear_in_a_long_path() -> None:
    def relative(path: str) -> object:
        return URL(f"http://h/{path}/b").make_relative(f"http://h/{path}x/c")

    assert_linear_work(relative, lambda n: "a/" * n, size=300)


def test_a_failing_str_target_raises_url_error() -> None:
    with pytest.raises(URLError):
        URL("sc:opaque").make_relative("x")
