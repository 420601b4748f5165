"""docs/teaching.md cannot rot: every output block is what explain prints now, and every page in
docs/views/ is what explain --format html writes now."""

from __future__ import annotations

import importlib.util
import re

import pytest
from conftest import ROOT

spec = importlib.util.spec_from_file_location("gallery", ROOT / "tools" / "gallery.py")
assert spec is not None and spec.loader is not None
gallery = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gallery)

ENTRIES = gallery.entries(gallery.GALLERY.read_text(encoding="utf-8"))


def test_the_gallery_has_about_fifteen_entries() -> None:
    assert len(ENTRIES) >= 15


def test_the_gallery_has_setter_entries() -> None:
    assert sum("attribute" in args for args, _ in ENTRIES) >= 5


def test_the_gallery_has_rfc3986_entries_that_part() -> None:
    # Issue 27: at least twelve classic strings, each with both readings; all but the one
    # where they agree say where they part, and why.
    rfc = [(args, out) for args, out in ENTRIES if "rfc3986" in args]
    assert len(rfc) >= 12
    assert all("the standard: " in out and "RFC 3986: " in out and "component  RFC 3986" in out
               for _, out in rfc)
    agree = [args["rfc3986"] for args, out in rfc if "where they part: nowhere" in out]
    assert agree == ["javascript:alert(1)"]


@pytest.mark.parametrize(("args", "output"), ENTRIES, ids=[gallery.name(a) for a, _ in ENTRIES])
def test_gallery_entry_is_current(args: dict[str, str | None], output: str) -> None:
    assert output == gallery.render_args(args), \
        "docs/teaching.md is stale: run python tools/gallery.py"


TEXT = gallery.GALLERY.read_text(encoding="utf-8")
VIEWS = gallery.views(TEXT)


def test_every_explain_entry_links_to_its_page() -> None:
    assert gallery.regenerate(TEXT) == TEXT, "docs/teaching.md is stale: run python tools/gallery.py"
    links = re.findall(r"\]\(views/([^)]*)\.html\)", TEXT)
    assert links == list(VIEWS) and len(links) == sum("attribute" not in args and "rfc3986" not in args
                                                      for args, _ in ENTRIES)


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_each_page_is_current(name: str) -> None:
    path = gallery.VIEWS / f"{name}.html"
    assert path.is_file() and path.read_text(encoding="utf-8") == VIEWS[name], \
        f"docs/views/{name}.html is stale: run python tools/gallery.py"


def test_docs_views_holds_the_pages_and_the_diagrams_only() -> None:
    assert {p.name for p in gallery.VIEWS.iterdir()} == {f"{n}.html" for n in VIEWS} | {gallery.DIAGRAMS}


def test_the_diagrams_beside_the_pages_are_current() -> None:
    pytest.importorskip("railroad", reason="the diagrams need the diagrams extra (railroad-diagrams)")
    assert (gallery.VIEWS / gallery.DIAGRAMS).read_text(encoding="utf-8") == gallery.diagrams(), \
        "docs/views/grammars.html is stale: run python tools/gallery.py"
