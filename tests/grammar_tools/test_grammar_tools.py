"""urlgrammar grammar check and urlgrammar grammar diagram."""

from __future__ import annotations

import io
import ipaddress
import random
import re
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT

from urlgrammar.cli import build_parser
from urlgrammar.grammar_tools.check import (
    NO_COLLISION_CHECK,
    GrammarSet,
    check_compiled,
    run_check,
    sample,
    valid_ipv4,
    valid_ipv6,
)
from urlgrammar.syntax.grammars import GRAMMARS, grammar_dir


def _cli(*argv: str) -> int:
    args = build_parser("grammar").parse_args(argv)
    return int(args.run(args))


def _grammars(tmp_path: Path, files: dict[str, str], starts: dict[str, tuple[str, ...]]) -> GrammarSet:
    for name, text in files.items():
        (tmp_path / f"{name}.lark").write_text(text, encoding="utf-8")
    return GrammarSet(tmp_path, starts)


def test_check_holds_for_the_real_grammars(capsys: pytest.CaptureFixture[str]) -> None:
    code = _cli("grammar", "check")
    out = capsys.readouterr().out
    assert code == 0, out
    assert "FAIL" not in out
    assert "0 conflicts" in out
    assert "ip4_address_strict ⊆ ip4_address" in out and "ip6_address_strict ⊆ ip6_address" in out
    assert "0 terminal collisions" in out and "skip  terminal collisions" not in out


def test_every_line_is_a_check_that_can_fail(capsys: pytest.CaptureFixture[str]) -> None:
    # The URL grammars' "strict ⊆ lenient" line checked nothing: their strict reading is a
    # predicate on the lenient parse, which the totality check covers. Every line left has a
    # test below that makes it FAIL.
    _cli("grammar", "check")
    checks = [line.split()[1].rstrip(":") for line in capsys.readouterr().out.splitlines()
              if line.startswith(("ok ", "FAIL "))]
    assert checks == ["lalr", "unused", "compiled", "total", "ipv4", "ipv6"]


def test_the_compiled_check_fails_on_an_order_the_lexer_does_not_keep(tmp_path: Path) -> None:
    # A grammar named as a compiled one whose alternatives put the shorter token first.
    grammars = _grammars(tmp_path, {"pct": 'pct_encoded_string: (a | b)*\na: A\nb: AB\nA: "a"\nAB: "ab"\n'},
                         {"pct": ("pct_encoded_string",)})
    result = check_compiled(grammars)
    assert not result.ok and "tries A before AB" in result.details[0]


def test_the_compiled_check_fails_when_the_start_rules_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled module's digest covers the start rules: one added to GRAMMARS alone
    leaves compiled.py stale (it stayed current, and parsing with the new rule raised
    KeyError), and the check says how to write it again."""
    monkeypatch.setitem(GRAMMARS, "url", (*GRAMMARS["url"], "query"))
    result = check_compiled(GrammarSet())
    assert not result.ok and result.summary.endswith("compiled.py is not current"), result.summary
    assert result.details == ("run: python -m urlgrammar.grammar_tools.compiler",)


def _without_interegular(monkeypatch: pytest.MonkeyPatch) -> None:
    """As after a plain `pip install urlgrammar`: Lark finds no interegular."""
    monkeypatch.setattr("lark.lexer.has_interegular", False)


def test_without_interegular_the_other_checks_run(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_interegular(monkeypatch)
    out = io.StringIO()
    assert run_check(out, inputs=["http://h/"]) == 0, out.getvalue()
    lines = out.getvalue().splitlines()
    assert lines[0] == NO_COLLISION_CHECK
    assert "urlgrammar[grammar]" in NO_COLLISION_CHECK and "interegular" in NO_COLLISION_CHECK
    assert "FAIL" not in out.getvalue()
    assert any(line.startswith("ok    lalr: 9 grammars") and line.endswith("0 conflicts, terminal "
               "collisions not checked") for line in lines)


def test_without_interegular_a_conflict_still_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _without_interegular(monkeypatch)
    grammars = _grammars(tmp_path, {"demo": 'start: start "+" start | "n"\n'}, {"demo": ("start",)})
    out = io.StringIO()
    assert run_check(out, grammars, inputs=[]) == 1
    assert "demo.lark: GrammarError: Shift/Reduce conflict" in out.getvalue()


def test_the_grammar_extra_installs_interegular() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    for extra in ("grammar", "test"):  # the tests check collisions too
        assert any(d.startswith("interegular") for d in extras[extra]), extra


def test_a_conflict_fails_the_check(tmp_path: Path) -> None:
    grammars = _grammars(tmp_path, {"demo": 'start: start "+" start | "n"\n'}, {"demo": ("start",)})
    out = io.StringIO()
    assert run_check(out, grammars, inputs=[]) == 1
    report = out.getvalue()
    assert re.search(r"^FAIL  lalr", report, re.M)
    assert "demo.lark: GrammarError: Shift/Reduce conflict" in report


def test_a_terminal_collision_fails_the_check(tmp_path: Path) -> None:
    grammars = _grammars(tmp_path, {"demo": "start: A | B\nA: /a+/\nB: /a/\n"}, {"demo": ("start",)})
    out = io.StringIO()
    assert run_check(out, grammars, inputs=[]) == 1
    assert "demo.lark: LexError" in out.getvalue()


LIB = """\
shared: "x" HELPER
extra: EXTRA
orphan: "o"
HELPER: "h"
EXTRA: "e"
ORPHAN: /o+/
"""

TOP = """\
%import .lib (shared, extra, HELPER)
%override HELPER: "H"
start: shared extra
"""


def test_unused_rules_are_reported_per_file(tmp_path: Path) -> None:
    # `extra` and EXTRA are used only by top.lark, which imports them, and lib's HELPER only by
    # lib itself (top overrides it): none of those is unused; `orphan` and ORPHAN are.
    grammars = _grammars(tmp_path, {"lib": LIB, "top": TOP}, {"lib": ("shared",), "top": ("start",)})
    out = io.StringIO()
    assert run_check(out, grammars, inputs=[]) == 1
    report = out.getvalue()
    assert "ok    lalr" in report
    unused = re.findall(r"(\w+\.lark:\d+): (rule|terminal) (\w+)", report)
    assert unused == [("lib.lark:3", "rule", "orphan"), ("lib.lark:6", "terminal", "ORPHAN")]


def test_a_clean_grammar_passes_and_missing_wpt_data_is_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("URLGRAMMAR_SHARED", str(tmp_path / "nowhere"))
    lib = 'shared: "x" HELPER\nextra: EXTRA\nHELPER: "h"\nEXTRA: "e"\n'
    grammars = _grammars(tmp_path, {"lib": lib, "top": TOP}, {"lib": ("shared",), "top": ("start",)})
    out = io.StringIO()
    assert run_check(out, grammars) == 0, out.getvalue()
    assert out.getvalue().startswith("skip  urltestdata.json: ")


def test_a_grammar_that_is_not_total_fails_the_check(tmp_path: Path) -> None:
    grammars = _grammars(tmp_path, {"url": 'url: "a"*\n'}, {"url": ("url",)})
    out = io.StringIO()
    assert run_check(out, grammars, inputs=["aaa"]) == 1
    report = out.getvalue()
    assert re.search(r"^FAIL  total: .* url \d+/3,001 ", report, re.M), report
    assert "url: first failure " in report


def test_a_strict_rule_wider_than_its_loose_one_fails_the_check(tmp_path: Path) -> None:
    ipv4 = 'ip4_address: "x"\nip4_address_strict: STRICT\nSTRICT: /[0-9.]+/\n'
    grammars = _grammars(tmp_path, {"ipv4": ipv4}, {"ipv4": ("ip4_address", "ip4_address_strict")})
    out = io.StringIO()
    assert run_check(out, grammars, inputs=[]) == 1
    report = out.getvalue()
    assert re.search(r"^FAIL  ipv4: ip4_address_strict ⊆ ip4_address: .*, 0 of them by ip4_address$",
                     report, re.M), report
    assert "rejected by ip4_address: '" in report


def test_an_unlisted_grammar_file_fails_the_check(tmp_path: Path) -> None:
    grammars = _grammars(tmp_path, {"demo": 'start: "n"\n', "stray": 'start: "s"\n'}, {"demo": ("start",)})
    out = io.StringIO()
    assert run_check(out, grammars, inputs=[]) == 1
    assert "stray.lark: not listed in GRAMMARS" in out.getvalue()


def test_the_samples_are_fixed_and_rich() -> None:
    texts = sample()
    assert texts == sample() and len(texts) >= 3000
    joined = "".join(texts)
    assert all(c in joined for c in "\x00\ud800\\%[]@:|é")


def test_the_generated_addresses_are_valid() -> None:
    rng = random.Random(1)
    for _ in range(500):
        ipaddress.IPv4Address(valid_ipv4(rng))
        text = valid_ipv6(rng)
        ipaddress.IPv6Address(text)
        # The shortest form of each piece: no leading zero (RFC 5952).
        assert not re.search(r"(^|:)0[0-9a-fA-F]", text.rsplit(":", 1)[0] if "." in text else text)


def _definitions(path: Path) -> set[str]:
    """Every rule and terminal a file defines, read with a regular expression of our own."""
    found = re.findall(r"^(?:%override\s+)?[!?]*(_?[a-zA-Z]\w*)(?:\.\d+)?\s*:", path.read_text(), re.M)
    return {f"{path.stem}.{name}" for name in found}


def test_the_diagram_page_draws_every_rule_and_terminal(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("railroad")
    output = tmp_path / "grammars.html"
    assert _cli("grammar", "diagram", "-o", str(output)) == 0
    assert capsys.readouterr().out.strip() == str(output.resolve())
    page = output.read_text(encoding="utf-8")
    anchors = set(re.findall(r'<section id="([^"]+)">', page))
    expected = set().union(*(_definitions(grammar_dir() / f"{name}.lark") for name in GRAMMARS))
    assert "special.S" in expected and "file.auth_path" in expected
    assert anchors == expected
    assert page.count("<svg") == len(anchors)
    # Every link inside the page leads to a diagram, and nothing is fetched from elsewhere.
    assert set(re.findall(r'href="#([^"]+)"', page)) <= anchors | set(GRAMMARS)
    assert not re.search(r"<script|<link|<img|\bsrc=|url\(", page)


def test_the_diagram_command_says_how_to_get_railroad(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "railroad", None)  # makes `import railroad` fail
    assert _cli("grammar", "diagram", "-o", str(tmp_path / "x.html")) == 2
    err = capsys.readouterr().err
    assert "urlgrammar[diagrams]" in err and "Traceback" not in err
    assert not (tmp_path / "x.html").exists()


def test_an_unwritable_output_is_an_error_not_a_traceback(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("railroad")
    assert _cli("grammar", "diagram", "-o", str(tmp_path / "missing" / "x.html")) == 1
    assert "cannot write" in capsys.readouterr().err


def test_a_dash_writes_the_diagram_page_to_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 20: `-o -` wrote a file named "-". As `check --file -` reads standard input, every
    # -o of the command line takes - for standard output; ./- is a file named -.
    pytest.importorskip("railroad")
    monkeypatch.chdir(tmp_path)
    assert _cli("grammar", "diagram", "-o", "-") == 0
    out = capsys.readouterr().out
    assert out.startswith("<!doctype html>") and out.endswith("</body></html>\n")
    assert list(tmp_path.iterdir()) == []
    assert _cli("grammar", "diagram", "-o", "./-") == 0
    assert (tmp_path / "-").read_text(encoding="utf-8") == out
