"""The grammar files as written, and what each grammar, as Lark loads it, uses of them.

A built Lark grammar cannot say which file a rule came from, and it has already inlined each
terminal into the terminals that mention it; the unused-rule check and the diagrams need
both. So this module reads each file's statements with Lark's own grammar parser and binds
names across ``%import`` and ``%override`` the way Lark's loader does: an imported file's
names are private to it unless the importer lists them, a listed name is bound to whatever
the importer defines under it (an ``%override`` included), and ``%extend`` adds alternatives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import lark
from lark import Token, Tree
from lark.grammar import Symbol

# Lark's parser for its own grammar syntax is not public; using it (rather than a grammar of
# the syntax of our own) guarantees that the files are read exactly as Lark reads them.
from urlgrammar.syntax.lark_shim import parse_grammar

Mangle = Callable[[str], str]
_STDLIB = Path(lark.__file__).parent / "grammars"


@dataclass(eq=False, frozen=True)
class Definition:
    """One rule or terminal statement of a file (``%override`` and ``%extend`` included)."""

    path: Path
    line: int
    name: str
    is_term: bool
    statement: str  # rule, term, override or extend
    modifiers: str  # "!", "?" or both, for rules
    priority: int | None
    params: tuple[str, ...]
    tree: Tree[Any]  # the `expansions` tree of Lark's grammar parser

    @property
    def file(self) -> str:
        return self.path.stem

    def uses(self) -> set[str]:
        """The names the definition refers to (not its alias names, as in Lark's loader)."""
        return {value.name for expansion in self.tree.find_data("expansion")
                for value in expansion.scan_values(lambda v: isinstance(v, Symbol))} - set(self.params)


@dataclass(frozen=True)
class Import:
    path: Path
    prefix: str  # Lark's namespace for the file's private names
    aliases: dict[str, str]  # name in the imported file -> name in the importer


@dataclass(frozen=True)
class SourceFile:
    path: Path
    definitions: tuple[Definition, ...]
    imports: tuple[Import, ...]
    ignored: tuple[str, ...]  # the names %ignore uses; they count only in the file Lark opens


def _definition(path: Path, statement: str, tree: Tree[Any]) -> Definition:
    # Tokens and trees by position, as Lark's grammar of grammars places them.
    children: list[Any] = tree.children
    *head, expansions = children
    if tree.data == "rule":
        modifiers, name, params, priority = head
        return Definition(path, name.line, str(name), False, statement,
                          "".join(map(str, modifiers.children)),
                          int(priority.children[0]) if priority.children else None,
                          tuple(str(p) for p in params.children), expansions)
    name, *number = head
    return Definition(path, name.line, str(name), True, statement, "",
                      int(number[0]) if number else None, (), expansions)


def _import_path(importer: Path, tree: Tree[Any]) -> tuple[tuple[str, ...], dict[str, str], Path]:
    """Lark's reading of one %import: the dotted path, the names it binds, the file it reads."""
    path_node = tree.children[0]
    names = tree.children[1] if len(tree.children) > 1 else None
    if isinstance(names, Tree):
        dotted = tuple(str(t) for t in path_node.children)
        aliases = {str(n): str(n) for n in names.children}
    else:
        dotted = tuple(str(t) for t in path_node.children[:-1])
        last = str(path_node.children[-1])
        aliases = {last: str(names) if isinstance(names, Token) else last}
    base = importer.parent if path_node.data == "import_rel" else _STDLIB
    return dotted, aliases, base.joinpath(*dotted).with_suffix(".lark")


def parse_file(path: Path) -> SourceFile:
    """Read one ``.lark`` file; raises OSError, or Lark's GrammarError on a syntax error."""
    tree = parse_grammar(path.read_text(encoding="utf-8"), str(path))
    definitions: list[Definition] = []
    imports: dict[Path, Import] = {}
    ignored: set[str] = set()
    for stmt in tree.children:
        if stmt.data in ("rule", "term"):
            definitions.append(_definition(path, stmt.data, stmt))
        elif stmt.data in ("override", "extend"):
            definitions.append(_definition(path, stmt.data, stmt.children[0]))
        elif stmt.data == "import":
            dotted, aliases, target = _import_path(path, stmt)
            # Lark merges the imports of one file into a single import of all their names.
            merged = imports.setdefault(target, Import(target, "__".join(dotted), {}))
            merged.aliases.update(aliases)
        elif stmt.data == "ignore":
            ignored |= {v.name for v in stmt.scan_values(lambda v: isinstance(v, Symbol))}
    return SourceFile(path, tuple(definitions), tuple(imports.values()), tuple(sorted(ignored)))


@dataclass
class Sources:
    """The files read so far, each read once."""

    files: dict[Path, SourceFile] = field(default_factory=dict)

    def read(self, path: Path) -> SourceFile:
        path = path.resolve()
        if path not in self.files:
            self.files[path] = parse_file(path)
        return self.files[path]


def _mangler(prefix: str, aliases: dict[str, str], outer: Mangle) -> Mangle:
    return lambda name: outer(aliases.get(name, f"{prefix}__{name}"))


class LoadedGrammar:
    """One grammar file with everything it imports: each name Lark would see, bound to the
    definitions (file and statement) that Lark would use for it."""

    def __init__(self, sources: Sources, path: Path) -> None:
        self._sources = sources
        self._root = sources.read(path)
        self._table: dict[str, list[tuple[Definition, Mangle]]] = {}
        self._load(self._root, lambda name: name)

    def _load(self, source: SourceFile, mangle: Mangle) -> None:
        for imported in source.imports:
            self._load(self._sources.read(imported.path),
                       _mangler(imported.prefix, imported.aliases, mangle))
        for d in source.definitions:
            entries = self._table.setdefault(mangle(d.name), [])
            if d.statement != "extend":
                entries.clear()
            entries.append((d, mangle))

    def resolve(self, name: str) -> Definition | None:
        """The definition a name written in the grammar's own file stands for."""
        entries = self._table.get(name)
        return entries[0][0] if entries else None

    def reachable(self, starts: Iterable[str]) -> Iterator[Definition]:
        """Every definition that the start rules (or %ignore) use, directly or not."""
        todo = [*starts, *self._root.ignored]
        seen = set(todo)
        while todo:
            for d, mangle in self._table.get(todo.pop(), []):
                yield d
                for used in map(mangle, d.uses()):
                    if used not in seen:
                        seen.add(used)
                        todo.append(used)
