"""The IPv4 parser and serializer (https://url.spec.whatwg.org/#concept-ipv4-parser)."""

from __future__ import annotations

import pytest
from conftest import assert_linear_work
from hypothesis import given
from hypothesis import strategies as st
from lark import Tree

from urlgrammar.algorithm.ipv4 import ends_in_a_number as standard_ends_in_a_number
from urlgrammar.algorithm.ipv4 import ipv4_parser as reference
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.ipv4 import ends_in_a_number, is_valid_ipv4, parse_ipv4, serialize_ipv4
from urlgrammar.syntax.grammars import build


def run(text: str) -> tuple[str | None, list[str]]:
    diagnostics: list[Diagnostic] = []
    try:
        result: str | None = serialize_ipv4(parse_ipv4(text, diagnostics))
    except URLError:
        result = None
    return result, [d.code for d in diagnostics]


# ---- Every error name, in the standard's order ----------------------------------------------

CASES = [
    ("1.2.3.4", "1.2.3.4", []),
    ("127.0.0.1.", "127.0.0.1", ["IPv4-empty-part"]),
    ("1.2.3", "1.2.0.3", ["IPv4-too-few-parts"]),
    ("0x7f.1", "127.0.0.1", ["IPv4-too-few-parts", "IPv4-non-decimal-part"]),
    ("4294967295", "255.255.255.255", ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    ("0xffffffff", "255.255.255.255",
     ["IPv4-too-few-parts", "IPv4-non-decimal-part", "IPv4-out-of-range-part"]),
    ("4294967296", None, ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    ("1.2.3.4.5", None, ["IPv4-too-many-parts"]),
    ("1.2.3.4.5.", None, ["IPv4-empty-part", "IPv4-too-many-parts"]),
    ("test.42", None, ["IPv4-too-few-parts", "IPv4-non-numeric-part"]),
    ("09", None, ["IPv4-too-few-parts", "IPv4-non-numeric-part"]),
    ("1..2.3", None, ["IPv4-non-numeric-part"]),
    ("0xg.1.1.1", None, ["IPv4-non-numeric-part"]),
    ("010.0x0.0X.00", "8.0.0.0", ["IPv4-non-decimal-part"] * 4),
    ("0x", "0.0.0.0", ["IPv4-too-few-parts", "IPv4-non-decimal-part"]),
    ("256.1.1.1", None, ["IPv4-out-of-range-part"]),
    ("255.255.4000.1", None, ["IPv4-out-of-range-part"]),
    ("1.2.300", "1.2.1.44", ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    ("1.2.3.256", None, ["IPv4-out-of-range-part"]),
    ("1.2.65536", None, ["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
    ("0400.0xff.1.1", None, ["IPv4-non-decimal-part", "IPv4-non-decimal-part",
                             "IPv4-out-of-range-part"]),
    ("1.2..", None, ["IPv4-empty-part", "IPv4-too-few-parts", "IPv4-non-numeric-part"]),
]


@pytest.mark.parametrize(("text", "serialized", "codes"), CASES, ids=[c[0] for c in CASES])
def test_errors_in_order(text: str, serialized: str | None, codes: list[str]) -> None:
    assert run(text) == (serialized, codes)


def test_failure_is_the_last_diagnostic() -> None:
    earlier = Diagnostic("invalid-credentials", 0, 1, "x")
    diagnostics = [earlier]
    with pytest.raises(URLError) as caught:
        parse_ipv4("0x1.2.3.4.5", diagnostics)
    assert caught.value.code == "IPv4-too-many-parts"
    assert caught.value.diagnostics == tuple(diagnostics)
    assert diagnostics[0] is earlier and diagnostics[-1].code == "IPv4-too-many-parts"


# ---- Spans and fixes ------------------------------------------------------------------------

def test_spans_point_at_the_part() -> None:
    diagnostics: list[Diagnostic] = []
    parse_ipv4("127.0x0.1.", diagnostics, lambda s, e: (s + 8, e + 8))
    assert [(d.code, d.start, d.end, d.fix, d.component) for d in diagnostics] == [
        ("IPv4-empty-part", 17, 18, "", "host"),
        ("IPv4-too-few-parts", 16, 17, "0.1", "host"),
        ("IPv4-non-decimal-part", 12, 15, "0", "host"),
    ]


def test_too_many_parts_spans_the_extra_parts() -> None:
    diagnostics: list[Diagnostic] = []
    with pytest.raises(URLError):
        parse_ipv4("1.2.3.4.5.6.", diagnostics)
    assert [(d.code, d.start, d.end) for d in diagnostics] == [
        ("IPv4-empty-part", 11, 12), ("IPv4-too-many-parts", 8, 11)]


def apply_fixes(text: str, diagnostics: list[Diagnostic]) -> str:
    edits = {(d.start, d.end): d.fix for d in diagnostics if d.fix is not None}
    for (start, end), fix in sorted(edits.items(), reverse=True):
        text = text[:start] + fix + text[end:]
    return text


_number = st.one_of(
    st.integers(0, 2**32).map(str),
    st.integers(0, 2**32).map(lambda n: f"0x{n:x}"),
    st.integers(0, 2**32).map(lambda n: f"0{n:o}"),
)


@given(st.lists(_number, min_size=1, max_size=4), st.booleans())
def test_fixes_give_the_serialization(parts: list[str], trailing_dot: bool) -> None:
    text = ".".join(parts) + ("." if trailing_dot else "")
    diagnostics: list[Diagnostic] = []
    try:
        address = parse_ipv4(text, diagnostics)
    except URLError:
        assert all(d.fix is None for d in diagnostics)
        return
    assert apply_fixes(text, diagnostics) == serialize_ipv4(address)


# ---- Against the standard's algorithm, transcribed ------------------------------------------

@given(st.text(alphabet="0123456789xXabcdefg.", max_size=40))
def test_same_as_the_standard(text: str) -> None:
    expected, codes = reference(text)
    diagnostics: list[Diagnostic] = []
    try:
        result: int | None = parse_ipv4(text, diagnostics)
    except URLError:
        result = None
    assert (result, [d.code for d in diagnostics]) == (expected, codes)
    assert all(0 <= d.start <= d.end <= len(text) for d in diagnostics)


@given(st.text(alphabet="0123456789xXabcdefg.", max_size=40))
def test_ends_in_a_number_is_the_standards(text: str) -> None:
    assert ends_in_a_number(text) is standard_ends_in_a_number(text)


def test_the_standards_parser_takes_numbers_past_pythons_digit_limit() -> None:
    assert reference("1" * 5000) == (None, ["IPv4-too-few-parts", "IPv4-out-of-range-part"])
    assert reference("0x" + "0" * 5000 + "1") == (1, ["IPv4-too-few-parts", "IPv4-non-decimal-part"])
    assert reference("1." + "7" * 5000)[0] is None


def test_huge_numbers_have_their_results() -> None:
    assert run("1" * 1_000_000)[0] is None
    assert run("0x" + "0" * 1_000_000 + "1")[0] == "0.0.0.1"
    assert run("0" + "7" * 1_000_000)[0] is None
    assert run("1." * 500_000 + "1")[1] == ["IPv4-too-many-parts"]


@pytest.mark.parametrize(("prefix", "unit", "suffix"), [
    ("", "1", ""), ("0x", "0", "1"), ("0", "7", ""), ("", "1.", "1")], ids=repr)
def test_number_work_grows_linearly(prefix: str, unit: str, suffix: str) -> None:
    assert_linear_work(run, lambda n: prefix + unit * n + suffix)


# ---- The grammar ----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "rules"), [
    ("0", ["num_dec"]), ("00", ["num_oct"]), ("0x", ["num_hex"]), ("0X1f", ["num_hex"]),
    ("08", ["non_numeric"]), ("0xg", ["non_numeric"]), ("12a", ["non_numeric"]),
    ("1..0x", ["num_dec", "num_hex"]),
])
def test_parts_are_classified_by_the_grammar(text: str, rules: list[str]) -> None:
    tree = build("ipv4").parse(text, start="ip4_address")
    assert [str(t.data) for t in tree.children if isinstance(t, Tree)] == rules


@given(st.text(alphabet="0123456789.x", max_size=20))
def test_strict_grammar_is_four_shortest_decimals(text: str) -> None:
    parts = text.split(".")
    expected = len(parts) == 4 and all(
        p.isdigit() and str(int(p)) == p and int(p) <= 255 for p in parts)
    assert is_valid_ipv4(text) == expected


# ---- Ends in a number, serializer -----------------------------------------------------------

@pytest.mark.parametrize(("domain", "expected"), [
    ("example.com", False), ("example.42", True), ("example.42.", True), ("1.2.3.4", True),
    ("0x", True), ("a.0XfF", True), ("a.0xg", False), ("a.09", True), ("42.example", False),
    ("a..", False), (".", False), ("", False), ("x.1a", False), ("x.\u0661", False),
])
def test_ends_in_a_number(domain: str, expected: bool) -> None:
    assert ends_in_a_number(domain) is expected


@pytest.mark.parametrize(("address", "text"), [
    (0, "0.0.0.0"), (0x7F000001, "127.0.0.1"), (2**32 - 1, "255.255.255.255"),
    (0x01020304, "1.2.3.4"),
])
def test_serializer(address: int, text: str) -> None:
    assert serialize_ipv4(address) == text
