"""validate of a long userinfo of `@` and a long host that ends in a number (issue 25, the
bench shapes "userinfo of @" and "IPv4 hex 0x0"): invalid-credentials of consecutive `@` are
a range, which the suggestion's fixes read whole; the strict run of domain to ASCII on a host
without a hyphen looks for one class of code points; a host that ends in a number is left to
the full path before written_host runs the pipeline. Counted, not timed; the reports are the
unchanged ones (tools/report_dump.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking import written_host
from urlgrammar.checking.runs import Diagnostics, Run
from urlgrammar.errors import Code
from urlgrammar.host import domain


def _credentials(input: str) -> Run:
    diagnostics = validate(input).diagnostics
    assert isinstance(diagnostics, Diagnostics)
    runs = [s for s, _, _ in diagnostics.segments()
            if isinstance(s, Run) and s.templates[0].code is Code.INVALID_CREDENTIALS]
    assert len(runs) == 1
    return runs[0]


def test_a_userinfo_of_at_signs_is_one_range() -> None:
    run = _credentials("http://" + "@" * 1000 + "h/")
    assert run.pointers == range(7, 1007) and run.starts is None
    report = validate("http://" + "@" * 1000 + "h/")
    assert [(d.start, d.end) for d in report.diagnostics[:2]] == [(7, 8), (8, 9)]
    assert (report.href, report.suggestion) == ("http://" + "%40" * 999 + "@h/", None)


@pytest.mark.parametrize(("input", "first", "last"), [
    ("http://a" + "@" * 40 + "h/", (7, 9), (47, 48)),  # a username before the `@`: it spans it
    ("http://" + "@" * 40 + ":@h/", (7, 8), (47, 49)),  # a password
    ("http://" + "@" * 40 + "a@h/", (7, 8), (47, 49)),
])
def test_a_userinfo_of_more_than_at_signs_spans_up_to_each(input: str, first: tuple[int, int],
                                                          last: tuple[int, int]) -> None:
    run = _credentials(input)
    assert type(run.pointers) is not range and run.starts is not None
    diagnostics = validate(input).diagnostics
    assert [(d.start, d.end) for d in (diagnostics[0], diagnostics[len(run.pointers) - 1])] == [first, last]


@given(st.text("ab0x9.-_A%", max_size=30))
def test_a_domain_without_a_hyphen_has_its_first_problem_found_by_one_class(text: str) -> None:
    if "-" not in text:
        found, expected = domain._NOT_LDH.search(text), domain._ASCII_PROBLEM.search(text)
        assert (found and found.start()) == (expected and expected.start())


def test_a_long_host_without_a_hyphen_is_not_read_by_the_alternatives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Refused:
        def search(self, *args: Any) -> Any:
            pytest.fail("_ASCII_PROBLEM read a host without a hyphen")
    real = domain._ASCII_PROBLEM
    monkeypatch.setattr(domain, "_ASCII_PROBLEM", Refused())
    error = domain.parse_domain("0x" + "0" * 1000, be_strict=True).error
    assert error is not None and error.code == "A4_1"
    monkeypatch.setattr(domain, "_ASCII_PROBLEM", real)  # a hyphen: the alternatives read it
    error = domain.parse_domain("a-." + "0" * 300, be_strict=True).error
    assert error is not None and error.code == "V3"


@pytest.mark.parametrize("input", ["http://0x" + "0" * 1000 + "/", "https://1.2.3.0X7F/", "http://0.0.0.256/",
                                   "http://9" + "9" * 100 + "./a"])
def test_a_host_that_ends_in_a_number_is_left_to_the_full_path_before_a_run(
        input: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # written_host ran the pipeline on it, then found an IPv4 address or a failure, not a
    # domain, and left it to the full path, which ran the pipeline again.
    monkeypatch.setattr(written_host, "resolve_and_normalise", lambda *args: pytest.fail("ran"))
    monkeypatch.setattr(written_host, "parse_host", lambda *args, **kwargs: pytest.fail("ran"))
    assert written_host.written_host(input, None, True) is None
    assert written_host.written_host(input, None, False) is None


def test_a_host_that_ends_otherwise_is_still_answered() -> None:
    found = written_host.written_host('https://"0x0.example/', None, False)
    assert found is not None and found[2].rule == "domain"
