"""explain's JSON (urlgrammar.teaching.facts): the facts the viewer draws, from one run."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import algorithm, validate
from urlgrammar.cli import main
from urlgrammar.syntax.grammars import grammar_dir
from urlgrammar.syntax.preprocess import preprocess
from urlgrammar.teaching.explain import explain
from urlgrammar.teaching.facts import explain_json

WPT = shared_cases("wpt/urltestdata.json")

_URLISH = st.lists(st.sampled_from([*"ab:/\\?#%@[]|.1 \t\n\x00\ud800éxC",
                                    "http:", "file:", "//", "%2e", "..", "0x", "::", "c:"]),
                   max_size=14).map("".join)


def _check_highlight(data: dict[str, Any]) -> None:
    """The runs tile the input; trimmed and removed code points are where preprocessing says;
    each lifted component's code points, less the removed ones, spell its value."""
    input = data["input"]
    runs = data["highlight"]
    assert [r["start"] for r in runs] == [0, *(r["end"] for r in runs)][:len(runs)]
    assert (runs[-1]["end"] if runs else 0) == len(input)
    kind_at = {i: r["kind"] for r in runs for i in range(r["start"], r["end"])}
    pre = preprocess(input)
    removed = set(pre.removed)
    dropped = removed | {i for s, e in pre.trimmed for i in range(s, e)}
    assert {i for i, k in kind_at.items() if k in ("trimmed", "removed")} == dropped
    for c in data["components"]:
        kept = [i for i in range(c["start"], c["end"]) if i not in removed]
        written = "".join(input[i] for i in kept)
        # A path-root's value is "/", however it was written (a backslash, in special mode).
        assert written == c["value"] or (c["kind"], written) == ("path-root", "\\")
        assert {kind_at[i] for i in kept} <= {c["kind"]}


def _check_trace(data: dict[str, Any], base: str | None) -> None:
    """Each run reads the preprocessed text at its pointer; every error of the state machine
    is placed in a run, once, as the report's diagnostic of the same name and place in the
    order, with its span: one error, one span."""
    text = data["preprocessed"]["text"]
    for run in data["trace"]:
        assert text[run["pointer"]:run["pointer"] + len(run["read"])] == run["read"]
    oracle = algorithm.run(data["input"], base)
    diagnostics = data["validation"]["diagnostics"]
    assert [d["code"] for d in diagnostics] == [d.code for d in oracle.errors]
    placed = [e for run in data["trace"] for e in run["errors"]]
    assert sorted(e["diagnostic"] for e in placed) == list(range(len(oracle.errors)))
    for e in placed:
        d = diagnostics[e["diagnostic"]]
        assert (e["code"], e["start"], e["end"]) == (d["code"], d["start"], d["end"])


def _walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    return [node, *(n for child in node.get("children", []) for n in _walk(child))]


def test_the_json_adds_facts_to_the_text_and_changes_none_of_it() -> None:
    data = explain_json("  HTTP://u@0x7f.1/a/./b/../c?q r", "http://h/")
    text = explain("  HTTP://u@0x7f.1/a/./b/../c?q r", "http://h/").as_dict()
    assert {k: data[k] for k in text} == text
    assert data["mode"] == {"name": "special", "grammar": "special.lark"}
    assert data["getters"]["host"] == "127.0.0.1" and data["getters"]["username"] == "u"
    report = json.loads(json.dumps(validate("  HTTP://u@0x7f.1/a/./b/../c?q r", "http://h/").as_dict()))
    # The report as validate gives it, each verdict labelled with whose its spans are.
    assert data["validation"] | {"diagnostics": [], "grammar_error": None} \
        == report | {"diagnostics": [], "grammar_error": None}
    assert data["validation"]["diagnostics"] == [d | {"by": "parser"} for d in report["diagnostics"]]
    assert data["validation"]["grammar_error"] == report["grammar_error"] | {"by": "writing grammar"}
    assert [c["kind"] for c in data["components"]][:4] == ["scheme", "username", "host", "path-root"]
    _check_highlight(data)
    _check_trace(data, "http://h/")


def test_spans_are_in_the_input_as_given() -> None:
    data = explain_json("\t h\tt\ntp://h/a b ")
    assert data["preprocessed"] == {"text": "http://h/a b", "trimmed": [[0, 2], [16, 17]],
                                    "removed": [3, 5]}
    [scheme] = [c for c in data["components"] if c["kind"] == "scheme"]
    assert (scheme["start"], scheme["end"]) == (2, 8)  # the removed tab and newline inside it
    assert [(r["kind"], r["start"], r["end"]) for r in data["highlight"][:4]] == [
        ("trimmed", 0, 2), ("scheme", 2, 3), ("removed", 3, 4), ("scheme", 4, 5)]
    [file] = [c for c in data["result"] if c["kind"] == "file"]
    assert (file["value"], file["start"], file["end"]) == ("a%20b", 13, 16)
    assert data["tree"]["start"] == 2 and data["tree"]["end"] == 16


def test_the_trace_is_in_runs_with_the_errors_where_they_were_raised() -> None:
    data = explain_json("https:\\\\h/")
    states = [(r["state"], r["pointer"], r["read"], r["eof"]) for r in data["trace"]]
    assert states[:3] == [("scheme start", 0, "h", False), ("scheme", 1, "ttps:", False),
                          ("special authority slashes", 6, "\\", False)]
    assert states[-1][0] == "path" and states[-1][3] is True
    raised = {r["state"]: [e["code"] for e in r["errors"]] for r in data["trace"] if r["errors"]}
    assert raised["special authority slashes"] == ["special-scheme-missing-following-solidus"]


def _check_diagrams(tree: dict[str, Any]) -> None:
    """Every rule and named terminal links to a diagram; a terminal without one is a literal
    of the grammars (Lark names "?" QMARK)."""
    for node in _walk(tree):
        if "rule" in node or node["diagram"] is not None:
            assert node["diagram"].rpartition(".")[2] == node.get("rule", node.get("terminal"))
        else:
            assert f'"{node["text"]}"' in LITERALS, node


LITERALS = "".join(p.read_text(encoding="utf-8") for p in grammar_dir().glob("*.lark"))


def test_every_tree_node_names_its_diagram() -> None:
    data = explain_json("file://h:1/c:/a\\b?q#f")
    nodes = _walk(data["tree"])
    assert {n.get("rule") or n.get("terminal") for n in nodes} >= {"url", "auth_path", "authority", "host"}
    _check_diagrams(data["tree"])
    # A name is linked to the definition its grammar binds it to: file.lark imports S from
    # special.lark, which overrides the generic grammar's S; SCHEME is the generic grammar's.
    assert {n["diagram"] for n in nodes if n.get("terminal") == "S"} == {"special.S"}
    assert {n["diagram"] for n in nodes if n.get("terminal") == "SCHEME"} == {"url.SCHEME"}


def test_the_diagram_anchors_exist_on_the_diagram_page() -> None:
    pytest.importorskip("railroad", reason="the diagram page needs the diagrams extra")
    from urlgrammar.grammar_tools.diagram import render_page
    from urlgrammar.syntax.grammars import GRAMMARS, grammar_dir

    page = render_page(grammar_dir(), list(GRAMMARS))
    for input in ("http://u:p@[::1]:8/a/b?q#f", "file:///c:/x", "sc:opaque", "//h/x"):
        for node in _walk(explain_json(input)["tree"]):
            assert node["diagram"] is None or f'id="{node["diagram"]}"' in page, node


def test_a_base_that_does_not_parse_gives_the_input_only() -> None:
    data = explain_json(" x\t", "not a base")
    assert data["failure"].startswith("the base does not parse")
    assert data["validation"] is None and data["tree"] is None and data["trace"] == []
    _check_highlight(data)


def test_the_cli_prints_this_json(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--json"], ["--format", "json"]):
        assert main(["explain", "a/../b?c", "--base", "http://h/x/", *args]) == 0
        assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(explain_json("a/../b?c", "http://h/x/")))


@shared_parametrize("wpt/urltestdata.json",
                    "case", WPT, ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_the_facts_hold_on_every_wpt_input(case: dict[str, str]) -> None:
    data = json.loads(json.dumps(explain_json(case["input"], case.get("base"))))
    _check_highlight(data)
    _check_trace(data, case.get("base"))
    _check_diagrams(data["tree"])
    if case.get("failure"):
        assert data["getters"] is None and data["result"] is None
    else:
        assert data["getters"]["href"] == case["href"] and data["getters"]["pathname"] == case["pathname"]


@given(st.one_of(st.text(max_size=30), _URLISH), st.one_of(st.none(), _URLISH))
@settings(max_examples=200)
def test_the_facts_hold_on_any_text(input: str, base: str | None) -> None:
    data = explain_json(input, base)
    assert json.dumps(data)
    _check_highlight(data)
    if data["validation"] is not None:
        _check_trace(data, base)


# ---- one diagnostic, one span (issue 20) -----------------------------------------------------

SPANS = [("http:x", "http://h/a"), ("https:\\\\x", None), ("http:/x", None), ("https://u:p@h/", None)]


@pytest.mark.parametrize(("input", "base"), SPANS, ids=[f"{i!r} against {b!r}" for i, b in SPANS])
def test_one_validation_error_has_one_span_everywhere(input: str, base: str | None) -> None:
    data = explain_json(input, base)
    listed = [(d["code"], d["start"], d["end"]) for d in data["validation"]["diagnostics"]]
    raised = [(e["code"], e["start"], e["end"]) for run in data["trace"] for e in run["errors"]]
    assert raised == listed
    assert data["grammar_versus_algorithm"]["validation_errors"] == [f"{c} at {s}..{e}" for c, s, e in listed]
    text = explain(input, base).text()
    assert f"validation errors (the parser's, as urlgrammar check reports them): " \
           f"{', '.join(f'{c} at {s}..{e}' for c, s, e in listed)}\n" in text


def test_the_writing_grammars_span_and_the_parsers_are_labelled() -> None:
    # Against a base of the same scheme, the parser reads http: as relative (its error spans
    # the scheme, which its fix removes); the writing grammar wants // after it (5..5).
    data = explain_json("http:x", "http://h/a")
    [error] = data["validation"]["diagnostics"]
    assert (error["start"], error["end"], error["fix"], error["by"]) == (0, 5, "", "parser")
    writing = data["validation"]["grammar_error"]
    assert (writing["rule"], writing["start"], writing["end"], writing["by"]) == \
        ("scheme-relative-special-URL", 5, 5, "writing grammar")
    writes = data["grammar_versus_algorithm"]["writing_grammar"]
    assert writes.startswith("breaks scheme-relative-special-URL at 5..5: ")
    [raised] = [e for run in data["trace"] for e in run["errors"]]
    assert (raised["start"], raised["end"], raised["diagnostic"]) == (0, 5, 0)
    assert "   writing grammar (valid URL strings): breaks scheme-relative-special-URL at 5..5: " \
        in explain("http:x", "http://h/a").text()


def test_where_the_state_machine_raises_other_errors_the_trace_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import urlgrammar.teaching.explain as module

    real = module.examine
    monkeypatch.setattr(module, "examine", lambda *args: real(*args)._replace(diagnostics=()))
    data = explain_json("http:x", "http://h/a")
    assert data["grammar_versus_algorithm"]["differences"][-1] == (
        "the state machine raises special-scheme-missing-following-solidus; the grammar "
        "pipeline's validation reports nothing")
    # The trace keeps the state machine's own error, with its own span and no diagnostic.
    assert [e for run in data["trace"] for e in run["errors"]] == [
        {"code": "special-scheme-missing-following-solidus", "start": 5, "end": 6, "diagnostic": None}]


def test_the_json_says_what_stands_for_code_points_that_cannot_be_shown() -> None:
    data = explain_json("http://h/\ta\u200b")
    assert data["shown"] == {"stand_ins": [
        {"as": "␉", "code_point": "U+0009 TAB", "at": [9], "more": 0},
        {"as": "\ufffd", "code_point": "U+200B ZERO WIDTH SPACE", "at": [11], "more": 0}], "more": 0}
    assert "→ “http://h/a\ufffd”" in data["phases"][0]["lines"]
    assert data["input"] == "http://h/\ta\u200b"  # the data itself is as given
