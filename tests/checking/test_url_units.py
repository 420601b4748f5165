"""validate's answer for a plain web URL with code points that are not URL units in its path,
query or fragment is the full path's.

:mod:`urlgrammar.checking.url_units` reads the report of `https://h/a.htm#Swiss Goats` off
`https://h/a.htm#Swiss%20Goats` without running the pipeline; wherever it answers, the full path
(the pipeline, the walk, the writing grammar, the suggestion's checks and Python's readers) must
answer the same, field by field, in both contexts and without advisories.
"""

from __future__ import annotations

import pytest
from full_path import answers_as_the_full_path, full_report, refuse_full_path
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking.url_units import _stray_fixed, written_units
from urlgrammar.encoding.decode import stray_percent


def _same_as_full_path(text: str) -> bool:
    return answers_as_the_full_path(text, written_units)


@pytest.mark.parametrize(("text", "suggestion"), [
    # kasztp's: a space or a `"` in a fragment, which the parser percent-encodes
    ("https://www.countrysidemag.com/issues/3_1998.htm#Swiss Goats",
     "https://www.countrysidemag.com/issues/3_1998.htm#Swiss%20Goats"),
    ("https://www.cs.ucla.edu/SLPDF/ch7.pdf#search=&quot;moore machines&quot;",
     "https://www.cs.ucla.edu/SLPDF/ch7.pdf#search=&quot;moore%20machines&quot;"),
    ('https://example.com/a"b<c>d^e`f{g}h i', "https://example.com/a%22b%3Cc%3Ed%5Ee%60f%7Bg%7Dh%20i"),
    ('https://example.com?a b"c<d>', "https://example.com?a%20b%22c%3Cd%3E"),  # no path: `/` in the href
    ("https://example.com#a b", "https://example.com#a%20b"),
    ("https://people.umass.edu/lectures/Lecture\\%2014.pdf#search=&quot;pushdown automata&quot;",
     "https://people.umass.edu/lectures/Lecture/%2014.pdf#search=&quot;pushdown%20automata&quot;"),
    ("ws://example.com:8080/a\\b c?d e#f g", "ws://example.com:8080/a/b%20c?d%20e#f%20g"),
    # code points the parser keeps as written: the fixed string is another URL
    ("https://www.intel.com/pressroom/?iid={headline=press}", None),
    ("https://example.com/product.php[id]45854[SiteID]macesoftware", None),
    ("https://example.com/a?q=b|c#d", None), ("https://example.com/a?x\\%3Fy", None),
    ("https://example.com/a#b\\c", None), ("https://example.com/a#b^c{d}e|f", None),
    ("https://example.com/a|b\\c", None), ("http://localhost/a b", "http://localhost/a%20b"),
    # a backslash that starts the path: Python's readers read the host otherwise
    ("https://example.com\\a b", "https://example.com/a%20b"), ("http://h\\a?{b}#c d", None),
])
def test_units_are_read_off_the_fixed_string(text: str, suggestion: str | None) -> None:
    assert _same_as_full_path(text)
    report = validate(text)
    assert not report.valid and report.suggestion == suggestion
    assert {d.code for d in report.diagnostics} <= {"invalid-URL-unit", "invalid-reverse-solidus"}
    assert report.grammar_error is not None and report.grammar_error.start == report.diagnostics[0].start


@pytest.mark.parametrize("text", [
    "https://example.com/a b#c#d",  # a second `#`
    "https://example.com/a b?c'd",  # a `'` the query encodes
    "https://example.com/a\tb c", "https://example.com/a b ", "https://example.com/a b\x7f",
    "https://example.com/a bé", "https://exa mple.com/a", 'https://"example.com/a b',
    "https://example.com/a/../b c", "https://example.com/a b/./c", "https://EXAMPLE.com/a b",
    "https://user@example.com/a b", "file:///C:/a b", "file://host/a b", "foo://host/a b",
    "https://example.com:443/a b", " https://example.com/a b", "https://ex_ample.com/a b",
    "https:example.com/a b",
])
def test_near_misses_go_to_the_full_path(text: str) -> None:
    assert not _same_as_full_path(text)


@pytest.mark.parametrize("text", [
    "http://h/a%/a%/a%/", "https://example.com/100%", "http://h/a%?b%#c%", "http://h/a?b%", "http://h/a#%",
    "http://h/a%2 b", "http://h/%2e%/x", "http://h/a%%41", "http://localhost/a%", "ftp://h/%zz",
    "https://example.com/a b%zz", "https://example.com/a\\%zz", "http://h\\a%", "http://h/a%{",
])
def test_a_percent_without_two_hex_digits_is_read_off_the_fixed_string(text: str) -> None:
    # The parser keeps the `%` as written: the fixed string, with `%25`, is another URL.
    assert _same_as_full_path(text)
    report = validate(text)
    assert not report.valid and report.suggestion is None and report.href is not None
    assert "%25" not in report.href
    assert "%" in {d.detail for d in report.diagnostics if d.code == "invalid-URL-unit"}


@pytest.mark.parametrize("text", [
    "http://h%/a", "http://h:8%/a", "http://h/a%C3", "file:///a%", "file:///C:/a%", "foo://h/a%",
    "http://h/a/../b%", "http://h/a%#b#c", "http://h/a%\tb", "http://h/a%é", "http://H/a%",
    "http://h:80/a%", "http://user@h/a%", "http:h/a%", "http://h/a%?b'",
])
def test_near_misses_of_a_percent(text: str) -> None:
    assert not _same_as_full_path(text)


def test_no_pipeline_runs_for_a_percent(monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_full_path(monkeypatch)
    report = validate("http://h/a%/b%2/c%zz?d%")
    assert report.href == "http://h/a%/b%2/c%zz?d%" and report.suggestion is None
    assert [d.start for d in report.diagnostics] == [10, 13, 17, 22]
    assert report.grammar_error is not None and report.grammar_error.rule == "pct_invalid"
    assert report.grammar_error.start == 10


@given(st.sampled_from(["http", "https", "ws", "ftp"]),
       st.sampled_from(["example.com", "localhost", "h:8080"]),
       st.lists(st.tuples(st.sampled_from(["/", "\\"]), st.text(alphabet="a%2eEfg. {", max_size=5)),
                min_size=1, max_size=5),
       st.sampled_from(["", "?%", "?a%2", "?%41%", "#%", "#a%g", "?%#%"]))
def test_percents_are_the_full_paths(scheme: str, host: str, path: list[tuple[str, str]], tail: str) -> None:
    _same_as_full_path(f"{scheme}://{host}{''.join(s + v for s, v in path)}{tail}")


def test_no_pipeline_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_full_path(monkeypatch)
    report = validate("https://example.com/a.htm?x={y}#Swiss Goats")
    assert report.href == "https://example.com/a.htm?x={y}#Swiss%20Goats"
    assert [(d.start, d.fix) for d in report.diagnostics] == [(28, "%7B"), (30, "%7D"), (37, "%20")]
    assert report.grammar_error is not None and report.grammar_error.rule == "query"
    assert report.suggestion is None


#: The code points that are no URL units, and some that are, or that the fast path leaves.
_UNITS = ' "<>[\\]^`{|}'
_HOSTS = st.sampled_from(["example.com", "a.b.example", "localhost", "metadata.google.internal",
                          "10.0.0.1.nip.io", "example.com:8080", "EXAMPLE.com", "ex_ample.com"])
_VALUE = st.one_of(st.text(alphabet="aZ09-._~!$()*+,;=:@/%2E" + _UNITS, max_size=6),
                   st.sampled_from(["%20", "%7E", "%2e", ".", "..", "a b", "{x}", "'", "%", "\t", "#"]))


@given(st.sampled_from(["http", "https", "ws", "wss", "ftp", "file", "foo", "HTTP"]), _HOSTS,
       st.lists(st.tuples(st.sampled_from(["/", "\\"]), _VALUE), max_size=5),
       st.one_of(st.none(), _VALUE), st.one_of(st.none(), _VALUE))
def test_reports_are_the_full_paths(scheme: str, host: str, path: list[tuple[str, str]],
                                    query: str | None, fragment: str | None) -> None:
    text = (f"{scheme}://{host}{''.join(s + v for s, v in path)}{'' if query is None else '?' + query}"
            f"{'' if fragment is None else '#' + fragment}")
    if _same_as_full_path(text):  # a code point that is no URL unit, or a `%` without two hex digits
        # (a file URL's backslashes alone: tests/checking/test_head_backslashes.py)
        assert set(text) & set(_UNITS) or "%" in text
        assert scheme in ("http", "https", "ws", "wss", "ftp") or (scheme == "file" and "\\" in text)


@given(st.sampled_from(["http", "https", "ws", "wss", "ftp"]),
       st.sampled_from(["example.com", "a.b.example", "localhost", "example.com:8080"]),
       st.lists(st.text(alphabet="aZ09-_~!$()*+,;=:@" + _UNITS, min_size=1, max_size=5),
                min_size=1, max_size=5),
       st.text(alphabet="aZ09=&/?" + _UNITS.replace("\\", ""), max_size=8),
       st.text(alphabet="aZ09=&/?" + _UNITS, max_size=8))
def test_plain_urls_with_units_are_read_off_the_fixed_string(
        scheme: str, host: str, path: list[str], query: str, fragment: str) -> None:
    text = f"{scheme}://{host}/{'/'.join(path)}?{query}#{fragment}"
    units = set(text) & set(_UNITS)
    # A segment of dots and units (`. ` is not a dot segment) or a trailing space aside.
    if units and not text.endswith(" ") and not any(s in (".", "..") for s in path):
        assert _same_as_full_path(text), text


class _Text(str):
    """A str subclass: its URL is not kept as a plain href (its href would be of the subclass)."""


def test_a_str_subclass_takes_the_full_path() -> None:
    given_text = _Text("https://example.com/a b")
    assert written_units(given_text, "browser") is None
    assert validate(given_text).as_dict() == full_report("https://example.com/a b", "browser").as_dict()


@pytest.mark.parametrize("text", [
    "http://h/" + "[]" * 50_000,  # encoded, a fixed string of 300,000 code points is one run of bytes
    "http://h/a" + "\\a" * 50_000 + "?" + "{}" * 10_000 + "#" + "a b" * 10_000,
])
def test_a_long_input_is_read_off_its_fixed_string(text: str) -> None:
    # The fixed string's `%` are the fixes' own: the search for a stray one reads the input, as a
    # search from each `%` of a run of percent-encoded bytes costs the square of its length.
    assert _same_as_full_path(text)
    assert len(validate(text).diagnostics) == sum(map(set("[]{} \\").__contains__, text))


@given(st.text(alphabet="%2aZzé4", max_size=300), st.integers(min_value=0, max_value=70_000))
def test_stray_percent_fixed_by_parts_is_fixed_at_once(text: str, padding: int) -> None:
    # The parts are cut at about 64 kB: a text longer than that is cut, near a `%` or not.
    long = "a%" * (padding // 2) + text + "%4" * (padding // 4)
    assert _stray_fixed(long) == stray_percent().sub("%25", long)
