"""validate's answer for a plain web URL whose path, query or fragment holds code points that
are not URL units, or whose path has backslashes for some of its slashes.

`https://example.com/New\\%20Pages/index.htm`, `https://example.com/a.htm#Swiss Goats`,
`https://example.com/?iid={headline=press}`, `https://example.com/100%`: a path written on
Windows, a space or a `"` in a fragment, a brace or a `|` in a query, a `%` without two hex
digits. The path, query and fragment states read each such code point into the component,
percent-encoded where the component's percent-encode set holds it, as written otherwise (a
`%` always), and raise invalid-URL-unit there (https://url.spec.whatwg.org/#path-state,
#query-state, #fragment-state); the path state reads a `\\` as it reads a `/`, and raises
invalid-reverse-solidus. The writing grammar's strict reading breaks at the first of them. So
where the fixed string (the input with every fix applied: a `/` for each backslash of the path,
each other such code point percent-encoded, `%25` for such a `%`) is a plain URL that
validate's fast path takes (:mod:`.plain`: valid, and no validation error), the input's report
is read off it, without the pipeline, the walk, the writing grammar, the suggestion's checks or
Python's readers:

- the URL is the one whose href is the input with the parser's own fixes (a `/` for a
  backslash of the path, the code points of the component's percent-encode set encoded: the
  sets of :mod:`urlgrammar.encoding.percent`), at the places of the compiled grammar's reading
  of the fixed string (:func:`urlgrammar.operations.offsets.plain_href`), less the code points
  the parser keeps as written;
- the diagnostics are invalid-reverse-solidus at each backslash of the path
  (:func:`urlgrammar.checking.separator_runs.path_backslashes`) and the walk's invalid-URL-unit for each
  component (:meth:`urlgrammar.checking.walk.Walk.units`), and no other: the rest of the
  input is the fixed string's, on which the parser reports nothing;
- the grammar error is at the first of them, a backslash separating a dir or starting the
  path (:func:`urlgrammar.checking.writing.backslash_error`) or the first code point the
  component's column does not allow (:func:`urlgrammar.checking.writing.component_error`):
  the fixed string breaks no rule;
- the advisories are the fixed string's (:func:`urlgrammar.checking.advisories.plain_advisories`):
  they read the scheme, the authority and the URL, which the two strings share, and Python's
  readers, which end the authority at the first `/`, `?` or `#` (urllib's netloc, RFC 3986's
  authority, which urllib3, httpx and yarl read), before the first code point fixed, so each
  reads the scheme, host and port it reads from the fixed string, which are the standard's
  (:mod:`.disagreement`); but where a backslash starts the path, which urllib, http.client
  and httpx read into the host, parser-disagreement is the input's own, from Python's readers
  on the input and the standard's reading off the URL's getters;
- the suggestion is the fixed string with its advisories' fixes, as
  :func:`urlgrammar.checking.suggestion.unadvised` makes it, where every fix is one the parser
  makes; where the parser keeps a code point as written (`{` in a query, `[` in a path, a `%`), the
  fixed string is another URL, and there is none (:func:`urlgrammar.checking.suggestion.fixed_string`);
  the input's advisories (a parser-disagreement among them) are what that suggestion must
  not add to, as the full path's :func:`urlgrammar.checking.suggestion.suggested` has them.

Where a backslash comes before the path (`http:\\\\h\\a`, `file:\\\\\\C:\\a`), or the URL is a
file URL, whose path may start with a drive, and backslashes are all there is to fix, the
errors and the grammar error are those of the input's head, found by the pipeline and the
writing grammar on it alone (:func:`_by_head`), then the path's backslashes after it. Other
file URLs are left to the full path, and so is a path with a dot segment, an input with a code
point beyond printable ASCII, a second `#`, or a `'` in the query (the special-query set
encodes it, without an error). ``tests/checking/test_url_units.py``,
``tests/checking/test_backslashed.py`` and ``tests/checking/test_head_backslashes.py`` compare
these reports with the full path's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import compress, count

from urlgrammar.checking.advisories import plain_advisories
from urlgrammar.checking.diagnostics import Collector
from urlgrammar.checking.separator_runs import path_backslashes
from urlgrammar.checking.suggestion import unadvised
from urlgrammar.checking.walk import PATH, Walk
from urlgrammar.checking.writing import GrammarError, Writing, backslash_error, component_error
from urlgrammar.encoding.decode import stray_percent
from urlgrammar.encoding.percent import FRAGMENT_SET, PATH_SET, SPECIAL_QUERY_SET, PercentEncodeSet
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.model.code_points import C0_CONTROLS, URL_CODE_POINTS_ASCII
from urlgrammar.model.record import URLRecord
from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.operations.offsets import pack, plain_href, unpack
from urlgrammar.operations.pipeline import lift, resolve_and_normalise
from urlgrammar.syntax.grammars import scheme_of
from urlgrammar.syntax.preprocess import pointer_array
from urlgrammar.url import URL

#: What :func:`written_units` finds: the URL, the diagnostics and how many were left out, the
#: grammar error, the advisories and the suggestion.
Found = tuple[URL, Sequence[Diagnostic], int, GrammarError, tuple[Diagnostic, ...], "str | None"]

#: The printable ASCII code points that are not URL units
#: (https://url.spec.whatwg.org/#url-units): neither URL code points nor `%`. `#` is one only
#: in the fragment, where a second one leaves the input to the full path.
_UNITS = "".join(c for c in map(chr, range(0x7F)) if c not in C0_CONTROLS + URL_CODE_POINTS_ASCII + "%#")
#: Where the first of them is.
_FIRST_UNIT = re.compile(f"[{re.escape(_UNITS)}]")
#: Those that a fix percent-encodes: all but a backslash, which in the path it makes a `/`.
_ENCODED = re.compile(f"[{re.escape(_UNITS.replace(chr(92), ''))}]")
#: A dir's or file's separators, of which one ends a segment.
_SEPARATOR = re.compile(r"[/\\]")


#: Two code points, neither a `%`: a place to cut a text whose stray `%` are fixed by parts.
_TWO_PLAIN = re.compile("[^%]{2}")


def _stray_fixed(text: str) -> str:
    """``text`` with `%25` for each stray `%` (:func:`urlgrammar.encoding.decode.stray_percent`),
    a part of about 64 kB at a time: one ``sub`` over a megabyte of `%zz` holds a string for
    each stretch between two matches at once, 20 MB. A part ends after two code points other
    than `%`, so the two that the pattern looks at after each `%` are in its part."""
    parts, i, n = [], 0, len(text)
    while i < n:
        cut = _TWO_PLAIN.search(text, min(n, i + 65536) - 2)
        j = n if cut is None else cut.end()
        parts.append(stray_percent().sub("%25", text[i:j]))
        i = j
    return "".join(parts)


def _encoded(char: str) -> str:
    """An ASCII code point percent-encoded (https://url.spec.whatwg.org/#percent-encode)."""
    return f"%{ord(char):02X}"


#: The fixes: each code point encoded (a backslash of the path made a `/`).
_FIX = str.maketrans({c: _encoded(c) for c in _UNITS})
_FIX_PATH = str.maketrans({c: _encoded(c) for c in _UNITS} | {"\\": "/"})


def _parser_table(encode_set: PercentEncodeSet, path: bool = False) -> dict[int, str]:
    """What the parser writes for each of those code points in a component whose
    percent-encode set is ``encode_set``: its encoding where the set holds it (the path's
    backslash a `/`); the rest it keeps as written."""
    table = str.maketrans({c: _encoded(c) for c in _UNITS if c in encode_set})
    return table | str.maketrans({"\\": "/"}) if path else table


_PARSED_PATH = _parser_table(PATH_SET, True)
_PARSED_QUERY = _parser_table(SPECIAL_QUERY_SET)
_PARSED_FRAGMENT = _parser_table(FRAGMENT_SET)


def _kept(encode_set: PercentEncodeSet, separator: str = "\\") -> re.Pattern[str]:
    """Those of the code points that the parser keeps as written in a component whose
    percent-encode set is ``encode_set``, where a fix encodes them; but ``separator``, a
    special URL's backslash, which the parser and the fix make a `/` in its path."""
    return re.compile(f"[{re.escape(''.join(c for c in _UNITS if c not in encode_set and c != separator))}]")


KEPT_PATH, KEPT_QUERY, KEPT_FRAGMENT = _kept(PATH_SET), _kept(SPECIAL_QUERY_SET), _kept(FRAGMENT_SET)
KEPT_NON_SPECIAL_PATH = _kept(PATH_SET, "")


def written_units(input: str, context: str, limit: int | None = None) -> Found | None:
    """The report's fields for ``input`` (without a base or protected domains, in UTF-8; the
    first ``limit`` diagnostics, and no suggestion where some are left out, as validate's
    ``max_diagnostics`` says) where it is a plain special URL, not a file URL, but for code
    points of its path, query and fragment that are not URL units (a `%` without two hex
    digits among them) and backslashes in its path, or a plain special or file URL but for
    backslashes before its query (:func:`_by_head`); None for any other input."""
    first = _FIRST_UNIT.search(input)
    stray = stray_percent().search(input) if "%" in input else None
    # A subclass's href would be of it; preprocessing strips a trailing space.
    if type(input) is not str or first is stray is None or input[-1] == " " or input.count("#") > 1:
        return None
    hash_ = input.find("#")
    end = len(input) if hash_ < 0 else hash_
    query = input.find("?", 0, end)
    path_end = end if query < 0 else query
    at = min(m.start() for m in (first, stray) if m is not None)
    only = stray is None and _ENCODED.search(input, at) is None  # backslashes, no other fix
    if not only and mode_for_scheme(scheme_of(input), Mode.GENERIC) is Mode.FILE:
        return None  # a file URL's are left to the full path but backslashes (see below)
    if only and input.find("\\", path_end) < 0:
        fixed = input.replace("\\", "/")  # backslashes in the path alone: no table per code point
    else:
        path = input[at:path_end].translate(_FIX_PATH)
        fixed = f"{input[:at]}{path}{input[max(at, path_end):].translate(_FIX)}"
    if stray is not None:
        # The other fixes neither add a `%` without two hex digits nor take one away: they write
        # no hex digit, and each `%` they write has two.
        fixed = _stray_fixed(fixed)
    # Any code point the fixes leave (a control, one beyond ASCII) is not plain.
    plain = plain_href(fixed)
    if plain is None:
        return None
    colon, _, path_start, _, _ = unpack(plain[1])
    mode = mode_for_scheme(fixed[:colon])
    if mode is Mode.FILE or at < path_start:
        only = only and len(fixed) == len(input)  # no backslash after the path either
        return _by_head(input, fixed, plain, max(path_start, at), context, limit) \
            if only and mode is not Mode.GENERIC else None
    rooted = path_start == at and input[at] == "\\"  # a backslash starts the path
    if not (path_start < at or rooted) or mode is not Mode.SPECIAL:
        return None
    error = backslash_error("path_root", at) if rooted else _grammar_error(input, at, path_end, end)
    if error is None:
        return None
    encoded = len(fixed) != len(input)  # a fix other than a `/` for a backslash
    href, offsets = _parsed(input, path_start, path_end, end, plain[1]) if encoded else plain
    url = URL._plain(input, href, offsets)
    advised = plain_advisories(fixed, url, context)
    own = with_own_disagreement(input, url, advised) if rooted else advised
    diagnostics, omitted = _diagnostics(input, path_start, path_end, end, encoded, limit)
    # Where the parser keeps a code point as written, the fixed string is another URL.
    kept = len(href) - (path_start == path_end) != len(fixed)
    suggestion = None if kept or left_out(omitted, own, limit) else \
        unadvised(fixed, (advised, 0), (own, 0), None, href, None, context)
    return url, diagnostics, omitted, error, own, suggestion


def left_out(omitted: int, advisories: tuple[Diagnostic, ...], limit: int | None) -> bool:
    """Whether diagnostics or advisories are left out: a suggestion needs them all."""
    return bool(omitted) or (limit is not None and len(advisories) > limit)


def _by_head(input: str, fixed: str, plain: tuple[str, int], start: int, context: str,
             limit: int | None) -> Found | None:
    """The report's fields for ``input``, a special or file URL whose one fix is a `/` for each
    backslash before its query, where the first backslash is before its path or it is a file URL
    (`file:\\\\\\C:\\Users`). The fixed string ``fixed`` is plain, so the input's errors are
    those of its backslashes: those of its head, up to the separator after ``start`` (the
    first backslash, or the path's start where that is later; a drive after it is read with
    its separator), through whose states the parser goes as it does at the start of ``input``
    (the states after the scheme and before the path read a backslash as a slash,
    https://url.spec.whatwg.org/#file-state, #special-authority-ignore-slashes-state), its
    first grammar error among them; then invalid-reverse-solidus at each backslash of the
    path after the head. The URL, the advisories and the suggestion are read as
    :func:`written_units` reads them."""
    _, _, _, path_end, _ = unpack(plain[1])
    after = _SEPARATOR.search(input, start + 1, path_end)
    head = path_end if after is None else after.end()
    found = head_errors(input[:head], limit)
    if found is None:
        return None
    collector, error = found
    path = input[head:path_end]
    if "\\" in path:  # after the head's, in the order of the path state's pointer
        backslashes = pointer_array(compress(count(head), map("\\".__eq__, path)), path_end)
        collector.add_run(PATH, path_backslashes(backslashes))
    return off_the_fixed_string(input, fixed, plain, collector, error, context, limit)


def head_errors(head: str, limit: int | None) -> tuple[Collector, GrammarError] | None:
    """The run of the pipeline and the writing grammar on ``head``, the start of an input whose
    rest only adds runs of errors: the collector of its errors (which the rest's runs join),
    and its first grammar error; None where the pipeline fails on it or it breaks no rule."""
    lifted = lift(head, Mode.GENERIC)
    collector = Collector(None, limit)
    try:
        resolve_and_normalise(lifted, None, "utf-8", collector)
    except URLError:
        return None
    error = Writing(lifted.pre.text, lifted.record, None, collector.first_pct_invalid).first_error()
    return None if error is None else (collector, error)


def off_the_fixed_string(input: str, fixed: str, plain: tuple[str, int], collector: Collector,
                         error: GrammarError, context: str, limit: int | None) -> Found:
    """The report's fields for ``input``, whose errors ``collector`` holds and whose fixed
    string ``fixed`` is plain (its href and offsets ``plain``, the input's URL): the
    advisories are the fixed string's with the input's own parser-disagreement, and the
    suggestion is the fixed string, as :func:`urlgrammar.checking.suggestion.unadvised`
    takes it, where nothing was left out."""
    diagnostics, omitted = collector.diagnostics(), collector.omitted
    url = URL._plain(input, *plain)
    advised = plain_advisories(fixed, url, context)
    own = with_own_disagreement(input, url, advised)
    suggestion = None if left_out(omitted, own, limit) else \
        unadvised(fixed, (advised, 0), (own, 0), None, plain[0], None, context)
    return url, diagnostics, omitted, error, own, suggestion


def with_own_disagreement(input: str, url: URL, advised: tuple[Diagnostic, ...]) -> tuple[Diagnostic, ...]:
    """The advisories of ``input``, whose backslashes start its path or come before it, where
    its fixed string's are ``advised``: those, which read the scheme, the authority and the URL,
    and the input's own parser-disagreement, as urllib, http.client and httpx read such
    backslashes into the host or the path (https://url.spec.whatwg.org/#security-considerations),
    in the order of :func:`urlgrammar.checking.advisories.first_advisories` (by start, then as
    made: the disagreement last)."""
    from urlgrammar.checking.disagreement import parser_disagreement, plain_reading

    found = parser_disagreement(input, None, url, plain_reading(url))
    return advised if found is None else tuple(sorted((*advised, found), key=_start))


def _start(d: Diagnostic) -> int:
    return d.start


def _parsed(input: str, path_start: int, path_end: int, end: int, offsets: int) -> tuple[str, int]:
    """The href and offsets of ``input``: the parser's fixes alone, at the places the fixed
    string's ``offsets`` give up to its path."""
    colon, host_end, _, _, _ = unpack(offsets)
    path = input[path_start:path_end].translate(_PARSED_PATH) or "/"  # an empty path serializes as `/`
    query = input[path_end:end].translate(_PARSED_QUERY)
    query_start = path_start + len(path)
    href = f"{input[:path_start]}{path}{query}{input[end:].translate(_PARSED_FRAGMENT)}"
    return href, pack(colon, host_end, path_start, query_start, query_start + len(query))


def _diagnostics(input: str, path_start: int, path_end: int, end: int, encoded: bool,
                 limit: int | None) -> tuple[Sequence[Diagnostic], int]:
    """The walk's diagnostics: the path's backslashes, then (where the fixes ``encoded`` any)
    each component's code points that are not URL units, as :class:`urlgrammar.checking.walk.Walk`
    adds them; the first ``limit`` of them, and how many are left out."""
    collector = Collector(None, limit)
    rest_errors(collector, input, path_start, path_end, end, encoded)
    return collector.diagnostics(), collector.omitted


def rest_errors(collector: Collector, input: str, path_start: int, path_end: int, end: int,
                encoded: bool = True, special: bool = True) -> None:
    """The errors of a URL's path (not an opaque one) from ``path_start`` (at the start of a
    segment) to ``path_end``, its query up to ``end`` and its fragment, where those are all the
    path state raises there (no drive letter, no dot segment), added to ``collector``: the
    backslashes where the URL is ``special``, then, where ``encoded`` (where a fix encodes a
    code point), each component's code points that are not URL units, as
    :class:`urlgrammar.checking.walk.Walk` adds them."""
    path = input[path_start:path_end]
    if special and "\\" in path:
        backslashes = pointer_array(compress(count(path_start), map("\\".__eq__, path)), path_end)
        collector.add_run(PATH, path_backslashes(backslashes))
    if not encoded:
        return
    walk = Walk(collector.add, collector.pct_invalid, None, input, URLRecord(), None, collector.add_run)
    walk.units(path.replace("\\", "/") if special else path, path_start, "path")
    if path_end < end:
        walk.units(input[path_end + 1:end], path_end + 1, "query")
    if end < len(input):
        walk.units(input[end + 1:], end + 1, "fragment")


def _grammar_error(input: str, at: int, path_end: int, end: int) -> GrammarError | None:
    """The writing grammar's first error: at ``at``, the first code point the fixes change,
    as every component before it is the fixed string's."""
    if at < path_end:
        if input[at] == "\\":
            return backslash_error("dir", at)
        start = max(input.rfind("/", 0, at), input.rfind("\\", 0, at)) + 1
        after = _SEPARATOR.search(input, at, path_end)
        return component_error(input[start:path_end if after is None else after.start()], start, "dir",
                               "file" if after is None else "dir")
    if at < end:
        return component_error(input[path_end + 1:end], path_end + 1, "query", "query")
    return component_error(input[end + 1:], end + 1, "fragment", "fragment")

