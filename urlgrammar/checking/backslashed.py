"""validate's answer for a plain web URL whose path has backslashes for some of its slashes.

`https://example.com/New\\%20Pages/index.htm`: a path written on Windows, one of the most
common invalid URL strings on the web. The path state of a special URL reads each `\\` as it
reads a `/`, and raises invalid-reverse-solidus there
(https://url.spec.whatwg.org/#path-state); the writing grammar's strict reading, whose
separator is `/` alone, breaks at the first of them. So where the same string with a `/` for
every backslash is a plain URL that validate's fast path takes (:mod:`.plain`: valid, and no
validation error), the input's report is read off that string, without the pipeline, the
walk, the writing grammar, the suggestion's checks or Python's readers:

- the URL is the fixed string's (a backslash and a slash are one separator to the parser);
- the diagnostics are invalid-reverse-solidus at each backslash, the errors the walk finds
  there (:func:`urlgrammar.checking.walk.path_backslashes`), and no other: the rest of the
  input is the fixed string's, on which the parser reports nothing;
- the grammar error is the first backslash, the separator of a dir
  (:func:`urlgrammar.checking.writing.backslash_error`): every component value is the fixed
  string's, which break no rule;
- the advisories are the fixed string's (:func:`urlgrammar.checking.advisories.plain_advisories`):
  they read the scheme, the authority and the URL, which the two strings share, and Python's
  readers, which read the two alike (see below);
- the suggestion is the fixed string with its advisories' fixes, as
  :func:`urlgrammar.checking.suggestion.unadvised` makes it.

Where each backslash is in the path, from the compiled grammar's reading of the fixed string
(the groups that :func:`urlgrammar.operations.offsets.plain_href` reads), and after the path's
first `/`: Python's readers end the authority at the first `/` (urllib's netloc, RFC 3986's
authority, which urllib3, httpx and yarl read), before any backslash, so each reads the scheme,
host and port it reads from the fixed string, which are the standard's
(:mod:`.disagreement`). A backslash that starts the path is left to the full path: urllib
reads it as part of the host. So is a file URL (its path may have a drive), and a path with a
dot segment. ``tests/checking/test_backslashed.py`` compares these reports with the full path's.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import compress, count

from urlgrammar.checking.advisories import plain_advisories
from urlgrammar.checking.diagnostics import Collector
from urlgrammar.checking.suggestion import unadvised
from urlgrammar.checking.walk import PATH, path_backslashes
from urlgrammar.checking.writing import GrammarError, backslash_error
from urlgrammar.encoding.decode import stray_percent
from urlgrammar.errors import Diagnostic
from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.operations.offsets import plain_href, unpack
from urlgrammar.url import URL

#: What :func:`backslashed_path` finds: the URL, the diagnostics, the grammar error, the
#: advisories and the suggestion.
Found = tuple[URL, Sequence[Diagnostic], GrammarError, tuple[Diagnostic, ...], "str | None"]


def backslashed_path(input: str, context: str) -> Found | None:
    """The report's fields for ``input`` (without a base, a limit or protected domains, in
    UTF-8) where it is a plain special URL, not a file URL, but for backslashes in its path
    after the first `/`; None for any other input."""
    fixed = input.replace("\\", "/")
    plain = plain_href(fixed) if type(input) is str else None  # a subclass's href would be of it
    # As validate's fast path takes a plain string: no second `#`, no `%` that starts no
    # percent-encoded byte.
    if plain is None or fixed.count("#") > 1 or ("%" in fixed and stray_percent().search(fixed)):
        return None
    href, offsets = plain
    colon, _, path_start, query_start, _ = unpack(offsets)
    first = input.find("\\")
    if not path_start < first or input.rfind("\\") >= query_start or \
            mode_for_scheme(fixed[:colon]) is not Mode.SPECIAL:
        return None
    url = URL._plain(input, href, offsets)
    collector = Collector(None)
    path = input[first:query_start]
    collector.add_run(PATH, path_backslashes(array("q", compress(count(first), map("\\".__eq__, path)))))
    advised = plain_advisories(fixed, url, context)
    suggestion = unadvised(fixed, (advised, 0), (advised, 0), None, href, None, context)
    return url, collector.diagnostics(), backslash_error("dir", first), advised, suggestion
