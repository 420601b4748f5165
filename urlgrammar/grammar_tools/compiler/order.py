"""The order check: a compiled pattern reads the tokens the LALR lexer would.

The LALR parser's contextual lexer picks, among the terminals a state accepts, the first in
its order (priority, then width) that matches; a pattern tries alternatives in grammar order.
The two read the same tokens wherever the grammar's order agrees with the lexer's for
terminals that can both match at one position. :func:`check_order` verifies that.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from urlgrammar.grammar_tools.compiler.ebnf import Alt, Node, Opt, Rep, Rule, Term, Unsupported


def check_order(root: Node) -> None:
    """Refuse a grammar whose pattern could read other tokens than the LALR lexer.

    The pattern's choices are ordered (alternatives left to right, an optional part or one
    more repetition before what follows); the lexer's are ranked. On the automaton of the
    grammar's terminal positions (Glushkov's construction, keeping the pattern's order), every
    state's candidate terminals must come in an order that agrees with the lexer's rank for
    every two distinct terminals that can both match at one position.
    """
    follow: dict[int, list[Term]] = {}
    first, last, _ = _walk(root, follow)
    end = Term("$END", r"\Z", True, (0, 0, 0, ""))
    for t in last:
        follow[id(t)].append(end)
    seen: set[tuple[int, ...]] = set()
    todo = [[*first, end]]
    while todo:
        state = todo.pop()
        key = tuple(id(t) for t in state)
        if key in seen:
            continue
        seen.add(key)
        _check_state(state)
        by_name: dict[str, list[Term]] = {}
        for t in state:
            if t is not end:
                by_name.setdefault(t.name, []).extend(follow[id(t)])
        todo.extend(by_name.values())


def _walk(node: Node, follow: dict[int, list[Term]]) -> tuple[list[Term], list[Term], bool]:
    """The first and last positions of ``node`` and whether it can be empty, adding to
    ``follow`` the positions that can come after each (in the pattern's order)."""
    if isinstance(node, Term):
        follow.setdefault(id(node), [])
        return [node], [node], False
    if isinstance(node, Rule):
        return _walk(node.body, follow)
    if isinstance(node, Opt):
        f, la, _ = _walk(node.body, follow)
        return f, la, True
    if isinstance(node, Rep):
        f, la, n = _walk(node.body, follow)
        for t in la:
            follow[id(t)] += f
        return f, la, node.at_least == 0 or n
    first: list[Term] = []
    last: list[Term] = []
    if isinstance(node, Alt):
        nullable = False
        for b in node.branches:
            f, la, n = _walk(b, follow)
            first += f
            last += la
            nullable = nullable or n
        return first, last, nullable
    nullable = True
    for item in node.items:
        f, la, n = _walk(item, follow)
        for t in last:
            follow[id(t)] += f
        if nullable:
            first += f
        last = (last + la) if n else la
        nullable = nullable and n
    return first, last, nullable


def _check_state(state: list[Term]) -> None:
    order: list[Term] = []
    for t in state:
        if t.name not in {o.name for o in order}:
            order.append(t)
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if a.name != "$END" and b.name != "$END" and b.rank < a.rank and overlap(a.pattern, b.pattern):
                raise Unsupported(f"the grammar tries {a.name} before {b.name} where both can match, "
                                  f"but the lexer tries {b.name} first")


def overlap(a: str, b: str) -> bool:
    """Whether two terminals can both match at one position: their first code points
    intersect, and some short string over the code points the two patterns name (and one
    they do not) starts with a match of each. The search is bounded (strings of up to four
    code points), which covers the URL grammars' terminals: runs of character classes and
    lookaheads of one or two code points."""
    fa, fb = _first(a), _first(b)
    if not _meet(fa, fb):
        return False
    alphabet = sorted(_mentioned(a) | _mentioned(b) | set("x:@/.%") | {"\u00e9"})
    ra, rb = re.compile(a), re.compile(b)
    for n in range(1, 5):
        for letters in itertools.product(alphabet, repeat=n):
            s = "".join(letters)
            if ra.match(s) and rb.match(s):
                return True
    return False


CharSet = tuple[bool, frozenset[str]]  # (negated, code points)
_ANY: CharSet = (True, frozenset())


def _meet(a: CharSet, b: CharSet) -> bool:
    (na, sa), (nb, sb) = a, b
    if na and nb:
        return True
    if na:
        return bool(sb - sa)
    if nb:
        return bool(sa - sb)
    return bool(sa & sb)


def _mentioned(pattern: str) -> set[str]:
    """The code points a pattern names: its literals and the ends of its ranges."""
    from re import _constants as c
    from re import _parser

    out: set[str] = set()

    def walk(items: Any) -> None:
        for op, av in items:
            if op in (c.LITERAL, c.NOT_LITERAL):
                out.add(chr(av))
            elif op is c.RANGE:
                out.update((chr(av[0]), chr(av[1])))
            elif op is c.IN:
                walk(av)
            elif isinstance(av, (list, tuple)):
                for part in av:
                    if isinstance(part, _parser.SubPattern):
                        walk(part)
                    elif isinstance(part, list):
                        for sub in part:
                            if isinstance(sub, _parser.SubPattern):
                                walk(sub)

    walk(_parser.parse(pattern))
    return out


def _union(a: CharSet, b: CharSet) -> CharSet:
    (na, sa), (nb, sb) = a, b
    if na and nb:
        return (True, sa & sb)
    if na:
        return (True, sa - sb)
    if nb:
        return (True, sb - sa)
    return (False, sa | sb)


def _first(pattern: str) -> CharSet:
    """The code points a match of ``pattern`` can start with (an over-estimate)."""
    from re import _constants as c
    from re import _parser

    def seq(items: Any) -> tuple[CharSet, bool]:
        out: CharSet = (False, frozenset())
        for op, av in items:
            one, nullable = item(op, av)
            out = _union(out, one)
            if not nullable:
                return out, False
        return out, True

    def item(op: Any, av: Any) -> tuple[CharSet, bool]:
        if op is c.LITERAL:
            return (False, frozenset({chr(av)})), False
        if op is c.NOT_LITERAL:
            return (True, frozenset({chr(av)})), False
        if op is c.IN:
            return _class(av), False
        if op in (c.SUBPATTERN,):
            return seq(av[-1])
        if op is c.ATOMIC_GROUP:
            return seq(av)
        if op is c.BRANCH:
            out: CharSet = (False, frozenset())
            nullable = False
            for branch in av[1]:
                s, n = seq(branch)
                out, nullable = _union(out, s), nullable or n
            return out, nullable
        if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            low, _, body = av
            s, n = seq(body)
            return s, n or low == 0
        if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
            return (False, frozenset()), True
        return _ANY, False

    parsed = _parser.parse(pattern)
    result, _ = seq(parsed)
    if parsed.state.flags & re.IGNORECASE and not result[0]:
        result = (False, result[1] | {ch.swapcase() for ch in result[1]})
    return result


def _class(items: Any) -> CharSet:
    """The code points a character class matches (an over-estimate where too many to list)."""
    from re import _constants as c

    negated = False
    chars: set[str] = set()
    wide: list[tuple[int, int]] = []
    for op, av in items:
        if op is c.NEGATE:
            negated = True
        elif op is c.LITERAL:
            chars.add(chr(av))
        elif op is c.RANGE and av[1] - av[0] < 512:
            chars.update(map(chr, range(av[0], av[1] + 1)))
        elif op is c.RANGE and not negated:
            wide.append(av)
        else:
            return _ANY
    if wide:
        # Too many code points to list (RFC 3987's ucschar): every code point but the
        # ASCII ones the class leaves out, which is still an over-estimate.
        return (True, frozenset(ch for ch in map(chr, range(128)) if ch not in chars
                                and not any(lo <= ord(ch) <= hi for lo, hi in wide)))
    return (negated, frozenset(chars))
