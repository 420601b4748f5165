"""Checking URL strings: the parser's validation errors and the writing grammar's verdict.

:func:`validate` gives two verdicts on one input, and says when they part:

- the standard's validation errors (https://url.spec.whatwg.org/#validation-error), in its
  order, with spans and fixes, as the grammar pipeline finds them (:mod:`urlgrammar.checking.diagnostics`);
- whether the input is a valid URL string (https://url.spec.whatwg.org/#url-writing), from the
  project's grammars in their strict reading (:mod:`urlgrammar.checking.writing`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from urlgrammar.checking.advisories import first_advisories, plain_advisories
from urlgrammar.checking.diagnostics import Collector
from urlgrammar.checking.plain import fast_path
from urlgrammar.checking.rfc_reading import RFCReading, rfc3986_reading
from urlgrammar.checking.runs import apply_fixes, representatives, starts
from urlgrammar.checking.schemes import CONTEXTS
from urlgrammar.checking.writing import GrammarError, Writing, first_pct_invalid, removed_error
from urlgrammar.encoding import percent
from urlgrammar.encoding.labels import get_encoding, get_output_encoding
from urlgrammar.errors import Code, Diagnostic, URLError
from urlgrammar.model.schemes import Mode, has_opaque_path, is_special_scheme
from urlgrammar.operations.pipeline import Lifted, lift, resolve_and_normalise
from urlgrammar.operations.reporter import Reporter, Reporters
from urlgrammar.url import URL, base_record, base_url_of, href_of

_new = tuple.__new__
_REVERSE_SOLIDUS, _URL_UNIT = Code.INVALID_REVERSE_SOLIDUS, Code.INVALID_URL_UNIT
#: A listener to a run that wants its result alone.
_UNHEARD = Reporter()


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
        fast = fast_path(input, base_url)  # most URLs: valid, and the parser reports nothing
        if isinstance(fast, URL):  # a suggestion needs every advisory: None where one is left out
            found, n = plain_advisories(input, fast, context), max_diagnostics
            shown, suggestion = found[:n] if advisories else (), input if found[:n] == found else None
            left = len(found) - len(shown) if advisories else 0
            return _new(Report, (input, text, True, False, (), fast, suggestion, None, None, shown, 0, left))
        lifted = fast  # where the fast path lifted the input, the full path goes on from there
    report, advised = _examine(input, text, base_url, max_diagnostics, lifted=lifted, context=context,
                               encoding=encoding, protected=names)
    return _advised(report, advised, base_url, max_diagnostics, context, names) if advisories else report


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


#: Advisories, the first of them, and how many more (:func:`first_advisories`).
Advised = tuple[tuple[Diagnostic, ...], int]


def _advised(report: Report, advised: Advised | None, base: URL | None, limit: int | None,
             context: str = "browser", protected: tuple[str, ...] = ()) -> Report:
    """``report`` with its advisories: ``advised``, where the suggestion found them already."""
    found, omitted = advised or first_advisories(report.input, base, report.url, limit, context, protected)
    return report._replace(advisories=found, advisories_omitted=omitted)


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
    error = Writing(pre.text, lifted.record, record, collector.first_pct_invalid).first_error()
    if error is not None and not pre.offsets.identity:
        error = GrammarError(error.rule, *pre.offsets.span(error.start, error.end), error.message)
    removed = removed_error(pre)
    if removed is not None and (error is None or removed.start <= error.start):
        error = removed
    diagnostics, omitted = collector.diagnostics(), collector.omitted
    valid, failure = error is None, url is None
    disagreement = None
    if valid and (failure or diagnostics or omitted):
        codes = ", ".join(dict.fromkeys(d.code for d in representatives(diagnostics)))
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
        def verdict(kept: frozenset[int]) -> GrammarError | None:
            return Writing(pre.text, lifted.record, record, collector.first_pct_invalid, kept).first_error()
        # The URL's spans are the input's, not the fixed string's where preprocessing removed some.
        fixed = (input, url) if valid else \
            _fixed(pre.text, collector.processed(), base, url, encoding,
                   verdict if pre.offsets.identity else None)
        if fixed is not None:
            advised = first_advisories(input, base, url, limit, context, protected)  # the input's own
            found = advised if valid or advised[1] else \
                first_advisories(fixed[0], base, fixed[1], limit, context, protected, (input, advised[0]))
            suggestion = _unadvised(fixed[0], found, advised, base, url.href, limit, context, encoding,
                                    protected)
    return Report(input, base_text, valid, failure, diagnostics, url, suggestion, error, disagreement,
                  (), omitted), advised


def _fixed(text: str, processed: Sequence[Diagnostic], base: URL | None, url: URL, encoding: str,
           verdict: Callable[[frozenset[int]], GrammarError | None] | None) -> tuple[str, URL] | None:
    """The preprocessed input with every fix applied, and its URL, if that is valid and
    parses to ``url``'s href.

    The preprocessing errors' fixes are what preprocessing did: remove every code point it
    removes (the standard raises each of the two errors once, not once per code point).

    Where every fix is one the parser makes itself (:func:`_kept`), the string parses to the
    same URL by construction, and ``verdict``, the writing grammar's on the input with those
    positions taken as fixed, is the fixed string's: the pipeline need not run on it (it does
    without ``verdict``)."""
    if any(d.fix is None for d in representatives(processed)):
        return None
    candidate = apply_fixes(text, processed)
    if candidate is None:
        return None
    kept = None if verdict is None else _kept(text, processed, url, encoding)
    if kept is not None and verdict is not None:
        return (candidate, url) if verdict(kept) is None else None
    check = _valid_url(candidate, base, encoding)
    return (candidate, check) if check is not None and check.href == url.href else None


def _valid_url(text: str, base: URL | None, encoding: str) -> URL | None:
    """The URL ``text`` parses to (against ``base``) where it is a valid URL string; None
    where it is not or the parser fails. Its verdict, not its diagnostics: the walk that finds
    them does not run (a string the fixes made may still have one per code point)."""
    record = None if base is None else base_record(base)
    lifted = lift(text, Mode.GENERIC if base is None else base.mode)
    try:
        url = URL._from_record(*resolve_and_normalise(lifted, record, encoding, _UNHEARD))
    except URLError:
        return None
    pre = lifted.pre
    if removed_error(pre) is not None or Writing(pre.text, lifted.record, record,
                                                 first_pct_invalid).first_error() is not None:
        return None
    return url


def _kept(text: str, processed: Sequence[Diagnostic], url: URL, encoding: str) -> frozenset[int] | None:
    """Where each fix is one the parser applies as it reads (a backslash it reads as a slash,
    a code point of a path, query or fragment that it percent-encodes in UTF-8 as the fix
    does), the positions of ``text`` they fix; None otherwise. Such fixes keep the URL and
    the lifted record's shape (a backslash and a slash are both separators, and neither a
    code point that is not a URL code point nor its encoding is a delimiter), and their
    positions are after the scheme and outside the host, so the advisories' spans of the
    scheme and the authority stay where they are."""
    sets: dict[str, percent.PercentEncodeSet] = {}
    # Each code point's fix by component, None where not encoded (a million of a few is common).
    encoded: dict[tuple[str, str | None], str | None] = {}
    for d in representatives(processed):  # each item of a run's template is at the same code point
        if d.end - d.start != 1:
            return None
        char = text[d.start]
        if d.code is _REVERSE_SOLIDUS and char == "\\" and d.fix == "/":
            continue
        if d.code is not _URL_UNIT or char == "%":
            return None
        key = (char, d.component)
        if key not in encoded:
            if not sets:
                opaque = has_opaque_path(url.record)
                sets = {"path": percent.C0_CONTROL_SET if opaque else percent.PATH_SET,
                        "fragment": percent.FRAGMENT_SET}
                if encoding == "utf-8":
                    special = is_special_scheme(url.protocol[:-1])
                    sets["query"] = percent.SPECIAL_QUERY_SET if special else percent.QUERY_SET
            wanted = sets.get(d.component or "")
            encoded[key] = _utf8_encoded(char) if wanted is not None and char in wanted else None
        if d.fix is None or d.fix != encoded[key]:
            return None
    return frozenset(starts(processed))


def _unadvised(text: str, advised: Advised, own: Advised, base: URL | None, href: str,
               limit: int | None, context: str, encoding: str = "utf-8",
               protected: tuple[str, ...] = ()) -> str | None:
    """``text``, a valid string for the URL ``href`` whose advisories are ``advised``, where
    none of them has a fix; otherwise what their fixes make of it, where that is a valid string
    for the same URL; None where either has an advisory with a fix, or one that the input
    (whose advisories are ``own``) did not have, or where advisories were left out.

    An advisory with a fix is about how the URL is written, not about the URL (a reference
    that keeps the base's scheme but changes its host, a code point the domain mapping
    removes unseen, a spelling that urllib reads otherwise), and a suggestion carries none.
    Those without one are about the URL itself, which the input has too.
    """
    found, more = advised
    if more or own[1]:
        return None
    codes = {d.code for d in own[0]}
    fixes = [d for d in found if d.fix is not None]
    if not fixes:
        return text if all(d.code in codes for d in found) else None
    respelled = apply_fixes(text, fixes)
    if respelled is None:
        return None
    check = _valid_url(respelled, base, encoding)
    if check is None or check.href != href:
        return None
    found, more = first_advisories(respelled, base, check, limit, context, protected)
    return None if more or any(d.fix is not None or d.code not in codes for d in found) else respelled


def _utf8_encoded(char: str) -> str:
    """``char`` percent-encoded as UTF-8, every byte (a surrogate as U+FFFD, as the parser does)."""
    return "".join(f"%{byte:02X}" for byte in percent.scalar_values(char).encode("utf-8"))
