"""The errors of separators, which come in runs: a path may hold a million backslashes, and a
line a million slashes before its host.

https://url.spec.whatwg.org/#path-state raises invalid-reverse-solidus at each backslash that
a special URL's path reads as a separator, and
https://url.spec.whatwg.org/#special-authority-ignore-slashes-state raises
special-scheme-missing-following-solidus at each slash or backslash that it ignores. The walk
(:mod:`.walk`) and validate's answers off a fixed string (:mod:`.url_units`,
:mod:`.ignored_slashes`) make them here, so that each reads the same wherever it is found.
"""

from __future__ import annotations

from collections.abc import Sequence

from urlgrammar.checking.runs import Run
from urlgrammar.errors import Code, Diagnostic, message

_MISSING_SOLIDUS = Code.SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS
#: invalid-reverse-solidus for a backslash that the path state reads as a separator.
_PATH_BACKSLASH = Diagnostic(Code.INVALID_REVERSE_SOLIDUS, 0, 0, message(Code.INVALID_REVERSE_SOLIDUS),
                             "path", fix="/")
#: special-scheme-missing-following-solidus for an ignored slash, and for a backslash.
_IGNORED = tuple(Diagnostic(_MISSING_SOLIDUS, 0, 0, message(
    _MISSING_SOLIDUS, f"the parser ignores this extra {what} before the host"), "scheme", fix="")
    for what in ("slash", "backslash"))


def path_backslashes(pointers: Sequence[int]) -> Run:
    """invalid-reverse-solidus at each of ``pointers``, backslashes that the path state of a
    special URL reads as separators, raised there."""
    return Run(pointers, (_PATH_BACKSLASH,))


def ignored_separators(pointers: Sequence[int], backslashes: Sequence[int]) -> Run:
    """special-scheme-missing-following-solidus at each of ``pointers``, slashes and (1 in
    ``backslashes``) backslashes that the special authority ignore slashes state ignores
    before the host, raised there."""
    return Run(pointers, _IGNORED, backslashes)
