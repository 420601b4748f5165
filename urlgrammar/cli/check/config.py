"""``urlgrammar check``'s configuration file: urlgrammar.toml, or the table
``[tool.urlgrammar]`` of a ``pyproject.toml``, found upward from the working directory (the
first directory that has either; in one directory urlgrammar.toml wins, and a
``pyproject.toml`` without the table is passed over), or named by ``--config FILE``.

Keys (each optional)::

    select = ["invalid-credentials", "script-url"]   # only these codes (default: all)
    ignore = ["IPv4-non-decimal-part"]               # never these
    advisories = "on"                                 # "off", "on" or "strict"
    include = ["*.md", "*.html"]                      # a directory walk reads these
    exclude = ["generated"]                           # ... and never these (added to the defaults)
    base = "https://example.com/docs/"                # the base URL of relative inputs
    protected = ["mybank.example"]                    # look-alikes get lookalike-domain

An option on the command line wins over its key (``--ignore`` adds to ``ignore``, ``--exclude``
to ``exclude``, ``--protect FILE`` to ``protected``). An unknown key, a protected entry that is
not a domain of two labels or more, a value of the wrong type and an unknown code are usage errors.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from urlgrammar.cli.check.rules import UnknownCode, codes

ADVISORIES = ("off", "on", "strict")
_LISTS = ("select", "ignore", "include", "exclude", "protected")
_KEYS = (*_LISTS, "advisories", "base")


class ConfigError(ValueError):
    """A configuration file that cannot be read or holds what check does not know."""


@dataclass(frozen=True, slots=True)
class Config:
    """The configuration's values (None where a key is not given), and the file they are from."""

    path: str | None = None
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    advisories: str | None = None
    include: tuple[str, ...] | None = None
    exclude: tuple[str, ...] = ()
    base: str | None = None
    protected: tuple[str, ...] = ()


def find(start: str | None = None) -> Path | None:
    """The configuration file found upward from ``start`` (the working directory)."""
    here = Path(start or os.getcwd()).resolve()
    for directory in (here, *here.parents):
        own = directory / "urlgrammar.toml"
        if own.is_file():
            return own
        project = directory / "pyproject.toml"
        if project.is_file() and "urlgrammar" in _table(project, whole=True).get("tool", {}):
            return project
    return None


def load(path: Path | None) -> Config:
    """The configuration in ``path`` (none: every key's default)."""
    if path is None:
        return Config()
    table = _table(path, whole=False)
    name = str(path)
    unknown = sorted(set(table) - set(_KEYS))
    if unknown:
        raise ConfigError(f"{name}: unknown key {unknown[0]!r} (known: {', '.join(_KEYS)})")
    for key in _LISTS:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{name}: {key} must be a list of strings")
    for key in ("advisories", "base"):
        if not isinstance(table.get(key, ""), str):
            raise ConfigError(f"{name}: {key} must be a string")
    if table.get("advisories", "on") not in ADVISORIES:
        raise ConfigError(f"{name}: advisories must be one of {', '.join(map(repr, ADVISORIES))}")
    try:
        select = codes(table["select"], f"{name}: select") if "select" in table else None
        ignore = codes(table.get("ignore", []), f"{name}: ignore")
    except UnknownCode as e:
        raise ConfigError(str(e)) from None
    include = tuple(table["include"]) if "include" in table else None
    from urlgrammar.host.top_domains import protected_names

    try:
        protected = protected_names(table.get("protected", []))
    except ValueError as e:
        raise ConfigError(f"{name}: protected: {e}") from None
    return Config(name, select, ignore, table.get("advisories"), include,
                  tuple(table.get("exclude", [])), table.get("base"), protected)


def _table(path: Path, whole: bool) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise ConfigError(f"cannot read {path}: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: not TOML: {e}") from None
    if whole or path.name != "pyproject.toml":
        return data
    table = data.get("tool", {}).get("urlgrammar", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.urlgrammar] must be a table")
    return table
