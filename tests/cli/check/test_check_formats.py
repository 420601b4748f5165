"""``urlgrammar check``'s output: the table of formats, windows, --max-errors, colour, and the
gnu, json, jsonl and SARIF formats (validated against the SARIF 2.1.0 schema in tests/sarif/)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from conftest import check_main as main
from conftest import check_output as run

from urlgrammar.cli.check.formats import FORMATS
from urlgrammar.cli.check.text import WINDOW, window

SCHEMA = ROOT / "tests" / "sarif" / "sarif-schema-2.1.0.json"


# ---- the table of formats ------------------------------------------------------------------------


def test_the_format_choices_are_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--format", "no-such-format", "https://a/"])
    assert exited.value.code == 2
    choices = capsys.readouterr().err.split("choose from ")[1]
    assert choices.strip().strip("()") == ", ".join(repr(name) for name in FORMATS)


@pytest.mark.parametrize("name", list(FORMATS))
def test_each_format_writes_each_input(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["--format", name, "https://a/", "https://u@b/c d"])
    assert status == 1
    assert "invalid-credentials" in out and "invalid-URL-unit" in out


@pytest.mark.parametrize("name", list(FORMATS))
def test_quiet_is_the_summary_or_says_why_not(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, ["--format", name, "--quiet", "https://a/", "https://u@b/"])
    why = FORMATS[name].no_quiet
    if why is None:
        assert status == 1 and "invalid-credentials" in out and "u@b" not in out
    else:
        assert status == 2 and out == "" and why in err






# ---- text: windows and --max-errors --------------------------------------------------------------


def test_a_short_input_is_shown_whole() -> None:
    assert window("https://a b/", 9, 10) == ("https://a b/", "         ^")


def test_a_long_input_is_shown_as_a_window_around_the_span() -> None:
    text = "https://example.com/" + "a" * 500 + " " + "b" * 500
    shown, carets = window(text, 520, 521)
    assert shown.startswith("…") and shown.endswith("…") and len(shown) <= WINDOW
    assert shown[len(carets) - 1] == " " and carets.strip() == "^"
    assert shown.strip("…") in text


def test_a_window_at_either_end_has_one_mark() -> None:
    text = "h" * 1000
    assert window(text, 0, 1)[0] == "h" * (WINDOW - 2) + "…"
    shown, carets = window(text, 1000, 1000)  # an insertion at the end
    assert shown == "…" + "h" * (WINDOW - 2) and carets == " " * (WINDOW - 1) + "^"


def test_a_wide_span_is_cut_at_the_window() -> None:
    shown, carets = window("x" * 10 + "@" * 5000, 10, 5010)
    assert len(shown) == WINDOW - 1 and carets.count("^") == len(shown) - 1 - 10


def test_wide_characters_take_two_columns_in_the_window() -> None:
    shown, carets = window("\u4f8b" * 300 + " ", 300, 301)
    assert shown.endswith("\u4f8b ") and carets.endswith(" ^")
    assert 2 * (len(shown) - 2) + 1 <= WINDOW


def test_at_most_max_errors_diagnostics_then_how_many_more(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["https://h/" + "a " * 30 + "z"])
    assert status == 1 and out.count("error[invalid-URL-unit]") == 20
    assert "1: note: and 10 more (--max-errors 20)" in out
    _, out, _ = run(capsys, ["--max-errors", "3", "https://h/" + "a " * 30 + "z"])
    assert out.count("error[") == 3 and "1: note: and 27 more (--max-errors 3)" in out
    _, out, _ = run(capsys, ["--max-errors", "0", "https://h/" + "a " * 30 + "z"])
    assert out.count("error[") == 30 and "more" not in out


def test_a_long_fix_is_quoted_by_its_ends(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["https://" + "u" * 1000 + "@h/"])
    assert "  fix: remove '" + "u" * 20 + "…" + "u" * 19 + "@' (1,001 code points)" in out


@pytest.mark.parametrize("character", ["@", "\\", " "])
def test_text_output_grows_linearly(character: str, capsys: pytest.CaptureFixture[str]) -> None:
    sizes = []
    for n in (10_000, 100_000):
        main(["https://h/" + character * n])
        sizes.append(len(capsys.readouterr().out))
    # The suggestion line has the input's length; the rest is a constant.
    assert sizes[1] - sizes[0] <= 3 * 90_000 + 1000, sizes


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = run(capsys, ["https://u@h/"])
    assert "\x1b[" not in plain
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, coloured, _ = run(capsys, ["https://u@h/"])
    assert "\x1b[1;31merror[invalid-credentials]\x1b[0m" in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert run(capsys, ["https://u@h/"])[1] == plain


def test_quiet_is_the_summary_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, ["-q", "https://u@h/"]) == (1, "1 input: valid 0, invalid 1, failures 0; "
                                                      "invalid-credentials 1\n", "")
    _, out, _ = run(capsys, ["--quiet", "--format", "json", "https://u@h/", "https://a/"])
    assert json.loads(out) == {"summary": {"inputs": 2, "valid": 1, "invalid": 1, "failures": 0,
                                           "unchecked": 0, "codes": {"invalid-credentials": 1},
                                           "omitted": 0, "advised": 0, "advisories": {},
                                           "advisories_omitted": 0}}


# ---- gnu ----------------------------------------------------------------------------------------


def test_gnu_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("https://a/\nhttps://u@b/c d\n", encoding="utf-8")
    status, out, _ = run(capsys, ["--format", "gnu", "--file", str(path)])
    assert status == 1
    assert out.splitlines() == [
        f"{path}:2:9: error: The URL includes a username or password, which a valid URL string "
        "cannot have. [invalid-credentials]",
        f"{path}:2:9: note: fix: remove 'u@'",
        f"{path}:2:14: error: A valid URL cannot have this code point here: U+0020 (SPACE) in the "
        "path. [invalid-URL-unit]",
        f"{path}:2:14: note: fix: replace ' ' with '%20'",
        "2 inputs: valid 1, invalid 1, failures 0; invalid-credentials 1, invalid-URL-unit 1",
    ]
    _, out, _ = run(capsys, ["--format", "gnu", "https://a/", "https://h:x/"])
    assert out.startswith("<command-line>:2:11: error: The port is not a number: 'x' is not a digit. "
                          "[port-invalid]\n<command-line>:2: note: the URL parser fails on this input\n")


# ---- json and jsonl -----------------------------------------------------------------------------


def test_json_passes_json_tool(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(b"https://a/\nhttps://u@b/\n\xff\n" + b"x" * 200 + b"\n")
    out = subprocess.run([sys.executable, "-m", "urlgrammar", "check", "--format", "json", "--file",
                          str(path), "--max-line-length", "100"], capture_output=True, check=False).stdout
    tool = subprocess.run([sys.executable, "-m", "json.tool"], input=out, capture_output=True, check=False)
    assert tool.returncode == 0, tool.stderr
    document = json.loads(out)
    assert [i["problem"] and i["problem"]["code"] for i in document["inputs"]] == \
        [None, None, "invalid-UTF-8", "line-too-long"]
    assert document["summary"]["unchecked"] == 2


def test_json_of_no_inputs_is_a_document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(b"\n")
    status, out, err = run(capsys, ["--format", "json", "--file", str(path)])
    assert status == 0 and json.loads(out)["inputs"] == [] and err.startswith("0 inputs")


def test_jsonl_is_an_object_per_input_and_the_summary_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["--format", "jsonl", "https://a/", "https://u@b/"])
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["n"] for o in objects] == [1, 2] and all("summary" not in o for o in objects)
    _, out, _ = run(capsys, ["--format", "jsonl", "--summary", "https://a/", "https://u@b/"])
    assert json.loads(out.splitlines()[-1])["summary"]["invalid"] == 1


def test_jsonl_omits_what_max_errors_leaves_out(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["--format", "jsonl", "--max-errors", "2", "https://h/" + "a " * 5 + "z"])
    report = json.loads(out)
    assert (len(report["diagnostics"]), report["omitted"]) == (2, 3)


# ---- SARIF --------------------------------------------------------------------------------------


def sarif_validator() -> object:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)


def test_the_schema_rejects_what_is_not_sarif() -> None:
    validator = sarif_validator()
    assert not validator.is_valid({"version": "2.1.0", "runs": [{"results": []}]})  # type: ignore[attr-defined]


def test_sarif_from_a_file_has_locations_rules_and_fixes(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(b"https://a/\nhttps://u@b/c d\n\xff\n" + b"h" * 50
                     + b"\nhttps://h/" + b"a " * 5 + b"z\n")
    status, out, _ = run(capsys, ["--format", "sarif", "--file", str(path), "--max-line-length", "40",
                                  "--max-errors", "3"])
    log = json.loads(out)
    sarif_validator().validate(log)  # type: ignore[attr-defined]
    run_ = log["runs"][0]
    assert run_["columnKind"] == "unicodeCodePoints"
    rules = run_["tool"]["driver"]["rules"]
    results = run_["results"]
    first = results[0]
    assert first["ruleId"] == rules[first["ruleIndex"]]["id"] == "invalid-credentials"
    assert rules[first["ruleIndex"]]["helpUri"] == "https://url.spec.whatwg.org/#invalid-credentials"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == path.as_uri()
    assert location["region"] == {"startLine": 2, "startColumn": 9, "endLine": 2, "endColumn": 11}
    [fix] = first["fixes"]
    assert fix["artifactChanges"][0]["replacements"] == [{
        "deletedRegion": location["region"], "insertedContent": {"text": ""}}]
    assert [r["ruleId"] for r in results[2:]] == ["invalid-UTF-8", "line-too-long", "invalid-URL-unit",
                                                  "invalid-URL-unit", "invalid-URL-unit", "more-errors"]
    assert results[-1]["level"] == "note" and status == 1


def test_sarif_from_arguments_validates(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["--format", "sarif", "https://u@b/", "https://exa%70le.org", "x",
                             "https://a/#\ud800"])
    log = json.loads(out)
    sarif_validator().validate(log)  # type: ignore[attr-defined]
    results = log["runs"][0]["results"]
    # Located in the artifact <command-line>, but not a file to change.
    assert all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "%3Ccommand-line%3E"
               and "fixes" not in r for r in results)
    assert results[0]["properties"]["fix"] == "" and results[0]["properties"]["input"] == "https://u@b/"


def test_sarif_of_valid_inputs_has_no_results(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["--format", "sarif", "https://a/"])
    log = json.loads(out)
    sarif_validator().validate(log)  # type: ignore[attr-defined]
    assert status == 0 and log["runs"][0]["results"] == []


def test_quiet_sarif_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, ["--format", "sarif", "-q", "https://a/"])
    assert status == 2 and "--quiet has no SARIF form" in err


def test_sarif_from_html_points_into_the_document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.html"
    path.write_text('<p>\n  <a href="https://h/a&#32;b">x</a> <img src="https://u@h/">', encoding="utf-8")
    _, out, _ = run(capsys, ["--format", "sarif", "--html", str(path)])
    log = json.loads(out)
    sarif_validator().validate(log)  # type: ignore[attr-defined]
    space, credentials = log["runs"][0]["results"]
    # The space is written as a character reference: its region is the reference.
    assert space["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 2, "startColumn": 23, "endLine": 2, "endColumn": 28}
    assert space["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"] == {"text": "%20"}
    assert credentials["locations"][0]["physicalLocation"]["region"]["startColumn"] == 55


def test_html_from_standard_input(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b'<a href="a b">')))
    status, out, _ = run(capsys, ["--html", "-", "--base", "https://example.org/d/"])
    assert status == 1 and out.startswith("<stdin>:1:11: error[invalid-URL-unit]")
