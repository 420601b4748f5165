"""Shared fixtures: where the conformance data lives.

The data is read from ``../shared`` beside the repository, or from the directory named by
the environment variable ``URLGRAMMAR_SHARED``. Where neither exists, conformance tests skip
with a message that says so; the project's own tests do not need it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path | None:
    env = os.environ.get("URLGRAMMAR_SHARED")
    for candidate in ([Path(env)] if env else []) + [ROOT.parent / "shared"]:
        if candidate.is_dir():
            return candidate
    return None


def shared_file(relative: str) -> Path:
    """The path of a conformance data file, or skip the calling test with a clear reason."""
    base = shared_dir()
    if base is None or not (base / relative).is_file():
        pytest.skip(f"conformance data {relative} not found: set URLGRAMMAR_SHARED to the "
                    f"shared/ directory (looked in {base or ROOT.parent / 'shared'})")
    return base / relative


def load_json(relative: str) -> Any:
    """Load a shared JSON file; the comment strings WPT puts between cases are dropped."""
    data = json.loads(shared_file(relative).read_text(encoding="utf-8"))
    if isinstance(data, list):
        return [case for case in data if not isinstance(case, str)]
    return data


def shared_cases(relative: str) -> list[Any]:
    """For parametrize at collection time: [] (and a skipping test) when the data is absent.

    A file is a list of cases (WPT, with comment strings between them) or an object whose
    ``cases`` are the list (whatwg-url's validation cases).
    """
    base = shared_dir()
    if base is None or not (base / relative).is_file():
        return []
    data = json.loads((base / relative).read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = data["cases"]
    return [case for case in data if not isinstance(case, str)]
