"""validate on an invalid input does each piece of work once (issue 25: "validate that costs
what its findings cost"), counted, not timed: the percent-encoded-string parse runs only on a
value with a `%` that lacks two hex digits; the writing grammar's verdict on the fixed string
reads again only from the component where the input's first error is; and where every fix is
one the parser makes, the advisories of the fixed string's userinfo and host are the input's,
not made again. The reports are the unchanged ones: test_suggestion_kept compares them with
those of a run of the pipeline on the fixed string, on WPT's inputs and generated ones."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from urlgrammar import validate
from urlgrammar.checking import advisories, diagnostics, walk
from urlgrammar.checking.writing import GrammarError, Writing


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[tuple[Any, ...]]:
    """The calls of ``module.name`` from now on, each as its arguments."""
    calls: list[tuple[Any, ...]] = []
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any) -> Any:
        calls.append(args)
        return real(*args)
    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize("input", ["https://h/Cargo\\%20Insurance.htm", "https://h/a%20b?c%2Fd#e%41 f"])
def test_percent_encoded_bytes_alone_are_not_parsed_for_pct_invalid(input: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch, diagnostics, "pct_invalid_spans")
    report = validate(input)
    assert not report.valid and report.suggestion is not None
    assert calls == []


@pytest.mark.parametrize(("input", "value"), [("https://H/a%2 b\\c", "a%2 b"),
                                              ("https://h/x?%zz&a\\b", "%zz&a\\b"),
                                              ("https://H/%41%4", "%41%4")])
def test_a_percent_without_two_hex_digits_is_parsed(input: str, value: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # The full path's (an uppercase host): a plain one's is read off its fixed string (url_units.py).
    calls = _counting(monkeypatch, diagnostics, "pct_invalid_spans")
    report = validate(input)
    assert (value,) in calls
    assert any(d.fix == "%25" for d in report.diagnostics)


def _first_errors(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, GrammarError | None]]:
    """Each verdict of the writing grammar from now on: the components it skipped, and its error."""
    verdicts: list[tuple[int, GrammarError | None]] = []
    real = Writing.first_error

    def first_error(self: Writing, skip: int = 0) -> GrammarError | None:
        found = real(self, skip)
        verdicts.append((skip, found))
        return found
    monkeypatch.setattr(Writing, "first_error", first_error)
    return verdicts


def test_the_fixed_strings_verdict_reads_on_from_the_inputs_error(monkeypatch: pytest.MonkeyPatch) -> None:
    verdicts = _first_errors(monkeypatch)
    # Beyond ASCII, the full path answers (without the port url_units.py would, and
    # long_paths.py without the é).
    report = validate("https://h:443/a/b/c/d/e\\f g\u00e9")
    assert report.suggestion == "https://h:443/a/b/c/d/e/f%20g\u00e9"
    # scheme, authority, path-root, dirs a to e: the backslash after e is the first error.
    assert [skip for skip, _ in verdicts] == [0, 7] and verdicts[1][1] is None


def test_a_fix_the_parser_does_not_make_runs_the_fixed_string_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    verdicts = _first_errors(monkeypatch)
    report = validate("https://u@h/a/b\\c")  # the userinfo goes: another URL
    assert report.suggestion is None
    assert all(skip == 0 for skip, _ in verdicts)


def _host_checks(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    calls: list[tuple[Any, ...]] = []
    real = advisories._host_advisories

    def counted(*args: Any) -> Iterator[Any]:
        calls.append(args)
        return real(*args)
    monkeypatch.setattr(advisories, "_host_advisories", counted)
    return calls


@pytest.mark.parametrize(("input", "suggestion"), [("https://h:443/a\\b c", "https://h:443/a/b%20c"),
                                                   ("https://localhost/a\\b", "https://localhost/a/b")])
def test_the_fixed_strings_host_advisories_are_the_inputs(input: str, suggestion: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _host_checks(monkeypatch)
    report = validate(input)
    assert report.suggestion == suggestion
    assert len(calls) == 1
    assert report.advisories == validate(suggestion).advisories


# A fix that moves what follows it, and a tab that preprocessing removes: the URL's spans are
# not the fixed string's.
@pytest.mark.parametrize("input", ["https:/h/a b", "https://h/a\tb c"])
def test_a_fixed_string_with_moved_spans_has_its_host_checked(input: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _host_checks(monkeypatch)
    assert validate(input).suggestion is not None
    assert len(calls) == 2


def test_the_separators_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch, walk.Walk, "_sigils")
    report = validate("https://h:443/a/b\\c d")  # without the port, url_units.py answers, with no walk
    assert [d.code for d in report.diagnostics] == ["invalid-reverse-solidus", "invalid-URL-unit"]
    assert len(calls) == 1


def test_a_backslash_that_is_no_separator_is_no_reverse_solidus(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch, walk.Walk, "_sigils")
    report = validate("https://h:443/a/b?c\\d")  # a query's backslash is no URL code point, and no separator
    assert [d.code for d in report.diagnostics] == ["invalid-URL-unit"]
    assert len(calls) == 1


@pytest.mark.parametrize(("input", "suggestion", "verdicts"), [
    ("https://H/a%zz b", None, 1),  # `%25` is another URL: the fixed string's verdict is not asked
    ("https:/h/a b", "https://h/a%20b", 2),  # the same URL: the fixed string must be valid
])
def test_the_fixed_string_is_read_by_the_writing_grammar_only_for_the_same_url(
        input: str, suggestion: str | None, verdicts: int, monkeypatch: pytest.MonkeyPatch) -> None:
    found = _first_errors(monkeypatch)
    assert validate(input).suggestion == suggestion
    assert len(found) == verdicts
