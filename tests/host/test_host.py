"""The host parser and host values (https://url.spec.whatwg.org/#concept-host-parser)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from conftest import assert_linear_work, load_json, shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st
from unicode_versions import judge

from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.parser import Domain, Empty, Host, IPv4, IPv6, Opaque, parse_host


def serialized(input: str, special: bool = True) -> str | None:
    try:
        return parse_host(input, special).serialize()
    except URLError:
        return None


def diagnose(input: str, special: bool = True,
             origin: Any = None) -> tuple[Host | None, list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    try:
        host: Host | None = parse_host(input, special, diagnostics=diagnostics, origin=origin)
    except URLError as error:
        assert error.diagnostics[-len(diagnostics):] == tuple(diagnostics)
        host = None
    return host, diagnostics


# ---- WPT conformance ------------------------------------------------------------------------

TOASCII = shared_cases("wpt/toascii.json")


@shared_parametrize("wpt/toascii.json", "case", TOASCII, ids=lambda c: c["input"])
def test_toascii_through_the_host_parser(case: dict[str, Any]) -> None:
    judge(serialized, case["input"], case["output"].__eq__ if case["output"] else _fails,
          "WPT's toascii.json", case["output"])


IDNA = [case for case in shared_cases("wpt/IdnaTestV2.json") if case["input"]]


@shared_parametrize("wpt/IdnaTestV2.json", "case", IDNA, ids=lambda c: c["input"])
def test_idna_test_v2(case: dict[str, Any]) -> None:
    # As WPT's url/IdnaTestV2.window.js: the host of https://<input>/x, or failure. The data
    # is Unicode 17.0's: the cases that 18.0 changes are expected to differ (unicode_versions).
    judge(serialized, case["input"], case["output"].__eq__ if case["output"] else _fails,
          "WPT's IdnaTestV2.json", case["output"])


def _fails(result: str | None) -> bool:
    return result is None


def test_conformance_data_is_there() -> None:
    if not IDNA:
        pytest.skip("conformance data wpt/IdnaTestV2.json not found (set URLGRAMMAR_SHARED)")
    assert len(IDNA) == 2670


# ---- The standard's example table (§ Hosts) -------------------------------------------------

@pytest.mark.parametrize(("input", "special", "expected"), [
    ("EXAMPLE.COM", True, Domain("example.com")),
    ("EXAMPLE.COM", False, Opaque("EXAMPLE.COM")),
    ("example%2Ecom", True, Domain("example.com")),
    ("example%2Ecom", False, Opaque("example%2Ecom")),
    ("fa\u00df.example", True, Domain("xn--fa-hia.example")),
    ("fa\u00df.example", False, Opaque("fa%C3%9F.example")),
    ("0", True, IPv4(0)),
    ("0", False, Opaque("0")),
    ("%30", True, IPv4(0)),
    ("0x", True, IPv4(0)),
    ("0xffffffff", True, IPv4(2**32 - 1)),
    ("[0:0::1]", True, IPv6((0,) * 7 + (1,))),
    ("[0:0::1]", False, IPv6((0,) * 7 + (1,))),
    ("[0:0::1%5D", True, None),
    ("[0:0::%31]", False, None),
    ("09", True, None),
    ("09", False, Opaque("09")),
    ("example.255", True, None),
    ("example.255", False, Opaque("example.255")),
    ("example^example", True, None),
    ("example^example", False, None),
    ("", False, Empty()),
    ("", True, None),
    ("a\x7f\u00e9\ud800", False, Opaque("a%7F%C3%A9%EF%BF%BD")),
    ("\u2460.\u2461.\u2462.\u2463", True, IPv4(0x01020304)),
])
def test_hosts(input: str, special: bool, expected: Host | None) -> None:
    try:
        host: Host | None = parse_host(input, special)
    except URLError:
        host = None
    assert host == expected


def test_host_values() -> None:
    assert str(IPv4(0x7F000001)) == IPv4(0x7F000001).serialize() == "127.0.0.1"
    assert str(IPv6((0x2001, 0xDB8, 0, 0, 0, 0, 0, 1))) == "[2001:db8::1]"
    assert str(Domain("example.com")) == "example.com"
    assert str(Opaque("a%20b")) == "a%20b"
    assert str(Empty()) == ""
    with pytest.raises(dataclasses.FrozenInstanceError):
        Domain("a").value = "b"  # type: ignore[misc]
    with pytest.raises(ValueError):
        IPv6((1, 2, 3))
    assert len({Domain("a"), Domain("a"), Opaque("a")}) == 2


# ---- Diagnostics: names and order, against whatwg-url's validation cases --------------------

#: (URL, base) of whatwg-url's cases whose only validation errors come from the host, with
#: the host as the URL parser hands it to the host parser, and whether the scheme is special.
HOSTS = [
    ("https://example.com/", None, "example.com", True),
    ("https://EXAMPLE.com/../x", None, "EXAMPLE.com", True),
    ("https://\u2615.example/", None, "\u2615.example", True),
    ("https://[::1]/", None, "[::1]", True),
    ("https://127.0.0.1/", None, "127.0.0.1", True),
    ("https://ex ample.org/", None, "ex ample.org", True),
    ("http://[www.example.com]/", None, "[www.example.com]", True),
    ("http://[v7.a]/", None, "[v7.a]", True),
    ("https://[1:2:3]/", None, "[1:2:3]", True),
    ("https://%30/", None, "%30", True),
    ("https://xn--8i7caa/", None, "xn--8i7caa", True),
    ("https://\u200d.example/", None, "\u200d.example", True),
    ("foo://exa[mple.org", None, "exa[mple.org", False),
    ("//:80", "file:///tmp/", ":80", True),
    ("file://host:80/", None, "host:80", True),
    ("https://example.255/", None, "example.255", True),
    ("https://example.1/", None, "example.1", True),
    ("https://1.2.3/", None, "1.2.3", True),
    ("https://1.2.3.4.5/", None, "1.2.3.4.5", True),
    ("https://256.1.1.1/", None, "256.1.1.1", True),
    ("https://0x1/", None, "0x1", True),
    ("https://127.0.0.1./", None, "127.0.0.1.", True),
    ("https://test.42", None, "test.42", True),
    ("https://127.0.0x0.1", None, "127.0.0x0.1", True),
    ("https://255.255.4000.1", None, "255.255.4000.1", True),
    ("https://\u2460.\u2461.\u2462.\u2463", None, "\u2460.\u2461.\u2462.\u2463", True),
    ("https://1\u30022\u30023\u30024", None, "1\u30022\u30023\u30024", True),
    ("https://\u00b2.2.3.4", None, "\u00b2.2.3.4", True),
    ("https://\uff11\uff12\uff17.\uff10.\uff10.\uff11", None,
     "\uff11\uff12\uff17.\uff10.\uff10.\uff11", True),
    ("https://%E2%91%A0.%E2%91%A1.%E2%91%A2.%E2%91%A3", None,
     "%E2%91%A0.%E2%91%A1.%E2%91%A2.%E2%91%A3", True),
    ("https://exam%70le.org", None, "exam%70le.org", True),
    ("https://exa%23mple.org", None, "exa%23mple.org", True),
    ("https://_dmarc.example.com", None, "_dmarc.example.com", True),
    ("https://example.com./", None, "example.com.", True),
    ("https://a_b.com/", None, "a_b.com", True),
    ("https://a-.com/", None, "a-.com", True),
    ("https://[ABCD:EF01:2345:6789:ABCD:EF01:2345:6789]/", None,
     "[ABCD:EF01:2345:6789:ABCD:EF01:2345:6789]", True),
    ("https://[2001:DB8:0:0:8:800:200C:417A]/", None, "[2001:DB8:0:0:8:800:200C:417A]", True),
    ("https://[0:0:0:0:0:FFFF:129.144.52.38]/", None, "[0:0:0:0:0:FFFF:129.144.52.38]", True),
    ("https://[::13.1.68.3]/", None, "[::13.1.68.3]", True),
    ("https://[::1", None, "[::1", True),
    ("https://[1:2:3:4:5:6:7:8:9]/", None, "[1:2:3:4:5:6:7:8:9]", True),
    ("https://[1::2::3]/", None, "[1::2::3]", True),
    ("https://[12345::]/", None, "[12345::]", True),
    ("https://[1:2:3!:4]", None, "[1:2:3!:4]", True),
    ("https://[0DB8::1]/", None, "[0DB8::1]", True),
    ("https://[0DB8:0:0:0:0:0:0:1]/", None, "[0DB8:0:0:0:0:0:0:1]", True),
    ("https://[::01]/", None, "[::01]", True),
    ("https://[:1]/", None, "[:1]", True),
    ("https://[1:]/", None, "[1:]", True),
    ("https://[::ffff:192.168.000.1]/", None, "[::ffff:192.168.000.1]", True),
    ("https://[ffff::127.00.0.1]", None, "[ffff::127.00.0.1]", True),
    ("https://[::ffff:192.168.0.256]/", None, "[::ffff:192.168.0.256]", True),
    ("https://[ffff::127.0.0.4000]", None, "[ffff::127.0.0.4000]", True),
    ("https://[::ffff:192.168.0]/", None, "[::ffff:192.168.0]", True),
    ("https://[192.168.0.1]/", None, "[192.168.0.1]", True),
    ("https://[1:2:3:4:5:6:7:1.2.3.4]/", None, "[1:2:3:4:5:6:7:1.2.3.4]", True),
    ("https://[1:2:3:4:5:6:7:8::]/", None, "[1:2:3:4:5:6:7:8::]", True),
    ("https://[::13.1.068.3]/", None, "[::13.1.068.3]", True),
    ("https://[::1.2.3.4.5]/", None, "[::1.2.3.4.5]", True),
    ("foo://h%40x", None, "h%40x", False),
    ("foo://a~b!c", None, "a~b!c", False),
    ("foo://[::1]:80", None, "[::1]", False),
]


def _validation_cases() -> dict[tuple[str, str | None], dict[str, Any]]:
    data = load_json("validation/whatwg-url-validation-cases.json")
    return {(case["input"], case.get("base")): case for case in data["cases"]}


@pytest.mark.parametrize(("url", "base", "host", "special"), HOSTS, ids=[h[0] for h in HOSTS])
def test_diagnostics_match_whatwg_url(url: str, base: str | None, host: str,
                                      special: bool) -> None:
    case = _validation_cases()[(url, base)]
    result, diagnostics = diagnose(host, special)
    assert [d.code for d in diagnostics] == case.get("parserValidationErrors", [])
    assert (result is None) == case.get("parserFailure", False)


# ---- Spans ----------------------------------------------------------------------------------

def spans(input: str, special: bool = True, shift: int = 0) -> list[tuple[Any, ...]]:
    _, diagnostics = diagnose(input, special, lambda s, e: (s + shift, e + shift))
    return [(d.code, d.start, d.end, d.detail, d.fix) for d in diagnostics]


def test_spans_go_through_origin() -> None:
    assert spans("exam%70le.org", shift=8) == [("domain-percent-encoded", 12, 15, None, "p")]
    assert spans("[::01]", shift=8) == [("IPv6-piece-leading-zero", 11, 13, None, "1")]
    assert spans("a b", special=False, shift=6) == [("host-invalid-code-point", 7, 8, None, None)]


def test_spans_through_percent_decoding() -> None:
    # The error is found in the decoded "ab_c.com"; its span is the `%5F` that became `_`.
    assert spans("ab%5Fc.com") == [("domain-percent-encoded", 2, 5, None, "_"),
                                   ("domain-to-ASCII", 2, 5, "U1", None)]
    assert spans("%31.2.3.%30%34") == [
        ("domain-percent-encoded", 0, 14, None, "1.2.3.04"),
        ("IPv4-non-decimal-part", 8, 14, None, "4")]
    assert spans("%C3x.com") == [("domain-percent-encoded", 0, 3, None, None),
                                 ("domain-to-ASCII", 0, 3, "V7", None)]
    assert spans("%E2%98%95%E2%98%95x.a%E2%80%8Db") == [
        ("domain-percent-encoded", 0, 30, None, "\u2615\u2615x.a\u200d"),
        ("domain-to-ASCII", 21, 30, "C2", None)]


def test_spans_through_idna_mapping() -> None:
    # Fullwidth low line maps to `_`; the IPv4 parts are the labels they were mapped from.
    assert spans("a.\uff3fb.com") == [("domain-to-ASCII", 2, 3, "U1", None)]
    assert spans("\u2460.\u2461.\u2462.\u2463\u2464\u2465") == [
        ("IPv4-non-ASCII-input", 0, 9, None, None),
        ("IPv4-out-of-range-part", 6, 9, None, None)]
    assert spans("\uff11\uff12\uff17\u3002\uff10\u3002\uff11") == [
        ("IPv4-non-ASCII-input", 0, 7, None, "127.0.0.1"),
        ("IPv4-too-few-parts", 6, 7, None, "0.1")]


def test_opaque_host_diagnostics() -> None:
    assert spans("a\u0000b", special=False) == [("host-invalid-code-point", 1, 2, None, None)]
    assert spans("a\x01{b%zz%", special=False) == [
        ("invalid-URL-unit", 1, 2, "opaque host", "%01"),
        ("invalid-URL-unit", 4, 5, "opaque host", None)]
    assert spans("\ufdd0x", special=False) == [
        ("invalid-URL-unit", 0, 1, "opaque host", "%EF%B7%90")]


def test_failure_carries_every_diagnostic_so_far() -> None:
    earlier = Diagnostic("invalid-credentials", 0, 4, "x")
    diagnostics = [earlier]
    with pytest.raises(URLError) as caught:
        parse_host("exa%23mple", True, diagnostics=diagnostics)
    assert caught.value.code == "domain-to-ASCII"
    assert caught.value.diagnostics == tuple(diagnostics)
    assert [d.code for d in diagnostics] == ["invalid-credentials", "domain-percent-encoded",
                                            "domain-to-ASCII"]
    assert all(d.component == "host" for d in diagnostics[1:])


# ---- Totality and cost ----------------------------------------------------------------------

_PIECES = st.sampled_from(["[", "]", "%", "%41", "%C3", "%a", ".", "..", "0x", "1", "255",
                           "xn--", "\u200d", "\u05d0", "\u0300", "\ud800", "\x00", " ", ":",
                           "\uff0e", "\u2460", "\U0001f600", "-", "_", "\ufdd0", "A"])


@settings(max_examples=300)
@given(st.one_of(st.text(), st.lists(st.one_of(_PIECES, st.text(max_size=3))).map("".join),
                 st.lists(_PIECES).map(lambda p: "[" + "".join(p) + "]")),
       st.booleans())
def test_any_text_gives_a_host_or_url_error(input: str, special: bool) -> None:
    host, diagnostics = diagnose(input, special)
    assert host is None or isinstance(host, (Domain, IPv4, IPv6, Opaque, Empty))
    if host is not None:
        assert host.serialize().isascii()
    for d in diagnostics:
        assert 0 <= d.start <= d.end <= len(input)
        assert d.component == "host" and d.message


#: Hosts of n units: prefix, unit, suffix.
LONG_HOSTS = [("", "a", ""), ("", "a.", ""), ("", "\u00e9", ""), ("\u00e9.", "a", ""), ("", "1", ""),
              ("0x", "f", ""), ("[", "1:", "]"), ("", "%41", ""), ("", "\ud800", ""), ("", "1.", "1")]


@pytest.mark.parametrize(("prefix", "unit", "suffix"), LONG_HOSTS, ids=lambda s: repr(s))
@pytest.mark.parametrize("special", [True, False])
def test_megabyte_hosts(prefix: str, unit: str, suffix: str, special: bool) -> None:
    text = prefix + unit * (1_000_000 // len(unit)) + suffix
    host, diagnostics = diagnose(text, special)
    assert host is None or host.serialize().isascii()
    assert all(0 <= d.start <= d.end <= len(text) for d in diagnostics)


@pytest.mark.parametrize(("prefix", "unit", "suffix"), LONG_HOSTS, ids=lambda s: repr(s))
@pytest.mark.parametrize("special", [True, False])
def test_host_work_grows_linearly(prefix: str, unit: str, suffix: str, special: bool) -> None:
    assert_linear_work(lambda text: diagnose(text, special), lambda n: prefix + unit * n + suffix)


# ---- a host percent-decoded a run at a time ------------------------------------------------------

_HOST_PIECES = st.sampled_from(["a", ".", "1", "%", "%4", "%41", "%2E", "%FF", "%E2%80", "%8B", "%C3%A9",
                                "%ED%A0%80", "%F0%9F", "%EF%BF%BD", "%zz", "%%", "\ud800", "é", "\ufffd",
                                "\u200b", "%E2%80%8B", "%00"])


@settings(max_examples=500)
@given(pieces=st.lists(_HOST_PIECES, max_size=12))
def test_a_host_decoded_a_run_at_a_time_has_the_text_and_spans_of_decoding_it_whole(
        pieces: list[str]) -> None:
    """The host parser decodes each distinct run of percent-encoded bytes once, and works out
    the span a code point came from only when an error asks for it: the text and every span
    are those of percent_decode_spans, which decodes the whole host keeping each span."""
    from urlgrammar.encoding.decode import percent_decode_spans
    from urlgrammar.host.parser import _Decoded

    host = "".join(pieces)
    decoded, whole = _Decoded(host), percent_decode_spans(host)
    if whole is None:
        assert (decoded.text, decoded.encoded) == (host, None)
        return
    assert (decoded.text, decoded.encoded) == (whole.text, whole.encoded)
    n = len(whole.text)
    for start in range(n + 1):
        for end in range(start, n + 1):
            expected = (len(host), len(host)) if start >= n else (whole.starts[start], whole.starts[start]) \
                if end <= start else (whole.starts[start], whole.ends[end - 1])
            assert decoded.span(start, end) == expected


def test_a_long_host_of_encoded_code_points_is_decoded_a_distinct_run_at_a_time() -> None:
    """A host of 10,000 encoded zero-width spaces (each a run of its own between letters) runs a
    number of lines of Python that does not grow with it: counted, not timed. The mapping
    removes the spaces, and the error that says so is spanned from where its runs stand."""
    from conftest import lines_run

    from urlgrammar import parse

    assert parse("http://" + "a%E2%80%8B" * 10_000 + "/").hostname == "a" * 10_000
    assert lines_run(parse, "http://" + "a%E2%80%8B" * 10_000 + "/") <= 2_000
