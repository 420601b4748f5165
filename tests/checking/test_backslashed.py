"""validate's answer for a plain web URL with backslashes in its path is the full path's.

:mod:`urlgrammar.checking.url_units` reads the report of `https://h/a\\b` off `https://h/a/b`
without running the pipeline; wherever it answers, the full path (the pipeline, the walk, the
writing grammar, the suggestion's checks and Python's readers) must answer the same, field by
field, in both contexts and without advisories.
"""

from __future__ import annotations

import pytest
from full_path import answers_as_the_full_path, full_report, refuse_full_path
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking.disagreement import plain_reading, standard_reading
from urlgrammar.checking.url_units import written_units


def _same_as_full_path(text: str) -> bool:
    return answers_as_the_full_path(text, written_units)


@pytest.mark.parametrize("text", [
    "https://www.h-m-holding.com/hm\\%202006/en/obm/home.asp",
    "https://beefextension.com/new\\%20site\\%202/cccalc.html",
    "https://home.earthlink.net/\\%7E2ndopinionediting/",
    "https://coast.contracosta.edu/progsdepts/Shared\\%20Documents/PROGRAMS\\%20OF\\%20STUDY.aspx?123=49#",
    "http://example.com/a\\b\\c\\d\\e\\f\\g\\h\\i\\j\\k",  # more than a few: a run of them
    "https://example.com/a\\\\b/", "https://example.com/a\\", "ws://example.com:8080/a\\b?q#f",
    "http://localhost/a\\b", "ftp://example.org/pub\\file.txt",
])
def test_a_path_with_backslashes_is_read_off_the_fixed_string(text: str) -> None:
    assert _same_as_full_path(text)
    report = validate(text)
    assert not report.valid and report.suggestion == text.replace("\\", "/")
    assert {d.code for d in report.diagnostics} == {"invalid-reverse-solidus"}
    assert report.grammar_error is not None and report.grammar_error.rule == "dir"


@pytest.mark.parametrize("text", [
    "https://example.com/a\\b#c#d",
    "https://example.com/a\\..\\b", "https://example.com/.\\b", "https://EXAMPLE.com/a\\b",
    "https://user@example.com/a\\b", "foo://host/a\\b",
    "https://example.com:443/a\\b", " https://example.com/a\\b",
    "https://xn--nxasmq6b.com/a\\b", "https://ex_ample.com/a\\b",
])
def test_near_misses_go_to_the_full_path(text: str) -> None:
    assert not _same_as_full_path(text)


@pytest.mark.parametrize(("text", "read"), [
    ("https://example.com\\a/b", "example.com\\a"), ("http://h\\a\\a\\a", "h\\a\\a\\a"),
    ("http://localhost\\a\\b", "localhost\\a\\b"), ("ftp://example.org\\pub", "example.org\\pub"),
    ("http://h\\", "h\\"), ("http://h\\?q#f", "h\\"), ("http://h\\\\a", "h\\\\a"),
    ("http://h\\a@evil.example/", "evil.example"),  # urllib's userinfo is `h\a`
    ("ws://example.com:8080\\a", None),  # urllib raises on the port, and reads the host as the standard does
])
def test_a_backslash_that_starts_the_path(text: str, read: str | None) -> None:
    # urllib reads the backslashes into the host: the input's parser-disagreement is its own.
    assert _same_as_full_path(text)
    report = validate(text)
    assert report.suggestion == text.replace("\\", "/")
    assert report.grammar_error is not None and report.grammar_error.rule == "path_root"
    disagreement = [d for d in report.advisories if d.code == "parser-disagreement"]
    if read is None:
        assert not disagreement
    else:
        assert f"host '{read}'" in disagreement[0].message and disagreement[0].fix == report.href


@pytest.mark.parametrize("text", [
    "https://example.com\\a/../b", "https://example.com\\.\\b", "https://EXAMPLE.com\\a",
    "https://user@example.com\\a", "foo://host\\a", "https://example.com:443\\a",
    "https://xn--nxasmq6b.com\\a", "https://ex_ample.com\\a",
    "https://example.com\\a#b#c", "https://10.0.0.1\\a",
])
def test_near_misses_of_a_backslash_that_starts_the_path(text: str) -> None:
    assert not _same_as_full_path(text)


def test_no_pipeline_runs_for_a_backslash_that_starts_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_full_path(monkeypatch)
    text = "http://localhost\\a\\b"
    report = validate(text, context="fetch")
    assert report.href == report.suggestion == "http://localhost/a/b"
    assert [d.start for d in report.diagnostics] == [16, 18]
    assert [d.code for d in report.advisories] == ["parser-disagreement", "internal-address"]
    assert report.as_dict() == validate(text, context="fetch", advisories=False).as_dict() | {
        "advisories": [d.as_dict() for d in report.advisories]}


def test_no_pipeline_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_full_path(monkeypatch)
    report = validate("https://example.com/New\\%20Pages/index.htm")
    assert report.href == "https://example.com/New/%20Pages/index.htm"
    assert [d.start for d in report.diagnostics] == [23]


_HOSTS = st.sampled_from(["example.com", "a.b.example", "localhost", "metadata.google.internal",
                          "10.0.0.1.nip.io", "example.com:8080", "EXAMPLE.com", "ex_ample.com"])
_SEGMENT = st.one_of(st.text(alphabet="aZ09-_~!$()*+,;=:@", max_size=4),
                     st.sampled_from(["%20", "%7E", "%2e", ".", "..", "a.b"]),
                     st.text(alphabet="az09-._~%2E0F!$'()*+,;=:@|\"` ", max_size=4))


@given(st.sampled_from(["http", "https", "ws", "wss", "ftp", "file", "foo", "HTTP"]), _HOSTS,
       st.lists(st.tuples(st.sampled_from(["/", "\\"]), _SEGMENT), max_size=6),
       st.sampled_from(["", "?", "?a\\b", "?x=1&y='", "#", "#f\\g", "?q#f", "#a#b"]))
def test_reports_are_the_full_paths(scheme: str, host: str, path: list[tuple[str, str]], tail: str) -> None:
    text = f"{scheme}://{host}{''.join(s + v for s, v in path)}{tail}"
    taken = _same_as_full_path(text)
    if taken:  # a code point that is no URL unit (tests/checking/test_url_units.py), a stray `%`
        # or a backslash
        assert set(text) & set('\\|"` %') and scheme in ("http", "https", "ws", "wss", "ftp", "file")


@given(st.sampled_from(["http", "https", "ws", "wss", "ftp"]),
       st.sampled_from(["example.com", "a.b.example", "localhost", "metadata.google.internal",
                        "example.com:8080"]),
       st.lists(st.tuples(st.sampled_from(["/", "\\"]),
                          st.one_of(st.text(alphabet="aZ09-_~!$()*+,;=:@", max_size=4), st.just("%20"))),
                min_size=1, max_size=8),
       st.sampled_from(["", "?", "?x=1&y=2", "#", "?q#f", "#f/g"]))
def test_plain_paths_with_backslashes_are_read_off_the_fixed_string(
        scheme: str, host: str, path: list[tuple[str, str]], tail: str) -> None:
    text = f"{scheme}://{host}/{''.join(s + v for s, v in path)}{tail}"
    assert _same_as_full_path(text) is ("\\" in text), text


@given(st.sampled_from(["http", "https", "ws", "wss", "ftp"]),
       st.sampled_from(["example.com", "a.b.example", "localhost", "metadata.google.internal",
                        "example.com:8080", "h", "example.com:65535", "10.0.0.1.nip.io"]),
       st.lists(st.tuples(st.sampled_from(["/", "\\"]),
                          st.one_of(st.text(alphabet="aZ09-_~!$()*+,;=:@", max_size=4),
                                    st.sampled_from(["%20", "a b", "{x}", "|"]))), max_size=6),
       st.sampled_from(["", "?", "?x=1&y=2", "?a b", "#", "?q#f", "#f/g", "#f\\g", "#a b"]))
def test_a_path_that_starts_with_a_backslash_is_read_off_the_fixed_string(
        scheme: str, host: str, path: list[tuple[str, str]], tail: str) -> None:
    text = f"{scheme}://{host}\\{''.join(s + v for s, v in path)}{tail}"
    assert _same_as_full_path(text), text
    url = validate(text).url
    assert url is not None and plain_reading(url) == standard_reading(url)


class _Text(str):
    """A str subclass: its URL is not kept as a plain href (its href would be of the subclass)."""


@pytest.mark.parametrize("text", ["https://example.com/a\\b", 'https://"example.com/a'])
def test_a_str_subclass_takes_the_full_path(text: str) -> None:
    given_text = _Text(text)
    assert written_units(given_text, "browser") is None
    assert validate(given_text).as_dict() == full_report(text, "browser").as_dict()
