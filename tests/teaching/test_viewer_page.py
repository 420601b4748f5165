"""explain --format html: the viewer's page for one input, self-contained, under a policy that
allows its own inline script and stylesheet by hash and nothing else."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from urlgrammar.cli import main
from urlgrammar.teaching.facts import explain_json
from urlgrammar.teaching.viewer.page import asset, export, hash_source, json_block

HOSTILE = "</script><script>alert(1)</script><!--<img src=x onerror=alert(2)>\"'&amp;\u2028"


def _parts(page: str) -> tuple[str, list[str], list[str], dict[str, str]]:
    """The policy, the inline scripts, the inline styles and the JSON data block of a page."""
    [policy] = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    [data] = re.findall(r'<script type="application/json" id="explain-data">(.*?)</script>', page, re.S)
    return html.unescape(policy), scripts, styles, json.loads(data)


def test_the_page_allows_exactly_its_own_script_and_style() -> None:
    policy, scripts, styles, _ = _parts(export("https://h/a b?q#f"))
    assert scripts == [asset("viewer.js").decode()] and styles == [asset("viewer.css").decode()]
    assert policy == (f"default-src 'none'; script-src {hash_source(scripts[0])}; "
                      f"style-src {hash_source(styles[0])}; img-src data:; base-uri 'none'; "
                      "form-action 'none'")


def test_the_page_holds_what_explain_json_gives() -> None:
    for input, base in (("a/../b?c", "http://h/x/"), (HOSTILE, None), ("\ud800 \x00", None)):
        _, _, _, data = _parts(export(input, base))
        assert data == json.loads(json.dumps(explain_json(input, base)))


class _Elements(HTMLParser):
    """The start tags of a page, with their attributes, as an HTML parser reads them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def test_no_input_can_end_the_data_block_or_add_markup() -> None:
    base = "http://h/?" + HOSTILE.replace("\u2028", "")
    clean, hostile = _Elements(), _Elements()
    clean.feed(export("x", "http://h/"))
    hostile.feed(export(HOSTILE, base))
    # The same elements, whatever the input: it shows up as text, never as markup.
    assert [t for t, _ in hostile.tags] == [t for t, _ in clean.tags]
    assert not [a for _, attrs in hostile.tags for a in attrs if a.startswith("on")]
    # The title shows the input as typed, U+2028 (which breaks a line) as the stand-in.
    assert f"“{HOSTILE.replace(chr(0x2028), chr(0xFFFD))}”" in hostile.title
    assert json_block("</script><!--") == '"\\u003c/script\\u003e\\u003c!--"'


def test_the_page_loads_nothing() -> None:
    page = export("http://h/")
    assert not re.search(r"\ssrc=", page)
    assert re.findall(r"<link[^>]*>", page) == ['<link rel="icon" href="data:,">']
    # Links are there to follow, not to load: the standard, and the diagrams beside the page.
    assert {h for h in re.findall(r'href="([^"]*)"', page)} <= {"data:,", "https://url.spec.whatwg.org/",
                                                               "grammars.html"}


def test_the_page_reads_without_scripts() -> None:
    page = export("http:foo")
    [fallback] = re.findall(r"<noscript><pre class=\"code\">(.*?)</pre></noscript>", page, re.S)
    assert "force promoted the path segment “foo” to the authority" in fallback
    assert "<title>urlgrammar explain “http:foo”</title>" in page


def test_explain_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "view.html"
    assert main(["explain", "file:c|/x", "--format", "html", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == export("file:c|/x") + "\n"
    assert capsys.readouterr().out == ""


def test_a_dash_is_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 20: as `check --file -` reads standard input, every -o takes - for standard output.
    monkeypatch.chdir(tmp_path)
    assert main(["explain", "file:c|/x", "--format", "html", "-o", "-"]) == 0
    assert capsys.readouterr().out == export("file:c|/x") + "\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["missing/dir/view.html", ".", "/proc/version"])
def test_explain_says_when_it_cannot_write(where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["explain", "x", "--format", "html", "-o", where]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot write {where}: ") and "Traceback" not in err


def test_a_lone_surrogate_from_python_is_written_as_an_escape(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    assert main(["explain", "a\ud800", "--json", "-o", str(out)]) == 0
    # In a JSON string, the escape is the JSON escape of the same code point.
    assert json.loads(out.read_text(encoding="utf-8"))["input"] == "a\ud800"
