"""A grammar's rules as a tree of nodes, one copy per occurrence, for the pattern compiler.

:mod:`urlgrammar.grammar_tools.compiler.regular` compiles these nodes into a pattern and a
builder, and :mod:`urlgrammar.grammar_tools.compiler.order` checks that the pattern reads the
tokens the lexer would. The nodes follow Lark's reading of a rule definition (``[x]``, ``x?``,
``x*``, ``x+``, aliases, ``_rules`` inlined, ``!rules`` keeping their tokens); anything else is
:class:`Unsupported`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lark import Lark


class Unsupported(Exception):
    """The grammar uses something this compiler does not turn into a pattern."""


# ---- the grammar as a tree of nodes ---------------------------------------------------------


@dataclass(eq=False)
class Term:
    name: str
    pattern: str
    kept: bool
    rank: tuple[int, int, int, str]  # the lexer's order: lower first
    group: int = -1


@dataclass(eq=False)
class Seq:
    items: list[Node]


@dataclass(eq=False)
class Alt:
    branches: list[Node]
    markers: list[int] = field(default_factory=list)


@dataclass(eq=False)
class Opt:
    body: Node
    placeholders: int  # `[x]` gives this many Nones when absent; `x?` none
    marker: int = -1


@dataclass(eq=False)
class Rep:
    body: Node
    at_least: int
    group: int = -1
    sub: int = -1  # index of the item's own program


@dataclass(eq=False)
class Rule:
    callback: str | None  # None for an inlined `_rule`
    body: Node
    group: int = -1  # where the rule's whole text is one group (a recipe's WHOLE value)


Node = Term | Seq | Alt | Opt | Rep | Rule


class Loader:
    """Turns Lark's rule definitions into nodes, one copy per occurrence."""

    def __init__(self, lark: Lark):
        from urlgrammar.syntax.lark_shim import rule_definitions

        self.rules = {name: (tree, keep) for name, tree, keep in rule_definitions(lark)}
        self.terminals = {t.name: t for t in lark.terminals}
        self.literals = {t.pattern.value: t for t in lark.terminals if t.pattern.type == "str"}
        self.stack: list[str] = []

    def rule(self, name: str) -> Rule:
        if name in self.stack:
            raise Unsupported(f"rule {name} is recursive")
        tree, keep = self.rules[name]
        self.stack.append(name)
        # As Lark does: a rule whose name starts with `_` is inlined, others call their name.
        callback = None if name.startswith("_") else str(name)
        branches = []
        for child in tree.children:
            if child.data == "alias":
                expansion, alias = child.children
                branches.append(Rule(getattr(alias, "name", str(alias)), self.expansion(expansion, keep)))
            else:
                branches.append(Rule(callback, self.expansion(child, keep)))
        self.stack.pop()
        # Each expansion is a rule of its own for Lark, with its own callback (an alias).
        return branches[0] if len(branches) == 1 else Rule(None, Alt(list(branches)))

    def expansions(self, tree: Any, keep: bool) -> Node:
        branches: list[Node] = []
        for child in tree.children:
            if child.data == "alias":
                raise Unsupported("an alias inside an expression")
            branches.append(self.expansion(child, keep))
        return branches[0] if len(branches) == 1 else Alt(branches)

    def expansion(self, tree: Any, keep: bool) -> Node:
        items = [self.item(child, keep) for child in tree.children]
        return items[0] if len(items) == 1 else Seq(items)

    def item(self, tree: Any, keep: bool) -> Node:
        from lark.grammar import NonTerminal, Terminal

        data = tree.data
        if data == "value":
            (value,) = tree.children
            if isinstance(value, NonTerminal):
                return self.rule(value.name)
            if isinstance(value, Terminal):
                return self.term(self.terminals[value.name], keep or not value.name.startswith("_"))
            if value.data == "literal":
                (token,) = value.children
                text = str(token)
                if token.type != "STRING":
                    raise Unsupported(f"an anonymous regular expression {text}")
                literal = self.literals[eval(text)]  # a Lark string literal is a Python one
                return self.term(literal, keep)
            raise Unsupported(f"value {value.data}")
        if data == "maybe":
            (inner,) = tree.children
            body = self.expansions(inner, keep)
            return Opt(body, size(body))
        if data == "expr":
            inner, op, *more = tree.children
            if more or str(op) not in "*+?":
                raise Unsupported(f"the operator {op}")
            body = self.item(inner, keep)
            if str(op) == "?":
                return Opt(body, 0)
            return Rep(body, 1 if str(op) == "+" else 0)
        if data == "expansions":
            return self.expansions(tree, keep)
        raise Unsupported(f"{data}")

    def term(self, t: Any, kept: bool) -> Term:
        pattern = t.pattern.to_regexp()
        if re.compile(pattern).groups:
            raise Unsupported(f"terminal {t.name} has capturing groups")
        rank = (-t.priority, -t.pattern.max_width, -len(t.pattern.value), str(t.name))
        return Term(str(t.name), pattern, kept, rank)


def size(node: Node) -> int:
    """How many Nones `[node]` stands for when absent: the children Lark counts for it (an
    inlined rule and a repetition count none, alternatives their largest)."""
    if isinstance(node, Term):
        return int(node.kept)
    if isinstance(node, Rule):
        return int(node.callback is not None)
    if isinstance(node, Seq):
        return sum(size(i) for i in node.items)
    if isinstance(node, Alt):
        return max(size(b) for b in node.branches)
    if isinstance(node, Opt):
        return size(node.body)
    return 0
