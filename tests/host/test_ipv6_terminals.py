"""The IPv6 parser reads the ip6_address rule's tokens with the grammar's terminals, as Lark's
contextual lexer does, without Lark's parser: the same tokens as Lark's parse of
grammars/ipv6.lark."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree

from urlgrammar import validate
from urlgrammar.host import ipv6
from urlgrammar.syntax.grammars import tree_parser

_TEXTS = st.text(alphabet="0123456789abcdefABCDEFgx:.%[] \u0660", max_size=60) | st.sampled_from(
    ["", "::", "::1", "1::", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "::1.2.3.4.5", "1:2:3:4:5:6:7:8:9",
     "0001::", "::127.0.0.01", "::1.2.3.", "::1.2..3", "1.2.3.4", "12345::", "fffff.1", "::a.b",
     "a" * 80 + ":", "::" + "1:" * 30])


def _flat(node: Tree[Any] | Token) -> list[tuple[str, str, int]]:
    if isinstance(node, Token):
        return [(node.type, str(node), node.start_pos or 0)]
    return [token for child in node.children if child is not None for token in _flat(child)]


@settings(max_examples=4_000)
@given(text=_TEXTS)
def test_the_tokens_are_larks(text: str) -> None:
    lark = _flat(tree_parser("ipv6").parse(text[:ipv6._PREFIX], start="ip6_address"))
    assert [(t.kind, t.text, t.start) for t in ipv6._tokens(text)] == lark


@pytest.mark.parametrize("input", ["http://[::1.2.3.4.5]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[0001::]/",
                                   "http://[::ffff:1.2.3]/", "http://[a::b::c]/", "http://[::g]/"])
def test_an_ipv6_address_is_read_without_larks_parser(input: str, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[Any] = []
    real = Lark.parse

    def counted(self: Lark, text: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append((text, kwargs.get("start")))
        return real(self, text, *args, **kwargs)
    report = validate(input)
    monkeypatch.setattr(Lark, "parse", counted)
    assert validate(input) == report
    assert [start for _, start in parsed if start == "ip6_address"] == []
