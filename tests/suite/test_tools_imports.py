"""The tools in tools/ import what the package holds: a module that a refactor moved leaves
no tool behind that fails on its first import (count_runs.py imported serve's workers from
teaching/viewer/ after they moved to cli/serve/). Imports inside functions count too, as the
tools import much of what they run only where they need it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from conftest import ROOT

TOOLS = sorted((ROOT / "tools").rglob("*.py"))


def _imports(path: Path) -> list[tuple[int, str, str | None]]:
    """Each urlgrammar module ``path`` imports, with the name it takes from it (None for the
    module itself), by line."""
    found: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "urlgrammar":
            found += [(node.lineno, node.module, a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name, None) for a in node.names if a.name.split(".")[0] == "urlgrammar"]
    return found


@pytest.mark.parametrize("path", TOOLS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_tool_s_imports_resolve(path: Path) -> None:
    missing = []
    for line, module, name in _imports(path):
        try:
            imported = importlib.import_module(module)
        except ModuleNotFoundError as e:
            missing.append(f"line {line}: {e}")
            continue
        if name is not None and not hasattr(imported, name):
            try:
                importlib.import_module(f"{module}.{name}")
            except ModuleNotFoundError:
                missing.append(f"line {line}: {module} has no {name}")
    assert missing == []
