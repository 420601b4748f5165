"""whatwg-url through Node, the peer the differentials and tests/data/regenerate.py compare with:
where it is installed (``npm install --prefix tools/node``; tools/node/package.json pins its
version) and why it cannot run here, if it cannot."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

NODE_DIR = Path(__file__).resolve().parent / "node"
WHATWG_URL = NODE_DIR / "node_modules" / "whatwg-url"


def missing() -> str | None:
    """Why whatwg-url cannot run here, naming what to install; None where it can."""
    if shutil.which("node") is None:
        return "node is not on PATH (install Node, then: npm install --prefix tools/node)"
    if not (WHATWG_URL / "package.json").is_file():
        return "whatwg-url is not installed: run npm install --prefix tools/node"
    return None


def version() -> str:
    """The installed whatwg-url's version."""
    return str(json.loads((WHATWG_URL / "package.json").read_text(encoding="utf-8"))["version"])
