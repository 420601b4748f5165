"""URL Specification § Component Characters: the status of each code point in each component.

The table says, for the values of the components username, password, opaque-host, dir (and
file), opaque path, query and fragment, which code points are valid, which are valid but
percent-encoded, and which are invalid (tolerated, fixed by percent-encoding, or rejected). The
writing grammar's check (https://url.spec.whatwg.org/#url-writing) reads it for what a valid
URL string holds; the percent-encode sets (https://url.spec.whatwg.org/#percent-encoded-bytes)
read it for what the parser encodes.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from urlgrammar.model.code_points import (
    ASCII_ALPHANUMERIC,
    ASCII_TAB_OR_NEWLINE,
    C0_CONTROLS,
    DELETE,
    neither,
)

#: The table's columns, in its order.
COLUMNS: Final = ("username", "password", "opaque-host", "dir", "opaque-path", "query", "fragment")

#: The statuses: v valid, E valid but percent-encoded, T invalid but tolerated, F invalid and
#: fixed by percent-encoding, R invalid and rejected, and - for the table's n/a where the code
#: point is a delimiter: it is not in that component, as it ends it.
VALID, ENCODED, TOLERATED, FIXED, REJECTED, DELIMITER = "vETFR-"

#: The rows: the class of code points, its ASCII code points, and a status per column. The
#: table has two rows beyond ASCII: other-unicode (the URL code points beyond ASCII) is E in
#: every column, and the other controls (DEL and C1), surrogates and noncharacters F (see
#: :func:`status`). The URL Specification says its classes do not overlap, but they do on U+0080
#: to U+009F (other-unicode is non-ASCII minus surrogates and noncharacters; control includes
#: del-c1); we count those as controls, because the WHATWG URL code points exclude them too.
#: Its n/a rows for `%` (read by the pct-encoded-byte rules) and for tab and newline (which
#: preprocessing removes) are left out.
TABLE: Final[tuple[tuple[str, str, str], ...]] = (
    ("unreserved", "-._~" + ASCII_ALPHANUMERIC, "vvvvvvv"),
    ("sub-delims", "!$&()*+,", "vvvvvvv"),
    ("sub-delims", "'", "vvvvvEv"),  # the query's E is special URLs' only (the spec's note)
    ("sub-delims", ";=", "EEvvvvv"),
    ("gen-delims", "@", "FFRvvvv"),
    ("gen-delims", ":", "-F-vvvv"),
    ("gen-delims", "/", "----Tvv"),
    ("gen-delims", "?", "-----vv"),
    ("gen-delims", "#", "------T"),
    ("u+0", "\x00", "FFRFFFF"),
    ("other control", "".join(c for c in C0_CONTROLS[1:] if c not in ASCII_TAB_OR_NEWLINE) + DELETE,
     "FFFFFFF"),
    ("invalid", " ", "FFRFTFF"),
    ("invalid", '"', "FFTFTFF"),
    ("invalid", "<>", "FFRFTFF"),
    ("invalid", "`", "FFTFTTF"),
    ("invalid", "^", "FFRFTTT"),
    ("invalid", "[\\]|", "FFRTTTT"),
    ("invalid", "{}", "FFTFTTT"),
)

_ROWS: Final = {char: statuses for _, chars, statuses in TABLE for char in chars}


def having(column: str, statuses: str) -> frozenset[str]:
    """The code points of the table whose status in ``column`` is one of ``statuses``."""
    i = COLUMNS.index(column)
    return frozenset(char for _, chars, row in TABLE if row[i] in statuses for char in chars)


@cache
def _not_other_unicode() -> re.Pattern[str]:
    """Matches a code point that is not other-unicode (a URL code point beyond ASCII,
    https://url.spec.whatwg.org/#url-code-points). Compiled on first use: the pattern is
    large, and only a message about such a code point asks."""
    return re.compile(neither(""))


def status(char: str, column: str) -> str:
    """The status of the code point ``char`` in ``column``: the table's for its rows, E for
    other-unicode, and F for any other (the other controls, surrogates and noncharacters; the
    rows left out, `%`, tab and newline, are not asked about)."""
    row = _ROWS.get(char)
    if row is not None:
        return row[COLUMNS.index(column)]
    if char > DELETE and not _not_other_unicode().match(char):
        return ENCODED
    return FIXED
