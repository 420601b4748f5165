"""The advisories of issue 23 (spoofing at the state of the art): script and active data:
URLs, and schemes a server should not fetch. Each test has inputs that are flagged and near
misses that are not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from test_advisories import codes, plain_like

from urlgrammar import validate
from urlgrammar.checking.advisories import find_advisories, plain_advisories
from urlgrammar.checking.plain import fast_path
from urlgrammar.checking.schemes import media_type_essence
from urlgrammar.url import URL

# ---- script-url and active-data-url --------------------------------------------------------


@pytest.mark.parametrize(("input", "essence"), [
    ("data:text/html,<script>alert(1)</script>", "text/html"),
    ("data: TEXT/HTML ; charset=utf-8,x", "text/html"),
    ("data:text/html;base64,PHNjcmlwdD4=", "text/html"),
    ("data:text/html;x=y ; BASE64,PHNjcmlwdD4=", "text/html"),
    ("data:image/svg+xml,<svg onload=alert(1)>", "image/svg+xml"),
    ("data:application/xhtml+xml,x", "application/xhtml+xml"),
    ("data:text/xml,x", "text/xml"),
    ("data:application/xml,x", "application/xml"),
    ("data:text/javascript,alert(1)", "text/javascript"),
    ("data:application/javascript,alert(1)", "application/javascript"),
    ("data:application/ecmascript,alert(1)", "application/ecmascript"),
    ("data:te\txt/html,x", "text/html"),  # the URL parser removes the tab
    ("data:text%2Fhtml,x", "text/html"),  # percent-decoded, as readers that decode the URL read it
    ("DATA:text/html,x", "text/html"),
    # Near misses.
    ("data:text/plain,<script>", None), ("data:image/png;base64,iVBORw0KGgo=", None),
    ("data:,<script>", None), ("data:;base64,PHNjcmlwdD4=", None), ("data:text/htm,x", None),
    ("data:text html,x", None), ("data:text/html", None), ("data:/html,x", None),
    ("https://example.com/?data:text/html,x", None),
])
def test_active_data_url(input: str, essence: str | None) -> None:
    found = [d.detail for d in validate(input).advisories if d.code == "active-data-url"]
    assert found == ([] if essence is None else [essence])


@pytest.mark.parametrize(("text", "essence"), [
    ("text/html", "text/html"), ("Text/HTML;charset=x", "text/html"), ("", "text/plain"),
    (";base64", "text/plain"), ("text/html ;  base64", "text/html"), ("text", "text/plain"),
    ("text/", "text/plain"), ("te xt/html", "text/plain"), ("text/html x", "text/plain"),
    ("text/html ", "text/html"),
])
def test_media_type_essence(text: str, essence: str) -> None:
    assert media_type_essence(text) == essence


def test_script_url_both_script_schemes() -> None:
    assert codes("vbscript:msgbox(1)") == [("script-url", "vbscript")]
    assert codes("javascript:alert(1)") == [("script-url", "javascript")]
    assert codes("vbscripts:x") == [] and codes("#x", "vbscript:x") == []


# ---- unsafe-fetch-scheme: the fetch context --------------------------------------------------


@pytest.mark.parametrize("input", ["file:///etc/passwd", "gopher://127.0.0.1:6379/_FLUSHALL",
                                   "dict://internal:11211/stat", "ldap://internal/", "ftp://internal/x",
                                   "FILE:///c:/windows/win.ini"])
def test_fetch_context(input: str) -> None:
    assert "unsafe-fetch-scheme" in [d.code for d in validate(input, context="fetch").advisories]
    # Near misses: the same URL followed in a browser, and a web URL fetched.
    assert "unsafe-fetch-scheme" not in [d.code for d in validate(input).advisories]


def test_fetch_context_near_misses_and_errors() -> None:
    for input in ("https://example.com/", "http://example.com/file:///x", "wss://example.com/"):
        assert validate(input, context="fetch").advisories == ()
    assert validate("ftp://h/", context="fetch", advisories=False).advisories == ()
    with pytest.raises(ValueError, match="context must be one of 'browser', 'fetch'"):
        validate("https://example.com/", context="server")


@settings(max_examples=500)
@given(text=plain_like)
def test_the_fast_path_in_the_fetch_context(text: str) -> None:
    url = fast_path(text)
    if isinstance(url, URL):
        assert plain_advisories(text, url, "fetch") == find_advisories(text, None, url, "fetch")
