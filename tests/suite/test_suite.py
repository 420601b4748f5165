"""The suite's own set-up: the slow tests are marked, `pytest -m "not slow"` is the fast set,
and CI runs everything."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from conftest import ROOT, every_test_module

#: Tests that take seconds each (megabyte inputs, long Hypothesis runs, subprocesses), by
#: their path under tests/.
SLOW = [
    "checking/test_validate.py::test_agree_with_the_state_machine_on_url_shaped_text",
    "checking/test_validate.py::test_the_two_verdicts_agree",
    "checking/test_validate.py::test_agree_with_the_state_machine_on_any_text",
    "algorithm/test_differential.py::test_agree_on_url_shaped_text",
    "algorithm/test_algorithm.py::test_long_inputs_have_a_result",
    "algorithm/test_algorithm.py::test_any_text_gives_a_result",
    "test_reference.py::test_canonical_strings_from_the_grammar_print_back",
    "suite/test_shared_data.py::test_without_the_data_every_parametrized_skip_names_its_file",
    "suite/test_packaging.py::test_the_wheel_ships_the_grammars_and_works_installed_alone",
    "cli/test_cli.py::test_no_traceback_for_hostile_arguments",
    "cli/test_cli.py::test_an_argument_that_is_not_utf8_is_a_usage_error",
    "algorithm/test_differential.py::test_agree_on_any_text",
    "host/test_domain.py::test_long_labels_pass_the_relaxed_run",
    "test_search_params.py::test_agree_with_whatwg_url_through_node",
    "test_setter_differential.py::test_generated_setter_calls_agree_with_whatwg_url",
]


def _marks(path: Path, name: str) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    [function] = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name]
    return {ast.unparse(d) for d in function.decorator_list}


def test_the_slow_marker_is_registered() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith("slow:") for m in markers)


def test_the_slow_tests_are_marked() -> None:
    unmarked = []
    for test in SLOW:
        file, name = test.split("::")
        if "pytest.mark.slow" not in _marks(ROOT / "tests" / file, name):
            unmarked.append(test)
    assert not unmarked


def test_the_readme_gives_the_fast_set_and_ci_runs_everything() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pytest -m "not slow"' in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/pytest &&" in ci and "-m " not in ci.split(".venv/bin/pytest", 1)[1].split("&&")[0]


def test_hypothesis_runs_without_a_deadline_or_a_timed_health_check() -> None:
    # conftest.py's profile: an example's time says nothing about its correctness.
    from hypothesis import HealthCheck, settings

    assert settings().deadline is None
    assert HealthCheck.too_slow in settings().suppress_health_check


def test_no_test_module_gives_hypothesis_a_deadline() -> None:
    offenders = []
    for path in every_test_module():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "deadline":
                offenders.append(f"{path.name}:{node.value.lineno}")
    assert not offenders


def test_the_work_counter_fails_quadratic_work_and_passes_linear_work() -> None:
    import pytest
    from conftest import assert_linear_work

    def linear(text: str) -> int:
        count = 0
        for _ in text:
            count += 1
        return count

    def quadratic(text: str) -> int:
        count = 0
        for i in range(len(text)):
            for _ in text[:i]:
                count += 1
        return count

    assert_linear_work(linear, lambda n: "a" * n, size=100)
    with pytest.raises(AssertionError):
        assert_linear_work(quadratic, lambda n: "a" * n, size=100)


def test_no_test_reads_a_clock_to_judge_speed() -> None:
    # Speed is measured by tools/ (bench_cost.py), never asserted: a busy machine fails it.
    clocks = ("perf_counter", "process_time")
    offenders = [path.name for path in every_test_module()
                 if path.name != "test_suite.py"  # which names them, above
                 and any(clock in path.read_text(encoding="utf-8") for clock in clocks)]
    assert offenders == []


def test_the_test_directories_mirror_the_packages_roles() -> None:
    # tests/<role>/ holds the tests of urlgrammar/<role>/, tests/ those of the top-level modules,
    # and tests/suite/ those of the package as a whole (its layers, homes, README, wheel).
    package = ROOT / "urlgrammar"
    places = {path.parent.relative_to(ROOT / "tests").as_posix() for path in every_test_module()}
    unmirrored = {place for place in places - {".", "suite"}
                  if not (package / place / "__init__.py").is_file()}
    assert unmirrored == set()
