"""Code points: the classes the URL Standard names, each spelled here once.

https://url.spec.whatwg.org/#url-code-points, https://url.spec.whatwg.org/#forbidden-host-code-point,
https://url.spec.whatwg.org/#forbidden-domain-code-point, with the Infra Standard's classes they
are made of (https://infra.spec.whatwg.org/#code-points). Each class is a string of its code
points, or, where it reaches beyond ASCII, the pieces of a regular expression; the modules that
search text compile their own patterns from these, once (a module constant, or cached).
"""

from __future__ import annotations

import re
from typing import Final

#: https://infra.spec.whatwg.org/#c0-control: U+0000 to U+001F.
C0_CONTROLS: Final = "".join(map(chr, range(0x20)))
#: https://infra.spec.whatwg.org/#c0-control-or-space (a str, for ``str.strip``).
C0_CONTROL_OR_SPACE: Final = C0_CONTROLS + " "
#: https://infra.spec.whatwg.org/#ascii-tab-or-newline
ASCII_TAB_OR_NEWLINE: Final = "\t\n\r"
#: U+007F DELETE, a control that is not a C0 control.
DELETE: Final = "\x7f"
#: https://infra.spec.whatwg.org/#ascii-digit
ASCII_DIGITS: Final = "0123456789"
#: https://infra.spec.whatwg.org/#ascii-alphanumeric
ASCII_ALPHANUMERIC: Final = ASCII_DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

#: The ASCII URL code points (https://url.spec.whatwg.org/#url-code-points): the ASCII
#: alphanumerics and these.
URL_CODE_POINTS_ASCII: Final = ASCII_ALPHANUMERIC + "!$&'()*+,-./:;=?@_~"
#: The URL code points beyond ASCII, U+00A0 to U+10FFFD, as the range of a character class:
#: the range holds the surrogates and noncharacters too, which are not URL code points
#: (:data:`SURROGATE_OR_NONCHARACTER` finds those).
NON_ASCII_URL_RANGE: Final = "\u00a0-\U0010fffd"

#: What must never reach output raw where it quotes input (a message, a JSON line): the C0
#: controls (ESC and the line feed among them), DEL, the C1 controls (U+0085 NEXT LINE and
#: U+009B, a terminal's CSI, among them), the line and paragraph separators U+2028 and U+2029,
#: and the bidi controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069). Each
#: can end a line for some reader, start a terminal's escape sequence, or reorder the text
#: around it.
LINE_OR_TERMINAL_CONTROL: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

#: https://infra.spec.whatwg.org/#surrogate, as the range of a character class.
SURROGATE_RANGE: Final = "\ud800-\udfff"
#: A surrogate. A Python string may hold one; a URL, a scalar value string, never does.
SURROGATE: Final = re.compile(f"[{SURROGATE_RANGE}]")
#: A surrogate or a noncharacter (https://infra.spec.whatwg.org/#noncharacter: U+FDD0 to
#: U+FDEF, and the last two code points of each of the 17 planes), as a pattern's source.
SURROGATE_OR_NONCHARACTER: Final = f"[{SURROGATE_RANGE}\ufdd0-\ufdef]|" + \
    "|".join(f"\\U{plane:04x}fffe|\\U{plane:04x}ffff" for plane in range(17))

#: https://url.spec.whatwg.org/#forbidden-host-code-point
FORBIDDEN_HOST_CODE_POINTS: Final = "\x00\t\n\r #/:<>?@[\\]^|"
#: https://url.spec.whatwg.org/#forbidden-domain-code-point: a forbidden host code point, a C0
#: control, U+0025 (%) or U+007F DELETE.
FORBIDDEN_DOMAIN_CODE_POINTS: Final = "".join(
    sorted(set(FORBIDDEN_HOST_CODE_POINTS + C0_CONTROLS + "%" + DELETE)))


def one_of(chars: str) -> str:
    """The source of a pattern that matches one of the code points ``chars``."""
    return f"[{re.escape(chars)}]"


def none_of(chars: str) -> str:
    """The source of a pattern that matches a code point that is none of ``chars``."""
    return f"[^{re.escape(chars)}]"


def neither(ascii: str) -> str:
    """The source of a pattern that matches a code point which is neither one of ``ascii`` nor
    a URL code point beyond ASCII (https://url.spec.whatwg.org/#url-code-points)."""
    return f"[^{re.escape(ascii)}{NON_ASCII_URL_RANGE}]|{SURROGATE_OR_NONCHARACTER}"
