"""``urlgrammar check`` on Markdown and CSS: each link, image, autolink, reference definition and
``url()``, located by line and column in the source."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import check_main as main
from conftest import check_output as run
from conftest import lines_run

from urlgrammar.cli.check.css import urls as css_urls
from urlgrammar.cli.check.markdown import document_inputs
from urlgrammar.cli.check.sources import Stream

DOCUMENT = """\
# Links [home](https://example.com/) and ![logo](img/logo.png "Logo")

> A quote with <https://auto.example/x> and <me@example.org>, and `[code](http://no/)`.

    [indented code](http://no/)

- A list: [ref link][r], [![badge](https://badge.example/b.svg)](https://ci.example/run)
  and [escaped](http://x.example/a\\_b) and [js](javascript:alert(1))

[r]: https://ref.example/path  "Title"
[unused]:
  <https://next-line.example/>
"""


def inputs(tmp_path: Path, document: str, name: str = "doc.md") -> list[tuple[str, int, int | None]]:
    path = tmp_path / name
    path.write_text(document, encoding="utf-8")
    return [(item.text or "", item.line, item.column)
            for item in document_inputs(Stream(str(path), "markdown"), None)]


def test_every_kind_of_link_is_found_once_and_located(tmp_path: Path) -> None:
    found = inputs(tmp_path, DOCUMENT)
    assert [url for url, _, _ in found] == [
        "https://example.com/", "img/logo.png", "https://auto.example/x", "mailto:me@example.org",
        "https://badge.example/b.svg", "https://ci.example/run", "http://x.example/a_b",
        "javascript:alert(1)", "https://ref.example/path", "https://next-line.example/"]
    lines = DOCUMENT.split("\n")
    for url, line, column in found:
        assert column is not None
        written = url.removeprefix("mailto:").replace("a_b", "a\\_b")
        assert lines[line - 1][column - 1:].startswith(written), url


def test_locations_reach_the_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "doc.md"
    path.write_text("Intro\n\n* [a](https://u@h/)\n", encoding="utf-8")
    assert main(["--format", "jsonl", str(path)]) == 1
    [record] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert (record["source"], record["line"], record["column"]) == (str(path), 3, 7)
    assert (record["diagnostics"][0]["line"], record["diagnostics"][0]["column"]) == (3, 15)


def test_an_escaped_destination_is_located_at_its_start(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "doc.md"
    path.write_text("[a](https://h/\\_/&#32;x)\n", encoding="utf-8")
    assert main(["--format", "jsonl", str(path)]) == 1
    [record] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["input"] == "https://h/_/ x"
    assert {(d["line"], d["column"]) for d in record["diagnostics"]} == {(1, 5)}


def test_a_script_link_is_checked_not_dropped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "doc.md"
    path.write_text("[x](javascript:alert(1)) [y](https://example.com/)\n", encoding="utf-8")
    status, out, _ = run(capsys, [str(path)])
    assert status == 0 and f"{path}:1:5: warning[script-url]" in out
    assert out.count("warning[") == 1


def test_without_markdown_it_the_error_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "markdown_it", None)
    path = tmp_path / "doc.md"
    path.write_text("[a](https://a/)\n", encoding="utf-8")
    status, out, err = run(capsys, [str(path)])
    assert status == 2 and out == ""
    assert err == (f"urlgrammar check: error: {path}: reading Markdown needs markdown-it-py: "
                   "pip install 'urlgrammar[markdown]'\n")


def test_a_markdown_file_that_is_not_utf8_is_an_io_error(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "doc.md"
    path.write_bytes(b"[a](https://a/caf\xe9)\n")
    status, _, err = run(capsys, [str(path)])
    assert status == 2 and "is not UTF-8 (byte 0xE9 at byte 18)" in err


# ---- CSS -----------------------------------------------------------------------------------------


SHEET = """\
/* url(http://comment/) */ @import "imported.css";
a { background: url( https://a.example/x.png ) ; content: "url(http://string/)" }
b { src: url('fonts/f.woff2') format("woff2"), URL(data:font/woff;base64,AAA=); }
c { x: myurl(http://not/) ; y: url(p\\29 q.png) ; z: url(http://a b/) }
"""


def test_css_urls_are_those_css_reads() -> None:
    assert [url for _, url in css_urls(SHEET)] == [
        "imported.css", "https://a.example/x.png", "fonts/f.woff2", "data:font/woff;base64,AAA=",
        "p\\29 q.png", "http://a b/"]


def test_css_urls_are_located_and_unescaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.css"
    path.write_text(SHEET, encoding="utf-8")
    assert main(["--format", "jsonl", str(path)]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    lines = SHEET.split("\n")
    assert records[4]["input"] == "p)q.png"
    for record in records:
        raw = lines[record["line"] - 1][record["column"] - 1:]
        assert raw.startswith(record["input"]) or record["input"] == "p)q.png"
    bad = records[-1]
    assert (bad["input"], bad["valid"], bad["line"], bad["column"]) == ("http://a b/", False, 4, 57)


@pytest.mark.parametrize("piece", ["url(", "url(\\", '"\\', "/*", "@import ", "url(a", "url(\"a"])
def test_css_scan_is_linear(piece: str) -> None:
    def scan(text: str) -> list[tuple[int, str]]:
        return list(css_urls(text))

    small, large = (lines_run(scan, piece * n) for n in (2_000, 4_000))
    assert large <= 2.2 * small + 50
