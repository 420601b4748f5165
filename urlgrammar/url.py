"""The URL API: an immutable URL with the JavaScript URL getters, the setters as ``replace``.

https://url.spec.whatwg.org/#api. Every getter is computed from the component record
(``url.record``; the getters are :class:`urlgrammar.attributes.Getters`, beside the table of
the attributes; building, joining, query editing and the decoded views are
:class:`urlgrammar.editing.Editing`, URL's base); ``str(url) == url.href``. A URL never changes:
``url.replace(pathname="/x")`` runs the standard's setters
(:mod:`urlgrammar.operations.setters`) and gives a new URL.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from urlgrammar.attributes import ATTRIBUTES, Attribute, fill, fill_plain
from urlgrammar.editing import Editing
from urlgrammar.encoding.percent import scalar_values
from urlgrammar.errors import URLError
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.operations.offsets import splice
from urlgrammar.operations.path_offsets import kept_href, kept_relative_href
from urlgrammar.operations.pipeline import parse_url, parses
from urlgrammar.operations.relative import make_relative
from urlgrammar.operations.setters import set_component
from urlgrammar.syntax.printer import print_record

_new = object.__new__

#: The attributes that :meth:`URL.replace` takes (those with a setter), in the order it
#: applies them: the order of the standard's IDL (https://url.spec.whatwg.org/#url-class),
#: href first.
_SETTABLE = {a.name: a for a in ATTRIBUTES if a.setter is not None}
#: Their names.
REPLACE_ORDER = tuple(_SETTABLE)


class URL(Editing):
    """A parsed, absolute URL.

    ``URL(input, base=None)`` parses as the standard's ``new URL(input, base)`` does and raises
    :class:`URLError` where that throws; :func:`urlgrammar.parse` gives the same URL.

    ``input`` and ``base`` may be URLs: as JavaScript stringifies a URL object given to
    ``new URL``, a URL stands for its href. ``URL(url)`` is a new URL, equal to ``url``
    except where setters made a URL whose href the parser reads otherwise (the protocol
    setter keeps a path's `C|`, which parsing ``file://h/C|/x`` makes a drive `C:`), and a
    URL given as a base is its href parsed again in the same case.
    """

    __slots__ = ()

    def __init__(self, input: str | URL, base: str | URL | None = None) -> None:
        if type(input) is not str and not isinstance(input, str | URL):
            raise TypeError(f"URL() wants a str or a URL, not {type(input).__name__}")
        base_url = None if base is None else base_url_of(base)  # the API URL parser parses the base first
        if isinstance(input, URL):
            if input._offsets is not None:
                fill_plain(self, input._input, input._href, input._offsets, input._base)  # type: ignore[arg-type]
                return
            if input._parsed:
                fill(self, input.record, input.mode)
                return
            input = input.href
        if base_url is None:
            # Not with a base, though a plain input does not need it: the record made with a
            # base has no span for the scheme, and the record is to be the same when made later.
            plain = kept_href(input)
            if plain is not None:
                fill_plain(self, input, *plain)
                return
            record, mode = parse_url(input)
        else:
            relative = None if base_url._offsets is None else \
                kept_relative_href(input, base_url._href, base_url._offsets)  # type: ignore[arg-type]
            if relative is not None:
                fill_plain(self, input, *relative, base_url)
                return
            record, mode = parse_url(input, base_record(base_url), base_url.mode)
        fill(self, record, mode)

    @classmethod
    def _from_record(cls, record: URLRecord, mode: Mode, parsed: bool = True) -> URL:
        """The URL of a record the pipeline made (the parsers' way in: no parse here).
        ``parsed``: the record is the basic URL parser's result, which is what parsing its
        href gives; a setter's need not be."""
        url = _new(cls)  # not of_record: one call fewer on every parse
        fill(url, record, mode, parsed)
        return url

    @classmethod
    def _plain(cls, input: str, href: str, offsets: int, base: URL | None = None) -> URL:
        """The URL of a plain input (:func:`urlgrammar.operations.path_offsets.kept_href`), or
        of a relative one against ``base`` (:func:`urlgrammar.operations.path_offsets.kept_relative_href`):
        its href and offsets, the record made when first read."""
        url = _new(cls)
        fill_plain(url, input, href, offsets, base)
        return url

    @staticmethod
    def parse(input: str | URL, base: str | URL | None = None) -> URL | None:
        """The URL, or None where the API URL parser fails (https://url.spec.whatwg.org/#dom-url-parse)."""
        try:
            return URL(input, base)
        except URLError:
            return None

    @staticmethod
    def can_parse(input: str | URL, base: str | URL | None = None) -> bool:
        """Whether ``URL(input, base)`` succeeds (https://url.spec.whatwg.org/#dom-url-canparse):
        the parser runs as far as it can fail, and no URL is made."""
        if not isinstance(input, str):
            return URL.parse(input, base) is not None
        try:
            base_url = base_url_of(base)  # the API URL parser parses the base first
        except URLError:
            return False
        if kept_href(input) is not None:  # a plain input parses, whatever the base
            return True
        if base_url is None:
            return parses(input)
        return parses(input, base_record(base_url), base_url.mode)

    def to_json(self) -> str:
        """The href (https://url.spec.whatwg.org/#dom-url-tojson)."""
        return self.href

    def equals(self, other: str | URL, exclude_fragments: bool = False) -> bool:
        """URL equivalence (https://url.spec.whatwg.org/#concept-url-equals): equal
        serializations, without the fragments where ``exclude_fragments``. A str is read as
        ``URL(other)``, without a base: one that does not parse raises :class:`URLError`."""
        if not isinstance(other, URL):
            other = URL(href_of(other, "equals()"))
        if not exclude_fragments:
            return self.href == other.href
        return print_record(self.record.without(Kind.FRAGMENT)) == \
            print_record(other.record.without(Kind.FRAGMENT))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """The schema of a URL field for pydantic (v2): :func:`urlgrammar.pydantic.url_schema`,
        imported here, as pydantic is an optional extra that ``import urlgrammar`` never loads."""
        from urlgrammar.pydantic import url_schema

        return url_schema(cls)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, str]:
        """A URL field's JSON schema: ``{"type": "string", "format": "uri"}``."""
        from urlgrammar.pydantic import URL_JSON_SCHEMA

        return dict(URL_JSON_SCHEMA)

    def make_relative(self, target: str | URL) -> str | None:
        """The shortest reference that resolves against this URL to ``target`` (a str is read
        as ``URL(target, self)``), or None where none does
        (:func:`urlgrammar.operations.relative.make_relative`)."""
        base = base_url_of(self)  # what a reference resolves against: the href, parsed
        to = target if isinstance(target, URL) else URL(target, self)
        assert base is not None
        return make_relative(base.record.unplaced(), base.mode, to.record.unplaced(), to.href)

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

    def __delattr__(self, name: str) -> None:
        raise AttributeError("URL objects are immutable")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # A plain URL, its input (parsed again, it is the same URL, spans and all); any other,
        # its record and mode, spans and all (the href is printed again when asked for).
        if self._offsets is not None:
            return URL, (self._input,) if self._base is None else (self._input, self._base)
        return URL._from_record, (self.record, self.mode, self._parsed)

    def __copy__(self) -> URL:
        return self  # immutable, as a str or a tuple is

    def __deepcopy__(self, memo: dict[int, Any]) -> URL:
        return self

    # ---- the setters -----------------------------------------------------------------------

    def replace(self, **changes: Any) -> URL:
        """A new URL with the standard's setters run for each keyword given, in the order of
        :data:`REPLACE_ORDER` (https://url.spec.whatwg.org/#urlutils-members).

        Each value is a str (lone surrogates become U+FFFD, as for a USVString); ``search_params``
        is a :class:`URLSearchParams` whose serialization becomes the query (the standard's
        update steps). ``port`` also takes None, which clears the port as ``""`` does, and an
        int, read as its decimal string as JavaScript's ``url.port = 8080`` reads a number:
        0 to 65535 set the port (the scheme's default port clears it), and any other int
        (-1, 65536) leaves the URL as it is, as the setter does with "-1" or "65536". A bool
        is a TypeError: ``port=True`` is a mistake, not port 1. A setter that the standard
        makes do nothing leaves the URL as it is; only ``href`` can fail, raising URLError as
        the href setter throws.
        """
        if len(changes) == 1:  # the common case, with no order to keep
            ((name, value),) = changes.items()
            href = self._href
            if name == "port" and type(value) is str and href is not None and href.startswith("file:"):
                return self  # the port setter's first step: a file URL cannot have a port
            offsets = self._offsets
            if offsets is not None and type(value) is str and value.isascii():
                # _spliced's steps, written out: a setter on a plain URL is a hot path.
                spliced = splice(href, offsets, name, value)  # type: ignore[arg-type]
                if spliced is not None:
                    return self if spliced[0] is href else _plain_url(*spliced)
            attribute = _SETTABLE.get(name)
            if attribute is not None:
                return self._set(attribute, value)
        unknown = sorted(set(changes) - set(_SETTABLE))
        if unknown:
            raise TypeError(f"replace() got an unexpected keyword argument {unknown[0]!r}")
        url = self
        for name, attribute in _SETTABLE.items():
            if name in changes:
                url = url._set(attribute, changes[name])
        return url

    def _spliced(self, name: str, value: Any) -> URL | None:
        """The URL the setter ``name`` makes of a plain URL by splicing its href, where it
        can (:func:`urlgrammar.operations.offsets.splice`); None where it cannot."""
        offsets = self._offsets
        if offsets is None or type(value) is not str or not value.isascii():
            return None  # not plain, or a value that is not its own scalar values
        spliced = splice(self._href, offsets, name, value)  # type: ignore[arg-type]
        if spliced is None:
            return None
        return self if spliced[0] is self._href else _plain_url(*spliced)

    def _set(self, attribute: Attribute, value: Any) -> URL:
        name = attribute.name
        spliced = self._spliced(name, value)
        if spliced is not None:
            return spliced
        given = value
        if name == "port":
            value = _port_value(value)
        if not isinstance(value, attribute.value_type):
            raise TypeError(f"replace(): {name} must be a {attribute.value_type.__name__}, "
                            f"not {type(value).__name__}")
        # A str gives its scalar values; a URLSearchParams its serialization (the update steps).
        text = scalar_values(value) if isinstance(value, str) else str(value)
        if text is not given:  # an int port's digits (a value with surrogates is not ASCII)
            spliced = self._spliced(name, text)
            if spliced is not None:
                return spliced
        assert attribute.setter is not None
        record, mode = set_component(self.record, self.mode, attribute.setter, attribute.reading, text)
        if record is self.record:
            return self
        # Parsing the new href gives the new record where the href setter parsed the value,
        # and where a query of the form's serialization, which reads back as it is, replaced
        # the query of a URL for which it did; a state override's record need not be so.
        parsed = name == "href" or (name == "search_params" and self._parsed)
        return URL._from_record(record, mode, parsed)


def _plain_url(href: str, offsets: int) -> URL:
    url = _new(URL)
    fill_plain(url, href, href, offsets)
    return url


def _port_value(value: Any) -> Any:
    """The port setter's value as the string JavaScript would give it: None is "" (no port)
    and an int its decimal digits, as ``url.port = 8080`` converts a number
    (https://webidl.spec.whatwg.org/#es-USVString). A bool is no port: True is not 1 here."""
    if value is None:
        return ""
    if isinstance(value, bool):
        raise TypeError("replace(): port must be a str, an int or None, not bool")
    if isinstance(value, int):
        return str(int(value))  # an IntEnum's digits, not its name
    if not isinstance(value, str):
        raise TypeError(f"replace(): port must be a str, an int or None, not {type(value).__name__}")
    return value


def href_of(input: str | URL, caller: str) -> str:
    """An ``input`` argument as a string: a URL stands for its href, as a URL object given to
    a function that takes a USVString does in JavaScript (https://webidl.spec.whatwg.org/#es-USVString).
    Anything else is a TypeError naming the ``caller``."""
    if isinstance(input, URL):
        return input.href
    if not isinstance(input, str):
        raise TypeError(f"{caller} wants a str or a URL, not {type(input).__name__}")
    return input


def base_url_of(base: str | URL | None) -> URL | None:
    """A ``base`` argument as a URL: parsed if it is a string, and a URL as its href parsed
    (https://url.spec.whatwg.org/#api-url-parser: the base is a string, which is what
    JavaScript makes of a URL object). A base that fails to parse raises URLError, saying it
    is the base."""
    if base is None:
        return None
    if isinstance(base, URL):
        if base._parsed:
            return base
        base = base.href
    if not isinstance(base, str):
        raise TypeError(f"the base must be a str or a URL, not {type(base).__name__}")
    return _parsed_base(base) if len(base) <= _LONGEST_KEPT else _parse_base(base)


#: The longest base kept (:func:`_parsed_base`, :func:`base_record`): 64 of them hold at most
#: a few megabytes, however long the bases a caller gives.
_LONGEST_KEPT = 8192


@lru_cache(maxsize=64)
def _parsed_base(base: str) -> URL:
    """``base`` parsed, once for the inputs of a document or a list that share it: a URL
    never changes, so one serves every call (a failure is not kept, and raises each time)."""
    return _parse_base(base)


def _parse_base(base: str) -> URL:
    try:
        return URL(base)
    except URLError as e:
        # The spans are in the base, not in the input: say so, once, after the error's name.
        failing = e.diagnostics[-1] if e.diagnostics else None
        where = "" if failing is None else f"{failing.code} at {failing.start}..{failing.end} in the base: "
        reason = str(e) if failing is None else failing.message
        raise URLError(f"{where}the base URL is not valid: {reason}", e.diagnostics, e.code) from None


#: The records :func:`base_record` made, by the identity of their URL (kept with it, so that
#: the identity is not another's); at most :data:`_BASES` of them.
_base_records: dict[int, tuple[URL, URLRecord]] = {}
_BASES = 64


def base_record(base: URL) -> URLRecord:
    """``base``'s record as the parser reads a base (https://url.spec.whatwg.org/#concept-basic-url-parser):
    its values without spans, made once per base URL, not once per input parsed against it."""
    kept = _base_records.get(id(base))
    if kept is not None and kept[0] is base:
        return kept[1]
    record = base.record.unplaced()
    if len(base.href) > _LONGEST_KEPT:
        return record
    if len(_base_records) >= _BASES:
        _base_records.clear()
    _base_records[id(base)] = (base, record)
    return record
