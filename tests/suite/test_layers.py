"""The package's shape: imports point down its layers, with no cycle, run time never imports
build time, the library never imports its applications, and modules stay small.

The layers, lowest first (design.md, § Layout by role). A module may import from its own
layer or a lower one; a subpackage is one layer.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "urlgrammar"

LAYERS: list[tuple[str, ...]] = [
    ("errors",),
    ("model",),
    ("syntax",),
    ("encoding",),
    ("host",),
    ("operations", "algorithm", "rfc3986"),
    ("attributes", "url", "api", "reference", "form", "search_params", "rendering"),
    ("checking", "teaching", "grammar_tools", "frames"),
    ("__init__",),
    # The applications: the command line, with check and serve.
    ("cli", "__main__"),
]
_LAYER_OF = {name: i for i, names in enumerate(LAYERS) for name in names}

#: The library apart from its applications: the command line (its subcommands, check's
#: application, serve's server and workers) and ``python -m urlgrammar``. No other module
#: imports them, lazily or not, whatever the order of LAYERS.
APPLICATIONS = ("cli", "__main__")

#: Build time, apart from run time: the grammar compiler writes syntax/compiled.py (generated
#: code, which the parsers load) and nothing in it runs when a URL is parsed. Only the compiler
#: itself and `urlgrammar grammar check`, which runs it to see that compiled.py is current,
#: import it; the other grammar tools (diagrams, the rule sources) serve teaching at run time.
BUILD_TIME = "grammar_tools.compiler"
BUILD_TOOLS = frozenset({"grammar_tools.check"})

MAX_LINES = 400
MAX_FUNCTION_LINES = 60
#: The LALR driver's loop is one function on purpose: a call per token costs.
LONG_FUNCTIONS = {("syntax/lalr.py", "parse")}
#: Written by a program (python -m urlgrammar.grammar_tools.compiler), not read by people.
GENERATED = {"syntax/compiled.py"}


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (``syntax.lift``, ``api``)."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in its body."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
            elif (node.module or "").split(".")[0] == "urlgrammar":
                base, node.module = [], ".".join((node.module or "").split(".")[1:]) or None
            else:
                continue
            stem = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            targets = [f"{stem}.{a.name}".strip(".") for a in node.names] + [stem]
        elif isinstance(node, ast.Import):
            targets = [a.name[len("urlgrammar."):] for a in node.names if a.name.startswith("urlgrammar.")]
        for t in targets:
            while t and t not in modules:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _layer(module: str) -> int:
    top = module.split(".")[0] or "__init__"
    assert top in _LAYER_OF, f"{module} is in no layer: add it to LAYERS"
    return _LAYER_OF[top]


def test_every_module_has_a_layer() -> None:
    for module in _graph():
        _layer(module)


def _upward(graph: dict[str, set[str]]) -> list[str]:
    """Each import of a module of a higher layer."""
    return [f"{a} imports {b}" for a, targets in sorted(graph.items()) for b in sorted(targets)
            if _layer(b) > _layer(a)]


def test_imports_point_down() -> None:
    assert _upward(_graph()) == []


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph``, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*stack[stack.index(target):], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle() -> None:
    assert _cycle(_graph()) is None


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _run_time_imports_of_build_time(graph: dict[str, set[str]]) -> list[str]:
    """Each import of a build-time module by a run-time one (lazy imports count too)."""
    return [f"{a} imports {b}" for a, targets in sorted(graph.items()) for b in sorted(targets)
            if _within(b, BUILD_TIME) and not (_within(a, BUILD_TIME) or a in BUILD_TOOLS)]


def _library_imports_of_applications(graph: dict[str, set[str]]) -> list[str]:
    """Each import of the command line (or ``__main__``) by a module of the library."""
    def application(module: str) -> bool:
        return any(_within(module, name) for name in APPLICATIONS)

    return [f"{a} imports {b}" for a, targets in sorted(graph.items()) for b in sorted(targets)
            if application(b) and not application(a)]


def test_the_library_never_imports_the_command_line() -> None:
    graph = _graph()
    assert {"cli", "cli.arguments", "cli.check.command", "cli.serve.server"} <= set(graph)
    assert _library_imports_of_applications(graph) == []


def test_run_time_never_imports_the_compiler() -> None:
    graph = _graph()
    assert any(_within(m, BUILD_TIME) for m in graph), f"{BUILD_TIME} is not in the package"
    assert _run_time_imports_of_build_time(graph) == []


def test_the_checks_can_fail() -> None:
    assert _layer("cli.check.formats") > _layer("__init__") > _layer("checking.validate") \
        > _layer("api") > _layer("operations.pipeline")
    # The library reaching up into the command line, as the check command's argument types,
    # in the API's layer, once made checking import them.
    graph = {"checking.validate": {"cli.check.parallel", "url"}, "frames": {"cli"},
             "url": {"cli.arguments"}, "cli.check.command": {"checking.validate", "cli.arguments"},
             "__main__": {"cli"}}
    assert _upward(graph) == ["checking.validate imports cli.check.parallel", "frames imports cli",
                              "url imports cli.arguments"]
    assert _library_imports_of_applications(graph) == _upward(graph)
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    # Checking sits in the grammar tools' layer, so only the build-time check refuses this.
    graph = {"syntax.grammars": {"grammar_tools.compiler.generate"},
             "checking.validate": {"grammar_tools.compiler", "syntax.grammars"},
             "grammar_tools.check": {"grammar_tools.compiler.regular"},
             "grammar_tools.diagram": {"grammar_tools.compiler.ebnf"},
             "grammar_tools.compiler.regular": {"grammar_tools.compiler.ebnf", "syntax.recipes"}}
    assert _run_time_imports_of_build_time(graph) == [
        "checking.validate imports grammar_tools.compiler",
        "grammar_tools.diagram imports grammar_tools.compiler.ebnf",
        "syntax.grammars imports grammar_tools.compiler.generate"]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_are_small(path: Path) -> None:
    relative = str(path.relative_to(PACKAGE))
    if relative in GENERATED:
        return
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                and (relative, node.name) not in LONG_FUNCTIONS:
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            assert length <= MAX_FUNCTION_LINES, f"{node.name} has {length} lines"


def test_imports_are_found_in_every_form(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from urlgrammar.api import parse\nfrom .diagnostics import Collector\n"
                      "def f():\n    import urlgrammar.url\n    from ..x import y\n")
    modules = {name: tmp_path for name in ("api", "checking.diagnostics", "url", "x", "checking.m")}
    assert _imports("checking.m", module, modules) == {"api", "checking.diagnostics", "url", "x"}
