"""The viewer's page: its assets, the self-contained page for one input, and their policies.

The served page loads its script and stylesheet as files, so its Content-Security-Policy
allows scripts and styles from the server alone (``'self'``) and no inline code at all. A page
written for documentation must stand alone, so its script and stylesheet are inline; its
policy, in a ``<meta>`` element, allows exactly those two by their SHA-256 hashes
(https://www.w3.org/TR/CSP3/#grammardef-hash-source) and nothing else: no other script, no
network connection, no form target. The explanation it shows is a JSON data block
(``<script type="application/json">``), which browsers never run, escaped so that no input can
end it early.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from functools import cache
from importlib import resources
from typing import Any

from urlgrammar.teaching.explain import explain
from urlgrammar.teaching.facts import document

#: The files the server serves from ``static/``, with their content types.
ASSETS = {"index.html": "text/html; charset=utf-8",
          "viewer.js": "text/javascript; charset=utf-8",
          "viewer.css": "text/css; charset=utf-8"}

#: The served page's policy: its own script, stylesheet and API; nothing inline, no frames.
SERVED_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                 "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

_STYLESHEET = '<link rel="stylesheet" href="viewer.css">'
_SCRIPT = '<script src="viewer.js"></script>'
_HEAD = '<meta charset="utf-8">'


@cache
def asset(name: str) -> bytes:
    """The bytes of one of :data:`ASSETS`, read from the package once."""
    if name not in ASSETS:
        raise KeyError(name)
    return resources.files(__package__).joinpath("static", name).read_bytes()


def hash_source(text: str) -> str:
    """A CSP hash source for an inline element whose content is ``text``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def json_block(data: Any) -> str:
    """``data`` as JSON that can sit inside a ``<script>`` element: ``<``, ``>`` and ``&``
    escaped, so that no ``</script>`` or ``<!--`` in a value can end or change it, and ASCII
    only, so that lone surrogates survive as escapes."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def standalone(data: dict[str, Any], text: str) -> str:
    """The page for one explanation, self-contained: ``data`` is its JSON, ``text`` its text
    form, which the page holds for readers without scripts."""
    page = asset("index.html").decode("utf-8")
    script = asset("viewer.js").decode("utf-8")
    style = asset("viewer.css").decode("utf-8")
    for marker in (_STYLESHEET, _SCRIPT, _HEAD):
        if page.count(marker) != 1:
            raise ValueError(f"static/index.html must hold {marker} once")
    policy = (f"default-src 'none'; script-src {hash_source(script)}; style-src {hash_source(style)}; "
              "img-src data:; base-uri 'none'; form-action 'none'")
    title = f"<title>urlgrammar {html.escape(text.partition(chr(10))[0])}</title>"
    page = page.replace(_HEAD, f'{_HEAD}\n<meta http-equiv="Content-Security-Policy" '
                                f'content="{html.escape(policy, quote=False)}">', 1)
    page = page.replace("<title>urlgrammar viewer</title>", title, 1)
    page = page.replace(_STYLESHEET, f"<style>{style}</style>", 1)
    fallback = f'<noscript><pre class="code">{html.escape(text)}</pre></noscript>\n'
    page = page.replace(_SCRIPT, f'{fallback}<script type="application/json" id="explain-data">'
                                 f"{json_block(data)}</script>\n<script>{script}</script>", 1)
    return page


def export(input: str, base: str | None = None) -> str:
    """``urlgrammar explain INPUT --format html``: the view of one input as one HTML page."""
    ex = explain(input, base, rfc3986=True)
    return standalone(document(ex), ex.text())
