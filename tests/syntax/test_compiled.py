"""The compiled patterns read every text as the grammars' LALR parsers do.

Three ways to read a URL: Lark's own LALR parser, the lean driver over Lark's table, and the
pattern the grammar compiler (:mod:`urlgrammar.grammar_tools.compiler`) makes of the grammar
(with the lean driver as its fallback). Each lifts through the same
:class:`~urlgrammar.syntax.lift.Lift`; the records must be equal, spans and marks included, in
every mode and for every start rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from urlgrammar.grammar_tools.compiler import generate, order, regular
from urlgrammar.grammar_tools.compiler.ebnf import Unsupported
from urlgrammar.model.schemes import Mode
from urlgrammar.syntax import grammars, lift
from urlgrammar.syntax.grammars import Matcher, grammar_digest, grammar_dir, lark_parser, lean_parser
from urlgrammar.syntax.lalr import Driver, ParseError
from urlgrammar.syntax.lift import Lift


def starts(mode: Mode) -> tuple[str, ...]:
    """The start rules of ``mode``'s grammar, all compiled (file.lark has none for the setters)."""
    assert mode.grammar in grammars.COMPILED
    return grammars.GRAMMARS[mode.grammar]

# Every code point the URL grammars treat specially, with letters, digits and others.
_ALPHABET = "/\\?#:@[]%.|aAcZ019fx -é\t\u0000\U0001f600"
_PIECES = ["http:", "file:", "HTTPS:", "c:", "C|", "//", "\\\\", "/", "\\", "@", ":", "[", "]",
           "[::1]", "%2e", "%2E%2e", "..", ".", "?", "#", "a", "user:pw@", ":80", "x:y@z"]

texts = st.one_of(
    st.text(alphabet=_ALPHABET, max_size=24),
    st.lists(st.sampled_from(_PIECES + list(_ALPHABET)), max_size=14).map("".join),
)


def _three_ways(mode: Mode, text: str, start: str) -> None:
    name = mode.grammar
    compiled: Matcher = grammars.Matcher(name, Lift)  # a fresh one, so it counts its own fallbacks
    lean = lean_parser(name, Lift)
    lark = lark_parser(name, Lift)
    try:
        expected = lean.parse(text, start)
    except ParseError:
        # Only the url start rule is total; the others read parts of a URL (a userinfo, or a
        # path segment forced into an authority). All three ways must refuse the rest.
        assert start != "url"
        with pytest.raises(UnexpectedInput):
            lark.parse(text, start=start)
        with pytest.raises(ParseError):
            compiled.parse(text, start)
        return
    by_pattern = compiled.parse(text, start)
    assert compiled.fallbacks == 0, f"the pattern did not take {text!r} ({start})"
    assert by_pattern == expected, f"pattern and driver differ on {text!r} ({start})"
    assert by_pattern == lark.parse(text, start=start), f"pattern and Lark differ on {text!r} ({start})"


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(Mode), ids=lambda m: m.grammar)
@settings(max_examples=10_000)
@given(text=texts, data=st.data())
def test_three_ways_agree(mode: Mode, text: str, data: st.DataObject) -> None:
    _three_ways(mode, text, data.draw(st.sampled_from(starts(mode))))


@pytest.mark.parametrize("text", ["http://[::1]/", "http://[::1]]x/", "http://a]b/", "file://c:@x/",
                                  "file://c:/x", "file:c|", "//u@h@k:1/p", "a:b", "", "?#", "%zz"])
@pytest.mark.parametrize("mode", list(Mode), ids=lambda m: m.grammar)
def test_three_ways_agree_on_cases(mode: Mode, text: str) -> None:
    for start in starts(mode):
        _three_ways(mode, text, start)


@pytest.mark.parametrize("text", ["file:///C|/a/\\/b", "file://h/a//b?q", "file:C|\\a\\", "C|/a/",
                                  "//h\\c:/a/"])
def test_a_file_auth_path_is_made_inline(text: str) -> None:
    """The file grammar's auth-path starts with an auth-drive, a rule's value and never a `//`:
    the builder makes its components straight into the URL's (it called the transformer's
    method, which went over every component again), and they are Lark's."""
    calls: list[str] = []

    class Counted(Lift):
        def auth_path(self, children: list[object]) -> object:
            calls.append(text)
            return super().auth_path(children)

    compiled = grammars.Matcher("file", Counted)
    assert compiled.parse(text, "url") == lark_parser("file", Lift).parse(text, start="url")
    assert compiled.fallbacks == 0 and calls == []


def test_the_compiled_module_is_current() -> None:
    """``urlgrammar/syntax/compiled.py`` is what the compiler makes of the grammar files now;
    if not, run ``python -m urlgrammar.grammar_tools.compiler``."""
    from urlgrammar.syntax import compiled

    assert grammar_digest(grammar_dir()) == compiled.DIGEST
    path = grammar_dir().parent / "urlgrammar" / "syntax" / "compiled.py"
    if path.is_file():  # a checkout; an installed package has no such sibling
        assert path.read_text(encoding="utf-8") == generate.module_source()


def _drop_cached_parsers() -> None:
    for cached in (grammars.compiled, grammars.lean_parser, grammars.lark_parser, grammars.matcher):
        cached.cache_clear()
    lift._PARSERS.clear()


@pytest.fixture
def start_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """For a test that edits the lists of start rules: parsers built before or during it are
    dropped, so that none outlives the edit."""
    _drop_cached_parsers()
    yield monkeypatch
    _drop_cached_parsers()


def test_a_start_rule_added_to_grammars_alone_is_parsed(start_rules: pytest.MonkeyPatch) -> None:
    """A start rule listed in GRAMMARS and not yet compiled is read by the lean driver (it
    raised KeyError 'url_query': the compiled module, current by its digest, had no pattern)."""
    start_rules.setitem(grammars.GRAMMARS, "url", (*grammars.GRAMMARS["url"], "query"))
    record = lift.parser(Mode.GENERIC).parse("?a=b", "query")
    assert record == lark_parser("url", Lift).parse("?a=b", start="query")
    assert record.kind.name == "QUERY" and (record.value, record.start, record.end) == ("a=b", 1, 4)


def test_a_start_rule_with_no_pattern_falls_back_to_the_driver(start_rules: pytest.MonkeyPatch) -> None:
    from urlgrammar.syntax import compiled

    assert grammars.compiled() is compiled
    start_rules.delitem(compiled.PATTERNS, "url_path")
    matcher = Matcher("url", Lift)
    for text in ("/a/b", "a/b", "", "a"):
        assert matcher.parse(text, "path") == lean_parser("url", Lift).parse(text, "path")
    assert matcher.fallbacks == 4
    assert matcher.parse("/a?b#c", "url") == lean_parser("url", Lift).parse("/a?b#c", "url")
    assert matcher.fallbacks == 4


@pytest.mark.parametrize("edit", ["a start rule added", "a grammar no longer compiled"])
def test_editing_the_start_rules_makes_the_compiled_module_stale(edit: str,
                                                                 start_rules: pytest.MonkeyPatch) -> None:
    """The digest covers the lists of start rules and of compiled grammars, so the package
    reads with the lean driver until the compiler runs again, and the freshness test fails."""
    from urlgrammar.syntax import compiled

    assert grammar_digest(grammar_dir()) == compiled.DIGEST
    if edit == "a start rule added":
        start_rules.setitem(grammars.GRAMMARS, "url", (*grammars.GRAMMARS["url"], "query"))
    else:
        start_rules.setattr(grammars, "COMPILED", tuple(g for g in grammars.COMPILED if g != "pct"))
    assert grammar_digest(grammar_dir()) != compiled.DIGEST
    assert grammars.compiled() is None
    assert isinstance(grammars.matcher("url", Lift), Driver)


def test_a_grammar_that_is_not_compiled_is_read_by_the_driver() -> None:
    assert "authority" not in grammars.COMPILED
    assert isinstance(grammars.matcher("authority", Lift), Driver)


def test_an_out_of_order_grammar_is_refused() -> None:
    """The compiler refuses a grammar whose order disagrees with the lexer's."""
    from lark import Lark

    # The lexer tries the longer ``AB`` before ``A``; the grammar tries ``A`` first.
    bad = Lark('start: (x | y) "c"?\nx: A\ny: AB\nA: "a"\nAB: "ab"', parser="lalr")
    with pytest.raises(Unsupported, match="tries A before AB"):
        regular.compile_start(bad, "start", "bad")
    good = Lark('start: (y | x) "c"?\nx: A\ny: AB\nA: "a"\nAB: "ab"', parser="lalr")
    assert regular.compile_start(good, "start", "good").patterns


def test_repetitions_keep_no_iterations_for_backtracking() -> None:
    """A repeated item is possessive in the pattern: Python's matcher keeps state for every
    iteration of a greedy repetition, and where groups before it are set that made a long
    path quadratic. Tests may not time it, so this one checks the form (the three-way tests
    check that the patterns still take every text they took)."""
    from lark import Lark

    lark = Lark('start: A? (x | y)* z?\nx: "a" "/"\ny: B\nz: "a"\nA: "s:"\nB: "b"', parser="lalr")
    program = regular.compile_start(lark, "start", "rep")
    assert ")*+)" in program.patterns[0]
    assert re.compile(program.patterns[0]).fullmatch("s:" + "a/" * 1000 + "ba")


@pytest.mark.parametrize(("a", "b", "expected"), [
    (r"[^/?#]+", r"/", False), (r"//", r"/", True), (r"[A-Za-z][:|](?=[/\\?#]|\Z)", r"[^/\\?#]*@", False),
    (r"[A-Za-z][A-Za-z0-9+\-.]*(?=:)", r"[^/?#]+", True), (r"\]", r"[^/?#:\[]+", True),
])
def test_overlap(a: str, b: str, expected: bool) -> None:
    assert order.overlap(a, b) is expected
    assert re.compile(a) and re.compile(b)


def _pct_three_ways(text: str) -> None:
    from urlgrammar.encoding.decode import _Terminals

    compiled = grammars.Matcher("pct", _Terminals)
    by_pattern = compiled.parse(text, "pct_encoded_string")
    assert compiled.fallbacks == 0, f"the pattern did not take {text!r}"
    assert by_pattern == lean_parser("pct", _Terminals).parse(text, "pct_encoded_string")
    larks = lark_parser("pct", _Terminals).parse(text, start="pct_encoded_string")
    assert [(t.type, t.value, t.start_pos, t.end_pos) for t in by_pattern] == \
        [(t.type, t.value, t.start_pos, t.end_pos) for t in larks]


@pytest.mark.slow
@settings(max_examples=10_000)
@given(text=st.text(alphabet="%0aAfFgG9z é", max_size=30))
def test_percent_encoded_strings_three_ways(text: str) -> None:
    _pct_three_ways(text)


@pytest.mark.parametrize("text", ["", "%", "%%", "%4", "%41%42x", "a%zz%2e%2E", "%%41", "é%C3%A9"])
def test_percent_encoded_strings_three_ways_on_cases(text: str) -> None:
    _pct_three_ways(text)
