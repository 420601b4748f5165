"""validate's answer for a URL, or a reference against one, whose long path holds code points
that are not URL units, or backslashes, after its first segments.

`file:///C|/Program Files/a|b/` written by hand, `C|/dir/name|x` against a file URL,
`docs/a|b/c d` against a web page: the full path of validate lifts the input into a record
with a component per segment, which on a path of a hundred thousand segments costs most of
validate. Past the first segment of a path that is not opaque, though, the path state raises
only invalid-URL-unit (a code point that is not a URL code point, a `%` without two hex digits)
and, in a special URL, invalid-reverse-solidus (https://url.spec.whatwg.org/#path-state): a
Windows drive letter is read only where a file URL's path is empty, and only a dot segment,
which this answer leaves to the full path, shortens the path. The query and fragment states
raise invalid-URL-unit alone (#query-state, #fragment-state). So the input is cut after its
**head**, up to its fourth separator: the states before the path read at most two after the
scheme, the host ends at the third, and the path's first segment at the fourth
(https://url.spec.whatwg.org/#file-state, #relative-state, #special-authority-slashes-state;
a special URL's further slashes before its host leave a head without one, on which the
pipeline fails), or after the segment of the first code point fixed after that, where the head
breaks no rule of the writing grammar; and

- the errors are the head's, from the pipeline's run on it alone (the states read the head
  as they read it at the start of the input: what they look ahead at, a drive letter's third
  code point, is in it), and then the path's backslashes and the walk's invalid-URL-unit for
  each component after it (:func:`urlgrammar.checking.url_units.rest_errors`);
- the grammar error is the head's first (the writing grammar's on its record), which comes
  before any in the rest;
- the URL is the URL API's (:mod:`urlgrammar.operations.path_offsets` keeps most such URLs as
  their href and offsets, with no component per segment);
- the advisories are :func:`urlgrammar.checking.advisories.first_advisories`, given the head's
  record, whose scheme and authority are the URL's, so that they do not make the URL's record;
- there is no suggestion where a fix after the head percent-encodes a code point that the
  parser keeps as written (`|`, `[` or a `%` in the path): the fixed string is then another
  URL (as :func:`urlgrammar.checking.suggestion.fixed_string` finds). Where each fix after the
  head is one the parser makes (a space, a `{` encoded, a backslash made a `/`), the fixed
  string is the input's URL, and the suggestion is found as the full path finds it
  (:func:`urlgrammar.checking.suggestion.suggested`), with the head's writing grammar for the
  verdict on it: the rest breaks no rule once fixed.

An input with a scheme and a base, an opaque path (or a base with one), a code point beyond
printable ASCII, or a second `#` is left to the full path. ``tests/checking/test_long_paths.py``
compares these reports with the full path's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

from urlgrammar.api import parse
from urlgrammar.checking.advisories import first_advisories
from urlgrammar.checking.diagnostics import Collector
from urlgrammar.checking.suggestion import suggested
from urlgrammar.checking.url_units import (
    KEPT_FRAGMENT,
    KEPT_NON_SPECIAL_PATH,
    KEPT_PATH,
    KEPT_QUERY,
    rest_errors,
)
from urlgrammar.checking.writing import GrammarError, Writing
from urlgrammar.encoding.decode import stray_percent
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.model.code_points import URL_CODE_POINTS_ASCII
from urlgrammar.model.record import URLRecord
from urlgrammar.model.schemes import Mode, has_opaque_path, mode_for_scheme
from urlgrammar.operations.path_text import has_dot_segment
from urlgrammar.operations.pipeline import lift, resolve_and_normalise
from urlgrammar.syntax.grammars import scheme_of
from urlgrammar.url import URL, base_record

#: What :func:`long_paths` finds: the URL, the diagnostics and how many were left out, the
#: grammar error, the advisories and how many were left out, and the suggestion.
Answer = tuple[URL, Sequence[Diagnostic], int, GrammarError, tuple[Diagnostic, ...], int, "str | None"]

#: Printable ASCII: nothing for preprocessing to remove inside (a space at either end is
#: looked at apart), nothing that a component's encoding makes more than one byte of.
_PRINTABLE = re.compile("[ -~]+")
#: A special URL's separators, and a non-special URL's.
_SEPARATORS = {True: re.compile(r"[/\\]"), False: re.compile("/")}
#: The code points after the head that raise an error there: a backslash, or a code point
#: that is not a URL code point (a `#` is one only in the fragment, of which there is one).
_FIXED = re.compile(f"[^{re.escape(URL_CODE_POINTS_ASCII)}#%]")
#: How many separators the head has at least (see above).
_HEAD_SEPARATORS = 4


def long_paths(input: str, base: URL | None, context: str, limit: int | None,
               protected: tuple[str, ...]) -> Answer | None:
    """The report's fields for ``input`` (against ``base``, in UTF-8; the first ``limit``
    diagnostics and advisories) where this module answers for it (see above); None otherwise."""
    if type(input) is not str or not _PRINTABLE.fullmatch(input) or input[0] == " " or input[-1] == " " \
            or input.count("#") > 1:
        return None
    mode = _mode(input, base)
    if mode is None:
        return None
    special = mode is not Mode.GENERIC
    hash_ = input.find("#")
    end = len(input) if hash_ < 0 else hash_
    query = input.find("?", 0, end)
    path_end = end if query < 0 else query
    separator = _SEPARATORS[special]
    separators = list(islice(separator.finditer(input, 0, path_end), _HEAD_SEPARATORS))
    if len(separators) < _HEAD_SEPARATORS or \
            has_dot_segment("/" + (input[:path_end].replace("\\", "/") if special else input[:path_end])):
        return None
    head = separators[-1].end()
    kept = _kept_after(input, head, path_end, end, special)
    found = _head_run(input[:head], base, limit)
    if found is not None and found[2] is None:
        # The head breaks no rule: the first code point fixed after it does, in its segment.
        first = _first_fixed(input, head, path_end)
        after = None if first is None else separator.search(input, first, path_end)
        head = path_end if after is None else after.end()
        found = None if first is None or input[head - 1] == " " else _head_run(input[:head], base, limit)
    if found is None:
        return None
    collector, writing, error, front = found
    if error is None:
        return None
    try:
        url = parse(input, base)
    except URLError:
        return None
    rest_errors(collector, input, head, path_end, end, special=special)
    diagnostics = collector.diagnostics()
    if not diagnostics and not collector.omitted:
        return None  # the parser reports nothing: the full path says how the two disagree
    suggestion, advised = None, None
    if not kept and not collector.omitted:
        suggestion, advised = suggested(input, input, base, url, collector, writing, False, limit, context,
                                        "utf-8", protected, front)
    shown, more = advised or first_advisories(input, base, url, limit, context, protected, front=front)
    return url, diagnostics, collector.omitted, error, shown, more, suggestion


def _mode(input: str, base: URL | None) -> Mode | None:
    """The mode ``input``'s path is read in, where it is not opaque: its scheme's, without a
    base; a base's that has no opaque path, for a reference without a scheme; else None."""
    scheme = scheme_of(input)
    if scheme is not None:
        if base is not None:
            return None
        mode = mode_for_scheme(scheme.lower())
        # A non-special URL's path is opaque where no `/` follows the scheme (#scheme-state).
        return mode if mode is not Mode.GENERIC or input.startswith("/", len(scheme) + 1) else None
    if base is None or (base.mode is Mode.GENERIC and has_opaque_path(base.record)):
        return None
    return base.mode


def _head_run(head: str, base: URL | None, limit: int | None
              ) -> tuple[Collector, Writing, GrammarError | None, URLRecord] | None:
    """The run of the pipeline and the writing grammar on ``head`` (against ``base``), as
    validate's full path runs them on an input: the collector of its errors, the writing
    grammar's reading of it and its first error, and its URL's record; None where it fails,
    or where its error is about the whole head (which the input's would be about the whole
    input)."""
    record = None if base is None else base_record(base)
    lifted = lift(head, Mode.GENERIC if base is None else base.mode)
    collector = Collector(record, limit)
    try:
        result, _ = resolve_and_normalise(lifted, record, "utf-8", collector)
    except URLError:
        return None
    writing = Writing(lifted.pre.text, lifted.record, record, collector.first_pct_invalid)
    error = writing.first_error()
    if error is not None and error.start == 0 and error.end == len(head):
        return None
    return collector, writing, error, result


def _first_fixed(input: str, start: int, path_end: int) -> int | None:
    """Where the first code point of the path after ``start`` is that a fix changes."""
    found = [m.start() for m in (_FIXED.search(input, start, path_end),
                                 stray_percent().search(input, start, path_end)) if m is not None]
    return min(found, default=None)


def _kept_after(input: str, head: int, path_end: int, end: int, special: bool) -> bool:
    """Whether a fix after ``head`` percent-encodes a code point that the parser keeps as
    written (:func:`urlgrammar.checking.suggestion.fixed_string`): then the fixed string is
    another URL, and there is no suggestion."""
    return (KEPT_PATH if special else KEPT_NON_SPECIAL_PATH).search(input, head, path_end) is not None \
        or KEPT_QUERY.search(input, path_end, end) is not None \
        or KEPT_FRAGMENT.search(input, end) is not None \
        or ("%" in input and stray_percent().search(input, head) is not None)
