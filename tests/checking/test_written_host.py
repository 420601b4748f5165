"""validate's answer for a web URL plain but for its host is the full path's.

:mod:`urlgrammar.checking.written_host` makes the report on `https://my_site.example/a` from
the host parser's one run on its host, without the pipeline's run that finds validation
errors; wherever it answers, the full path must answer the same, field by field, in both
contexts and without advisories.
"""

from __future__ import annotations

import pytest
from full_path import assert_full_paths_report, full_report, refuse_full_path
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking.written_host import written_host


def _same_as_full_path(text: str) -> bool:
    """Whether :func:`written_host` answers for ``text``; validate's report is the full
    path's either way, and its URL has the full path's record and getters."""
    taken = written_host(text) is not None
    ran = written_host(text, None, True)  # with the pipeline's record, for the advisories
    assert (ran is not None) is taken, text
    if ran is not None:
        kept = written_host(text)
        assert kept is not None and ran[1:] == kept[1:] and ran[0].href == kept[0].href, text
    assert_full_paths_report(text)
    return taken


@pytest.mark.parametrize("text", [
    'https://"en.wikipedia.org/wiki/Rock', "https://my_site.tripod.com/", "https://my_site.tripod.com",
    "https://a_b.example:8080", "https://a_b.example:8080/x?y#z", "http://a_b.example/%41?q=%7E#f",
    'https://"www.pcmag.com/a?b=1#', "https://A_B.Example/x", "wss://a_b.example?q", "ftp://a_b.example#f",
    "https://a_b.example/a//b", "https://a__b.localhost/x", "https://xn--a.example/",
])
def test_a_host_that_domain_to_ascii_keeps_with_errors_is_read_alone(text: str) -> None:
    assert _same_as_full_path(text)
    report = validate(text)
    assert not report.valid and report.suggestion is None
    assert {d.code for d in report.diagnostics} == {"domain-to-ASCII"}
    assert report.grammar_error is not None and report.grammar_error.rule == "domain"


@pytest.mark.parametrize("text", [
    "https://a_b.example/a b", "https://a_b.example/a\\b", "https://a_b.example/#a#b",
    "https://a_b.example/%zz", "https://a_b.example/./a", "https://a_b.example/?a'b",
    "https://a_b.example:443/", "https://a_b.example:08/", "https://u@a_b.example/",
    "https://a%5Fb.example/", "https://[::1]/", "https://a b/", "https://a_b.1/", "https://1.2.3.4/",
    "https://b\u00fccher_x.example/", "HTTPS://a_b.example/", "file://a_b.example/", "foo://a_b.example/",
    "https://a_b.example/\t", " https://a_b.example/", "https://example.com/",
    "https://a\u00adb.example/",
    # More slashes, which the parser ignores (each an error) before the host the grammar reads
    # as empty.
    "https:////x..y/", "https:///a_b.example/", "https:////..x.y/%41/#",
])
def test_near_misses_go_to_the_full_path(text: str) -> None:
    assert not _same_as_full_path(text)


def test_protected_domains_are_looked_at() -> None:
    text = "https://my_bank.example/login"
    report = validate(text, protected=("mybank.example",))
    assert report.as_dict() == full_report(text, "browser", ("mybank.example",)).as_dict()


def test_no_pipeline_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_full_path(monkeypatch)
    report = validate('https://"www.pcmag.com/a', advisories=False)
    assert report.href == 'https://"www.pcmag.com/a'
    assert [(d.code, d.start) for d in report.diagnostics] == [("domain-to-ASCII", 8)]


@given(st.sampled_from(["http", "https", "ws", "ftp", "file", "foo"]), st.sampled_from(["//", "///", "////"]),
       st.text(alphabet='ab0-._"`{}|^!$&()*+,;=~AZ\u00e9\u00df\u200b', min_size=1, max_size=8),
       st.sampled_from(["", ":8080", ":80", ":0", ":x"]),
       st.sampled_from(["", "/", "/a/b", "/a/../b", "/%41", "/%4", "/a b"]),
       st.sampled_from(["", "?", "?x=1", "?'", "#", "#f", "#a#b", "?q#f"]))
def test_reports_are_the_full_paths(scheme: str, slashes: str, host: str, port: str, path: str,
                                    tail: str) -> None:
    text = f"{scheme}:{slashes}{host}{port}{path}{tail}"
    if _same_as_full_path(text):
        assert scheme in ("http", "https", "ws", "ftp") and slashes == "//"
