"""Checking URL strings: the parser's validation errors and the writing grammar's verdict.

:func:`validate` gives two verdicts on one input, and says when they part:

- the standard's validation errors (https://url.spec.whatwg.org/#validation-error), in its
  order, with spans and fixes, as the grammar pipeline finds them (:mod:`urlgrammar.checking.diagnostics`);
- whether the input is a valid URL string (https://url.spec.whatwg.org/#url-writing), from the
  project's grammars in their strict reading (:mod:`urlgrammar.checking.writing`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from urlgrammar.checking.advisories import first_advisories, plain_advisories
from urlgrammar.checking.diagnostics import Collector
from urlgrammar.checking.ignored_slashes import ignored_slashes
from urlgrammar.checking.long_paths import long_paths
from urlgrammar.checking.plain import fast_path
from urlgrammar.checking.rfc_reading import RFCReading, rfc3986_reading
from urlgrammar.checking.runs import distinct
from urlgrammar.checking.schemes import CONTEXTS
from urlgrammar.checking.suggestion import Advised, suggested
from urlgrammar.checking.url_units import written_units
from urlgrammar.checking.writing import GrammarError, Writing, removed_error
from urlgrammar.checking.written_host import written_host
from urlgrammar.encoding.labels import get_encoding, get_output_encoding
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.model.schemes import Mode
from urlgrammar.operations.pipeline import Lifted, lift, resolve_and_normalise
from urlgrammar.operations.reporter import Reporter, Reporters
from urlgrammar.url import URL, base_record, base_url_of, href_of

_new = tuple.__new__


class Report(NamedTuple):
    """What :func:`validate` found.

    ``valid``: the input is a valid URL string (relative to ``base``), by the writing grammar;
    ``grammar_error`` names the first rule it breaks. ``failure``: the basic URL parser fails;
    ``url`` is its result otherwise (and ``href`` that URL's href). ``diagnostics``: the
    parser's validation errors, in its order. ``suggestion``: a valid string for the same URL
    with no advisory about its spelling, or None (see :func:`validate`). ``disagreement``: a
    note where the two verdicts part (valid but with validation errors, or the reverse).
    ``advisories``: risks beyond validity, which change no other field.
    ``omitted`` and ``advisories_omitted``: how many diagnostics and advisories a
    ``max_diagnostics`` limit left out (0 without one).

    A report is true exactly when the input is valid, so ``if validate(s):`` asks "is ``s`` a
    valid URL string?". It is still a named tuple, and everything a tuple does works as it did:
    its fields unpack, ``_replace`` and ``_asdict`` make copies, it pickles (``check --jobs``
    sends reports' data between processes), and ``len`` counts its fields, not its diagnostics.
    """

    input: str
    base: str | None
    valid: bool
    failure: bool
    diagnostics: Sequence[Diagnostic]
    url: URL | None
    suggestion: str | None
    grammar_error: GrammarError | None
    disagreement: str | None
    advisories: tuple[Diagnostic, ...] = ()
    omitted: int = 0
    advisories_omitted: int = 0

    def __bool__(self) -> bool:
        # A tuple of fields is true whatever they hold; a report says whether its input is valid.
        return self.valid

    @property
    def href(self) -> str | None:
        """The parser's result, serialized (printed when first read, as ``URL.href`` is)."""
        return None if self.url is None else self.url.href

    @property
    def rfc3986(self) -> RFCReading:
        """RFC 3986's reading beside this one, and where they part (made when read)."""
        return rfc3986_reading(self.input, self.base, self.url, self.diagnostics)

    def as_dict(self, rfc3986: bool = False) -> dict[str, object]:
        return {"input": self.input, "base": self.base, "valid": self.valid,
                "failure": self.failure, "diagnostics": [d.as_dict() for d in self.diagnostics],
                "href": self.href, "suggestion": self.suggestion,
                "grammar_error": None if self.grammar_error is None else self.grammar_error.as_dict(),
                "disagreement": self.disagreement, "advisories": [d.as_dict() for d in self.advisories],
                "omitted": self.omitted, "advisories_omitted": self.advisories_omitted} | (
            {"rfc3986": self.rfc3986.as_dict()} if rfc3986 else {})


def validate(input: str | URL, base: str | URL | None = None, advisories: bool = True, *,
             max_diagnostics: int | None = None, context: str = "browser",
             encoding: str = "utf-8", protected: Iterable[str] = ()) -> Report:
    """Check ``input`` (against ``base``): is it a valid URL string, what does the standard's
    parser report, and (``advisories``) what risks beyond validity does it hold? Raises
    :class:`URLError` only when ``base`` does not parse.

    ``suggestion`` is a valid URL string for the same URL that carries no advisory about how it
    is written: the input with every diagnostic's fix applied (the input itself when it is
    valid), then with the fixes of that string's advisories, if it has any with a fix (a
    reference that keeps the base's scheme but changes its host is written with its scheme;
    a code point that the domain mapping removes unseen is removed). None where no string is
    all that, and where diagnostics or advisories were left out (below), as it needs them all.
    It is the same whether ``advisories`` are asked for or not.

    ``max_diagnostics`` keeps at most that many diagnostics, the first in the standard's order
    (https://url.spec.whatwg.org/#validation-error), and as many advisories, the first by
    position; ``omitted`` and ``advisories_omitted`` count the rest. The run holds no more than
    that at any time, so a hostile megabyte costs memory for its records, not for a million
    diagnostics. ``valid``, ``failure`` and ``grammar_error`` are the same with a limit or
    without.

    ``context`` says where the URL is to be used: ``"browser"`` (followed by a person's
    browser), or ``"fetch"`` (fetched by a server for others), where the advisories also flag
    the schemes that read the server's files or talk to internal services (``file``,
    ``gopher``, ``dict``, ``ldap``, ``ftp``: unsafe-fetch-scheme). Other values are a ValueError.

    ``encoding`` (a WHATWG encoding label) is the query encoding of special URLs other than ws
    and wss, as a document's encoding is (https://url.spec.whatwg.org/#concept-basic-url-parser),
    as for :func:`~urlgrammar.api.parse`.

    ``protected`` names domains (`mybank.example`, `bücher.de`) whose look-alikes get the
    advisory lookalike-domain, as the well-known domains that ship with the package do; a
    ValueError names one that is not a valid domain of two labels or more.
    """
    input = href_of(input, "validate()")
    if max_diagnostics is not None:
        if isinstance(max_diagnostics, bool) or not isinstance(max_diagnostics, int):
            raise TypeError(f"max_diagnostics wants an int or None, not {type(max_diagnostics).__name__}")
        if max_diagnostics < 0:
            raise ValueError(f"max_diagnostics must be 0 or more, not {max_diagnostics}")
    if context not in CONTEXTS:
        raise ValueError(f"context must be one of {', '.join(map(repr, CONTEXTS))}, not {context!r}")
    names = _protected(protected) if protected else ()
    encoding = _query_encoding(input, encoding)
    base_url, text = base_url_of(base), None if base is None else str(base)
    lifted = None
    if encoding == "utf-8":
        fast = _fast(input, text, base_url, advisories, max_diagnostics, context, names)
        if isinstance(fast, Report):
            return fast
        lifted = fast  # where the fast path lifted the input, the full path goes on from there
    report, advised = _examine(input, text, base_url, max_diagnostics, lifted=lifted, context=context,
                               encoding=encoding, protected=names)
    return _advised(report, advised, base_url, max_diagnostics, context, names) if advisories else report


def _fast(input: str, text: str | None, base: URL | None, advisories: bool, limit: int | None,
          context: str, protected: tuple[str, ...]) -> Report | Lifted | None:
    """The report on ``input`` where a fast path makes it without the pipeline's run that finds
    validation errors; otherwise the input's lift where the fast path made it, or None."""
    fast = fast_path(input, base)  # most URLs: valid, and the parser reports nothing
    if isinstance(fast, URL):  # a suggestion needs every advisory: None where one is left out
        found = plain_advisories(input, fast, context)
        shown, suggestion = found[:limit] if advisories else (), input if found[:limit] == found else None
        left = len(found) - len(shown) if advisories else 0
        return _new(Report, (input, text, True, False, (), fast, suggestion, None, None, shown, 0, left))
    if base is not None:
        return _long_paths(input, text, base, advisories, limit, context, protected) if fast is None else fast
    # A host with a code point that only domain to ASCII's strict run refuses.
    lifted = fast if isinstance(fast, Lifted) else None
    host = None if "\\" in input else written_host(input, lifted, advisories)
    if host is None:
        # A path written with Windows' separators, a space or a brace in a query or fragment.
        units = None if fast is not None or protected else \
            written_units(input, context, limit) or ignored_slashes(input, context, limit)
        if units is None:
            return fast if fast is not None else \
                _long_paths(input, text, None, advisories, limit, context, protected)
        url, diagnostics, omitted, error, advised, suggestion = units
        shown = advised[:limit] if advisories else ()
        return _new(Report, (input, text, False, False, diagnostics, url, suggestion, error, None, shown,
                             omitted, len(advised) - len(shown) if advisories else 0))
    url, found, error = host
    diagnostics = found[:limit]
    report = _new(Report, (input, text, False, False, diagnostics, url, None, error, None, (),
                           len(found) - len(diagnostics), 0))
    return _advised(report, None, None, limit, context, protected) if advisories else report


def _long_paths(input: str, text: str | None, base: URL | None, advisories: bool, limit: int | None,
                context: str, protected: tuple[str, ...]) -> Report | None:
    """The report on an input with a long path that :mod:`.long_paths` answers without the
    lift; else None."""
    found = long_paths(input, base, context, limit, protected)
    if found is None:
        return None
    url, diagnostics, omitted, error, advised, more, suggestion = found
    return _new(Report, (input, text, False, False, diagnostics, url, suggestion, error, None,
                         advised if advisories else (), omitted, more if advisories else 0))


#: The last tuple of protected domains given, and its names: a caller that passes one tuple for
#: many URLs (check does) pays for its checks once, not once per URL. A tuple cannot change, and
#: the reference kept here keeps its identity from going to another.
_last_protected: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


def _protected(entries: Iterable[str]) -> tuple[str, ...]:
    global _last_protected
    last, names = _last_protected
    if entries is last:
        return names
    if isinstance(entries, str):
        raise TypeError("protected wants an iterable of domains, not one str")
    given = tuple(entries)
    if not all(isinstance(e, str) for e in given):
        raise TypeError("protected wants domains as str")
    names = _protected_names(given)
    if type(entries) is tuple:
        _last_protected = (entries, names)
    return names


@lru_cache(maxsize=8)  # one list for many URLs: each domain parsed once
def _protected_names(entries: tuple[str, ...]) -> tuple[str, ...]:
    from urlgrammar.host.top_domains import protected_names

    return protected_names(entries)


def _query_encoding(input: str, label: str) -> str:
    """The encoding ``input``'s query is encoded with: utf-8 wherever that is all the same,
    so that the fast path may take the input."""
    if label == "utf-8":
        return label
    name = get_encoding(label)
    if name is None:
        raise ValueError(f"{label!r} is not an encoding label of the Encoding Standard "
                         "(https://encoding.spec.whatwg.org/#names-and-labels)")
    # Only a code point beyond ASCII is encoded otherwise than in UTF-8.
    output = get_output_encoding(name)
    return "utf-8" if input.isascii() or output == "UTF-8" else output


def examine(input: str, base: URL | None, listener: Reporter) -> Report:
    """``validate(input, base)``'s report, from the full path's one run of the pipeline, which
    ``listener`` hears too: ``urlgrammar explain`` shows the phases of the run whose validation
    errors it lists."""
    report, advised = _examine(input, None if base is None else str(base), base, listener=listener)
    return _advised(report, advised, base, None)


def _advised(report: Report, advised: Advised | None, base: URL | None, limit: int | None,
             context: str = "browser", protected: tuple[str, ...] = ()) -> Report:
    """``report`` with its advisories: ``advised``, where the suggestion found them already."""
    found, omitted = advised or first_advisories(report.input, base, report.url, limit, context, protected)
    # The fields up to disagreement, then advisories, omitted and advisories_omitted (without
    # _replace, which costs more than the rest of this function on an invalid input).
    return _new(Report, (*report[:9], found, report.omitted, omitted))


def _examine(input: str, base_text: str | None, base: URL | None, limit: int | None = None, *,
             lifted: Lifted | None = None, listener: Reporter | None = None,
             context: str = "browser", encoding: str = "utf-8",
             protected: tuple[str, ...] = ()) -> tuple[Report, Advised | None]:
    """The report on ``input``, and its advisories where the suggestion needed them. ``lifted``
    is the input's lift where the fast path made it; ``listener`` hears the run too."""
    record = None if base is None else base_record(base)
    if lifted is None:
        lifted = lift(input, Mode.GENERIC if base is None else base.mode)
    collector = Collector(record, limit)
    url = None
    with contextlib.suppress(URLError):  # a failure is in the collector's diagnostics
        heard = collector if listener is None else Reporters(collector, listener)
        url = URL._from_record(*resolve_and_normalise(lifted, record, encoding, heard))
    pre = lifted.pre
    writing = Writing(pre.text, lifted.record, record, collector.first_pct_invalid)
    error = writing.first_error()
    if error is not None and not pre.offsets.identity:
        error = GrammarError(error.rule, *pre.offsets.span(error.start, error.end), error.message)
    removed = removed_error(pre)
    if removed is not None and (error is None or removed.start <= error.start):
        error = removed
    diagnostics, omitted = collector.diagnostics(), collector.omitted
    valid, failure = error is None, url is None
    disagreement = None
    if valid and (failure or diagnostics or omitted):
        codes = ", ".join(dict.fromkeys(d.code for d in distinct(diagnostics)))
        if omitted:
            codes = f"{codes} and {omitted:,} more" if codes else f"{omitted:,} validation errors"
        what = "fails" if failure and not codes else f"reports {codes}"
        disagreement = f"The writing grammar accepts the input, but the parser {what}."
    elif not valid and not failure and not diagnostics and not omitted:
        assert error is not None
        disagreement = (f"The parser reports no validation error, but the input breaks the "
                        f"writing grammar's {error.rule} rule.")
    suggestion, advised = None, None
    if url is not None and not omitted:
        same = writing if pre.offsets.identity else None
        suggestion, advised = suggested(input, pre.text, base, url, collector, same, valid, limit, context,
                                        encoding, protected)
    return _new(Report, (input, base_text, valid, failure, diagnostics, url, suggestion, error, disagreement,
                         (), omitted, 0)), advised
