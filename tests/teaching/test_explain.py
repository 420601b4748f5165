"""urlgrammar explain: every phase, for every kind of input, in text and JSON."""

from __future__ import annotations

import json
import re

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar.cli import main
from urlgrammar.teaching.explain import explain
from urlgrammar.teaching.shown import Shown, hidden, stand_in

WPT = shared_cases("wpt/urltestdata.json")


def test_explain_names_each_phase() -> None:
    text = explain("  HTTP://0x7f.1/a/./b/../c?q r").text()
    for phase in ("Preprocessing", "Mode", "Parse tree", "Lifted record", "Drive letters",
                  "Resolution", "Host", "Normalisation", "Printing", "Grammar versus algorithm"):
        assert phase in text
    assert "trimmed 2 leading" in text
    assert "“0x7f” (hex: 127), “1” (dec: 1)" in text and "→ 127.0.0.1" in text
    assert "dot segments removed: “.”, “b”, “..”" in text
    assert "query percent-encoded: “q r” → “q%20r”" in text
    assert "→ “http://127.0.0.1/a/c?q%20r”" in text


@pytest.mark.parametrize(("input", "base", "expected"), [
    ("http:foo", None, "force promoted the path segment “foo” to the authority"),
    ("http:/foo", "http://h/a/b", "legacy resolution dropped the scheme “http”"),
    ("https:\\\\x\\y", None, "`\\` read as a separator, like `/`, at 6, 7, 9"),
    ("http:////x/y", None, "repeated slashes collapsed"),
    ("file:c|/x", None, "written without its `/` (auth_drive_invalid)"),
    ("../a", "sc://h/b/c", "RFC 3986 strict resolution gives “sc://h/a” (the same)"),
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
    assert "fails: domain-to-ASCII at 14..15" in text and "→ domain “example”" not in text
    # host-missing comes before any host parsing; a failing host's span is in the input.
    assert "fails: host-missing at 12..12" in explain("http://user@/x").text()
    assert "fails: IPv6-unclosed at 9..13" in explain(" https://[::1").text()


# ---- text as typed (issue 20): one shown character per code point, so that spans line up ----

_TOKEN = re.compile(r"^\s*[A-Z_0-9]+ “(.*)” (\d+)\.\.(\d+)$")


@pytest.mark.parametrize("input", ["http:\\\\a\\b", "https://h/a\\b?'\"", "file:c|\\x\\y"])
def test_explain_shows_text_as_typed_so_spans_line_up(input: str) -> None:
    text = explain(input).text()
    assert text.splitlines()[0] == f"explain “{input}”"  # not repr's 'http:\\\\a\\b'
    assert f"→ “{input}”" in text  # preprocessing left it as it is
    tokens = [m.groups() for m in map(_TOKEN.match, text.splitlines()) if m]
    assert tokens and all(input[int(a):int(b)] == shown for shown, a, b in tokens)


def test_code_points_that_cannot_be_shown_stand_as_one_character_each() -> None:
    input = " h\tt\ntp://a/\x00\u200b\ud800\x7f?\u2409"
    text = explain(input).text()
    shown = " h␉t␊tp://a/␀\ufffd\ufffd␡?\u2409"
    assert text.splitlines()[0] == f"explain “{shown}”" and len(shown) == len(input)
    # The output says what each stand-in is, and where the input holds it: the literal ␉ at
    # 17 is not the tab at 2.
    for line in ("␉ is U+0009 TAB, at 2 in the input", "␊ is U+000A LF, at 4 in the input",
                 "␀ is U+0000 NUL, at 12 in the input",
                 "\ufffd is U+200B ZERO WIDTH SPACE, at 13 in the input",
                 "\ufffd is U+D800 (a lone surrogate), at 14 in the input",
                 "␡ is U+007F DEL, at 15 in the input"):
        assert f"   {line}\n" in text
    assert "one character per code point" in text
    assert "\ud800" not in text and "\t" not in text and "\x00" not in text


def test_a_stand_in_for_a_code_point_the_input_does_not_hold_says_so() -> None:
    # The percent-decoded host holds a NUL that the input spells %00.
    text = explain("http://a%00b/").text()
    assert "percent-decoded: “a␀b”" in text and "␀ is U+0000 NUL, not in the input as typed" in text


def test_text_without_hidden_code_points_has_no_legend() -> None:
    assert "cannot be shown" not in explain("http://h/a b?\u00e9").text()


@given(st.text())
def test_shown_text_has_one_visible_character_per_code_point(text: str) -> None:
    shown = Shown()
    out = shown.text(text)
    assert len(out) == len(text)
    assert not any(hidden(ch) for ch in out)
    assert all(a == b or (hidden(a) and b == stand_in(a)) for a, b in zip(text, out, strict=True))
    assert set(shown.hidden) == {ch for ch in text if hidden(ch)}
