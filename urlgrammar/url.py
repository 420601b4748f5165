"""The URL API: an immutable URL with the JavaScript URL getters.

https://url.spec.whatwg.org/#api. Every getter is computed from the component record
(``url.record``); ``str(url) == url.href``.
"""

from __future__ import annotations

from typing import Any

from urlgrammar.errors import URLError
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import Mode, Origin, gives_blob_origin, has_opaque_path, origin_kind
from urlgrammar.operations.pipeline import parse_url
from urlgrammar.syntax.printer import print_record


class URL:
    """A parsed, absolute URL. Build one with :func:`urlgrammar.parse`."""

    __slots__ = ("_href", "mode", "record")
    record: URLRecord
    mode: Mode
    _href: str | None

    def __init__(self, record: URLRecord, mode: Mode):
        init = object.__setattr__
        init(self, "record", record)
        init(self, "mode", mode)
        # Printed when first asked for: many parsed URLs are only checked or taken apart.
        init(self, "_href", None)

    @property
    def href(self) -> str:
        """The URL serializer's result (https://url.spec.whatwg.org/#concept-url-serializer)."""
        href = self._href
        if href is None:
            href = print_record(self.record)
            object.__setattr__(self, "_href", href)
        return href

    def __str__(self) -> str:
        return self.href

    def __repr__(self) -> str:
        return f"URL({self.href!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, URL) and other.href == self.href

    def __hash__(self) -> int:
        return hash(self.href)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("URL objects are immutable")

    # ---- the getters -----------------------------------------------------------------------

    @property
    def protocol(self) -> str:
        return f"{self.record.scheme}:"

    def _authority_value(self, kind: Kind) -> Any:
        a = self.record.authority
        if a is None:
            return None
        c = {Kind.USERNAME: a.username, Kind.PASSWORD: a.password, Kind.HOST: a.host,
             Kind.PORT: a.port}[kind]
        return None if c is None else c.value

    @property
    def username(self) -> str:
        return self._authority_value(Kind.USERNAME) or ""

    @property
    def password(self) -> str:
        return self._authority_value(Kind.PASSWORD) or ""

    @property
    def hostname(self) -> str:
        host = self._authority_value(Kind.HOST)
        return "" if host is None else str(host)

    @property
    def port(self) -> str:
        port = self._authority_value(Kind.PORT)
        return "" if port is None else str(port)

    @property
    def host(self) -> str:
        port = self.port
        return f"{self.hostname}:{port}" if port else self.hostname

    @property
    def pathname(self) -> str:
        """The URL path serializer (https://url.spec.whatwg.org/#url-path-serializer)."""
        path = URLRecord(c for c in self.record if Kind.DRIVE <= c.kind <= Kind.FILE)
        if has_opaque_path(self.record):
            return "".join(f"{c.value}/" if c.kind == Kind.DIR else c.value for c in path)
        # Without normalise-for-printing: the pathname has no "/." prefix.
        return "".join("/" + c.value if c.kind == Kind.DRIVE else
                       "/" if c.kind == Kind.ROOT else
                       c.value + "/" if c.kind == Kind.DIR else c.value for c in path)

    @property
    def search(self) -> str:
        query = self.record.query
        return f"?{query}" if query else ""

    @property
    def hash(self) -> str:
        fragment = self.record.fragment
        return f"#{fragment}" if fragment else ""

    @property
    def origin(self) -> str:
        """The ASCII serialization of the URL's origin (https://url.spec.whatwg.org/#concept-url-origin)."""
        scheme = self.record.scheme
        kind = origin_kind(scheme)
        if kind is Origin.BLOB:
            # The basic URL parser on the path, as the standard says: not the API's parse.
            try:
                inner, mode = parse_url(self.pathname)
            except URLError:
                return "null"
            return URL(inner, mode).origin if gives_blob_origin(inner.scheme) else "null"
        if kind is Origin.TUPLE:
            return f"{scheme}://{self.host}"
        return "null"

    def as_dict(self) -> dict[str, str]:
        return {name: getattr(self, name) for name in
                ("href", "origin", "protocol", "username", "password", "host", "hostname", "port",
                 "pathname", "search", "hash")}
