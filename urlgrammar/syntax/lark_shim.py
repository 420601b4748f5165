"""Every use of Lark's internals, in one place (URL Specification § URL Grammar is written in
Lark's grammar syntax; Lark builds its LALR(1) tables).

Lark's public interface does not give an LALR parser's table, nor its parser for the grammar
syntax itself. The lean driver (:mod:`urlgrammar.syntax.lalr`) runs the table, and the grammar
tools (:mod:`urlgrammar.grammar_tools.source`) read the files exactly as Lark reads them.
Tested with Lark 1.2.2 to 1.3.x, as the README says (the development environment runs
1.3.1); pyproject.toml pins that range, ``lark>=1.2.2,<1.4``. A new Lark version is to be
tried here first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from lark import Lark, Tree
from lark import lexer as lark_lexer
from lark.load_grammar import _parse_grammar as _untyped_parse_grammar
from lark.parsers.lalr_analysis import Shift

if TYPE_CHECKING:
    from lark.parsers.lalr_analysis import IntParseTable

__all__ = ["Shift", "collisions_unchecked", "parse_grammar", "parse_table"]

#: Lark's parser for its own grammar syntax: (text, file name) -> the file's statements.
parse_grammar: Callable[[str, str], Tree[Any]] = _untyped_parse_grammar


def parse_table(lark: Lark) -> IntParseTable:
    """The LALR(1) parse table of a grammar built with ``parser="lalr"``: its states with
    their actions (``Shift`` or a rule to reduce), and the start and end state of each start
    rule. It sits under the LALR frontend, its parser and that parser's parser."""
    table: IntParseTable = lark.parser.parser.parser.parse_table
    return table


def rule_definitions(lark: Lark) -> list[tuple[str, Tree[Any], bool]]:
    """Each rule of a built grammar as written (imports and overrides resolved, before Lark
    expands its EBNF): its name, its ``expansions`` tree and whether it keeps all tokens."""
    return [(name, tree, bool(options.keep_all_tokens))
            for name, _params, tree, options in lark.grammar.rule_defs]


@contextmanager
def collisions_unchecked() -> Iterator[None]:
    """Lark without its terminal collision check while the block builds a grammar. Lark runs
    the check whenever ``interegular`` is installed, and interegular expands a character class
    into its code points: RFC 3987's ucschar, about 900,000 of them, takes minutes. (Lark's
    strict mode then stops at the lexer with a LexError, after the parse table has passed.)"""
    saved = lark_lexer.has_interegular
    lark_lexer.has_interegular = False
    try:
        yield
    finally:
        lark_lexer.has_interegular = saved
