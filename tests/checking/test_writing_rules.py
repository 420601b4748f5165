"""The writing grammar's rule names: every name that a report's ``grammar_error.rule`` can carry
is a rule of one of the grammars (grammars/*.lark), or one of the names of the standard's
writing section for a failure of the whole's shape (https://url.spec.whatwg.org/#url-writing).
It named an opaque host's code points ``opaque_host``, which no grammar has (issue 21, item 10);
they are the grammar's ``host`` rule.

Two readings of urlgrammar/checking/writing.py: the names written in it (each string that
reaches a rule, read from its source), and the names its reports carry on many inputs.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from functools import cache

import pytest
from conftest import ROOT, own_cases, shared_cases, shared_file
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.syntax.grammars import GRAMMARS, build

WRITING = ROOT / "urlgrammar" / "checking" / "writing.py"

#: The writing section's names the writing grammar uses, each with the standard's definition it
#: stands for (https://url.spec.whatwg.org/#url-writing, § Host writing).
WRITING_SECTION = {
    "URL-units": "URL units",
    "relative-URL-with-fragment": "relative-URL-with-fragment string",
    "scheme-relative-URL": "scheme-relative-URL string",
    "scheme-relative-special-URL": "scheme-relative-special-URL string",
    "scheme-relative-file-URL": "scheme-relative-file-URL string",
    "opaque-host-and-port": "opaque-host-and-port string",
    "domain": "valid domain",
}


@cache
def grammar_rules() -> frozenset[str]:
    """Every rule of every grammar, as Lark loads the files (not those whose names start with
    `_`, which Lark inlines: no tree has them)."""
    return frozenset(str(r.origin.name) for name in GRAMMARS for r in build(name).rules
                     if not r.origin.name.startswith("_"))


def _parameters(tree: ast.Module) -> dict[str, list[str]]:
    """The parameters of each function and method of the module (without self), and the fields
    of each class that declares them (a dataclass's, in order)."""
    out: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            names = [a.arg for a in node.args.args]
            out[node.name] = names[1:] if names[:1] in (["self"], ["cls"]) else names
        elif isinstance(node, ast.ClassDef):
            fields = [s.target.id for s in node.body
                      if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
            if fields:
                out[node.name] = fields
    return out


def _within(node: ast.AST, function: ast.FunctionDef | None
            ) -> Iterator[tuple[ast.AST, ast.FunctionDef | None]]:
    """Each node under ``node``, with the innermost function it is in."""
    for child in ast.iter_child_nodes(node):
        inner = child if isinstance(child, ast.FunctionDef) else function
        yield child, inner
        yield from _within(child, inner)


def _rule_arguments(tree: ast.Module) -> Iterator[tuple[ast.FunctionDef | None, ast.expr]]:
    """Each expression given as a rule: the argument of a parameter or field named ``rule`` of
    a function or class of the module, or the value of a variable named ``rule``; with the
    function it is in."""
    parameters = _parameters(tree)
    for node, function in _within(tree, None):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "rule"
                                                for t in node.targets):
            yield function, node.value
        if not isinstance(node, ast.Call):
            continue
        callee = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        names = parameters.get(callee or "", [])
        if "rule" in names and names.index("rule") < len(node.args):
            yield function, node.args[names.index("rule")]
        yield from ((function, k.value) for k in node.keywords if k.arg == "rule")


def _strings(node: ast.expr, function: ast.FunctionDef | None) -> set[str] | None:
    """The strings an expression can be, where it is made of literals: a string, either side of
    a conditional, an f-string whose parts are variables assigned literals in ``function``;
    None where it is not (an attribute, a call). A variable that is the function's own
    ``rule`` parameter is its callers' argument, read there: no strings of its own."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        sides = _strings(node.body, function), _strings(node.orelse, function)
        return None if sides[0] is None or sides[1] is None else sides[0] | sides[1]
    if isinstance(node, ast.Name) and function is not None:
        if node.id in {a.arg for a in function.args.args}:
            return set() if node.id == "rule" else None
        found: set[str] = set()
        for n in ast.walk(function):
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == node.id
                                                 for t in n.targets):
                strings = _strings(n.value, function)
                if strings is None:
                    return None
                found |= strings
        return found
    if isinstance(node, ast.JoinedStr):
        parts = [_strings(v.value if isinstance(v, ast.FormattedValue) else v, function)
                 for v in node.values]
        if any(p is None for p in parts):
            return None
        return {"".join(p) for p in itertools.product(*(p or () for p in parts))}
    return None


def written_rules(source: str) -> tuple[set[str], list[str]]:
    """The rule names written in a module's source, and the source of each expression given as
    a rule that is not made of literals (its names are checked on reports instead)."""
    tree = ast.parse(source)
    names: set[str] = set()
    unread = []
    for function, node in _rule_arguments(tree):
        strings = _strings(node, function)
        if strings is None:
            unread.append(ast.unparse(node))
        else:
            names |= strings
    return names, unread


def test_the_writing_section_names_are_the_standards() -> None:
    spec = shared_file("spec/whatwg-url.bs").read_text(encoding="utf-8")
    defined = set(re.findall(r"<dfn\b[^>]*>([^<]+)</dfn>", spec))
    assert {n: d for n, d in WRITING_SECTION.items() if d not in defined} == {}
    assert not set(WRITING_SECTION) & grammar_rules()


def test_every_rule_written_in_the_writing_grammar_is_a_grammars_or_the_standards() -> None:
    names, _ = written_rules(WRITING.read_text(encoding="utf-8"))
    assert len(names) >= 15
    assert names - grammar_rules() - set(WRITING_SECTION) == set()


@pytest.mark.parametrize(("source", "names"), [
    ('def f(v):\n    return GrammarError("opaque_host", 0, 1, "m")\n'
     "class GrammarError:\n    rule: str\n    start: int\n", {"opaque_host"}),
    ('def check(value, start, column, rule):\n    pass\n'
     'def f(v):\n    return check(v, 0, "c", "opaque_host") or check(v, 0, "c", rule="x")\n',
     {"opaque_host", "x"}),
    ('def f(a, rule):\n    family = "s-" if a else ""\n    rule = f"r-{family}URL"\n    return rule\n',
     {"r-s-URL", "r-URL"}),
    ('def f(rule, c):\n    return GrammarError(rule, 0, 0, "") or GrammarError(c.label, 0, 0, "")\n'
     "class GrammarError:\n    rule: str\n", set()),
], ids=["a literal", "a parameter named rule", "an f-string", "a pass-through and an attribute"])
def test_the_rules_written_in_a_source_are_read(source: str, names: set[str]) -> None:
    assert written_rules(source)[0] == names


def _rule(input: str, base: str | None) -> str | None:
    try:
        error = validate(input, base, advisories=False).grammar_error
    except ValueError:  # a base that does not parse
        return None
    return None if error is None else error.rule


def test_every_rule_a_report_names_is_a_grammars_or_the_standards() -> None:
    # WPT's cases where the shared data is there; the project's own cases in any case.
    cases = [(c["input"], c.get("base")) for c in own_cases() + shared_cases("wpt/urltestdata.json")]
    seen = {_rule(input, base) for input, base in cases} - {None}
    assert len(seen) >= 5
    assert seen - grammar_rules() - set(WRITING_SECTION) == set()


_STARTS = st.sampled_from(["", "https:", "https://", "sc:", "sc://", "file:", "file://", "//", "/"])
_TAILS = st.text(alphabet="ah1:/\\@[]%2?#^| .\tc", max_size=16)


@given(_STARTS, _TAILS, st.sampled_from([None, "https://h/a", "sc:o", "file:///c:/"]))
def test_any_input_breaks_a_grammar_rule_or_a_writing_section_name(start: str, tail: str,
                                                                  base: str | None) -> None:
    rule = _rule(start + tail, base)
    assert rule is None or rule in grammar_rules() | set(WRITING_SECTION), rule

