"""The grammar cache: loading the Lark grammars, and the parser mode of an input.

The ``.lark`` files are the source of truth for syntax (URL Specification § URL Grammar). Each
is built as an LALR(1) parser. This module is the one place that builds and caches them:
:func:`lean_parser` (the lean driver of :mod:`urlgrammar.syntax.lalr` with a transformer, for
the parsing path), :func:`lark_parser` (Lark's own parser, with or without a transformer and
positions) and :func:`tree_parser` (Lark trees). ``build(..., strict=True)`` uses Lark's strict mode, which
refuses any shift/reduce or reduce/reduce conflict and any same-priority terminal collision
(it needs the ``interegular`` package); the tests and ``urlgrammar grammar check`` build every
grammar that way. At run time the grammars load without those checks: the tables are the
same, and loading is about three times faster.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Transformer

from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.syntax.lalr import Driver

#: What a cached parser is built with: a factory of its transformer (a class, usually), so
#: that each cached parser has a transformer of its own.
TransformerFactory = Callable[[], Any]

#: Each grammar file with its start rules.
GRAMMARS: dict[str, tuple[str, ...]] = {
    "url": ("url", "credentials", "authority"),
    "special": ("url", "credentials", "authority"),
    "file": ("url", "credentials", "authority"),
    "authority": ("authority", "credentials"),
    "pct": ("pct_encoded_string",),
    "ipv4": ("ip4_address", "ip4_address_strict"),
    "ipv6": ("ip6_address", "ip6_address_strict"),
}


def grammar_dir() -> Path:
    """Where the ``.lark`` files are: inside the installed package, or beside it in a checkout."""
    here = Path(__file__).resolve().parent
    package = here.parent
    for candidate in (package / "grammars", package.parent / "grammars"):
        if (candidate / "url.lark").is_file():
            return candidate
    raise FileNotFoundError(f"the urlgrammar grammar files are missing (looked in {here})")


def build(name: str, transformer: Transformer[Any, Any] | None = None, *, strict: bool = False,
          **options: Any) -> Lark:
    """Build the named grammar as an LALR(1) parser; with ``strict``, raise on any conflict."""
    return Lark.open(
        str(grammar_dir() / f"{name}.lark"),
        parser="lalr",
        lexer="contextual",
        strict=strict,
        start=list(GRAMMARS[name]),
        maybe_placeholders=True,
        transformer=transformer,
        **options,
    )


def _bind(transformer: Any, parser: Lark | Driver) -> None:
    # A transformer that parses pieces again with its own grammar (the lift reads
    # credentials so) declares a ``parser`` attribute, given the parser it runs under.
    if hasattr(transformer, "parser"):
        transformer.parser = parser


@cache
def lean_parser(name: str, transformer: TransformerFactory) -> Driver:
    """The named grammar run by the lean driver, calling a new ``transformer()``'s methods."""
    made = transformer()
    driver = Driver(build(name), made)
    _bind(made, driver)
    return driver


@cache
def lark_parser(name: str, transformer: TransformerFactory | None = None, *,
                positions: bool = False) -> Lark:
    """The named grammar with Lark's own LALR parser: building trees (with ``positions``, each
    with its span) or, given a transformer factory, calling a new transformer inline."""
    made = transformer() if transformer is not None else None
    lark = build(name, transformer=made, propagate_positions=positions)
    _bind(made, lark)
    return lark


def tree_parser(name: str, *, positions: bool = False) -> Lark:
    """A parser that builds Lark trees (for ``urlgrammar tree`` and for teaching)."""
    return lark_parser(name, positions=positions)


@cache
def _scheme_pattern() -> re.Pattern[str]:
    # The scheme is recognised exactly as the grammar's SCHEME terminal says.
    terminal = tree_parser("url").get_terminal("SCHEME")
    return re.compile(terminal.pattern.to_regexp())


def scheme_of(text: str) -> str | None:
    """The scheme the grammar would read at the start of ``text`` (before its `:`), or None."""
    m = _scheme_pattern().match(text)
    return m.group() if m else None


def mode_for(text: str, fallback: Mode = Mode.GENERIC) -> Mode:
    """The parser-mode-for a preprocessed input, given the mode of its base as fallback."""
    return mode_for_scheme(scheme_of(text), fallback)
