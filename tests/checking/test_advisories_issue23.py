"""The advisories of issue 23 (spoofing at the state of the art): host code points that look
like a delimiter, script and active data: URLs, schemes a server should not fetch, and
credentials that read as a host. Each test has inputs that are flagged and near misses that
are not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from test_advisories import codes, plain_like

from urlgrammar import parse, validate
from urlgrammar.checking.advisories import find_advisories, plain_advisories
from urlgrammar.checking.plain import fast_path
from urlgrammar.checking.schemes import media_type_essence
from urlgrammar.errors import URLError
from urlgrammar.host import delimiters, spoofing
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


#: A reference against a base that the fetch context flags, and the span of the advisory: the
#: scheme where the input writes it (the parser takes it from a base of the same scheme, and the
#: URL's record has no span for it), an empty span where the input would write it otherwise.
AGAINST_BASES = [
    ("x", "file:///etc/passwd", (0, 0)),
    ("/etc/passwd", "file:///", (0, 0)),
    ("", "file:///etc/passwd", (0, 0)),
    ("?q", "file:///etc/passwd", (0, 0)),
    (" \t/etc/shadow", "file:///", (2, 2)),
    ("  ", "file:///etc/passwd", (2, 2)),
    ("file:x", "file:///etc/", (0, 4)),
    ("FILE:/etc/passwd", "file:///", (0, 4)),
    (" f\nile:x", "file:///etc/", (1, 6)),
    ("ftp://f.example/p", "ftp://x/", (0, 3)),
    ("ftp:p", "ftp://x/", (0, 3)),
    ("x", "gopher://127.0.0.1:6379/_", (0, 0)),
    ("//internal/x", "dict://h/", (0, 0)),
    ("//host.example/share", "file:///", (0, 0)),
]


@pytest.mark.parametrize(("input", "base", "span"), AGAINST_BASES,
                         ids=[f"{i!r} against {b!r}" for i, b, _ in AGAINST_BASES])
def test_fetch_context_against_a_base(input: str, base: str, span: tuple[int, int]) -> None:
    report = validate(input, base, context="fetch")
    found = [(d.code, d.start, d.end, d.detail) for d in report.advisories if d.code == "unsafe-fetch-scheme"]
    assert report.url is not None
    assert found == [("unsafe-fetch-scheme", *span, report.url.protocol[:-1])]
    assert "unsafe-fetch-scheme" not in [d.code for d in validate(input, base).advisories]


@pytest.mark.parametrize(("input", "base"), [("x", "https://example.com/"), ("https://a.example/", "file:///"),
                                             ("http:x", "file:///"), ("c:/x", "file:///")])
def test_fetch_context_against_a_base_near_misses(input: str, base: str) -> None:
    # The URL's scheme is not one the fetch context flags (`c:/x` is the scheme c).
    assert "unsafe-fetch-scheme" not in [d.code for d in validate(input, base, context="fetch").advisories]


@pytest.mark.parametrize("base", [None, "file:///home/u/doc.md", "ftp://x/", "https://example.org/"])
def test_the_fast_path_s_fetch_context_reads_no_reader(base: str | None,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Python's readers read a plain URL as the standard does (see checking/disagreement.py):
    # the fast path asks them nothing, in the fetch context as in the browser's.
    import urlgrammar.checking.disagreement as module

    # A file URL with a host: the empty host takes the full path against a base (see plain.py).
    texts = ["file://h.example/etc/passwd", "ftp://f.example/p", "https://example.com/a?b#c", "http://localhost/"]
    reports = [validate(text, base, context="fetch") for text in texts]

    def asked(*args: object) -> None:
        raise AssertionError("a reader was asked")

    monkeypatch.setattr(module, "parser_disagreement", asked)
    assert [validate(text, base, context="fetch") for text in texts] == reports
    assert [[d.code for d in r.advisories] for r in reports] == [
        ["unsafe-fetch-scheme"], ["unsafe-fetch-scheme"], [], ["internal-address"]]


@settings(max_examples=500)
@given(text=plain_like)
def test_the_fast_path_in_the_fetch_context(text: str) -> None:
    url = fast_path(text)
    if isinstance(url, URL):
        assert plain_advisories(text, url, "fetch") == find_advisories(text, None, url, "fetch")


# ---- delimiter-lookalike-host ----------------------------------------------------------------


LOOKALIKE = "delimiter-lookalike-host"


def _lookalikes(input: str) -> list[tuple[str, str | None]]:
    return [(input[d.start:d.end], d.detail) for d in validate(input).advisories if d.code == LOOKALIKE]


@pytest.mark.parametrize("ch", sorted(delimiters.BROWSER_LISTS), ids=lambda ch: f"U+{ord(ch):04X}")
def test_each_browser_listed_lookalike_that_a_host_can_hold_is_flagged(ch: str) -> None:
    text = f"https://accounts.google.com{ch}signin.evil.example/"
    try:
        parse(text)
    except URLError:
        return  # the host parser refuses it: the URL goes nowhere
    found = _lookalikes(text)
    assert found and found[0][1] == f"U+{ord(ch):04X}", found
    # The near miss: the same host with an ASCII hyphen.
    assert _lookalikes(text.replace(ch, "-")) == []


def test_the_tester_s_code_points() -> None:
    for ch in "\u2215\u2044\u29f8\u2236\u2027\u0338":
        assert _lookalikes(f"https://accounts.google.com{ch}signin.evil.example/") == \
            [(ch, f"U+{ord(ch):04X}")], ch


def test_the_message_names_the_code_point_and_the_delimiter() -> None:
    [d] = [d for d in validate("https://accounts.google.com\u2215signin.evil.example/").advisories
           if d.code == LOOKALIKE]
    assert (d.code, d.severity, d.component, d.fix) == (LOOKALIKE, "advisory", "host", None)
    assert "U+2215 (DIVISION SLASH) looks like '/'" in d.message
    assert "the URL goes to 'accounts.google.xn--comsignin-ng4e.evil.example'" in d.message
    [d] = [d for d in validate("https://evil.example\u2236443/").advisories if d.code == LOOKALIKE]
    assert "U+2236 (RATIO) looks like ':'" in d.message


def test_written_percent_encoded_mapped_and_in_punycode() -> None:
    assert _lookalikes("https://a%E2%88%95b.example/") == [("%E2%88%95", "U+2215")]
    # The mapping writes U+215F as 1 and U+2044 FRACTION SLASH; Punycode hides the code point.
    assert _lookalikes("https://a\u215fb.example/") == [("\u215f", "U+215F")]
    [d] = [d for d in validate("https://a\u215fb.example/").advisories if d.code == LOOKALIKE]
    assert "U+215F (FRACTION NUMERATOR ONE) becomes '1\u2044', and U+2044 (FRACTION SLASH) looks like '/'" \
        in d.message
    assert _lookalikes("https://xn--ab-6bv.example/") == [("xn--ab-6bv.example", "U+2215")]
    # One advisory per code point: where the input writes it, not again for the domain.
    assert _lookalikes("https://a\u2215b\u2215c.example/") == [("\u2215", "U+2215"), ("\u2215", "U+2215")]
    # Near miss: an opaque host is percent-encoded as written, not mapped, and no domain (the
    # rule of the other host advisories).
    assert _lookalikes("foo://a\u2215b/") == []


def test_from_unicode_confusables() -> None:
    # Not on the browsers' lists, but UTS #39 gives them a delimiter's skeleton.
    assert _lookalikes("https://google\ua4f8com.evil.example/") == [("\ua4f8", "U+A4F8")]  # Lisu, '.'
    assert _lookalikes("https://google\u2216x.example/") == [("\u2216", "U+2216")]  # SET MINUS, '\'
    assert _lookalikes("https://paypal\u0294x.example/") == [("\u0294", "U+0294")]  # glottal stop, '?'
    # Near misses: a digit or mark of a script among that script's letters, a Catalan l·l.
    assert _lookalikes("https://\u0645\u06f0.example/") == []  # Arabic letter and zero
    assert _lookalikes("https://google\u06f0com.example/") == [("\u06f0", "U+06F0")]
    assert _lookalikes("https://\u6771\u4eac\u30ce.jp/") == []  # kanji and katakana
    assert _lookalikes("https://col\u00b7legi.cat/") == []
    assert _lookalikes("https://google\u00b7com.example/") == [("\u00b7", "U+00B7")]


def test_without_the_data_the_browsers_lists_still_count(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> object:
        raise spoofing.SecurityDataMissing(spoofing.MISSING)

    monkeypatch.setattr(spoofing, "_data", missing)
    delimiters._from_confusables.cache_clear()
    delimiters._looks_like.cache_clear()
    try:
        found = [d.code for d in validate("https://a\u2215b.example/").advisories]
        assert LOOKALIKE in found and "spoofing-check-unavailable" in found
        assert LOOKALIKE not in [d.code for d in validate("https://google\ua4f8com.example/").advisories]
    finally:
        delimiters._from_confusables.cache_clear()
        delimiters._looks_like.cache_clear()

def test_chromium_s_slash_kana_count_between_other_scripts() -> None:
    assert _lookalikes("https://google\u30f3com.example/") == [("\u30f3", "U+30F3")]  # KATAKANA N
    assert _lookalikes("https://\u30b3\u30f3\u30d3\u30cb.jp/") == []  # konbini, all katakana
    # Chromium shows ビタミンb1.com: the ン follows a katakana, so it is no slash between words.
    assert _lookalikes("https://\u30d3\u30bf\u30df\u30f3b1.com/") == []
    assert _lookalikes("https://\u30f3b.com/") == []  # at the label's start


# ---- host-lookalike-credentials ------------------------------------------------------------


@pytest.mark.parametrize(("input", "shown"), [
    ("https://google.com-login@evil.example/", "google.com"),
    ("https://google.com&@evil.example/", "google.com"),
    ("https://paypal.com;@evil.example/", "paypal.com"),
    ("https://bank.com+x@evil.example/", "bank.com"),
    ("https://google.com@@evil.example/", "google.com"),  # the first @ is percent-encoded
    ("https://2130706433@evil.example/", "2130706433"),
    ("https://0x7f.1@evil.example/", "0x7f.1"),
    ("https://localhost@evil.example/", "localhost"),
    ("https://[::1]@evil.example/", "[::1]"),
    ("https://[::ffff:127.0.0.1]:x@evil.example/", "[::ffff:127.0.0.1]"),
    ("https://my-bank.com-secure@evil.example/", "my-bank.com"),
    # Near misses: a name, an e-mail address, a small number, a host with no top-level label.
    ("https://alice@example.com/", None), ("https://alice-smith@example.com/", None),
    ("https://bob%40example.org@example.com/", None), ("https://12345@example.com/", None),
    ("https://a.b1-x@example.com/", None), ("https://user:p%40ss@example.com/", None),
])
def test_credentials_that_read_as_a_host(input: str, shown: str | None) -> None:
    found = [d.detail for d in validate(input).advisories if d.code == "host-lookalike-credentials"]
    assert found == ([] if shown is None else [shown])
