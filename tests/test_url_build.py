"""URL.build and the decoded views of a URL: path_segments, query (QueryView), port_number and
host_unicode (urlgrammar/editing.py, urlgrammar/query.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from conftest import shared_cases
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import URL, Code, QueryView, URLError
from urlgrammar.model.schemes import has_opaque_path

WPT_URLS = sorted({c["href"] for c in shared_cases("wpt/urltestdata.json") if not c.get("failure")})

# ---- build --------------------------------------------------------------------------------------

BUILDS: list[tuple[dict[str, Any], str]] = [
    (dict(scheme="https", host="example.com"), "https://example.com/"),
    (dict(scheme="HTTPS", host="EXAMPLE.com", port=443, path="a b"), "https://example.com/a%20b"),
    (dict(scheme="http", host="bücher.de", port="08080"), "http://xn--bcher-kva.de:8080/"),
    (dict(scheme="http", username="a@b", password="p:q", host="h"), "http://a%40b:p%3Aq@h/"),
    (dict(scheme="http", password="p", host="h"), "http://:p@h/"),
    (dict(scheme="http", host="0x7f.1"), "http://127.0.0.1/"),
    (dict(scheme="http", host="[::1]", port=0), "http://[::1]:0/"),
    (dict(scheme="http", host="h", path="/a?b#c", query={"q": "1 2"}, fragment="f g"),
     "http://h/a%3Fb%23c?q=1+2#f%20g"),
    (dict(scheme="http", host="h", query="a b", fragment=""), "http://h/?a%20b"),
    (dict(scheme="http", host="h", path="/a/../b/./c"), "http://h/b/c"),
    (dict(scheme="file"), "file:///"),
    (dict(scheme="file", host="localhost", path="/C|/x"), "file:///C:/x"),
    (dict(scheme="file", host="server", path="share"), "file://server/share"),
    (dict(scheme="mailto", path="a@b.example?x", query="subject=hi"), "mailto:a@b.example%3Fx?subject=hi"),
    (dict(scheme="foo"), "foo:"),
    (dict(scheme="foo", path=" a\x01 "), "foo: a%01%20"),  # the path as given, not trimmed
    (dict(scheme="foo", path="a ", query="q"), "foo:a%20?q"),
    (dict(scheme="foo", host=""), "foo://"),
    (dict(scheme="foo", host="", path="/x"), "foo:///x"),
    (dict(scheme="foo", path="/x"), "foo:/x"),
    (dict(scheme="foo", path="//x"), "foo:/.//x"),
    (dict(scheme="foo", host="H%41 ", port=5), None),  # a forbidden host code point: below
    (dict(scheme="foo", host="Ha", port=5, path="x"), "foo://Ha:5/x"),
]


@pytest.mark.parametrize(("parts", "href"), [b for b in BUILDS if b[1] is not None], ids=repr)
def test_build(parts: dict[str, Any], href: str) -> None:
    url = URL.build(**parts)
    assert url.href == href
    assert URL(url.href) == url


@pytest.mark.parametrize(("parts", "code", "part"), [
    (dict(scheme="1http", host="h"), Code.FAILURE, "scheme"),
    (dict(scheme="ht tp", host="h"), Code.FAILURE, "scheme"),
    (dict(scheme="http:", host="h"), Code.FAILURE, "scheme"),
    (dict(scheme="", host="h"), Code.FAILURE, "scheme"),
    (dict(scheme="http"), Code.HOST_MISSING, "host"),
    (dict(scheme="http", host=""), Code.HOST_MISSING, "host"),
    (dict(scheme="http", host="a/b"), Code.DOMAIN_TO_ASCII, "host"),
    (dict(scheme="http", host="h:80"), Code.DOMAIN_TO_ASCII, "host"),
    (dict(scheme="http", host="[::1"), Code.IPV6_UNCLOSED, "host"),
    (dict(scheme="http", host="1.2.3.256"), Code.IPV4_OUT_OF_RANGE_PART, "host"),
    (dict(scheme="foo", host="a b"), Code.HOST_INVALID_CODE_POINT, "host"),
    (dict(scheme="http", host="h", port="8x"), Code.PORT_INVALID, "port"),
    (dict(scheme="http", host="h", port=""), Code.PORT_INVALID, "port"),
    (dict(scheme="http", host="h", port=-1), Code.PORT_INVALID, "port"),
    (dict(scheme="http", host="h", port=65536), Code.PORT_OUT_OF_RANGE, "port"),
    (dict(scheme="http", host="h", port="0" * 100_000 + "9" * 100_000), Code.PORT_OUT_OF_RANGE, "port"),
    (dict(scheme="file", host="h", port=1), Code.FAILURE, "port"),
    (dict(scheme="file", username="u"), Code.FAILURE, "username"),
    (dict(scheme="foo", password="p"), Code.FAILURE, "password"),
    (dict(scheme="foo", host="", port=1), Code.FAILURE, "port"),
])
def test_an_error_names_the_part(parts: dict[str, Any], code: Code, part: str) -> None:
    with pytest.raises(URLError) as raised:
        URL.build(**parts)
    assert raised.value.code is code
    assert f"the {part}" in str(raised.value)


@pytest.mark.parametrize("parts", [
    dict(scheme=b"http"), dict(scheme="http", host=b"h"), dict(scheme="http", host="h", port=True),
    dict(scheme="http", host="h", port=1.0), dict(scheme="http", host="h", path=None),
    dict(scheme="http", host="h", username=1),
])
def test_a_part_of_another_type_is_a_type_error(parts: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        URL.build(**parts)


def test_a_long_host_is_read_once() -> None:
    label = "a" * 63 + "."
    host = label * (100_000 // len(label))
    assert URL.build(scheme="https", host=host).hostname == host


schemes = st.sampled_from(["http", "https", "ws", "ftp", "file", "foo", "web+x", "mailto"])
text = st.text(max_size=6)
hosts = st.one_of(st.none(), st.sampled_from(["", "h", "example.com", "[::1]", "1.2.3.4", "bücher.de",
                                              "xn--bcher-kva.de", "0x10", "a%41", "localhost"]))
ports = st.one_of(st.none(), st.integers(0, 65535), st.text("0123456789", min_size=1, max_size=6))
queries = st.one_of(st.none(), text, st.dictionaries(text, text, max_size=3))


@given(schemes, text, text, hosts, ports, text, queries, st.one_of(st.none(), text))
def test_build_then_parse_round_trips(scheme: str, username: str, password: str, host: str | None,
                                      port: int | str | None, path: str, query: Any,
                                      fragment: str | None) -> None:
    try:
        url = URL.build(scheme=scheme, username=username, password=password, host=host, port=port,
                        path=path, query=query, fragment=fragment)
    except URLError as e:
        assert any(f"the {part}" in str(e) for part in ("host", "port", "username", "password"))
        return
    assert URL(url.href) == url
    assert url.protocol == f"{scheme}:"
    if isinstance(query, Mapping) and query:
        assert url.query.items() == tuple(URL("http://h/").with_query(query).query.items())


# ---- path_segments ------------------------------------------------------------------------------

@pytest.mark.parametrize(("href", "segments"), [
    ("https://h/", ("",)), ("https://h/a/b%20c/", ("a", "b c", "")), ("https://h/%2F%zz", ("/%zz",)),
    ("https://h/%FF%C3%A9", ("\ufffdé",)), ("foo://h", ()), ("foo:/.//x", ("", "x")),
    ("mailto:a/b%40c", ("a/b@c",)), ("foo:", ("",)), ("file:///C:/x", ("C:", "x")),
])
def test_path_segments(href: str, segments: tuple[str, ...]) -> None:
    assert URL(href).path_segments == segments


@pytest.mark.parametrize("href", WPT_URLS[:300] or ["https://h/"])
def test_path_segments_join_to_the_pathname(href: str) -> None:
    url = URL(href)
    if has_opaque_path(url.record):
        assert len(url.path_segments) == 1
    else:
        assert "/".join(url.path_segments) == url.pathname[1:] or "%" in url.pathname


# ---- query --------------------------------------------------------------------------------------

def test_the_query_view() -> None:
    query = URL("https://h/?a=1&b=x+y&a=%C3%A9&c").query
    assert isinstance(query, QueryView) and isinstance(query, Mapping)
    assert query["a"] == "1" and query.get("a") == "1" and query.get("z") is None
    assert query.get("z", "d") == "d"
    assert query.getall("a") == ["1", "é"] and query.getall("z", []) == []
    with pytest.raises(KeyError):
        query.getall("z")
    with pytest.raises(KeyError):
        query["z"]
    assert "b" in query and "z" not in query and 1 not in query
    assert len(query) == 4 and list(query) == ["a", "b", "a", "c"]
    assert query.keys() == ("a", "b", "a", "c")
    assert query.values() == ("1", "x y", "é", "")
    assert query.items() == (("a", "1"), ("b", "x y"), ("a", "é"), ("c", ""))
    assert dict(query) == {"a": "1", "b": "x y", "c": ""}
    assert query == QueryView(query.items()) and hash(query) == hash(QueryView(query.items()))
    assert query != query.items()
    assert repr(QueryView([("a", "b")])) == "QueryView([('a', 'b')])"
    assert len(URL("https://h/").query) == 0 and len(URL("https://h/?").query) == 0


# ---- port_number and host_unicode ---------------------------------------------------------------

@pytest.mark.parametrize(("href", "port"), [
    ("https://h/", 443), ("http://h:80/", 80), ("http://h:8080/", 8080), ("ws://h", 80),
    ("ftp://h", 21), ("foo://h:7", 7), ("foo://h", None), ("file:///", None), ("mailto:x", None),
    ("https://h:0/", 0),
])
def test_port_number(href: str, port: int | None) -> None:
    assert URL(href).port_number == port


@pytest.mark.parametrize(("href", "host"), [
    ("https://xn--bcher-kva.de/", "bücher.de"), ("https://EXAMPLE.com", "example.com"),
    ("https://xn--a.example/", "xn--a.example"),  # not a valid label: kept, as domain to Unicode does
    ("https://1.2.3.4/", "1.2.3.4"), ("https://[::1]/", "[::1]"),
    ("foo://xn--bcher-kva.de/", "xn--bcher-kva.de"),  # an opaque host is not a domain
    ("file:///x", ""), ("mailto:x", ""), ("file://xn--bcher-kva.de/", "bücher.de"),
])
def test_host_unicode(href: str, host: str) -> None:
    assert URL(href).host_unicode == host


any_text = st.text(st.characters(codec=None), max_size=8) | st.sampled_from(
    ["", "/", "//", "?", "#", "@", ":", "[", "[::1]", "%", "%zz", " a ", "\t", "\ud800", "..", "C|"])


@given(st.sampled_from(["http", "file", "foo", "ws"]) | any_text, any_text, any_text,
       st.none() | any_text, st.none() | any_text, any_text, st.none() | any_text, st.none() | any_text)
def test_build_is_total(scheme: str, username: str, password: str, host: str | None, port: str | None,
                        path: str, query: str | None, fragment: str | None) -> None:
    """Any str for any part gives a URL that parsing its href gives again, or a URLError."""
    try:
        url = URL.build(scheme=scheme, username=username, password=password, host=host, port=port,
                        path=path, query=query, fragment=fragment)
    except URLError:
        return
    assert URL(url.href) == url
