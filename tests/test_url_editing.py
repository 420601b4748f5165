"""Joining path segments and editing the query and fragment of a URL (urlgrammar/editing.py),
and the public functions that take a URL where they take a URL string."""

from __future__ import annotations

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import URL, URLError, URLSearchParams, can_parse, parse, parse_reference, validate
from urlgrammar.encoding.percent import scalar_values
from urlgrammar.model.schemes import has_opaque_path

WPT_URLS = sorted({c["href"] for c in shared_cases("wpt/urltestdata.json") if not c.get("failure")})

# ---- joinpath and / -----------------------------------------------------------------------------

JOINS = [
    ("https://h/a/b", ("c",), "https://h/a/b/c"),
    ("https://h/a/b/", ("c",), "https://h/a/b/c"),  # the empty last segment is replaced
    ("https://h", ("c",), "https://h/c"),
    ("https://h/a", ("",), "https://h/a/"),
    ("https://h/a", ("b", "", "c"), "https://h/a/b//c"),
    ("https://h/a?q#f", ("b",), "https://h/a/b?q#f"),
    ("https://h/", ("a/b",), "https://h/a%2Fb"),
    ("https://h/", ("a\\b",), "https://h/a%5Cb"),
    ("https://h/", ("50%",), "https://h/50%25"),
    ("https://h/", ("%2e%2E",), "https://h/%252e%252E"),
    ("https://h/", ("a b?c#d",), "https://h/a%20b%3Fc%23d"),
    ("https://h/", ("é\t\n",), "https://h/%C3%A9%09%0A"),
    ("https://h/", ("\ud800",), "https://h/%EF%BF%BD"),
    ("https://h/", ("...",), "https://h/..."),
    ("foo://h", ("a",), "foo://h/a"),
    ("foo:/", ("a",), "foo:/a"),
    ("foo:/.//x", ("y",), "foo:/.//x/y"),
    ("foo:/", ("", "x"), "foo:/.//x"),
    ("file:///", ("C|",), "file:///C%7C"),  # not the drive C:
    ("file:///", ("C:",), "file:///C:"),
    ("file:///x", ("C|",), "file:///x/C|"),
    ("file:///C:/", ("x",), "file:///C:/x"),
]


@pytest.mark.parametrize(("base", "segments", "href"), JOINS, ids=lambda v: repr(v))
def test_joinpath(base: str, segments: tuple[str, ...], href: str) -> None:
    url = URL(base)
    joined = url.joinpath(*segments)
    assert joined.href == href
    assert URL(joined.href) == joined  # a URL that parsing its href gives
    assert joined.path_segments[len(joined.path_segments) - len(segments):] == tuple(
        map(scalar_values, segments))


def test_slash_joins_one_segment() -> None:
    url = URL("https://h/a/")
    assert url / "b c" == URL("https://h/a/b%20c")
    assert url / "b" / "c" == url.joinpath("b", "c")
    assert url.joinpath() is url
    with pytest.raises(TypeError):
        url / 1  # type: ignore[operator]
    with pytest.raises(TypeError, match="a str"):
        url.joinpath(b"x")  # type: ignore[arg-type]


@pytest.mark.parametrize("segment", [".", ".."])
def test_a_dot_segment_is_refused(segment: str) -> None:
    with pytest.raises(URLError, match="dot segment"):
        URL("https://h/a/b") / segment


@pytest.mark.parametrize("href", ["mailto:a@b", "foo:", "data:text/plain,x", "javascript:alert(1)"])
def test_an_opaque_path_has_no_segments_to_join(href: str) -> None:
    with pytest.raises(URLError, match="opaque path"):
        URL(href) / "x"


def test_a_long_segment_is_encoded_once() -> None:
    joined = URL("https://h/") / ("é" * 100_000)
    assert joined.pathname == "/" + "%C3%A9" * 100_000


segments = st.lists(st.text(max_size=8).filter(lambda s: s not in (".", "..")), max_size=4)


@given(st.sampled_from(WPT_URLS or ["https://h/"]), segments)
def test_joinpath_ends_path_segments_with_the_segments(href: str, given_segments: list[str]) -> None:
    url = URL(href)
    if has_opaque_path(url.record):
        return
    joined = url.joinpath(*given_segments)
    n = len(given_segments)
    assert joined.path_segments[len(joined.path_segments) - n:] == tuple(map(scalar_values, given_segments))
    kept = url.path_segments[:-1] if n and url.path_segments[-1:] == ("",) else url.path_segments
    assert joined.path_segments[:len(joined.path_segments) - n] == kept
    assert URL(joined.href) == joined
    assert (joined.origin, joined.search, joined.hash) == (url.origin, url.search, url.hash)


# ---- the query ----------------------------------------------------------------------------------

URL_Q = URL("https://h/p?a=1&b=2&a=3#f")


@pytest.mark.parametrize(("query", "href"), [
    ({"q": "a b", "r": "é"}, "https://h/p?q=a+b&r=%C3%A9#f"),
    ([("x", "1"), ("x", "2")], "https://h/p?x=1&x=2#f"),
    ({"n": 5, "m": ["1", 2]}, "https://h/p?n=5&m=1&m=2#f"),
    (URLSearchParams("z=~"), "https://h/p?z=%7E#f"),
    ("a b&c", "https://h/p?a%20b&c#f"),  # a str: the search setter, as written
    ("?x", "https://h/p?x#f"),
    ("", "https://h/p#f"),
    (None, "https://h/p#f"),
    ({}, "https://h/p#f"),
    ([], "https://h/p#f"),
])
def test_with_query(query: object, href: str) -> None:
    assert URL_Q.with_query(query).href == href  # type: ignore[arg-type]


def test_with_query_takes_keywords() -> None:
    assert URL_Q.with_query(q="1").href == "https://h/p?q=1#f"
    assert URL_Q.with_query({"a": "1"}, b="2").href == "https://h/p?a=1&b=2#f"


@pytest.mark.parametrize("bad", [{"a": True}, {"a": 1.5}, {"a": None}, [("a",)], [("a", "b", "c")], 3,
                                 b"a=b"])
def test_query_values_are_str_or_int(bad: object) -> None:
    with pytest.raises(TypeError, match="name must be a str"):
        URL_Q.update_query({1: []})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        URL_Q.with_query(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("update", "href"), [
    ({"a": "9"}, "https://h/p?a=9&b=2#f"),  # the first a takes the value, the other goes
    ({"c": "9"}, "https://h/p?a=1&b=2&a=3&c=9#f"),
    ({"a": ["7", "8"]}, "https://h/p?a=7&a=8&b=2#f"),
    ({"a": []}, "https://h/p?b=2#f"),
    ({"a": [], "\ud800": ["x"]}, "https://h/p?b=2&%EF%BF%BD=x#f"),
    ([("b", "x"), ("b", "y"), ("d", "1")], "https://h/p?a=1&b=x&b=y&a=3&d=1#f"),
    ("b=%20", "https://h/p?a=1&b=+&a=3#f"),
])
def test_update_query(update: object, href: str) -> None:
    assert URL_Q.update_query(update).href == href  # type: ignore[arg-type]


def test_query_edits() -> None:
    assert URL_Q.update_query(b=3).href == "https://h/p?a=1&b=3&a=3#f"
    assert URL_Q.extend_query(a="4", c="5").href == "https://h/p?a=1&b=2&a=3&a=4&c=5#f"
    assert URL_Q.extend_query([("a", "1")]).href == "https://h/p?a=1&b=2&a=3&a=1#f"
    assert URL_Q.without_query_params("a").href == "https://h/p?b=2#f"
    assert URL_Q.without_query_params("a", "b").href == "https://h/p#f"
    assert URL_Q.without_query_params("zz") == URL_Q
    # A name is a scalar value string: a lone surrogate is U+FFFD, an empty list removing it too.
    assert URL("https://h/?%EF%BF%BD=1&b=2").update_query({"\ud800": []}).href == "https://h/?b=2"
    # As the standard's URLSearchParams: an empty list of pairs is no query, not `?`.
    assert URL("https://h/?").without_query_params("x").href == "https://h/"
    # A query that is not form-encoded is serialized again, as URLSearchParams.set does.
    assert URL("https://h/?q=a%20b").update_query(r="1").href == "https://h/?q=a+b&r=1"


names = st.sampled_from(["a", "b", "c", "é", "a b", "&", "="])
values = st.text(max_size=4)
pairs = st.lists(st.tuples(names, values), max_size=6)


@given(pairs, st.dictionaries(names, values, max_size=3))
def test_update_query_sets_as_urlsearchparams_does(start: list[tuple[str, str]],
                                                    update: dict[str, str]) -> None:
    url = URL("https://h/").with_query(start)
    updated = url.update_query(update)
    params = URLSearchParams(url.search_params)
    for name, value in update.items():
        params.set(name, value)
        assert updated.search_params.get_all(name) == [scalar_values(value)]
    assert updated.search_params == params
    assert updated == url.replace(search_params=params)
    others = [p for p in url.search_params.items() if p[0] not in update]
    assert [p for p in updated.search_params.items() if p[0] not in update] == others


@given(pairs, pairs)
def test_extend_query_appends_as_urlsearchparams_does(start: list[tuple[str, str]],
                                                      more: list[tuple[str, str]]) -> None:
    url = URL("https://h/").with_query(start)
    params = URLSearchParams(url.search_params)
    for name, value in more:
        params.append(name, value)
    assert url.extend_query(more) == url.replace(search_params=params)


@given(pairs, st.lists(names, max_size=3))
def test_without_query_params_deletes_as_urlsearchparams_does(start: list[tuple[str, str]],
                                                              gone: list[str]) -> None:
    url = URL("https://h/").with_query(start)
    params = URLSearchParams(url.search_params)
    for name in gone:
        params.delete(name)
    assert url.without_query_params(*gone) == url.replace(search_params=params)


# ---- the fragment -------------------------------------------------------------------------------

@pytest.mark.parametrize(("fragment", "href"), [
    ("x y", "https://h/p?a=1&b=2&a=3#x%20y"), ("#x", "https://h/p?a=1&b=2&a=3#x"),
    ("", "https://h/p?a=1&b=2&a=3"), (None, "https://h/p?a=1&b=2&a=3"),
])
def test_with_fragment(fragment: str | None, href: str) -> None:
    assert URL_Q.with_fragment(fragment).href == href


# ---- a URL where a URL string is taken ----------------------------------------------------------

def test_the_public_functions_take_a_url() -> None:
    url = URL("https://h/a/b?q")
    assert parse(url) == url
    assert parse("c", url).href == "https://h/a/c"
    assert can_parse(url) and can_parse("x", url)
    assert validate(url).href == url.href
    assert validate("c", url).href == "https://h/a/c"
    assert parse_reference(url).href == url.href
    assert parse_reference("c", url).href == "https://h/a/c"
    assert parse_reference("c").rebase(url).href == "https://h/a/c"
    for function in (parse, validate, parse_reference):
        with pytest.raises(TypeError, match="a str or a URL"):
            function(b"https://h/")  # type: ignore[arg-type]


@shared_parametrize("wpt/urltestdata.json", "href", WPT_URLS[:200])
def test_a_url_parses_as_its_href(href: str) -> None:
    url = URL(href)
    assert parse(url) == url and validate(url).href == validate(href).href
