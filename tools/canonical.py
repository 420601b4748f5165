"""Canonical equivalence of two results, for the differentials against whatwg-url.

whatwg-url's tr46 normalizes with Node's ICU, whose Unicode may be older than the IDNA tables
(Node 20: ICU 78.2, Unicode 17.0, against tables of Unicode 18.0 on both sides). A host
holding a combining mark that only the newer Unicode knows then has its marks in another
order: the two results are the same text once their ``xn--`` labels are decoded and both are
normalized to NFD under unicodedata2's Unicode, and the difference is the peer's normalizer,
not a difference of the standard's steps.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from urlgrammar.host.punycode import punycode_decode

if TYPE_CHECKING:
    import unicodedata as unicodedata2
else:
    import unicodedata2

#: A label's ``xn--`` form, up to the label's end: a host may hold other ASCII than letters,
#: digits and hyphens (`xn--~z-...`), which are Punycode's basic code points too.
XN_LABEL = re.compile(r"xn--[^./:?#]+")


def equivalent(mine: str, their: str) -> bool:
    """Whether two results are canonically equivalent under unicodedata2's Unicode, once their
    ``xn--`` labels are decoded."""
    def nfd(text: str) -> str:
        decoded = XN_LABEL.sub(lambda m: punycode_decode(m.group(0)[4:]) or m.group(0), text)
        return str(unicodedata2.normalize("NFD", decoded))

    return nfd(mine) == nfd(their)
