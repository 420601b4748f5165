"""The builder's source: Python that lifts a compiled pattern's match.

:mod:`urlgrammar.grammar_tools.compiler.regular` compiles a start rule into one pattern; this
module writes the builder that turns a match of it into what the transformer would make of the
tree: the children lists Lark's LALR parser gives each rule (anonymous tokens dropped,
``_rules`` inlined, ``[x]`` placeholders, ``!rules`` keeping their tokens) and the same
transformer calls in the same order. A rule that has a recipe (:mod:`urlgrammar.syntax.recipes`)
is not called: the builder makes its component inline, from the groups of the match, as the
recipe says. A repeated span is re-read item by item with the item's own pattern, or, where its
tokens tile it, with one ``findall``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from urlgrammar.grammar_tools.compiler.ebnf import Alt, Node, Opt, Rep, Rule, Seq, Term, Unsupported
from urlgrammar.syntax.recipes import WHOLE, Recipe, Sequence


def _term(item: Node) -> Term:
    """The terminal of an item of a simple rule body (see :func:`_simple`)."""
    term = item.body if isinstance(item, Opt) else item
    assert isinstance(term, Term)
    return term


#: What makes a terminal's match depend on the text around it, outside a character class
#: (which :func:`_outside_classes` removes first): lookarounds, anchors, word boundaries.
_CONTEXT = re.compile(r"\(\?<?[=!]|\\[AZbB]|[$^]")
#: An escape, or a character class (its first `]` and `^` taken literally, escapes skipped).
_CLASS_OR_ESCAPE = re.compile(r"\\.|\[\^?\]?(?:\\.|[^\]\\])*\]", re.S)


def _outside_classes(pattern: str) -> str:
    """``pattern`` without its character classes, each escape kept but for a class's."""
    return _CLASS_OR_ESCAPE.sub(lambda m: m.group() if m.group()[0] == "\\" else "", pattern)


def _flat_item(node: Node, recipes: dict[str, Recipe]) -> tuple[Recipe, list[Node]] | None:
    """The recipe and items of a repeated rule whose kept tokens tile its text: every item a
    kept terminal, each optional one unable to match the empty string (so that an absent one
    reads as ""), none looking at the text around it (so that reading the repeated span on its
    own, as ``findall`` with an end does, reads the same tokens). None otherwise."""
    if not isinstance(node, Rule) or node.callback not in recipes or recipes[node.callback].value is WHOLE:
        return None
    items = _simple(node.body)
    if items is None:
        return None
    for item in items:
        term = _term(item)
        if not term.kept or _CONTEXT.search(_outside_classes(term.pattern)):
            return None
        if isinstance(item, Opt) and re.fullmatch(term.pattern, ""):
            return None
    return recipes[node.callback], items


def _places(node: Rule, sequence: Sequence) -> bool | None:
    """Whether a sequence rule's first child is the `//` that places its authority (True), or
    has no such child (False); None where the builder cannot tell, so the rule is called."""
    if sequence.placing is None:
        return False
    if sequence.placing != 0:
        return None
    return _opening(node.body, True)


def _opening(body: Node, top: bool) -> bool | None:
    """Whether the first child of a rule ``body`` is a kept token (True, in the rule's own
    body only: the `//` the builder reads there), or a value a rule makes (False), which no
    `//` is, in every alternative of a rule inlined in it; None where the builder cannot tell."""
    first = body.items[0] if isinstance(body, Seq) and body.items else body
    if isinstance(first, Term):
        return True if first.kept and top else None
    if isinstance(first, Rule) and first.callback is not None:
        return False
    if not isinstance(first, Rule):
        return None
    branches = first.body.branches if isinstance(first.body, Alt) else [first.body]
    found = {_opening(branch, False) for branch in branches}
    return False if found == {False} else None


def _simple(node: Node) -> list[Node] | None:
    """The items of a rule body whose children are each one token or none: mandatory
    terminals and optional single terminals. None for any other body."""
    items: list[Node] = list(node.items) if isinstance(node, Seq) else [node]
    for item in items:
        if isinstance(item, Term):
            continue
        body = item.body if isinstance(item, Opt) else None
        if isinstance(body, Term) and body.kept and isinstance(item, Opt) and item.placeholders == 1:
            continue
        return None
    return items


# ---- the builder's source -------------------------------------------------------------------

#: Where a recipe's tokens are: given a kept token's index and names for its start and end,
#: lines that read it (if any) and expressions for its text, start, end and presence.
Reader = Callable[[int, str, str], tuple[str, str, str, str]]


class Writer:
    """Writes the Python that turns a match's ``regs`` into children and callbacks; a rule
    that has a recipe is made inline instead, as its recipe says, and a rule that makes a
    sequence of components appends them straight to one flat list."""

    def __init__(self, recipes: dict[str, Recipe], sequences: dict[str, Sequence]) -> None:
        self.lines: list[str] = []
        self.names = itertools.count()
        self.callbacks: set[str] = set()
        self.recipes = recipes
        self.sequences = sequences
        self.kinds: set[str] = {"AUTHORITY"} if sequences else set()  # the Kind members used
        self.flat: set[str] = set()  # the lists that are sequences of components
        self.regs = "R"  # the name of the match's regs where the lines are
        #: The groups of the whole pattern (not of a repeated item's) that hold each
        #: component's tokens, first occurrence, by Kind name (by callback name for a rule
        #: the builder calls): what the offsets of a URL are read from.
        self.groups: dict[str, tuple[int, ...]] = {}

    def place(self, name: str, groups: tuple[int, ...]) -> None:
        """Record where a component's tokens are, where the lines read the whole match."""
        if self.regs == "R" and name not in self.groups:
            self.groups[name] = groups

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def children(self, node: Node, into: str, depth: int) -> None:
        """Lines that append ``node``'s children to the list named ``into`` (to a flat list,
        only the components, as :func:`urlgrammar.syntax.recipes.flatten` keeps them)."""
        if isinstance(node, Term):
            if node.kept and into not in self.flat:
                g = node.group
                self.emit(depth, f"a, b = {self.regs}[{g}]")
                self.emit(depth, f"{into}.append(new(Tok, ({node.name!r}, text[a:b], a, b)))")
        elif isinstance(node, Rule):
            if node.callback is None:
                self.children(node.body, into, depth)
            elif node.group >= 0:
                self.whole(self.recipes[node.callback], node.group, into, depth)
            elif node.callback in self.recipes and (items := _simple(node.body)) is not None:
                self.recipe(self.recipes[node.callback], items, into, depth)
            elif node.callback in self.sequences and _places(node, self.sequences[node.callback]) is not None:
                self.sequence(node, into, depth)
            elif (items := _simple(node.body)) is not None:
                self.callbacks.add(node.callback)
                self.place(node.callback, tuple(_term(i).group for i in items if _term(i).kept))
                self.value(into, f"cb_{node.callback}([{self.tokens(items, depth)}])", depth)
            else:
                inner = f"c{next(self.names)}"
                self.callbacks.add(node.callback)
                self.emit(depth, f"{inner} = []")
                self.children(node.body, inner, depth)
                self.value(into, f"cb_{node.callback}({inner})", depth)
        elif isinstance(node, Seq):
            for item in node.items:
                self.children(item, into, depth)
        elif isinstance(node, Alt):
            for i, (branch, marker) in enumerate(zip(node.branches, node.markers, strict=True)):
                if i == len(node.branches) - 1:
                    self.emit(depth, "else:")
                else:
                    self.emit(depth, f"{'if' if i == 0 else 'elif'} {self.regs}[{marker}][0] >= 0:")
                before = len(self.lines)
                self.children(branch, into, depth + 1)
                if len(self.lines) == before:
                    self.emit(depth + 1, "pass")
        elif isinstance(node, Opt):
            self.emit(depth, f"if {self.regs}[{node.marker}][0] >= 0:")
            before = len(self.lines)
            self.children(node.body, into, depth + 1)
            if len(self.lines) == before:
                self.emit(depth + 1, "pass")
            if node.placeholders and into not in self.flat:
                self.emit(depth, "else:")
                for _ in range(node.placeholders):
                    self.emit(depth + 1, f"{into}.append(None)")
        elif isinstance(node, Rep):
            self.repeated(node, into, depth)

    def value(self, into: str, expr: str, depth: int) -> None:
        """A line that appends a callback's value; to a flat list, its components."""
        if into not in self.flat:
            self.emit(depth, f"{into}.append({expr})")
            return
        self.emit(depth, f"v = {expr}")
        self.emit(depth, "if type(v) is Component:")
        self.emit(depth + 1, f"{into}.append(v)")
        self.emit(depth, "elif type(v) is list:")
        self.emit(depth + 1, f"{into}.extend(v)")

    def sequence(self, node: Rule, into: str, depth: int) -> None:
        """Lines that append the components of a rule that makes a sequence of them: into the
        flat list it is part of, or into a list of its own, which the sequence's value is;
        the `//` that places an authority, where the rule has one, does so afterwards."""
        assert node.callback is not None
        record = self.sequences[node.callback].record
        target = into
        if into not in self.flat:
            target = f"c{next(self.names)}"
            self.flat.add(target)
            self.emit(depth, f"{target} = []")
        body = node.body
        n = next(self.names)
        if _places(node, self.sequences[node.callback]):
            first = body.items[0]  # type: ignore[union-attr]
            assert isinstance(first, Term)
            self.place("AUTHORITY", (first.group,))
            self.emit(depth, f"k{n} = len({target})")
            self.emit(depth, f"s{n}, e{n} = {self.regs}[{first.group}]")
            for item in body.items[1:]:  # type: ignore[union-attr]
                self.children(item, target, depth)
            self.emit(depth, f"if len({target}) > k{n} and {target}[k{n}].kind is K_AUTHORITY:")
            self.emit(depth + 1, f"{target}[k{n}] = placed_after(text[s{n}:e{n}], e{n}, {target}[k{n}])")
        else:
            self.children(body, target, depth)
        if target != into:
            self.emit(depth, f"{into}.append({f'new(URLRecord, {target})' if record else target})")

    def repeated(self, node: Rep, into: str, depth: int) -> None:
        """Lines that append the children of every item of a repeated span."""
        if self.recipes and (flat := _flat_item(node.body, self.recipes)) is not None:
            self.tiled(node, *flat, into, depth)
            return
        # Re-read the span item by item, with the item's own pattern and its builder
        # written inline; an item that ends elsewhere than the pattern's reading did sends
        # the text to the LALR driver.
        n = next(self.names)
        self.emit(depth, f"p{n}, q{n} = {self.regs}[{node.group}]")
        self.emit(depth, f"while p{n} < q{n}:")
        self.emit(depth + 1, f"m{n} = S{node.sub}.match(text, p{n})")
        self.emit(depth + 1, f"e{n} = -1 if m{n} is None else m{n}.end()")
        self.emit(depth + 1, f"if e{n} <= p{n} or e{n} > q{n}:")
        self.emit(depth + 2, "raise NoMatch")
        self.emit(depth + 1, f"R{n} = m{n}.regs")
        outer, self.regs = self.regs, f"R{n}"
        self.children(node.body, into, depth + 1)
        self.regs = outer
        self.emit(depth + 1, f"p{n} = e{n}")

    def tiled(self, node: Rep, recipe: Recipe, items: list[Node], into: str, depth: int) -> None:
        """A repetition of a rule whose tokens tile its text (see :func:`_flat_item`): one
        ``findall`` over the span gives every item's tokens as strings, and their positions
        follow from their lengths. The span is tiled exactly when the lengths add up to it;
        otherwise the text goes to the LALR driver."""
        n = next(self.names)
        count = len(items)
        values = [f"v{n}_{k}" for k in range(count)]
        self.emit(depth, f"p{n}, q{n} = {self.regs}[{node.group}]")
        self.emit(depth, f"if p{n} < q{n}:")
        self.emit(depth + 1, f"for {', '.join(values)}{',' if count == 1 else ''} in "
                  f"S{node.sub}.findall(text, p{n}, q{n}):")
        # Each token starts where the one before it ended.
        positions = [f"p{n}"] + [f"x{n}_{k}" for k in range(1, count)] + [f"y{n}"]
        for k in range(count):
            self.emit(depth + 2, f"{positions[k + 1]} = {positions[k]} + len({values[k]})")

        def read(i: int, start: str, end: str) -> tuple[str, str, str, str]:
            return values[i], positions[i], positions[i + 1], values[i]

        self.recipe(recipe, items, into, depth + 2, read)
        self.emit(depth + 2, f"p{n} = y{n}")
        self.emit(depth + 1, f"if p{n} != q{n}:")
        self.emit(depth + 2, "raise NoMatch")

    def whole(self, recipe: Recipe, group: int, into: str, depth: int) -> None:
        """Lines that append the component of a rule whose recipe takes its whole text, read
        from the rule's one group: :func:`urlgrammar.syntax.recipes.lift_method`'s steps."""
        kind = f"K_{recipe.kind.name}"
        self.kinds.add(recipe.kind.name)
        self.place(recipe.kind.name, (group,))
        self.emit(depth, f"a, b = {self.regs}[{group}]")
        self.emit(depth, "if a == b:")
        self.emit(depth + 1, f"{into}.append(new(Component, ({kind}, '', None, None, None)))")
        self.emit(depth, "else:")
        mark = "None"
        if recipe.opening is not None:
            opening = repr(recipe.opening)
            self.emit(depth + 1, f"m = {opening} if text.startswith({opening}, a) else None")
            mark = "m"
        self.emit(depth + 1, f"{into}.append(new(Component, ({kind}, text[a:b], a, b, {mark})))")

    def recipe(self, recipe: Recipe, items: list[Node], into: str, depth: int,
               read: Reader | None = None) -> None:
        """Lines that append the component a rule's recipe makes of its tokens, without making
        the tokens: :func:`urlgrammar.syntax.recipes.lift_method`'s steps, written out.
        ``read`` says where the tokens are; by default, in the groups of the match's regs."""
        kept = [item for item in items if _term(item).kept]
        regs = self.regs

        def from_regs(i: int, start: str, end: str) -> tuple[str, str, str, str]:
            self.emit(depth, f"{start}, {end} = {regs}[{_term(kept[i]).group}]")
            return f"text[{start}:{end}]", start, end, f"{start} >= 0"

        if read is None:
            self.place(recipe.kind.name, tuple(_term(k).group for k in kept))
        read = read or from_regs
        kind = f"K_{recipe.kind.name}"
        self.kinds.add(recipe.kind.name)
        mark = "None"
        where = ("", "")  # the sigil's start and end
        if recipe.sigil is not None:
            if isinstance(kept[recipe.sigil], Opt):
                raise Unsupported("a recipe's sigil must be a mandatory token")
            sigil, c, d, _ = read(recipe.sigil, "c", "d")
            where = (c, d)
            self.emit(depth, f"m = {sigil}")
            self.emit(depth, 'if m == "/":')
            self.emit(depth + 1, "m = None")
            mark = "m"
        if isinstance(recipe.value, str):
            if recipe.sigil is None:
                raise Unsupported("a recipe with a constant value takes its span from its sigil")
            made = f"new(Component, ({kind}, {recipe.value!r}, {where[0]}, {where[1]}, {mark}))"
            self.emit(depth, f"{into}.append({made})")
            return
        if recipe.value is WHOLE:
            raise Unsupported("a recipe that takes the rule's whole text needs the rule's group")
        value, start, end, there = read(recipe.value, "a", "b")
        present = f"new(Component, ({kind}, {value}, {start}, {end}, {mark}))"
        if not isinstance(kept[recipe.value], Opt):
            self.emit(depth, f"{into}.append({present})")
            return
        # Where the empty value sits: the first (or last) other token, which must be there.
        others = [i for i in range(len(kept)) if i != recipe.value]
        if recipe.empty == "end":
            others.reverse()
        if not others:
            at = "0"
        elif isinstance(kept[others[0]], Opt):
            raise Unsupported("an empty value must sit beside a mandatory token")
        elif others[0] == recipe.sigil:
            at = where[0] if recipe.empty == "start" else where[1]  # read already, for the mark
        else:
            _, e, f, _ = read(others[0], "e", "f")
            at = e if recipe.empty == "start" else f
        absent = f"new(Component, ({kind}, '', {at}, {at}, {mark}))"
        self.emit(depth, f"{into}.append({present} if {there} else {absent})")

    def tokens(self, items: list[Node], depth: int) -> str:
        """Lines that read the tokens of a simple rule body into locals; the list's items."""
        values = []
        for item in items:
            term = item.body if isinstance(item, Opt) else item
            assert isinstance(term, Term)
            if not term.kept:
                continue
            name = f"t{next(self.names)}"
            self.emit(depth, f"a, b = {self.regs}[{term.group}]")
            make = f"new(Tok, ({term.name!r}, text[a:b], a, b))"
            self.emit(depth, f"{name} = {make}" if isinstance(item, Term) else
                      f"{name} = {make} if a >= 0 else None")
            values.append(name)
        return ", ".join(values)
