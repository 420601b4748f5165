"""confusable-host, mixed-script-host and unsafe-host-code-point: the rules of a trust display
(:mod:`urlgrammar.host.label_policy`, https://url.spec.whatwg.org/#url-rendering-i18n) as
advisories that name the code points each rule found, and span them in the input.

A label's advisory names its culprits (`U+0430 CYRILLIC SMALL LETTER A (Cyrillic) looks like
'a'`), the first few and how many more, so that a message stays short for a long label; its
detail lists them as `U+0430 U+0440`. Its span is the written label from its first culprit to
its last where the input writes the label so that each code point shows as one of the domain's
(`аpple` as written, or in capitals: the mapping takes each to one code point); else the label
as written (an `xn--` label, or full-width letters that the mapping changes), which the caller
gives. explain and the viewer mark a diagnostic's span, so they mark the culprits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from urlgrammar.errors import ADVISORY, Code, Diagnostic, message
from urlgrammar.host.label_policy import Finding, judge
from urlgrammar.host.names import names_of
from urlgrammar.host.spoofing import prototype, script, script_name, uts46_mapped

if TYPE_CHECKING:
    import unicodedata as unicodedata2
else:
    import unicodedata2

#: The kinds of :class:`urlgrammar.host.label_policy.Finding`, and the advisory each is.
_CODES = {"confusable": Code.CONFUSABLE_HOST, "mixed": Code.MIXED_SCRIPT_HOST,
          "unsafe": Code.UNSAFE_HOST_CODE_POINT}
#: How many culprits a message names before it says how many more there are.
_NAMED = 3
#: The longest label a message quotes whole (a label of a valid domain has at most 63 octets).
_QUOTED = 63


def culprit(ch: str) -> str:
    """A code point as an advisory names it: `U+0430 CYRILLIC SMALL LETTER A (Cyrillic)`."""
    name = unicodedata2.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "") + f" ({script_name(script(ch))})"


def _named(chars: tuple[str, ...], kind: str) -> str:
    def one(ch: str) -> str:
        shown = prototype(ch) if kind == "confusable" else None
        return culprit(ch) + (f" looks like '{shown.lower()}'" if shown and shown.lower().isascii() else "")

    more = len(chars) - _NAMED
    return ", ".join(map(one, chars[:_NAMED])) + (f" and {more} more" if more > 0 else "")


def _quoted(label: str) -> str:
    return f"'{label}'" if len(label) <= _QUOTED else f"'{label[:_QUOTED]}…' ({len(label)} code points)"


def label_advisories(labels: list[str], spans: list[tuple[int, int]],
                     written: list[str | None], texts: Sequence[str]) -> list[Diagnostic]:
    """The advisories of each ``xn--`` label of a domain (``labels``, as the host parser gives
    them, and ``texts``, the same decoded), one per kind of finding; ``spans`` are where each
    label is written, and ``written`` the labels as written where the written host splits
    into them (else None)."""
    found = []
    for encoded, decoded, (at, to), text, name in zip(labels, texts, spans, written,
                                                       names_of(labels, texts), strict=True):
        if not encoded.startswith("xn--"):
            continue
        judgement = judge(encoded, name, decoded)
        by_kind: dict[str, list[Finding]] = {}
        for finding in judgement.findings:
            by_kind.setdefault(finding.kind, []).append(finding)
        for kind, findings in by_kind.items():
            chars = tuple(dict.fromkeys(ch for f in findings for ch in f.culprits))
            reasons = "; ".join(dict.fromkeys(f.reason for f in findings))
            where = _located(judgement.label, text, chars)
            start, end = (at, to) if where is None else (at + where[0], at + where[1])
            specifics = f"{_quoted(judgement.label)} {reasons}: {_named(chars, kind)}"
            detail = " ".join(f"U+{ord(ch):04X}" for ch in chars[:_NAMED])
            code = _CODES[kind]
            found.append(Diagnostic(code, start, end, message(code, specifics), "host",
                                    detail + (" …" if len(chars) > _NAMED else ""), None, ADVISORY))
    return found


def _located(label: str, written: str | None, chars: Iterable[str]) -> tuple[int, int] | None:
    """Where in the ``written`` label the first and last of ``chars`` are (offsets in it),
    where each written code point is one code point of the decoded ``label``; else None."""
    if written is None or len(written) != len(label):
        return None
    for ch, shown in zip(written, label, strict=True):
        if ch != shown and (ch.lower() if ch.isascii() else uts46_mapped(ch)) != shown:
            return None
    wanted = set(chars)
    where = [i for i, ch in enumerate(label) if ch in wanted]
    return (where[0], where[-1] + 1) if where else None
