"""The package's docstrings point at names that exist: every cross-reference (``:mod:``,
``:func:``, ``:class:``, ``:data:``, ``:meth:``, ``:attr:``, ``:exc:`` roles, and dotted names
in backticks that start at the package or at a class or module the text's module binds)
resolves by importing its module and getting its attributes, so a name that moves or goes
cannot leave a pointer to it behind (issue 21, item 10).

A name is looked for as Sphinx would: as written, then in the module of the text, the class
the text is in and the module's package (a leading `.` is relative to the package); a leading
`~` only shortens how it is shown.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from conftest import ROOT

PACKAGE = ROOT / "urlgrammar"

ROLE = re.compile(r":(mod|func|class|data|meth|attr|exc|obj):`(?:[^`<]*<)?~?([\w.]+)>?`")
DOTTED = re.compile(r"(?<![\w`])``?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(\))?``?(?![\w`])")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _texts(source: str) -> Iterator[tuple[int, str]]:
    """The docstrings (any string that is a statement of its own) and comments of a module,
    each with the line it starts on."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            yield node.lineno, node.value.value
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string


def _annotated(obj: object, name: str) -> bool:
    """A field that a class declares without a class attribute (a dataclass's, say)."""
    return any(name in vars(k).get("__annotations__", {}) for k in getattr(obj, "__mro__", ()))


def resolves(dotted: str) -> bool:
    """Import the longest leading module of ``dotted``, then get the rest as attributes."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        rest = parts[i:]
        for j, name in enumerate(rest):
            if hasattr(obj, name):
                obj = getattr(obj, name)
            else:
                return j == len(rest) - 1 and _annotated(obj, name)
        return True
    return len(parts) == 1 and hasattr(builtins, dotted)


def _candidates(target: str, module: str, package: str, classes: list[str]) -> list[str]:
    if target.startswith("."):
        return [package + target, module + target]
    return [target, f"{module}.{target}", *(f"{module}.{c}.{target}" for c in classes),
            f"{package}.{target}"]


def _checked(dotted: str, module: ModuleType) -> bool:
    """Whether a dotted name in backticks is a reference: it starts at the package, or at a
    class or module that the module binds (``url.record`` of a variable ``url`` is not)."""
    head = getattr(module, dotted.split(".")[0], None)
    return dotted.startswith("urlgrammar.") or isinstance(head, (type, ModuleType))


def unresolved(module: str, source: str, is_package: bool = False) -> list[str]:
    """Each cross-reference in ``source`` (the text of ``module``) that names nothing, as
    ``line: role target``."""
    package = module if is_package else module.rpartition(".")[0]
    imported = importlib.import_module(module)
    tree = ast.parse(source)
    classes = [(c.lineno, c.end_lineno or c.lineno, c.name) for c in ast.walk(tree)
               if isinstance(c, ast.ClassDef)]
    out = []
    for first_line, text in _texts(source):
        enclosing = [name for first, last, name in classes if first <= first_line <= last]
        found = [(m.start(), m.group(1), m.group(2)) for m in ROLE.finditer(text)]
        # The roles blanked out, not removed, so that the offsets of what follows stay.
        blanked = ROLE.sub(lambda m: " " * len(m.group()), text)
        found += [(m.start(), "dotted", m.group(1)) for m in DOTTED.finditer(blanked)
                  if _checked(m.group(1), imported)]
        for at, role, target in sorted(found):
            if not any(map(resolves, _candidates(target, module, package, enclosing))):
                out.append(f"{first_line + text.count(chr(10), 0, at)}: {role} {target}")
    return out


#: Every module but ``__main__``, which runs the command line when imported.
MODULES = sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__main__.py")


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_every_cross_reference_resolves(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert unresolved(_module_name(path), source, path.name == "__init__.py") == []


@pytest.mark.parametrize(("text", "found"), [
    (':func:`print_autority`', ["1: func print_autority"]),
    (':mod:`urlgrammar.syntax.ebnf`', ["1: mod urlgrammar.syntax.ebnf"]),
    (':data:`~urlgrammar.syntax.printer.SIGIL`', ["1: data urlgrammar.syntax.printer.SIGIL"]),
    (':meth:`URLRecord.upto_`', ["1: meth URLRecord.upto_"]),
    ('``urlgrammar.percent.pct_invalid``', ["1: dotted urlgrammar.percent.pct_invalid"]),
    ('`Authority.written`', ["1: dotted Authority.written"]),
    (':func:`print_authority`, :data:`.printer.SIGILS`, ``urlgrammar.syntax``, `url.href`', []),
    ('Two lines,\n:class:`Authority` and :func:`URLRecord.upto`, then :class:`Autority`.',
     ["2: class Autority"]),
], ids=lambda v: v if isinstance(v, str) else None)
def test_a_reference_to_nothing_is_found(text: str, found: list[str]) -> None:
    source = f'"""{text}"""\nfrom urlgrammar.model.record import Authority, URLRecord\n'
    assert unresolved("urlgrammar.syntax.printer", source) == found
