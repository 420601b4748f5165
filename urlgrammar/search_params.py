"""URLSearchParams: the standard's class for a query's name-value pairs, in Python form.

https://url.spec.whatwg.org/#interface-urlsearchparams. A list of name-value pairs, read from
and written as application/x-www-form-urlencoded (:mod:`urlgrammar.form`). Unlike a URL, it
is mutable, as the standard's is. A URL does not change, so its ``url.search_params`` is a
:class:`ReadOnlyURLSearchParams`, whose methods that would change it raise TypeError; to change
a query, copy them (``URLSearchParams(url.search_params)``), change the copy, and
``url.replace(search_params=copy)`` gives the URL with its serialization as the query (the
standard's update steps).

Every name and value is a scalar value string: a lone surrogate given as an argument becomes
U+FFFD, as a USVString argument does. No method raises for any str argument.

Beyond the standard's methods, ``params[name]`` is ``get`` that raises KeyError where the name
is absent, so ``dict(params)`` maps each name to its first value; iteration, ``items()``,
``keys()`` and ``values()`` give every pair, in order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NoReturn, Self

from urlgrammar import form
from urlgrammar.encoding.percent import scalar_values

Init = str | Mapping[str, str] | Iterable[Iterable[str]]


def _usv(what: str, value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"URLSearchParams: {what} must be a str, not {type(value).__name__}")
    return scalar_values(value)


def _record(init: Mapping[Any, Any]) -> list[tuple[str, str]]:
    """A mapping as the constructor's record<USVString, USVString>
    (https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams, converted as
    https://webidl.spec.whatwg.org/#js-record says): keys that are equal once their lone
    surrogates are U+FFFD are one entry, at the first one's position, with the last one's
    value. The mapping's own order stands for a JavaScript object's property order."""
    record: dict[str, str] = {}
    for pair in init.items():
        name, value = form.as_pair(pair)
        record[name] = value  # an existing key keeps its place, as the record's set does
    return list(record.items())


def _code_units(name: str) -> bytes:
    """A name's UTF-16 code units, big-endian: bytes compare as the code units do
    (https://infra.spec.whatwg.org/#code-unit-less-than)."""
    return name.encode("utf-16-be")


class URLSearchParams:
    """``URLSearchParams(init="")``: from a string (one leading `?` dropped), a mapping of
    names to values, or an iterable of pairs (each exactly two str, else TypeError)."""

    __slots__ = ("_list",)
    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable (as list is)

    def __init__(self, init: Init = "") -> None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams"""
        self._list: list[tuple[str, str]]
        if isinstance(init, str):
            self._list = form.parse(init[1:] if init.startswith("?") else init)
        elif isinstance(init, URLSearchParams):
            self._list = list(init._list)
        elif isinstance(init, Mapping):
            self._list = _record(init)
        elif isinstance(init, Iterable) and not isinstance(init, bytes | bytearray):
            self._list = [form.as_pair(pair) for pair in init]
        else:
            raise TypeError("URLSearchParams() wants a str, a mapping or an iterable of pairs, "
                            f"not {type(init).__name__}")

    @classmethod
    def of_query(cls, query: str | None) -> Self:
        """The pairs of a URL's query (https://url.spec.whatwg.org/#concept-url-initialize):
        a null query has none, and a `?` that starts the query is part of the first name."""
        params = cls()
        if query:
            params._list = form.parse(query)
        return params

    @property
    def size(self) -> int:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-size"""
        return len(self._list)

    def append(self, name: str, value: str) -> None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-append"""
        self._list.append((_usv("name", name), _usv("value", value)))

    def delete(self, name: str, value: str | None = None) -> None:
        """Remove every pair with ``name`` (and ``value``, where given)
        (https://url.spec.whatwg.org/#dom-urlsearchparams-delete)."""
        name = _usv("name", name)
        if value is None:
            self._list = [p for p in self._list if p[0] != name]
        else:
            pair = (name, _usv("value", value))
            self._list = [p for p in self._list if p != pair]

    def get(self, name: str) -> str | None:
        """The first value of ``name``, or None (https://url.spec.whatwg.org/#dom-urlsearchparams-get)."""
        name = _usv("name", name)
        return next((v for n, v in self._list if n == name), None)

    def get_all(self, name: str) -> list[str]:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-getall"""
        name = _usv("name", name)
        return [v for n, v in self._list if n == name]

    def has(self, name: str, value: str | None = None) -> bool:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-has"""
        name = _usv("name", name)
        if value is None:
            return any(n == name for n, _ in self._list)
        return (name, _usv("value", value)) in self._list

    def set(self, name: str, value: str) -> None:
        """Give the first pair with ``name`` the value, and remove the others; append one where
        there is none (https://url.spec.whatwg.org/#dom-urlsearchparams-set)."""
        pair = (_usv("name", name), _usv("value", value))
        out: list[tuple[str, str]] = []
        found = False
        for p in self._list:
            if p[0] != pair[0]:
                out.append(p)
            elif not found:
                out.append(pair)
                found = True
        if not found:
            out.append(pair)
        self._list = out

    def sort(self) -> None:
        """Sort the pairs by name, stably, comparing UTF-16 code units as the standard says
        (https://url.spec.whatwg.org/#dom-urlsearchparams-sort): U+FFFD sorts after 🌈, whose
        first code unit is a surrogate, though its code point is larger."""
        self._list.sort(key=lambda pair: _code_units(pair[0]))

    def __str__(self) -> str:
        """The application/x-www-form-urlencoded serialization
        (https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior)."""
        return form.serialize_scalar_pairs(self._list)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        """The name-value pairs, in order, read as the standard's pair iterator reads them
        (https://url.spec.whatwg.org/#interface-urlsearchparams,
        https://webidl.spec.whatwg.org/#es-iterable): it keeps an index into the live list, so
        a loop sees pairs deleted, appended or sorted while it runs, as JavaScript's does.
        Deleting the current pair moves the next one into the slot already read: it is
        skipped."""
        index = 0
        while index < len(self._list):
            yield self._list[index]
            index += 1

    def __len__(self) -> int:
        return len(self._list)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.has(name)

    def __getitem__(self, name: str) -> str:
        """The first value of ``name``, as :meth:`get` gives it; KeyError where there is none
        (https://url.spec.whatwg.org/#dom-urlsearchparams-get). With :meth:`keys`, what
        ``dict(params)`` reads: each name with its first value."""
        value = self.get(name)
        if value is None:
            raise KeyError(name)
        return value

    def keys(self) -> list[str]:
        """Every pair's name, in order, repeated names too (a list, taken when called)."""
        return [n for n, _ in self._list]

    def values(self) -> list[str]:
        """Every pair's value, in order (a list, taken when called)."""
        return [v for _, v in self._list]

    def items(self) -> list[tuple[str, str]]:
        """Every pair, in order (a list, taken when called)."""
        return list(self._list)

    def __eq__(self, other: Any) -> bool:
        """The same pairs in the same order; read-only or not does not count."""
        return isinstance(other, URLSearchParams) and other._list == self._list

    def __reduce__(self) -> tuple[type[URLSearchParams], tuple[list[tuple[str, str]]]]:
        # The pairs, given back to the constructor: pickles with every protocol, and a copy
        # gets a list of its own.
        return type(self), (self.items(),)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._list!r})"


class ReadOnlyURLSearchParams(URLSearchParams):
    """A URL's ``search_params`` (https://url.spec.whatwg.org/#dom-url-searchparams): it reads
    as :class:`URLSearchParams` does, and every method that would change it raises TypeError
    naming the way to change the query. The standard's URL is mutable and its searchParams
    change it; a URL here never changes, so a change here would be lost.

    ``URLSearchParams(url.search_params)`` is a mutable copy, and
    ``url.replace(search_params=copy)`` the URL with its pairs as the query.
    """

    __slots__ = ()

    def __init__(self, init: Init = "") -> None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams, once only."""
        if hasattr(self, "_list"):  # an unset slot has no attribute
            _refuse("__init__")
        super().__init__(init)

    def append(self, name: str, value: str) -> NoReturn:
        """Refused: https://url.spec.whatwg.org/#dom-urlsearchparams-append changes the list."""
        _refuse("append")

    def delete(self, name: str, value: str | None = None) -> NoReturn:
        """Refused: https://url.spec.whatwg.org/#dom-urlsearchparams-delete changes the list."""
        _refuse("delete")

    def set(self, name: str, value: str) -> NoReturn:
        """Refused: https://url.spec.whatwg.org/#dom-urlsearchparams-set changes the list."""
        _refuse("set")

    def sort(self) -> NoReturn:
        """Refused: https://url.spec.whatwg.org/#dom-urlsearchparams-sort changes the list."""
        _refuse("sort")

    def __copy__(self) -> ReadOnlyURLSearchParams:
        return self  # nothing can change it, as with a tuple

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyURLSearchParams:
        return self


def _refuse(method: str) -> NoReturn:
    # A programming error, as changing a tuple is: TypeError, not URLError.
    raise TypeError(f"{method}(): a URL's search_params are read-only, as the URL is. Copy them "
                    "with URLSearchParams(url.search_params), change the copy, then "
                    "url.replace(search_params=copy) gives the URL with that query")
