"""explain --rfc3986, explain's JSON and the viewer's page: RFC 3986's reading beside the
standard's, with where the two part."""

from __future__ import annotations

import json
import re

import pytest

from urlgrammar.cli import main
from urlgrammar.teaching.explain import explain
from urlgrammar.teaching.facts import explain_json
from urlgrammar.teaching.viewer.page import asset, export


def test_explain_rfc3986_shows_the_rfc_reading(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--rfc3986", "http:g", "--base", "http://a/b/c/d;p?q"]) == 0
    out = capsys.readouterr().out
    section = out[out.index("RFC 3986 beside the standard"):out.index("\nAdvisories")]
    assert "RFC 3986: a valid URI-reference" in section
    assert "resolved against the base (§ 5.2, strict): “http:g”" in section
    assert re.search(r"host +\(none\) +“a”", section)
    assert "- resolution: the standard reads a special scheme equal to the base's" in section


def test_explain_rfc3986_says_where_the_rfc_stops(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--rfc3986", "http://a\\b/"]) == 0
    out = capsys.readouterr().out
    assert "RFC 3986: not a valid URI-reference: URI-reference cannot continue at 8 with U+005C" in out
    assert "- backslash: the standard reads `\\` as `/` in a special URL" in out


def test_without_the_flag_the_text_is_as_it_was() -> None:
    ex = explain("http://0x7f.1/")
    assert ex.rfc is None and "RFC 3986 beside" not in ex.text() and "rfc3986" not in ex.as_dict()


def test_explains_json_holds_the_rfc_reading() -> None:
    data = explain_json("HTTP://EXAMPLE.COM:80/")
    rfc = data["rfc3986"]
    assert rfc["valid"] and rfc["verdict"] == "a valid URI-reference"
    assert [p["topic"] for p in rfc["partings"]] == ["scheme case", "host case", "default port"]
    assert {"component": "port", "rfc3986": "80", "standard": None, "span": [19, 21]} \
        in json.loads(json.dumps(rfc))["components"]


def test_the_page_has_the_rfc_panel() -> None:
    page = export("http://0x7f.1/")
    assert 'id="rfc-section"' in page and 'id="rfc-partings"' in page
    [data] = re.findall(r'<script type="application/json" id="explain-data">(.*?)</script>', page, re.S)
    assert json.loads(data)["rfc3986"]["partings"][0]["topic"] == "IPv4 numbers"
    assert "function drawRFC" in asset("viewer.js").decode()


def test_a_disagreement_lists_the_rfc_reading_where_it_reads_a_host() -> None:
    [found] = [a for a in explain("http://0x7f.1/").advisories if a["code"] == "parser-disagreement"]
    assert found["readings"]["RFC 3986"] == "scheme 'http', host '0x7f.1', port 80"
    # No host by the RFC (and no URI): no reading of it to list.
    [found] = [a for a in explain("http:evil.example").advisories if a["code"] == "parser-disagreement"]
    assert "RFC 3986" not in found["readings"]
