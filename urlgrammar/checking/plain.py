"""validate's fast path: a web URL whose strict reading holds trivially.

Most URLs in the wild are valid and plain: `https://example.com/a/b?q#f`, lowercase, ASCII.
For them the standard's parser reports nothing and the writing grammar
(https://url.spec.whatwg.org/#url-writing) accepts every component at a glance, so
:func:`plain_href` answers from one run of the pipeline, with a listener that keeps the lifted
record and the host, instead of the walk over every code point that finds validation errors.
Whatever it is not sure of, it leaves to the full path (None). The tests compare the two
paths' reports on every WPT input and on generated ones.
"""

from __future__ import annotations

import re

from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.domain import STRICT_ASCII_DOMAIN
from urlgrammar.host.parser import Domain, Host
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import Mode, is_web
from urlgrammar.operations.pipeline import run
from urlgrammar.operations.reporter import Reporter
from urlgrammar.syntax.printer import print_record

#: The ASCII URL code points (https://url.spec.whatwg.org/#url-code-points), and one `#` that
#: starts the fragment. An input made of these has nothing for preprocessing to remove, no `%`
#: to check and no code point that any component's percent-encode set holds, and each of its
#: components is made of URL units.
_URL_CODE_POINTS = r"[0-9A-Za-z!$&'()*+,\-./:;=?@_~]*"
_PLAIN_TEXT = re.compile(f"{_URL_CODE_POINTS}(?:#{_URL_CODE_POINTS})?")
_DOTS = frozenset({"", ".", ".."})
_PATH = frozenset({Kind.ROOT, Kind.DIR, Kind.FILE, Kind.QUERY, Kind.FRAGMENT})
_SEGMENTS = frozenset({Kind.DIR, Kind.FILE})


class _Listener(Reporter):
    """Keeps what the fast path looks at: the lifted record and the host parser's verdict."""

    def __init__(self) -> None:
        self.lifted: URLRecord | None = None
        self.domain: str | None = None

    def parsed(self, mode: Mode, record: URLRecord) -> None:
        self.lifted = record

    def host(self, end: int, found: list[Diagnostic], value: Host | None) -> None:
        self.domain = value.value if isinstance(value, Domain) and not found else None


def plain_href(input: str) -> str | None:
    """The href of ``input`` where it is a valid URL string on which the parser reports no
    validation error, seen without a walk; None where that takes the full path."""
    if not _PLAIN_TEXT.fullmatch(input):
        return None
    listener = _Listener()
    try:
        record, _ = run(input, None, Mode.GENERIC, "utf-8", listener)
    except URLError:
        return None
    lifted = listener.lifted
    if lifted is None or len(lifted) < 2 or not _plain_authority(lifted, listener.domain):
        return None
    for c in lifted[2:]:
        # A backslash mark, a dot or empty segment, or anything but the path, query and
        # fragment of a URL with an authority (the writing grammar's path-absolute-URL).
        kind = c.kind
        if c.mark is not None or kind not in _PATH or (kind in _SEGMENTS and c.value in _DOTS):
            return None
    return print_record(record)


def _plain_authority(lifted: URLRecord, domain: str | None) -> bool:
    """A lowercase web scheme, `//` and a host that is a lowercase ASCII domain the strict run
    of the domain parser accepts as it is: no userinfo, no port."""
    scheme, authority = lifted[0], lifted[1]
    if scheme.kind != Kind.SCHEME or not scheme.value.islower() or not is_web(scheme.value):
        return False
    if authority.kind != Kind.AUTHORITY or authority.mark is not None:
        return False
    a = authority.value
    host = a.host.value
    return a.username is None and a.port is None and domain is not None and domain == host \
        and len(host) <= 253 and STRICT_ASCII_DOMAIN.fullmatch(host) is not None
