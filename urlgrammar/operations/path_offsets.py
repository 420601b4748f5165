"""The href and offsets of a URL whose path alone is not plain, where the path is not a special
URL's: a non-special URL with a host, a file URL, a reference against a URL kept so.

:mod:`urlgrammar.operations.offsets` keeps a plain URL, and a special URL (not a file URL)
whose path alone is not plain, as its href and the offsets of its components; the URL API
makes the record only when it is read. This module does the same for more kinds of input,
each with the path's text normalised by :mod:`urlgrammar.operations.path_text` in bulk
(no component per segment), and the rest plain:

- a non-special URL written `scheme://host`, whose host the opaque-host parser gives back as
  it is (https://url.spec.whatwg.org/#concept-opaque-host-parser) and whose path only `/`
  separates (``opaque_host_path``);
- a file URL (``file_path``, with the rules of a Windows drive letter), written `file:` and
  two separators, then a host the domain parser gives back as it is, `localhost` (which
  becomes the empty host), the empty host, or a Windows drive letter, which the path state
  reads as the path's first segment (https://url.spec.whatwg.org/#file-host-state); or
  written `file:` and at most one separator, the path state reading the rest
  (https://url.spec.whatwg.org/#file-state, https://url.spec.whatwg.org/#file-slash-state);
- a path-absolute reference (`/p`, and `\\p` against a special base; not two separators,
  which start an authority) against a base with a host: the base's scheme and authority, then
  the reference's path (https://url.spec.whatwg.org/#relative-slash-state), after the base's
  drive where the base is a file URL whose path starts with one and the reference does not
  (https://url.spec.whatwg.org/#file-slash-state);
- a path-relative reference against a file URL or a non-special URL with a host: the base's
  path shortened (https://url.spec.whatwg.org/#shorten-a-urls-path), or none where the
  reference starts with a Windows drive letter against a file URL
  (https://url.spec.whatwg.org/#file-state, https://url.spec.whatwg.org/#relative-state),
  then the reference's path.

(A path-relative reference against a special base is :func:`urlgrammar.operations.offsets.relative_href`'s.)
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
    plain_host,
    plain_port,
    preprocessed,
    relative_href,
)
from urlgrammar.operations.path_text import file_path, opaque_host_path, special_path
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
#: The two separators after a file URL's scheme that lead to the file host state.
_TWO_SEPARATORS = re.compile(r"[/\\]{2}")
#: What ends the file host state's buffer (https://url.spec.whatwg.org/#file-host-state).
_HOST_END = re.compile(r"[/\\?#]|\Z")
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
        return _file_href(text, colon) if len(text) < _MASK else None
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
    :func:`urlgrammar.operations.offsets.relative_href` for a path-relative reference against
    a special base, and here a path-absolute reference against any base, a path-relative one
    against a file URL or a non-special URL with a host (no scheme; nothing for preprocessing
    to remove; a plain query and fragment); else None."""
    colon = base_offsets & _MASK
    mode = mode_for_scheme(base_href[:colon])
    if type(text) is not str or not text:
        return None
    if mode is Mode.SPECIAL and text[0] not in "/\\":
        return relative_href(text, base_href, base_offsets)
    if text[0] in "?#" or len(text) + len(base_href) >= _MASK or not preprocessed(text) or \
            text[0] <= " " or base_href[colon + 1:colon + 3] != "//":
        return None  # a non-special base without a host is not kept: see kept_href
    path_end = _path_end(text, 0)
    if not _plain_after(text, path_end):
        return None
    path_start, query_start = base_offsets >> _PATH & _MASK, base_offsets >> _QUERY & _MASK
    separators = "/" if mode is Mode.GENERIC else "/\\"  # https://url.spec.whatwg.org/#relative-state
    if text[0] in separators:
        if text[1:2] and text[1] in separators:
            return None  # an authority: https://url.spec.whatwg.org/#relative-slash-state
        path = _path_absolute(text[:path_end], mode, base_href[path_start:query_start])
    elif scheme_of(text) is not None:
        return None
    elif mode is Mode.GENERIC:  # the base's path shortened, as a double dot shortens it
        path = opaque_host_path(base_href[path_start:query_start] + "/../" + text[:path_end])
    elif _starts_with_drive(text, 0):
        path = file_path("/" + text[:path_end])  # the base's path is not kept (a Windows drive letter quirk)
    else:
        path = file_path(base_href[path_start:query_start] + "/../" + text[:path_end])
    host_end = base_offsets >> BITS & _MASK
    return _joined(base_href[:path_start], path, text, path_end, colon, host_end)


def _path_absolute(path: str, mode: Mode, base_path: str) -> str:
    """The serialised path of a reference whose path, from its first separator, is ``path``,
    against a base with a host whose mode is ``mode`` and whose serialised path is
    ``base_path``: the relative slash state leaves the path empty before the path state reads
    the reference's (https://url.spec.whatwg.org/#relative-slash-state); the file slash
    state appends the base's first segment, where it is a normalized Windows drive letter
    and the reference after its separator does not start with a Windows drive letter
    (https://url.spec.whatwg.org/#file-slash-state)."""
    if mode is Mode.SPECIAL:
        return special_path(path)
    if mode is Mode.GENERIC:
        return opaque_host_path(path)
    drive = base_path[:3]  # with its `/`
    if _starts_with_drive(path, 1) or not _normalized_drive(drive) or base_path[3:4] not in ("", "/"):
        drive = ""
    return file_path(drive + path)


def _file_href(text: str, colon: int) -> tuple[str, int] | None:
    """A file URL without a base, its scheme's `:` at ``colon``: the scheme, `//`, its host,
    then its path. Two separators lead to the file host state, whose buffer is the host, or
    the path's first segment where it is a Windows drive letter
    (https://url.spec.whatwg.org/#file-host-state); fewer to the path state, the host empty
    (https://url.spec.whatwg.org/#file-state, https://url.spec.whatwg.org/#file-slash-state)."""
    start = colon + 1
    host, head = "", "/"  # head: what the path's text starts with, where not its separator
    if _TWO_SEPARATORS.match(text, start):
        start += 2
        end = _HOST_END.search(text, start).start()  # type: ignore[union-attr]  # \Z matches
        buffer = text[start:end]
        if buffer == "localhost" or plain_host(buffer, Mode.FILE):  # the empty host too
            host, start, head = "" if buffer == "localhost" else buffer, end, ""
        elif not _starts_with_drive(buffer, 0):  # which the path state reads as the first segment
            return None  # a host the domain parser changes, or fails on
    elif text[start:start + 1] in ("/", "\\"):
        start += 1
    path_end = _path_end(text, start)
    if not _plain_after(text, path_end):
        return None
    path = file_path(head + text[start:path_end] or "/")
    return _joined(f"{text[:colon]}://{host}", path, text, path_end, colon, colon + 3 + len(host))


def _normalized_drive(segment: str) -> bool:
    """Whether ``segment``, after its `/`, is a normalized Windows drive letter (an ASCII
    letter and `:`: https://url.spec.whatwg.org/#normalized-windows-drive-letter)."""
    return len(segment) == 3 and segment[1] in _LETTERS and segment[2] == ":"


def _starts_with_drive(text: str, at: int) -> bool:
    """Whether ``text`` from ``at`` on starts with a Windows drive letter
    (https://url.spec.whatwg.org/#start-with-a-windows-drive-letter)."""
    return len(text) >= at + 2 and text[at] in _LETTERS and text[at + 1] in ":|" and \
        (len(text) == at + 2 or text[at + 2] in "/\\?#")


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
