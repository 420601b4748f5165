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

import os
import re
import zlib
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.syntax import recipes
from urlgrammar.syntax.lalr import Driver, Tok

if TYPE_CHECKING:
    from pathlib import Path

    from lark import Lark, Transformer

#: What a cached parser is built with: a factory of its transformer (a class, usually), so
#: that each cached parser has a transformer of its own.
TransformerFactory = Callable[[], Any]

#: Each grammar file with its start rules: the one list of them. Those of the grammars in
#: :data:`COMPILED` are compiled too; the compiled module's digest covers both lists.
GRAMMARS: dict[str, tuple[str, ...]] = {
    "url": ("url", "credentials", "authority", "host_port", "path"),
    "special": ("url", "credentials", "authority", "host_port", "path"),
    "file": ("url", "credentials", "authority"),
    "authority": ("authority", "credentials"),
    "pct": ("pct_encoded_string",),
    "ipv4": ("ip4_address", "ip4_address_strict"),
    "ipv6": ("ip6_address", "ip6_address_strict"),
    "rfc3986": ("uri_reference", "uri", "absolute_uri", "relative_ref"),
    "rfc3987": ("iri_reference", "iri", "absolute_iri", "irelative_ref"),
}
#: The grammars whose start rules the grammar compiler makes patterns of (the URL grammars and
#: percent-encoded strings, which every parse reads); the others are read by the lean driver.
COMPILED: tuple[str, ...] = ("url", "special", "file", "pct", "rfc3986", "rfc3987")
#: The grammars whose terminal collisions Lark does not check (:func:`lark_shim.collisions_unchecked`
#: says why): RFC 3987's terminals are RFC 3986's, each class widened by the same ucschar.
COLLISIONS_UNCHECKED: tuple[str, ...] = ("rfc3987",)


@cache
def _grammar_directory() -> str:
    # os.path rather than pathlib: this runs on the first parse of every process.
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    for candidate in (os.path.join(package, "grammars"), os.path.join(os.path.dirname(package), "grammars")):
        if os.path.isfile(os.path.join(candidate, "url.lark")):
            return candidate
    raise FileNotFoundError(f"the urlgrammar grammar files are missing (looked in {package})")


def grammar_dir() -> Path:
    """Where the ``.lark`` files are: inside the installed package, or beside it in a checkout."""
    from pathlib import Path

    return Path(_grammar_directory())


def build(name: str, transformer: Transformer[Any, Any] | None = None, *, strict: bool = False,
          **options: Any) -> Lark:
    """Build the named grammar as an LALR(1) parser; with ``strict``, raise on any conflict."""
    from contextlib import suppress

    from lark import Lark
    from lark.exceptions import LexError

    from urlgrammar.syntax.lark_shim import collisions_unchecked

    def open_grammar(strict: bool) -> Lark:
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

    if name not in COLLISIONS_UNCHECKED:
        return open_grammar(strict)
    with collisions_unchecked():
        if strict:
            # Refuses parse-table conflicts, then stops at the unchecked lexer.
            with suppress(LexError):
                open_grammar(True)
        return open_grammar(False)


def _bind(transformer: Any, parser: Any) -> None:
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


def grammar_digest(directory: str | os.PathLike[str]) -> str:
    """A checksum of every grammar file's name and content, of the start rules and which are
    compiled, and of the lift's recipes, which the compiled builders write out (CRC-32: it
    only tells whether the compiled module is current, and it costs nothing to import)."""
    crc = zlib.crc32(recipes.digest().encode())
    crc = zlib.crc32(repr((GRAMMARS, COMPILED)).encode(), crc)
    for name in sorted(n for n in os.listdir(directory) if n.endswith(".lark")):
        with open(os.path.join(directory, name), "rb") as f:
            crc = zlib.crc32(name.encode() + b"\0" + f.read() + b"\0", crc)
    return f"{crc:08x}"


@cache
def compiled() -> ModuleType | None:
    """What the grammar compiler (:mod:`urlgrammar.grammar_tools.compiler`, build time) made of
    the grammar files, the generated module :mod:`urlgrammar.syntax.compiled`, if it is current;
    None after a grammar was edited (in a checkout) and ``python -m
    urlgrammar.grammar_tools.compiler`` not run since. Then the grammars are built with Lark and
    run by the lean driver: slower to start, same results."""
    from urlgrammar.syntax import compiled as module

    return module if grammar_digest(_grammar_directory()) == module.DIGEST else None


def terminal_pattern(grammar: str, name: str) -> str:
    """The regular expression of the named terminal of a grammar, as Lark compiles it."""
    module = compiled()
    if module is None:
        return str(tree_parser(grammar).get_terminal(name).pattern.to_regexp())
    patterns: dict[str, str] = module.TERMINALS[grammar]
    return patterns[name]


class NoMatch(Exception):
    """A compiled pattern did not read the text as the LALR parser would."""


#: A start rule's pattern (its ``fullmatch``) and the builder that lifts a match.
_Builder = tuple[Callable[[str], re.Match[str] | None], Callable[..., None]]


def _no_pattern(*args: Any) -> None:
    """The pattern and builder of a start rule that has none: the driver reads every text."""


class Matcher:
    """A grammar's start rules as compiled patterns, lifting through ``transformer``.

    ``parse`` has the lean driver's interface and results; where a pattern does not take
    the text, or a start rule has no pattern, the driver parses it (``fallbacks`` counts
    those)."""

    def __init__(self, name: str, transformer: TransformerFactory):
        self.name = name
        self.transformer = transformer
        self.fallbacks = 0
        self.made = transformer()
        _bind(self.made, self)
        self.builders: dict[str, _Builder] = {}

    def _builder(self, start: str) -> _Builder:
        # Each start rule's patterns are compiled when first used (most processes use one).
        module = compiled()
        assert module is not None
        key = f"{self.name}_{start}"
        found: _Builder = (_no_pattern, _no_pattern)
        if key in module.PATTERNS:
            patterns = [re.compile(p) for p in module.PATTERNS[key]]
            build = getattr(module, f"make_{key}")(self.made, patterns, Tok, NoMatch)
            found = (patterns[0].fullmatch, build)
        self.builders[start] = found
        return found

    def parse(self, text: str, start: str) -> Any:
        fullmatch, build = self.builders.get(start) or self._builder(start)
        m = fullmatch(text)
        if m is not None:
            out: list[Any] = []
            try:
                build(m.regs, text, out)
                return out[0]
            except NoMatch:
                pass
        self.fallbacks += 1
        return lean_parser(self.name, self.transformer).parse(text, start)


@cache
def matcher(name: str, transformer: TransformerFactory) -> Matcher | Driver:
    """The named grammar's compiled patterns, calling a new ``transformer()``'s methods (the
    lean driver for a grammar that is not compiled, or where the compiled module is not
    current)."""
    if name not in COMPILED or compiled() is None:
        return lean_parser(name, transformer)
    return Matcher(name, transformer)


@cache
def _scheme_pattern() -> re.Pattern[str]:
    # The scheme is recognised exactly as the grammar's SCHEME terminal says.
    return re.compile(terminal_pattern("url", "SCHEME"))


def scheme_of(text: str) -> str | None:
    """The scheme the grammar would read at the start of ``text`` (before its `:`), or None."""
    m = _scheme_pattern().match(text)
    return m.group() if m else None


def mode_for(text: str, fallback: Mode = Mode.GENERIC) -> Mode:
    """The parser-mode-for a preprocessed input, given the mode of its base as fallback."""
    return mode_for_scheme(scheme_of(text), fallback)
