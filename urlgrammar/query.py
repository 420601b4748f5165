"""A URL's query as decoded pairs, and the query arguments of the editing methods.

:class:`QueryView` is ``url.query``: the pairs that ``url.search_params`` holds
(https://url.spec.whatwg.org/#concept-urlencoded-parser: `+` is a space, then
percent-decoding and UTF-8 decoding, bytes that are not UTF-8 as U+FFFD), read as a
read-only multi-mapping in the manner of multidict's ``MultiDictProxy``, which yarl's
``URL.query`` is. :func:`pairs_of` turns what ``with_query``, ``update_query`` and
``extend_query`` take into name-value pairs for :class:`~urlgrammar.URLSearchParams`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeAlias, TypeVar, overload

from urlgrammar.form import as_pair
from urlgrammar.search_params import URLSearchParams

#: A query value: a str, or an int (its decimal digits; a bool is a TypeError, as True is
#: not 1 in a query).
Value: TypeAlias = str | int
#: What the query editing methods take: a mapping of names to a value or a sequence of
#: values (one pair each, in order), an iterable of name-value pairs, or a URLSearchParams.
Pairs: TypeAlias = Mapping[str, Value | Sequence[Value]] | Iterable[tuple[str, Value]] | URLSearchParams

_D = TypeVar("_D")
_MISSING: Any = object()


def _text(name: str, value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(int(value))  # an IntEnum's digits, not its name
    raise TypeError(f"the value of query parameter {name!r} must be a str or an int, "
                    f"not {type(value).__name__}")


def pairs_of(query: Pairs | str, keywords: Mapping[str, Value | Sequence[Value]]) -> list[tuple[str, str]]:
    """The name-value pairs of ``query`` (a str is read as application/x-www-form-urlencoded,
    https://url.spec.whatwg.org/#concept-urlencoded-string-parser, one leading `?` dropped),
    then those of ``keywords``; each a pair of scalar value strings, as URLSearchParams keeps
    them. A mapping's value that is a list or a tuple gives one pair per item."""
    if isinstance(query, str | URLSearchParams):
        found = URLSearchParams(query).items()
    elif isinstance(query, Mapping):
        found = list(_mapping_pairs(query))
    elif isinstance(query, Iterable) and not isinstance(query, bytes | bytearray):
        found = [_pair(pair) for pair in query]
    else:
        raise TypeError("a query must be a str, a mapping, an iterable of pairs or a "
                        f"URLSearchParams, not {type(query).__name__}")
    return found + list(_mapping_pairs(keywords))


def _pair(pair: object) -> tuple[str, str]:
    """A name and a value (a str or an int) as a pair of scalar value strings."""
    if isinstance(pair, Iterable) and not isinstance(pair, str | bytes):
        items = list(pair)
        if len(items) == 2 and isinstance(items[0], str):
            return as_pair((items[0], _text(items[0], items[1])))
        return as_pair(items)
    return as_pair(pair)


def _mapping_pairs(mapping: Mapping[Any, Any]) -> Iterator[tuple[str, str]]:
    for name, value in mapping.items():
        if not isinstance(name, str):  # checked here too: an empty list gives no pair to check
            raise TypeError(f"a query parameter's name must be a str, not {type(name).__name__}")
        values = value if isinstance(value, list | tuple) else (value,)
        for item in values:
            yield as_pair((name, _text(name, item)))


class QueryView:
    """A URL's query as a read-only multi-mapping of decoded names to values, in order.

    ``view[name]`` and ``get`` give a name's first value, ``getall`` all of them; ``in``,
    ``len`` and iteration count every pair, so a repeated name is iterated (and counted) once
    per pair, as multidict does; ``keys()``, ``values()`` and ``items()`` give every pair's
    parts, in order. ``dict(view)`` maps each name to its first value. It is a
    :class:`collections.abc.Mapping`, equal to a QueryView of the same pairs, and hashable.
    """

    __slots__ = ("_pairs",)

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()) -> None:
        self._pairs: tuple[tuple[str, str], ...] = tuple(as_pair(p) for p in pairs)

    def __getitem__(self, name: str) -> str:
        for n, v in self._pairs:
            if n == name:
                return v
        raise KeyError(name)

    @overload
    def get(self, name: str) -> str | None: ...
    @overload
    def get(self, name: str, default: _D) -> str | _D: ...

    def get(self, name: str, default: Any = None) -> Any:
        """The first value of ``name``, or ``default``."""
        return next((v for n, v in self._pairs if n == name), default)

    @overload
    def getall(self, name: str) -> list[str]: ...
    @overload
    def getall(self, name: str, default: _D) -> list[str] | _D: ...

    def getall(self, name: str, default: Any = _MISSING) -> Any:
        """Every value of ``name``, in order; where there is none, ``default``, or KeyError
        where no default is given (as multidict's ``getall``)."""
        values = [v for n, v in self._pairs if n == name]
        if values or default is not _MISSING:
            return values or default
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return any(n == name for n, _ in self._pairs)

    def __iter__(self) -> Iterator[str]:
        return (n for n, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def keys(self) -> tuple[str, ...]:
        """Every pair's name, in order, repeated names too."""
        return tuple(n for n, _ in self._pairs)

    def values(self) -> tuple[str, ...]:
        """Every pair's value, in order."""
        return tuple(v for _, v in self._pairs)

    def items(self) -> tuple[tuple[str, str], ...]:
        """Every pair, in order."""
        return self._pairs

    def __eq__(self, other: object) -> bool:
        return isinstance(other, QueryView) and other._pairs == self._pairs

    def __hash__(self) -> int:
        return hash(self._pairs)

    def __repr__(self) -> str:
        return f"QueryView({list(self._pairs)!r})"


# A multi-mapping reads as a Mapping does (multidict's proxies are registered the same way);
# its keys() repeat, which the Mapping mixins, not used here, would not allow.
Mapping.register(QueryView)
