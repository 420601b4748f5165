"""One home per fact: the code point classes are spelled in model/.

model/code_points.py is the one home of the code point classes the standard names. Elsewhere a
module asks it: it does not write out a class of code points again. The scan reads the
package's source (the AST, so that prose in a docstring or comment is not code).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import urlgrammar

PACKAGE = Path(urlgrammar.__file__).resolve().parent

#: The modules the scan leaves alone, and why. The oracle (algorithm/) writes the standard's
#: definitions out as the standard gives them, on purpose, so that a mistake in the model shows
#: as a difference between the two (its docstring; tests/test_code_points.py compares them).
#: The generated code is written by the grammar compiler from the grammars.
EXEMPT = ("algorithm/", "syntax/compiled.py")
CODE_POINT_HOME = "model/code_points.py"


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


def test_no_class_of_code_points_is_spelled_outside_its_home() -> None:
    found = [f"{name} {where}" for name, source in _modules(CODE_POINT_HOME)
             for where in code_point_spellings(source)]
    assert found == []


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
