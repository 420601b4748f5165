"""The IPv4 parser reads the ip4_address rule's parts with the grammar's terminals, without
Lark's parser: the same parts, rules and spans as Lark's parse of grammars/ipv4.lark."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from urlgrammar import validate
from urlgrammar.host import ipv4
from urlgrammar.syntax.grammars import tree_parser

_TEXTS = st.text(alphabet="0123456789abcdefxXg.%\u0660 ", max_size=24) | st.sampled_from(
    ["", ".", "..", "0x", "0X.0x", "08.09", "0.0.0.0.", "1.2.3.4.5.6", "00.00.00.00", "0x7f.1",
     "4294967295", "0xffffffff", "256.256.256.256", "1.2.3.04", "255.255.255.255", "25.5.2.55"])


def _lark_parts(text: str) -> list[tuple[str | None, str, int, int]]:
    """The parts of Lark's ip4_address tree: rule, text and span (an empty part at its place)."""
    tree = tree_parser("ipv4").parse(text, start="ip4_address")
    parts: list[tuple[str | None, str, int, int]] = []
    current, start = None, 0
    for child in tree.children:
        if isinstance(child, Token):  # a DOT ends a part
            parts.append(current or (None, "", start, start))
            current, start = None, child.end_pos or 0
        elif isinstance(child, Tree):
            token = child.children[0]
            assert isinstance(token, Token)
            current = (str(child.data), str(token), start, start + len(token))
    parts.append(current or (None, "", start, start))
    return parts


@settings(max_examples=3_000)
@given(text=_TEXTS)
def test_the_parts_are_larks(text: str) -> None:
    parts, more = ipv4._parts(text)
    read = text if not more else text[:[i for i, c in enumerate(text) if c == "."][4]]
    assert more == (text.count(".") >= 5)
    assert [(p.rule, p.text, p.start, p.end) for p in parts] == _lark_parts(read)


@settings(max_examples=3_000)
@given(text=_TEXTS)
def test_valid_is_larks_strict_rule(text: str) -> None:
    try:
        tree_parser("ipv4").parse(text, start="ip4_address_strict")
        strict = True
    except UnexpectedInput:
        strict = False
    assert ipv4.is_valid_ipv4(text) is strict


@pytest.mark.parametrize("input", ["http://0x7f.1/", "http://1.2.3/", "http://1.2.3.4.5/", "http://test.42/",
                                   "http://4294967296/", "https://0177.0.0.1/x", "http://1.2.3.08/"])
def test_an_address_is_read_without_larks_parser(input: str, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[Any] = []
    real = Lark.parse

    def counted(self: Lark, text: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(text)
        return real(self, text, *args, **kwargs)
    report = validate(input)
    monkeypatch.setattr(Lark, "parse", counted)
    assert validate(input) == report
    assert parsed == []
