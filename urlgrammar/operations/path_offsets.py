"""The href and offsets of a URL whose path alone is not plain, where the path is not a special
URL's: a non-special URL with a host, a file URL, a reference against a file URL.

:mod:`urlgrammar.operations.offsets` keeps a plain URL, and a special URL (not a file URL)
whose path alone is not plain, as its href and the offsets of its components; the URL API
makes the record only when it is read. This module does the same for three more kinds of
input, each with the path's text normalised by :mod:`urlgrammar.operations.path_text` in bulk
(no component per segment), and the rest plain:

- a non-special URL written `scheme://host`, whose host the opaque-host parser gives back as
  it is (https://url.spec.whatwg.org/#concept-opaque-host-parser) and whose path only `/`
  separates (``opaque_host_path``);
- a file URL written `file:` and three or more separators, whose host is then the empty host
  (https://url.spec.whatwg.org/#file-host-state) and whose path is read from the third on
  (``file_path``, with the rules of a Windows drive letter);
- a path-relative reference against a file URL kept so (https://url.spec.whatwg.org/#file-state):
  the base's path shortened, or none where the reference starts with a Windows drive letter,
  then the reference's path.

Anything else gives None, and the full pipeline parses it (:mod:`urlgrammar.operations.pipeline`).
"""

from __future__ import annotations

import re
import string

from urlgrammar.model.code_points import FORBIDDEN_HOST_CODE_POINTS, URL_CODE_POINTS_ASCII, one_of
from urlgrammar.model.schemes import Mode, Origin, mode_for_scheme, origin_kind, schemes_in
from urlgrammar.operations.offsets import (
    BITS,
    PLAIN,
    pack,
    parsed_href,
    plain_port,
    preprocessed,
    relative_href,
)
from urlgrammar.operations.path_text import file_path, opaque_host_path
from urlgrammar.syntax.grammars import scheme_of

_MASK = (1 << BITS) - 1
_PATH, _QUERY = 2 * BITS, 3 * BITS
#: The code points an opaque host keeps as they are: URL code points that are not forbidden
#: host code points (https://url.spec.whatwg.org/#forbidden-host-code-point), and no `%`.
_OPAQUE_HOST = "".join(c for c in URL_CODE_POINTS_ASCII if c not in FORBIDDEN_HOST_CODE_POINTS)
#: A URL's lowercase scheme, `//`, a host the opaque-host parser keeps as it is
#: (https://url.spec.whatwg.org/#concept-opaque-host-parser) and a port the port state keeps
#: (no leading zero); then its path, query or fragment, or its end.
_OPAQUE_AUTHORITY = re.compile(
    rf"([a-z][a-z0-9+\-.]*)://({one_of(_OPAQUE_HOST)}*)(?::([1-9][0-9]{{0,4}}))?(?=[/?#]|\Z)")
#: The three separators after a file URL's scheme: its host is then empty, and its path starts
#: at the third.
_THREE_SEPARATORS = re.compile(r"[/\\]{3}")
#: The schemes of file URLs, in the lowercase of an href.
_FILE_SCHEMES = frozenset(schemes_in(Mode.FILE))
_LETTERS = frozenset(string.ascii_letters)


def kept_href(text: str) -> tuple[str, int] | None:
    """The href and offsets of ``text`` parsed without a base (or with one it does not need),
    where it is kept as them: :func:`urlgrammar.operations.offsets.parsed_href`, and the
    non-special and file URLs of this module; else None."""
    found = parsed_href(text)
    if found is not None or type(text) is not str or not text or not preprocessed(text) or text[0] <= " ":
        return found
    colon = text.find(":")
    if colon > 0 and text[:colon] in _FILE_SCHEMES:
        return _file_href(text, colon) if _THREE_SEPARATORS.match(text, colon + 1) else None
    m = _OPAQUE_AUTHORITY.match(text)
    if m is None or mode_for_scheme(m.group(1)) is not Mode.GENERIC or \
            origin_kind(m.group(1)) is not Origin.OPAQUE:
        return None  # a blob URL's origin is its path's
    if m.start(3) >= 0 and (m.start(2) == m.end(2) or not plain_port(m.group(3), "")):
        return None  # a port without a host fails; one over 65535 too
    path_start = m.end()
    path_end = _path_end(text, path_start)
    if len(text) >= _MASK or not _plain_after(text, path_end):
        return None
    new = opaque_host_path(text[path_start:path_end])
    return _joined(text[:path_start], new, text, path_end, m.end(1), m.end(2))


def kept_relative_href(text: str, base_href: str, base_offsets: int) -> tuple[str, int] | None:
    """The href and offsets of ``text`` parsed against a base kept as ``base_href`` and
    ``base_offsets``, where the result is kept as them:
    :func:`urlgrammar.operations.offsets.relative_href` against a special base, and a
    path-relative reference against a file URL here (no scheme, not starting with `/`, `\\`,
    `?` or `#`; nothing for preprocessing to remove; a plain query and fragment); else None."""
    colon = base_offsets & _MASK
    mode = mode_for_scheme(base_href[:colon])
    if mode is not Mode.FILE:
        return relative_href(text, base_href, base_offsets) if mode is Mode.SPECIAL else None
    if type(text) is not str or not text or text[0] in "/\\?#" or len(text) + len(base_href) >= _MASK or \
            not preprocessed(text) or text[0] <= " " or scheme_of(text) is not None:
        return None
    path_end = _path_end(text, 0)
    if not _plain_after(text, path_end):
        return None
    path_start = base_offsets >> _PATH & _MASK
    if len(text) >= 2 and text[0] in _LETTERS and text[1] in ":|" and (len(text) == 2 or text[2] in "/\\?#"):
        path = "/" + text[:path_end]  # the base's path is not kept (a Windows drive letter quirk)
    else:  # the base's path shortened, as a double dot shortens it, then the reference's
        path = base_href[path_start:base_offsets >> _QUERY & _MASK] + "/../" + text[:path_end]
    host_end = base_offsets >> BITS & _MASK
    return _joined(base_href[:path_start], file_path(path), text, path_end, colon, host_end)


def _file_href(text: str, colon: int) -> tuple[str, int] | None:
    """A file URL written with three separators after its scheme's ``colon``: the scheme and
    `://` (its empty host), then its path."""
    path_start = colon + 3
    path_end = _path_end(text, path_start)
    if len(text) >= _MASK or not _plain_after(text, path_end):
        return None
    new = file_path(text[path_start:path_end])
    return _joined(text[:colon] + "://", new, text, path_end, colon, path_start)


def _joined(head: str, path: str, text: str, path_end: int, colon: int, host_end: int) -> tuple[str, int]:
    """The href ``head`` (up to the path), ``path`` (normalised), and ``text`` from
    ``path_end`` on (the query and fragment), with its offsets."""
    query_start = len(head) + len(path)
    hash_start = query_start + _fragment_start(text, path_end) - path_end
    return head + path + text[path_end:], pack(colon, host_end, len(head), query_start, hash_start)


def _path_end(text: str, start: int) -> int:
    """Where the path that starts at ``start`` ends: at the first `?` or `#`, or the end."""
    end = len(text)
    query, hash_ = text.find("?", start), text.find("#", start)
    if query >= 0:
        end = query
    if 0 <= hash_ < end:
        end = hash_
    return end


def _fragment_start(text: str, path_end: int) -> int:
    """Where the fragment's `#` is, after the path (or the end, where there is none)."""
    hash_ = text.find("#", path_end)
    return len(text) if hash_ < 0 else hash_


def _plain_after(text: str, path_end: int) -> bool:
    """The query and fragment from ``path_end`` on are plain: kept as written, with no `'` in
    the query, which a special URL's query percent-encodes (a non-special URL's keeps it: one
    check serves both)."""
    if PLAIN.fullmatch(text, path_end) is None:
        return False
    return "'" not in text[path_end:_fragment_start(text, path_end)]
