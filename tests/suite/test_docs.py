"""The API reference site (mkdocs.yml, docs/): every public name has its page, every page is
in the navigation, and the site builds with warnings as errors where the docs extra is
installed (.ci/run installs it and builds the site too)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

import urlgrammar

DOCS = ROOT / "docs"
#: The pages of the navigation, as mkdocs.yml lists them (``- Title: page.md``).
NAV = re.findall(r"^\s*- [^:\n]+: (\S+\.md)$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)


def _documented() -> set[str]:
    """The dotted names that the reference pages render (``::: name``)."""
    return {name for page in (DOCS / "reference").glob("*.md")
            for name in re.findall(r"^::: (\S+)$", page.read_text(encoding="utf-8"), re.M)}


def _home(name: str) -> str:
    """Where a public name is defined: its module and qualified name."""
    value = getattr(urlgrammar, name)
    if isinstance(value, type(urlgrammar)):
        return value.__name__
    if not hasattr(value, "__qualname__"):  # a constant: its module says where it is set
        return next(d for d in _documented() if d.endswith("." + name))
    return f"{value.__module__}.{value.__qualname__}"


@pytest.mark.parametrize("name", urlgrammar.__all__)
def test_every_public_name_has_a_reference_entry(name: str) -> None:
    home = _home(name)
    documented = _documented()
    assert home in documented or home.rpartition(".")[0] in documented, \
        f"{name} ({home}) is on no page of docs/reference/"


def test_every_page_is_in_the_navigation_and_exists() -> None:
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert set(NAV) == pages
    assert {"index.md", "teaching.md", "changelog.md"} <= pages


def test_the_guide_and_the_changelog_are_included_not_copied() -> None:
    assert (DOCS / "index.md").read_text(encoding="utf-8").strip() == '--8<-- "README.md"'
    assert (DOCS / "changelog.md").read_text(encoding="utf-8").strip() == '--8<-- "CHANGELOG.md"'


@pytest.mark.slow
def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    for module in ("mkdocs", "mkdocstrings_handlers.python"):
        if importlib.util.find_spec(module.split(".")[0]) is None:
            pytest.skip(f"the docs extra is not installed ({module} is missing): pip install -e '.[docs]'")
    site = tmp_path / "site"
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                           cwd=ROOT, timeout=300, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    pages = {p.parent.relative_to(site).as_posix() for p in site.rglob("index.html")}
    assert {".", "reference/url", "reference/pydantic", "changelog", "teaching"} <= pages
    url_page = (site / "reference" / "url" / "index.html").read_text(encoding="utf-8")
    assert 'href="../errors/#urlgrammar.errors.URLError"><code>URLError</code>' in url_page  # the hook's link


def test_the_hook_makes_sphinx_roles_cross_references() -> None:
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "tools" / "docs_hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    html = ("raises :class:<code>URLError</code>; :func:<code>urlgrammar.parse</code>, "
            "a :: b, :x:<code>y</code>")
    assert hooks.on_page_content(html) == (
        'raises <autoref identifier="urlgrammar.URLError" optional><code>URLError</code></autoref>; '
        '<autoref identifier="urlgrammar.parse" optional><code>urlgrammar.parse</code></autoref>, '
        "a :: b, :x:<code>y</code>")
