"""The code point classes (model/code_points.py) and URL Specification § Component Characters
(model/component_characters.py) against the standards, the oracle, the grammars and the
percent-encode sets that read them."""

from __future__ import annotations

import re

import pytest

from urlgrammar.algorithm import record as algorithm
from urlgrammar.algorithm.record import is_noncharacter, is_url_code_point
from urlgrammar.encoding.percent import (
    C0_CONTROL_SET,
    FRAGMENT_SET,
    PATH_SET,
    QUERY_SET,
    SPECIAL_QUERY_SET,
    USERINFO_SET,
    PercentEncodeSet,
)
from urlgrammar.model.code_points import (
    ASCII_TAB_OR_NEWLINE,
    C0_CONTROL_OR_SPACE,
    C0_CONTROLS,
    FORBIDDEN_DOMAIN_CODE_POINTS,
    FORBIDDEN_HOST_CODE_POINTS,
    SURROGATE,
    SURROGATE_OR_NONCHARACTER,
    URL_CODE_POINTS_ASCII,
    neither,
    none_of,
    one_of,
)
from urlgrammar.model.component_characters import COLUMNS, TABLE, having, status
from urlgrammar.syntax.grammars import terminal_pattern

#: Every code point, once, in order: a pattern's matches in it are the code points it finds.
EVERY = "".join(map(chr, range(0x110000)))
ASCII = "".join(map(chr, range(0x80)))


def found(pattern: str, text: str = EVERY) -> set[int]:
    return {m.start() for m in re.finditer(pattern, text)}


# ---- Code points ----------------------------------------------------------------------------

def test_infra_classes() -> None:
    # https://infra.spec.whatwg.org/#c0-control and #c0-control-or-space
    assert set(C0_CONTROLS) == {chr(c) for c in range(0x20)}
    assert set(C0_CONTROL_OR_SPACE) == set(C0_CONTROLS) | {" "}
    assert set(C0_CONTROL_OR_SPACE) == set(algorithm.C0_CONTROL_OR_SPACE)
    assert set(ASCII_TAB_OR_NEWLINE) == algorithm.ASCII_TAB_OR_NEWLINE == {"\t", "\n", "\r"}


def test_url_code_points_are_the_standards() -> None:
    # https://url.spec.whatwg.org/#url-code-points, its ASCII members as the standard lists them.
    alphanumeric = {c for c in ASCII if c.isalnum()}
    assert set(URL_CODE_POINTS_ASCII) == alphanumeric | set("!$&'()*+,-./:;=?@_~")
    assert len(URL_CODE_POINTS_ASCII) == len(set(URL_CODE_POINTS_ASCII))


def test_url_code_points_are_the_oracles_on_every_code_point() -> None:
    # The oracle (algorithm/record.py) writes the definition out on its own: they must agree.
    assert found(neither(URL_CODE_POINTS_ASCII)) == \
        {cp for cp in range(0x110000) if not is_url_code_point(chr(cp))}


def test_surrogates_and_noncharacters() -> None:
    assert found(SURROGATE_OR_NONCHARACTER) == \
        {cp for cp in range(0x110000) if 0xD800 <= cp <= 0xDFFF or is_noncharacter(chr(cp))}
    assert found(SURROGATE.pattern) == set(range(0xD800, 0xE000))


def test_forbidden_host_code_points_are_the_standards() -> None:
    # https://url.spec.whatwg.org/#forbidden-host-code-point
    listed = {0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C,
              0x5D, 0x5E, 0x7C}
    assert set(map(ord, FORBIDDEN_HOST_CODE_POINTS)) == listed
    assert found(one_of(FORBIDDEN_HOST_CODE_POINTS)) == listed


def test_forbidden_domain_code_points_derive_from_the_host_ones() -> None:
    # https://url.spec.whatwg.org/#forbidden-domain-code-point: a forbidden host code point, a
    # C0 control, U+0025 (%) or U+007F DELETE.
    expected = set(FORBIDDEN_HOST_CODE_POINTS) | {chr(c) for c in range(0x20)} | {"%", "\x7f"}
    assert set(FORBIDDEN_DOMAIN_CODE_POINTS) == expected
    assert found(one_of(FORBIDDEN_DOMAIN_CODE_POINTS)) == set(map(ord, expected))


def test_none_of() -> None:
    assert found(none_of("a-]\\"), "ab-]\\c") == {1, 5}


# ---- Component Characters -------------------------------------------------------------------

def test_the_table_has_each_ascii_code_point_once_and_a_status_per_column() -> None:
    chars = [c for _, cs, _ in TABLE for c in cs]
    assert len(chars) == len(set(chars))
    # Every ASCII code point but `%` (the pct rules) and tab and newline (preprocessing).
    assert set(chars) == set(ASCII) - {"%", "\t", "\n", "\r"}
    assert all(len(statuses) == len(COLUMNS) and set(statuses) <= set("vETFR-")
               for _, _, statuses in TABLE)


@pytest.mark.parametrize(("char", "statuses"), [
    ("a", "vvvvvvv"), ("'", "vvvvvEv"), ("=", "EEvvvvv"), (":", "-F-vvvv"), ("\x00", "FFRFFFF"),
    ("\x01", "FFFFFFF"), ("\x7f", "FFFFFFF"), (" ", "FFRFTFF"), ("`", "FFTFTTF"), ("|", "FFRTTTT"),
    ("é", "EEEEEEE"), ("\U0010fffd", "EEEEEEE"), ("\x85", "FFFFFFF"), ("\ud800", "FFFFFFF"),
    ("\ufdd0", "FFFFFFF"), ("\U0001fffe", "FFFFFFF"),
], ids=lambda v: ascii(v) if isinstance(v, str) and len(v) == 1 else v)
def test_status(char: str, statuses: str) -> None:
    # URL Specification § Component Characters, and its other-unicode and other control rows.
    assert "".join(status(char, column) for column in COLUMNS) == statuses


#: The grammar terminal that reads each column's value (username and password inside the
#: USERINFO that ends at `/`, `?` or `#`), and what ends it that the table does not call a
#: delimiter: `[`, which starts an IPv6 address and is R in the opaque-host.
_TERMINALS = {
    "username": (("url", "USERINFO"), ("url", "UCHARS")), "password": (("url", "USERINFO"),),
    "opaque-host": (("url", "HCHARS"),), "dir": (("url", "PCHARS"),),
    "query": (("url", "QCHARS"),), "fragment": (("url", "FCHARS"),),
}


@pytest.mark.parametrize("column", list(_TERMINALS))
def test_the_delimiters_are_what_ends_the_grammars_terminal(column: str) -> None:
    # The grammars are the source of truth for syntax; the table's n/a cells of a delimiter
    # must be the code points that end the terminal of the column's value.
    ends = set()
    for grammar, terminal in _TERMINALS[column]:
        pattern = re.compile(terminal_pattern(grammar, terminal))
        ends |= {c for c in ASCII if not pattern.fullmatch(c + "@" if terminal == "USERINFO" else c)}
    assert ends - {"[" if column == "opaque-host" else ""} == having(column, "-")


def test_forbidden_host_code_points_are_the_opaque_hosts_rejected_and_delimiters() -> None:
    # The table's R and n/a cells of the opaque-host, and tab and newline (n/a: preprocessing).
    assert set(FORBIDDEN_HOST_CODE_POINTS) == having("opaque-host", "R-") | set("\t\n\r")


# ---- The percent-encode sets read the table ---------------------------------------------------

SETS: list[tuple[PercentEncodeSet, str]] = [
    (FRAGMENT_SET, "fragment"), (QUERY_SET, "query"), (SPECIAL_QUERY_SET, "query"),
    (PATH_SET, "dir"), (USERINFO_SET, "username"), (USERINFO_SET, "password"),
    (C0_CONTROL_SET, "opaque-path"), (C0_CONTROL_SET, "opaque-host"),
]


@pytest.mark.parametrize(("encode_set", "column"), SETS, ids=[f"{s.name} against {c}" for s, c in SETS])
def test_a_set_encodes_what_its_column_fixes_and_nothing_it_keeps(encode_set: PercentEncodeSet,
                                                                  column: str) -> None:
    # F: invalid and fixed by percent-encoding; v and T: the parser keeps the code point.
    assert having(column, "F") <= set(encode_set.ascii) | {"\x7f"}
    assert not having(column, "vT") & encode_set.ascii


def test_where_the_sets_and_the_table_differ_on_purpose() -> None:
    # The table's E of `'` in the query is special URLs' only (its note).
    assert having("query", "E") == {"'"} and "'" not in QUERY_SET and "'" in SPECIAL_QUERY_SET
    # A setter's value runs on past a delimiter, so the sets hold the delimiters (n/a in the
    # table), but the path's `/`, which separates segments; the fragment has none.
    assert having("query", "-") == {"#"} and "#" in QUERY_SET
    assert having("dir", "-") == {"/", "?", "#"} and {"?", "#"} <= PATH_SET.ascii
    assert "/" not in PATH_SET
    assert having("username", "-") <= USERINFO_SET.ascii and having("password", "-") <= USERINFO_SET.ascii
    assert having("fragment", "-") == set()
    # Tab and newline, which the table leaves to preprocessing, are C0 controls: in every set.
    for encode_set, _ in SETS:
        assert set("\t\n\r") <= encode_set.ascii
    # The opaque host's R cells are forbidden host code points: the host parser fails on them
    # before it encodes, with the C0 control set.
    assert having("opaque-host", "R") - {"\x00"} == set(" <>@[\\]^|")
    assert not (having("opaque-host", "R") - {"\x00"}) & C0_CONTROL_SET.ascii
