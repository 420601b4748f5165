"""urlgrammar explain: every phase, for every kind of input, in text and JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar.cli import main
from urlgrammar.teaching.explain import explain

WPT = shared_cases("wpt/urltestdata.json")


def test_explain_names_each_phase() -> None:
    text = explain("  HTTP://0x7f.1/a/./b/../c?q r").text()
    for phase in ("Preprocessing", "Mode", "Parse tree", "Lifted record", "Drive letters",
                  "Resolution", "Host", "Normalisation", "Printing", "Grammar versus algorithm"):
        assert phase in text
    assert "trimmed 2 leading" in text
    assert "'0x7f' (hex: 127), '1' (dec: 1)" in text and "→ 127.0.0.1" in text
    assert "dot segments removed: '.', 'b', '..'" in text
    assert "query percent-encoded: 'q r' → 'q%20r'" in text
    assert "→ 'http://127.0.0.1/a/c?q%20r'" in text


@pytest.mark.parametrize(("input", "base", "expected"), [
    ("http:foo", None, "force promoted the path segment 'foo' to the authority"),
    ("http:/foo", "http://h/a/b", "legacy resolution dropped the scheme 'http'"),
    ("https:\\\\x\\y", None, "`\\` read as a separator, like `/`, at 6, 7, 9"),
    ("http:////x/y", None, "repeated slashes collapsed"),
    ("file:c|/x", None, "written without its `/` (auth_drive_invalid)"),
    ("../a", "sc://h/b/c", "RFC 3986 strict resolution gives 'sc://h/a' (the same)"),
    ("x", "sc:y", "missing-scheme-non-relative-URL"),
    ("https://[::1", None, "IPv6-unclosed"),
])
def test_explain_says_why(input: str, base: str | None, expected: str) -> None:
    assert expected in explain(input, base).text()


def test_the_state_machine_trace_is_shown() -> None:
    text = explain("sc://h").text()
    assert "scheme start@0 → scheme@1" in text


@shared_parametrize("wpt/urltestdata.json",
                    "case", WPT, ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_explain_every_wpt_input(case: dict[str, str]) -> None:
    ex = explain(case["input"], case.get("base"))
    assert ex.text()
    data = json.loads(json.dumps(ex.as_dict()))
    assert data["href"] == case.get("href")
    assert (data["failure"] is not None) == bool(case.get("failure"))


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "http:foo"]) == 0
    assert "force promoted" in capsys.readouterr().out
    assert main(["explain", "x", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["failure"].startswith("missing-scheme-non-relative-URL")


_URLISH = st.lists(st.sampled_from([*"ab:/\\?#%@[]|.1 \t\x00\ud800éxC",
                                    "http:", "file:", "//", "%2e", "..", "0x", "::"]),
                   max_size=14).map("".join)


@given(st.one_of(st.text(max_size=30), _URLISH), st.one_of(st.none(), _URLISH))
@settings(max_examples=300)
def test_explain_any_text(input: str, base: str | None) -> None:
    # explain reports a failing parse instead of raising; only an unparsable base can end it early.
    ex = explain(input, base)
    assert ex.text() and json.dumps(ex.as_dict())
    assert (ex.href is None) == (ex.failure is not None)


def test_the_host_phase_is_what_the_pipeline_did() -> None:
    # The file host state reads 'example:1' as the host, which the domain parser refuses.
    text = explain("file://example:1/").text()
    assert "fails: domain-to-ASCII at 14..15" in text and "→ domain 'example'" not in text
    # host-missing comes before any host parsing; a failing host's span is in the input.
    assert "fails: host-missing at 12..12" in explain("http://user@/x").text()
    assert "fails: IPv6-unclosed at 9..13" in explain(" https://[::1").text()


def test_explain_runs_the_pipeline_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import urlgrammar.teaching.explain as module

    calls = []
    real = module.run

    def counted(*args: Any) -> Any:
        calls.append(args[0])
        return real(*args)

    monkeypatch.setattr(module, "run", counted)
    assert explain("a/b", "http://h/").href == "http://h/a/b"
    assert calls == ["a/b"]
