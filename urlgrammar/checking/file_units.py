"""validate's answer for a long file URL, or a long reference against a file URL, whose path
after its first segments holds code points that are not URL units, or backslashes.

`file:///C|/Program Files/a|b/` written by hand, `C|/dir/name|x` against a file URL: the full
path of validate lifts the input into a record with a component per segment, which on a path
of a hundred thousand segments costs most of validate. Past the first segment of a file URL's
path, though, the path state raises only invalid-URL-unit (a code point that is not a URL code
point, a `%` without two hex digits) and invalid-reverse-solidus (https://url.spec.whatwg.org/#path-state):
a Windows drive letter is read only where the path is empty, and only a dot segment, which
this answer leaves to the full path, shortens the path. The query and fragment states raise
invalid-URL-unit alone (#query-state, #fragment-state). So the input is cut after its
**head**, up to its fourth separator (the file states read at most two after the scheme, the
host ends at the third, the path starts there and its first segment ends at the fourth;
https://url.spec.whatwg.org/#file-state, #file-slash-state, #file-host-state), or after the
segment of the first code point fixed after that, where the head breaks no rule of the
writing grammar; and

- the errors are the head's, from the pipeline's run on it alone (the states read the head
  as they read it at the start of the input: what they look ahead at, a drive letter's third
  code point, is in it), and then the path's backslashes and the walk's invalid-URL-unit for
  each component after it (:func:`urlgrammar.checking.url_units.rest_errors`);
- the grammar error is the head's first (the writing grammar's on its record), which comes
  before any in the rest;
- the URL is the URL API's (:mod:`urlgrammar.operations.path_offsets` keeps such a URL as its
  href and offsets, with no component per segment);
- the advisories are :func:`urlgrammar.checking.advisories.first_advisories`, given the head's
  scheme and authority, which are the URL's, so that they do not make the URL's record;
- there is no suggestion where a fix after the head percent-encodes a code point that the
  parser keeps as written (`|`, `[` or a `%` in the path): the fixed string is then another
  URL (as :func:`urlgrammar.checking.suggestion.fixed_string` finds). Where each fix is one
  the parser makes, the full path answers.

Anything else, and an input beyond printable ASCII, is left to the full path.
``tests/checking/test_file_units.py`` compares these reports with the full path's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

from urlgrammar.api import parse
from urlgrammar.checking.advisories import first_advisories
from urlgrammar.checking.diagnostics import Collector
from urlgrammar.checking.url_units import KEPT_FRAGMENT, KEPT_PATH, KEPT_QUERY, rest_errors
from urlgrammar.checking.writing import GrammarError, Writing
from urlgrammar.encoding.decode import stray_percent
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.model.code_points import URL_CODE_POINTS_ASCII
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.operations.path_text import has_dot_segment
from urlgrammar.operations.pipeline import lift, resolve_and_normalise
from urlgrammar.syntax.grammars import scheme_of
from urlgrammar.url import URL, base_record

#: What :func:`file_units` finds: the URL, the diagnostics and how many were left out, the
#: grammar error, the advisories and how many were left out, and the suggestion (None).
Answer = tuple[URL, Sequence[Diagnostic], int, GrammarError, tuple[Diagnostic, ...], int, None]

#: Printable ASCII: nothing for preprocessing to remove inside (a space at either end is
#: looked at apart), nothing that a component's encoding makes more than one byte of.
_PRINTABLE = re.compile("[ -~]+")
_SEPARATOR = re.compile(r"[/\\]")
#: The code points after the head that raise an error there: a backslash, or a code point
#: that is not a URL code point (a `#` is one only in the fragment, of which there is one).
_FIXED = re.compile(f"[^{re.escape(URL_CODE_POINTS_ASCII)}#%]")
#: How many separators the head has at least (see above).
_HEAD_SEPARATORS = 4


def file_units(input: str, base: URL | None, context: str, limit: int | None,
               protected: tuple[str, ...]) -> Answer | None:
    """The report's fields for ``input`` (against ``base``, in UTF-8; the first ``limit``
    diagnostics and advisories) where it is a file URL, or a reference without a scheme
    against a file URL, that this module answers (see above); None for any other input."""
    if type(input) is not str or not _PRINTABLE.fullmatch(input) or input[0] == " " or input[-1] == " " \
            or input.count("#") > 1:
        return None
    scheme = scheme_of(input)
    if (base is None or base.mode is not Mode.FILE) if scheme is None else \
            (mode_for_scheme(scheme.lower()) is not Mode.FILE or base is not None):
        return None
    hash_ = input.find("#")
    end = len(input) if hash_ < 0 else hash_
    query = input.find("?", 0, end)
    path_end = end if query < 0 else query
    separators = list(islice(_SEPARATOR.finditer(input, 0, path_end), _HEAD_SEPARATORS))
    if len(separators) < _HEAD_SEPARATORS or has_dot_segment("/" + input[:path_end].replace("\\", "/")):
        return None
    head = separators[-1].end()
    if not _kept_after(input, head, path_end, end):
        return None  # each fix after the head is the parser's: the full path finds the suggestion
    found = _head_run(input[:head], base, limit)
    if found is not None and found[1] is None:
        # The head breaks no rule: the first code point fixed after it does, in its segment.
        first = _first_fixed(input, head, path_end)
        after = None if first is None else _SEPARATOR.search(input, first, path_end)
        head = path_end if after is None else after.end()
        found = None if first is None or input[head - 1] == " " else _head_run(input[:head], base, limit)
    if found is None:
        return None
    collector, error, front = found
    if error is None:
        return None
    try:
        url = parse(input, base)
    except URLError:
        return None
    rest_errors(collector, input, head, path_end, end)
    advised, more = first_advisories(input, base, url, limit, context, protected, front=front)
    return url, collector.diagnostics(), collector.omitted, error, advised, more, None


def _head_run(head: str, base: URL | None, limit: int | None
              ) -> tuple[Collector, GrammarError | None, URLRecord] | None:
    """The run of the pipeline and the writing grammar on ``head`` (against ``base``), as
    validate's full path runs them on an input: the collector of its errors, its first grammar
    error, and its URL's components up to the authority; None where it fails, or where its
    error is about the whole head (which the input's would be about the whole input)."""
    record = None if base is None else base_record(base)
    lifted = lift(head, Mode.GENERIC if base is None else base.mode)
    collector = Collector(record, limit)
    try:
        result, _ = resolve_and_normalise(lifted, record, "utf-8", collector)
    except URLError:
        return None
    error = Writing(lifted.pre.text, lifted.record, record, collector.first_pct_invalid).first_error()
    if error is not None and error.start == 0 and error.end == len(head):
        return None
    front = URLRecord([c for c in result if c.kind is Kind.SCHEME or c.kind is Kind.AUTHORITY])
    return collector, error, front


def _first_fixed(input: str, start: int, path_end: int) -> int | None:
    """Where the first code point of the path after ``start`` is that a fix changes."""
    found = [m.start() for m in (_FIXED.search(input, start, path_end),
                                 stray_percent().search(input, start, path_end)) if m is not None]
    return min(found, default=None)


def _kept_after(input: str, head: int, path_end: int, end: int) -> bool:
    """Whether a fix after ``head`` percent-encodes a code point that the parser keeps as
    written (:func:`urlgrammar.checking.suggestion.fixed_string`): then the fixed string is
    another URL, and there is no suggestion."""
    return KEPT_PATH.search(input, head, path_end) is not None \
        or KEPT_QUERY.search(input, path_end, end) is not None \
        or KEPT_FRAGMENT.search(input, end) is not None \
        or ("%" in input and stray_percent().search(input, head) is not None)
