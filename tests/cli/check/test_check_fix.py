"""``urlgrammar check --fix`` and ``--diff``: suggestions written back where they are the same URL."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import check_output as run

from urlgrammar.cli.check.fix import same_url

FILES = {
    "urls.txt": "https://a/b c\nhttps://ok/\nhttp://h/%zz\nhttps://u@h/\n",
    "doc.md": "# T\n\n[a](<https://h/a b>) and [b](https://h/\\\\x) [c](https:\\\\\\\\h\\\\p)\n",
    "page.html": ('<a href="https://h/a b">x</a> <a href="https://h/&#32;y">y</a>\n'
                  '<img src="https:\\\\h\\\\p">\n'),
    "style.css": "a { background: url('https://h/a b') }\n",
}
FIXED = {
    "urls.txt": "https://a/b%20c\nhttps://ok/\nhttp://h/%zz\nhttps://u@h/\n",
    "doc.md": "# T\n\n[a](<https://h/a%20b>) and [b](https://h/\\\\x) [c](https:\\\\\\\\h\\\\p)\n",
    "page.html": '<a href="https://h/a%20b">x</a> <a href="https://h/&#32;y">y</a>\n<img src="https://h//p">\n',
    "style.css": FILES["style.css"],
}


def repository(root: Path) -> None:
    for name, text in FILES.items():
        (root / name).write_text(text, encoding="utf-8")


def test_diff_shows_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    repository(tmp_path)
    status, out, err = run(capsys, [*FILES, "--diff"])
    assert (status, err) == (1, "would fix 4 URLs in 3 files\n")
    assert "-https://a/b c\n+https://a/b%20c\n" in out and out.startswith("--- a/urls.txt\n+++ b/urls.txt\n")
    assert "+[a](<https://h/a%20b>) and [b](https://h/\\\\x) [c](https:\\\\\\\\h\\\\p)\n" in out
    assert all((tmp_path / name).read_text(encoding="utf-8") == text for name, text in FILES.items())


def test_fix_writes_what_is_the_same_url_and_nothing_else(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    repository(tmp_path)
    status, _, err = run(capsys, [*FILES, "--fix", "-q"])
    assert status == 1 and err == "fixed 4 URLs in 3 files\n"  # %zz, u@ and the CSS are left
    assert {name: (tmp_path / name).read_text(encoding="utf-8") for name in FILES} == FIXED
    status, _, err = run(capsys, ["urls.txt", "--ignore", "invalid-URL-unit,invalid-credentials", "--fix"])
    assert (status, err) == (0, "fixed 0 URLs in 0 files\n")


def test_fix_leaves_the_exit_status_to_what_it_did_not_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("urls.txt").write_bytes(b"\xef\xbb\xbfhttps://a/b c\r\nhttps:\\\\h\\p\r\n")
    status, _, _ = run(capsys, ["urls.txt", "--fix", "-q"])
    assert status == 0
    assert Path("urls.txt").read_bytes() == b"\xef\xbb\xbfhttps://a/b%20c\r\nhttps://h/p\r\n"
    assert run(capsys, ["urls.txt", "--diff"])[0] == 0


def test_nothing_is_written_without_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    repository(tmp_path)
    for fmt in ("text", "json", "sarif"):
        run(capsys, [*FILES, "--format", fmt])
    assert all((tmp_path / name).read_text(encoding="utf-8") == text for name, text in FILES.items())


@pytest.mark.parametrize(("input", "suggestion", "base", "same"), [
    ("https://h/a b", "https://h/a%20b", None, True),
    ("a b", "a%20b", "https://h/", True),
    ("https://h/a b", "https://h/a+b", None, False),
    ("https://h/a", "https://h/a", None, True),
    ("https://h:99999/", "https://h/", None, False),  # the input does not parse
    ("?q=é", "?q=%E9", "https://h/", False),  # UTF-8 for the query ...
])
def test_same_url_is_the_same_href(input: str, suggestion: str, base: str | None, same: bool) -> None:
    assert same_url(input, suggestion, base, "utf-8") is same


def test_same_url_reads_the_query_in_the_documents_encoding() -> None:
    assert same_url("?q=é", "?q=%E9", "https://h/", "windows-1252")
