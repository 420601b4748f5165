"""URL.replace: the standard's setters (https://url.spec.whatwg.org/#urlutils-members).

The WPT setter cases (../shared/wpt/setters_tests.json) run through ``url.replace`` with every
getter they list compared; the project's own cases below are written from the standard's
setter steps and the state-override branches of the basic URL parser.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import shared_dir, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import URL, URLError, URLSearchParams, parse
from urlgrammar.attributes import ATTRIBUTES, GETTERS
from urlgrammar.url import REPLACE_ORDER

SETTERS_FILE = "wpt/setters_tests.json"
#: The setters that take a str.
STRING_SETTERS = [a.name for a in ATTRIBUTES if a.setter is not None and a.value_type is str]
#: The setters that are a state override of the parser: those with teaching text.
STATE_OVERRIDES = [a.name for a in ATTRIBUTES if a.written is not None]


def _setter_cases() -> list[tuple[str, dict[str, Any]]]:
    base = shared_dir()
    path = None if base is None else base / SETTERS_FILE
    if path is None or not path.is_file():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(attribute, case) for attribute, cases in data.items() if attribute != "comment"
            for case in cases]


CASES = _setter_cases()


def _id(entry: tuple[str, dict[str, Any]]) -> str:
    attribute, case = entry
    return f"{case['href']!r} {attribute}={case['new_value']!r}"


@shared_parametrize(SETTERS_FILE, "entry", CASES, ids=_id)
def test_wpt_setters(entry: tuple[str, dict[str, Any]]) -> None:
    attribute, case = entry
    url = URL(case["href"]).replace(**{attribute: case["new_value"]})
    assert {k: getattr(url, k) for k in case["expected"]} == case["expected"]


def test_wpt_setters_cover_every_attribute() -> None:
    if not CASES:
        pytest.skip(f"{SETTERS_FILE} not found: set URLGRAMMAR_SHARED to the shared/ directory")
    counts: dict[str, int] = {}
    for attribute, _ in CASES:
        counts[attribute] = counts.get(attribute, 0) + 1
    assert counts == {"protocol": 35, "username": 13, "password": 12, "host": 67, "hostname": 48,
                      "port": 27, "pathname": 33, "search": 16, "hash": 26, "href": 1}


def href(start: str, **changes: Any) -> str:
    return URL(start).replace(**changes).href


# ---- the protocol setter: the scheme state with a state override --------------------------


@pytest.mark.parametrize(("start", "value", "expected"), [
    ("http://h/", "https", "https://h/"),
    ("http://h:443/", "https", "https://h/"),             # the new scheme's default port goes
    ("http://h/", "HTTPS:whatever", "https://h/"),        # up to the first `:`, lowercased
    ("http://h/", "ht\ttp\ns", "https://h/"),             # tab and newline removed
    ("http://h/", " https", "http://h/"),                 # nothing trimmed: not a scheme
    ("http://h/", "sc", "http://h/"),                     # special stays special
    ("sc://h/", "http", "sc://h/"),                       # and the others stay not special
    ("http://u@h/", "file", "http://u@h/"),               # file takes no credentials
    ("http://h:81/", "file", "http://h:81/"),             # nor a port
    ("file:///x", "http", "file:///x"),                   # a file URL with an empty host stays
    ("file://h/x", "http", "http://h/x"),
    ("sc:opaque", "other", "other:opaque"),
])
def test_protocol(start: str, value: str, expected: str) -> None:
    assert href(start, protocol=value) == expected


# ---- a setter runs its state override and nothing else -----------------------------------------


def test_protocol_leaves_the_path_as_it_is() -> None:
    # The scheme state returns once the scheme is set: `C|` is a segment of the path, which no
    # path state reads again, and it stays one through a switch back.
    url = URL("https://h/C|/%41").replace(protocol="file")
    assert (url.href, url.pathname) == ("file://h/C|/%41", "/C|/%41")
    assert url.replace(protocol="https").href == "https://h/C|/%41"


@pytest.mark.parametrize(("name", "value", "expected"), [
    ("host", "g", "file://g/C|/%41"),
    ("hostname", "g", "file://g/C|/%41"),
    ("search", "q", "file://h/C|/%41?q"),
    ("hash", "f", "file://h/C|/%41#f"),
    ("port", "8", "file://h/C|/%41"),
    ("username", "u", "file://h/C|/%41"),
])
def test_a_setter_after_protocol_leaves_the_path_as_it_is(name: str, value: str, expected: str) -> None:
    url = URL("https://h/C|/%41").replace(protocol="file")
    assert url.replace(**{name: value}).href == expected


def test_search_params_after_protocol_leave_the_path_as_it_is() -> None:
    url = URL("https://h/C|/%41").replace(protocol="file")
    assert url.replace(search_params=URLSearchParams("a=b")).href == "file://h/C|/%41?a=b"


@pytest.mark.parametrize(("start", "expected"), [
    ("https://h/C:/y", "file://h/C:/x"),     # in a file URL a first `C:` is a drive
    ("https://h/C|/y", "file://h/C:/x"),     # and `C|` is one once the href is parsed again
])
def test_a_url_from_the_protocol_setter_is_a_base_as_its_href_is(start: str, expected: str) -> None:
    # The API URL parser's base is a string: a URL object given as a base is its href
    # (new URL("/x", url) stringifies url).
    base = URL(start).replace(protocol="file")
    assert URL("/x", base).href == URL("/x", base.href).href == expected


def test_pathname_runs_the_path_state_after_protocol() -> None:
    # The pathname setter does read the path with the path states: `|` becomes `:` there.
    url = URL("https://h/C|/%41").replace(protocol="file").replace(pathname="/C|/y")
    assert url.href == "file://h/C:/y"


# ---- username and password -------------------------------------------------------------------


@pytest.mark.parametrize(("start", "changes", "expected"), [
    ("http://h/", {"username": "a b@c"}, "http://a%20b%40c@h/"),   # the userinfo set
    ("http://h/", {"password": "p:w"}, "http://:p%3Aw@h/"),
    ("http://u:p@h/", {"password": ""}, "http://u@h/"),
    ("http://u:p@h/", {"username": ""}, "http://:p@h/"),
    ("http://u@h/", {"username": ""}, "http://h/"),
    ("file://h/x", {"username": "u"}, "file://h/x"),               # cannot have a username
    ("sc:///x", {"password": "p"}, "sc:///x"),                     # an empty host
    ("sc:/x", {"username": "u"}, "sc:/x"),                         # no host
])
def test_userinfo(start: str, changes: dict[str, str], expected: str) -> None:
    assert href(start, **changes) == expected


# ---- host and hostname: the host state with a state override ------------------------------


@pytest.mark.parametrize(("start", "value", "expected"), [
    ("http://h:1/p", "example.com:8080", "http://example.com:8080/p"),
    ("http://h:1/p", "example.com", "http://example.com:1/p"),      # no port: the old one stays
    ("http://h:1/p", "example.com:", "http://example.com:1/p"),     # host set, then failure
    ("http://h:1/p", "example.com:9x", "http://example.com:9/p"),   # digits up to a non-digit
    ("http://h:1/p", "example.com:70000", "http://example.com:1/p"),  # out of range
    ("http://h:1/p", ":80", "http://h:1/p"),                        # no host before `:`
    ("http://h/p", "a@b", "http://h/p"),                            # `@` is in the host: failure
    ("http://h/p", "a:8@b", "http://a:8/p"),                        # or after the port's digits
    ("http://h/p", "x/y?z#w", "http://x/p"),                        # the rest is ignored
    ("http://h/p", "", "http://h/p"),                               # special: a host is needed
    ("sc://h/p", "", "sc:///p"),
    ("sc://u@h/p", "", "sc://u@h/p"),                               # not with credentials
    ("sc:/p", "h", "sc://h/p"),                                     # a URL without a host gains one
    ("sc:opaque", "h", "sc:opaque"),                                # an opaque path: nothing
    ("file://h/p", "localhost", "file:///p"),                       # the file host state
    ("file://h/p", "", "file:///p"),
    ("file://h/p", "x:80", "file://h/p"),                           # `:` is part of a file host
])
def test_host(start: str, value: str, expected: str) -> None:
    assert href(start, host=value) == expected


@pytest.mark.parametrize(("start", "value", "expected"), [
    ("http://h:1/p", "example.com", "http://example.com:1/p"),
    ("http://h:1/p", "example.com:80", "http://h:1/p"),             # `:` is failure
    ("http://h/p", "[::1]", "http://[::1]/p"),
    ("http://h/p", "[::1]:2", "http://h/p"),
])
def test_hostname(start: str, value: str, expected: str) -> None:
    assert href(start, hostname=value) == expected


# ---- port: the port state with a state override -------------------------------------------


@pytest.mark.parametrize(("start", "value", "expected"), [
    ("http://h:1/", "8080", "http://h:8080/"),
    ("http://h:1/", "8080stuff", "http://h:8080/"),
    ("http://h:1/", "stuff", "http://h:1/"),
    ("http://h:1/", "80", "http://h/"),                             # the default port
    ("http://h:1/", "65536", "http://h:1/"),
    ("http://h:1/", "", "http://h/"),
    ("http://h:1/", None, "http://h/"),
    ("http://h:1/", "\t", "http://h:1/"),       # not the empty string, but no digits
    ("http://h:1/", "\t2", "http://h:2/"),
    ("file://h/", "1", "file://h/"),
    ("sc:///x", "1", "sc:///x"),
])
def test_port(start: str, value: str | None, expected: str) -> None:
    assert href(start, port=value) == expected


# ---- pathname: the path start state with a state override ----------------------------------


@pytest.mark.parametrize(("start", "value", "expected"), [
    ("http://h/a?q#f", "b/c", "http://h/b/c?q#f"),
    ("http://h/a", "?x#y", "http://h/%3Fx%23y"),       # `?` and `#` are path code points
    ("http://h/a", "\\b\\c", "http://h/b/c"),          # `\` separates in a special URL
    ("sc://h/a", "\\b", "sc://h/\\b"),                 # and not in another
    ("http://h/a", "", "http://h/"),
    ("sc://h/a", "", "sc://h"),                        # a host and no path
    ("sc:/a", "", "sc:/"),                             # no host: a path of one empty segment
    ("sc:/a", "//x", "sc:/.//x"),
    ("http://h/a", "/x/../y/./z", "http://h/y/z"),
    ("file:///a", "C|/x", "file:///C:/x"),             # a drive letter
    ("file:///C:/a", "/b", "file:///b"),               # the drive is part of the path
    ("file:///a", "/C:/../..", "file:///C:/"),         # a drive is not popped
    ("sc:opaque", "/x", "sc:opaque"),
])
def test_pathname(start: str, value: str, expected: str) -> None:
    assert href(start, pathname=value) == expected


# ---- search and hash --------------------------------------------------------------------------


@pytest.mark.parametrize(("start", "value", "expected"), [
    ("http://h/?q#f", "", "http://h/#f"),               # the empty string: no query
    ("http://h/#f", "?", "http://h/?#f"),               # an empty query
    ("http://h/", "??a", "http://h/??a"),               # one `?` removed
    ("http://h/", "\t?a", "http://h/??a"),              # before tab and newline are
    ("http://h/", "a#b c'", "http://h/?a%23b%20c%27"),  # `#` is a query code point
    ("sc://h/", "a#b c'", "sc://h/?a%23b%20c'"),         # the non-special query set
])
def test_search(start: str, value: str, expected: str) -> None:
    assert href(start, search=value) == expected


@pytest.mark.parametrize(("start", "value", "expected"), [
    ("http://h/#f", "", "http://h/"),
    ("http://h/", "#", "http://h/#"),
    ("http://h/", "##a b", "http://h/##a%20b"),
    ("http://h/?q", " x\n", "http://h/?q#%20x"),
    ("sc:opaque", "x", "sc:opaque#x"),
])
def test_hash(start: str, value: str, expected: str) -> None:
    assert href(start, hash=value) == expected


def test_href() -> None:
    assert href("http://h/", href="https://other/x") == "https://other/x"
    with pytest.raises(URLError):
        URL("http://h/").replace(href="not a URL")


# ---- the order, and what replace takes -------------------------------------------------------


def test_replace_applies_the_setters_in_its_order() -> None:
    assert REPLACE_ORDER.index("protocol") < REPLACE_ORDER.index("port")
    # protocol before port: the port is set on the https URL, whose default it is.
    assert href("http://h/", port="443", protocol="https") == "https://h/"
    # href first: the others apply to the new URL.
    assert href("http://h/", pathname="/p", href="https://x/") == "https://x/p"
    url = URL("http://h/")
    assert url.replace() is url


def test_a_setter_that_does_nothing_gives_the_same_url() -> None:
    url = URL("sc:opaque")
    assert url.replace(pathname="/x") is url


@pytest.mark.parametrize("name", STRING_SETTERS)
def test_a_value_that_is_not_a_str_is_a_type_error_naming_the_attribute(name: str) -> None:
    if name != "port":
        with pytest.raises(TypeError, match=name):
            URL("http://h/").replace(**{name: 8080})
    with pytest.raises(TypeError, match=name):
        URL("http://h/").replace(**{name: b"x"})
    with pytest.raises(TypeError, match=name):
        URL("http://h/").replace(**{name: 8080.0})


@pytest.mark.parametrize(("start", "port", "expected"), [
    ("http://h:1/", 8080, "http://h:8080/"),
    ("http://h:1/", 0, "http://h:0/"),
    ("http://h:1/", 65535, "http://h:65535/"),
    ("http://h:1/", 80, "http://h/"),            # the scheme's default port is no port
    ("http://h:1/", 65536, "http://h:1/"),       # as the setter does with "65536": nothing
    ("http://h:1/", -1, "http://h:1/"),          # "-1" has no leading digit: nothing
    ("file://h/", 8080, "file://h/"),            # cannot have a port
])
def test_port_takes_an_int_as_javascript_reads_a_number(start: str, port: int, expected: str) -> None:
    assert href(start, port=port) == expected
    assert href(start, port=port) == href(start, port=str(port))


@pytest.mark.parametrize("flag", [True, False])
def test_port_refuses_a_bool(flag: bool) -> None:
    # True is an int to Python, and "true" to JavaScript: neither is a port a caller meant.
    with pytest.raises(TypeError, match=r"port.*bool"):
        URL("http://h:1/").replace(port=flag)


def test_replace_refuses_unknown_keywords() -> None:
    with pytest.raises(TypeError, match="searchParams"):
        URL("http://h/").replace(searchParams="a=b")


def test_lone_surrogates_are_replacement_characters() -> None:
    assert href("http://h/", pathname="/\ud800") == "http://h/%EF%BF%BD"
    assert href("http://h/", username="\udfff") == "http://%EF%BF%BD@h/"


# ---- properties ------------------------------------------------------------------------------

_STARTS = ["http://user:pw@example.com:8080/a/b?q=1#f", "https://[::1]/", "file:///C:/x/y",
           "file://host/share", "sc://h/p?q", "sc:/p", "sc:opaque?q#f", "data:text/plain,x",
           "ws://1.2.3.4/", "ftp://h/%2e/", "javascript:alert(1)", "sc://h", "blob:https://a/b"]
_VALUES = st.one_of(
    st.text(max_size=12),
    st.lists(st.sampled_from(["/", "\\", "?", "#", ":", "@", "[", "]", "%", "%2e", ".", "..", "a",
                              "C|", "8", "0", "\t", " ", "\u0000", "é", "\ud800", "localhost",
                              "xn--", "http"]), max_size=8).map("".join),
)


@settings(max_examples=400)
@given(start=st.sampled_from(_STARTS), name=st.sampled_from(STATE_OVERRIDES), value=_VALUES)
def test_any_setter_with_any_str_gives_a_url_that_parses_to_itself(start: str, name: str, value: str) -> None:
    # Not so for every URL: no start here has a `C|` in a special URL's path, which the
    # protocol setter carries into a file URL whose href parses with a drive `C:` instead
    # (test_protocol_leaves_the_path_as_it_is).
    url = URL(start).replace(**{name: value})
    again = parse(url.href)
    assert again == url
    assert {g: getattr(again, g) for g in GETTERS} == {g: getattr(url, g) for g in GETTERS}


@settings(max_examples=200)
@given(value=_VALUES)
def test_the_href_setter_gives_a_url_or_url_error(value: str) -> None:
    try:
        url = URL("http://h/").replace(href=value)
    except URLError:
        assert not URL.can_parse(value)
    else:
        assert url == parse(value)


# ---- the teaching view -------------------------------------------------------------------------


@pytest.mark.parametrize("name", STATE_OVERRIDES)
def test_explain_setter_shows_the_three_views(name: str) -> None:
    from urlgrammar.teaching.setters import explain_setter, written

    start = "https://u:p@example.com:81/a?b#c"
    text = explain_setter(start, name, "x:1")
    sections = ["1. The value, read with the grammar", "2. The grammar's view", "3. The setter"]
    assert all(s in text for s in sections)
    assert URL(start).replace(**{name: "x:1"}).href in text
    assert ("not read" in text) is (name in ("username", "password"))
    # Writing the current value back gives the URL itself.
    url = URL(start)
    current = {"protocol": "https", "search": url.search, "hash": url.hash}.get(name, getattr(url, name))
    assert parse(written(url, name, current)) == url
