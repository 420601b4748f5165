"""Lifting: from a grammar's parse tree to the component record.

One :class:`Lift` transformer serves the three URL grammars (their rule names are the same,
special.lark and file.lark only override terminals and the file auth-path). It runs inline in
Lark's LALR parser, so no tree is built on the parse path; ``urlgrammar tree`` builds the tree
with the same grammar for people to look at.

Spans are offsets in the text the grammar read; :func:`parse_record` maps them back to the
original input through the preprocessing offset map.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from urlgrammar.errors import Code, Diagnostic, URLError
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.syntax import grammars
from urlgrammar.syntax.grammars import Matcher, matcher
from urlgrammar.syntax.lalr import Driver, ParseError
from urlgrammar.syntax.lalr import Tok as Token
from urlgrammar.syntax.preprocess import OffsetMap
from urlgrammar.syntax.recipes import RECIPES, SEQUENCES, lift_method, placed, placed_after, sequence_method

if TYPE_CHECKING:
    from lark import Lark

Children = list[Any]

# The lift makes a record's components, on every parse: built with tuple.__new__, which skips
# the Python-level __new__ a NamedTuple has (its defaults), and with the kinds as constants.
_new = tuple.__new__
_AUTHORITY, _HOST = Kind.AUTHORITY, Kind.HOST


def _shifted(c: Component, by: int) -> Component:
    return Component(c.kind, c.value, (c.start or 0) + by, (c.end or 0) + by, c.mark)


class Lift:
    """Tree → components. Each method is named after the grammar rule it lifts, and is given
    the rule's children as Lark's LALR parser shapes them (Lark calls it inline, as does the
    lean driver and the builders of the compiled patterns)."""

    def __init__(self) -> None:
        self.parser: Any = None  # set once the parser exists, for `credentials`

    # ---- the URL ---------------------------------------------------------------------------

    # The rules that make sequences of components, as their entries in SEQUENCES say.
    url = sequence_method(SEQUENCES["url"])
    auth_path = sequence_method(SEQUENCES["auth_path"])
    path = sequence_method(SEQUENCES["path"])
    auth_drive = sequence_method(SEQUENCES["auth_drive"])
    host_port = sequence_method(SEQUENCES["host_port"])

    # The component rules whose children are tokens: made as their recipes say.
    scheme = lift_method(RECIPES["scheme"])
    path_root = lift_method(RECIPES["path_root"])
    dir = lift_method(RECIPES["dir"])
    file = lift_method(RECIPES["file"])
    query = lift_method(RECIPES["query"])
    fragment = lift_method(RECIPES["fragment"])
    drive = lift_method(RECIPES["drive"])
    username = lift_method(RECIPES["username"])
    password = lift_method(RECIPES["password"])
    port = lift_method(RECIPES["port"])
    host = lift_method(RECIPES["host"])

    # ---- drives (file.lark) ----------------------------------------------------------------

    def auth_drive_invalid(self, children: Children) -> list[Component]:
        ss, authority, letter = children
        drive = Component(Kind.DRIVE, letter.value, letter.start_pos, letter.end_pos, "")
        if ss is None:
            return [drive]
        return [placed_after(ss.value, ss.end_pos, authority), drive]

    def authority_empty(self, children: Children) -> Component:
        return Component(Kind.AUTHORITY, Authority.empty())

    # ---- the authority (authority.lark) ------------------------------------------------------

    def authority(self, children: Children) -> Component:
        userinfo, host, port = children
        username: Component | None = None
        password: Component | None = None
        if userinfo is not None:
            username, password = userinfo
            if host.start is None:
                last = password if password is not None else userinfo[0]
                at = (last.end or 0) + 1  # just after the `@`
                host = Component(Kind.HOST, "", at, at)
        # An authority that starts with an empty host gets its position from auth_path.
        start = username.start if username is not None else host.start
        if start is None:
            end = None
        elif port is not None:
            end = port.end
        else:
            end = host.end if host.end is not None else \
                max(c.end or 0 for c in (username, password) if c is not None)
        authority = _new(Authority, (username, password, host, port))
        return _new(Component, (_AUTHORITY, authority, start, end, None))

    def userinfo(self, children: Children) -> tuple[Component, Component | None]:
        tok = children[0]
        username, password = self.parser.parse(tok.value[:-1], start="credentials")
        at = tok.start_pos
        return _shifted(username, at), None if password is None else _shifted(password, at)

    def credentials(self, children: Children) -> tuple[Component, Component | None]:
        username, password = children
        return username, password

    def ip6_bracket(self, children: Children) -> list[Token]:
        return [c for c in children if c is not None]


_PARSERS: dict[Mode, Matcher | Driver] = {}


def parser(mode: Mode) -> Matcher | Driver:
    """The mode's grammar compiled and lifted with :class:`Lift`: text in, record out."""
    found = _PARSERS.get(mode)
    if found is None:
        found = _PARSERS[mode] = matcher(mode.grammar, Lift)
    return found


def lark_parser(mode: Mode) -> Lark:
    """The same grammar and lift with Lark's own LALR parser (the reference for tests)."""
    return grammars.lark_parser(mode.grammar, Lift)


def parse_record(text: str, mode: Mode, offsets: OffsetMap | None = None) -> URLRecord:
    """Parse preprocessed ``text`` in ``mode`` and lift it; spans are mapped by ``offsets``.

    The grammars are total, so a Lark error here is a bug in a grammar; it is still reported
    as a URLError, never as Lark's own exception.
    """
    try:
        record: URLRecord = parser(mode).parse(text, "url")
    except ParseError as e:  # pragma: no cover - the grammars are total; tests check it
        raise URLError.of(Diagnostic(Code.GRAMMAR, e.pos, e.pos, f"the {mode.grammar} grammar "
                                     f"rejected the input: {e}")) from None
    if offsets is not None and not offsets.identity:
        record = record.map_spans(offsets.span)
    return record


def separators(record: URLRecord) -> Iterator[tuple[int, str]]:
    """Each separator before the query of a lifted ``record``, its position and code point,
    one at a time (a path may have a million).

    URL Specification § URL Grammar, s := { `/` } or { `/`, `\\` }: the `//` before an
    authority (the two code points before its span), a path-root, the `/` of a drive that has
    one (``auth_drive_invalid`` has none) and each dir's `/` (after its value). Which code
    point each was is the component's ``mark``, so nobody has to look back at the text.
    """
    for c in record:
        if c.kind > Kind.FILE:
            break
        yield from sigils(c)


def sigils(c: Component) -> tuple[tuple[int, str], ...]:
    """The separators of :func:`separators` that one lifted component brings."""
    kind, mark = c.kind, c.mark
    if kind == Kind.DIR:
        return ((c.end or 0, mark or "/"),)
    if kind == Kind.AUTHORITY:
        start = c.start or 0
        ss = mark or "//"
        return ((start - 2, ss[0]), (start - 1, ss[1]))
    if kind == Kind.ROOT:
        return ((c.start or 0, mark or "/"),)
    if kind == Kind.DRIVE and mark != "":
        return (((c.start or 0) - 1, mark or "/"),)
    return ()


def parse_authority(component: Component, mode: Mode) -> Component:
    """Read a dir or file component's value as an Authority (for ``force``), keeping spans."""
    text: str = component.value
    authority: Authority = placed(parser(mode).parse(text, "authority"), 0).value
    if component.start is None:
        # No spans, where the component had none; the marks (a bracketed host) stay.
        return Component(Kind.AUTHORITY, authority.map(lambda c: c._replace(start=None, end=None)))
    at = component.start
    return Component(Kind.AUTHORITY, authority.map(lambda c: _shifted(c, at)), at, at + len(text))
