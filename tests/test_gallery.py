"""docs/teaching.md cannot rot: every output block is what explain prints now."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("gallery", ROOT / "tools" / "gallery.py")
assert spec is not None and spec.loader is not None
gallery = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gallery)

ENTRIES = gallery.entries(gallery.GALLERY.read_text(encoding="utf-8"))


def test_the_gallery_has_about_fifteen_entries() -> None:
    assert len(ENTRIES) >= 15


def test_the_gallery_has_setter_entries() -> None:
    assert sum("attribute" in args for args, _ in ENTRIES) >= 5


@pytest.mark.parametrize(("args", "output"), ENTRIES, ids=[gallery.name(a) for a, _ in ENTRIES])
def test_gallery_entry_is_current(args: dict[str, str | None], output: str) -> None:
    assert output == gallery.render_args(args), \
        "docs/teaching.md is stale: run python tools/gallery.py"
