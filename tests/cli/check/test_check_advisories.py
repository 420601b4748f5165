"""``urlgrammar check`` and advisories: warnings in every format, --no-advisories,
--strict-advisories, and the exit status they do not change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import check_output as run
from test_check_formats import sarif_validator


def test_text_shows_a_warning_and_exits_0_for_a_valid_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["https://g\u200boogle.com/"])
    assert status == 0
    assert out.splitlines() == [
        "1:10: warning[invisible-host-code-point]: The host holds a code point that the domain "
        "mapping removes or turns into a dot, unseen: U+200B (ZERO WIDTH SPACE) is removed; the "
        "URL goes to 'google.com'.",
        "  https://g\ufffdoogle.com/",
        "           ^",
        "  fix: remove '\\u200b'",  # the fix says which code point it removes
    ]


def test_warnings_come_after_the_errors_and_their_notes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["https://g\u200boogle.com/a b"])
    assert status == 1
    heads = [line.split(": ")[1] for line in out.splitlines() if line[:1].isdigit()]
    assert heads == ["error[invalid-URL-unit]", "suggestion", "warning[invisible-host-code-point]"]


def test_no_advisories_and_strict_advisories(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, ["--no-advisories", "http://localhost/"]) == (0, "", "")
    status, out, _ = run(capsys, ["--strict-advisories", "http://localhost/"])
    assert status == 1 and "warning[internal-address]" in out
    assert run(capsys, ["--strict-advisories", "https://example.com/"]) == (0, "", "")
    with pytest.raises(SystemExit) as e:
        run(capsys, ["--no-advisories", "--strict-advisories", "x"])
    assert e.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_max_errors_limits_the_advisories_too(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["--max-errors", "2", "https://a\u200bb\u200bc\u200bd.example/"])
    assert out.count("warning[invisible-host-code-point]") == 2
    assert out.splitlines()[-1] == "1: note: and 1 more advisories (--max-errors 2)"


def test_gnu(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["--format", "gnu", "//evil.example/x", "--base", "https://good.example/"])
    assert out.splitlines() == [
        "<command-line>:1:1: warning: The reference keeps the base URL's scheme but replaces its "
        "host: 'good.example' becomes 'evil.example' (https: from the base URL). "
        "[scheme-relative-host-change]",
        "<command-line>:1:1: note: fix: replace '//evil.example' with 'https://evil.example'",
    ]


def test_summary_counts_the_advisories(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["http://localhost/", "http://127.0.0.1/", "https://example.com/"])
    assert out.splitlines()[-1] == ("3 inputs: valid 3, invalid 0, failures 0; advised 2: "
                                    "internal-address 2")


@pytest.mark.parametrize("format", ["json", "jsonl"])
def test_json_formats(format: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["--format", format, "--summary", "javascript:alert(1)"])
    if format == "json":
        document = json.loads(out)
        [item], summary = document["inputs"], document["summary"]
    else:
        first, last = out.splitlines()
        item, summary = json.loads(first), json.loads(last)["summary"]
    [advisory] = item["advisories"]
    assert advisory == {"code": "script-url", "severity": "advisory", "start": 0, "end": 10,
                        "component": "scheme", "message": advisory["message"], "detail": None,
                        "fix": None, "spec": "https://url.spec.whatwg.org/#security-considerations",
                        "line": 1, "column": 1}
    assert item["advisories_omitted"] == 0 and item["diagnostics"] == []
    assert (summary["advised"], summary["advisories"]) == (1, {"script-url": 1})


def test_sarif_level_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("https://example.com/\nhttps://evil\u3002example/\n", encoding="utf-8")
    _, out, _ = run(capsys, ["--format", "sarif", "--file", str(path)])
    log = json.loads(out)
    sarif_validator().validate(log)  # type: ignore[attr-defined]
    [result] = log["runs"][0]["results"]
    assert (result["ruleId"], result["level"]) == ("invisible-host-code-point", "warning")
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"], region["endColumn"]) == (2, 13, 14)
    [fix] = result["fixes"]
    assert fix["artifactChanges"][0]["replacements"][0]["insertedContent"] == {"text": "."}
    [rule] = log["runs"][0]["tool"]["driver"]["rules"]
    assert rule["helpUri"] == "https://url.spec.whatwg.org/#url-rendering-i18n"
    assert rule["properties"]["severity"] == "advisory"


def test_context_fetch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, ["--context", "fetch", "--strict-advisories", "file:///etc/passwd"])
    assert status == 1 and "warning[unsafe-fetch-scheme]" in out
    assert "'file:' reads the server's own files" in out
    # Near misses: the default context, and a web URL fetched.
    assert run(capsys, ["--strict-advisories", "file:///etc/passwd"]) == (0, "", "")
    assert run(capsys, ["--context", "fetch", "--strict-advisories", "https://example.com/"]) == (0, "", "")
    # Worker processes check in the context too.
    path = tmp_path / "urls.txt"
    path.write_text("gopher://h/_x\nhttps://example.com/\n" * 400)
    _, out, _ = run(capsys, ["--context", "fetch", "--jobs", "2", "--summary", "--file", str(path)])
    assert "unsafe-fetch-scheme 400" in out
    with pytest.raises(SystemExit) as e:
        run(capsys, ["--context", "server", "x"])
    assert e.value.code == 2
