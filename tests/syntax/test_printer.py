"""Printing records: normalise for printing, then each component with its sigil (URL
Specification § Printing; https://url.spec.whatwg.org/#concept-url-serializer does the same
`/.` insertion for a path that would read as an authority)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from lark.lexer import Pattern
from strategies import records

from urlgrammar import URL, Mode, parse_reference
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.syntax.grammars import build
from urlgrammar.syntax.printer import (
    SIGILS,
    normalise_for_printing,
    print_authority,
    print_components,
    print_record,
)

C = Component
_SEGMENTS = (Kind.DIR, Kind.FILE)


def rec(text: str, mode: Mode = Mode.GENERIC) -> URLRecord:
    return parse_reference(text, mode=mode).record.unplaced()


@pytest.mark.parametrize(("components", "printed"), [
    # An empty first dir after a path-root, or with no path-root at all, would print `//`.
    ([C(Kind.SCHEME, "s"), C(Kind.ROOT, "/"), C(Kind.DIR, ""), C(Kind.FILE, "x")], "s:/.//x"),
    ([C(Kind.DIR, ""), C(Kind.FILE, "x")], ".//x"),
    # With an authority, `//` after it cannot be read as another one.
    ([C(Kind.SCHEME, "s"), C(Kind.AUTHORITY, Authority.empty()), C(Kind.ROOT, "/"),
      C(Kind.DIR, ""), C(Kind.FILE, "x")], "s:////x"),
    # A scheme-like first segment has its first `:` encoded; a later one, or one after a
    # scheme or path-root, is left as it is.
    ([C(Kind.FILE, "a:b:c")], "a%3Ab:c"),
    ([C(Kind.FILE, "1:b")], "1:b"),
    ([C(Kind.SCHEME, "s"), C(Kind.FILE, "a:b")], "s:a:b"),
    ([C(Kind.ROOT, "/"), C(Kind.FILE, "a:b")], "/a:b"),
    ([C(Kind.DIR, "a"), C(Kind.FILE, "b:c")], "a/b:c"),
])
def test_print_record_normalises_for_printing(components: list[Component], printed: str) -> None:
    assert print_record(URLRecord.of(components)) == printed


def test_every_sigil() -> None:
    record = URLRecord.of([
        C(Kind.SCHEME, "file"),
        C(Kind.AUTHORITY, Authority(C(Kind.USERNAME, "u"), C(Kind.PASSWORD, "p"),
                                    C(Kind.HOST, "h"), C(Kind.PORT, "8"))),
        C(Kind.DRIVE, "c:"), C(Kind.ROOT, "/"), C(Kind.DIR, "d"), C(Kind.FILE, "f"),
        C(Kind.QUERY, "q"), C(Kind.FRAGMENT, "g")])
    assert print_record(record) == "file://u:p@h:8/c:/d/f?q#g"


def test_print_components_does_not_normalise_for_printing() -> None:
    # The URL path serializer: a pathname `//x` (of web+demo:/.//x) has no `/.` before it.
    path = [C(Kind.ROOT, "/"), C(Kind.DIR, ""), C(Kind.FILE, "x")]
    assert print_components(path) == "//x"
    assert print_record(URLRecord.of([C(Kind.SCHEME, "s"), *path])) == "s:/.//x"
    assert URL("web+demo:/.//x").pathname == "//x"


def test_print_authority_keeps_empty_parts() -> None:
    a = Authority(C(Kind.USERNAME, "u"), C(Kind.PASSWORD, ""), C(Kind.HOST, "h"), C(Kind.PORT, ""))
    assert print_authority(a) == "u:@h:"
    assert print_authority(Authority.empty()) == ""


def test_special_backslashes_print_as_slashes() -> None:
    assert print_record(rec("http:\\\\h\\a\\b", Mode.SPECIAL)) == "http://h/a/b"


def test_normalise_for_printing_returns_the_record_itself_when_nothing_is_needed() -> None:
    record = rec("s://h/a/b?q")
    assert normalise_for_printing(record) is record


@given(records())
def test_normalise_for_printing_is_idempotent_and_prints_the_same(a: URLRecord) -> None:
    once = normalise_for_printing(a)
    once.check()
    assert normalise_for_printing(once) == once
    assert print_record(once) == print_record(a)


@given(records().filter(lambda a: not any("/" in c.value for c in a if c.kind in _SEGMENTS)))
def test_the_printed_string_reads_back_with_the_same_scheme_and_authority(a: URLRecord) -> None:
    # What normalise for printing is for: no path reads as a scheme or an authority. (A
    # drive reads back as a path in the generic mode, so the path itself may differ.) Printing
    # does not encode a `/` inside a segment, which no parsed record has: (path-root /)・
    # (file /) prints as `//`, so such records are left out.
    back = rec(print_record(a))
    assert back.scheme == a.scheme
    assert back.has(Kind.AUTHORITY) == a.has(Kind.AUTHORITY)


#: The grammar whose rule holds each sigil: the generic one, whose separators are `/` alone
#: (special.lark and file.lark widen them to `\`), except the drive's, which file.lark has.
_GRAMMAR_OF = {"drive": "file"}
#: The sigils that are part of a token given by a regular expression, with text around them
#: that it needs: the drive letter that DRIVE_S looks ahead to, a username before the `@` that
#: ends USERINFO. Every other sigil is a token of its own, a string.
_IN_PATTERN = {"drive": ("", "c:"), "userinfo": ("u", "")}


def _reads(rule: str, pattern: Pattern, sigil: str) -> bool:
    """The terminal is the string ``sigil``, or, for a sigil inside a regular expression's
    token, reads the text around it up to the sigil's end."""
    if pattern.type == "str":
        return bool(pattern.value == sigil)
    if rule not in _IN_PATTERN:
        return False
    before, after = _IN_PATTERN[rule]
    m = re.compile(pattern.to_regexp()).match(before + sigil + after)
    return m is not None and m.end() == len(before + sigil)


def sigil_mismatches(sigils: dict[str, tuple[str, str]]) -> list[str]:
    """Each sigil that is not the token its grammar rule reads at its place: the first token of
    every expansion of the rule for the sigil before the value, the last token of its longest
    expansions (the rule with every optional part, as printing writes it: the lenient reading
    may leave a closing `]` out) for the sigil after."""
    out = []
    for rule, pair in sigils.items():
        grammar = _GRAMMAR_OF.get(rule, "url")
        lark = build(grammar)
        patterns = {t.name: t.pattern for t in lark.terminals}
        expansions = [r.expansion for r in lark.rules if r.origin.name == rule]
        if not expansions:
            out.append(f"{rule} is no rule of {grammar}.lark")
            continue
        longest = max(map(len, expansions))
        for side, sigil in zip((0, -1), pair, strict=True):
            places = [e[side] for e in expansions if side == 0 or len(e) == longest]
            wrong = [s.name for s in places if not (s.is_term and _reads(rule, patterns[s.name], sigil))]
            if sigil and wrong:
                where = "first" if side == 0 else "last"
                out.append(f"{rule}: {sigil!r} is not its {where} token ({', '.join(wrong)})")
    return out


def test_each_printed_sigil_is_the_grammars_token_for_its_place() -> None:
    assert sigil_mismatches(SIGILS) == []


_WRONG = [("query", ("#", "")), ("fragment", ("", "#")), ("scheme", ("", "//")), ("dir", ("", "\\")),
          ("dir", ("/", "")), ("port", ("@", "")), ("userinfo", ("", ":")), ("drive", ("|", "")),
          ("ip6_bracket", ("[", ")")), ("opaque_host", ("", ""))]


@pytest.mark.parametrize(("rule", "wrong"), _WRONG, ids=[f"{r} {w!r}" for r, w in _WRONG])
def test_a_sigil_that_is_not_the_grammars_is_found(rule: str, wrong: tuple[str, str]) -> None:
    assert sigil_mismatches(SIGILS | {rule: wrong}) != []


def test_a_record_with_every_sigil_prints_them_from_the_table() -> None:
    a = Authority(C(Kind.USERNAME, "u"), C(Kind.PASSWORD, "p"), C(Kind.HOST, "h"), C(Kind.PORT, "8"))
    record = URLRecord.of([C(Kind.SCHEME, "file"), C(Kind.AUTHORITY, a), C(Kind.DRIVE, "c:"),
                           C(Kind.ROOT, "/"), C(Kind.DIR, "d"), C(Kind.FILE, "f"),
                           C(Kind.QUERY, "q"), C(Kind.FRAGMENT, "g")])
    s = {rule: before + after for rule, (before, after) in SIGILS.items()}
    assert print_record(record) == (f"file{s['scheme']}{s['auth_path']}u{s['password']}p{s['userinfo']}"
                                    f"h{s['port']}8{s['drive']}c:{s['path_root']}d{s['dir']}f"
                                    f"{s['query']}q{s['fragment']}g")
