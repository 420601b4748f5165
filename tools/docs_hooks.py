"""An MkDocs hook for the API reference (mkdocs.yml): the docstrings name things with Sphinx
roles (``:class:`URLError```), which mkdocstrings renders as Markdown, where a role is plain
text before the code. Each becomes a cross-reference that mkdocs-autorefs resolves, after every
page is rendered, to the object's entry: a dotted name as written, a bare one as the package's
(``URLError`` is ``urlgrammar.URLError``, an alias that mkdocstrings registers). One that names
nothing on the site (a private module) stays code, as the reference is optional."""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):<code>([^<]*)</code>")


def _reference(match: re.Match[str]) -> str:
    name = match[1].lstrip("~.")
    identifier = name if name.startswith("urlgrammar") else f"urlgrammar.{name}"
    return f'<autoref identifier="{identifier}" optional><code>{match[1]}</code></autoref>'


def on_page_content(html: str, **kwargs: Any) -> str:
    return _ROLE.sub(_reference, html)
