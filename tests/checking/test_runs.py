"""One run of the pipeline per request (issue 21, item 6): explain, its JSON, its HTML page and
validate each read an input once, and a base once.

The pipeline's phases are counted where the pipeline calls them (the names it imported):
preprocessing and the lift (the compiled match) by the string they read, resolution and the
host phase in all. A run on another string, such as the suggestion's check of the string it
would suggest, is not a run on the input and is counted apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from urlgrammar import algorithm, url, validate
from urlgrammar.operations import pipeline
from urlgrammar.syntax.preprocess import preprocess
from urlgrammar.teaching.explain import explain
from urlgrammar.teaching.facts import explain_json
from urlgrammar.teaching.viewer.page import export


@dataclass
class Runs:
    """What the pipeline's phases read, and how often the state machine ran."""

    preprocessed: Counter[str] = field(default_factory=Counter)
    lifted: Counter[str] = field(default_factory=Counter)
    resolutions: int = 0
    host_phases: int = 0
    state_machine: Counter[str] = field(default_factory=Counter)

    def on(self, text: str) -> tuple[int, int]:
        """How often preprocessing and the lift read ``text`` (the lift reads it preprocessed)."""
        return self.preprocessed[text], self.lifted[preprocess(text).text]


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Iterator[Runs]:
    seen = Runs()
    # A base given again is not read again (tests/test_base_reuse.py): each request here is
    # the first to give its base.
    url._parsed_base.cache_clear()
    url._base_records.clear()

    def counted(name: str, count: Callable[[Any], None]) -> None:
        real = getattr(pipeline, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            count(args[0])
            return real(*args, **kwargs)
        monkeypatch.setattr(pipeline, name, wrapper)

    counted("preprocess", lambda text: seen.preprocessed.update([text]))
    counted("parse_record", lambda text: seen.lifted.update([text]))
    counted("whatwg_resolve", lambda _: setattr(seen, "resolutions", seen.resolutions + 1))
    counted("process_authority", lambda _: setattr(seen, "host_phases", seen.host_phases + 1))
    machine = algorithm.BasicURLParser.parse

    def state_machine(parser: algorithm.BasicURLParser) -> Any:
        seen.state_machine.update([parser.original])
        return machine(parser)
    monkeypatch.setattr(algorithm.BasicURLParser, "parse", state_machine)
    yield seen


#: Inputs and bases: valid and invalid, a failure, with and without a base, with advisories
#: (internal-address; scheme-relative-host-change, whose fix the suggestion checks).
CASES = [
    ("https://example.com/a", None), ("http://localhost/", None), ("HTTP://EXAMPLE.com/a b", None),
    ("http://user@/x", None), (" https://[::1", None), ("https://example.com:8080/", None),
    ("a/b", "http://h/"), ("a b", "http://h/"), ("//evil.example/x", "https://good.example/"),
    ("https:\\\\evil.example/x", "https://good.example/"), ("mailto:x", None),
]
_IDS = [f"{input!r} against {base!r}" for input, base in CASES]
#: Those whose suggestion checks no other string: valid, and no advisory with a fix.
UNCHECKED = {("https://example.com/a", None), ("http://localhost/", None), ("a/b", "http://h/"),
             ("https://example.com:8080/", None), ("mailto:x", None)}

EXPLAINED: dict[str, Callable[[str, str | None], object]] = {
    "explain": lambda input, base: explain(input, base).text(),
    "explain --json": explain_json,
    "explain --format html": export,
}


def _strings(input: str, base: str | None) -> set[str]:
    return {preprocess(input).text} | (set() if base is None else {preprocess(base).text})


@pytest.mark.parametrize("request_name", EXPLAINED)
@pytest.mark.parametrize(("input", "base"), CASES, ids=_IDS)
def test_explain_runs_the_pipeline_once_per_input(runs: Runs, request_name: str, input: str,
                                                  base: str | None) -> None:
    EXPLAINED[request_name](input, base)
    assert runs.on(input) == (1, 1)
    if base is not None:
        assert runs.on(base) == (1, 1)
    if (input, base) in UNCHECKED:
        # Nothing else was read, and each run resolved once (the base's and the input's).
        assert set(runs.lifted) == _strings(input, base)
        assert runs.resolutions == len(runs.lifted)
    # The state machine, the teaching trace's own algorithm, reads each once too.
    assert runs.state_machine == Counter({input: 1} | ({} if base is None else {base: 1}))


#: Plain hrefs (:func:`urlgrammar.operations.offsets.plain_href`) with no validation error and
#: no advisory, and a path-relative reference of URL code points against a plain base
#: (:func:`urlgrammar.operations.offsets.relative_href`): validate answers without running the
#: pipeline on them.
PLAIN = {("https://example.com/a", None), ("https://example.com:8080/", None), ("a/b", "http://h/")}


@pytest.mark.parametrize(("input", "base"), CASES, ids=_IDS)
def test_validate_reads_the_input_once(runs: Runs, input: str, base: str | None) -> None:
    validate(input, base)
    plain = (input, base) in PLAIN
    assert runs.on(input) == ((0, 0) if plain else (1, 1))
    if base is not None:
        # A plain base is kept as its href, which a reference the fast path takes is joined to.
        assert runs.on(base) == ((0, 0) if plain else (1, 1))
    if (input, base) in UNCHECKED:
        assert set(runs.lifted) == (set() if plain else _strings(input, base))
    assert not runs.state_machine


@pytest.mark.parametrize("input", ["https://example.com/a", "https://example.com:8080", "file:///a//b",
                                   "https://example.com/%41?a?b#%7e", "ws://x.example/y?",
                                   "https://h/./a/../b"], ids=repr)
def test_a_plain_href_is_not_run(runs: Runs, input: str) -> None:
    # Its href is itself and it holds no validation error: the report needs no run at all.
    report = validate(input)
    assert report.valid and report.href is not None
    assert runs == Runs()


@pytest.mark.parametrize("input", ["https://example.com:443/a%4", "https://EXAMPLE.com/a", "https://u@h/",
                                   "file:///./a", "https://1.2.3.4/", "http://user@/x", "foo://H/"],
                         ids=repr)
def test_the_fast_path_declines_without_a_second_lift(runs: Runs, input: str) -> None:
    # The fast path lifts input made of URL code points; where it declines (after the lift, or
    # after the run), the full path goes on from that lift rather than reading the input again.
    validate(input)
    assert runs.on(input) == (1, 1)


@pytest.mark.parametrize(("input", "base"), [("HTTP://EXAMPLE.com/a b", None), ("a b", "http://h/"),
                                             ("http://H\\a\\b c?d e#f g", None),
                                             ("file:///C:\\a b\\" + "\\" * 100, None)],
                         ids=lambda value: repr(value))
def test_a_suggestion_of_the_parsers_own_fixes_reads_nothing_more(runs: Runs, input: str,
                                                                  base: str | None) -> None:
    # Every fix replaces a backslash with a slash or percent-encodes a code point as the parser
    # does: the fixed string gives the same URL by construction, and is not run (issue 25).
    report = validate(input, base)
    assert report.suggestion not in (None, input)
    # The input, or heads of it where long_paths.py answers, and the base: not the fixed string.
    text = preprocess(input).text
    lifted = set(runs.lifted)
    assert {s for s in lifted if not text.startswith(s)} == _strings(input, base) - {text}
    assert any(text.startswith(s) for s in lifted)
    assert runs.resolutions == len(runs.lifted)
