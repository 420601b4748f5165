"""Without the shared conformance data, every test that needs it skips and names the file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import MISSING_ID, ROOT, shared_location, shared_parametrize


def test_an_explicit_location_is_the_only_one_looked_in(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    monkeypatch.setenv("URLGRAMMAR_SHARED", str(tmp_path / "nowhere"))
    assert shared_location() == tmp_path / "nowhere"
    monkeypatch.delenv("URLGRAMMAR_SHARED")
    assert shared_location() == ROOT.parent / "shared"


def test_a_missing_file_gives_one_skipped_case_that_names_it(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    monkeypatch.setenv("URLGRAMMAR_SHARED", str(tmp_path))
    mark = shared_parametrize("wpt/urltestdata.json", ("a", "b"), [], ids=[]).mark
    [case] = mark.args[1]
    assert mark.args[0] == ["a", "b"] and case.values == (None, None) and case.id == MISSING_ID
    [skip] = case.marks
    assert skip.name == "skip"
    assert skip.kwargs["reason"].startswith(f"conformance data wpt/urltestdata.json not found in {tmp_path}")
    (tmp_path / "wpt").mkdir()
    (tmp_path / "wpt" / "urltestdata.json").write_text("[]", encoding="utf-8")
    present = shared_parametrize("wpt/urltestdata.json", "case", [1, 2], ids=["x", "y"]).mark
    assert present.args == ("case", [1, 2]) and present.kwargs == {"ids": ["x", "y"]}


@pytest.mark.slow
def test_without_the_data_every_parametrized_skip_names_its_file(tmp_path: Path) -> None:
    # The whole suite is collected (an empty parameter set would fail the collection); the
    # cases that stand for missing data run, and each skip reason names a file.
    env = {**os.environ, "URLGRAMMAR_SHARED": str(tmp_path / "nowhere")}
    env.pop("PYTEST_ADDOPTS", None)
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs",
                          "-k", MISSING_ID, str(ROOT / "tests")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    assert "empty parameter set" not in out
    skips = [line for line in out.splitlines() if line.startswith("SKIPPED")]
    assert len(skips) >= 19, out
    for line in skips:
        assert re.search(r"conformance data \S+\.(json|txt) not found in \S*nowhere", line), line
