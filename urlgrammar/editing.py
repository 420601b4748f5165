"""Building, joining and editing a URL, and its decoded views: what yarl's and hyperlink's
users reach for, defined through the standard's setters and URLSearchParams.

:class:`Editing` is a base of :class:`urlgrammar.URL`. Each method that makes a URL runs the
standard's setters (https://url.spec.whatwg.org/#urlutils-members, through
:meth:`urlgrammar.URL.replace`) or URLSearchParams' update steps
(https://url.spec.whatwg.org/#concept-urlsearchparams-update), so every result is a URL the
standard's API would give; each view reads the getters' values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

from urlgrammar.attributes import Getters
from urlgrammar.encoding.decode import percent_decode_str
from urlgrammar.encoding.percent import PATH_SET, PercentEncodeSet, scalar_values, utf8_percent_encode
from urlgrammar.errors import Code, URLError
from urlgrammar.host.domain import domain_to_unicode
from urlgrammar.host.parser import parse_host
from urlgrammar.model.schemes import Mode, default_port, has_opaque_path, is_file, is_special_scheme
from urlgrammar.operations.setters import cannot_have_username_password_port
from urlgrammar.query import Pairs, QueryView, Value, pairs_of
from urlgrammar.search_params import URLSearchParams
from urlgrammar.syntax.grammars import scheme_of

#: A segment that :meth:`Editing.joinpath` appends: the path percent-encode set
#: (https://url.spec.whatwg.org/#path-percent-encode-set), and the code points that would
#: end the segment or change what it means: `/` and `\` (a separator in special URLs, and
#: encoded in every URL, so that it decodes back), and `%` (so that the segment is the text
#: given, not percent-encoded bytes).
SEGMENT_SET = PercentEncodeSet("path segment", PATH_SET.ascii | set("%/\\"))

#: https://url.spec.whatwg.org/#windows-drive-letter: the first segment of a file URL's path
#: that is one turns `|` into `:` (https://url.spec.whatwg.org/#path-state).
_DRIVE = re.compile("[A-Za-z][:|]")
_DIGITS = re.compile("[0-9]+")


class Editing(Getters):
    """The building, joining and editing methods and the decoded views of
    :class:`urlgrammar.URL`."""

    __slots__ = ()

    if TYPE_CHECKING:  # URL's constructor and setters, which the methods here run
        def __init__(self, input: str) -> None: ...
        def replace(self, **changes: Any) -> Self: ...

    # ---- joining ---------------------------------------------------------------------------

    def joinpath(self, *segments: str) -> Self:
        """The URL with ``segments`` appended to its path, through the pathname setter
        (https://url.spec.whatwg.org/#dom-url-pathname).

        Each segment is text, encoded with :data:`SEGMENT_SET`: a `/` in it is `%2F`, so it
        stays one segment (rust-url's ``path_segments_mut().push`` does the same; yarl's
        ``/`` splits at it), and ``url.path_segments`` ends with the segments given. As yarl
        does, the segments replace an empty last segment (``/a/`` joined with ``b`` is
        ``/a/b``), and are appended after any other (``/a`` joined with ``b`` is ``/a/b``);
        an empty segment gives a trailing `/`. A `.` or `..` segment is a URLError: the
        standard reads it, encoded or not, as a dot segment, which would remove segments
        rather than add one. A URL with an opaque path (``mailto:x``) has no segments to
        join: URLError.
        """
        texts = []
        for segment in segments:
            if not isinstance(segment, str):
                raise TypeError(f"a path segment must be a str, not {type(segment).__name__}")
            segment = scalar_values(segment)
            if segment in (".", ".."):
                raise URLError(f"joinpath(): the segment {segment!r} is a dot segment "
                               "(https://url.spec.whatwg.org/#single-dot-path-segment), "
                               "which the path state removes, or removes with the one before it, "
                               "rather than appends")
            texts.append(segment)
        if self._offsets is None and has_opaque_path(self.record):
            raise URLError(f"joinpath(): {self.href!r} has an opaque path "
                           "(https://url.spec.whatwg.org/#url-opaque-path), which has no segments")
        if not texts:
            return self
        pathname = self.pathname
        path = pathname[1:].split("/") if pathname else []
        if path and path[-1] == "":
            path.pop()
        encoded = [utf8_percent_encode(t, SEGMENT_SET) for t in texts]
        if self.mode is Mode.FILE and not path and _DRIVE.fullmatch(encoded[0]):
            encoded[0] = encoded[0].replace("|", "%7C")  # not a drive letter, which would be C:
        return self.replace(pathname="/" + "/".join(path + encoded))

    def __truediv__(self, segment: str) -> Self:
        """``url / "segment"``: :meth:`joinpath` with one segment."""
        if not isinstance(segment, str):
            return NotImplemented
        return self.joinpath(segment)

    # ---- the query and the fragment --------------------------------------------------------

    def with_query(self, query: Pairs | str | None = None, /, **params: Value | Sequence[Value]) -> Self:
        """The URL with the query replaced.

        A str is the query as written, through the search setter
        (https://url.spec.whatwg.org/#dom-url-search): one leading `?` is dropped, and the
        query percent-encode set applies. Pairs (a mapping, an iterable of pairs, a
        URLSearchParams, keyword arguments) become the query through URLSearchParams'
        serializer (application/x-www-form-urlencoded, https://url.spec.whatwg.org/#dom-url-searchparams).
        None, ``""`` and no pairs remove the query: the URL has none, not an empty one.
        """
        if isinstance(query, str) and not params:
            return self.replace(search=query)
        return self._with_pairs(pairs_of(query or (), params))

    def update_query(self, query: Pairs | str = (), /, **params: Value | Sequence[Value]) -> Self:
        """The URL with the given names set and the other pairs kept, in order, through
        URLSearchParams (a str is read as application/x-www-form-urlencoded).

        For a name given one value, this is https://url.spec.whatwg.org/#dom-urlsearchparams-set:
        its first pair takes the value and its others are removed, or the pair is appended
        where the name is absent. A name given several values (repeated in the pairs, or a
        list or tuple in a mapping) has them all, in order, at its first pair's place; an
        empty list or tuple removes the name.
        """
        given = pairs_of(query, params)
        empty = {scalar_values(name) for name, value in _mapping_items(query, params)
                 if isinstance(value, list | tuple) and not value}
        new: dict[str, list[tuple[str, str]]] = {name: [] for name in empty}
        for pair in given:
            new.setdefault(pair[0], []).append(pair)
        out: list[tuple[str, str]] = []
        for pair in self.search_params.items():
            placed = new.get(pair[0])
            if placed is None:
                out.append(pair)
            elif placed:
                out.extend(placed)
                placed.clear()  # later pairs of the name are removed
        # A name that was present has its pairs placed (and cleared); the others are appended.
        out.extend(p for pairs in new.values() for p in pairs)
        return self._with_pairs(out)

    def extend_query(self, query: Pairs | str = (), /, **params: Value | Sequence[Value]) -> Self:
        """The URL with the pairs appended to its query
        (https://url.spec.whatwg.org/#dom-urlsearchparams-append, for each pair)."""
        return self._with_pairs([*self.search_params.items(), *pairs_of(query, params)])

    def without_query_params(self, *names: str) -> Self:
        """The URL without the pairs of ``names``
        (https://url.spec.whatwg.org/#dom-urlsearchparams-delete, for each name)."""
        params = URLSearchParams(self.search_params)
        for name in names:
            params.delete(name)
        return self._with_pairs(params.items())

    def _with_pairs(self, pairs: list[tuple[str, str]]) -> Self:
        # The search_params setter: the update steps, whose empty serialization is no query.
        return self.replace(search_params=URLSearchParams(pairs))

    def with_fragment(self, fragment: str | None) -> Self:
        """The URL with the fragment replaced, through the hash setter
        (https://url.spec.whatwg.org/#dom-url-hash): one leading `#` is dropped, and None or
        ``""`` removes the fragment."""
        return self.replace(hash="" if fragment is None else fragment)

    # ---- the decoded views -----------------------------------------------------------------

    @property
    def path_segments(self) -> tuple[str, ...]:
        """The path's segments, percent-decoded and UTF-8 decoded (bytes that are not UTF-8
        become U+FFFD, https://url.spec.whatwg.org/#string-percent-decode): ``/a/b%20c`` is
        ``("a", "b c")``, ``/`` is ``("",)`` and an empty path ``()``. An opaque path is one
        item (``mailto:a/b`` is ``("a/b",)``). A file URL's drive is its first segment."""
        pathname = self.pathname
        if self._offsets is None and has_opaque_path(self.record):
            return (percent_decode_str(pathname),)
        if not pathname:
            return ()
        return tuple(percent_decode_str(s) for s in pathname[1:].split("/"))

    @property
    def query(self) -> QueryView:
        """The query's pairs, decoded as ``search_params`` reads them
        (https://url.spec.whatwg.org/#concept-urlencoded-parser), as a :class:`QueryView`."""
        return QueryView(self.search_params.items())

    @property
    def port_number(self) -> int | None:
        """The port a connection goes to: the URL's port, or where it has none the scheme's
        default port (https://url.spec.whatwg.org/#default-port), as yarl's ``port``; None
        where there is neither (``foo://h``). The parser drops a port that is the default,
        so ``http://h:80`` has no port of its own: ``url.port`` is ``""`` and this is 80."""
        port = self.port
        return int(port) if port else default_port(self.protocol[:-1])

    @property
    def host_unicode(self) -> str:
        """The hostname with a domain's labels in Unicode
        (https://url.spec.whatwg.org/#concept-domain-to-unicode): ``xn--bcher-kva.de`` is
        ``bücher.de``. IP addresses and the opaque hosts of other URLs are as ``hostname``
        gives them; ``""`` where there is no host."""
        hostname = self.hostname
        if self.mode is Mode.GENERIC or hostname.startswith("["):
            return hostname
        return domain_to_unicode(hostname)

    # ---- building --------------------------------------------------------------------------

    @classmethod
    def build(cls, *, scheme: str, username: str = "", password: str = "", host: str | None = None,
              port: int | str | None = None, path: str = "", query: Pairs | str | None = None,
              fragment: str | None = None) -> Self:
        """A URL from its parts, each read as the standard reads that part, in this order:
        the scheme (the grammar's scheme, a `:` after it), the host (the host parser,
        https://url.spec.whatwg.org/#concept-host-parser), then the setters of the username,
        password, port, pathname, search (``search_params`` for pairs) and hash. A part that
        the standard would not take is a URLError that names it, where the setter would do
        nothing: a scheme that is not one, a host the host parser fails on, a special URL
        without a host, a port that is not 0 to 65535 or is given where the URL cannot have
        one (no host, an empty host, a file URL), and so are a username and a password.

        ``path`` is as the pathname setter takes it; without a host, a URL that is not
        special has an opaque path unless ``path`` starts with `/`, read as the parser reads
        one (https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state: C0 controls
        encoded, a space before the query or fragment too), with `?` and `#` its own.
        ``query`` and ``fragment`` are as :meth:`with_query` and :meth:`with_fragment` take
        them. The scheme's default port is no port, as the parser makes it.
        """
        for part, value in (("scheme", scheme), ("username", username), ("password", password),
                            ("path", path)):
            if not isinstance(value, str):
                raise TypeError(f"build(): {part} must be a str, not {type(value).__name__}")
        if scheme_of(f"{scheme}:") != scheme:
            raise URLError(f"build(): the scheme {scheme!r} is not a scheme "
                           "(https://url.spec.whatwg.org/#url-scheme-string)")
        url = cls(_start(scheme.lower(), host, path))
        for part, value in (("username", username), ("password", password)):
            if value:
                _can_have(url, part, value)
                url = url.replace(**{part: value})
        if port is not None:
            digits = _port(port)
            _can_have(url, "port", port)
            url = url.replace(port=digits)
        if path and (host is not None or path.startswith("/") or is_special_scheme(url.protocol[:-1])):
            url = url.replace(pathname=path)
        if query is not None:
            url = url.with_query(query)
        return url.with_fragment(fragment)


def _mapping_items(query: object, params: Mapping[str, object]) -> list[tuple[Any, object]]:
    """The names and values of ``query`` where it is a mapping, and of ``params``."""
    return [*(query.items() if isinstance(query, Mapping) else ()), *params.items()]


def _start(scheme: str, host: str | None, path: str) -> str:
    """The URL string that the setters start from: the scheme and the host, or for a URL
    without a host that is not special, an opaque path or an empty path-root."""
    special = is_special_scheme(scheme)
    if host is None:
        if is_file(scheme):
            return "file://"
        if special:
            raise URLError(f"{Code.HOST_MISSING}: build(): the host is missing, which a {scheme} URL needs",
                           code=Code.HOST_MISSING)
        if path.startswith("/"):
            return f"{scheme}:/"
        # The pathname setter's reading: `?` and `#` are the path's own. The `#` after it keeps
        # the parser from trimming its trailing spaces as the input's; build's hash setter
        # then removes the empty fragment.
        return f"{scheme}:" + scalar_values(path).replace("?", "%3F").replace("#", "%23") + "#"
    if not isinstance(host, str):
        raise TypeError(f"build(): host must be a str or None, not {type(host).__name__}")
    if is_file(scheme) and host == "":
        return "file://"
    try:
        parsed = parse_host(scalar_values(host), special) if host or special else ""
    except URLError as e:
        failing = e.diagnostics[-1] if e.diagnostics else None
        where = "" if failing is None else f"{failing.code} at {failing.start}..{failing.end} in the host: "
        reason = str(e) if failing is None else failing.message
        raise URLError(f"{where}build(): the host {host!r} is not valid: {reason}",
                       e.diagnostics, e.code) from None
    return f"{scheme}://{parsed}"


def _can_have(url: Getters, part: str, value: object) -> None:
    """https://url.spec.whatwg.org/#cannot-have-a-username-password-port, as an error."""
    if cannot_have_username_password_port(url.record):
        raise URLError(f"build(): the {part} {value!r}: a URL without a host, with an empty "
                       "host or with the file scheme cannot have one "
                       "(https://url.spec.whatwg.org/#cannot-have-a-username-password-port)")


def _port(port: object) -> str:
    """A port as the port setter's digits, or a URLError: the port state reads up to the first
    code point that is not a digit, which ``build`` does not leave unsaid."""
    if isinstance(port, bool) or not isinstance(port, int | str):
        raise TypeError(f"build(): port must be an int, a str or None, not {type(port).__name__}")
    digits = str(int(port)) if isinstance(port, int) else port
    if not _DIGITS.fullmatch(digits):
        raise URLError(f"{Code.PORT_INVALID}: build(): the port {port!r} is not ASCII digits",
                       code=Code.PORT_INVALID)
    significant = digits.lstrip("0")
    if len(significant) > 5 or int(significant or "0") > 65535:  # no int of 100 kB digits
        raise URLError(f"{Code.PORT_OUT_OF_RANGE}: build(): the port {port!r} is over 65535",
                       code=Code.PORT_OUT_OF_RANGE)
    return digits
