"""Schemes and parser modes: the one table of what a scheme means.

URL Specification § Parser Mode; WHATWG https://url.spec.whatwg.org/#special-scheme,
https://url.spec.whatwg.org/#default-port, https://url.spec.whatwg.org/#concept-url-origin.
Every question about a scheme (is it special, a file scheme, its default port, its kind of
origin) is a look-up in :data:`SCHEMES`; a scheme not in it is generic. The look-ups ignore
case, so that a reference's scheme as written (``HTTP:``) answers as its lowercase form does.
"""

from __future__ import annotations

import enum
from types import MappingProxyType
from typing import NamedTuple

from urlgrammar.model.record import Kind, URLRecord


class Mode(enum.Enum):
    """The parser mode (URL Specification § Parser Mode): which grammar reads the input.

    The values are the command line's names for the modes. ``Mode("Special")`` takes a name
    in any case; anything else is a ValueError that lists the names.
    """

    GENERIC = "generic"
    SPECIAL = "special"
    FILE = "file"

    @property
    def grammar(self) -> str:
        """The name of the grammar file that reads this mode (``url`` for generic)."""
        return "url" if self is Mode.GENERIC else self.value

    @classmethod
    def _missing_(cls, value: object) -> Mode:
        if isinstance(value, str):
            for mode in cls:
                if mode.value == value.lower():
                    return mode
        names = ", ".join(repr(m.value) for m in cls)
        raise ValueError(f"mode must be one of {names} or a Mode, not {value!r}")


class Context(enum.Enum):
    """The parser mode in which the basic URL parser reads an input's separators and
    components, where the input may have no scheme: a scheme's mode, or the base's where the
    input has none (https://url.spec.whatwg.org/#no-scheme-state), with RELATIVE for the
    relative states (https://url.spec.whatwg.org/#relative-state), which read a special URL
    relative to its base. :func:`context_of` says which.
    """

    GENERIC = "generic"  # the path or opaque path states: no separator is an error
    SPECIAL = "special"  # a web-scheme, read by the special authority slashes state
    FILE = "file"  # the file, file slash and file host states
    RELATIVE = "relative"  # the relative and relative slash states, after a special base

    @property
    def mode(self) -> Mode:
        """The grammar's mode: a relative input is read as its special base is."""
        if self is _IN_GENERIC:
            return _GENERIC
        return _FILE if self is _IN_FILE else _SPECIAL


class Origin(enum.Enum):
    """The kind of a URL's origin (https://url.spec.whatwg.org/#concept-url-origin)."""

    TUPLE = "tuple"  # (scheme, host, port, null)
    BLOB = "blob"  # the origin of the URL in the blob URL's path, if it is http(s) or file
    OPAQUE = "opaque"  # a new opaque origin, serialised as "null"


class Scheme(NamedTuple):
    """What a scheme means to the parser and to the URL API."""

    mode: Mode
    default_port: int | None = None  # https://url.spec.whatwg.org/#default-port
    origin: Origin = Origin.OPAQUE
    #: The query takes the document's encoding (https://url.spec.whatwg.org/#query-state:
    #: not for a URL that is not special, nor for ws and wss).
    query_encoding: bool = False
    #: A blob URL whose path is a URL with this scheme has that URL's origin
    #: (https://url.spec.whatwg.org/#concept-url-origin, the blob case).
    blob_path: bool = False


#: The special schemes (web-scheme and file, URL Specification § Web-URL) and blob; any other
#: scheme is :data:`GENERIC`.
SCHEMES: MappingProxyType[str, Scheme] = MappingProxyType({
    "ftp": Scheme(Mode.SPECIAL, 21, Origin.TUPLE, query_encoding=True),
    "file": Scheme(Mode.FILE, query_encoding=True, blob_path=True),
    "http": Scheme(Mode.SPECIAL, 80, Origin.TUPLE, query_encoding=True, blob_path=True),
    "https": Scheme(Mode.SPECIAL, 443, Origin.TUPLE, query_encoding=True, blob_path=True),
    "ws": Scheme(Mode.SPECIAL, 80, Origin.TUPLE),
    "wss": Scheme(Mode.SPECIAL, 443, Origin.TUPLE),
    "blob": Scheme(Mode.GENERIC, origin=Origin.BLOB),
})

#: The row of every scheme not in the table.
GENERIC = Scheme(Mode.GENERIC)

#: The schemes that a server which fetches URLs for others should not fetch: file reads its
#: own files, and gopher, dict, ldap and ftp carry what the URL holds to a service (the
#: server-side request forgery schemes of OWASP's SSRF Prevention Cheat Sheet). The
#: unsafe-fetch-scheme advisory's list (urlgrammar.checking.schemes).
UNSAFE_TO_FETCH = frozenset({"file", "ftp", "gopher", "dict", "ldap"})

#: The schemes Python's HTTP clients fetch (urllib.request through http.client, urllib3,
#: httpx), and aiohttp's, which adds WebSocket: the parser-disagreement advisory's readers read
#: these (urlgrammar.checking.readers).
HTTP_CLIENT_SCHEMES = frozenset({"http", "https"})
AIOHTTP_SCHEMES = HTTP_CLIENT_SCHEMES | {"ws", "wss"}


def scheme_info(scheme: str) -> Scheme:
    """The table's row for ``scheme``, in any case (https://url.spec.whatwg.org/#special-scheme)."""
    info = SCHEMES.get(scheme)
    if info is None:
        info = SCHEMES.get(scheme.lower(), GENERIC)
    return info


#: The mode column alone: the pipeline asks it several times per URL, so it is one dict look-up.
_MODES: dict[str, Mode] = {name: row.mode for name, row in SCHEMES.items()}
# Mode's members as module constants: on Python 3.11 an access through the class runs
# EnumType.__getattr__'s hook, which costs more than the look-ups it serves here.
_GENERIC, _SPECIAL, _FILE = Mode.GENERIC, Mode.SPECIAL, Mode.FILE


def mode_for_scheme(scheme: str | None, fallback: Mode = Mode.GENERIC) -> Mode:
    """URL Specification § Parser Mode: web, file or generic by scheme; else the fallback."""
    if scheme is None:
        return fallback
    return _MODES.get(scheme) or _MODES.get(scheme.lower(), _GENERIC)


def mode_of(record: URLRecord, fallback: Mode = Mode.GENERIC) -> Mode:
    """The mode of a record's scheme, or ``fallback`` if it has none (URL Specification § Parser Mode)."""
    return mode_for_scheme(record.scheme, fallback)


# Context's members as module constants, as Mode's above.
_IN_GENERIC, _IN_SPECIAL, _IN_FILE = Context.GENERIC, Context.SPECIAL, Context.FILE
_RELATIVE = Context.RELATIVE


def _context(mode: Mode) -> Context:
    """The context of a scheme's mode (a relative input's is decided apart)."""
    if mode is _GENERIC:
        return _IN_GENERIC
    return _IN_FILE if mode is _FILE else _IN_SPECIAL


def context_of(lifted: URLRecord, base: URLRecord | None) -> Context | None:
    """The context in which the basic URL parser reads ``lifted`` (the record as the grammar
    read it, its sigils marked) against ``base``; None where it has no scheme and no base it
    can be relative to (https://url.spec.whatwg.org/#no-scheme-state: no base, or a base with
    an opaque path and more than a fragment).

    A web-scheme that is the base's and not followed by `//` is RELATIVE too
    (https://url.spec.whatwg.org/#special-relative-or-authority-state).
    """
    scheme = lifted.scheme
    if scheme is None:
        if base is None or (has_opaque_path(base) and not (lifted and lifted[0].kind == Kind.FRAGMENT)):
            return None
        mode = mode_of(base)
        return _RELATIVE if mode is _SPECIAL else _context(mode)
    mode = mode_for_scheme(scheme)
    if mode is _SPECIAL and base is not None and base.scheme == scheme.lower():
        authority = lifted.component(Kind.AUTHORITY)
        if authority is None or (authority.mark or "//") != "//":
            return _RELATIVE
    return _context(mode)


def is_web(scheme: str | None) -> bool:
    """A web-scheme: http, https, ws, wss or ftp (URL Specification § Web-URL)."""
    return scheme is not None and (_MODES.get(scheme) or _MODES.get(scheme.lower())) is _SPECIAL


def is_file(scheme: str | None) -> bool:
    """The file scheme (URL Specification § File-URL; https://url.spec.whatwg.org/#file-state)."""
    return scheme is not None and (_MODES.get(scheme) or _MODES.get(scheme.lower())) is _FILE


def is_special_scheme(scheme: str | None) -> bool:
    """A special scheme (https://url.spec.whatwg.org/#special-scheme)."""
    return scheme is not None and (_MODES.get(scheme) or _MODES.get(scheme.lower(), _GENERIC)) \
        is not _GENERIC


def is_special(record: URLRecord) -> bool:
    """A web-URL or a file-URL (URL Specification § Types and Shapes;
    https://url.spec.whatwg.org/#is-special)."""
    return is_special_scheme(record.scheme)


def has_opaque_path(record: URLRecord) -> bool:
    """The record has a scheme that is not special, no authority and no path-root.

    WHATWG https://url.spec.whatwg.org/#url-opaque-path: such an URL's path is an opaque
    string, it takes no dot-segment normalisation, and it cannot be a base except for a
    reference that is only a fragment.
    """
    scheme = record.scheme
    return (scheme is not None and not is_special_scheme(scheme)
            and not record.has(Kind.AUTHORITY) and not record.root)


def default_port(scheme: str | None) -> int | None:
    """The scheme's default port, or None (https://url.spec.whatwg.org/#default-port)."""
    return None if scheme is None else scheme_info(scheme).default_port


def origin_kind(scheme: str | None) -> Origin:
    """The kind of origin a URL with this scheme has (https://url.spec.whatwg.org/#concept-url-origin)."""
    return Origin.OPAQUE if scheme is None else scheme_info(scheme).origin


def gives_blob_origin(scheme: str | None) -> bool:
    """A blob URL whose path is a URL with this scheme has that URL's origin
    (https://url.spec.whatwg.org/#concept-url-origin, the blob case)."""
    return scheme is not None and scheme_info(scheme).blob_path


def schemes_in(mode: Mode) -> tuple[str, ...]:
    """The schemes of a mode, sorted: ``schemes_in(Mode.SPECIAL)`` are the web-schemes."""
    return tuple(sorted(s for s, info in SCHEMES.items() if info.mode is mode))
