"""validate's answer for a web URL that is plain but for a host the host parser takes with errors.

`https://"www.pcmag.com/a`, `https://my_site.tripod.com/`: a host with a code point that
domain to ASCII keeps but its strict run refuses (https://url.spec.whatwg.org/#concept-domain-to-ascii:
UseSTD3ASCIIRules), one of the most common invalid URL strings after a backslash. Where the
rest of the input is what validate's fast path takes (:mod:`.plain`: a lowercase special
scheme and `//`, no userinfo, a port as the serializer writes it, then a path, query and
fragment that the parser keeps as written and reports nothing on), the host parser is all
that reports: so the report is made from its one run on the host, without the pipeline, the
walk or the suggestion's checks:

- the diagnostics are the host parser's (https://url.spec.whatwg.org/#host-parsing), which
  the host state raises where the host ends, and no other;
- the grammar error is the writing grammar's verdict on that host
  (:func:`urlgrammar.checking.writing.host_error`): every other component is the plain
  one's, which breaks no rule;
- there is no suggestion where a diagnostic has no fix (domain to ASCII's have none: no
  string is a valid one for the same URL), as :func:`urlgrammar.checking.suggestion.fixed_string`
  finds; other hosts are left to the full path;
- the URL is kept as its href and offsets (the input with the host serialized), its record
  made by the pipeline when first read, as for the URL API; validate's advisories are then
  found on it as on the full path's.

The compiled grammar's reading of the input (:func:`urlgrammar.operations.offsets.reader`)
says where the host and the other components are. ``tests/checking/test_written_host.py``
compares these reports with the full path's.
"""

from __future__ import annotations

import re

from urlgrammar.checking.writing import GrammarError, host_error
from urlgrammar.encoding.decode import stray_percent
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.ipv4 import ends_in_a_number
from urlgrammar.host.parser import Domain, Host, parse_host
from urlgrammar.model.record import Component, Kind
from urlgrammar.model.schemes import Mode, default_port, schemes_in
from urlgrammar.operations.offsets import PLAIN, pack, plain_port, preprocessed, reader
from urlgrammar.operations.path_text import has_dot_segment
from urlgrammar.operations.pipeline import Lifted, lift, resolve_and_normalise
from urlgrammar.operations.reporter import Reporter
from urlgrammar.url import URL

#: Where a host ends at the latest: no host holds one of these.
_AFTER_HOST = re.compile("[/?#]")
#: The special schemes but file (whose host is read otherwise), lowercase, with their default ports.
_WEB = {s: str(default_port(s)) for s in schemes_in(Mode.SPECIAL)}


def written_host(input: str, lifted: Lifted | None = None,
                 run: bool = False) -> tuple[URL, tuple[Diagnostic, ...], GrammarError] | None:
    """The URL, diagnostics and grammar error of ``input`` (without a base, a limit or an
    encoding other than UTF-8) where it is a plain web URL but for an ASCII host (no `%`, `[`
    or `\\`) on which the host parser reports errors, all without a fix, and succeeds; None for
    any other input.

    ``run``: the URL's record is wanted (validate's advisories read it), so the pipeline runs
    once on the input (from ``lifted``, its lift, where the fast path made it) and the host
    parser's errors are heard from that run; otherwise the host parser runs alone and the URL
    is kept as its href and offsets."""
    parts = _parts(input)
    if parts is None:
        return None
    colon, start, end, path_start, query_start, hash_start = parts
    host = input[start:end]
    if ends_in_a_number(host.lower()):
        # Domain to ASCII makes an ASCII host without `%` lowercase or fails, so the host
        # parser gives an IPv4 address or fails (https://url.spec.whatwg.org/#concept-host-parser):
        # no domain, known before the pipeline runs (`0x0...0`, a host of 100 kB).
        return None
    heard = _Heard()
    try:
        if run:
            url = URL._from_record(*resolve_and_normalise(lifted or lift(input, Mode.GENERIC), None, "utf-8",
                                                          heard))
        else:
            heard.value = parse_host(host, True, diagnostics=heard.found,
                                     origin=lambda s, e: (start + s, start + e))
    except URLError:
        return None
    value, diagnostics = heard.value, heard.found
    error = host_error(Component(Kind.HOST, host, start, end), Mode.SPECIAL)
    if type(value) is not Domain or not diagnostics or error is None or \
            any(d.fix is not None for d in diagnostics):
        return None
    if not run:
        serialized = value.serialize()
        moved, empty = len(serialized) - len(host), path_start == query_start  # an empty path is `/`
        href = f"{input[:start]}{serialized}{input[end:path_start]}{'/' if empty else ''}{input[path_start:]}"
        offsets = pack(colon, end + moved, path_start + moved, query_start + moved + empty,
                       hash_start + moved + empty)
        url = URL._plain(input, href, offsets)
    return url, tuple(diagnostics), error


class _Heard(Reporter):
    """What the host parser found in a run of the pipeline: its errors and the host."""

    def __init__(self) -> None:
        self.found: list[Diagnostic] = []
        self.value: Host | None = None

    def host(self, end: int, found: list[Diagnostic], value: Host | None) -> None:
        self.found.extend(found)
        self.value = value


def _parts(input: str) -> tuple[int, int, int, int, int, int] | None:
    """Where the scheme's `:`, the host, the path, the query and the fragment of ``input``
    start and end, as the compiled grammar reads them, where all but the host are plain; else None."""
    colon = input.find(":")
    default = _WEB.get(input[:colon], "") if colon > 0 else ""
    after = _AFTER_HOST.search(input, colon + 3) if default else None
    if after is not None and PLAIN.fullmatch(input, after.start()) is None:
        return None  # a look at what follows the host, before the grammar's reading of it all
    found = reader("special_url") if default and type(input) is str else None
    m = None if found is None or "\\" in input or not preprocessed(input) else found[0](input)
    if found is None or m is None:
        return None
    _, g_scheme, g_slashes, g_userinfo, g_host, g_port, g_root, g_query, g_hash, _ = found
    at = m.start
    start, end = colon + 3, m.end(g_host)
    host = input[start:end]
    # An empty host: more slashes follow, which the special authority ignore slashes state
    # reports, and the host is after them.
    if at(g_scheme) != 0 or at(g_slashes) != colon + 1 or at(g_userinfo) >= 0 or not host or \
            not host.isascii() or "%" in host or "[" in host or not _plain_rest(input, end):
        return None
    hash_start = len(input) if at(g_hash) < 0 else at(g_hash)
    query_start = hash_start if at(g_query) < 0 else at(g_query)
    path_start = query_start if at(g_root) < 0 else at(g_root)
    port = at(g_port)
    if (port >= 0 and not plain_port(input[port + 1:path_start], default)) or \
            "'" in input[query_start:hash_start] or has_dot_segment(input[path_start:query_start]):
        return None
    return colon, start, end, path_start, query_start, hash_start


def _plain_rest(input: str, end: int) -> bool:
    """What follows the host is kept as written, as in a plain href: URL code points, a `%`
    only where it starts a percent-encoded byte, at most one `#`."""
    return PLAIN.fullmatch(input, end) is not None and input.count("#", end) < 2 and \
        ("%" not in input or stray_percent().search(input, end) is None)
