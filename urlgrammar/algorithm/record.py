"""The URL record, the URL as the parser builds it, and the standard's small definitions.

https://url.spec.whatwg.org/#url-representation and https://url.spec.whatwg.org/#url-miscellaneous,
with the code point classes of the Infra Standard (https://infra.spec.whatwg.org/#code-points)
that the parser names. Each definition is written out here as the standard gives it, so that
the oracle shares nothing with the grammar pipeline but the host parser and percent-encoding.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, TypeAlias

from urlgrammar.host.parser import Host

# ---- Code points (https://infra.spec.whatwg.org/#code-points) -------------------------------

#: The EOF code point (https://url.spec.whatwg.org/#eof-code-point) is not a code point: a
#: string that no one-code-point string equals stands for it, so that every ``c`` is a str.
EOF: Final = "<EOF>"

ASCII_DIGIT: Final = frozenset("0123456789")
ASCII_UPPER_HEX_DIGIT: Final = frozenset("ABCDEF")
ASCII_LOWER_HEX_DIGIT: Final = frozenset("abcdef")
ASCII_HEX_DIGIT: Final = ASCII_DIGIT | ASCII_UPPER_HEX_DIGIT | ASCII_LOWER_HEX_DIGIT
ASCII_UPPER_ALPHA: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
ASCII_LOWER_ALPHA: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
ASCII_ALPHA: Final = ASCII_UPPER_ALPHA | ASCII_LOWER_ALPHA
ASCII_ALPHANUMERIC: Final = ASCII_DIGIT | ASCII_ALPHA
#: https://infra.spec.whatwg.org/#c0-control-or-space (a str, for ``str.strip``)
C0_CONTROL_OR_SPACE: Final = "".join(map(chr, range(0x21)))
#: https://infra.spec.whatwg.org/#ascii-tab-or-newline
ASCII_TAB_OR_NEWLINE: Final = frozenset("\t\n\r")

#: The ASCII members of https://url.spec.whatwg.org/#url-code-points.
_URL_CODE_POINTS_ASCII: Final = ASCII_ALPHANUMERIC | frozenset("!$&'()*+,-./:;=?@_~")


def ascii_lowercase(s: str) -> str:
    """https://infra.spec.whatwg.org/#ascii-lowercase (``str.lower`` maps beyond ASCII)."""
    return s.translate(_LOWERCASE)


_LOWERCASE: Final = {ord(c): ord(c) + 0x20 for c in ASCII_UPPER_ALPHA}


def is_noncharacter(c: str) -> bool:
    """https://infra.spec.whatwg.org/#noncharacter"""
    cp = ord(c)
    return 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE


def is_url_code_point(c: str) -> bool:
    """https://url.spec.whatwg.org/#url-code-points"""
    if c in _URL_CODE_POINTS_ASCII:
        return True
    return (len(c) == 1 and "\u00a0" <= c <= "\U0010fffd"
            and not "\ud800" <= c <= "\udfff" and not is_noncharacter(c))


# ---- Special schemes (https://url.spec.whatwg.org/#special-scheme) ---------------------------

#: Each special scheme and its default port (https://url.spec.whatwg.org/#default-port).
SPECIAL_SCHEMES: Final[dict[str, int | None]] = {
    "ftp": 21, "file": None, "http": 80, "https": 443, "ws": 80, "wss": 443,
}


def default_port(scheme: str) -> int | None:
    """https://url.spec.whatwg.org/#default-port: null for any scheme that is not special."""
    return SPECIAL_SCHEMES.get(scheme)


# ---- The URL record (https://url.spec.whatwg.org/#concept-url) ------------------------------

#: https://url.spec.whatwg.org/#url-path: a list of URL path segments, or one segment (opaque).
Path: TypeAlias = list[str] | str


@dataclass(slots=True)
class URLRecord:
    """https://url.spec.whatwg.org/#concept-url, each field with the standard's initial value.

    ``None`` is null. The blob URL entry is left out: there is no blob URL store here, so it
    would always be null.
    """

    scheme: str = ""
    username: str = ""
    password: str = ""
    host: Host | None = None
    port: int | None = None
    path: Path = field(default_factory=list)
    query: str | None = None
    fragment: str | None = None

    def is_special(self) -> bool:
        """https://url.spec.whatwg.org/#is-special"""
        return self.scheme in SPECIAL_SCHEMES

    def includes_credentials(self) -> bool:
        """https://url.spec.whatwg.org/#include-credentials"""
        return self.username != "" or self.password != ""

    def has_an_opaque_path(self) -> bool:
        """https://url.spec.whatwg.org/#url-opaque-path"""
        return isinstance(self.path, str)


# ---- Windows drive letters (https://url.spec.whatwg.org/#windows-drive-letter) ---------------

def is_windows_drive_letter(s: str) -> bool:
    """https://url.spec.whatwg.org/#windows-drive-letter"""
    return len(s) == 2 and s[0] in ASCII_ALPHA and s[1] in (":", "|")


def is_normalized_windows_drive_letter(s: str) -> bool:
    """https://url.spec.whatwg.org/#normalized-windows-drive-letter"""
    return is_windows_drive_letter(s) and s[1] == ":"


def starts_with_a_windows_drive_letter(s: str, start: int) -> bool:
    """https://url.spec.whatwg.org/#start-with-a-windows-drive-letter, for ``s[start:]``.

    The standard asks this of the code point substring from the pointer to the end; taking the
    offset instead of the substring keeps each question constant-time.
    """
    length = len(s) - start
    return (length >= 2 and is_windows_drive_letter(s[start:start + 2])
            and (length == 2 or s[start + 2] in ("/", "\\", "?", "#")))


# ---- Path segments ---------------------------------------------------------------------------

def is_single_dot_url_path_segment(segment: str) -> bool:
    """https://url.spec.whatwg.org/#single-dot-path-segment"""
    return segment == "." or ascii_lowercase(segment) == "%2e"


def is_double_dot_url_path_segment(segment: str) -> bool:
    """https://url.spec.whatwg.org/#double-dot-path-segment"""
    return segment == ".." or ascii_lowercase(segment) in (".%2e", "%2e.", "%2e%2e")


# ---- The URL as the parser builds it --------------------------------------------------------

class Text:
    """A string that the parser builds by appending to it.

    The standard appends to the buffer and to some of the URL's components one code point at a
    time; Python strings would copy themselves at each append, so a text keeps its pieces and
    joins them when it is read, which keeps parsing linear in the length of the input.
    """

    __slots__ = ("_length", "_pieces")

    def __init__(self, s: str = "") -> None:
        self._pieces = [s] if s else []
        self._length = len(s)

    def append(self, s: str) -> None:
        self._pieces.append(s)
        self._length += len(s)

    def prepend(self, s: str) -> None:
        self._pieces.insert(0, s)
        self._length += len(s)

    def __len__(self) -> int:
        """The code point length (https://infra.spec.whatwg.org/#string-code-point-length)."""
        return self._length

    def __str__(self) -> str:
        if len(self._pieces) > 1:
            self._pieces = ["".join(self._pieces)]
        return self._pieces[0] if self._pieces else ""


class URLBuilder:
    """A URL record (https://url.spec.whatwg.org/#concept-url) while the parser builds it.

    Username, password and fragment are texts, for the parser appends to them. The path is a
    list in both of its forms: a list of URL path segments, or, once the URL has an opaque path,
    the pieces of that one segment, which is what the opaque path state appends to.
    """

    __slots__ = ("fragment", "has_an_opaque_path", "host", "password", "path", "port", "query",
                 "scheme", "username")

    def __init__(self) -> None:
        self.scheme = ""
        self.username = Text()
        self.password = Text()
        self.host: Host | None = None
        self.port: int | None = None
        self.path: list[str] = []
        self.has_an_opaque_path = False
        self.query: str | None = None
        self.fragment: Text | None = None

    def set_opaque_path(self, segment: str) -> None:
        """Set the path to the URL path segment ``segment``, making it an opaque path."""
        self.path = [segment]
        self.has_an_opaque_path = True

    def is_special(self) -> bool:
        """https://url.spec.whatwg.org/#is-special"""
        return self.scheme in SPECIAL_SCHEMES

    def shorten_path(self) -> None:
        """https://url.spec.whatwg.org/#shorten-a-urls-path"""
        assert not self.has_an_opaque_path
        path = self.path
        if self.scheme == "file" and len(path) == 1 and is_normalized_windows_drive_letter(path[0]):
            return
        if path:
            path.pop()

    def record(self) -> URLRecord:
        """The URL record the parser returns."""
        return URLRecord(
            self.scheme, str(self.username), str(self.password), self.host, self.port,
            "".join(self.path) if self.has_an_opaque_path else self.path, self.query,
            None if self.fragment is None else str(self.fragment))
