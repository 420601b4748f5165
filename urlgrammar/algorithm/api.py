"""The URL serializer, the origin of a URL, the URL API's getters, and :func:`run`.

https://url.spec.whatwg.org/#url-serializing, https://url.spec.whatwg.org/#origin and
https://url.spec.whatwg.org/#api. :func:`run` is the API URL parser
(https://url.spec.whatwg.org/#api-url-parser): the base string is parsed first, by the same
machine, and a base that fails makes the whole run fail.
"""

from __future__ import annotations

from dataclasses import dataclass

from urlgrammar.algorithm.machine import FAILURE, Raised
from urlgrammar.algorithm.record import URLRecord
from urlgrammar.algorithm.statemachine import BasicURLParser
from urlgrammar.encoding.labels import get_encoding
from urlgrammar.errors import Diagnostic
from urlgrammar.host.parser import Host

# ---- Serializing (https://url.spec.whatwg.org/#url-serializing) -----------------------------


def serialize(url: URLRecord, exclude_fragment: bool = False) -> str:
    """https://url.spec.whatwg.org/#concept-url-serializer"""
    output = [url.scheme, ":"]
    if url.host is not None:
        output.append("//")
        if url.includes_credentials():
            output.append(url.username)
            if url.password != "":
                output += [":", url.password]
            output.append("@")
        output.append(url.host.serialize())
        if url.port is not None:
            output += [":", str(url.port)]
    if (url.host is None and not url.has_an_opaque_path() and len(url.path) > 1
            and url.path[0] == ""):
        output.append("/.")
    output.append(serialize_path(url))
    if url.query is not None:
        output += ["?", url.query]
    if not exclude_fragment and url.fragment is not None:
        output += ["#", url.fragment]
    return "".join(output)


def serialize_path(url: URLRecord) -> str:
    """https://url.spec.whatwg.org/#url-path-serializer"""
    if isinstance(url.path, str):
        return url.path
    return "".join("/" + segment for segment in url.path)


# ---- Origin (https://url.spec.whatwg.org/#origin) -------------------------------------------


class OpaqueOrigin:
    """https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-opaque

    Each instance is a new opaque origin, equal only to itself.
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class TupleOrigin:
    """https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-tuple"""

    scheme: str
    host: Host
    port: int | None
    domain: None = None


Origin = TupleOrigin | OpaqueOrigin


def origin(url: URLRecord) -> Origin:
    """https://url.spec.whatwg.org/#concept-url-origin

    A URL's blob URL entry is always null here (there is no blob URL store), so a blob URL's
    origin comes from its path.
    """
    match url.scheme:
        case "blob":
            path_url = BasicURLParser(serialize_path(url)).parse()
            if path_url is FAILURE:
                return OpaqueOrigin()
            if path_url.scheme in ("http", "https", "file"):
                return origin(path_url)
            return OpaqueOrigin()
        case "ftp" | "http" | "https" | "ws" | "wss":
            assert url.host is not None  # a special URL that is not file has a host
            return TupleOrigin(url.scheme, url.host, url.port)
        case "file":
            # "Left as an exercise to the reader. When in doubt, return a new opaque origin."
            return OpaqueOrigin()
        case _:
            return OpaqueOrigin()


def serialize_origin(origin: Origin) -> str:
    """https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin"""
    if isinstance(origin, OpaqueOrigin):
        return "null"
    result = origin.scheme + "://" + origin.host.serialize()
    if origin.port is not None:
        result += ":" + str(origin.port)
    return result


# ---- The URL class's getters (https://url.spec.whatwg.org/#url-class) -----------------------


class URLGetters:
    """The getters of a JavaScript URL object whose URL is ``url``."""

    __slots__ = ("url",)

    def __init__(self, url: URLRecord) -> None:
        self.url = url

    @property
    def href(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-href"""
        return serialize(self.url)

    @property
    def origin(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-origin"""
        return serialize_origin(origin(self.url))

    @property
    def protocol(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-protocol"""
        return self.url.scheme + ":"

    @property
    def username(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-username"""
        return self.url.username

    @property
    def password(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-password"""
        return self.url.password

    @property
    def host(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-host"""
        url = self.url
        if url.host is None:
            return ""
        if url.port is None:
            return url.host.serialize()
        return url.host.serialize() + ":" + str(url.port)

    @property
    def hostname(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-hostname"""
        if self.url.host is None:
            return ""
        return self.url.host.serialize()

    @property
    def port(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-port"""
        if self.url.port is None:
            return ""
        return str(self.url.port)

    @property
    def pathname(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-pathname"""
        return serialize_path(self.url)

    @property
    def search(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-search"""
        if not self.url.query:
            return ""
        return "?" + self.url.query

    @property
    def hash(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-hash"""
        if not self.url.fragment:
            return ""
        return "#" + self.url.fragment


# ---- Running the parser ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Result:
    """What one run of the basic URL parser gave, and how it got there.

    ``errors`` are the validation errors in the order the standard raises them, with spans in
    the original input; ``raised`` are the same errors as the trace sees them (name, state,
    pointer), and ``trace`` the states visited with the pointer at each step, in the input after
    preprocessing. ``base`` is the run that parsed the base string, if one was given; where it
    failed, the input was not parsed and ``errors`` and ``trace`` are empty.
    """

    failure: bool
    url: URLRecord | None
    href: str | None
    errors: list[Diagnostic]
    trace: list[tuple[str, int]]
    raised: list[Raised]
    base: Result | None = None

    @property
    def getters(self) -> URLGetters | None:
        """The URL API's getters on the result, or None on failure."""
        return None if self.url is None else URLGetters(self.url)


def run(input: str, base: str | None = None, encoding: str = "utf-8") -> Result:
    """Parse ``input`` against ``base`` as the API URL parser does, with the query encoded
    as ``encoding`` (a label, https://encoding.spec.whatwg.org/#names-and-labels) would.

    Raises ValueError only for an encoding label that names nothing, a mistake in the call (as
    :func:`urlgrammar.parse` does); any string input gives a :class:`Result`.
    """
    name = get_encoding(encoding)
    if name is None:
        raise ValueError(f"{encoding!r} is not an encoding label of the Encoding Standard")
    parsed_base = None
    if base is not None:
        parsed_base = run(base)
        if parsed_base.url is None:
            return Result(True, None, None, [], [], [], parsed_base)
    parser = BasicURLParser(input, None if parsed_base is None else parsed_base.url, name)
    url = parser.parse()
    if url is FAILURE:
        return Result(True, None, None, parser.errors, parser.trace, parser.raised, parsed_base)
    return Result(False, url, serialize(url), parser.errors, parser.trace, parser.raised,
                  parsed_base)
