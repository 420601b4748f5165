"""Advisories about what a URL's scheme does where it is followed or fetched: script-url,
active-data-url and, for a server that fetches URLs for others, unsafe-fetch-scheme.

`javascript:` and `vbscript:` run script in the page that follows them (vbscript: in old
Internet Explorer); both are one advisory, script-url, as the risk, the fix (none) and the
readers are the same: sanitizers block both (DOMPurify's allowed-URI pattern admits neither,
OWASP's XSS Filter Evasion Cheat Sheet spells both), and neither names a resource.
A `data:` URL is a risk by its media type, not its scheme (`data:image/png` is an image), so
it has an advisory of its own that names the type: one that a browser renders as a document
that may run script (HTML, any XML MIME type, which includes SVG and XHTML) or runs as script
(a JavaScript MIME type), https://mimesniff.spec.whatwg.org/#mime-type-groups.

A server that fetches URLs (webhooks, link previews, importers) has other risks: `file:`
reads its own files, and `gopher:`, `dict:`, `ldap:` and `ftp:` let a URL write commands to
an internal service (the server-side request forgery schemes of OWASP's SSRF Prevention Cheat
Sheet and PortSwigger's SSRF labs). Those are flagged only with ``context="fetch"``, and also
where the scheme comes from the base (`x` against `file:///etc/passwd`): the server fetches it
all the same.
"""

from __future__ import annotations

import re

from urlgrammar.encoding.decode import percent_decode_str
from urlgrammar.errors import ADVISORY, Code, Diagnostic, message
from urlgrammar.model.record import Component
from urlgrammar.model.schemes import UNSAFE_TO_FETCH, is_file
from urlgrammar.syntax.grammars import scheme_of
from urlgrammar.syntax.preprocess import preprocess
from urlgrammar.url import URL

#: Where a URL is to be used: followed in a browser (the default), or fetched by a server.
CONTEXTS = ("browser", "fetch")
SCRIPT_SCHEMES = frozenset({"javascript", "vbscript"})
#: https://mimesniff.spec.whatwg.org/#javascript-mime-type: the essences browsers run as script.
JAVASCRIPT_TYPES = frozenset({
    "application/ecmascript", "application/javascript", "application/x-ecmascript",
    "application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
    "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
    "text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript",
    "text/x-javascript"})
#: https://mimesniff.spec.whatwg.org/#http-token-code-point
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+\Z")
#: https://mimesniff.spec.whatwg.org/#http-whitespace
_HTTP_WHITESPACE = "\n\r\t "
#: https://infra.spec.whatwg.org/#ascii-whitespace
_ASCII_WHITESPACE = "\t\n\f\r "
#: https://fetch.spec.whatwg.org/#data-url-processor step 11: `;base64` at the end, spaces allowed.
_BASE64 = re.compile(r";[ ]*base64\Z", re.IGNORECASE)


def _advisory(code: Code, start: int, end: int, specifics: str, detail: str | None) -> Diagnostic:
    return Diagnostic(code, start, end, message(code, specifics), "scheme", detail, None, ADVISORY)


def scheme_advisories(input: str, url: URL, context: str,
                      scheme: Component | None = None) -> list[Diagnostic]:
    """The scheme's advisories for ``url``: script-url and active-data-url where ``input``
    writes its scheme (none where it comes from the base), unsafe-fetch-scheme wherever it
    comes from, as the server fetches the URL whatever wrote its scheme.

    unsafe-fetch-scheme spans the scheme where the input writes it, also where the parser
    takes it from a base of the same scheme (`file:x` or `ftp://h/` against one), whose URL
    has no span for it. Where the scheme comes from the base alone (`x` against
    `file:///etc/passwd`), the span is empty, where the input would write a scheme: after the
    leading C0 controls and spaces, where scheme-relative-host-change, about a scheme from the
    base, starts too. ``scheme``: the URL's scheme component, where the caller has it.
    """
    if scheme is None:
        scheme = url.record[0]
    name = scheme.value
    if context == "fetch" and name in UNSAFE_TO_FETCH:
        start, end = scheme.span or _scheme_written(input, name)
        what = "reads the server's own files" if is_file(name) else \
            "writes what the URL holds to the host's service"
        return [_advisory(Code.UNSAFE_FETCH_SCHEME, start, end, f"'{name}:' {what}", name)]
    if scheme.span is None:
        return []
    start, end = scheme.span
    if name in SCRIPT_SCHEMES:
        return [_advisory(Code.SCRIPT_URL, start, end, f"'{name}:'", None)]
    if name == "data":
        return _data_url(input, url, scheme)
    return []


def _scheme_written(input: str, name: str) -> tuple[int, int]:
    """The span of the scheme ``name`` where ``input`` writes it (a tab or newline inside
    included), else the empty span where it would: before the first code point that
    preprocessing keeps (https://url.spec.whatwg.org/#concept-basic-url-parser steps 1 and 2)."""
    pre = preprocess(input)
    written = scheme_of(pre.text)
    if written is not None and written.lower() == name:
        return pre.offsets.span(0, len(written))
    start = pre.offsets.original(0)
    return start, start


def _data_url(input: str, url: URL, scheme: Component) -> list[Diagnostic]:
    """active-data-url, where the media type of the data: URL is one that runs script, read as
    the Fetch standard's data: URL processor reads it, or percent-decoded first."""
    start, end = scheme.span or (0, 0)
    # https://fetch.spec.whatwg.org/#data-url-processor steps 1 to 5: the URL without its
    # fragment, after `data:`, up to the first comma; no comma is failure, and nothing runs.
    text = url.pathname + url.search
    if "," not in text:
        return []
    written = text.split(",", 1)[0].strip(_ASCII_WHITESPACE)
    essence = media_type_essence(written)
    how = ""
    if not _active(essence) and "%" in written:
        # The standard leaves the type encoded (text%2Fhtml is text/plain to a browser), but
        # readers that decode the whole URL first, and sanitizers that compare the decoded
        # text, read the decoded one.
        essence = media_type_essence(percent_decode_str(written).strip(_ASCII_WHITESPACE))
        how = ", percent-decoded,"
    if not _active(essence):
        return []
    comma = input.find(",", end)
    return [_advisory(Code.ACTIVE_DATA_URL, start, comma if comma >= 0 else len(input),
                      f"its media type{how} is '{essence}'", essence)]


def _active(essence: str) -> bool:
    """https://mimesniff.spec.whatwg.org/#xml-mime-type (`+xml`, text/xml, application/xml),
    text/html, and the JavaScript MIME types."""
    return essence == "text/html" or essence in ("text/xml", "application/xml") \
        or essence.endswith("+xml") or essence in JAVASCRIPT_TYPES


def media_type_essence(text: str) -> str:
    """The essence (`type/subtype`, lowercase) that the data: URL processor gives the media
    type ``text``: `;base64` removed, a type starting with `;` taken as text/plain's, and one
    that does not parse (https://mimesniff.spec.whatwg.org/#parse-a-mime-type) text/plain."""
    text = _BASE64.sub("", text) if _BASE64.search(text) else text
    if text.startswith(";"):
        text = "text/plain" + text
    text = text.strip(_HTTP_WHITESPACE)
    kind, slash, rest = text.partition("/")
    subtype = rest.split(";", 1)[0].rstrip(_HTTP_WHITESPACE)
    if not slash or not _TOKEN.match(kind) or not _TOKEN.match(subtype):
        return "text/plain"
    return f"{kind}/{subtype}".lower()
