"""One home per fact: which schemes there are, and the code point classes, are spelled in model/.

model/schemes.py is the one table of schemes (and of parser modes), model/code_points.py the
one home of the code point classes the standard names. Elsewhere a module asks them: it does
not compare a scheme with a name from the table, list the table's schemes, or write out a class
of code points again. The scans read the package's source (the AST, so that prose in a
docstring or comment is not code).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import urlgrammar
from urlgrammar.model.schemes import SCHEMES, Context, Mode

PACKAGE = Path(urlgrammar.__file__).resolve().parent

#: The modules the scans leave alone, and why. The oracle (algorithm/) writes the standard's
#: definitions out as the standard gives them, on purpose, so that a mistake in the model shows
#: as a difference between the two (its docstring; tests/model/test_code_points.py compares them).
#: The generated code is written by the grammar compiler from the grammars.
EXEMPT = ("algorithm/", "syntax/compiled.py")
SCHEME_HOME = "model/schemes.py"
CODE_POINT_HOME = "model/code_points.py"

_SCHEMES = frozenset(SCHEMES)
#: What a comparison may not name: a scheme of the table, or a parser mode or context by its
#: name (a private vocabulary of modes, as the walk's `context == "generic"` was).
_COMPARED = _SCHEMES | {m.value for m in Mode} | {c.value for c in Context}


def _names_in(node: ast.AST, names: frozenset[str]) -> list[str]:
    """The ``names`` that ``node`` is, or holds as a literal element or key."""
    if isinstance(node, ast.Constant):
        return [node.value] if node.value in names else []
    elements: list[ast.expr | None] = []
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        elements = list(node.elts)
    elif isinstance(node, ast.Dict):
        elements = list(node.keys)
    return [e.value for e in elements if isinstance(e, ast.Constant) and e.value in names]


def scheme_spellings(source: str) -> Iterator[str]:
    """Where ``source`` compares with one of the table's schemes, or a mode, by name
    (``== "file"``, ``in ("ws", "wss")``, ``case "blob"``, ``!= "generic"``), or lists two or
    more of the table's schemes."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                if _names_in(operand, _COMPARED):
                    yield f"line {node.lineno}: compares with {_names_in(operand, _COMPARED)}"
        elif isinstance(node, ast.MatchValue) and _names_in(node.value, _COMPARED):
            yield f"line {node.lineno}: matches {_names_in(node.value, _COMPARED)}"
        elif isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict):
            listed = _names_in(node, _SCHEMES)
            if len(listed) > 1:
                yield f"line {node.lineno}: lists {listed}"


def _is_c0_run(node: ast.Call) -> bool:
    """``map(chr, range(0x20))`` or ``range(0x21)``: the C0 controls, or with space."""
    if not (isinstance(node.func, ast.Name) and node.func.id == "map" and len(node.args) == 2):
        return False
    function, numbers = node.args
    return isinstance(function, ast.Name) and function.id == "chr" and isinstance(numbers, ast.Call) \
        and isinstance(numbers.func, ast.Name) and numbers.func.id == "range" \
        and any(isinstance(a, ast.Constant) and a.value in (0x20, 0x21) for a in numbers.args)


#: Pieces of text that spell a class of code points: the ASCII URL code points' punctuation
#: run, the forbidden host code points', the noncharacters and the top of the URL code points.
_PIECES = {"!$&'()*+,": "the URL code points", "<>?@": "the forbidden host code points",
           "\ufdd0": "the noncharacters", "\U0010fffd": "the URL code points",
           "\ud800-\udfff": "the surrogates"}
#: The ends of the surrogates, which a comparison with both spells.
_SURROGATE_ENDS = frozenset(map(chr, (0xD800, 0xDFFF)))


def code_point_spellings(source: str) -> Iterator[str]:
    """Where ``source`` writes out a class of code points that model/code_points.py holds:
    surrogates (a range, or a comparison with an end), noncharacters, the URL code points, the forbidden
    host code points, the C0 controls."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            for piece, what in _PIECES.items():
                if piece in text:
                    yield f"line {node.lineno}: {what}"
        elif isinstance(node, ast.JoinedStr) and any(
                isinstance(v, ast.Constant) and "fffe" in str(v.value) for v in node.values):
            yield f"line {node.lineno}: the noncharacters of each plane"
        elif isinstance(node, ast.Compare) and any(isinstance(o, ast.Constant) and o.value in _SURROGATE_ENDS
                                                   for o in (node.left, *node.comparators)):
            yield f"line {node.lineno}: compares with the first or last surrogate"
        elif isinstance(node, ast.Call) and _is_c0_run(node):
            yield f"line {node.lineno}: the C0 controls"


def _modules(home: str) -> list[tuple[str, str]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name != home and not name.startswith(EXEMPT):
            out.append((name, path.read_text(encoding="utf-8")))
    return out


def test_no_scheme_is_spelled_outside_the_scheme_table() -> None:
    found = [f"{name} {where}" for name, source in _modules(SCHEME_HOME)
             for where in scheme_spellings(source)]
    assert found == []


def test_no_class_of_code_points_is_spelled_outside_its_home() -> None:
    found = [f"{name} {where}" for name, source in _modules(CODE_POINT_HOME)
             for where in code_point_spellings(source)]
    assert found == []


@pytest.mark.parametrize(("source", "spelled"), [
    ('if scheme == "file": pass', True),
    ('ok = "ws" != scheme', True),
    ('ok = scheme in ("ws", "wss")', True),
    ('ok = scheme in {"http"}', True),
    ('TABLE = {"http": 1, "ftp": 2}', True),
    ('match scheme:\n    case "blob": pass', True),
    ('if context == "relative": pass', True),
    ('if mode != "special": pass', True),
    ('ok = scheme == "javascript"', False),  # not in the table: no fact of the model
    ('GRAMMARS = ("url", "special", "file")', False),  # one name, a grammar's
    ('run(text, "file")', False),
], ids=lambda v: repr(v) if isinstance(v, str) else str(v))
def test_the_scheme_scan_finds_spellings(source: str, spelled: bool) -> None:
    assert any(scheme_spellings(source)) is spelled


@pytest.mark.parametrize(("source", "count"), [
    ('P = re.compile("[\\ud800-\\udfff]")', 1),
    ('ok = "\\ud800" <= c <= "\\udfff"', 1),
    ('P = "[\\ufdd0-\\ufdef]"', 1),
    ('P = "|".join(f"\\\\U{p:04x}fffe" for p in range(17))', 1),
    ('P = "[^0-9A-Za-z!$&\'()*+,\\\\-./:;=?@_~]"', 1),
    ('P = "[\\x00\\t\\n\\r #/:<>?@]"', 1),
    ('P = "\\u00a0-\\U0010fffd"', 1),
    ('C0 = "".join(map(chr, range(0x21)))', 1),
    ('TRY = ("\\ud800", "\\udfff", "a")', 0),  # single code points to try, not a class
    ('ok = "\\udc80" <= ch <= "\\udcff"', 0),  # PEP 383's escaped bytes, another class
    ('LABEL = "unicodefffe"', 0),
], ids=lambda v: ascii(v) if isinstance(v, str) else str(v))
def test_the_code_point_scan_finds_spellings(source: str, count: int) -> None:
    assert len(list(code_point_spellings(source))) == count
