"""What the tests import (the source tree) and what the wheel ships (every package of the
source tree, the grammars, py.typed), installed on its own."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT

import urlgrammar
from urlgrammar.syntax.grammars import GRAMMARS, grammar_dir
from urlgrammar.teaching.viewer.page import ASSETS


def test_the_tested_package_is_the_source_tree() -> None:
    # A developer who edits urlgrammar/ and runs pytest tests those edits, not a copy that
    # `pip install .` put in site-packages.
    assert Path(urlgrammar.__file__).resolve() == ROOT / "urlgrammar" / "__init__.py"
    assert grammar_dir().resolve() == ROOT / "grammars"


def test_the_readme_and_ci_install_the_source_tree_editable() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [command] = [line for line in readme.splitlines() if "pytest" in line and "pip install" in line]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert command.strip() in ci
    assert re.search(r"pip install (-q )?-e '\.\[test,diagrams,frames\]'", command), command
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["pytest"]["ini_options"]["pythonpath"][0] == "."


def test_every_subpackage_is_declared() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = set(config["tool"]["setuptools"]["packages"])
    found = {"urlgrammar." + p.parent.relative_to(ROOT / "urlgrammar").as_posix().replace("/", ".")
             for p in (ROOT / "urlgrammar").rglob("__init__.py") if p.parent != ROOT / "urlgrammar"}
    assert found | {"urlgrammar", "urlgrammar.grammars"} <= declared


def test_the_source_tree_has_its_grammars_and_py_typed() -> None:
    directory = grammar_dir()
    assert all((directory / f"{name}.lark").is_file() for name in GRAMMARS)
    assert (Path(urlgrammar.__file__).parent / "py.typed").is_file()


def _copy_source(to: Path) -> Path:
    """The files a build reads, copied, so that building writes nothing into the checkout."""
    to.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, to / name)
    for name in ("urlgrammar", "grammars"):
        shutil.copytree(ROOT / name, to / name, ignore=shutil.ignore_patterns("__pycache__"))
    return to


@pytest.mark.slow
def test_the_wheel_ships_the_grammars_and_works_installed_alone(tmp_path: Path) -> None:
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    dist = tmp_path / "dist"
    subprocess.run([*pip, "wheel", "--no-deps", "-q", "-w", str(dist), str(_copy_source(tmp_path / "src"))],
                   check=True, timeout=600)
    [wheel] = dist.glob("urlgrammar-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"urlgrammar/grammars/{name}.lark" for name in GRAMMARS} <= names
    assert {"urlgrammar/py.typed", "urlgrammar/algorithm/__init__.py"} <= names
    assert {f"urlgrammar/teaching/viewer/static/{name}" for name in ASSETS} <= names
    assert "urlgrammar/host/top_domains.txt" in names

    # A fresh virtual environment with the wheel alone; lark and idna come from this one.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run([*pip, "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
                   check=True, timeout=300)
    out = subprocess.run([str(python), "-I", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                         check=True, capture_output=True, text=True).stdout.strip()
    import idna
    import lark

    dependencies = {str(Path(m.__file__).resolve().parent.parent) for m in (lark, idna)}
    (Path(out) / "urlgrammar-test-dependencies.pth").write_text("\n".join(sorted(dependencies)) + "\n")
    script = ("import urlgrammar, pathlib; "
              "print(pathlib.Path(urlgrammar.__file__).resolve()); "
              "print(urlgrammar.parse('../x?y', base='HTTP://example.com/a/b/c').href); "
              "print(urlgrammar.parse_reference('a\\\\b', mode='special').href); "
              "from urlgrammar.teaching.viewer.page import export; print('<script>' in export('x:y')); "
              "from urlgrammar.host.top_domains import top_domains; print(len(top_domains()))")
    result = subprocess.run([str(python), "-I", "-c", script], cwd=tmp_path, check=True,
                            capture_output=True, text=True, timeout=120)
    location, href, reference, page, well_known = result.stdout.splitlines()
    assert Path(location).is_relative_to(venv) and not Path(location).is_relative_to(ROOT)
    assert href == "http://example.com/a/x?y"
    assert reference == "a/b"
    assert page == "True"  # the viewer's page, from the assets the wheel ships
    assert well_known == "836"  # the look-alike advisory's list of well-known domains
