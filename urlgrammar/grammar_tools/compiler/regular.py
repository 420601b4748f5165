"""Compiling a grammar into one regular expression and a builder that lifts its match.

The URL grammars are not recursive, so each start rule's language is regular. This module
turns a loaded Lark grammar (its rule definitions as written, and its terminals) into:

- one pattern: each terminal an atomic group ``(?>…)`` (a token, once read, is not re-read
  shorter, as the lexer does not), optional parts optional groups, alternatives in grammar
  order, and a repeated item (``dir*``) one captured span;
- Python source for a builder that lifts the match as the transformer would lift the tree
  (:mod:`urlgrammar.grammar_tools.compiler.builder` writes it).

So the transformer (:class:`urlgrammar.syntax.lift.Lift`) and the recipes it is made of stay
the one description of what each rule means; the pattern is only a faster way to find the tree.

Exactness. The LALR parser's contextual lexer picks, among the terminals a state accepts, the
first in its order (priority, then width) that matches; the pattern tries alternatives in
grammar order. The two read the same tokens wherever the grammar's order agrees with the
lexer's for terminals that can both match at one position. :func:`check_order` verifies
that on the grammar's position automaton and :func:`compile_start` refuses a grammar where it
does not hold. Given that agreement and an unambiguous grammar (Lark's strict mode refuses
conflicts), the first match the pattern finds is the parse. The tests compare the two on
generated inputs in every mode; anything the pattern does not take goes to the LALR driver.

Nothing here runs when URLs are parsed: :mod:`urlgrammar.syntax.compiled` holds the output,
which :mod:`urlgrammar.grammar_tools.compiler.generate` writes.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from urlgrammar.grammar_tools.compiler.builder import Writer
from urlgrammar.grammar_tools.compiler.ebnf import Alt, Loader, Node, Opt, Rep, Rule, Seq, Term
from urlgrammar.grammar_tools.compiler.order import check_order
from urlgrammar.syntax.recipes import WHOLE, Recipe, Sequence

if TYPE_CHECKING:
    from lark import Lark


# ---- the pattern ----------------------------------------------------------------------------


class _Emitter:
    """Writes a node's pattern, numbering its capturing groups in the order they open. A rule
    whose recipe takes its whole text is one group, with no groups inside."""

    def __init__(self, programs: list[tuple[str, Node]], recipes: dict[str, Recipe]):
        self.groups = 0
        self.programs = programs
        self.recipes = recipes

    def group(self) -> int:
        self.groups += 1
        return self.groups

    def pattern(self, node: Node, capture: bool) -> str:
        if isinstance(node, Term):
            if capture and node.kept:
                node.group = self.group()
                return f"((?>{node.pattern}))"
            return f"(?>{node.pattern})"
        if isinstance(node, Rule):
            recipe = self.recipes.get(node.callback or "")
            if capture and recipe is not None and recipe.value is WHOLE:
                node.group = self.group()
                return f"({self.pattern(node.body, False)})"
            return self.pattern(node.body, capture)
        if isinstance(node, Seq):
            return "".join(self.pattern(i, capture) for i in node.items)
        if isinstance(node, Alt):
            parts = []
            for i, branch in enumerate(node.branches):
                # Which branch matched is told by a group that takes part whenever the branch
                # does, its own where it has none (the last branch needs none: it is the else).
                witness = _witness(branch) if capture else None
                marker = self.group() if capture and witness is None and i < len(node.branches) - 1 else 0
                part = ("()" if marker else "") + self.pattern(branch, capture)
                if capture:
                    node.markers.append(marker or (witness.group if witness is not None else 0))
                parts.append(part)
            return "(?:" + "|".join(parts) + ")"
        if isinstance(node, Opt):
            witness = _witness(node.body) if capture else None
            if capture and witness is None:
                node.marker = self.group()
            body = ("()" if capture and witness is None else "") + self.pattern(node.body, capture)
            if witness is not None:
                node.marker = witness.group
            return "(?:" + body + ")?"
        if isinstance(node, Rep):
            # Possessive: the LALR parser reads items as long as another one follows, and a
            # repetition that kept its iterations for backtracking makes Python's matcher
            # quadratic in their number wherever groups before it are set (about 70 times
            # slower at 100 kB than at 10 kB, where linear is 10). A text that would need an
            # iteration given back is one the pattern does not take, and the driver reads it.
            times = "++" if node.at_least else "*+"
            if not capture:
                return f"(?:{self.pattern(node.body, False)}){times}"
            node.group = self.group()
            inner = f"(?:{self.pattern(node.body, False)}){times}"
            node.sub = len(self.programs)
            self.programs.append(("", node.body))  # filled in by compile_start
            return f"({inner})"
        raise AssertionError(node)


def _unrolled(node: Node) -> Node:
    """``node`` with each repetition's first item read by the pattern itself: ``x*`` as
    ``x? x*`` (``x+`` as ``x x*``), the same language and the same reading, so that the
    commonest case, one item (one run of host code points), needs no second match."""
    if isinstance(node, Rep):
        first = _unrolled(copy.deepcopy(node.body))
        rest = Rep(_unrolled(node.body), 0)
        return Seq([first if node.at_least else Opt(first, 0), rest])
    if isinstance(node, Rule):
        return Rule(node.callback, _unrolled(node.body))
    if isinstance(node, Seq):
        return Seq([_unrolled(i) for i in node.items])
    if isinstance(node, Alt):
        return Alt([_unrolled(b) for b in node.branches])
    if isinstance(node, Opt):
        return Opt(_unrolled(node.body), node.placeholders)
    return node


def _witness(node: Node) -> Term | Rep | None:
    """A capturing group of ``node`` that takes part in every match of it, if any."""
    if isinstance(node, Term):
        return node if node.kept else None
    if isinstance(node, Rep):
        return node
    if isinstance(node, Rule):
        return _witness(node.body)
    if isinstance(node, Seq):
        for item in node.items:
            found = _witness(item)
            if found is not None:
                return found
    return None


@dataclass(frozen=True)
class Program:
    """One start rule's pattern and builder source (``B``), and its repeated items' own."""

    name: str
    patterns: list[str]
    source: str
    callbacks: frozenset[str]
    kinds: frozenset[str]  # the Kind members its inline recipes use
    #: The groups of ``patterns[0]`` that hold each component's tokens (first occurrence, by
    #: Kind name, or by callback name for a rule the builder calls).
    groups: dict[str, tuple[int, ...]]


def compile_start(lark: Lark, start: str, name: str, recipes: dict[str, Recipe] | None = None,
                  sequences: dict[str, Sequence] | None = None) -> Program:
    """Compile the rule ``start`` of ``lark``'s grammar; ``name`` prefixes the builders.
    Rules named in ``recipes`` and ``sequences`` are made inline as those say."""
    loader = Loader(lark)
    rule = loader.rule(start)
    check_order(rule)
    root = _unrolled(rule)
    programs: list[tuple[str, Node]] = [("", root)]
    patterns: list[str] = []
    i = 0
    while i < len(programs):  # emitting a pattern adds its repeated items' programs
        patterns.append(_Emitter(programs, recipes or {}).pattern(programs[i][1], True))
        i += 1
    writer = Writer(recipes or {}, sequences or {})
    writer.emit(0, "def B0(R, text, out):")
    writer.children(root, "out", 1)
    body = "\n".join(writer.lines)
    return Program(name, patterns, body, frozenset(writer.callbacks), frozenset(writer.kinds),
                   dict(sorted(writer.groups.items())))


def recognizer(lark: Lark, start: str) -> str:
    """The pattern of the rule ``start`` of ``lark``'s grammar without a capturing group: it
    only tells whether a text is one (about a quarter faster than the builders' pattern)."""
    rule = Loader(lark).rule(start)
    check_order(rule)
    return _Emitter([], {}).pattern(rule, False)
