"""The IPv6 parser and serializer (https://url.spec.whatwg.org/#concept-ipv6-parser)."""

from __future__ import annotations

import ipaddress

import pytest
from conftest import assert_linear_work
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar.algorithm.ipv6 import ipv6_parser as reference
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.ipv6 import DECIDED_BY, is_valid_ipv6, parse_ipv6, serialize_ipv6


def run(text: str) -> tuple[str | None, list[str]]:
    diagnostics: list[Diagnostic] = []
    try:
        result: str | None = serialize_ipv6(parse_ipv6(text, diagnostics))
    except URLError:
        result = None
    return result, [d.code for d in diagnostics]


# ---- Every error name -----------------------------------------------------------------------

CASES = [
    ("::1", "::1", []),
    ("0:0::1", "::1", []),
    (":1", None, ["IPv6-invalid-compression"]),
    ("1:2:3:4:5:6:7:8:9", None, ["IPv6-too-many-pieces"]),
    ("1:2:3:4:5:6:7::8", None, ["IPv6-too-many-pieces"]),
    ("1::2::3", None, ["IPv6-multiple-compression"]),
    (":::", None, ["IPv6-multiple-compression"]),
    ("1:2:3!:4", None, ["IPv6-invalid-code-point"]),
    ("12345::", None, ["IPv6-invalid-code-point"]),
    ("1:", None, ["IPv6-invalid-code-point"]),
    ("www.example.com", None, ["IPv6-invalid-code-point"]),
    ("1:2:3", None, ["IPv6-too-few-pieces"]),
    ("", None, ["IPv6-too-few-pieces"]),
    ("192.168.0.1", None, ["IPv6-too-few-pieces"]),
    ("0DB8::1", "db8::1", ["IPv6-piece-leading-zero"]),
    ("00:01::0002", "0:1::2", ["IPv6-piece-leading-zero"] * 3),
    ("01:2:3!", None, ["IPv6-piece-leading-zero", "IPv6-invalid-code-point"]),
    ("1:2:3:4:5:6:7:1.2.3.4", None, ["IPv4-in-IPv6-too-many-pieces"]),
    ("::.1.2.3", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("::ffff:192.168.000.1", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("::1.2.3.4.5", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("::1a.2.3.4", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("::1.2.3.", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("::1.2.3.4x", None, ["IPv4-in-IPv6-invalid-code-point"]),
    ("::ffff:192.168.0.256", None, ["IPv4-in-IPv6-out-of-range-part"]),
    ("::999.1.1.1", None, ["IPv4-in-IPv6-out-of-range-part"]),
    ("::ffff:192.168.0", None, ["IPv4-in-IPv6-too-few-parts"]),
    ("0::1.2.3.4", "::102:304", []),
    ("::ffff:1.2.3.4", "::ffff:102:304", []),
    ("1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304", []),
]


@pytest.mark.parametrize(("text", "serialized", "codes"), CASES, ids=[c[0] for c in CASES])
def test_errors_in_order(text: str, serialized: str | None, codes: list[str]) -> None:
    assert run(text) == (serialized, codes)


def test_spans_and_fixes() -> None:
    diagnostics: list[Diagnostic] = []
    with pytest.raises(URLError) as caught:
        parse_ipv6("0DB8::1:2::3", diagnostics, lambda s, e: (s + 1, e + 1))
    assert [(d.code, d.start, d.end, d.fix, d.component) for d in diagnostics] == [
        ("IPv6-piece-leading-zero", 1, 5, "db8", "host"),
        ("IPv6-multiple-compression", 10, 12, None, "host"),
    ]
    assert caught.value.diagnostics == tuple(diagnostics)
    diagnostics.clear()
    with pytest.raises(URLError):
        parse_ipv6("1:2:3!:4", diagnostics)
    assert (diagnostics[0].start, diagnostics[0].end) == (5, 6)
    diagnostics.clear()
    with pytest.raises(URLError):
        parse_ipv6("::1.2.3.00", diagnostics)
    assert (diagnostics[0].start, diagnostics[0].end) == (9, 10)


# ---- Against the standard's algorithm, transcribed ------------------------------------------

_TOKEN = st.sampled_from(["0", "1", "00", "01", "ff", "FFFF", "12345", "a", "g", ":", "::",
                          ".", "1.2.3.4", "255", "256", "0.0", "x", "%", "1:", "::1"])


def check_against_reference(text: str) -> None:
    expected, codes = reference(text)
    diagnostics: list[Diagnostic] = []
    try:
        result: tuple[int, ...] | None = parse_ipv6(text, diagnostics)
    except URLError:
        result = None
    assert (result, [d.code for d in diagnostics]) == (expected, codes)
    assert all(0 <= d.start <= d.end <= len(text) for d in diagnostics)


@settings(max_examples=500)
@given(st.lists(_TOKEN, max_size=24).map("".join))
def test_same_as_the_standard(text: str) -> None:
    check_against_reference(text)


@given(st.text(alphabet="0123456789abcdefABCDEF:.xg ", max_size=80))
def test_same_as_the_standard_on_any_text(text: str) -> None:
    check_against_reference(text)


@given(st.lists(_TOKEN, min_size=10, max_size=40).map("".join), st.text(max_size=40))
def test_long_text_is_decided_by_its_prefix(head: str, tail: str) -> None:
    # Only a prefix is parsed (see DECIDED_BY); texts around and past it must agree.
    check_against_reference((head * 4)[:DECIDED_BY + 20] + tail)


def test_megabyte_inputs_have_their_results() -> None:
    assert run("1:" * 500_000)[1] == ["IPv6-too-many-pieces"]
    assert run("::1.2.3." + "4" * 1_000_000)[1] == ["IPv4-in-IPv6-out-of-range-part"]


@pytest.mark.parametrize(("prefix", "unit"), [("", "1:"), ("::1.2.3.", "4"), ("", "f")], ids=repr)
def test_work_grows_linearly(prefix: str, unit: str) -> None:
    assert_linear_work(run, lambda n: prefix + unit * n)


# ---- Serializer -----------------------------------------------------------------------------

@pytest.mark.parametrize(("pieces", "text"), [
    ((0, 0xF, 0, 0, 0xF, 0xF, 0, 0), "0:f::f:f:0:0"),
    ((1, 0, 0, 2, 0, 0, 0, 3), "1:0:0:2::3"),
    ((1, 0, 2, 3, 4, 5, 6, 7), "1:0:2:3:4:5:6:7"),
    ((0,) * 8, "::"),
    ((0,) * 7 + (1,), "::1"),
    ((1,) + (0,) * 7, "1::"),
    ((0x2001, 0xDB8, 0, 0, 1, 0, 0, 1), "2001:db8::1:0:0:1"),
    ((0, 0, 0, 0, 0, 0xFFFF, 0x102, 0x304), "::ffff:102:304"),
])
def test_serializer(pieces: tuple[int, ...], text: str) -> None:
    assert serialize_ipv6(pieces) == text


@given(st.lists(st.sampled_from([0, 0, 0, 1, 0xABCD, 0xFFFF]), min_size=8, max_size=8))
def test_serializer_matches_rfc_5952(pieces: list[int]) -> None:
    value = int("".join(f"{p:04x}" for p in pieces), 16)
    assert serialize_ipv6(tuple(pieces)) == ipaddress.IPv6Address(value).compressed
    assert parse_ipv6(serialize_ipv6(tuple(pieces))) == tuple(pieces)


# ---- The grammar ----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "valid"), [
    ("::1", True), ("::", True), ("1::", True), ("1:2:3:4:5:6:7:8", True),
    ("1:2:3:4:5:6:7::", True), ("::1:2:3:4:5:6:7", True), ("1:2:3:4::5:6:7", True),
    ("::ffff:1.2.3.4", True), ("1:2:3:4:5:6:1.2.3.4", True), ("1:2:3:4:5::1.2.3.4", True),
    ("ABCD:EF01:2345:6789:ABCD:EF01:2345:6789", True),
    ("0DB8::1", False), ("::01", False), ("1:2:3:4:5:6:7:8::", False), ("1::2::3", False),
    ("1:2:3:4::5:6:7:8", False), ("1:2:3:4:5:6::1.2.3.4", False), ("::1.2.3.04", False),
    ("1:2:3:4:5:6:7", False), ("::1.2.3", False), ("", False), ("12345::", False),
])
def test_strict_grammar(text: str, valid: bool) -> None:
    assert is_valid_ipv6(text) is valid


@settings(max_examples=500)
@given(st.lists(_TOKEN, max_size=16).map("".join))
def test_strict_grammar_is_the_parser_without_errors(text: str) -> None:
    # A valid IPv6-address string is exactly what the parser takes without a validation error.
    expected, codes = reference(text)
    assert is_valid_ipv6(text) == (expected is not None and not codes)
