"""``urlgrammar check``'s rules: advisories that fit the source, ``--select`` and ``--ignore``,
inline suppressions, and the configuration file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import check_output as run

PROTOCOL_RELATIVE = "//cdn.example/lib.js"
BASE = "https://example.com/page"


def codes(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, list[list[str]]]:
    """The exit status, and the codes of each input's diagnostics and advisories."""
    status, out, err = run(capsys, ["--format", "jsonl", *argv])
    assert "Traceback" not in err
    records = [json.loads(line) for line in out.splitlines()]
    return status, [[d["code"] for d in r["diagnostics"] + r["advisories"]] for r in records]


# ---- advisories that fit the source ------------------------------------------------------------


@pytest.mark.parametrize(("name", "document"), [
    ("page.html", f'<script src="{PROTOCOL_RELATIVE}"></script>'),
    ("page.md", f"[lib]({PROTOCOL_RELATIVE})"),
    ("page.css", f"a {{ b: url({PROTOCOL_RELATIVE}) }}"),
])
def test_a_protocol_relative_link_in_a_document_is_no_host_change(
        name: str, document: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / name
    path.write_text(document, encoding="utf-8")
    assert codes(capsys, [str(path), "--base", BASE]) == (0, [[]])


def test_a_protocol_relative_url_in_a_list_is_still_advised(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urls.txt"
    path.write_text(PROTOCOL_RELATIVE + "\n", encoding="utf-8")
    for argv in ([str(path)], ["--file", str(path)], [PROTOCOL_RELATIVE]):
        assert codes(capsys, [*argv, "--base", BASE]) == (0, [["scheme-relative-host-change"]])


def test_an_svg_data_url_in_css_is_no_active_content(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    url = "data:image/svg+xml,%3Csvg%3E%3C/svg%3E"
    (tmp_path / "a.css").write_text(f'a {{ background: url("{url}") }}', encoding="utf-8")
    (tmp_path / "a.html").write_text(f'<iframe src="{url}"></iframe>', encoding="utf-8")
    assert codes(capsys, [str(tmp_path / "a.css")]) == (0, [[]])
    assert codes(capsys, [str(tmp_path / "a.html")]) == (0, [["active-data-url"]])


def test_other_advisories_stay_in_documents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.md"
    path.write_text("[x](javascript:alert(1))\n", encoding="utf-8")
    assert codes(capsys, [str(path)]) == (0, [["script-url"]])


# ---- --select, --ignore, suppressions ------------------------------------------------------------


BAD = "https://u@h/a b"  # invalid-credentials, invalid-URL-unit


def test_select_and_ignore(capsys: pytest.CaptureFixture[str]) -> None:
    assert codes(capsys, [BAD]) == (1, [["invalid-credentials", "invalid-URL-unit"]])
    assert codes(capsys, [BAD, "--select", "invalid-URL-unit"]) == (1, [["invalid-URL-unit"]])
    assert codes(capsys, [BAD, "--ignore", "invalid-URL-unit"]) == (1, [["invalid-credentials"]])
    # Every diagnostic left out: the input counts as valid.
    assert codes(capsys, [BAD, "--ignore", "invalid-URL-unit,invalid-credentials"]) == (0, [[]])
    assert codes(capsys, ["javascript:x", "--strict-advisories", "--ignore", "script-url"]) == (0, [[]])


def test_an_ignored_failure_is_not_reported(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["https://h:99999/", "--ignore", "port-out-of-range"])
    assert (status, out) == (0, "")


def test_an_unknown_code_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, ["https://a/", "--ignore", "invalid-credential"])
    assert (status, out) == (2, "")
    assert err == ("urlgrammar check: error: --ignore: unknown code 'invalid-credential' "
                   "(the README lists the codes)\n")


@pytest.mark.parametrize(("name", "line"), [
    ("page.html", '<a href="{url}">x</a> <!-- urlgrammar: ignore[{codes}] -->'),
    ("page.md", "[x]({url}) <!-- urlgrammar: ignore[{codes}] -->"),
])
def test_a_comment_on_the_line_suppresses(name: str, line: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / name
    url = "https://u@h/"
    path.write_text("\n".join([line.format(url=url, codes="invalid-credentials"),
                               line.format(url=url, codes="IPv4-empty-part"),
                               line.format(url=url, codes="").replace("[]", ""),
                               line.format(url=url, codes="x").split(" <!--")[0]]), encoding="utf-8")
    status, found = codes(capsys, [str(path)])
    assert (status, found) == (1, [[], ["invalid-credentials"], [], ["invalid-credentials"]])


# ---- the configuration file ------------------------------------------------------------------


def test_pyproject_is_found_upward(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.urlgrammar]\nignore = ["invalid-URL-unit"]\n'
                                             'advisories = "strict"\n', encoding="utf-8")
    (tmp_path / "a" / "b").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "a" / "b")
    assert codes(capsys, [BAD]) == (1, [["invalid-credentials"]])
    assert codes(capsys, ["javascript:x"]) == (1, [["script-url"]])  # strict
    assert codes(capsys, ["javascript:x", "--no-advisories"]) == (0, [[]])
    # urlgrammar.toml nearer wins; a pyproject.toml without the table is passed over.
    (tmp_path / "a" / "urlgrammar.toml").write_text('select = ["invalid-URL-unit"]\n', encoding="utf-8")
    (tmp_path / "a" / "b" / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    assert codes(capsys, [BAD]) == (1, [["invalid-URL-unit"]])


def test_config_include_exclude_and_base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("urlgrammar.toml").write_text('include = ["*.txt"]\nexclude = ["skip"]\n'
                                       'base = "https://example.com/"\n', encoding="utf-8")
    Path("skip").mkdir()
    Path("skip/x.txt").write_text("https://u@h/\n", encoding="utf-8")
    Path("a.txt").write_text("relative/path\n", encoding="utf-8")
    Path("b.md").write_text("[x](https://u@h/)\n", encoding="utf-8")
    status, out, _ = run(capsys, ["--format", "jsonl", "."])
    [record] = [json.loads(line) for line in out.splitlines()]
    assert (status, record["source"], record["href"]) == (0, "a.txt", "https://example.com/relative/path")


@pytest.mark.parametrize(("text", "message"), [
    ('colour = "red"\n',
     "unknown key 'colour' (known: select, ignore, include, exclude, protected, advisories, base)"),
    ('select = ["no-such-code"]\n', "select: unknown code 'no-such-code' (the README lists the codes)"),
    ('ignore = "invalid-credentials"\n', "ignore must be a list of strings"),
    ('advisories = "loud"\n', "advisories must be one of 'off', 'on', 'strict'"),
    ('base = "not a url"\n', "base: "),
    ("select = [\n", "not TOML: "),
    ('protected = ["localhost"]\n', "protected: protected domain 'localhost' has one label"),
])
def test_a_bad_configuration_is_a_usage_error(text: str, message: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "urlgrammar.toml"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, ["https://a/", "--config", str(path)])
    assert (status, out) == (2, "")
    assert err.startswith(f"urlgrammar check: error: {path}: {message}") and err.count("\n") == 1


def test_a_missing_config_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "none.toml"
    status, _, err = run(capsys, ["https://a/", "--config", str(path)])
    assert status == 2 and err == f"urlgrammar check: error: --config {path}: no such file\n"


def test_protected_domains_from_the_configuration_and_protect_add_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    bank, shop = "https://mybаnk.example/", "https://shоp.example/"  # Cyrillic а and о
    assert "lookalike-domain" not in codes(capsys, [bank, shop])[1][0]
    Path("urlgrammar.toml").write_text('protected = ["mybank.example"]\n', encoding="utf-8")
    Path("more.txt").write_text("shop.example  # ours too\n", encoding="utf-8")
    [first, second] = codes(capsys, [bank, shop])[1]
    assert "lookalike-domain" in first and "lookalike-domain" not in second
    [first, second] = codes(capsys, [bank, shop, "--protect", "more.txt"])[1]
    assert "lookalike-domain" in first and "lookalike-domain" in second
