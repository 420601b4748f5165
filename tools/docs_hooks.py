"""An MkDocs hook for the API reference: the docstrings name things with Sphinx roles
(``:class:`URL```), which mkdocstrings renders as Markdown, where a role is plain text before
the code; the role is dropped and the code kept."""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):(?=<code>)")


def on_page_content(html: str, **kwargs: Any) -> str:
    return _ROLE.sub("", html)
