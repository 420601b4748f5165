"""The URL class's attributes (https://url.spec.whatwg.org/#url-class), each declared once.

:data:`ATTRIBUTES` has a row for each attribute of the standard's IDL, in the IDL's order,
saying all there is about it beside its getter, as whatwg-url's URL-impl.js keeps each getter
with its setter and rust-url's quirks.rs each ``x`` with its ``set_x``: the name (its getter is
the property of that name of :class:`Getters`, above the table), the setter, the reading of
the setter's value (the text given to the grammar and the start rule or terminal that reads
it), the teaching text (the URL string with the value written in the attribute's place), and
the command line's line of help. What else names the attributes derives from it: the order in
which :meth:`urlgrammar.URL.replace` runs the setters, :meth:`Getters.as_dict`, ``--set`` and
its help, the setter explanation's list of getters, and the tests' parameter lists.

Why here, in the URL API's layer and below ``url.py``: the table points down at the setters
and the readings' type (:mod:`urlgrammar.operations.setters`, a layer below) and at the getters
beside it, and everything that reads it is at its layer or above: ``url.py`` (which imports
it: URL is a :class:`Getters`), the command line's arguments and help, and teaching. The
getters live here rather than in ``url.py`` so that the table and the teaching text can read
them, typed, without ``url.py`` and this module importing each other; they stay properties (on
the hot path: a getter is a slice of the record, with no look-up in the table). The setters
stay in operations, which the rest of the pipeline shares and which knows no URL class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from urlgrammar.errors import URLError
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import Mode, Origin, gives_blob_origin, mode_for_scheme, origin_kind, schemes_in
from urlgrammar.operations.offsets import BITS
from urlgrammar.operations.pipeline import parse_url
from urlgrammar.operations.setters import (
    Reading,
    Setter,
    set_hash,
    set_host,
    set_hostname,
    set_href,
    set_password,
    set_pathname,
    set_port,
    set_protocol,
    set_search,
    set_search_params,
    set_username,
)
from urlgrammar.search_params import ReadOnlyURLSearchParams, URLSearchParams
from urlgrammar.syntax.preprocess import remove_tab_newline
from urlgrammar.syntax.printer import print_components, print_record

_new = object.__new__
_G = TypeVar("_G", bound="Getters")


class Getters:
    """A URL's record and mode, and the standard's getters on them
    (https://url.spec.whatwg.org/#url-class): the base of :class:`urlgrammar.URL`, which adds
    the constructors and the setters.

    A plain URL (:mod:`urlgrammar.operations.offsets`) is kept as its href and the offsets of
    its components: its getters slice the href, and its record is made when first read (its
    slot is unset until then; ``__getattr__`` makes it by parsing the input kept).
    """

    __slots__ = ("_base", "_href", "_input", "_offsets", "_parsed", "mode", "record")
    record: URLRecord
    mode: Mode
    _href: str | None
    _parsed: bool
    #: The packed offsets of a plain URL's href (:func:`urlgrammar.operations.offsets.pack`),
    #: or None for a URL kept as its record.
    _offsets: int | None
    #: A plain URL's input, which its record's spans are in (its href, or the href less the
    #: `/` of an empty path); unset for a URL kept as its record.
    _input: str
    #: The base a plain URL's input was parsed against (a relative reference's,
    #: :func:`urlgrammar.operations.offsets.relative_href`); None where there was none.
    _base: Getters | None

    def __getattr__(self, name: str) -> Any:
        # Only an unset slot comes here. A plain URL sets its href and offsets only (it is
        # made on every parse); the rest is made when first read, and kept.
        if name == "_offsets" or self._offsets is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value: Any
        if name == "_input":  # the input was the href
            return self._href
        if name == "_base":
            return None
        if name == "record":
            base = self._base
            value, _ = parse_url(self._input) if base is None else \
                parse_url(self._input, base.record.unplaced(), base.mode)
        elif name == "mode":
            value = mode_for_scheme(self._href[:self._offsets & _MASK])  # type: ignore[index]
        elif name == "_parsed":
            value = True
        else:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        Getters.__dict__[name].__set__(self, value)
        return value

    @property
    def href(self) -> str:
        """The URL serializer's result (https://url.spec.whatwg.org/#concept-url-serializer)."""
        href = self._href
        if href is None:
            href = print_record(self.record)
            _set_href(self, href)
        return href

    @property
    def origin(self) -> str:
        """The ASCII serialization of the URL's origin (https://url.spec.whatwg.org/#concept-url-origin)."""
        o = self._offsets
        if o is not None:  # a tuple origin (a plain URL has no userinfo), or an opaque one
            href = self._href
            return href[:o >> _PATH & _MASK] if href[:o & _MASK] in _TUPLE_ORIGIN else "null"  # type: ignore[index]
        scheme = self.record.scheme
        kind = origin_kind(scheme)
        if kind is Origin.BLOB:
            # The basic URL parser on the path, as the standard says: not the API's parse.
            try:
                inner, mode = parse_url(self.pathname)
            except URLError:
                return "null"
            return of_record(Getters, inner, mode).origin if gives_blob_origin(inner.scheme) else "null"
        if kind is Origin.TUPLE:
            return f"{scheme}://{self.host}"
        return "null"

    @property
    def protocol(self) -> str:
        o = self._offsets
        if o is not None:
            return self._href[:(o & _MASK) + 1]  # type: ignore[index]
        return f"{self.record.scheme}:"

    @property
    def username(self) -> str:
        if self._offsets is not None:
            return ""
        a = self.record.authority
        return "" if a is None or a.username is None else a.username.value or ""

    @property
    def password(self) -> str:
        if self._offsets is not None:
            return ""
        a = self.record.authority
        return "" if a is None or a.password is None else a.password.value or ""

    @property
    def host(self) -> str:
        o = self._offsets
        if o is not None:
            return self._href[(o & _MASK) + 3:o >> _PATH & _MASK]  # type: ignore[index]
        port = self.port
        return f"{self.hostname}:{port}" if port else self.hostname

    @property
    def hostname(self) -> str:
        o = self._offsets
        if o is not None:
            return self._href[(o & _MASK) + 3:o >> _HOST_END & _MASK]  # type: ignore[index]
        a = self.record.authority
        host = None if a is None else a.host.value
        return "" if host is None else str(host)

    @property
    def port(self) -> str:
        o = self._offsets
        if o is not None:
            return self._href[(o >> _HOST_END & _MASK) + 1:o >> _PATH & _MASK]  # type: ignore[index]
        a = self.record.authority
        port = None if a is None or a.port is None else a.port.value
        return "" if port is None else str(port)

    @property
    def pathname(self) -> str:
        """The URL path serializer (https://url.spec.whatwg.org/#url-path-serializer): an
        opaque path's dir and file, or the drive, path-root, dirs and file, with their sigils."""
        o = self._offsets
        if o is not None:
            return self._href[o >> _PATH & _MASK:o >> _QUERY & _MASK]  # type: ignore[index]
        return print_components(c for c in self.record if Kind.DRIVE <= c.kind <= Kind.FILE)

    @property
    def search(self) -> str:
        o = self._offsets
        if o is not None:
            query = self._href[o >> _QUERY & _MASK:o >> _HASH]  # type: ignore[index]
            return query if len(query) > 1 else ""
        query = self.record.query
        return f"?{query}" if query else ""

    @property
    def search_params(self) -> ReadOnlyURLSearchParams:
        """The query's name-value pairs (https://url.spec.whatwg.org/#dom-url-searchparams), as
        a read-only URLSearchParams: the URL does not change, so append, delete, set and sort
        raise TypeError. To change the query, copy them with ``URLSearchParams(url.search_params)``,
        change the copy, and ``url.replace(search_params=copy)`` gives the URL with that query."""
        o = self._offsets
        if o is not None:
            query = self._href[o >> _QUERY & _MASK:o >> _HASH]  # type: ignore[index]
            return ReadOnlyURLSearchParams.of_query(query[1:] if query else None)
        return ReadOnlyURLSearchParams.of_query(self.record.query)

    @property
    def hash(self) -> str:
        o = self._offsets
        if o is not None:
            fragment = self._href[o >> _HASH:]  # type: ignore[index]
            return fragment if len(fragment) > 1 else ""
        fragment = self.record.fragment
        return f"#{fragment}" if fragment else ""

    def as_dict(self) -> dict[str, str]:
        """The getters that give a string, by name, in the order of the standard's IDL
        (https://url.spec.whatwg.org/#url-class)."""
        return {name: getattr(self, name) for name in GETTERS}


# The shifts of the packed offsets (urlgrammar.operations.offsets.pack), as constants here.
_MASK = (1 << BITS) - 1
_HOST_END, _PATH, _QUERY, _HASH = BITS, 2 * BITS, 3 * BITS, 4 * BITS

# A URL refuses every change to its attributes (URL.__setattr__); its slots are set through
# their descriptors, which is also the cheapest way (a URL is made on every parse).
_set_record = Getters.__dict__["record"].__set__
_set_mode = Getters.__dict__["mode"].__set__
_set_href = Getters.__dict__["_href"].__set__
_set_parsed = Getters.__dict__["_parsed"].__set__
_set_offsets = Getters.__dict__["_offsets"].__set__
_set_input = Getters.__dict__["_input"].__set__
_set_base = Getters.__dict__["_base"].__set__
_FILE, _SPECIAL = Mode.FILE, Mode.SPECIAL
#: The schemes whose URLs have a tuple origin, which a plain URL's getter reads without its mode.
_TUPLE_ORIGIN = frozenset(s for s in schemes_in(Mode.SPECIAL) if origin_kind(s) is Origin.TUPLE)


def fill(url: Getters, record: URLRecord, mode: Mode, parsed: bool = True) -> None:
    """Set the slots of a new ``url`` (its URL, https://url.spec.whatwg.org/#concept-url-url);
    its href is printed when first asked for (many URLs are only checked or taken apart)."""
    _set_record(url, record)
    _set_mode(url, mode)
    _set_href(url, None)
    _set_parsed(url, parsed)
    _set_offsets(url, None)


def fill_plain(url: Getters, input: str, href: str, offsets: int, base: Getters | None = None) -> None:
    """Set the slots of a new plain ``url``: the href and offsets
    :func:`urlgrammar.operations.offsets.plain_href` gave for ``input`` (a `file:` href's
    mode is FILE, any other's SPECIAL); the record, the mode and the rest are made when first
    read (``Getters.__getattr__``), the record from ``input`` (against ``base``, where given)."""
    _set_href(url, href)
    _set_offsets(url, offsets)
    if input is not href:
        _set_input(url, input)
    if base is not None:
        _set_base(url, base)


def of_record(cls: type[_G], record: URLRecord, mode: Mode, parsed: bool = True) -> _G:
    """A new ``cls`` for a record the pipeline made, without running ``cls.__init__``
    (https://url.spec.whatwg.org/#concept-url-url)."""
    url: _G = _new(cls)
    fill(url, record, mode, parsed)
    return url


# ---- the table --------------------------------------------------------------------------------

#: The teaching text: the URL string with the value written in the attribute's place, as
#: someone editing the text would write it (the value as given: its sigil where it has one).
Written = Callable[[Getters, str], str]


class Attribute(NamedTuple):
    """One attribute of the URL class (https://url.spec.whatwg.org/#url-class)."""

    #: Its name, as Python spells the IDL's (``search_params`` for ``searchParams``); its getter
    #: is the property of that name of :class:`Getters`.
    name: str
    #: The standard's setter steps on the record; None for a readonly attribute (origin).
    setter: Setter | None
    #: How the setter gives its value to the grammar; None where it reads none.
    reading: Reading | None = None
    #: The teaching text (explain's setter view); None where there is none.
    written: Written | None = None
    #: The command line's line of help for ``--set NAME=VALUE``; None where ``--set`` cannot
    #: set it (origin has no setter, and search_params is set from a URLSearchParams).
    help: str | None = None
    #: What the getter gives and the setter takes.
    value_type: type = str


def _without(sigil: str, value: str) -> str:
    return value[1:] if value.startswith(sigil) else value


def _colon(value: str) -> str:
    return f":{value}" if value else ""


def _userinfo(u: Getters) -> str:
    userinfo = u.username + _colon(u.password)
    return f"{userinfo}@" if userinfo else ""


def _printed(u: Getters, *kinds: Kind) -> str:
    """The components of ``kinds`` printed with their sigils (a query or a fragment)."""
    return print_record(URLRecord(c for c in u.record if c.kind in kinds))


def _path_on(u: Getters) -> str:
    return u.pathname + _printed(u, Kind.QUERY, Kind.FRAGMENT)


# The basic URL parser removes tab and newline from its input, after the search and hash
# setters have removed one leading `?` or `#`. The spec says a state override makes `?` and
# `#` path code points, and `#` a query code point, which the percent-encode sets encode; the
# grammar's path and query end at them, so the pathname and search setters encode them first.
ATTRIBUTES: tuple[Attribute, ...] = (
    Attribute("href", set_href, help="the whole URL, parsed on its own"),
    Attribute("origin", None),
    Attribute("protocol", set_protocol,
              Reading(lambda v: remove_tab_newline(v) + ":", "SCHEME"),
              lambda u, v: v + u.href[len(u.protocol) - 1:],
              "the scheme, up to a colon"),
    Attribute("username", set_username, None,
              lambda u, v: f"{u.protocol}//{v}{_colon(u.password)}@{u.host}{_path_on(u)}",
              "the username, percent-encoded"),
    Attribute("password", set_password, None,
              lambda u, v: f"{u.protocol}//{u.username}:{v}@{u.host}{_path_on(u)}",
              "the password, percent-encoded"),
    Attribute("host", set_host,
              Reading(remove_tab_newline, "host_port"),
              lambda u, v: f"{u.protocol}//{_userinfo(u)}{v}{_path_on(u)}",
              "the host and, after a colon, the port"),
    Attribute("hostname", set_hostname,
              Reading(remove_tab_newline, "host_port"),
              lambda u, v: f"{u.protocol}//{_userinfo(u)}{v}{_colon(u.port)}{_path_on(u)}",
              "the host alone"),
    Attribute("port", set_port,
              Reading(lambda v: ":" + remove_tab_newline(v), "host_port"),
              lambda u, v: f"{u.protocol}//{_userinfo(u)}{u.hostname}:{v}{_path_on(u)}",
              "the port's leading digits, or empty for none"),
    Attribute("pathname", set_pathname,
              Reading(lambda v: remove_tab_newline(v).replace("?", "%3F").replace("#", "%23"), "path"),
              lambda u, v: print_record(u.record.upto(Kind.DRIVE)) + v
              + _printed(u, Kind.QUERY, Kind.FRAGMENT),
              "the path"),
    Attribute("search", set_search,
              Reading(lambda v: "?" + remove_tab_newline(_without("?", v)).replace("#", "%23"), "url"),
              lambda u, v: print_record(u.record.upto(Kind.QUERY)) + "?" + _without("?", v)
              + _printed(u, Kind.FRAGMENT),
              "the query, with or without its question mark"),
    Attribute("search_params", set_search_params, value_type=URLSearchParams),
    Attribute("hash", set_hash,
              Reading(lambda v: "#" + remove_tab_newline(_without("#", v)), "url"),
              lambda u, v: print_record(u.record.upto(Kind.FRAGMENT)) + "#" + _without("#", v),
              "the fragment, with or without its number sign"),
)

#: The attributes by name.
BY_NAME = {a.name: a for a in ATTRIBUTES}

#: The getters that give a string, in the IDL's order: what :meth:`Getters.as_dict` gives.
GETTERS = tuple(a.name for a in ATTRIBUTES if a.value_type is str)
