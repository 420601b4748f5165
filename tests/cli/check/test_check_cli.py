"""``urlgrammar check``: text and JSON output, exit status, summary, bad files and bytes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import check_main as main
from conftest import check_output as output

from urlgrammar.cli.check import command as check


def test_a_valid_url_exits_0_and_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert output(capsys, ["https://example.com/"]) == (0, "", "")


def test_text_is_compiler_style(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = output(capsys, ["https://user@example.org/a\\b"])
    assert status == 1
    assert out.splitlines() == [
        "1:9: error[invalid-credentials]: The URL includes a username or password, which a valid "
        "URL string cannot have.",
        "  https://user@example.org/a\\b",
        "          ^^^^^",
        "  fix: remove 'user@'",
        "1:27: error[invalid-reverse-solidus]: A special URL uses a backslash where a slash belongs.",
        "  https://user@example.org/a\\b",
        "                            ^",
        "  fix: replace '\\' with '/'",
    ]


def test_insertions_failures_and_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = output(capsys, ["--no-advisories", "https:example.org"])
    assert out.splitlines()[-2:] == ["  fix: insert '//'", "1: suggestion: https://example.org"]
    _, out, _ = output(capsys, ["https://h:99999/"])
    assert "1:11: error[port-out-of-range]" in out
    assert out.splitlines()[-1] == "1: note: the URL parser fails on this input"


def test_carets_line_up_under_tabs_and_wide_characters(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = output(capsys, ["https://\u4f8b.com/\tx y"])
    lines = out.splitlines()
    assert lines[1:3] == ["  https://\u4f8b.com/\u2409x y", "  " + " " * 15 + "^"]  # 例 is two wide
    assert lines[5:7] == ["  https://\u4f8b.com/\u2409x y", "  " + " " * 17 + "^"]


def test_several_inputs_get_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = output(capsys, ["https://a/", "https://u@b/", "https://c:x/", "https://d/ e"])
    assert status == 1
    assert out.splitlines()[-1] == ("4 inputs: valid 1, invalid 3, failures 1; "
                                    "invalid-credentials 1, port-invalid 1, invalid-URL-unit 1")
    assert "2:9: error[invalid-credentials]" in out and "4:11: error[invalid-URL-unit]" in out


def test_json_is_one_document_with_every_field_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = output(capsys, ["--format", "json", "https://a/", "x", "--base", "https://b/c"])
    assert status == 0
    document = json.loads(out)
    first, second = document["inputs"]
    assert list(first) == ["n", "source", "line", "column", "input", "base", "valid", "failure",
                           "diagnostics", "omitted", "advisories", "advisories_omitted", "href",
                           "suggestion", "grammar_error", "disagreement", "problem"]
    assert (second["n"], second["href"], second["valid"]) == (2, "https://b/x", True)
    assert second["base"] == "https://b/c"
    assert document["summary"] == {"inputs": 2, "valid": 2, "invalid": 0, "failures": 0,
                                   "unchecked": 0, "codes": {}, "omitted": 0, "advised": 0,
                                   "advisories": {}, "advisories_omitted": 0}


def test_json_diagnostics(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = output(capsys, ["--format", "json", "https://exa%70le.org"])
    [report] = json.loads(out)["inputs"]
    assert report["diagnostics"] == [{
        "code": "domain-percent-encoded", "severity": "error", "start": 11, "end": 14, "component": "host",
        "message": "The domain is percent-encoded.", "detail": None, "fix": "p",
        "spec": "https://url.spec.whatwg.org/#domain-percent-encoded", "line": 1, "column": 12}]
    assert report["grammar_error"]["rule"] == "domain"
    assert report["suggestion"] == "https://exaple.org"


def test_a_file_is_checked_line_by_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(b"\xef\xbb\xbfhttps://a/\r\n\nhttps://u@b/\n")
    status, out, _ = output(capsys, ["--file", str(path)])
    assert status == 1
    assert out.splitlines()[0].startswith(f"{path}:3:9: error[invalid-credentials]")
    assert out.splitlines()[-1].startswith("2 inputs: valid 1, invalid 1")


def test_standard_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"https://a/\nhttps://b/\n")))
    assert output(capsys, ["-"]) == (0, "2 inputs: valid 2, invalid 0, failures 0\n", "")


def test_undecodable_bytes_get_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(b"https://a/\nhttps://\xff/\n")
    status, out, err = output(capsys, ["--file", str(path)])
    assert status == 1 and err == ""
    assert "2: error[invalid-UTF-8]: The line is not valid UTF-8: byte 0xFF at column 9." in out
    assert out.splitlines()[-1] == "2 inputs: valid 1, invalid 1, failures 0, unchecked 1; invalid-UTF-8 1"


def test_an_argument_that_is_not_utf8_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    # How Python passes on a bad argv byte; tests/cli/test_cli.py runs it as a process.
    with pytest.raises(SystemExit) as info:
        main(["https://\udcff/"])
    assert info.value.code == 2
    assert "argument URL: not valid UTF-8: byte 0xFF at offset 8" in capsys.readouterr().err


def test_no_inputs_are_said_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    for content in (b"", b"\n \r\n\t\n"):
        path.write_bytes(content)
        assert output(capsys, ["--file", str(path)]) == (0, "", f"0 inputs: {path} has no non-blank lines\n")
    proc = subprocess.run([sys.executable, "-m", "urlgrammar", "check", "-"], input="",
                          capture_output=True, text=True, check=False)
    assert (proc.returncode, proc.stdout) == (0, "")
    assert proc.stderr == "0 inputs: standard input has no non-blank lines\n"


def test_an_unreadable_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = output(capsys, ["--file", str(tmp_path / "missing.txt")])
    assert (status, out) == (2, "")
    assert err.startswith("urlgrammar check: error: cannot read ") and "Traceback" not in err
    status, _, err = output(capsys, ["--file", str(tmp_path)])
    assert status == 2 and "cannot read" in err


@pytest.mark.parametrize("argv", [[], ["https://a/", "--file", "f"], ["-", "https://a/"]])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = output(capsys, argv)
    assert (status, out) == (2, "") and err.startswith("urlgrammar check: error:")


@pytest.mark.parametrize("argv", [["--format", "xml", "https://a/"], ["x", "--base", "not a base"]])
def test_a_bad_option_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].startswith("urlgrammar check: error: argument")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_has_a_count_a_rate_and_how_far() -> None:
    err = Terminal()
    clock = iter([0.0, 0.1, 0.6, 0.7, 1.0, 5.0]).__next__
    progress = check.Progress(err, lambda: 0.375, clock)
    for _ in range(4):
        progress.tick()
    # Nothing before PROGRESS_AFTER seconds; then at most every PROGRESS_EVERY seconds.
    assert err.getvalue() == "\rchecked 2 (3/s) 38%\rchecked 4 (4/s) 38%"
    progress.tick()
    assert err.getvalue().endswith("\rchecked 5 (1/s) 38%")
    progress.clear()
    assert err.getvalue().endswith("\r" + " " * len("checked 5 (1/s) 38%") + "\r")
    progress.clear()  # once cleared, nothing more
    assert err.getvalue().endswith(" \r")


def test_no_progress_where_standard_error_is_not_a_terminal() -> None:
    err = io.StringIO()
    progress = check.Progress(err, lambda: None, iter([0.0, *range(1, 10)]).__next__)
    for _ in range(5):
        progress.tick()
    progress.clear()
    assert err.getvalue() == ""


def test_progress_is_cleared_before_diagnostics(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    times = iter(float(t) for t in range(100))
    monkeypatch.setattr(check.time, "monotonic", lambda: next(times))
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    written: list[str] = []
    monkeypatch.setattr("sys.stderr.write", lambda s: written.append(s) or len(s))
    monkeypatch.setattr("sys.stdout.write", lambda s: written.append("OUT:" + s) or len(s))
    main(["https://a/", "https://u@b/", "https://c/"])
    first_out = next(i for i, s in enumerate(written) if s.startswith("OUT:2:9"))
    assert written[first_out - 2] == "\rchecked 2 (1/s)"  # shown, then cleared:
    assert written[first_out - 1].strip() == "" and written[first_out - 1].endswith("\r")


def test_json_with_a_lone_surrogate_is_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = output(capsys, ["--format", "json", "https://a/#\ud800"])
    assert status == 1 and out.isascii()
    assert json.loads(out)["inputs"][0]["diagnostics"][0]["detail"] == "U+D800"
