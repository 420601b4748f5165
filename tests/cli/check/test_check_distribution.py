"""The pre-commit hook and the GitHub Action: their files parse, say what they should, and their
command lines run ``urlgrammar check`` as they would on a repository."""

from __future__ import annotations

import json
import os
import re
import shlex
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from test_check_sarif import code_scanning_accepts

yaml = pytest.importorskip("yaml")

DOCUMENTS = {"docs/guide.md": "# Guide\n\nSee [the API](https://u@api.example/v1).\n",
             "site/index.html": '<a href="https://example.com/">home</a>\n',
             "site/style.css": "a { background: url(img/bg.png) }\n"}


def load(name: str) -> Any:
    return yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))


def repository(tmp_path: Path, bad: bool = True) -> Path:
    for name, text in DOCUMENTS.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text if bad else text.replace("u@", ""), encoding="utf-8")
    return tmp_path


def shim(tmp_path: Path) -> dict[str, str]:
    """An environment where ``urlgrammar`` on the PATH runs this checkout's."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "urlgrammar"
    script.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m urlgrammar "$@"\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def test_the_pre_commit_hook(tmp_path: Path) -> None:
    [hook] = load(".pre-commit-hooks.yaml")
    assert hook["id"] == "urlgrammar-check" and hook["language"] == "python"
    assert set(hook["types_or"]) == {"html", "markdown", "css"}
    assert any(d.startswith("markdown-it-py") for d in hook["additional_dependencies"])
    # pre-commit runs the entry with the staged files of those types as arguments.
    env = shim(tmp_path)
    for bad, status in ((True, 1), (False, 0)):
        root = repository(tmp_path / str(bad), bad)
        run = subprocess.run([*shlex.split(hook["entry"]), *DOCUMENTS], cwd=root, env=env,
                             capture_output=True, text=True, timeout=120, check=False)
        assert (run.returncode, run.stderr) == (status, "")
        assert ("docs/guide.md:3:23: error[invalid-credentials]" in run.stdout) == bad


def test_the_action_runs_check_and_uploads_sarif(tmp_path: Path) -> None:
    action = load("action.yml")
    assert action["runs"]["using"] == "composite"
    steps = {step.get("id", step.get("name", step.get("uses"))): step for step in action["runs"]["steps"]}
    upload = next(s for s in action["runs"]["steps"] if s.get("uses", "").startswith(
        "github/codeql-action/upload-sarif@"))
    assert upload["with"]["sarif_file"] == "${{ inputs.sarif-file }}"
    assert "always()" in upload["if"]
    check = steps["check"]
    assert check["shell"] == "bash" and "${{" not in check["run"]  # inputs only through env
    inputs = {name: spec["default"] for name, spec in action["inputs"].items()}
    inputs["args"] = "--ignore IPv4-empty-part"
    env = shim(tmp_path)
    env.update({key: re.sub(r"\$\{\{ inputs\.([\w-]+) \}\}", lambda m: inputs[m.group(1)], value)
                for key, value in check["env"].items()})
    output = tmp_path / "github_output"
    env["GITHUB_OUTPUT"] = str(output)
    root = repository(tmp_path / "repo")
    run = subprocess.run(["bash", "-e", "-c", check["run"]], cwd=root, env=env, capture_output=True,
                         text=True, timeout=120, check=False)
    assert (run.returncode, run.stderr) == (0, "")  # findings: the step goes on to the upload
    assert output.read_text(encoding="utf-8") == "status=1\n"
    log = json.loads((root / inputs["sarif-file"]).read_text(encoding="utf-8"))
    [result] = code_scanning_accepts(log)
    location = result["locations"][0]["physicalLocation"]  # type: ignore[index]
    assert (location["artifactLocation"]["uri"], location["region"]["startLine"]) == ("docs/guide.md", 3)
    fail = steps["Fail on findings"]
    assert "steps.check.outputs.status == '1'" in fail["if"]


def test_the_action_stops_on_a_usage_error(tmp_path: Path) -> None:
    check = {s.get("id"): s for s in load("action.yml")["runs"]["steps"]}["check"]
    env = shim(tmp_path)
    env.update({"PATHS": ".", "ARGS": "--select no-such-code", "SARIF": "out.sarif",
                "GITHUB_OUTPUT": str(tmp_path / "out")})
    run = subprocess.run(["bash", "-e", "-c", check["run"]], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 2 and "unknown code 'no-such-code'" in run.stderr
