"""No input adds a line, a terminal's escape sequence or a bidi control to what ``check`` and
``explain`` write, in any format, nor to the JSON of ``parse`` and ``reference`` or to ``tree``.

The inputs hold them raw and percent-encoded where a message decodes them (the standard's
reading of an opaque host, which the parser-disagreement advisory quotes). The test of an
output is that it has none of the code points of ``UNSAFE_OUTPUT`` but the line
feeds that end its lines, and as many lines as its format writes for these inputs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import UNSAFE_OUTPUT
from conftest import check_output as run

from urlgrammar.cli import main as cli_main
from urlgrammar.cli.check.text import display

#: Inputs that write a control into the output, by what they hold.
HOSTILE = {
    # A fake diagnostic line in `check --format gnu`, from the percent-decoded host.
    "percent-encoded LF in an opaque host": "sc://x%0Ainjected.c%3A7%3A1%3A%20error%3A%20fake/",
    "percent-encoded ESC [ in an opaque host": "sc://x%1B%5B31mred/",
    "percent-encoded bidi controls in an opaque host": "sc://x%E2%80%AEevil%E2%81%A6%D8%9C%E2%80%8F/",
    "percent-encoded NEL, LS, PS and CSI in an opaque host": "sc://x%C2%85y%E2%80%A8z%E2%80%A9%C2%9B/",
    "raw ESC in a path": "http://a/\x1b[31m b",
    "raw bidi override in a path": "http://a/\u202eb c",
    "raw LS and NEL in a path": "http://a/\u2028b\u0085 c",
    "raw LF and CR in an argument": "http://a/\nb\r c",
    "raw bidi isolate in an opaque host": "sc://x\u2066y/",
}


def unsafe(out: str) -> list[str]:
    """The code points of ``out`` that no output may hold, its lines' line feeds aside."""
    return [f"U+{ord(ch):04X}" for line in out.split("\n") for ch in UNSAFE_OUTPUT.findall(line)]


def check(capsys: pytest.CaptureFixture[str], form: str, inputs: list[str]) -> str:
    _, out, _ = run(capsys, ["--format", form, "--summary", *inputs])
    assert unsafe(out) == []
    assert out.splitlines() == out.split("\n")[:-1]  # no other reader sees more lines
    return out


def test_text_lines_are_locations_quotes_and_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    out = check(capsys, "text", list(HOSTILE.values()))
    for line in out.splitlines()[:-1]:
        assert line[:1].isdigit() or line.startswith("  "), line
    assert out.splitlines()[-1].startswith(f"{len(HOSTILE)} inputs: ")
    assert "host 'x\\ninjected.c:7:1: error: fake'" in out


def test_gnu_lines_are_each_a_message_of_an_input(capsys: pytest.CaptureFixture[str]) -> None:
    out = check(capsys, "gnu", list(HOSTILE.values()))
    lines = out.splitlines()
    assert all(line.startswith("<command-line>:") for line in lines[:-1]), lines
    assert lines[-1].startswith(f"{len(HOSTILE)} inputs: ")
    assert "host 'x\\x1b[31mred'" in out and "host 'x\\u202eevil\\u2066\\u061c\\u200f'" in out


@pytest.mark.parametrize("form", ["json", "jsonl", "sarif"])
def test_json_formats_escape_them_and_keep_the_data(form: str, capsys: pytest.CaptureFixture[str]) -> None:
    inputs = list(HOSTILE.values())
    out = check(capsys, form, inputs)
    lines = out.splitlines()
    if form == "jsonl":
        records = [json.loads(line) for line in lines]
        assert len(records) == len(inputs) + 1  # and the summary
        assert [r["input"] for r in records[:-1]] == inputs  # escaped, not changed
    elif form == "json":
        document = json.loads(out)
        assert len(lines) == len(inputs) + 2  # the opening line, one per input, the summary
        assert [r["input"] for r in document["inputs"]] == inputs
    else:
        results = json.loads(out)["runs"][0]["results"]
        assert len(lines) == len(results) + 2
        assert {r["properties"]["input"] for r in results} <= set(inputs)


def test_jsonl_is_one_record_a_line_for_every_reader(capsys: pytest.CaptureFixture[str]) -> None:
    # str.splitlines breaks at U+2028, U+2029 and U+0085 too: 7 records where there were 4.
    inputs = ["http://a/\u2028", "http://a/?\u2029", "http://a/#\u0085", "https://\u2028a/"]
    _, out, _ = run(capsys, ["--format", "jsonl", *inputs])
    assert len(out.splitlines()) == len(inputs)
    assert [json.loads(line)["input"] for line in out.splitlines()] == inputs


def test_the_caret_stays_under_the_span_and_the_fix_escapes(capsys: pytest.CaptureFixture[str]) -> None:
    text = "http://a/\u202e\u2028\x1b\u0085\u2066 b"
    _, out, _ = run(capsys, ["--format", "text", text])
    assert unsafe(out) == []
    lines = out.splitlines()
    space = lines.index("1:15: error[invalid-URL-unit]: A valid URL cannot have this code point here: "
                        "U+0020 (SPACE) in the path.")
    shown, carets = lines[space + 1], lines[space + 2]
    # The input's line shows a stand-in of one column for each code point, so that the caret
    # is under the span; a fix quotes as messages do, and says which code point it replaces.
    assert shown == "  " + display(text)[0]
    assert carets == " " * (2 + text.index(" ")) + "^"
    assert "  fix: replace '\\x1b' with '%1B'" in lines and "  fix: replace '\\x85' with '%C2%85'" in lines


def test_an_html_document_adds_no_line_either(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    page.write_text('<a href="sc://x%0Ainjected.c%3A1%3A1%3A%20error%3A%20fake/">a</a>\n'
                    '<img src="http://a/\u2028b c\u202e">\n', encoding="utf-8")
    for form in ("text", "gnu", "jsonl", "sarif"):
        _, out, _ = run(capsys, ["--format", form, "--html", str(page)])
        assert unsafe(out) == [], form
        if form == "gnu":
            assert all(line.startswith(f"{page}:") for line in out.splitlines()[:-1]), out


def test_explain_prints_no_control_from_the_input(capsys: pytest.CaptureFixture[str]) -> None:
    for form in ("text", "json", "html"):  # html: the viewer's page, its data as JSON in it
        for text in HOSTILE.values():
            assert cli_main(["explain", "--format", form, text]) == 0
            out = capsys.readouterr().out
            assert unsafe(out) == [], (form, text)
            assert out.splitlines() == out.split("\n")[:-1], (form, text)
            if form == "json":
                assert json.loads(out)["input"] == text


def test_parse_and_reference_json_escape_them_too(capsys: pytest.CaptureFixture[str]) -> None:
    # --params decodes the query: its values held U+2028 and U+202E raw.
    for argv in (["parse", "--params", "--json", "http://a/?x=%E2%80%A8%E2%80%AE%C2%85"],
                 ["parse", "--json", "sc://x\u2028y/"], ["reference", "--json", "a/\u2028\u202e"],
                 ["parse", "--json", "http://\u2028/"]):  # a failure's JSON
        cli_main(argv)
        out = capsys.readouterr().out
        assert unsafe(out) == [], argv
        json.loads(out)


def test_tree_escapes_the_tokens(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["tree", "sc://a\u202eb\x1b[31m/\u2028?q"]) == 0
    out = capsys.readouterr().out
    assert unsafe(out.replace("\t", " ")) == []  # Lark's tab between a rule and its token
    assert "a\\u202eb\\x1b" in out and "file\t\\u2028" in out


@pytest.mark.parametrize("name", ["missing\x1b[31m\nfake.txt:1:1: error: x", "missing\u202etxt.exe"],
                         ids=["ESC and a line feed", "a bidi override"])
def test_a_file_name_adds_no_line_to_standard_error(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    name: str) -> None:
    # A file's name comes from a directory the user globbed, so the input chose it.
    status, _, err = run(capsys, ["--file", str(tmp_path / name)])
    assert status == 2
    assert len(err.splitlines()) == 1
    assert unsafe(err) == []


def test_a_csv_header_adds_no_line_to_standard_error(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    path = tmp_path / "urls.csv"
    path.write_text('url,"x\x1b[2J\u2028y"\nhttp://a/,1\n', encoding="utf-8")
    status, _, err = run(capsys, ["--file", str(path), "--column", "href"])
    assert status == 2
    assert len(err.splitlines()) == 1
    assert unsafe(err) == []
