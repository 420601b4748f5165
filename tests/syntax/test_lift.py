"""The lift keeps what the grammar knew: which separator each sigil was, which rule made a
drive, whether a host was bracketed (Component.mark), and nothing else changes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Token, Tree

from urlgrammar import Mode
from urlgrammar.model.record import Component, Kind
from urlgrammar.syntax.grammars import tree_parser
from urlgrammar.syntax.lift import parse_record, separators
from urlgrammar.syntax.printer import print_authority


def _marks(text: str, mode: Mode) -> list[tuple[str, str | None]]:
    out = []
    for c in parse_record(text, mode):
        out.append((c.kind.label, c.mark))
        if c.kind == Kind.AUTHORITY:
            out.append(("host", c.value.host.mark))
    return out


@pytest.mark.parametrize(("text", "mode", "marks"), [
    ("http://h/a/b", Mode.SPECIAL, [("scheme", None), ("authority", None), ("host", None),
                                    ("path-root", None), ("dir", None), ("file", None)]),
    ("http:\\\\h\\a\\b", Mode.SPECIAL, [("scheme", None), ("authority", "\\\\"), ("host", None),
                                        ("path-root", "\\"), ("dir", "\\"), ("file", None)]),
    ("http:/\\h", Mode.SPECIAL, [("scheme", None), ("authority", "/\\"), ("host", None)]),
    ("http://[::1]/", Mode.SPECIAL, [("scheme", None), ("authority", None), ("host", "["),
                                     ("path-root", None)]),
    ("sc://a[::1]", Mode.GENERIC, [("scheme", None), ("authority", None), ("host", None)]),
    ("file:///c:/x", Mode.FILE, [("scheme", None), ("authority", None), ("host", None),
                                 ("drive", None), ("path-root", None), ("file", None)]),
    ("file://\\c|\\x", Mode.FILE, [("scheme", None), ("authority", None), ("host", None),
                                   ("drive", "\\"), ("path-root", "\\"), ("file", None)]),
    ("file:c:/x", Mode.FILE, [("scheme", None), ("drive", ""), ("path-root", None), ("file", None)]),
    ("file:\\\\c:/x", Mode.FILE, [("scheme", None), ("authority", "\\\\"), ("host", None),
                                  ("drive", ""), ("path-root", None), ("file", None)]),
    ("a\\b/c", Mode.GENERIC, [("dir", None), ("file", None)]),
])
def test_marks(text: str, mode: Mode, marks: list[tuple[str, str | None]]) -> None:
    assert _marks(text, mode) == marks


@given(st.text(alphabet=st.sampled_from("/\\c:|[]@h?#x"), max_size=12),
       st.sampled_from([Mode.GENERIC, Mode.SPECIAL, Mode.FILE]))
@settings(max_examples=500)
def test_separators_are_the_text_s_separators(tail: str, mode: Mode) -> None:
    # The marks say what the text says at each separator's position.
    text = {Mode.GENERIC: "sc:", Mode.SPECIAL: "http:", Mode.FILE: "file:"}[mode] + tail
    record = parse_record(text, mode)
    for at, char in separators(record):
        assert text[at] == char
    drive = record.component(Kind.DRIVE)
    if drive is not None and drive.mark != "":
        assert text[(drive.start or 0) - 1] == (drive.mark or "/")
    authority = record.component(Kind.AUTHORITY)
    if authority is not None:
        assert (authority.value.host.mark == "[") == str(authority.value.host.value).startswith("[")


@given(st.text(alphabet=st.sampled_from("/\\:@[]h1?#"), max_size=12),
       st.sampled_from([Mode.GENERIC, Mode.SPECIAL, Mode.FILE]))
@settings(max_examples=500)
def test_a_host_starts_with_a_bracket_exactly_where_its_tree_starts_with_an_ip6_bracket(
        tail: str, mode: Mode) -> None:
    # The host's recipe marks a host by its first code point (recipes.RECIPES["host"]); what
    # the mark means is that the grammar read an ip6_bracket first.
    text = {Mode.GENERIC: "sc://", Mode.SPECIAL: "http://", Mode.FILE: "file://"}[mode] + tail
    tree = tree_parser(mode.grammar).parse(text, start="url")
    for host in tree.find_data("host"):
        first = host.children[0] if host.children else None
        by_tree = isinstance(first, Tree) and first.data == "ip6_bracket"
        written = "".join(str(t) for t in host.scan_values(lambda v: isinstance(v, Token)))
        assert by_tree == written.startswith("["), (text, host)


def test_marks_do_not_change_values() -> None:
    plain = parse_record("http://h/a/b", Mode.SPECIAL).unplaced()
    slanted = parse_record("http:\\\\h\\a\\b", Mode.SPECIAL)
    assert slanted.unplaced() == plain
    assert all(c.mark is None for c in slanted.unplaced())
    assert Component(Kind.DIR, "a") == Component(Kind.DIR, "a", None, None, None)


@given(st.text(alphabet=st.sampled_from("/\\:@[]hu1?#"), max_size=12),
       st.sampled_from([Mode.GENERIC, Mode.SPECIAL, Mode.FILE]))
@settings(max_examples=500)
def test_an_authority_as_written_is_its_span(tail: str, mode: Mode) -> None:
    text = {Mode.GENERIC: "sc://", Mode.SPECIAL: "http://", Mode.FILE: "file://"}[mode] + tail
    authority = parse_record(text, mode).component(Kind.AUTHORITY)
    assert authority is not None
    assert print_authority(authority.value) == text[authority.start:authority.end]
