"""The command line: output people read, JSON for machines, exit codes, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from urlgrammar.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_parse_prints_the_getters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "  HTTP://u@h:80/a/../b?q#f")
    assert code == 0
    lines = dict(line.split(maxsplit=1) if " " in line else (line, "") for line in out.splitlines())
    assert lines["href"] == "http://u@h/b?q#f"
    assert lines["port"] == "" and lines["pathname"] == "/b" and lines["origin"] == "http://h"


def test_parse_json_and_the_encoding(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "é?é", "--base", "http://h/", "--json",
                       "--encoding", "windows-1252")
    assert code == 0 and json.loads(out)["href"] == "http://h/%C3%A9?%E9"


def test_parse_failure_names_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "parse", "http://h:99999/")
    assert code == 1 and out == "" and err.startswith("error: port-out-of-range at 9..14")


def test_reference_prints_components_with_spans(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reference", "  http://u@h:8/a/b?q#f")
    assert code == 0
    lines = dict((line.split()[0], line.split()[1:]) for line in out.splitlines())
    assert lines["href"] == ["http://u@h:8/a/b?q#f"]
    assert lines["host"] == ["h", "11..12"]
    assert lines["query"] == ["q", "19..20"]


def test_parse_keeps_relative_references_relative(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reference", "../a?", "--json")
    data = json.loads(out)
    assert code == 0 and data["href"] == "../a?"
    assert [c["type"] for c in data["components"]] == ["dir", "file", "query"]
    assert data["components"][2] == {"type": "query", "value": "", "start": 5, "end": 5}


def test_parse_with_a_base(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reference", "c", "--base", "s://h/a/b", "--json")
    assert code == 0 and json.loads(out)["href"] == "s://h/a/c"
    code, out, _ = run(capsys, "reference", "./c/../d", "--normalize", "--json")
    assert code == 0 and json.loads(out)["href"] == "d"


def test_failure_exits_1_with_the_error_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "reference", "x", "--base", "mailto:a")
    assert code == 1 and out == ""
    assert err.startswith("error: missing-scheme-non-relative-URL")


def test_tree_prints_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tree", "file:c|/x")
    assert code == 0
    assert "# file mode" in out and "auth_drive_invalid" in out and "path_root" in out


def test_tree_mode_can_be_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "tree", "a\\b", "--mode", "special")
    assert "dir" in out
    _, out, _ = run(capsys, "tree", "a\\b", "--mode", "generic")
    assert "dir" not in out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["parse"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["tree", "x", "--mode", "nope"])
    assert info.value.code == 2


def test_no_traceback_for_undecodable_arguments() -> None:
    # argv bytes that are not UTF-8 reach Python as lone surrogates.
    arg = b"http://h/\xff".decode("utf-8", "surrogateescape")
    for command, expected in (("parse", "%EF%BF%BD"), ("reference", "\\udcff")):
        proc = subprocess.run([sys.executable, "-m", "urlgrammar", command, arg],
                              capture_output=True, text=True, errors="replace", check=False)
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr
        assert expected in proc.stdout
