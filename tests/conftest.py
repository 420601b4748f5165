"""Shared fixtures: where the conformance data lives.

The data is read from the directory named by the environment variable ``URLGRAMMAR_SHARED``
when it is set, and otherwise from ``../shared`` beside the repository. Where a file is
missing, the tests that need it skip with a reason that names the file and where it was
looked for; the project's own tests do not need the data. ``URLGRAMMAR_SHARED=/nonexistent``
runs the suite as a checkout without the data would.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

#: No test depends on timing (DEVELOPERS.md): Hypothesis's 200 ms deadline failed whichever
#: example first built a grammar, and on a busy machine any example; its too_slow health check
#: judges by time too. Loaded here, before any test module makes its settings, which inherit it.
settings.register_profile("urlgrammar", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "urlgrammar"))

ROOT = Path(__file__).resolve().parent.parent


def every_test_module() -> list[Path]:
    """Every test module, in tests/ and the directories that mirror the package's roles."""
    return sorted((ROOT / "tests").rglob("test_*.py"))

#: The id of the one skipped case that stands for a parametrized test's missing data.
MISSING_ID = "shared_data_missing"


def shared_location() -> Path:
    """Where the data is looked for: ``$URLGRAMMAR_SHARED`` if set, else ``../shared``."""
    env = os.environ.get("URLGRAMMAR_SHARED")
    return Path(env) if env else ROOT.parent / "shared"


def shared_dir() -> Path | None:
    location = shared_location()
    return location if location.is_dir() else None


def missing_reason(relative: str) -> str:
    """The skip reason for a missing data file: the file, where it was looked for, what to do."""
    return (f"conformance data {relative} not found in {shared_location()} (set URLGRAMMAR_SHARED "
            f"to the shared/ directory)")


def _present(relative: str) -> Path | None:
    base = shared_dir()
    return base / relative if base is not None and (base / relative).is_file() else None


def shared_file(relative: str) -> Path:
    """The path of a conformance data file, or skip the calling test with a clear reason."""
    path = _present(relative)
    if path is None:
        pytest.skip(missing_reason(relative))
    return path


def load_json(relative: str) -> Any:
    """Load a shared JSON file; the comment strings WPT puts between cases are dropped."""
    data = json.loads(shared_file(relative).read_text(encoding="utf-8"))
    if isinstance(data, list):
        return [case for case in data if not isinstance(case, str)]
    return data


def shared_cases(relative: str) -> list[Any]:
    """The cases of a data file at collection time, or [] when it is absent (parametrize them
    with :func:`shared_parametrize`, which then skips with the file's name).

    A file is a list of cases (WPT, with comment strings between them) or an object whose
    ``cases`` are the list (whatwg-url's validation cases).
    """
    path = _present(relative)
    if path is None:
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = data["cases"]
    return [case for case in data if not isinstance(case, str)]


def shared_parametrize(relative: str, argnames: str | Sequence[str], argvalues: Iterable[Any],
                       **kwargs: Any) -> pytest.MarkDecorator:
    """``pytest.mark.parametrize`` over cases drawn from the data file ``relative``.

    Without the file, the test gets one case, skipped with a reason that names the file,
    instead of pytest's "got empty parameter set" (which pyproject.toml makes an error).
    """
    if _present(relative) is not None:
        return pytest.mark.parametrize(argnames, argvalues, **kwargs)
    names = [n.strip() for n in argnames.split(",")] if isinstance(argnames, str) else list(argnames)
    placeholder = pytest.param(*[None] * len(names), id=MISSING_ID,
                               marks=pytest.mark.skip(reason=missing_reason(relative)))
    return pytest.mark.parametrize(names, [placeholder])


#: The project's own parsing cases, in WPT's urltestdata schema (tests/data/regenerate.py).
OWN_DATA = ROOT / "tests" / "data" / "extra_urltestdata.json"


def own_cases(section: str | None = None) -> list[dict[str, Any]]:
    """The cases of ``OWN_DATA``: all of them, or those after the comment string that starts
    with ``section + ":"`` and before the next comment string."""
    cases: list[dict[str, Any]] = []
    current = ""
    for entry in json.loads(OWN_DATA.read_text(encoding="utf-8")):
        if isinstance(entry, str):
            current = entry
        elif section is None or current.startswith(section + ":"):
            cases.append(entry)
    return cases


def own_id(case: dict[str, Any]) -> str:
    """A case's test id: ``<input> against <base>``."""
    return f"{case['input']!r} against {case['base']!r}"


def agree_with_the_state_machine(input: str, base: str | None) -> str | None:
    """Assert that the grammar pipeline and the transcribed state machine give the same href,
    or both fail; the href, or None on failure."""
    from urlgrammar import URLError, parse
    from urlgrammar.algorithm import run

    oracle = run(input, base)
    try:
        href = parse(input, base).href
    except URLError:
        assert oracle.failure, f"the state machine gives {oracle.href!r}"
        return None
    assert not oracle.failure, f"the state machine fails; the grammar pipeline gives {href!r}"
    assert href == oracle.href
    return href


#: What no output may hold where it shows input, spelled here apart from the library's own
#: class: C0 controls, DEL, C1 controls, line and paragraph separators, bidi controls.
UNSAFE_OUTPUT = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e"
                           "\u2066-\u2069]")


def check_main(argv: list[str]) -> int:
    """What ``urlgrammar check ...`` runs, with the parser the command line builds for it."""
    from urlgrammar.cli import build_parser

    args = build_parser("check").parse_args(["check", *argv])
    return int(args.run(args))


def check_output(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    """``urlgrammar check ...``'s exit status, standard output and standard error."""
    status = check_main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def count_calls(monkeypatch: pytest.MonkeyPatch, *targets: tuple[object, str]) -> Counter[str]:
    """Count, by name, the calls of each ``(module, name)`` in ``targets`` while the test runs:
    work counted, not timed."""
    seen: Counter[str] = Counter()
    for module, name in targets:
        real = getattr(module, name)

        def counted(*args: Any, _real: Any = real, _name: str = name) -> Any:
            seen[_name] += 1
            return _real(*args)
        monkeypatch.setattr(module, name, counted)
    return seen


def lines_run(function: Callable[[str], object], argument: str) -> int:
    """How many lines of Python ``function(argument)`` runs: a count of work that no machine's
    speed or load changes (DEVELOPERS.md: no test depends on timing). A first, uncounted run
    builds what is built once (grammars, caches). URLError counts as a result."""
    from urlgrammar import URLError

    with contextlib.suppress(URLError):
        function(argument)
    count = 0

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        count += event == "line"
        return trace

    # A collection during the counted run would count the finalizers of earlier tests' garbage
    # (Python code that is no part of the function): collect first, and not while counting.
    gc.collect()
    gc.disable()
    sys.settrace(trace)
    try:
        with contextlib.suppress(URLError):
            function(argument)
    finally:
        sys.settrace(None)
        gc.enable()
    return count


def assert_linear_work(function: Callable[[str], object], make: Callable[[int], str],
                       size: int = 300) -> None:
    """Ten times the input costs about ten times the lines run, not a hundred: ``make(n)``
    builds an input of n units, and ``10 * size`` units may cost at most 12 times ``size``
    units (and a constant). Python-level work only: the time of C code (a regular expression,
    a copy) is measured by tools/bench_cost.py."""
    small = lines_run(function, make(size))
    large = lines_run(function, make(10 * size))
    assert large <= 12 * small + 200, (small, large)


def _answer_ctrl_c() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


#: Popen's arguments for a child that must answer Ctrl-C as a terminal's would: a process started
#: in the background of a shell (nohup, `&`, some CI runners) ignores SIGINT, and its children
#: inherit that, so a test of what Ctrl-C does starts its child with the default action again.
ANSWERS_CTRL_C: dict[str, Any] = {"preexec_fn": _answer_ctrl_c}
