"""Railroad diagrams of the grammar files, as one self-contained HTML page.

The diagrams are drawn from the files as written (``grammar_source``), not from Lark's
compiled rules, so that ``[x]``, ``x?``, ``x*``, ``x+``, ``x~n`` and aliases show as the
author wrote them; each name links to the definition that the file's own imports and
overrides bind it to. Drawing needs the optional ``railroad-diagrams`` package (the
``diagrams`` extra); nothing else in urlgrammar does.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from lark import Tree
from lark.grammar import Symbol
from lark.grammar import Terminal as TerminalSymbol

from urlgrammar.grammar_tools.source import Definition, LoadedGrammar, Sources


class RailroadMissing(RuntimeError):
    """The railroad-diagrams package is not installed."""


def _railroad() -> ModuleType:
    try:
        return importlib.import_module("railroad")
    except ImportError:
        raise RailroadMissing(
            "railroad diagrams need the optional `diagrams` extra: pip install 'urlgrammar[diagrams]' "
            "(in a checkout: pip install -e '.[diagrams]'), which installs railroad-diagrams") from None


def anchor(d: Definition) -> str:
    """The id of a definition's diagram: file and name (``url.scheme``, ``special.S``)."""
    return f"{d.file}.{d.name}" if d.statement != "extend" else f"{d.file}.{d.name}+{d.line}"


class _Drawer:
    """Turns the trees of Lark's grammar parser into railroad items, for one file."""

    def __init__(self, rr: ModuleType, grammar: LoadedGrammar) -> None:
        self.rr = rr
        self.grammar = grammar

    def symbol(self, symbol: Symbol) -> Any:
        target = self.grammar.resolve(symbol.name)
        href = f"#{anchor(target)}" if target else None
        title = f"{target.file}.lark, line {target.line}" if target else "not defined"
        if isinstance(symbol, TerminalSymbol):
            return self.rr.Terminal(symbol.name, href=href, title=title, cls="token")
        return self.rr.NonTerminal(symbol.name, href=href, title=title, cls="rule")

    def item(self, node: Any) -> Any:
        rr = self.rr
        if isinstance(node, Symbol):
            return self.symbol(node)
        kind, children = node.data, node.children
        if kind == "expansions":
            alternatives = [self.item(c) for c in children]
            return alternatives[0] if len(alternatives) == 1 else rr.Choice(0, *alternatives)
        if kind == "expansion":
            return rr.Sequence(*map(self.item, children)) if children else rr.Skip()
        if kind == "alias":
            return rr.Sequence(self.item(children[0]), rr.Comment(f"tree: {children[1].name}"))
        if kind == "value":
            return self.item(children[0])
        if kind == "maybe":
            return rr.Optional(self.item(children[0]))
        if kind == "expr":
            return self.repeat(self.item(children[0]), [str(c) for c in children[1:]])
        if kind == "literal":
            return rr.Terminal(str(children[0]), cls="literal")
        if kind == "range":
            return rr.Terminal(f"{children[0]}..{children[1]}", cls="literal")
        if kind == "template_usage":
            args = ", ".join(str(c.children[0]) if isinstance(c, Tree) else str(c) for c in children[1:])
            return rr.NonTerminal(f"{children[0].name}{{{args}}}", cls="rule")
        raise ValueError(f"unknown grammar node {kind!r}")

    def repeat(self, item: Any, op: list[str]) -> Any:
        rr = self.rr
        if op == ["?"]:
            return rr.Optional(item)
        if op == ["*"]:
            return rr.ZeroOrMore(item)
        if op == ["+"]:
            return rr.OneOrMore(item)
        # x~n and x~m..n: Lark's exact repetition, which railroad diagrams have no shape for.
        times = op[1] if len(op) == 2 else f"{op[1]} to {op[2]}"
        return rr.Group(item, f"{times} times")

    def svg(self, d: Definition) -> str:
        out: list[str] = []
        self.rr.Diagram(self.item(d.tree)).writeSvg(out.append)
        return "".join(out)


def _notes(d: Definition) -> str:
    notes = ["terminal" if d.is_term else "rule"]
    if d.statement in ("override", "extend"):
        notes.append(f"%{d.statement}")
    if "!" in d.modifiers:
        notes.append("keeps its tokens (!)")
    if "?" in d.modifiers:
        notes.append("inlined when it has one child (?)")
    if d.name.startswith("_"):
        notes.append("inlined into its parent (_)")
    if d.priority is not None:
        notes.append(f"priority {d.priority}")
    return ", ".join(notes)


def _header_comment(path: Path) -> str:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("//"):
            break
        lines.append(line[3:] if line.startswith("// ") else line[2:])
    return "\n".join(lines).strip()


def _link(d: Definition | None, name: str) -> str:
    text = html.escape(name)
    return f'<a href="#{html.escape(anchor(d))}">{text}</a>' if d else text


def _imported(target: Definition | None, name: str, here: Path) -> str:
    # An %override in this file replaces what the import brought in; say so at the import.
    return _link(target, name) + (" (overridden here)" if target and target.path == here else "")


CSS = """
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto;
       max-width: 1300px; padding: 1em 2em; }
h1 { font-size: 1.7em; } h2 { font-size: 1.4em; border-bottom: 2px solid #ccc; margin-top: 2em; }
h3 { font: bold 1.1em monospace; margin: 1.4em 0 .2em; } h3 small { font: .8em system-ui; color: #555; }
code, pre { font-family: monospace; } pre { background: #f4f4f4; padding: .8em; overflow-x: auto; }
nav ul { columns: 14em; list-style: none; padding-left: 0; } nav li { font-family: monospace; }
nav > ul > li { break-inside: avoid; margin-bottom: .6em; font: bold 1em system-ui; }
nav > ul > li ul { columns: 1; font-weight: normal; padding-left: 1em; }
a { color: #0645ad; } .diagram { overflow-x: auto; } section:target h3 { background: #fff3b0; }
.key span { display: inline-block; padding: 0 .5em; margin-right: .4em; border: 2px solid #333;
            font: bold 14px monospace; }
svg.railroad-diagram { background: #fcfbf8; }
svg.railroad-diagram path { stroke-width: 2; stroke: #222; fill: none; }
svg.railroad-diagram text { font: bold 14px monospace; text-anchor: middle; fill: #111; }
svg.railroad-diagram text.comment { font: italic 12px monospace; fill: #444; }
svg.railroad-diagram a text { fill: #0645ad; }
svg.railroad-diagram a:hover text { text-decoration: underline; }
svg.railroad-diagram rect { stroke-width: 2; stroke: #222; }
svg.railroad-diagram .rule rect, .key .rule { background: #fff1cc; fill: #fff1cc; }
svg.railroad-diagram .token rect, .key .token { background: #d9f2d9; fill: #d9f2d9; border-radius: 10px; }
svg.railroad-diagram .literal rect, .key .literal { background: #dceafc; fill: #dceafc; border-radius: 10px; }
svg.railroad-diagram rect.group-box { stroke: #777; stroke-dasharray: 8 4; fill: none; }
"""


def render_page(directory: Path, names: Iterable[str]) -> str:
    """The page for the grammar files ``names`` (stems) in ``directory``."""
    rr = _railroad()
    sources = Sources()
    toc: list[str] = []
    body: list[str] = []
    for name in names:
        grammar = LoadedGrammar(sources, directory / f"{name}.lark")
        source = sources.read(directory / f"{name}.lark")
        drawer = _Drawer(rr, grammar)
        ordered = sorted(source.definitions, key=lambda d: d.is_term)  # rules first, in file order
        toc.append(f'<li><a href="#{name}">{name}.lark</a><ul>'
                   + "".join(f"<li>{_link(d, d.name)}</li>" for d in ordered) + "</ul></li>")
        body.append(f'<h2 id="{name}">{name}.lark</h2>')
        comment = _header_comment(source.path)
        if comment:
            body.append(f"<details><summary>The file's notes</summary>"
                        f"<pre>{html.escape(comment)}</pre></details>")
        for imported in source.imports:
            links = ", ".join(_imported(grammar.resolve(local), local, source.path)
                              for local in imported.aliases.values())
            body.append(f"<p>Imports from <code>{html.escape(imported.path.name)}</code>: {links}</p>")
        for d in ordered:
            body.append(f'<section id="{html.escape(anchor(d))}"><h3>{html.escape(d.name)} '
                        f"<small>{_notes(d)} · line {d.line}</small></h3>"
                        f'<div class="diagram">{drawer.svg(d)}</div></section>')
    return "\n".join([
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">',
        "<title>urlgrammar: railroad diagrams of the grammars</title>",
        f"<style>{CSS}</style></head><body>",
        "<h1>urlgrammar: railroad diagrams of the grammars</h1>",
        "<p>Every rule and terminal of <code>grammars/*.lark</code>, drawn from the files as "
        "written (<code>urlgrammar grammar diagram</code>). Read a diagram from left to right; "
        "a path that bends back repeats, a path that bypasses a box makes it optional. A name "
        "links to the definition it stands for in that file, through its <code>%import</code> "
        "and <code>%override</code> statements.</p>",
        '<p class="key"><span class="rule">rule</span> a rule &nbsp; '
        '<span class="token">NAME</span> a named terminal &nbsp; '
        '<span class="literal">"x" /re/</span> a literal string or regular expression</p>',
        f"<nav><ul>{''.join(toc)}</ul></nav>",
        *body,
        "</body></html>\n",
    ])


def write_page(output: Path, directory: Path, names: Iterable[str]) -> Path:
    """Render the page and write it to ``output``; return the path written."""
    page = render_page(directory, names)
    output.write_text(page, encoding="utf-8")
    return output.resolve()
