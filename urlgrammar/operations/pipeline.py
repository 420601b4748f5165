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

Spans stay offsets in the preprocessed text until the end, where they are mapped to the
original input, errors included. A :class:`~urlgrammar.operations.reporter.Reporter` hears what
each phase gave only when one is passed (:mod:`urlgrammar.checking.diagnostics` collects the
validation errors, :mod:`urlgrammar.teaching.explain` explains): ``parse`` pays for none of it.
"""

from __future__ import annotations

from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.authority import process_authority
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.operations.normalise import normalise_path, normalise_userinfo, percent_encode
from urlgrammar.operations.reporter import Reporter
from urlgrammar.operations.resolve import whatwg_resolve
from urlgrammar.syntax.grammars import mode_for
from urlgrammar.syntax.lift import parse_record
from urlgrammar.syntax.preprocess import OffsetMap, preprocess

# Enum members as module constants: on Python 3.11 an access through the class runs
# EnumType.__getattr__'s hook, which costs more than the comparisons it serves here.
_AUTHORITY = Kind.AUTHORITY
_GENERIC = Mode.GENERIC


def parse_url(input: str, base: URLRecord | None = None, base_mode: Mode = Mode.GENERIC,
              encoding: str = "utf-8") -> tuple[URLRecord, Mode]:
    """The basic URL parser's result as a record (spans in ``input``), and its mode.

    Raises URLError on failure, naming the standard's error.
    """
    return run(input, base, base_mode, encoding)


def run(input: str, base: URLRecord | None, base_mode: Mode, encoding: str,
        reporter: Reporter | None = None) -> tuple[URLRecord, Mode]:
    """:func:`parse_url`, telling ``reporter`` what each phase gave where one is given."""
    pre = preprocess(input)
    mode = mode_for(pre.text, base_mode if base is not None else _GENERIC)
    offsets = pre.offsets
    if reporter is not None:
        reporter.preprocessed(pre)
    lifted = None
    try:
        lifted = parse_record(pre.text, mode)
        if reporter is not None:
            reporter.parsed(mode, lifted)
        record = whatwg_resolve(lifted, base, mode)
        if reporter is not None:
            reporter.resolved(lifted, record)
        scheme = record[0]  # every resolved URL has a scheme
        if not scheme.value.islower():
            record = URLRecord((scheme.with_value(scheme.value.lower()), *record[1:]))
        mode = mode_for_scheme(record[0].value, mode)
        record = process_authority(record, mode, reporter.host if reporter is not None and
                                   reporter.wants_hosts else None)
        # Without a base, every value of the record was read from the text (or is "" or ".").
        record = _normalise(record, mode, encoding, pre.text if base is None else None)
        if reporter is not None:
            reporter.normalised(record)
    except URLError as e:
        if reporter is not None:
            if lifted is not None:
                reporter.resolved(lifted, None)
            reporter.failed(e)
        if offsets.identity:
            raise
        raise URLError(str(_mapped(e.diagnostics[-1], offsets)) if e.diagnostics else str(e),
                       [_mapped(d, offsets) for d in e.diagnostics], e.code) from None
    if not offsets.identity:
        record = record.map_spans(offsets.span)
    return record, mode


def _mapped(d: Diagnostic, offsets: OffsetMap) -> Diagnostic:
    return d.with_span(*offsets.span(d.start, d.end))


def _normalise(record: URLRecord, mode: Mode, encoding: str, source: str | None) -> URLRecord:
    """Drop empty userinfo, resolve dot segments, percent-encode."""
    if len(record) > 1 and record[1].kind == _AUTHORITY and record[1].value.username is not None:
        c = record[1]
        record = URLRecord((record[0], c.with_value(normalise_userinfo(c.value)), *record[2:]))
    return percent_encode(normalise_path(record), mode, encoding, source)
