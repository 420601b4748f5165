"""How explain shows text: as typed, one shown character per code point, so that a span
``i..j`` is the characters ``i`` to ``j`` of the quoted text.

https://url.spec.whatwg.org/#concept-basic-url-parser counts offsets in code points, and so do
explain's spans. Python's ``repr`` doubles each backslash (``'http:\\\\\\\\a'`` for
``http:\\\\a``), which put every span after a backslash out of line with the text shown; JSON's
escapes do the same. Here text is quoted with “ and ” and shown as typed, except the code
points that cannot be shown as themselves (they show nothing, a blank that is not U+0020, or
break the line), each of which stands as one visible character:

- the C0 controls and DEL as their Unicode control pictures, ␀ (U+2400) to ␟ and ␡ (U+2421),
  so that a tab is ␉ and a newline ␊;
- every other one as � (U+FFFD): C1 controls, lone surrogates, format characters (zero-width
  and bidi controls), line and paragraph separators, spaces other than U+0020, private-use and
  unassigned code points, and the Default_Ignorable_Code_Point fillers that are letters or
  marks (U+3164 HANGUL FILLER, the variation selectors).

:class:`Shown` remembers which code points stood in this way, and :func:`legend` says, for the
reader, what each such character stands for and where the input holds it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

OPEN, CLOSE = "\u201c", "\u201d"
#: What stands for a code point that is neither a C0 control nor DEL and cannot be shown.
REPLACEMENT = "\ufffd"
#: The C0 control abbreviations (as the viewer's boxes show them) and DEL.
_ABBREVIATIONS = ("NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT",
                  "FF", "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
                  "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US", "DEL")
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})
#: Default_Ignorable_Code_Point code points (Unicode's DerivedCoreProperties.txt) whose general
#: category is a letter or a mark: they show nothing, yet no category above holds them.
_IGNORABLE_GRAPHIC = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164"
                                "\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]")
_ASCII_HIDDEN = re.compile("[\x00-\x1f\x7f]")
#: How many offsets in the input the legend lists for one code point.
MAX_OFFSETS = 8
#: How many code points the legend describes; the rest are counted.
MAX_ENTRIES = 20


def hidden(ch: str) -> bool:
    """Whether the code point ``ch`` cannot be shown as itself."""
    if ch.isascii():
        return ch < " " or ch == "\x7f"
    return unicodedata2.category(ch) in _HIDDEN_CATEGORIES or _IGNORABLE_GRAPHIC.match(ch) is not None


def stand_in(ch: str) -> str:
    """The one visible character that stands for the hidden code point ``ch``."""
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else REPLACEMENT


def describe(ch: str) -> str:
    """A hidden code point by its number and, where it has one, its name or its kind."""
    code = ord(ch)
    number = f"U+{code:04X}"
    if code < 0x20 or code == 0x7F:
        return f"{number} {_ABBREVIATIONS[min(code, 0x20)]}"
    category = unicodedata2.category(ch)
    kind = {"Cs": "a lone surrogate", "Co": "private use", "Cn": "unassigned",
            "Cc": "a C1 control"}.get(category)
    return f"{number} ({kind})" if kind else f"{number} {unicodedata2.name(ch, '')}".rstrip()


class Shown:
    """Shows text for one explanation, and remembers each hidden code point it stood in for."""

    def __init__(self) -> None:
        self.hidden: dict[str, None] = {}  # an ordered set: the legend follows first appearance

    def text(self, text: str) -> str:
        """``text`` with each hidden code point's stand-in: as long as ``text``, in code points."""
        if text.isascii() and _ASCII_HIDDEN.search(text) is None:
            return text
        out = []
        for ch in text:
            if hidden(ch):
                self.hidden.setdefault(ch)
                out.append(stand_in(ch))
            else:
                out.append(ch)
        return "".join(out)

    def __call__(self, text: object) -> str:
        """``text`` (or ``str`` of it) shown, between “ and ”."""
        return f"{OPEN}{self.text(str(text))}{CLOSE}"


def legend(shown: Shown, input: str) -> dict[str, Any]:
    """What each stand-in that ``shown`` used stands for, as data: ``stand_ins``, each with the
    stand-in (``as``), the code point (``code_point``, described) and its offsets in ``input``
    (``at``, the first :data:`MAX_OFFSETS`; ``more``, how many others); and ``more``, how many
    code points stood in beyond the first :data:`MAX_ENTRIES`."""
    entries = list(shown.hidden)[:MAX_ENTRIES]
    offsets: dict[str, list[int]] = {ch: [] for ch in entries}
    counts = dict.fromkeys(entries, 0)
    if entries:
        for i, ch in enumerate(input):
            found = offsets.get(ch)
            if found is not None:
                counts[ch] += 1
                if len(found) < MAX_OFFSETS:
                    found.append(i)
    return {"stand_ins": [{"as": stand_in(ch), "code_point": describe(ch), "at": offsets[ch],
                           "more": counts[ch] - len(offsets[ch])} for ch in entries],
            "more": len(shown.hidden) - len(entries)}


def legend_lines(found: dict[str, Any]) -> list[str]:
    """:func:`legend` as text, one line per code point."""
    lines = []
    for e in found["stand_ins"]:
        where = ", ".join(map(str, e["at"])) + (f" and {e['more']} more" if e["more"] else "")
        lines.append(f"{e['as']} is {e['code_point']}"
                     + (f", at {where} in the input" if where else ", not in the input as typed"))
    if found["more"]:
        lines.append(f"and {found['more']} more code points that cannot be shown")
    return lines
