"""validate's answer for a web URL whose scheme is followed by other separators than `//`.

`http:///example.com/`, `https:\\\\example.com/`, a megabyte of `/` before a host: the special
authority slashes state (https://url.spec.whatwg.org/#special-authority-slashes-state) reads
the `//` after a special scheme, or raises special-scheme-missing-following-solidus, and the
special authority ignore slashes state then ignores each further slash or backslash, raising
the error at each; the authority state reads what follows as it does after `scheme://`. So
where the fixed string (the scheme, `//` and the rest of the input) is a plain URL, which
validate's fast path takes (:mod:`.plain`: valid, and no validation error), the input's report
is made without a record of a component per separator:

- the URL is the fixed string's, kept as its href and offsets;
- the diagnostics and the grammar error are those that the pipeline, the walk and the writing
  grammar find on the input's head with its first three separators (its scheme, those, and
  its host and port, which are the fixed string's), then the error of each separator after
  the third, which the ignore slashes state reads as it read the third
  (:func:`urlgrammar.checking.separator_runs.ignored_separators`);
- the advisories are the fixed string's, with the input's own parser-disagreement (urllib
  reads no host after `///`), and the suggestion is the fixed string's, as
  :func:`urlgrammar.checking.url_units.written_units` makes them.

A file URL, whose file states read separators otherwise, and an input with a backslash after
its first separators are left to the other answers. ``tests/checking/test_ignored_slashes.py``
compares these reports with the full path's.
"""

from __future__ import annotations

import re

from urlgrammar.checking.separator_runs import ignored_separators
from urlgrammar.checking.url_units import Found, head_errors, off_the_fixed_string
from urlgrammar.checking.walk import IGNORE
from urlgrammar.encoding.decode import stray_percent
from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.operations.offsets import plain_href, unpack
from urlgrammar.syntax.grammars import scheme_of

#: The separators after a scheme's `:` (URL Specification § URL Grammar, s := { `/`, `\\` }).
_SEPARATORS = re.compile(r"[/\\]+")
#: 1 for a backslash, as :class:`urlgrammar.checking.runs.Run` tells its two templates apart.
_BACKSLASHES = bytes.maketrans(b"/\\", b"\x00\x01")


def separators_after_scheme(input: str) -> tuple[int, int] | None:
    """Where the `:` of ``input``'s special scheme (not file) is and where the separators
    after it end, where they are not exactly `//`; None otherwise."""
    scheme = scheme_of(input)
    if scheme is None or mode_for_scheme(scheme) is not Mode.SPECIAL:
        return None
    colon = len(scheme)
    found = _SEPARATORS.match(input, colon + 1)
    if found is None or (found.end() - colon == 3 and input.startswith("//", colon + 1)):
        return None
    return colon, found.end()


def ignored_slashes(input: str, context: str, limit: int | None = None) -> Found | None:
    """The report's fields for ``input`` (without a base or protected domains, in UTF-8; the
    first ``limit`` diagnostics) where it is a special URL, not a file URL, whose scheme is
    followed by other separators than `//`, and which is plain but for those; None for any
    other input."""
    found = separators_after_scheme(input) if type(input) is str else None
    if found is None or "\\" in input[found[1]:]:
        return None
    colon, end = found
    fixed = f"{input[:colon + 1]}//{input[end:]}"
    # What the fast path asks besides the href: a `%` without two hex digits, a second `#`.
    plain = None if fixed.count("#") > 1 or ("%" in fixed and stray_percent().search(fixed)) else \
        plain_href(fixed)
    if plain is None:
        return None
    _, _, path_start, _, _ = unpack(plain[1])
    third = min(end, colon + 4)
    ran = head_errors(input[:third] + fixed[colon + 3:path_start], limit)
    if ran is None or ran[1].start >= third:
        return None
    collector, error = ran
    if third < end:
        rest = input[third:end].encode("ascii").translate(_BACKSLASHES)
        collector.add_run(IGNORE, ignored_separators(range(third, end), rest))
    return off_the_fixed_string(input, fixed, plain, collector, error, context, limit)
