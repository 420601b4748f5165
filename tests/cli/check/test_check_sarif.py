"""``urlgrammar check --format sarif`` as GitHub code scanning reads it: every result located,
from every source (arguments, standard input, files of lines, CSV columns, HTML documents),
rules with help and, for the advisories, a security severity, and fingerprints that stay.

The rules checked are those of GitHub's "SARIF support for code scanning"
(docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning):
its tables of required properties and its limits, beside the SARIF 2.1.0 schema."""

from __future__ import annotations

import gzip
import io
import json
import re
from pathlib import Path

import pytest
from conftest import check_output as run
from test_check_formats import sarif_validator

from urlgrammar.errors import ADVISORIES, VALIDATION_ERRORS, Code

#: A URI reference as RFC 3986 writes one: its code points, and percent signs only before two
#: hex digits (artifactLocation.uri is a "uri-reference"; the schema's format is not checked
#: without an extra package, so it is checked here).
URI_REFERENCE = re.compile(r"(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+")


def code_scanning_accepts(log: dict[str, object]) -> list[dict[str, object]]:
    """Check ``log`` against the SARIF schema and code scanning's documented rules; its results.

    The page's tables: the log's ``$schema``, ``version`` 2.1.0 and ``runs``; a run's
    ``tool.driver.name`` and ``rules``; a rule's ``id``, ``shortDescription.text`` and
    ``fullDescription.text`` (1,024 characters at most) and ``help.text``; a
    ``security-severity`` a string score above 0.0 up to 10.0, read for rules tagged
    ``security``; a result's ``message.text``, ``locations`` (one to ten, each a
    ``physicalLocation`` with ``artifactLocation.uri`` and every coordinate of its region) and
    ``partialFingerprints`` (of which code scanning reads ``primaryLocationLineHash``). "The
    empty string is not supported for required properties." Its limits: 10 MB gzip-compressed,
    20 runs, 25,000 results and 25,000 rules a run, 20 tags a rule.
    """
    sarif_validator().validate(log)  # type: ignore[attr-defined]
    text = json.dumps(log)
    assert len(gzip.compress(text.encode())) <= 10 * 1024 * 1024
    assert log["$schema"] and log["version"] == "2.1.0"
    runs = log["runs"]
    assert isinstance(runs, list) and 1 <= len(runs) <= 20
    [run_] = runs
    driver = run_["tool"]["driver"]
    assert driver["name"] == "urlgrammar"
    rules = driver["rules"]
    results = run_["results"]
    assert len(results) <= 25_000
    for result in results:
        assert result["message"]["text"]
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert 1 <= len(result["locations"]) <= 10
        location = result["locations"][0]["physicalLocation"]
        assert URI_REFERENCE.fullmatch(location["artifactLocation"]["uri"])
        region = location["region"]
        assert all(region[key] >= 1 for key in ("startLine", "startColumn", "endLine", "endColumn"))
        assert (region["startLine"], region["startColumn"]) <= (region["endLine"], region["endColumn"])
        fingerprint = result["partialFingerprints"]["primaryLocationLineHash"]
        assert isinstance(fingerprint, str) and fingerprint
    assert len(rules) <= 25_000
    for rule in rules:
        assert rule["id"] and rule["help"]["text"]
        assert 0 < len(rule["shortDescription"]["text"]) <= 1024
        assert 0 < len(rule["fullDescription"]["text"]) <= 1024
        properties = rule.get("properties", {})
        assert len(properties.get("tags", [])) <= 20
        if "security-severity" in properties:
            assert "security" in properties["tags"]
            assert isinstance(properties["security-severity"], str)
            assert 0.0 < float(properties["security-severity"]) <= 10.0
    assert results, "a test of locations needs results"
    return results


def sarif(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    _, out, _ = run(capsys, ["--format", "sarif", *argv])
    log: dict[str, object] = json.loads(out)
    return log


def place(result: dict[str, object]) -> tuple[str, int, int, int, int]:
    location = result["locations"][0]["physicalLocation"]  # type: ignore[index]
    region = location["region"]
    return (location["artifactLocation"]["uri"], region["startLine"], region["startColumn"],
            region["endLine"], region["endColumn"])


# ---- locations, from every source --------------------------------------------------------------


BAD = "https://u@b/c d"  # invalid-credentials at 8..10, invalid-URL-unit at 13..14


@pytest.mark.parametrize("source", ["arguments", "stdin", "file", "csv", "html", "list", "markdown",
                                    "css", "directory"])
def test_sarif_from_every_source_is_what_code_scanning_accepts(
        source: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    lines = f"https://a/\n{BAD}\n".encode()
    if source == "arguments":
        argv, uri, line, column = ["https://a/", BAD], "%3Ccommand-line%3E", 2, 1
    elif source == "stdin":
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(lines)))
        argv, uri, line, column = ["--file", "-"], "%3Cstdin%3E", 2, 1
    elif source == "file":
        Path("my urls.txt").write_bytes(lines)
        argv, uri, line, column = ["--file", "my urls.txt"], "my%20urls.txt", 2, 1
    elif source == "csv":
        Path("links.csv").write_text(f"id,url\n1,https://a/\n2,{BAD}\n", encoding="utf-8")
        argv, uri, line, column = ["--file", "links.csv", "--column", "url"], "links.csv", 3, 3
    elif source == "html":
        Path("page.html").write_text(f'<p>\n<a href="https://a/"></a>\n  <a href="{BAD}">', encoding="utf-8")
        argv, uri, line, column = ["--html", "page.html"], "page.html", 3, 12
    elif source == "list":  # a path among the arguments
        Path("urls.txt").write_bytes(lines)
        argv, uri, line, column = ["urls.txt"], "urls.txt", 2, 1
    elif source == "markdown":
        Path("doc.md").write_text(f"# T\n\n[a](https://a/) and [b](<{BAD}>)\n", encoding="utf-8")
        argv, uri, line, column = ["doc.md"], "doc.md", 3, 26
    elif source == "css":
        sheet = f'a {{ b: url(https://a/) }}\np {{ background: url("{BAD}") }}'
        Path("s.css").write_text(sheet, encoding="utf-8")
        argv, uri, line, column = ["s.css"], "s.css", 2, 22
    else:
        Path("docs/api").mkdir(parents=True)
        Path("docs/api/x.md").write_text(f"[a](https://a/)\n\n> - [b](<{BAD}>)\n", encoding="utf-8")
        argv, uri, line, column = ["docs"], "docs/api/x.md", 3, 10
    credentials, space = code_scanning_accepts(sarif(capsys, argv))
    assert (credentials["ruleId"], space["ruleId"]) == ("invalid-credentials", "invalid-URL-unit")
    assert place(credentials) == (uri, line, column + 8, line, column + 10)
    assert place(space) == (uri, line, column + 13, line, column + 14)


def test_arguments_have_no_file_to_fix(capsys: pytest.CaptureFixture[str]) -> None:
    [result] = code_scanning_accepts(sarif(capsys, ["https://a/", "https://a/", "https://u@b/"]))
    # The artifact says what it is; its line is the argument's number.
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["description"]["text"] == "the arguments: argument N is line N"
    assert location["region"]["startLine"] == 3
    assert "fixes" not in result and result["properties"]["fix"] == ""


def test_what_was_not_checked_and_the_cuts_are_located(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    path.write_bytes(b"\xff\n" + b"h" * 50 + b"\nhttps://h/" + b"a " * 3 + b"z\n")
    log = sarif(capsys, ["--file", str(path), "--max-line-length", "40", "--max-errors", "1"])
    results = code_scanning_accepts(log)
    assert [(r["ruleId"], place(r)[1:]) for r in results] == [
        ("invalid-UTF-8", (1, 1, 1, 1)), ("line-too-long", (2, 1, 2, 1)),
        ("invalid-URL-unit", (3, 12, 3, 13)),
        # --max-errors' cut is about the whole input.
        ("more-errors", (3, 1, 3, 18))]


def test_a_csv_field_whose_column_is_not_known_is_located_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "links.csv"
    path.write_bytes(b'id,url\n1,"https://c/ ""q"""\n')
    results = code_scanning_accepts(sarif(capsys, ["--file", str(path), "--column", "url"]))
    assert [place(r)[1:] for r in results] == [(2, 1, 2, 1)] * 3  # the space and the quotes
    # Not a region to replace: the fix is a property.
    assert "fixes" not in results[0] and results[0]["properties"]["fix"] == "%20"


# ---- rules: help, and advisories as security rules ---------------------------------------------


def test_rules_have_help_text_and_a_help_uri(capsys: pytest.CaptureFixture[str]) -> None:
    log = sarif(capsys, ["https://u@b/", "javascript:alert(1)"])
    code_scanning_accepts(log)
    error, advisory = log["runs"][0]["tool"]["driver"]["rules"]  # type: ignore[index]
    assert error["helpUri"] == "https://url.spec.whatwg.org/#invalid-credentials"
    assert error["help"]["text"].endswith("See https://url.spec.whatwg.org/#invalid-credentials.")
    assert "(https://url.spec.whatwg.org/#invalid-credentials)" in error["help"]["markdown"]
    assert advisory["helpUri"] == "https://url.spec.whatwg.org/#security-considerations"
    assert advisory["defaultConfiguration"] == {"level": "warning"}


def test_advisories_are_security_rules_and_errors_are_not(capsys: pytest.CaptureFixture[str]) -> None:
    from urlgrammar.cli.check.sarif import SECURITY

    log = sarif(capsys, ["https://u@b/", "javascript:alert(1)", "http://127.0.0.1/", "data:text/html,x",
                         "https://example.com@evil.example/"])
    code_scanning_accepts(log)
    rules = {r["id"]: r["properties"] for r in log["runs"][0]["tool"]["driver"]["rules"]}  # type: ignore[index]
    assert {"script-url", "internal-address", "host-lookalike-credentials", "active-data-url"} <= rules.keys()
    for code, properties in rules.items():
        if code in ADVISORIES:
            assert properties["tags"][:2] == ["security", "url"]
            assert properties["security-severity"] == SECURITY[code].severity
        else:
            assert code in VALIDATION_ERRORS
            assert properties["tags"] == ["correctness", "url"] and "security-severity" not in properties
    assert "external/cwe/cwe-79" in rules["script-url"]["tags"]


def test_every_advisory_has_a_security_severity() -> None:
    from urlgrammar.cli.check.sarif import SECURITY

    assert SECURITY.keys() == ADVISORIES.keys()
    for security in SECURITY.values():
        # GitHub's bands: 0.1 to 3.9 low ... over 9.0 critical; one decimal, as it writes them.
        assert re.fullmatch(r"\d{1,2}\.\d", security.severity)
        assert 0.1 <= float(security.severity) <= 10.0


def test_an_advisory_without_a_severity_is_still_written(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from urlgrammar.cli.check.sarif import SECURITY

    # What a new advisory merged without its row gives: a security rule of no severity.
    monkeypatch.delitem(SECURITY, Code.SCRIPT_URL)
    log = sarif(capsys, ["javascript:alert(1)"])
    code_scanning_accepts(log)
    [rule] = log["runs"][0]["tool"]["driver"]["rules"]  # type: ignore[index]
    assert rule["properties"] == {"tags": ["security", "url"], "severity": "advisory"}


# ---- fingerprints --------------------------------------------------------------------------------


def fingerprints(log: dict[str, object]) -> list[tuple[str, str, str]]:
    results = code_scanning_accepts(log)
    return sorted((r["ruleId"], r["properties"]["input"], r["partialFingerprints"]["primaryLocationLineHash"])
                  for r in results)


def test_fingerprints_stay_across_runs_names_moves_and_orders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    urls = ["https://u@b/", "https://a/b c", "javascript:x", "https://a/b c"]
    Path("urls.txt").write_text("\n".join(urls) + "\n", encoding="utf-8")
    relative = fingerprints(sarif(capsys, ["--file", "urls.txt"]))
    assert fingerprints(sarif(capsys, ["--file", "urls.txt"])) == relative
    assert fingerprints(sarif(capsys, ["--file", str(tmp_path / "urls.txt")])) == relative
    # Lines moved down and reordered: the same URLs, the same fingerprints.
    Path("moved.txt").write_text("\n\nhttps://ok/\n" + "\n".join(reversed(urls)) + "\n", encoding="utf-8")
    assert fingerprints(sarif(capsys, ["--file", "moved.txt"])) == relative
    # Two copies of one URL in a file are two alerts.
    copies = [f for rule, url, f in relative if url == "https://a/b c"]
    assert len(copies) == len(set(copies)) == 2
    assert [c.rsplit(":", 1)[1] for c in copies] == ["1", "2"]
    # The same URL from standard input or the arguments: the same fingerprints.
    assert fingerprints(sarif(capsys, urls)) == relative



def test_fingerprints_count_copies_in_bounded_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # One hash counted a source: the first URL's copies are told apart, the second's share one.
    monkeypatch.setattr("urlgrammar.cli.check.sarif.FINGERPRINTS_COUNTED", 1)
    path = tmp_path / "urls.txt"
    path.write_text("https://a/b c\nhttps://a/d e\nhttps://a/b c\nhttps://a/d e\n", encoding="utf-8")
    prints = [f.rsplit(":", 1)[1] for _, _, f in fingerprints(sarif(capsys, ["--file", str(path)]))]
    assert prints == ["1", "2", "1", "1"]
