"""validate's fast path: a web or file URL whose strict reading holds trivially.

Most URLs in the wild are valid and plain: `https://example.com/a/b?q#f`,
`file:///home/a/b.txt`, lowercase, ASCII. For them the standard's parser reports nothing and
the writing grammar (https://url.spec.whatwg.org/#url-writing) accepts every component at a
glance, so :func:`plain_url` answers from one run of the pipeline, with a listener that keeps
the lifted record, instead of the walk over every code point that finds validation errors.
Whatever it is not sure of, it leaves to the full path (None). The tests compare the two
paths' reports on every WPT input and on generated ones.
"""

from __future__ import annotations

import re

from urlgrammar.errors import URLError
from urlgrammar.host.domain import STRICT_ASCII_DOMAIN
from urlgrammar.host.parser import Domain, Empty
from urlgrammar.model.code_points import URL_CODE_POINTS_ASCII, one_of
from urlgrammar.model.record import Component, Kind, URLRecord
from urlgrammar.model.schemes import Mode, schemes_in
from urlgrammar.operations.pipeline import run
from urlgrammar.operations.reporter import Reporter
from urlgrammar.url import URL

# Kind's members as module constants: on Python 3.11 an access through the class runs
# EnumType.__getattr__'s hook, which costs more than the comparisons it serves here.
_SCHEME, _AUTHORITY, _DRIVE, _ROOT, _DIR, _FILE, _QUERY, _FRAGMENT = (
    Kind.SCHEME, Kind.AUTHORITY, Kind.DRIVE, Kind.ROOT, Kind.DIR, Kind.FILE, Kind.QUERY, Kind.FRAGMENT)

#: The ASCII URL code points (https://url.spec.whatwg.org/#url-code-points), and one `#` that
#: starts the fragment. An input made of these has nothing for preprocessing to remove, no `%`
#: to check and no code point that any component's percent-encode set holds, and each of its
#: components is made of URL units.
_URL_CODE_POINTS = f"{one_of(URL_CODE_POINTS_ASCII)}*"
_PLAIN_TEXT = re.compile(f"{_URL_CODE_POINTS}(?:#{_URL_CODE_POINTS})?")
_DOTS = frozenset({"", ".", ".."})
#: What may follow the authority: a path-absolute-URL string, a query and a fragment; in a
#: file URL also a drive (the path's first segment, `C:`).
_WEB_PATH = frozenset({_ROOT, _DIR, _FILE, _QUERY, _FRAGMENT})
_FILE_PATH = _WEB_PATH | {_DRIVE}
_SEGMENTS = frozenset({_DIR, _FILE})
#: The lowercase schemes whose URLs the fast path takes, with what may follow the authority.
_SCHEMES = {**dict.fromkeys(schemes_in(Mode.SPECIAL), _WEB_PATH),
            **dict.fromkeys(schemes_in(Mode.FILE), _FILE_PATH)}


class _Lifted(Reporter):
    """Keeps the lifted record: the marks (backslashes), dot segments and empty segments the
    fast path looks for are gone from the result."""

    wants_hosts = False
    lifted: URLRecord | None = None

    def parsed(self, mode: Mode, record: URLRecord) -> None:
        self.lifted = record


def plain_url(input: str) -> URL | None:
    """The URL ``input`` gives where it is a valid URL string on which the parser reports no
    validation error, seen without a walk; None where that takes the full path."""
    if not _PLAIN_TEXT.fullmatch(input):
        return None
    listener = _Lifted()
    try:
        record, mode = run(input, None, Mode.GENERIC, "utf-8", listener)
    except URLError:
        return None
    lifted = listener.lifted
    if lifted is None or len(lifted) < 2:
        return None
    scheme = lifted[0]
    after = _SCHEMES.get(scheme.value) if scheme.kind == _SCHEME else None
    if after is None or not _plain_authority(lifted[1], record[1]):
        return None
    for c in lifted[2:]:
        # A backslash mark, a dot or empty segment, a drive written with `|`, or anything but
        # what may follow the authority.
        kind = c.kind
        if c.mark is not None or kind not in after or (kind in _SEGMENTS and c.value in _DOTS) \
                or (kind == _DRIVE and c.value[1] != ":"):
            return None
    return URL._from_record(record, mode)


def _plain_authority(lifted: Component, processed: Component) -> bool:
    """`//` and no userinfo or port; a host that is a lowercase ASCII domain which the strict
    run of the domain parser takes as it is (https://url.spec.whatwg.org/#valid-domain), or, in
    a file URL, the empty host.

    The host parser's verdict shows in the result: a written host that is such a domain and
    gives that domain back (not an IPv4 address: it does not end in a number) is one the
    strict run reports nothing on.
    """
    if lifted.kind != _AUTHORITY or lifted.mark is not None or processed.kind != _AUTHORITY:
        return False
    a = lifted.value
    if a.username is not None or a.port is not None:
        return False
    written: str = a.host.value
    host = processed.value.host.value
    if type(host) is Empty:
        return written == ""
    return type(host) is Domain and host.value == written and len(written) <= 253 \
        and STRICT_ASCII_DOMAIN.fullmatch(written) is not None
