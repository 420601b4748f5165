"""``urlgrammar check --syntax rfc3986`` and ``rfc3987``: the RFCs' ABNF instead of the standard."""

from __future__ import annotations

import json

import pytest
from conftest import check_output as run


def test_the_finding_is_where_the_abnf_stops(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["--syntax", "rfc3986", "http://a/b c"])
    assert status == 1
    assert out.startswith('1:11: error[rfc3986-syntax]: URI cannot continue at 10 with U+0020')
    assert 'expected "/", "?", "#" or the end' in out


@pytest.mark.parametrize(("syntax", "text", "status"), [
    ("whatwg", "http://é.example/", 0),   # the standard: a domain, to be IDNA-encoded
    ("rfc3986", "http://é.example/", 1),  # RFC 3986: no non-ASCII in a reg-name
    ("rfc3987", "http://é.example/", 0),  # RFC 3987: ucschar in an ireg-name
    ("whatwg", "http://a/b|c", 1),        # the standard: '|' is no URL code point
    ("rfc3986", "http://a:8a/", 1),       # the RFC: a port is *DIGIT
    ("rfc3986", "//a/b", 1),              # without a base: a URI, which has a scheme
])
def test_the_verdict_follows_the_syntax(capsys: pytest.CaptureFixture[str], syntax: str, text: str,
                                        status: int) -> None:
    assert run(capsys, ["--syntax", syntax, "--no-advisories", text])[0] == status


def test_against_a_base_a_reference_resolves_by_section_5_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, ["--syntax", "rfc3986", "--base", "http://a/b/c/d;p?q",
                                  "--format", "json", "../../../g", "g;x=1/../y"])
    report = json.loads(out)
    assert status == 0
    assert [i["href"] for i in report["inputs"]] == ["http://a/g", "http://a/b/c/y"]
    assert report["summary"]["valid"] == 2
