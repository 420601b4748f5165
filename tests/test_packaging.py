"""What the wheel ships: every package of the source tree, the grammars, py.typed."""

from __future__ import annotations

import tomllib
from pathlib import Path

import urlgrammar
from urlgrammar.grammar import GRAMMARS, grammar_dir

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_is_declared() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = set(config["tool"]["setuptools"]["packages"])
    found = {"urlgrammar." + p.parent.relative_to(ROOT / "urlgrammar").as_posix().replace("/", ".")
             for p in (ROOT / "urlgrammar").rglob("__init__.py") if p.parent != ROOT / "urlgrammar"}
    assert found | {"urlgrammar", "urlgrammar.grammars"} <= declared


def test_the_installed_package_finds_its_grammars() -> None:
    directory = grammar_dir()
    assert all((directory / f"{name}.lark").is_file() for name in GRAMMARS)
    assert (Path(urlgrammar.__file__).parent / "py.typed").is_file()
