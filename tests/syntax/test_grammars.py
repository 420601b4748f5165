"""The grammars: LALR with zero conflicts, total on the lenient reading, spec rule names."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import shared_cases
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import GrammarError

from urlgrammar.model.schemes import Mode
from urlgrammar.syntax.grammars import (
    COLLISIONS_UNCHECKED,
    GRAMMARS,
    build,
    grammar_dir,
    mode_for,
    scheme_of,
    tree_parser,
)
from urlgrammar.syntax.lift import lark_parser, parse_record, parser

URL_GRAMMARS = ["url", "special", "file"]


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_every_grammar_builds_as_lalr_with_zero_conflicts(name: str) -> None:
    # Lark's strict mode: any shift/reduce or reduce/reduce conflict, or any same-priority
    # terminal collision, raises instead of being resolved silently.
    parser = build(name, strict=True)
    assert parser.options.parser == "lalr"
    # A grammar whose collisions Lark does not check passed the strict parse table and is
    # returned as built without the check.
    assert parser.options.strict != (name in COLLISIONS_UNCHECKED)


def test_an_unchecked_grammar_still_refuses_conflicts(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # rfc3987's strict build runs Lark's conflict check: a conflict raises before the lexer.
    from urlgrammar.syntax import grammars

    source = (grammar_dir() / "rfc3987.lark").read_text(encoding="utf-8")
    broken = source.replace("iri_reference: iri | irelative_ref",
                            "iri_reference: iri | irelative_ref | absolute_iri")
    assert broken != source and "rfc3987" in COLLISIONS_UNCHECKED
    (tmp_path / "rfc3987.lark").write_text(broken, encoding="utf-8")
    monkeypatch.setattr(grammars, "grammar_dir", lambda: tmp_path)
    with pytest.raises(GrammarError):
        build("rfc3987", strict=True)


def test_strict_mode_does_reject_a_conflict() -> None:
    # The check above means something only if a conflicting grammar fails to build: Lark
    # resolves a shift/reduce conflict silently (as a shift) unless it is strict.
    ambiguous = 'start: start "+" start | "n"\n'
    Lark(ambiguous, parser="lalr")
    with pytest.raises(GrammarError, match="Shift/Reduce conflict"):
        Lark(ambiguous, parser="lalr", strict=True)


def test_every_grammar_file_is_listed() -> None:
    # Both ways: the strict build above covers every file, ipv4.lark and ipv6.lark too.
    files = {p.stem for p in grammar_dir().glob("*.lark")}
    assert files == set(GRAMMARS)
    assert {"url", "special", "file", "authority", "pct", "ipv4", "ipv6"} <= files


def test_every_conflict_check_in_the_tests_is_strict() -> None:
    # A non-strict build resolves shift/reduce conflicts silently, so a test named for zero
    # conflicts that builds without strict=True checks nothing.
    import ast

    from conftest import every_test_module

    lax = []
    for path in every_test_module():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_") \
                    and ("without_conflicts" in node.name or "zero_conflicts" in node.name):
                strict = [k for k in ast.walk(node) if isinstance(k, ast.keyword)
                          and k.arg == "strict" and isinstance(k.value, ast.Constant) and k.value.value]
                if not strict:
                    lax.append(f"{path.name}::{node.name}")
    assert not lax, f"these build without Lark's strict mode: {lax}"


@pytest.mark.parametrize("mode", list(Mode))
@given(text=st.text())
@settings(max_examples=300)
def test_the_lenient_reading_is_total(mode: Mode, text: str) -> None:
    parse_record(text, mode)


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("text", [
    "\x00", "\ud800", "a\udfff/b?\ud83d#\x00", "%", "%%", "%4", "%zz", "[", "]", "//[", "//[::1",
    "//@@@", "//a:b:c@d:e:f", "//:", "::", "?#?#", "\\\\", "file:", "c|", "/c:", "//c|",
    "a:b:c", "http:\\\\a\\b", "0", " ", "\x7f\x80\u0085", "\ufffe\uffff",
])
def test_awkward_inputs_parse(mode: Mode, text: str) -> None:
    parse_record(text, mode)


def test_a_megabyte_parses() -> None:
    text = "http://a/" + "b/c%zz%41?#" * 100_000
    record = parse_record(text, Mode.SPECIAL)
    assert record.fragment is not None and len(record.fragment) > 900_000


@pytest.mark.parametrize(("text", "rules"), [
    ("http://u:p@h:1/d/f?q#f", {"url", "scheme", "auth_path", "authority", "userinfo", "host",
                                "port", "path_root", "dir", "file", "query", "fragment"}),
    ("file:///c:/x", {"auth_drive", "drive"}),
    ("file:c|/x", {"auth_drive_invalid"}),
    ("file://c:/x", {"auth_drive_invalid", "authority_empty"}),
    ("sc://[::1]/", {"ip6_bracket"}),
])
def test_trees_use_the_spec_rule_names(text: str, rules: set[str]) -> None:
    tree = tree_parser(mode_for(text).grammar).parse(text, start="url")
    names = {t.data for t in tree.iter_subtrees()}
    assert rules <= names


@pytest.mark.parametrize(("text", "scheme"), [
    ("http://x", "http"), ("a+b-c.d:", "a+b-c.d"), ("1a:", None), (":x", None),
    ("a/b:c", None), ("c|/x", None), ("HTTPS:", "HTTPS"),
])
def test_the_scheme_is_what_the_grammar_says(text: str, scheme: str | None) -> None:
    assert scheme_of(text) == scheme


@pytest.mark.parametrize(("text", "mode"), [
    ("http:x", Mode.SPECIAL), ("HtTpS://x", Mode.SPECIAL), ("wss:", Mode.SPECIAL),
    ("ftp:", Mode.SPECIAL), ("FILE:x", Mode.FILE), ("sc:x", Mode.GENERIC),
    ("httpx:x", Mode.GENERIC), ("x", Mode.GENERIC),
])
def test_mode_selection(text: str, mode: Mode) -> None:
    assert mode_for(text) is mode


def test_a_schemeless_input_takes_the_fallback_mode() -> None:
    assert mode_for("//x", Mode.FILE) is Mode.FILE
    assert mode_for("sc:", Mode.FILE) is Mode.GENERIC


WPT_INPUTS = sorted({c["input"] for c in shared_cases("wpt/urltestdata.json")})


def _both(text: str, mode: Mode) -> None:
    ours = parser(mode).parse(text, "url")
    larks = lark_parser(mode).parse(text, start="url")
    assert ours == larks
    assert [c.span for c in ours] == [c.span for c in larks]


@pytest.mark.parametrize("mode", list(Mode))
@given(text=st.text(alphabet=st.sampled_from("ab:/\\?#%@[]|.2 ")))
@settings(max_examples=300)
def test_the_lean_driver_lifts_like_larks_own_parser(mode: Mode, text: str) -> None:
    _both(text, mode)


@pytest.mark.parametrize("mode", list(Mode))
def test_the_lean_driver_agrees_on_every_wpt_input(mode: Mode) -> None:
    if not WPT_INPUTS:
        pytest.skip("wpt/urltestdata.json not found (set URLGRAMMAR_SHARED)")
    for text in WPT_INPUTS:
        _both(text, mode)
