"""Parse, resolve and normalise: the WHATWG basic URL parser as operations on the record.

URL Specification 0.10.1, § Concluding ("parse-resolve-and-normalise"):

1. preprocess the input (:mod:`urlgrammar.syntax.preprocess`);
2. choose the parser mode from the input's scheme, or else the base's
   (:mod:`urlgrammar.syntax.grammars`);
3. parse with that mode's grammar and lift to a record (:mod:`urlgrammar.syntax.lift`);
4. WHATWG-resolve the record against the base, forcing web and file URLs
   (:mod:`urlgrammar.operations.resolve`);
5. process the host and port (:mod:`urlgrammar.host.authority`), normalise, and percent-encode
   (:mod:`urlgrammar.operations.normalise`).

:func:`lift` does steps 1 to 3 and :func:`resolve_and_normalise` the rest, so that a caller that
lifted an input already (validate's fast path, which looks at the lifted record first) goes
on from its lift; :func:`run` and :func:`parse_url` do both.

Spans stay offsets in the preprocessed text until the end, where they are mapped to the
original input, errors included. A :class:`~urlgrammar.operations.reporter.Reporter` hears what
each phase gave only when one is passed (:mod:`urlgrammar.checking.diagnostics` collects the
validation errors, :mod:`urlgrammar.teaching.explain` explains): ``parse`` pays for none of it.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import NamedTuple

from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.authority import process_authority
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.operations.normalise import normalise_path, normalise_userinfo, percent_encode
from urlgrammar.operations.reporter import Reporter
from urlgrammar.operations.resolve import whatwg_resolve
from urlgrammar.syntax.grammars import mode_for
from urlgrammar.syntax.lift import parse_record
from urlgrammar.syntax.preprocess import OffsetMap, Preprocessed, preprocess

# Enum members as module constants: on Python 3.11 an access through the class runs
# EnumType.__getattr__'s hook, which costs more than the comparisons it serves here.
_AUTHORITY = Kind.AUTHORITY
#: A component's kind and value (a Component is a tuple): read by ``map``, with no Python step
#: per component of a path of many.
_KIND_OF, _VALUE_OF = itemgetter(0), itemgetter(1)
_GENERIC = Mode.GENERIC
_new = tuple.__new__


class Lifted(NamedTuple):
    """What the first three phases gave: the preprocessed input, the mode chosen and the record
    its grammar lifted (spans in the preprocessed text)."""

    pre: Preprocessed
    mode: Mode
    record: URLRecord


def parse_url(input: str, base: URLRecord | None = None, base_mode: Mode = Mode.GENERIC,
              encoding: str = "utf-8") -> tuple[URLRecord, Mode]:
    """The basic URL parser's result as a record (spans in ``input``), and its mode.

    Raises URLError on failure, naming the standard's error.
    """
    return resolve_and_normalise(lift(input, base_mode if base is not None else _GENERIC), base, encoding)


def run(input: str, base: URLRecord | None, base_mode: Mode, encoding: str,
        reporter: Reporter | None = None) -> tuple[URLRecord, Mode]:
    """:func:`parse_url`, telling ``reporter`` what each phase gave where one is given."""
    return resolve_and_normalise(lift(input, base_mode if base is not None else _GENERIC), base, encoding,
                                 reporter)


def lift(input: str, fallback: Mode) -> Lifted:
    """Steps 1 to 3: preprocess ``input`` (https://url.spec.whatwg.org/#concept-basic-url-parser
    steps 1 to 3), choose the mode from its scheme (``fallback``, the base's mode, where it has
    none), and parse and lift it with that mode's grammar. The grammars are total, so this
    never fails on an input: the parser's failures come from the phases after it."""
    pre = preprocess(input)
    mode = mode_for(pre.text, fallback)
    try:
        record = parse_record(pre.text, mode)
    except URLError as e:  # pragma: no cover - a grammar that is not total
        raise in_input(e, pre.offsets) from None
    return _new(Lifted, (pre, mode, record))


def resolve_and_normalise(lifted: Lifted, base: URLRecord | None, encoding: str,
                          reporter: Reporter | None = None) -> tuple[URLRecord, Mode]:
    """Steps 4 and 5 on what :func:`lift` gave (against ``base``, whose mode was the fallback
    there): resolve, process the host and port, normalise and percent-encode; spans are mapped
    to the input at the end. ``reporter`` hears every phase, those of :func:`lift` first, so a
    caller that lifted the input already (validate's fast path) goes on from there."""
    pre, mode, read = lifted
    offsets = pre.offsets
    if reporter is not None:
        reporter.preprocessed(pre)
        reporter.parsed(mode, read)
    try:
        record, mode = _resolve_and_process(read, base, mode, reporter)
        # Without a base, every value of the record was read from the text (or is "" or ".").
        record = _normalise(record, mode, encoding, pre.text if base is None else _values_text(record))
        if reporter is not None:
            reporter.normalised(record)
    except URLError as e:
        if reporter is not None:
            reporter.resolved(read, None)
            reporter.failed(e)
        # No local may hold the error: the traceback holds this frame, and a reference from
        # the frame back to the error is a cycle that keeps the run's records until the garbage
        # collector's oldest generation runs (a megabyte line's, hundreds of MB of them).
        if offsets.identity:
            raise
        raise in_input(e, offsets) from None
    if not offsets.identity:
        record = record.map_spans(offsets.span)
    return record, mode


def parses(input: str, base: URLRecord | None = None, base_mode: Mode = Mode.GENERIC) -> bool:
    """Whether :func:`parse_url` succeeds (https://url.spec.whatwg.org/#dom-url-canparse),
    found by the phases that can fail: the parser's failures come from resolving (a relative
    reference without a base it can use) and from processing the host and the port.
    Normalising and percent-encoding never fail, and a URL's spans and href are not needed to
    know, so none of them is run."""
    _, mode, read = lift(input, base_mode if base is not None else _GENERIC)
    try:
        _resolve_and_process(read, base, mode, None)
    except URLError:
        return False
    return True


def _resolve_and_process(read: URLRecord, base: URLRecord | None, mode: Mode,
                         reporter: Reporter | None) -> tuple[URLRecord, Mode]:
    """Resolve the lifted record, lowercase its scheme and process its host and port: every
    phase at which the basic URL parser can fail. Raises URLError, spans in the preprocessed
    text."""
    record = whatwg_resolve(read, base, mode)
    if reporter is not None:
        reporter.resolved(read, record)
    scheme = record[0]  # every resolved URL has a scheme
    if not scheme.value.islower():
        record = URLRecord((scheme.with_value(scheme.value.lower()), *record[1:]))
    mode = mode_for_scheme(record[0].value, mode)
    record = process_authority(record, mode, reporter.host if reporter is not None and
                               reporter.wants_hosts else None)
    return record, mode


def in_input(error: URLError, offsets: OffsetMap) -> URLError:
    """``error``, raised with spans in the preprocessed text, as the pipeline raises it: its
    diagnostics' spans in the input (``error`` itself where preprocessing changed nothing)."""
    if offsets.identity:
        return error
    return URLError(str(_mapped(error.diagnostics[-1], offsets)) if error.diagnostics else str(error),
                    [_mapped(d, offsets) for d in error.diagnostics], error.code)


def _mapped(d: Diagnostic, offsets: OffsetMap) -> Diagnostic:
    return d.with_span(*offsets.span(d.start, d.end))


def _normalise(record: URLRecord, mode: Mode, encoding: str, source: str | None) -> URLRecord:
    """Drop empty userinfo, resolve dot segments, percent-encode."""
    if len(record) > 1 and record[1].kind == _AUTHORITY and record[1].value.username is not None:
        c = record[1]
        record = URLRecord((record[0], c.with_value(normalise_userinfo(c.value)), *record[2:]))
    return percent_encode(normalise_path(record), mode, encoding, source)


def _values_text(record: URLRecord) -> str:
    """The values of ``record``, resolved against a base, one after another (its host's where
    that is text): a text that every value was read from, for :func:`percent_encode` to look
    at once rather than value by value (a relative path of many segments). Each value is the
    input's, read up to the delimiter that ends it as in the text, or the base's, which is
    percent-encoded already (https://url.spec.whatwg.org/#concept-basic-url-parser: a base is
    a URL record, and encoding it again changes nothing)."""
    text = "".join(compress(map(_VALUE_OF, record), map(_AUTHORITY.__ne__, map(_KIND_OF, record))))
    if len(record) > 1 and record[1].kind == _AUTHORITY and isinstance(record[1].value.host.value, str):
        text += record[1].value.host.value
    return text
