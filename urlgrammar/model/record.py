"""The URL model: an URL is an ordered sequence of components.

URL Specification 0.10.1, § URL Model: the component types are ordered

    scheme < authority < drive < path-root < dir < file < query < fragment

and an URL has at most one component of each type except dir. The authority is itself a
sequence, username < password < host < port (§ Authority Model; userinfo = username and
password). Every component keeps the span of its value in the original input it was parsed
from, or None when an operation made it (a path-root that ``goto`` inserted, say).

"Absent" and "empty" differ: ``http://h/?`` has a query component whose value is "", while
``http://h/`` has no query component at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import IntEnum
from operator import itemgetter
from typing import Any, NamedTuple


class Kind(IntEnum):
    """Component types, in the order of the URL model and then of the Authority model."""

    SCHEME = 1
    AUTHORITY = 2
    DRIVE = 3
    ROOT = 4  # path-root
    DIR = 5
    FILE = 6
    QUERY = 7
    FRAGMENT = 8
    USERNAME = 11
    PASSWORD = 12
    HOST = 13
    PORT = 14

    @property
    def label(self) -> str:
        """The spec's name of the type (``path-root`` rather than ``ROOT``)."""
        return "path-root" if self is Kind.ROOT else self.name.lower()


Span = tuple[int, int]


class Component(NamedTuple):
    """A tagged value ``(kind value)`` with the span of the value in the original input.

    ``mark`` keeps what the grammar knew about how the component was written, where that is
    not the plain form (URL Specification § URL Grammar; the lift sets it, operations that
    make a component leave it None):

    - AUTHORITY: the two separators before it as written, where either is a backslash;
    - ROOT, DIR, DRIVE: a backslash where its separator (a dir's follows it) is one;
    - DRIVE: the empty string where no separator comes before it (``auth_drive_invalid``);
    - HOST: `[` where the host starts with an ``ip6_bracket``.

    The lift reads these off the tokens, so that nothing after it looks back at the text.
    """

    kind: Kind
    value: Any  # str, or an Authority for AUTHORITY, or a host value for HOST
    start: int | None = None
    end: int | None = None
    mark: str | None = None

    @property
    def span(self) -> Span | None:
        if self.start is None or self.end is None:
            return None
        return (self.start, self.end)

    def with_value(self, value: Any) -> Component:
        return Component(self.kind, value, self.start, self.end, self.mark)

    def unplaced(self) -> Component:
        return Component(self.kind, self.value)

    def __repr__(self) -> str:
        return f"({self.kind.label} {self.value!r})"


class Authority(NamedTuple):
    """URL Specification § Authority: userinfo (username, password), host, port.

    ``host`` is always present: the empty authority of ``file:///`` has a host whose value
    is the empty string. The host's value is the text as written, or, once host processing
    has run, a host value that serialises itself.
    """

    username: Component | None
    password: Component | None
    host: Component
    port: Component | None

    @classmethod
    def empty(cls, at: int | None = None) -> Authority:
        return cls(None, None, Component(Kind.HOST, "", at, at), None)

    def components(self) -> Iterator[Component]:
        return (c for c in self if c is not None)

    @property
    def is_empty(self) -> bool:
        """The spec's authority ε: no userinfo, no port and an empty host."""
        return self.username is None and self.port is None and str(self.host.value) == ""

    def map(self, f: Callable[[Component], Component]) -> Authority:
        """Apply ``f`` to each component present."""
        u, p, h, port = self
        return Authority(None if u is None else f(u), None if p is None else f(p), f(h),
                         None if port is None else f(port))

    def map_spans(self, f: Callable[[int, int], Span]) -> Authority:
        return self.map(lambda c: _map_span(c, f))

    def __repr__(self) -> str:
        return "(" + "・".join(map(repr, self.components())) + ")"


def _map_span(c: Component, f: Callable[[int, int], Span]) -> Component:
    value = c.value.map_spans(f) if isinstance(c.value, Authority) else c.value
    if c.start is None or c.end is None:
        return Component(c.kind, value, mark=c.mark)
    start, end = f(c.start, c.end)
    return Component(c.kind, value, start, end, c.mark)


_DOT = frozenset({".", "%2e", "%2E"})
#: A component's kind, read by ``map`` (a path may have a million components).
_KIND_OF = itemgetter(0)


def is_dot(segment: str) -> bool:
    """dot ::= `.` | `%2e` | `%2E` (https://url.spec.whatwg.org/#single-dot-path-segment)."""
    return segment in _DOT


def is_dots(segment: str) -> bool:
    """dots ::= dot dot (https://url.spec.whatwg.org/#double-dot-path-segment)."""
    n = len(segment)
    if n == 2:
        return segment == ".."
    if n == 4:
        return (segment[0] == "." and segment[1:].lower() == "%2e") or \
            (segment[3] == "." and segment[:3].lower() == "%2e")
    return n == 6 and segment.lower() == "%2e%2e"


# Kind's members as module constants: on Python 3.11 an access through the class runs
# EnumType.__getattr__'s hook, which costs more than the comparisons it serves here.
_SCHEME, _AUTHORITY, _DRIVE, _ROOT, _DIR, _FILE, _QUERY, _FRAGMENT = (
    Kind.SCHEME, Kind.AUTHORITY, Kind.DRIVE, Kind.ROOT, Kind.DIR, Kind.FILE, Kind.QUERY, Kind.FRAGMENT)


class URLRecord(tuple[Component, ...]):
    """An URL as a sequence of components, ordered by kind (URL Specification § URL).

    Build one with :meth:`of`, which checks the model's constraints; operations that already
    keep them use the plain constructor.
    """

    __slots__ = ()

    @classmethod
    def of(cls, components: Iterable[Component]) -> URLRecord:
        record = cls(components)
        record.check()
        return record

    def check(self) -> None:
        """Raise ValueError unless the record meets the URL model's constraints."""
        last = 0
        for c in self:
            if not _SCHEME <= c.kind <= _FRAGMENT:
                raise ValueError(f"{c.kind.label} is not a component of an URL")
            if c.kind < last or (c.kind == last and c.kind != _DIR):
                raise ValueError(f"{c.kind.label} out of order in {self!r}")
            last = c.kind
            if c.kind == _AUTHORITY and not isinstance(c.value, Authority):
                raise ValueError("the authority's value must be an Authority")
            if c.kind == _FILE and c.value == "":
                raise ValueError("a file component must not be empty")
        if not self.meets_path_root_constraint:
            raise ValueError(f"path-root constraint violated by {self!r}")

    @property
    def meets_path_root_constraint(self) -> bool:
        """If an URL has an authority or a drive, and a dir or a file, it has a path-root."""
        kinds = set(map(_KIND_OF, self))
        if kinds & {_AUTHORITY, _DRIVE} and kinds & {_DIR, _FILE}:
            return _ROOT in kinds
        return True

    # ---- access by kind ----------------------------------------------------------------------

    def component(self, kind: Kind) -> Component | None:
        for c in self:
            if c.kind == kind:
                return c
            if c.kind > kind:
                return None
        return None

    def value(self, kind: Kind) -> Any:
        c = self.component(kind)
        return None if c is None else c.value

    def has(self, kind: Kind) -> bool:
        return self.component(kind) is not None

    @property
    def scheme(self) -> str | None:
        # The scheme, when there is one, is the first component.
        if self and self[0].kind == _SCHEME:
            return self[0].value  # type: ignore[no-any-return]
        return None

    @property
    def authority(self) -> Authority | None:
        for c in self[:2]:
            if c.kind == _AUTHORITY:
                return c.value  # type: ignore[no-any-return]
        return None

    @property
    def drive(self) -> str | None:
        return self.value(_DRIVE)  # type: ignore[no-any-return]

    @property
    def root(self) -> bool:
        return self.has(_ROOT)

    @property
    def dirs(self) -> tuple[str, ...]:
        return tuple(c.value for c in self if c.kind == _DIR)

    @property
    def file(self) -> str | None:
        return self.value(_FILE)  # type: ignore[no-any-return]

    @property
    def query(self) -> str | None:
        return self.value(_QUERY)  # type: ignore[no-any-return]

    @property
    def fragment(self) -> str | None:
        return self.value(_FRAGMENT)  # type: ignore[no-any-return]

    # ---- order and prefix (URL Specification § Order and Prefix) -----------------------------

    def ord(self) -> Kind:
        """The order: the type of the first component, or fragment for the empty URL."""
        return self[0].kind if self else _FRAGMENT

    def upto(self, order: Kind) -> URLRecord:
        """The order-prefix: the shortest prefix holding every component of a type strictly
        smaller than ``order``, and every dir if dir is weakly smaller than ``order``."""
        n = 0
        for c in self:
            if c.kind < order or (c.kind == _DIR and order >= _DIR):
                n += 1
            else:
                break
        return URLRecord(self[:n])

    # ---- rebase (URL Specification § Reference Transformation) -------------------------------

    def goto(self, other: URLRecord) -> URLRecord:
        """``self goto other``: the shortest URL with ``self upto (ord other)`` as a prefix and
        ``other`` as a postfix. A path-root is added where the constraint needs one, as in
        ``//host`` goto ``foo/bar`` = ``//host/foo/bar``."""
        if not self:
            return other
        joined = URLRecord(self.upto(other.ord()) + other)
        if joined.meets_path_root_constraint:
            return joined
        at = next(i for i, c in enumerate(joined) if c.kind > _DRIVE)
        return URLRecord((*joined[:at], Component(_ROOT, "/"), *joined[at:]))

    def onto(self, base: URLRecord) -> URLRecord:
        """``self onto base``, the spec's rebase: the same as ``base goto self``."""
        return base.goto(self)

    # ---- editing ------------------------------------------------------------------------------

    def without(self, *kinds: Kind) -> URLRecord:
        return URLRecord(c for c in self if c.kind not in kinds)

    def replace(self, kind: Kind, component: Component | None) -> URLRecord:
        """Set (or with None remove) the single component of ``kind``, keeping the order."""
        if kind == _DIR:
            raise ValueError("dir components are not unique; rebuild the record instead")
        i = next((i for i, c in enumerate(self) if c.kind >= kind), len(self))
        present = i < len(self) and self[i].kind == kind
        rest = self[i + 1:] if present else self[i:]
        middle = () if component is None else (component,)
        return URLRecord((*self[:i], *middle, *rest))

    def map_spans(self, f: Callable[[int, int], Span]) -> URLRecord:
        return URLRecord(_map_span(c, f) for c in self)

    def unplaced(self) -> URLRecord:
        """The same URL with every span and mark dropped (for comparing values only)."""
        return URLRecord(_strip(c) for c in self)

    def __repr__(self) -> str:
        return "・".join(map(repr, self)) if self else "ε"


def _strip(c: Component) -> Component:
    if isinstance(c.value, Authority):
        return Component(c.kind, c.value.map(_strip))
    return Component(c.kind, c.value)


EMPTY = URLRecord()
