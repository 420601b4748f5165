"""The URL class as a Python value: the constructor, the statics, to_json, equals, pickling.

https://url.spec.whatwg.org/#url-class; WPT's url-statics-parse data through URL.parse.
"""

from __future__ import annotations

import copy
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import canonical_urls

import urlgrammar
from urlgrammar import URL, URLError, parse

STATICS = shared_cases("wpt/url-statics-parse-data.json")
WPT = [c for c in shared_cases("wpt/urltestdata.json") if not c.get("failure")]


def _js(value: str | None) -> str:
    """The data's null is JavaScript's undefined, which a USVString argument turns into text."""
    return "undefined" if value is None else value


@shared_parametrize("wpt/url-statics-parse-data.json", "case", STATICS,
                    ids=lambda c: f"{c['url']!r} against {c['base']!r}")
def test_url_statics_parse(case: dict[str, object]) -> None:
    url, base = case["url"], case["base"]
    assert isinstance(url, str | None) and isinstance(base, str | None)
    # An undefined base is an argument not given: no base.
    parsed = URL.parse(_js(url), base)
    assert (parsed is not None) is case["expected"]
    assert URL.can_parse(_js(url), base) is case["expected"]
    if parsed is not None:
        assert parsed == parse(_js(url), base)


def test_the_constructor_parses_as_new_url_does() -> None:
    assert URL("/🍣🍺", "https://url.spec.whatwg.org/").href == \
        "https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA"
    assert URL("https://example.org/💩").pathname == "/%F0%9F%92%A9"
    # A URL is a base too.
    assert URL("🏳️‍🌈", URL("https://pride.example/hello-world")).pathname == \
        "/%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    with pytest.raises(URLError, match="missing-scheme-non-relative-URL"):
        URL("/🍣🍺")
    with pytest.raises(URLError, match="the base URL is not valid") as caught:
        URL("a", "not a base")
    # The error's name comes first, once, and says the span is in the base.
    message = str(caught.value)
    assert message.startswith("missing-scheme-non-relative-URL at 0..10 in the base: ")
    assert message.count("missing-scheme-non-relative-URL") == 1
    with pytest.raises(TypeError, match="a str or a URL"):
        URL(b"http://h/")  # type: ignore[arg-type]


@pytest.mark.parametrize("href", ["https://u:p@h:8/a/./b?q#f", "file:///C|/x", "sc:opaque", "blob:https://a/b"])
def test_a_url_is_an_input_as_its_href_is(href: str) -> None:
    # new URL(url) stringifies url: a new URL, equal to it, whatever the base.
    url = URL(href)
    copy = URL(url)
    assert copy == url and copy.as_dict() == url.as_dict() and copy is not url
    assert URL(url, "https://other.example/") == url
    assert URL.parse(url) == url and URL.can_parse(url)
    with pytest.raises(URLError, match="the base URL is not valid"):
        URL(url, "not a base")  # the base is parsed first, and its failure throws


def test_a_url_from_setters_is_an_input_as_its_href_is() -> None:
    # The protocol setter keeps a path's `C|`; parsing the href reads it as the drive `C:`,
    # as new URL(url) does.
    url = URL("https://h/C|/%41").replace(protocol="file")
    assert URL(url).href == URL(url.href).href == "file://h/C:/%41"


def test_parse_returns_none_and_can_parse_false_on_failure() -> None:
    assert URL.parse("http://[::1") is None
    assert URL.parse("a", "sc:opaque") is None
    assert URL.parse("x", "not a base") is None
    assert not URL.can_parse("http://[::1")
    assert URL.can_parse("a", "https://b/")


def test_to_json_is_the_href() -> None:
    import json

    url = URL("HTTP://EXAMPLE.com/a b")
    assert url.to_json() == url.href == "http://example.com/a%20b"
    assert json.dumps({"u": url.to_json()}) == '{"u": "http://example.com/a%20b"}'


def test_equals() -> None:
    a, b = URL("https://h/p#one"), URL("https://h/p#two")
    assert not a.equals(b)
    assert a.equals(b, exclude_fragments=True)
    assert URL("https://h/p#").equals(URL("https://h/p"), exclude_fragments=True)
    assert not URL("https://h/p#").equals(URL("https://h/p"))
    assert URL("HTTPS://H:443/./p").equals(URL("https://h/p"))
    with pytest.raises(TypeError, match="equals\\(\\) wants a str or a URL, not int"):
        a.equals(1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("other", "equal", "without_fragments"), [
    ("https://h/p#one", True, True),
    ("HTTPS://H:443/./p#one", True, True),
    ("https://h/p#two", False, True),
    ("https://h/p", False, True),
    ("https://h/q#one", False, False),
])
def test_equals_a_str(other: str, equal: bool, without_fragments: bool) -> None:
    # A str is read as URL(other), as every function that takes a URL reads one.
    a = URL("https://h/p#one")
    assert a.equals(other) is equal is a.equals(URL(other))
    assert a.equals(other, exclude_fragments=True) is without_fragments


@pytest.mark.parametrize("other", ["/p", "#one", "https://h:x/", ""])
def test_equals_a_str_that_does_not_parse(other: str) -> None:
    # Read without a base, as URL(other) is: a reference that resolves to the URL is no URL.
    with pytest.raises(URLError):
        URL("https://h/p#one").equals(other)


def test_urls_are_immutable_and_hashable() -> None:
    url = URL("https://h/p")
    with pytest.raises(AttributeError):
        url.record = parse("https://x/").record  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del url.mode
    assert len({url, URL("https://h/p"), URL("https://h/q")}) == 2


def _round_trips(url: URL) -> None:
    for copied in (pickle.loads(pickle.dumps(url)), copy.copy(url), copy.deepcopy(url)):
        assert copied == url
        assert copied.record == url.record  # the components with their spans and marks
        assert [c.span for c in copied.record] == [c.span for c in url.record]
        assert copied.mode is url.mode
        assert hash(copied) == hash(url)


@pytest.mark.parametrize("text", ["https://user:pw@[::1]:8080/a/b?c#d", "file:///C:/x", "file://h/",
                                  "sc:opaque", "http://0x7f.1/", "https://Bücher.example/",
                                  "sc://op%20aque/", "  http://exa\tmple.com/\n"])
def test_pickle_copy_and_deepcopy_round_trip(text: str) -> None:
    _round_trips(parse(text))


@settings(max_examples=200)
@given(text=st.one_of(canonical_urls(), st.sampled_from([c["input"] for c in WPT] or ["http://h/"])))
def test_pickle_round_trips_any_url(text: str) -> None:
    try:
        url = parse(text, "https://base.example/dir/file")
    except URLError:
        return
    assert pickle.loads(pickle.dumps(url)) == url
    _round_trips(url)


def test_a_process_pool_maps_parse() -> None:
    urls = ["https://example.com/", "file:///C|/x", "sc:opaque", "http://[::1]:8080/a/../b"]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(urlgrammar.parse, urls))
    assert results == [parse(u) for u in urls]
    assert [r.record for r in results] == [parse(u).record for u in urls]
