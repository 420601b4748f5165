"""A lean driver for the LALR(1) tables Lark builds from the grammars.

Lark computes the parse table of each grammar (and refuses any conflict in strict mode); this
module runs that table with a contextual lexer and the same tree shaping as Lark's own parser
(anonymous tokens dropped, ``_rules`` inlined, ``[x]`` placeholders, ``!rules`` keeping their
tokens), calling a transformer's methods on the way. It exists for speed: Lark's general
parser spends most of its time on features the URL grammars do not use (line counting,
interactive parsing, generic child filters). Tests check that both drivers lift every input
to the same record.

Lark's table and rule objects are reached through ``Lark.rules``, ``Lark.terminals`` and the
LALR frontend's parse table, which only :mod:`urlgrammar.syntax.lark_shim` reaches into.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from lark import Lark
    from lark.grammar import Rule


class Tok(NamedTuple):
    """A token, with the attribute names of ``lark.Token`` that the lift uses."""

    type: str
    value: str
    start_pos: int
    end_pos: int


class ParseError(Exception):
    """The text does not match the grammar at ``pos``."""

    def __init__(self, pos: int, expected: list[str]):
        super().__init__(f"unexpected input at {pos}; expected one of {', '.join(sorted(expected))}")
        self.pos = pos
        self.expected = expected


# How a reduction builds its children from the popped values. Most rules need no filtering;
# the general case replays Lark's child filter.
_AS_IS = 0      # every child kept, in place
_APPEND = 1     # a left-recursive list: the list so far, then one more child
_GENERAL = 2

# A reduction plan: the symbol count, the callback, the shape, and for the general shape,
# for each child to keep: its index, whether to splice it (an inlined rule's children), and
# how many placeholders come first; then the placeholders at the end.
Plan = tuple[int, Callable[[list[Any]], Any] | None, int, tuple[tuple[int, bool, int], ...], int]


def _plan(rule: Rule, transformer: Any, maybe_placeholders: bool) -> Plan:
    expansion = rule.expansion
    empty = rule.options.empty_indices if maybe_placeholders else ()
    if empty:
        counts = [len(ones) for ones in "".join(str(int(b)) for b in empty).split("0")]
    else:
        counts = [0] * (len(expansion) + 1)
    keep_all = rule.options.keep_all_tokens
    include: list[tuple[int, bool, int]] = []
    nones = 0
    for i, sym in enumerate(expansion):
        nones += counts[i]
        if keep_all or not (sym.is_term and getattr(sym, "filter_out", False)):
            include.append((i, not sym.is_term and sym.name.startswith("_"), nones))
            nones = 0
    nones += counts[len(expansion)]
    name = rule.alias or rule.origin.name
    callback = None if name.startswith("_") else getattr(transformer, name)
    shape = _GENERAL
    if not nones and include == [(i, False, 0) for i in range(len(expansion))]:
        shape = _AS_IS
    elif not nones and include == [(0, True, 0), (1, False, 0)] and len(expansion) == 2:
        shape = _APPEND
    return len(expansion), callback, shape, tuple(include), nones


class Driver:
    """Parses with a Lark grammar's LALR(1) table, lifting through ``transformer``."""

    def __init__(self, lark: Lark, transformer: Any):
        from urlgrammar.syntax.lark_shim import Shift, parse_table

        table = parse_table(lark)
        self.start_states: dict[str, int] = table.start_states
        self.end_states: dict[str, int] = table.end_states
        placeholders = bool(lark.options.maybe_placeholders)
        plans = {rule: _plan(rule, transformer, placeholders) for rule in lark.rules}
        # Per state: token type -> (next state, None) for a shift, (rule's goto name, plan)
        # for a reduce.
        self.actions: dict[int, dict[str, tuple[Any, Plan | None]]] = {}
        for state, acts in table.states.items():
            # Lark names rules with Token objects, whose Python-level __eq__ would run on
            # every goto lookup; plain str keys keep the lookups in C.
            self.actions[state] = {
                str(sym): (arg, None) if action is Shift else (str(arg.origin.name), plans[arg])
                for sym, (action, arg) in acts.items()
            }
        #: Per state: rule name -> the state after reducing to it (its goto).
        self.gotos: dict[int, dict[str, int]] = {
            state: {name: arg for name, (arg, plan) in acts.items() if plan is None and not name.isupper()}
            for state, acts in self.actions.items()}
        terminals = sorted(lark.terminals,
                           key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
        compiled: dict[frozenset[str], re.Pattern[str] | None] = {}
        self.lexers: dict[int, re.Pattern[str] | None] = {}
        for state, acts in self.actions.items():
            accepts = frozenset(acts) & {t.name for t in terminals}
            if accepts not in compiled:
                alternatives = [f"(?P<{t.name}>{t.pattern.to_regexp()})"
                                for t in terminals if t.name in accepts]
                compiled[accepts] = re.compile("|".join(alternatives)) if alternatives else None
            self.lexers[state] = compiled[accepts]

    def parse(self, text: str, start: str) -> Any:
        actions = self.actions
        gotos = self.gotos
        lexers = self.lexers
        states = [self.start_states[start]]
        values: list[Any] = []
        end_state = self.end_states[start]
        pos = 0
        n = len(text)
        # tuple.__new__ skips the Python-level __new__ that NamedTuple generates.
        new = tuple.__new__
        while True:
            state = states[-1]
            if pos < n:
                lexer = lexers[state]
                m = lexer.match(text, pos) if lexer is not None else None
                if m is None:
                    raise ParseError(pos, [k for k in actions[state] if k.isupper()])
                ttype = m.lastgroup or ""
                end = m.end()
                token: Tok | None = new(Tok, (ttype, m.group(), pos, end))
            else:
                ttype = "$END"
                end = n
                token = None
            while True:
                try:
                    arg, plan = actions[state][ttype]
                except KeyError:
                    # Lark's end state has no action on $END (it accepts), so the input is
                    # done when this lookup fails there: no test on the hot path.
                    if state == end_state and ttype == "$END":
                        return values[-1]
                    raise ParseError(pos, [k for k in actions[state] if k.isupper() or k == "$END"]) from None
                if plan is None:
                    states.append(arg)
                    values.append(token)
                    pos = end
                    break
                size, callback, shape, include, trailing = plan
                # The reduced rule's value takes the place of its first child on the stacks
                # (or is pushed, for an empty rule): fewer list operations per reduction.
                if shape == _APPEND:
                    # Take the list built so far over instead of copying it: lists grow by
                    # left recursion (`__x_star: __x_star X`), and copying would be quadratic.
                    child = values.pop()
                    states.pop()
                    kept = values[-1]
                    kept.append(child)
                elif size == 1 and shape == _AS_IS:
                    kept = [values[-1]]
                else:
                    if size:
                        children = values[-size:]
                        if size > 1:
                            del values[1 - size:]
                            del states[1 - size:]
                    else:
                        children = []
                    if shape == _AS_IS:
                        kept = children
                    else:
                        kept = []
                        for i, splice, nones in include:
                            if nones:
                                kept.extend([None] * nones)
                            if not splice:
                                kept.append(children[i])
                            elif kept:
                                kept.extend(children[i])
                            else:
                                kept = children[i]  # as above: take the list over
                        if trailing:
                            kept.extend([None] * trailing)
                    if not size:
                        states.append(state)
                        values.append(None)
                state = gotos[states[-2]][arg]
                states[-1] = state
                values[-1] = kept if callback is None else callback(kept)
