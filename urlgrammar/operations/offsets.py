"""A plain URL's href and the offsets of its components, read from the compiled grammar.

Most URLs are plain: `https://example.com/a/b?q#f`, ASCII, lowercase, nothing for the basic
URL parser to change. For such an input the standard's serialization is the input itself
(with a `/` added where the path is empty), and its components are where the compiled pattern
of the special or the file grammar (:mod:`urlgrammar.syntax.compiled`) reads them: the groups
``GROUPS["special_url"]`` and ``GROUPS["file_url"]`` name, which the grammar compiler writes
beside the record builders, so the `.lark` files stay the only description of the syntax.
:func:`plain_href` gives that href and its offsets packed in one int, or None where the input
is not plain and the full pipeline (:mod:`urlgrammar.operations.pipeline`) parses it. The URL
API keeps the two and builds the record only when asked for it (as ada's url_aggregator keeps
one href with the offsets of its components); :func:`splice` is the simple setters on them.
``tests/operations/test_offsets.py`` compares every getter, the record and the setters'
results with the pipeline's.

The URL API asks :func:`parsed_href`, which also takes a special URL (not a file URL) whose
path alone is not plain: backslashes, dot segments, code points to percent-encode. Its href is
made from the path's text (:mod:`urlgrammar.operations.path_text`), so a long path is parsed
without a component per segment; the record, made from the input when first read, still has
one per segment, as the URL Specification's model does. (The URL API asks it through
:mod:`urlgrammar.operations.path_offsets`, which keeps non-special and file URLs so too.)

What the pattern does not tell, the checks here do, each a rule of the standard rather than
of the syntax: which code points the percent-encode sets leave alone
(https://url.spec.whatwg.org/#percent-encoded-bytes), a host the domain parser gives back as it
is (https://url.spec.whatwg.org/#concept-host-parser), a port as the port state serializes it
(https://url.spec.whatwg.org/#port-state), and no dot segment
(https://url.spec.whatwg.org/#single-dot-path-segment).
"""

from __future__ import annotations

import re
import string
from typing import Any

from urlgrammar.host.domain import STRICT_ASCII_DOMAIN
from urlgrammar.model.code_points import URL_CODE_POINTS_ASCII, one_of
from urlgrammar.model.record import is_dot, is_dots
from urlgrammar.model.schemes import Mode, default_port, schemes_in
from urlgrammar.operations.path_text import has_dot_segment, special_path
from urlgrammar.syntax.grammars import compiled, scheme_of

#: The code points of a plain URL: the ASCII URL code points (https://url.spec.whatwg.org/#url-code-points),
#: `%` (a percent-encoded byte is kept as written) and `#`. No percent-encode set of a special
#: URL's path, query or fragment holds one of them but `'` (the special-query set), which the
#: query is checked for; preprocessing removes none of them.
PLAIN = re.compile(f"{one_of(URL_CODE_POINTS_ASCII + '%#')}*")
#: A plain path and query (with its `?`, without the `'` the special-query set encodes) as a
#: setter's value: what ends the component is not in it.
_PATH_VALUE = re.compile(f"{one_of(URL_CODE_POINTS_ASCII.replace('?', '') + '%')}*")
_QUERY_CODE_POINTS = URL_CODE_POINTS_ASCII.replace("'", "") + "%"
_QUERY_VALUE = re.compile(rf"(?:\?{one_of(_QUERY_CODE_POINTS)}*)?")
#: The special schemes (https://url.spec.whatwg.org/#special-scheme): their mode, the
#: grammar that reads them, and their default ports.
_SCHEMES = {s: (mode, f"{mode.grammar}_url", str(default_port(s)))
            for mode in (Mode.SPECIAL, Mode.FILE) for s in schemes_in(mode)}
#: The code points a host's last label may start with: not a number
#: (https://url.spec.whatwg.org/#ends-in-a-number-checker: no digit, so no `0x` either).
_LETTERS = frozenset(string.ascii_lowercase)
#: The hosts :func:`plain_host` found plain (a domain, never localhost), at most _HOSTS_KEPT.
_HOSTS: set[str] = set()
_HOSTS_KEPT = 4096
#: A scheme and the separators after it.
_SLASHES = re.compile(r"([a-z]+):([/\\]*)")
#: Bits per offset in the packed int.
BITS = 32
_FILE, _SPECIAL = Mode.FILE, Mode.SPECIAL
_MASK = (1 << BITS) - 1
_PATH, _QUERY, _HASH = 2 * BITS, 3 * BITS, 4 * BITS
#: By the first offset that moves (in pack's order), what adds one to it and to every one
#: after it (none moves below 0, so nothing is borrowed from the next).
_MOVE = [sum(1 << BITS * i for i in range(first, 5)) for first in range(6)]

#: What :func:`reader` gives: a grammar's pattern's ``fullmatch`` and the groups of the scheme,
#: the `//`, the userinfo, the host, the port's `:`, the path-root, the query's `?`, the
#: fragment's `#` and a drive's (-1 where the grammar has none: a file URL's is its path's).
Reader = tuple[Any, int, int, int, int, int, int, int, int, int]
#: The readers made, by start rule.
_READERS: dict[str, Reader] = {}


def reader(start: str) -> Reader | None:
    """The compiled pattern of a start rule (``special_url`` or ``file_url``) and the groups
    it reads a URL's parts into; None where the compiled module is not current (after a
    grammar edit), when nothing is plain."""
    module = compiled()
    if module is None:
        return None
    groups = module.GROUPS[start]
    pattern = re.compile(module.PATTERNS[start][0])
    found = _READERS[start] = (
        pattern.fullmatch, groups["SCHEME"][0], groups["AUTHORITY"][0], groups["userinfo"][0],
        groups["HOST"][0], groups["PORT"][0], groups["ROOT"][0], groups["QUERY"][0],
        groups["FRAGMENT"][0], groups["DRIVE"][0] if "DRIVE" in groups else -1)
    return found


def plain_href(text: str) -> tuple[str, int] | None:
    """The href of ``text`` parsed without a base (or with one it does not need: it has a
    scheme and `//`) and its offsets (see :func:`unpack`), where ``text`` is plain; else None.
    The href is ``text`` itself where it serializes as it is.
    """
    return _href(text, False)


def parsed_href(text: str) -> tuple[str, int] | None:
    """:func:`plain_href`, and also where only the path of ``text`` is not plain, in a special
    URL that is not a file URL: its backslashes, dot segments and code points to encode are
    dealt with by :func:`urlgrammar.operations.path_text.special_path` on the path's text.
    The href is then not the input (validate's fast path, which wants the input to be the
    href, asks :func:`plain_href`). Such a URL's scheme may be followed by any run of `/` and
    `\\` other than `//`: the parser skips them all before the host
    (https://url.spec.whatwg.org/#special-authority-ignore-slashes-state)."""
    found = _href(text, True)
    if found is None and type(text) is str:
        m = _SLASHES.match(text)
        if m is not None and m.group(2) != "//" and _SCHEMES.get(m.group(1), (_FILE,))[0] is not _FILE:
            return _href(f"{m.group(1)}://{text[m.end():]}", True)
    return found


def dotted_href(text: str) -> tuple[str, int] | None:
    """:func:`parsed_href` for a text that is plain but for the dot segments of its path (in a
    special URL that is not a file URL), which the parser removes without a validation error
    (https://url.spec.whatwg.org/#path-state): validate's fast path takes it as it takes a
    plain one. None for any other text."""
    if ("/." not in text and "/%" not in text) or not PLAIN.fullmatch(text):
        return None
    return _href(text, True)


def relative_href(text: str, base_href: str, base_offsets: int) -> tuple[str, int] | None:
    """The href and offsets of ``text`` parsed against a plain special base (not a file URL)
    that is kept as ``base_href`` and ``base_offsets``, where ``text`` is a path-relative
    reference (no scheme, not starting with `/`, `\\`, `?` or `#`; nothing for preprocessing
    to remove) with a plain query and fragment; else None. The relative state keeps the
    base's scheme and host and its path less the last segment
    (https://url.spec.whatwg.org/#relative-state), and the path state reads the reference's
    segments after it: as text, the base's path up to its last `/`, then the reference's path,
    normalised by :func:`urlgrammar.operations.path_text.special_path`."""
    colon = base_offsets & _MASK
    if type(text) is not str or not text or text[0] in "/\\?#" or \
            _SCHEMES.get(base_href[:colon], (_FILE,))[0] is _FILE or \
            len(text) + len(base_href) >= _MASK or not preprocessed(text) or text[0] <= " " or \
            scheme_of(text) is not None:
        return None
    query = text.find("?")
    hash_ = text.find("#")
    if hash_ >= 0 and (query < 0 or hash_ < query):
        query = -1  # a `?` in the fragment
    end = len(text)
    path_end = query if query >= 0 else hash_ if hash_ >= 0 else end
    if not PLAIN.fullmatch(text, path_end) or \
            (query >= 0 and "'" in text[query:hash_ if hash_ >= 0 else end]):
        return None
    path_start = base_offsets >> _PATH & _MASK
    base_path = base_href[path_start:base_offsets >> _QUERY & _MASK]
    path = special_path(base_path[:base_path.rfind("/")] + "/" + text[:path_end])
    query_start = path_start + len(path)
    hash_start = query_start + ((hash_ if hash_ >= 0 else end) - path_end)
    return (base_href[:path_start] + path + text[path_end:],
            pack(colon, base_offsets >> BITS & _MASK, path_start, query_start, hash_start))


def _href(text: str, any_path: bool) -> tuple[str, int] | None:
    if type(text) is not str:  # a subclass's href would be of the subclass
        return None
    colon = text.find(":")
    scheme = _SCHEMES.get(text[:colon]) if colon > 0 else None
    if scheme is None or len(text) >= _MASK:
        return None
    plain = PLAIN.fullmatch(text) is not None
    if not plain and (not any_path or scheme[0] is _FILE or not preprocessed(text)):
        return None  # the path of a file URL may have a drive, and is left to the pipeline
    mode, start, default = scheme
    found = _READERS.get(start) or reader(start)
    if found is None:
        return None
    fullmatch, g_scheme, g_slashes, g_userinfo, g_host, g_port, g_root, g_query, g_hash, g_drive = found
    m = fullmatch(text)
    if m is None:
        return None
    at = m.start  # a group at a time: m.regs would make a pair for every group
    host_start = colon + 3  # after the `//`, with no userinfo
    if at(g_scheme) != 0 or at(g_slashes) != colon + 1 or at(g_userinfo) >= 0:
        return None
    drive = at(g_drive) if g_drive >= 0 else -1  # at its `/`: a file URL's path starts there
    host_end = m.end(g_host)
    host = text[host_start:host_end]
    if host not in _HOSTS and not plain_host(host, mode):
        return None
    port = at(g_port)
    path_start = at(g_root)
    query = at(g_query)
    hash_ = at(g_hash)
    end = len(text)
    hash_start = end if hash_ < 0 else hash_
    query_start = hash_start if query < 0 else query
    if drive >= 0:
        path_start = drive
    elif path_start < 0:
        path_start = query_start
    if port >= 0 and (mode is _FILE or not plain_port(text[port + 1:path_start], default)):
        return None
    path = text[path_start:query_start]
    if query >= 0 and "'" in text[query:hash_start]:
        return None
    if not plain or (("/." in path or "/%" in path) and has_dot_segment(path)):
        # Only the path may be other than plain: the scheme, host and port are read as they
        # are above, and the query and fragment are kept as written.
        if not any_path or mode is _FILE or path_start == query_start:
            return None
        if not plain and not (PLAIN.fullmatch(text, 0, path_start) and PLAIN.fullmatch(text, query_start)):
            return None
        new = special_path(path)
        moved = len(new) - len(path)
        return (text[:path_start] + new + text[query_start:],
                pack(colon, host_end, path_start, query_start + moved, hash_start + moved))
    if path_start == query_start:  # an empty path serializes as `/`
        text = f"{text[:path_start]}/{text[path_start:]}"
        query_start += 1
        hash_start += 1
    return text, pack(colon, host_end, path_start, query_start, hash_start)


def preprocessed(text: str) -> bool:
    """Preprocessing (https://url.spec.whatwg.org/#concept-basic-url-parser, steps 1 to 3)
    leaves ``text`` as it is: no tab or newline, and no C0 control or space at its end (one
    at its start would not be a scheme)."""
    return text[-1] > " " and "\t" not in text and "\n" not in text and "\r" not in text


def plain_host(host: str, mode: Mode) -> bool:
    """A host the host parser gives back as it is: a lowercase ASCII domain that the strict
    domain-to-ASCII takes unchanged, with no `xn--` label, whose last label is not a number;
    in a file URL also the empty host, and not `localhost`, which becomes it. The hosts found
    plain are remembered (a few thousand: most URLs share a few hosts)."""
    if mode is _FILE:
        if not host:
            return True
        if host == "localhost":
            return False
    plain = 0 < len(host) <= 253 and STRICT_ASCII_DOMAIN.fullmatch(host) is not None and \
        host[host.rfind(".") + 1] in _LETTERS
    if plain and host != "localhost":  # which a file URL makes the empty host
        if len(_HOSTS) >= _HOSTS_KEPT:
            _HOSTS.clear()
        _HOSTS.add(host)
    return plain


def plain_port(digits: str, default: str) -> bool:
    """A port written as the URL serializer writes it: decimal, no leading zero, at most
    65535, not the scheme's default."""
    return digits.isascii() and digits.isdigit() and digits[0] != "0" and len(digits) <= 5 \
        and int(digits) <= 65535 and digits != default


def pack(colon: int, host_end: int, path_start: int, query_start: int, hash_start: int) -> int:
    """The offsets in one int (which the garbage collector does not track): the scheme's `:`,
    the host's end, the path's start, the query's `?` (or the path's end) and the fragment's
    `#` (or the href's end). The host starts 3 after the `:`, the port 1 after the host."""
    return colon | host_end << BITS | path_start << _PATH | query_start << _QUERY | hash_start << _HASH


def unpack(offsets: int) -> tuple[int, int, int, int, int]:
    """The offsets :func:`pack` packed."""
    return (offsets & _MASK, offsets >> BITS & _MASK, offsets >> 2 * BITS & _MASK,
            offsets >> 3 * BITS & _MASK, offsets >> 4 * BITS)



def splice(href: str, offsets: int, name: str, value: str) -> tuple[str, int] | None:
    """The href and offsets that the setter ``name`` (pathname, search, hash, port or
    hostname, https://url.spec.whatwg.org/#urlutils-members) makes of a plain URL's from
    ``value`` (its scalar values), as ada's url_aggregator splices its href: the value written
    in the component's place. None for any other setter and for a value the setter would not
    keep as written (a pathname without its leading `/` or with a dot segment, a `#` in a
    search, a port with a leading zero, a hostname in capitals or with a `:`), or would
    percent-encode: the setter's own steps give those.

    A plain value in a plain URL is read the same by the setter's state override as by a
    parse of the spliced href (``tests/operations/test_offsets.py`` compares the two).
    """
    # What is replaced (start to end), by what, and the offsets (in pack's order) from the
    # first that follows it on, which move by the difference in length. The query and fragment
    # states read a plain value alike in every URL; a non-special URL's path and host take
    # their setters' own steps.
    if name == "hash":
        new = "#" + value.removeprefix("#") if value else ""
        if not PLAIN.fullmatch(new):
            return None
        start, end, first = offsets >> _HASH, len(href), 5
    elif name == "search":  # the empty string removes the query, a lone `?` empties it
        new = "?" + value.removeprefix("?") if value else ""
        if not _QUERY_VALUE.fullmatch(new):
            return None
        start, end, first = offsets >> _QUERY & _MASK, offsets >> _HASH, 4
    elif href[:offsets & _MASK] not in _SCHEMES:  # a non-special URL, with a host
        # Its port state reads a port as a special URL's does, with no default port to drop;
        # an empty host cannot have one (the setter's own steps do nothing then).
        if name != "port" or (offsets & _MASK) + 3 == offsets >> BITS & _MASK or \
                (value and not plain_port(value, "")):
            return None
        start, end, new, first = _port_place(offsets, value)
    elif name == "pathname":
        if not value.startswith("/") or not _PATH_VALUE.fullmatch(value) or \
                (("/." in value or "/%" in value) and any(is_dot(s) or is_dots(s) for s in value.split("/"))):
            return None
        start, end, new, first = offsets >> _PATH & _MASK, offsets >> _QUERY & _MASK, value, 3
    elif name == "port" or name == "hostname":
        colon = offsets & _MASK
        file = colon == 4 and href[0] == "f"
        if name == "hostname":
            if value not in _HOSTS and not plain_host(value, _FILE if file else _SPECIAL):
                return None
            start, end, new, first = colon + 3, offsets >> BITS & _MASK, value, 1
        elif file:  # a file URL cannot have a port: the setter does nothing
            return href, offsets
        elif value and not plain_port(value, _SCHEMES[href[:colon]][2]):
            return None
        else:
            start, end, new, first = _port_place(offsets, value)
    else:
        return None
    return href[:start] + new + href[end:], offsets + (len(new) - (end - start)) * _MOVE[first]


def _port_place(offsets: int, port: str) -> tuple[int, int, str, int]:
    """Where a port goes (from the host's end to the path's start), what is written there (no
    `:` for no port), and the first offset that moves: :func:`splice`'s port setter."""
    return offsets >> BITS & _MASK, offsets >> _PATH & _MASK, ":" + port if port else "", 2
