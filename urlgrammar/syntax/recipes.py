"""What each component rule of the URL grammars lifts to: one declarative table.

URL Specification 0.10.1, § URL Model: a component is a tagged value, and a component rule of
the grammar holds its value and its sigil ("dir name ⟼ name `/`", "query q ⟼ `?` q"). For
the rules whose children are tokens only, that is all the lift does, and this table says it:
which kind of component the rule makes, which child token holds the value, where an absent
value's empty span sits, and which child is the separator whose code point becomes the
component's mark.

The table is the one description of those rules. :class:`urlgrammar.syntax.lift.Lift` makes
its methods for them from it (:func:`lift_method`), which Lark's parser and the lean driver
call; the grammar compiler (:mod:`urlgrammar.grammar_tools.compiler`, build time) writes the
same steps inline into the builders of the compiled patterns, so that they make the components
without tokens or calls. The compiled
module's digest covers this table (:func:`digest`), so a change here without a new
``compiled.py`` sends parsing to the lean driver, as a grammar edit does.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any, NamedTuple

from urlgrammar.model.record import Authority, Component, Kind, URLRecord

_new = tuple.__new__
_AUTHORITY, _HOST = Kind.AUTHORITY, Kind.HOST


#: A recipe's ``value`` that is the text of every token of the rule, in order.
WHOLE = None


class Recipe(NamedTuple):
    """How a rule whose children are tokens (or placeholders) lifts to a component.

    - ``value``: the index of the child token whose text is the value, or, where it is a
      string, the value itself (a path-root is `/` whatever its separator was), or
      :data:`WHOLE`, the text of all the rule's tokens (its children's, and their children's
      where a child is a rule that gives a list of tokens): a host is runs of host code points
      and bracketed parts. An empty whole value has no span;
    - ``empty``: where the value child is absent, the value is "" with an empty span at the
      start (``"start"``) of the rule or at its end (``"end"``): a dir's empty name sits
      before its `/`, an empty query after its `?`. A rule with no token at all (an empty
      username) starts at 0, the start of the text its start rule reads;
    - ``sigil``: the index of the separator child whose code point is the mark where it is not
      `/` (a backslash in special and file modes; see :class:`Component`), or None;
    - ``opening``: for a whole value, the mark where the value starts with it: a host that
      starts with `[` starts with an ``ip6_bracket``, as no run of host code points holds `[`
      (``tests/syntax/test_lift.py`` checks that on the trees).

    The value child, where it is an index, is the component's span; otherwise the sigil is.
    """

    kind: Kind
    value: int | str | None
    empty: str = "start"
    sigil: int | None = None
    opening: str | None = None


#: The component rules of url.lark, authority.lark and file.lark (special.lark and file.lark
#: keep the generic rules' names and shapes; they only override terminals).
RECIPES: dict[str, Recipe] = {
    "scheme": Recipe(Kind.SCHEME, 0),                    # scheme: SCHEME ":"
    "path_root": Recipe(Kind.ROOT, "/", sigil=0),        # path_root: S
    "dir": Recipe(Kind.DIR, 0, "start", sigil=1),        # dir: [PCHARS] S (and first_dir)
    "file": Recipe(Kind.FILE, 0),                        # file: PCHARS
    "query": Recipe(Kind.QUERY, 1, "end"),               # !query: "?" [QCHARS]
    "fragment": Recipe(Kind.FRAGMENT, 1, "end"),         # !fragment: "#" [FCHARS]
    "drive": Recipe(Kind.DRIVE, 1, sigil=0),             # drive: DRIVE_S DRIVE
    "username": Recipe(Kind.USERNAME, 0, "start"),       # username: [UCHARS]
    "password": Recipe(Kind.PASSWORD, 1, "end"),         # !password: ":" [PWCHARS]
    "port": Recipe(Kind.PORT, 1, "end"),                 # !port: ":" [PORTCHARS]
    "host": Recipe(Kind.HOST, WHOLE, opening="["),       # host: (HCHARS | ip6_bracket)*
}


def mark(sigil: str) -> str | None:
    """A separator's mark: None for `/`, the separator as written otherwise."""
    return None if sigil == "/" else sigil


def lift_method(recipe: Recipe) -> Callable[[Any, list[Any]], Component]:
    """The transformer method for a rule with ``recipe``, given its children as Lark shapes
    them (tokens with ``value``, ``start_pos`` and ``end_pos``; None for an absent ``[x]``)."""
    kind, value, empty, sigil, opening = recipe

    def method(self: Any, children: list[Any]) -> Component:
        if value is WHOLE:
            tokens = [t for c in children for t in (c if isinstance(c, list) else [c]) if t is not None]
            if not tokens:
                return Component(kind, "")
            text = "".join([t.value for t in tokens])
            opened = opening if opening is not None and text.startswith(opening) else None
            return _new(Component, (kind, text, tokens[0].start_pos, tokens[-1].end_pos, opened))
        mark_ = None if sigil is None else mark(children[sigil].value)
        if isinstance(value, str):
            where = children[sigil if sigil is not None else 0]
            return _new(Component, (kind, value, where.start_pos, where.end_pos, mark_))
        token = children[value]
        if token is not None:
            return _new(Component, (kind, token.value, token.start_pos, token.end_pos, mark_))
        present = [c for c in children if c is not None]
        if not present:
            return _new(Component, (kind, "", 0, 0, mark_))
        at = present[0].start_pos if empty == "start" else present[-1].end_pos
        return _new(Component, (kind, "", at, at, mark_))

    method.__name__ = method.__qualname__ = f"lift_{kind.label}"
    method.__doc__ = f"A {kind.label} component, as recipes.RECIPES says."
    return method


class Sequence(NamedTuple):
    """How a rule whose children are components lifts: to the components in order, each child
    that is a list of components spliced in, tokens and placeholders dropped (URL
    Specification § URL Model: an URL is a sequence of components).

    - ``record``: the sequence is a whole URL (a :class:`URLRecord`);
    - ``placing``: the index of the child that is the `//` before an authority, which gives
      the sequence's first component, an authority, its position and its mark
      (:func:`placed_after`).
    """

    record: bool = False
    placing: int | None = None


#: The rules that make sequences of components: the URL and its auth-path or path, the file
#: grammar's auth-drive, and the setters' start rule that reads a host and what follows.
SEQUENCES: dict[str, Sequence] = {
    "url": Sequence(record=True),      # url: [scheme] (auth_path | path) [query] [fragment]
    "auth_path": Sequence(placing=0),  # auth_path: SS authority [path_root _path_rel]
    "path": Sequence(),                # path: path_root _path_rel | first_dir _path_rel | [file]
    "auth_drive": Sequence(placing=0), # auth_drive: auth_drive_invalid | SS authority [drive] | drive
    "host_port": Sequence(),           # host_port: host [port] [path_root _path_rel] [query] ...
}


def placed(authority: Component, at: int) -> Component:
    """Give an authority that starts with an empty host the position ``at`` (after `//`): the
    grammar's authority rule has no token there to take one from."""
    if authority.start is not None:
        return authority
    username, password, host, port = authority.value
    host = _new(Component, (_HOST, host.value, at, at, None))
    end = port.end if port is not None else at
    return _new(Component, (_AUTHORITY, _new(Authority, (username, password, host, port)), at, end, None))


def placed_after(sigil: str, end: int, authority: Component) -> Component:
    """The authority after its `//` (``sigil``, ending at ``end``): placed, and marked where
    the sigil is not `//` (a backslash in special and file modes)."""
    authority = placed(authority, end)
    if sigil == "//":
        return authority
    kind, value, start, stop, _ = authority
    return _new(Component, (kind, value, start, stop, sigil))


def flatten(children: list[Any]) -> list[Component]:
    """The components among ``children``, where a child may also be a list of components."""
    out: list[Component] = []
    for child in children:
        if type(child) is Component:
            out.append(child)
        elif type(child) is list:
            out.extend(child)
    return out


def sequence_method(sequence: Sequence) -> Callable[[Any, list[Any]], Any]:
    """The transformer method for a rule that makes a sequence of components."""
    record, placing = sequence

    def method(self: Any, children: list[Any]) -> Any:
        out = flatten(children)
        if placing is not None:
            sigil = children[placing]
            if hasattr(sigil, "end_pos") and out and out[0].kind == _AUTHORITY:
                out[0] = placed_after(sigil.value, sigil.end_pos, out[0])
        return _new(URLRecord, out) if record else out

    method.__name__ = method.__qualname__ = "lift_url" if record else "lift_components"
    method.__doc__ = "A sequence of components, as recipes.SEQUENCES says."
    return method


def digest() -> str:
    """A checksum of the tables, which the compiled module's digest includes."""
    tables = repr((sorted(RECIPES.items()), sorted(SEQUENCES.items())))
    return f"{zlib.crc32(tables.encode()):08x}"
