"""``urlgrammar check --html``: the URL-valued attributes of HTML documents, located in the source."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import check_main as main

from urlgrammar.cli.check.html import document_inputs, srcset_urls
from urlgrammar.cli.check.sources import Stream


def jsonl(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[dict[str, object]]:
    main(["--format", "jsonl", "--max-errors", "0", *argv])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def position(document: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column (in code points) of ``document[offset]``."""
    return document.count("\n", 0, offset) + 1, offset - document.rfind("\n", 0, offset)


def urls(tmp_path: Path, document: str, base: str | None = "https://example.org/dir/page.html") -> list[str]:
    path = tmp_path / "page.html"
    path.write_text(document, encoding="utf-8")
    return [item.text or "" for item in document_inputs(Stream(str(path)), base)]


def test_which_attributes_hold_urls(tmp_path: Path) -> None:
    document = ('<a href="a1" ping="p1 p2"><img src=i1 srcset="s1 1x, s2 2x"><div data="no" src="no">'
                '<object data="o1"><video poster=v1 src=v2><form action=f1><button formaction=b1>'
                '<q cite=c1><span itemtype="http://t1 http://t2"><link href=l1><x-y href=no>')
    assert urls(tmp_path, document) == ["a1", "p1", "p2", "i1", "s1", "s2", "o1", "v1", "v2", "f1",
                                        "b1", "c1", "http://t1", "http://t2", "l1"]


@pytest.mark.parametrize(("value", "expected"), [
    ("a.png", ["a.png"]),
    ("a.png 1x, b.png 2x", ["a.png", "b.png"]),
    ("a.png,b.png", ["a.png,b.png"]),  # a comma inside a URL stays (only trailing commas end it)
    ("a.png, b.png,,", ["a.png", "b.png"]),
    (" a.png 100w (x, y) , b.png", ["a.png", "b.png"]),  # a comma inside parentheses is a descriptor's
    ("data:image/png;base64,AAA= 1x", ["data:image/png;base64,AAA="]),
    ("", []),
])
def test_srcset_candidates(value: str, expected: list[str]) -> None:
    assert [value[s:e] for s, e in srcset_urls(value)] == expected


def test_the_first_base_is_the_base_of_the_others(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.html"
    path.write_text('<a href="x y"></a><base href="https://b.example/d/"><base href="https://c/">'
                    '<a href="z"></a><span itemtype="rel"></span>', encoding="utf-8")
    reports = jsonl(capsys, ["--html", str(path)])
    assert [(r["input"], r["base"], r["href"]) for r in reports] == [
        ("x y", "https://b.example/d/", "https://b.example/d/x%20y"),
        ("https://b.example/d/", path.as_uri(), "https://b.example/d/"),
        ("https://c/", path.as_uri(), "https://c/"),
        ("z", "https://b.example/d/", "https://b.example/d/z"),
        ("rel", None, None),  # itemtype: an absolute URL, without a base
    ]


def test_a_url_potentially_surrounded_by_spaces(tmp_path: Path) -> None:
    assert urls(tmp_path, '<a href="\n  https://a/ \t">') == ["https://a/"]
    assert urls(tmp_path, '<a href="">') == [""]


def test_character_references_are_located_at_their_ampersand(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    document = '<p>\n <a title="&amp;" href="https://h/&lt;&amp;x&#32;y&notit;">'
    path = tmp_path / "page.html"
    path.write_text(document, encoding="utf-8")
    [report] = jsonl(capsys, ["--html", str(path)])
    assert report["input"] == "https://h/<&x y¬it;"
    found = [(d["detail"], d["line"], d["column"]) for d in report["diagnostics"]]  # type: ignore[index, union-attr]
    assert found == [
        ("U+003C", *position(document, document.index("&lt;"))),
        ("U+0020", *position(document, document.index("&#32;"))),
    ]


def test_malformed_markup_is_located_at_its_tag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = 'x\n  <a href==x^y>'
    path = tmp_path / "page.html"
    path.write_text(document, encoding="utf-8")
    [report] = jsonl(capsys, ["--html", str(path), "--base", "https://example.org/"])
    assert report["input"] == "x^y"
    assert (report["line"], report["column"]) == (2, 3)


def test_html_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.html"
    good.write_text('<a href="https://u@h/">', encoding="utf-8")
    bad = tmp_path / "bad.html"
    bad.write_bytes(b'<a href="https://h/\xff">\n<a href="https://u@h/">\n' * 3000)  # some 64 kB pieces
    status = main(["--html", str(bad), str(tmp_path / "missing.html"), str(good)])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.splitlines() == [
        f"urlgrammar check: error: {bad} is not valid UTF-8 (byte 0xFF at byte 20); its bad bytes were "
        "read as U+FFFD",
        f"urlgrammar check: error: cannot read {tmp_path / 'missing.html'}: No such file or directory"]
    # With several files, each location starts with the file's name; a document that is not
    # UTF-8 is checked all the same.
    assert captured.out.startswith(f"{bad}:2:18: error[invalid-credentials]")
    assert f"{bad}:6000:18: error[invalid-credentials]" in captured.out
    assert f"\n{good}:1:18: error[invalid-credentials]" in captured.out


def test_utf16_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_bytes('<a href="x">'.encode("utf-16"))
    assert [i.text for i in document_inputs(Stream(str(path)), "https://e/")] == ["x"]


# ---- a generated document with known bad URLs at known places -----------------------------------

TAGS = [("a", "href"), ("img", "src"), ("form", "action"), ("q", "cite"), ("object", "data"),
        ("video", "poster"), ("button", "formaction"), ("link", "href"), ("embed", "src")]


def generated(seed: int, count: int) -> tuple[str, list[tuple[int, int]]]:
    """A document with ``count`` URLs that each have one invalid code point; where those are."""
    rng = random.Random(seed)
    parts: list[str] = ["<!doctype html>\n<html><head><title>t &amp; u</title></head>\n<body>\n"]
    expected: list[int] = []
    for i in range(count):
        tag, attribute = rng.choice(TAGS)
        parts.append(rng.choice(["", "text ", "\n", "  <p>para &eacute; é\n", "<br>"]) * rng.randint(0, 3))
        before = rng.choice(["", ' class="c&amp;d"', " id=x" + str(i), '\n  title="a\nb"'])
        style = rng.choice(["double", "single", "unquoted", "reference", "newline"])
        head = f"https://h{i}.example/p/"
        if style == "reference":
            value, bad = head + "a&#94;b", len(head) + 1
        elif style == "newline":
            value, bad = head + "a\nb", len(head) + 1
        else:
            value, bad = head + "a^b", len(head) + 1
        quote = "'" if style == "single" else "" if style == "unquoted" else '"'
        tag_text = f"<{tag}{before} {attribute}={quote}"
        start = sum(map(len, parts)) + len(tag_text)
        parts.append(f"{tag_text}{value}{quote} data-x=1>")
        expected.append(start + bad)
    document = "".join(parts) + "\n</body></html>\n"
    return document, [position(document, offset) for offset in expected]


@pytest.mark.parametrize("seed", range(5))
def test_every_bad_url_is_found_at_its_line_and_column(seed: int, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    document, expected = generated(seed, 60)
    path = tmp_path / "generated.html"
    path.write_text(document, encoding="utf-8")
    reports = jsonl(capsys, ["--html", str(path), "--base", "https://example.org/"])
    found = [(d["line"], d["column"]) for r in reports for d in r["diagnostics"]]  # type: ignore[attr-defined]
    assert found == expected
