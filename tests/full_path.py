"""validate's full path, to compare its fast paths with (urlgrammar/checking: url_units.py,
written_host.py): the pipeline, the walk, the writing grammar, the suggestion's checks and
Python's readers, as :func:`urlgrammar.checking.validate._examine` runs them."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from urlgrammar import URL, validate
from urlgrammar.checking import disagreement
from urlgrammar.checking import validate as validate_module
from urlgrammar.checking.validate import Report, _advised, _examine

#: The getters a fast path's URL must answer as the full path's does.
GETTERS = ("href", "origin", "host", "hostname", "port", "pathname", "search", "hash")


def full_report(text: str, context: str = "browser", protected: tuple[str, ...] = (),
                limit: int | None = None, base: str | None = None) -> Report:
    """The full path's report on ``text`` (against ``base``), its advisories included (the
    first ``limit``)."""
    url = None if base is None else URL(base)
    report, advised = _examine(text, base, url, limit, context=context, protected=protected)
    return _advised(report, advised, url, limit, context, protected)


def assert_full_paths_report(text: str, base: str | None = None) -> None:
    """validate's report on ``text`` (against ``base``) is the full path's, field by field, in
    both contexts, with advisories and without, and with a limit on diagnostics (``check
    --max-errors``), and its URL has the full path's record, mode and getters."""
    for limit in (0, 2):
        report = validate(text, base, max_diagnostics=limit)
        assert report.as_dict() == full_report(text, limit=limit, base=base).as_dict(), (text, limit)
    for context in ("browser", "fetch"):
        full = full_report(text, context, base=base)
        for advisories in (True, False):
            report = validate(text, base, advisories=advisories, context=context)
            expected = full if advisories else full._replace(advisories=())
            assert report.as_dict() == expected.as_dict(), text
            assert report == expected, text
        assert (report.url is None) is (full.url is None)
        if report.url is not None and full.url is not None:
            assert report.url.record == full.url.record and report.url.mode is full.url.mode, text
            for name in GETTERS:
                assert getattr(report.url, name) == getattr(full.url, name), (text, name)


def answers_as_the_full_path(text: str, answer: Callable[[str, str], object]) -> bool:
    """Whether ``answer``, one of validate's answers without the full path (such as
    :func:`urlgrammar.checking.url_units.written_units`), answers for ``text``; validate's report
    is the full path's either way (:func:`assert_full_paths_report`)."""
    taken = answer(text, "browser") is not None
    assert_full_paths_report(text)
    return taken


def refuse_full_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make validate's full path fail the test where it runs."""
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the full path ran")

    monkeypatch.setattr(validate_module, "_examine", refused)


def count_readings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts parser-disagreement gives Python's readers from now on, in order."""
    return count_calls(monkeypatch, disagreement, "readings")


def count_calls(monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str) -> list[str]:
    """The first arguments (texts) of ``module.name``'s calls from now on, in order; each call
    still runs."""
    texts: list[str] = []
    real = getattr(module, name)

    def counted(text: str, *args: Any) -> Any:
        texts.append(text)
        return real(text, *args)
    monkeypatch.setattr(module, name, counted)
    return texts
