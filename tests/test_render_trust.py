"""render() as a trust display (issue 23): it shows no host, path or escape that the URL does
not have, no label that domain to Unicode flags or the spoofing checks refuse, and nothing
invisible (https://url.spec.whatwg.org/#url-rendering-i18n)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from conftest import own_cases, shared_cases
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import URL, URLError, parse, render
from urlgrammar.host.punycode import punycode_encode
from urlgrammar.model.record import Kind
from urlgrammar.rendering import LRE, PDF, readable

# ---- the tester's faults, each as found ---------------------------------------------------------

#: ☕ and U+2800 BRAILLE PATTERN BLANK: valid in UTS #46, neither confusable nor mixing scripts.
BLANK_LABEL = "xn--" + punycode_encode("\u2615\u2800")

FAULTS = [
    # An xn-- label whose Punycode decodes to ASCII: ToUnicode records P4, so it stays.
    pytest.param("https://xn--paypal-.com/login", "https://xn--paypal-.com/login",
                 id="invalid-punycode-label-stays-encoded"),
    # Labels that decode to a code point UTS #46 does not allow (V7): hidden in the display.
    pytest.param("https://xn--paypal-gf0c.com/", "https://xn--paypal-gf0c.com/",
                 id="zero-width-space-label-stays-encoded"),
    pytest.param("https://xn--elgoog-9l0c.com/", "https://xn--elgoog-9l0c.com/",
                 id="right-to-left-override-label-stays-encoded"),
    pytest.param("https://xn--apple-4ha.com/", "https://xn--apple-4ha.com/",
                 id="soft-hyphen-label-stays-encoded"),
    # The serializer's `/.` before a path that starts with `//`, where there is no host.
    pytest.param("sc:/.//evil.example/login", "sc:/.//evil.example/login",
                 id="no-host-shown-for-a-path-starting-with-two-slashes"),
    # %46 is `F`: decoded after a literal `%2` it would make the escape `%2F`.
    pytest.param("http://h/a%2%46b", "http://h/a%2%46b", id="no-escape-made-after-a-literal-percent"),
    pytest.param("http://h/%%34%31", "http://h/%%341", id="no-escape-made-after-a-lone-percent"),
    pytest.param("https://h/%E2%A0%80%E2%A0%80/login", "https://h/%E2%A0%80%E2%A0%80/login",
                 id="braille-pattern-blank-stays-encoded"),
    pytest.param("foo://%D0%B0pple.com/", "foo://%D0%B0pple.com/", id="opaque-host-not-decoded"),
    pytest.param("foo://evil%2Eexample/", "foo://evil%2Eexample/", id="opaque-host-not-decoded-to-ascii"),
    # A label that is valid and passes confusables and script mixing, but is partly blank.
    pytest.param(f"https://{BLANK_LABEL}.example/", f"https://{BLANK_LABEL}.example/",
                 id="label-with-a-blank-code-point-stays-encoded"),
    # `C|` would be a drive, which the parser writes `C:`; `C:` is one, where `%43:` is not.
    pytest.param("file:///%43|/x", "file:///%43|/x", id="no-drive-letter-made-in-a-file-url"),
    pytest.param("file://h/%43:/%43:", "file://h/%43:/C:", id="no-drive-letter-made-with-a-host"),
    pytest.param("http://h/%43|/x", "http://h/C|/x", id="a-drive-letter-only-in-file-urls"),
    pytest.param("http://h/?", "http://h/?", id="empty-query-kept"),
    pytest.param("http://h/#", "http://h/#", id="empty-fragment-kept"),
]


@pytest.mark.parametrize(("input", "expected"), FAULTS)
def test_regression(input: str, expected: str) -> None:
    shown = render(input)
    assert shown == expected
    assert_same_url(shown, parse(input))


#: Code points that show as nothing or as blank space; none may come out of percent-decoding.
INVISIBLE = ["\u2800", "\u3164", "\u115f", "\u1160", "\uffa0", "\u00a0", "\u3000", "\u2028",
             "\u180e", "\ufeff", "\u034f", "\u17b4", "\U000e0041", "\ufe0f", "\u00ad",
             # the bidi controls
             "\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
             "\u2066", "\u2067", "\u2068", "\u2069"]


def _name(ch: str) -> str:
    return f"U+{ord(ch):04X}-{unicodedata.name(ch, 'unnamed').replace(' ', '-').lower()}"


@pytest.mark.parametrize("ch", INVISIBLE, ids=_name)
def test_invisible_code_points_stay_percent_encoded(ch: str) -> None:
    encoded = "".join(f"%{b:02X}" for b in ch.encode())
    assert readable(f"a{encoded}b") == f"a{encoded}b"
    assert render(f"https://h.example/x{encoded}?q={encoded}#{encoded}") == \
        f"https://h.example/x{encoded}?q={encoded}#{encoded}"


# ---- labels shown decoded, and labels not ---------------------------------------------------------

def test_valid_safe_labels_are_still_shown_decoded() -> None:
    assert render("https://www.xn--bcher-kva.example/") == "https://www.bücher.example/"
    # Refused labels stay in Punycode beside labels shown in Unicode.
    assert render("https://xn--pple-43d.xn--bcher-kva.example/") == "https://xn--pple-43d.bücher.example/"
    assert render("https://xn--e1afmkfd.xn--p1ai/") == "https://пример.рф/"


def test_one_label_in_error_leaves_every_label_encoded() -> None:
    # As domain to Unicode returns the domain on any error. Shown as `☕.xn--paypal-.example`,
    # the host would parse through UTS #46 ToASCII, where `xn--paypal-` fails it.
    assert render("https://xn--53h.xn--paypal-.example/") == "https://xn--53h.xn--paypal-.example/"
    assert render("https://xn--53h.xn--paypal-gf0c.example/") == \
        "https://xn--53h.xn--paypal-gf0c.example/"


def test_a_bidi_failure_leaves_every_label_encoded() -> None:
    # CheckBidi reads the whole domain: a right-to-left label makes `0a` (not starting with a
    # letter, rule B1) an error of the domain, so domain to Unicode decodes nothing.
    assert render("https://0a.xn--4dbrk0ce.example/") == "https://0a.xn--4dbrk0ce.example/"
    assert render("https://xn--4dbrk0ce.example/") == f"{LRE}https://ישראל.example/{PDF}"


# ---- the property: the rendering parses to the URL again ------------------------------------------

_ESCAPE = re.compile("%[0-9A-Fa-f]{2}")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def _tokens(text: str) -> list[str | int]:
    """``text`` as RFC 3986 section 6.2.2 compares it: an escape of an unreserved character is
    that character, any other escape its byte (its case no matter), and a `%` that starts no
    escape a `%`, which no later decoding may join to what follows."""
    out: list[str | int] = []
    i = 0
    while i < len(text):
        if _ESCAPE.match(text, i):
            byte = int(text[i + 1:i + 3], 16)
            out.append(chr(byte) if chr(byte) in _UNRESERVED else byte)
            i += 3
        else:
            out.append(text[i])
            i += 1
    return out


def _view(url: URL) -> tuple[object, ...]:
    """What a URL is, less its credentials; host, scheme and port as written, and whether the
    path starts with a drive (which `%43:` is not and `C:` is, in a file URL)."""
    record = url.record
    return (url.protocol, record.has(Kind.AUTHORITY), url.host, record.has(Kind.DRIVE),
            _tokens(url.pathname),
            record.has(Kind.QUERY), _tokens(url.search), record.has(Kind.FRAGMENT),
            _tokens(url.hash))


def assert_same_url(shown: str, url: URL) -> None:
    text = shown[1:-1] if shown.startswith(LRE) and shown.endswith(PDF) else shown
    again = parse(text)
    assert _view(again) == _view(url), (shown, url.href)


def _wpt_urls() -> list[URL]:
    urls = []
    for case in [*shared_cases("wpt/urltestdata.json"), *own_cases()]:
        try:
            urls.append(parse(case["input"], case.get("base")))
        except (URLError, KeyError):
            continue
    return urls


WPT_URLS = _wpt_urls()


def test_every_wpt_url_renders_as_itself() -> None:
    if not WPT_URLS:
        pytest.skip("no urltestdata.json (set URLGRAMMAR_SHARED to the shared/ directory)")
    failures = []
    for url in WPT_URLS:
        try:
            assert_same_url(render(url), url)
        except (AssertionError, URLError) as e:
            failures.append((url.href, str(e)[:200]))
    assert failures == []


_INTERESTING = "".join(["é日", *INVISIBLE[:6], "\u0301а"])
_piece = st.one_of(
    st.sampled_from(list("aF2%/.?#@:|\\-_~ ")),
    st.sampled_from([f"%{b:02X}" for b in range(256)] + [f"%{b:02x}" for b in (0x2e, 0x41, 0x66)]),
    st.sampled_from(list(_INTERESTING)).map(lambda ch: "".join(f"%{b:02X}" for b in ch.encode())),
    st.sampled_from(list(_INTERESTING)),
)
_label = st.one_of(
    st.sampled_from(["h", "example", "com", "xn--paypal-", "xn--bcher-kva", "xn--53h", "xn--a",
                     "xn--pple-43d", "xn--4dbrk0ce", "xn--paypal-gf0c", "xn--e1afmkfd"]),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=8)
    .map(lambda s: "xn--" + s),
    st.text(alphabet="☕bücheаpαß\u2800\u200d\u0301ישר", min_size=1, max_size=4),
)
_generated = st.builds(
    lambda scheme, sep, labels, path: f"{scheme}{sep}{'.'.join(labels)}{path}",
    st.sampled_from(["https", "http", "foo", "sc", "file", "mailto", "javascript"]),
    st.sampled_from(["://", "://u:p@", ":/.//", ":", ":/", ":///"]),
    st.lists(_label, min_size=1, max_size=3),
    st.lists(_piece, max_size=12).map("".join),
)


@settings(max_examples=400)
@given(text=st.one_of(st.sampled_from([u.href for u in WPT_URLS] or ["https://h/"]), _generated))
def test_the_rendering_parses_to_the_same_url(text: str) -> None:
    try:
        url = parse(text)
    except URLError:
        return
    assert_same_url(render(url), url)
