"""validate's answer for a web URL whose scheme is followed by other separators than `//` is
the full path's.

:mod:`urlgrammar.checking.ignored_slashes` finds the errors of `http:` and a megabyte of `/`
before `h/` on its head with three of them, and reads the rest off `http://h/`; wherever it
answers, the full path (the pipeline, the walk, the writing grammar, the suggestion's checks
and Python's readers) must answer the same, field by field, in both contexts, without
advisories and with a limit.
"""

from __future__ import annotations

import pytest
from full_path import answers_as_the_full_path, refuse_full_path
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking.ignored_slashes import ignored_slashes

_MISSING = "special-scheme-missing-following-solidus"


def _taken(text: str) -> bool:
    return answers_as_the_full_path(text, ignored_slashes)


@pytest.mark.parametrize("text", [
    "http:///h/", "http:////h/a?b#c", "https:\\\\h/", "http:/\\/h", "http:/h", "http:\\h",
    "https://////////example.com/", "https:\\/\\/\\/h/", "ws:///h:8080/", "wss:\\\\\\h?q",
    "ftp:////ftp.example.org/pub/", "http:///localhost",
])
def test_separators_after_the_scheme(text: str) -> None:
    assert _taken(text)
    report = validate(text)
    assert not report.valid and report.url is not None
    assert {d.code for d in report.diagnostics} == {_MISSING}
    # The writing grammar breaks at the separators: at the third, or before.
    assert report.grammar_error is not None and report.grammar_error.start <= text.index(":") + 3


@pytest.mark.parametrize("text", [
    "http://h/",            # two slashes: no error
    "file:////h/",          # the file states read separators otherwise
    "foo:////h/",           # not special
    "http:///h\\a",         # a backslash after the first separators
    "http:///h/a b",        # a space too
    "http:///h/%zz",        # a `%` without two hex digits
    "http:///h/#a#b",       # a second `#`
    "http:///H/",           # a host the href writes otherwise
    "http:///h:80/",        # the default port
    "http:///u@h/",         # credentials
    "HTTP:///h/",           # a scheme the href writes otherwise
    "http:///",             # no host
    "https:///user_x.example.com/",  # a host that domain to ASCII keeps with errors
])
def test_near_misses_go_to_the_full_path(text: str) -> None:
    assert not _taken(text)


@pytest.mark.parametrize(("text", "first"), [
    pytest.param("http:" + "/" * 5000 + "h/", 7, id="http: and 5000 slashes before h/"),
    pytest.param("https:" + "\\/" * 2500 + "h/", 6, id="https: and 2500 \\/ before h/"),
])
def test_no_pipeline_runs_on_the_whole_input(monkeypatch: pytest.MonkeyPatch, text: str, first: int) -> None:
    refuse_full_path(monkeypatch)
    report = validate(text)
    fixed = text[:text.index(":") + 1] + "//h/"
    assert report.href == fixed and report.suggestion == fixed
    separators = len(text) - len(fixed) + 2
    assert len(report.diagnostics) == separators - (2 if first == 7 else -1)
    assert report.diagnostics[0].start == first and report.diagnostics[-1].end == len(text) - 2
    limited = validate(text, max_diagnostics=3)
    assert list(limited.diagnostics) == list(report.diagnostics[:3]) and limited.suggestion is None
    assert limited.omitted == len(report.diagnostics) - 3


@given(st.sampled_from(["http:", "https:", "ws:", "wss:", "ftp:", "file:", "foo:"]),
       st.text(alphabet="/\\", min_size=1, max_size=6),
       st.sampled_from(["h", "example.com", "a_b.example", "localhost", "1.2.3.4", "[::1]", "u@h", "H"]),
       st.sampled_from(["", ":8080", ":80", ":0"]),
       st.sampled_from(["", "/", "/a/b", "/a/../b", "/%41", "/%4", "/a b", "\\a"]),
       st.sampled_from(["", "?", "?x=1", "#", "#f", "#a#b", "?q#f"]))
def test_reports_are_the_full_paths(scheme: str, separators: str, host: str, port: str, path: str,
                                    tail: str) -> None:
    text = f"{scheme}{separators}{host}{port}{path}{tail}"
    if _taken(text):
        assert scheme not in ("file:", "foo:") and separators != "//"
