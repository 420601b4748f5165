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


# ---- the document's encoding, found as a browser finds it -----------------------------------------

CAFE = '<a href="caf\u00e9?q=caf\u00e9">'
BROWSER = "https://example.org/dir/caf%C3%A9?q=caf%E9"  # path in UTF-8, query in windows-1252
UTF8 = "https://example.org/dir/caf%C3%A9?q=caf%C3%A9"


def hrefs(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> list[tuple[object, ...]]:
    reports = jsonl(capsys, ["--html", str(path), "--base", "https://example.org/dir/page.html", *options])
    return [(r["input"], r["href"], r["valid"]) for r in reports]


@pytest.mark.parametrize("declaration", [
    '<meta charset="ISO-8859-1">',
    "<meta charset=latin1>",
    '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">',
    "<META HTTP-EQUIV=content-type CONTENT='text/html;charset=\"windows-1252\"'>",
    '<!-- <meta charset="utf-8"> --><p title="<meta charset=utf-8>"><meta charset=x-user-defined>',
])
def test_a_meta_declares_the_encoding_of_document_and_query(declaration: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.html"
    path.write_bytes(f"<!doctype html><head>{declaration}</head>\n{CAFE}".encode("windows-1252"))
    assert hrefs(capsys, path) == [("caf\u00e9?q=caf\u00e9", BROWSER, True)]
    assert capsys.readouterr().err == ""


def test_a_meta_without_a_pragma_or_after_1024_bytes_declares_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.html"
    path.write_bytes(("<meta charset=utf-8>" + CAFE + '<meta content="text/html; charset=latin1">'
                      + " " * 1024 + "<meta charset=latin1>").encode())
    assert hrefs(capsys, path) == [("caf\u00e9?q=caf\u00e9", UTF8, True)]
    path.write_bytes(('<meta content="text/html; charset=latin1">' + CAFE).encode("latin-1"))
    assert hrefs(capsys, path, "--encoding", "utf-8")[0][0] == "caf\ufffd?q=caf\ufffd"


def test_a_byte_order_mark_beats_a_meta(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.html"
    document = "<meta charset=windows-1252>" + CAFE
    path.write_bytes(document.encode("windows-1252"))
    assert hrefs(capsys, path) == [("caf\u00e9?q=caf\u00e9", BROWSER, True)]
    utf8 = ("caf\u00e9?q=caf\u00e9", UTF8, True)
    path.write_bytes(b"\xef\xbb\xbf" + document.encode("utf-8"))
    assert hrefs(capsys, path) == [utf8]
    path.write_bytes(document.encode("utf-16"))  # with its byte order mark: the query is UTF-8
    assert hrefs(capsys, path) == [utf8]


def test_encoding_is_used_only_when_nothing_else_says(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.html"
    path.write_bytes(CAFE.encode("windows-1252"))
    assert hrefs(capsys, path, "--encoding", " Latin1 ") == [("caf\u00e9?q=caf\u00e9", BROWSER, True)]
    path.write_bytes(("<meta charset=utf-8>" + CAFE).encode("utf-8"))
    assert hrefs(capsys, path, "--encoding", "latin1")[0][1] == UTF8
    path.write_bytes(("<meta charset=koi8-r>" + '<a href="?\u0436">').encode("koi8-r"))
    assert hrefs(capsys, path, "--encoding", "latin1")[0][1] == "https://example.org/dir/page.html?%D6"
    with pytest.raises(SystemExit):
        main(["--html", str(path), "--encoding", "latin-9"])
    assert "'latin-9' is not an encoding label" in capsys.readouterr().err


def test_bytes_not_of_the_declared_encoding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "page.html"
    # C1 controls, as the standard maps them
    path.write_bytes(b'<meta charset=latin1><a href="https://h/\x81\x8d">')
    assert [i.text for i in document_inputs(Stream(str(path)), None)] == ["https://h/\x81\x8d"]
    path.write_bytes(b'<meta charset=shift_jis><a href="https://h/\x82">\n')
    status = main(["--html", str(path)])
    assert status == 2
    assert capsys.readouterr().err == (f"urlgrammar check: error: {path} is not valid Shift_JIS (byte 0x82 "
                                       "at byte 44); its bad bytes were read as U+FFFD\n")


@pytest.mark.parametrize(("head", "expected"), [
    (b"<meta charset=utf-8>", "UTF-8"),
    (b"<meta charset=utf-16le>", "UTF-8"),  # a document that the prescan reads cannot be UTF-16
    (b"<meta charset=x-user-defined>", "windows-1252"),
    (b"<meta charset=nonsense><meta charset=koi8-r>", "KOI8-R"),
    (b"<meta charset=koi8-r charset=latin2>", "KOI8-R"),  # the first of a name counts
    (b"<meta http-equiv=content-type content='charset=latin2'>", "ISO-8859-2"),
    (b"<meta content='charset=latin2'>", None),  # no pragma
    (b"<meta content='charset=latin2' http-equiv=refresh>", None),
    (b"<meta content='charset = \"koi8-u\" x'  http-equiv=Content-Type>", "KOI8-U"),
    (b"<meta/charset=latin2>", "ISO-8859-2"),
    (b"<metacharset=latin2>", None),
    (b"<!--><meta charset=latin2>", "ISO-8859-2"),  # the comment ends at its own dashes
    (b"<!-- --><? <meta charset=latin3> ?><meta charset=latin2>", "ISO-8859-2"),
    (b"<meta charset=latin2", None),  # runs out
])
def test_the_prescan(head: bytes, expected: str | None) -> None:
    from urlgrammar.cli.check.html_encoding import prescan

    assert prescan(head) == expected


# ---- fed in blocks: linear in every shape ----------------------------------------------------------

def test_a_tag_of_many_lines_is_scanned_a_bounded_number_of_times(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """html.parser scans what it holds back (an unfinished tag) again on each feed: the text
    scanned, summed over the feeds, grows as the document grows, not as its square."""
    from html.parser import HTMLParser

    feed = HTMLParser.feed
    scanned = [0]

    def counting(self: HTMLParser, data: str) -> None:
        scanned[0] += len(self.rawdata) + len(data)
        assert scanned[0] <= 8 * size, "the parser scans the document again and again"
        feed(self, data)

    monkeypatch.setattr(HTMLParser, "feed", counting)
    found = []
    for lines in (1 << 16, 1 << 17, 1 << 18):
        document = "<p>&amp;\n<a title=x\n" + "  t=1\n" * lines + ' href="https://h/&#94;^">'
        size = len(document)
        path = tmp_path / "page.html"
        path.write_text(document, encoding="utf-8")
        scanned[0] = 0
        [item] = document_inputs(Stream(str(path)), None)
        found.append(scanned[0] / size)
        # Exact places still: the reference and the character after it, past many blocks.
        caret = document.index("&#94;")
        assert [item.where(i) for i in (0, 10, 11)] == [
            position(document, caret - 10), position(document, caret), position(document, caret + 5)]
    assert max(found) <= 3, found  # each character about twice: read, and scanned again once


# ---- meta refresh, imagesrcset, itemid, SVG -------------------------------------------------------

def test_more_attributes_that_hold_urls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = ('<meta http-equiv="Refresh" content="5; url=r^1">\n'
                '<meta http-equiv=refresh content="0;URL = \'r^2\' x">'
                '<meta name=refresh content="0; url=no"><meta http-equiv=content-type content="0; url=no">'
                '<meta itemprop=x itemid=m^1>\n'
                '<link rel=preload as=image imagesrcset="i^1 1x,\n  i^2 2x"><img imagesrcset="no">\n'
                '<div itemscope itemid="urn:isbn:0^1" itemtype="https://schema.org/Book"></div>\n'
                '<image href="no"><use href=no>'
                '<svg>\n <a href="s^1"><image href="s^2"/><use xlink:href="#s^3"></use>'
                '<a XLink:Href=s^4></a></a><g href=no></g></svg>'
                '<use href=no><a xlink:href=no>')
    path = tmp_path / "page.html"
    path.write_text(document, encoding="utf-8")
    reports = jsonl(capsys, ["--html", str(path), "--base", "https://example.org/"])
    got = [(r["input"], *[(d["line"], d["column"]) for d in r["diagnostics"]]) for r in reports]  # type: ignore[attr-defined]
    expected = []
    for text, at in [("r^1", "r^1"), ("r^2", "r^2"), ("m^1", "m^1"), ("i^1", "i^1"), ("i^2", "i^2"),
                     ("urn:isbn:0^1", "0^1"), ("s^1", "s^1"), ("s^2", "s^2"), ("#s^3", "s^3"),
                     ("s^4", "s^4")]:
        expected.append((text, position(document, document.index(at) + 1)))
    assert [g for g in got if g[0] != "https://schema.org/Book"] == expected


@pytest.mark.parametrize(("content", "expected"), [
    ("5; url=a", "a"),
    ("5;url=a", "a"),
    ("5, URL=a", "a"),
    (" 5 ; url = 'a b' c", "a b"),
    ('0; url="a', "a"),
    ("0; 'a'", "a"),  # quotes go without url= too
    ("0; a", "a"),
    ("0 a", "a"),
    ("0.5.1; url=a ", "a"),
    (".5; url=a", "a"),
    ("0; urlx", "urlx"),  # not url=: the whole rest
    ("0; ur", "ur"),
    ("0; url=", ""),
    ("5", None),  # the document itself
    ("5; ", None),
    ("x; url=a", None),  # no time: not a refresh
    ("5x; url=a", None),
    ("", None),
])
def test_refresh_content(content: str, expected: str | None) -> None:
    from urlgrammar.cli.check.html import refresh_url

    span = refresh_url(content)
    assert (None if span is None else content[span[0]:span[1]]) == expected
