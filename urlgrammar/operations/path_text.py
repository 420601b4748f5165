"""A hierarchical URL's path normalised as text: bulk string operations, no component per segment.

The URL Specification's model of a path is a sequence of ``dir`` components and a ``file``
(URL Specification 0.10.1, § URL Model), and that stays the model: the record the pipeline
makes (``URL.record``) has one component per segment. But to serialise a parsed URL, the
standard's path state (https://url.spec.whatwg.org/#path-state) and path serializer
(https://url.spec.whatwg.org/#url-path-serializer) come down, for a special URL that is not a
file URL, to three operations on the path's text, from its first separator to its end (the
query's `?`, the fragment's `#` or the end of the input):

1. every `\\` is a separator, as `/` is (https://url.spec.whatwg.org/#path-start-state);
2. dot segments are removed (https://url.spec.whatwg.org/#single-dot-path-segment,
   https://url.spec.whatwg.org/#shorten-a-urls-path; a final one leaves an empty segment);
3. each code point is UTF-8 percent-encoded with the path percent-encode set
   (https://url.spec.whatwg.org/#path-percent-encode-set), which holds no separator, `.` or
   `%`, so it can be done on the whole text at once, before or after the other two.

Without a dot segment (most paths) the three are a ``str.replace``, a search and a
``str.translate``. With dot segments, the stack of step 2 holds runs of segments, not
segments: the text between two dot segments is pushed as the offsets of one run, and a double
dot takes the run's last segment off by moving its end back to its last `/` (``str.rfind``).
So no object is made per segment; at most an offset pair per dot segment, in two arrays.

A non-special URL's path is the same but for step 1: only `/` separates, a `\\` is a code
point of its segment. A file URL's adds the two rules of its Windows drive letter, each read
off the first run only: the path's first segment, where it is a drive letter, is a
normalized one, and a double dot leaves a path that is only a drive as it is.

:func:`urlgrammar.operations.offsets.parsed_href` and
:mod:`urlgrammar.operations.path_offsets` use this for inputs whose only part that is not
plain is the path, so that parsing a long path builds no component; the record is made
from the input, by the full pipeline, when first asked for.
"""

from __future__ import annotations

import io
import re
import string
from array import array

from urlgrammar.encoding.percent import PATH_SET, utf8_percent_encode

#: A single-dot or double-dot segment (`.` or `%2e` in either case, once or twice) with its
#: `/` before it, and the next `/` or the end after it (the path's `\` are `/` by then): only
#: these make step 2 do anything. Group 1 is the second dot of a double-dot segment.
_DOT_SEGMENT = re.compile(r"/(?:\.|%2[eE])(\.|%2[eE])?(?=/|\Z)")
_ALPHA = frozenset(string.ascii_letters)


def has_dot_segment(path: str) -> bool:
    """Whether a path written with `/` separators only has a dot segment (found in one search,
    where splitting the path would make a string per segment)."""
    return _DOT_SEGMENT.search(path) is not None


def special_path(path: str) -> str:
    """The serialised path of a special, non-file URL whose path, as written (after
    preprocessing), is ``path``: it starts with its first separator, `/` or `\\`."""
    if "\\" in path:
        path = path.replace("\\", "/")
    return utf8_percent_encode(_shortened(path, False), PATH_SET)


def opaque_host_path(path: str) -> str:
    """The serialised path of a non-special URL with a host whose path, as written (after
    preprocessing), is ``path``: empty, or from its first `/` on. Only `/` separates segments
    (https://url.spec.whatwg.org/#path-state: a `\\` is a code point of its segment, which
    the path percent-encode set leaves as it is); dot segments are removed as in a special
    URL's. With a host, the path needs no `/.` before it
    (https://url.spec.whatwg.org/#url-serializing, step 2.2)."""
    return utf8_percent_encode(_shortened(path, False), PATH_SET)


def file_path(path: str) -> str:
    """The serialised path of a file URL whose path, as written (after preprocessing), is
    ``path``, from the separator before its first segment on. As in a special URL's, `\\`
    separates and dot segments are removed, with the file scheme's two rules for a Windows
    drive letter (https://url.spec.whatwg.org/#windows-drive-letter): the segment appended to
    an empty path is made a normalized one (`C|` becomes `C:`; a later `C|` stays), and a
    double dot does not shorten a path that is only that drive
    (https://url.spec.whatwg.org/#shorten-a-urls-path)."""
    if "\\" in path:
        path = path.replace("\\", "/")
    return utf8_percent_encode(_shortened(path, True), PATH_SET)


def _is_drive(path: str, start: int, end: int) -> bool:
    """Whether ``path[start:end]`` is a Windows drive letter (an ASCII letter, then `:` or `|`)."""
    return end - start == 2 and path[start] in _ALPHA and path[start + 1] in ":|"


def _shortened(path: str, file: bool) -> str:
    """``path`` (segments after `/`, a `\\` being a code point) with its dot segments removed,
    and the drive rules of :func:`file_path` where ``file``."""
    if _DOT_SEGMENT.search(path) is None:
        return _drive_normalized(path) if file else path
    # The runs kept, path[starts[i]:ends[i]], each one or more segments with their `/`.
    starts, ends = array("q"), array("q")
    at = 0  # where the text after the last dot segment starts (at its `/`)
    pinned = False  # the path is only a drive, which no double dot shortens
    for m in _DOT_SEGMENT.finditer(path):
        start = m.start()
        if start > at:
            starts.append(at)
            ends.append(start)
            pinned = False
        at = m.end()
        if pinned or m.start(1) < 0 or not starts:
            continue  # a single dot, or a double dot that leaves the path as it is
        last = path.rfind("/", starts[-1], ends[-1])  # https://url.spec.whatwg.org/#shorten-a-urls-path
        if last > starts[-1]:
            ends[-1] = last
        elif file and len(starts) == 1 and _is_drive(path, starts[0] + 1, ends[0]):
            pinned = True
        else:
            starts.pop()
            ends.pop()
    out = io.StringIO()
    for start, end in zip(starts, ends, strict=True):
        out.write(path[start:end])
    # After a dot segment at the end, the path ends with an empty segment (the path state
    # appends "" where the buffer is a dot segment and the input ends).
    out.write(path[at:] if at < len(path) else "/")
    text = out.getvalue()
    return _drive_normalized(text) if file else text


def _drive_normalized(path: str) -> str:
    """``path`` with its first segment (after its first `/`) a normalized Windows drive
    letter where it is a Windows drive letter: the segment the path state appends to a file
    URL's empty path (https://url.spec.whatwg.org/#path-state). That is the path's first
    segment: the last one appended to an empty path, as a segment appended to a path that is
    not empty is never first (a double dot takes off the last segment)."""
    end = path.find("/", 1)
    if end < 0:
        end = len(path)
    if path[end - 1:end] == "|" and _is_drive(path, 1, end):
        return f"{path[:end - 1]}:{path[end:]}"
    return path
