"""Which labels of a domain a trust display may show in Unicode, and which code points it may
show at all.

https://url.spec.whatwg.org/#url-rendering-i18n: a domain is rendered by domain to Unicode
(https://url.spec.whatwg.org/#concept-domain-to-unicode), with care for homographs. Here that
is done one label at a time, as browsers' IDN display policies decide (Chromium's
``IDNSpoofChecker::SafeToDisplayAsUnicode`` is asked per label):

1. :func:`to_unicode_label`: UTS #46 ToUnicode of each ``xn--`` label with the standard's
   flags (CheckHyphens and UseSTD3ASCIIRules off, CheckBidi and CheckJoiners on,
   IgnoreInvalidPunycode off), and a check that the decoded label encodes back to the label
   the host has, else the Unicode would stand for another host. Then CheckBidi, the one rule
   that reads the whole domain. As domain to Unicode returns the domain on any error, one
   error leaves every label as written (:func:`shown_labels`).
2. :func:`display_refusal`: the spoofing checks, one after another from
   :data:`DISPLAY_CHECKS`; a label that domain to Unicode decodes is shown in Unicode only
   where none refuses it, and the other labels stay as written. A new check is one more
   function in that tuple.

:func:`invisible` is the class of code points that show as nothing or as blank space, which
neither a label nor percent-decoded text may show.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

from urlgrammar.host.domain import unicode_labels
from urlgrammar.host.label_policy import label_findings
from urlgrammar.host.label_rules import bidi_failure, convert_and_validate, has_rtl
from urlgrammar.host.names import Name, names_of
from urlgrammar.host.punycode import punycode_encode
from urlgrammar.host.spoofing import available, default_ignorable, newer_than_data
from urlgrammar.host.tally import code_points

#: General categories drawn as nothing or as blank: controls, format characters (every bidi
#: control, zero-width character and tag is one), surrogates, private use, unassigned, and the
#: separators. Every White_Space code point (PropList.txt) is Cc, Zs, Zl or Zp, so these cover
#: the spaces too.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})
#: Graphic code points whose glyph is empty, which neither their category nor
#: Default_Ignorable_Code_Point gives away: from the invisible characters that VS Code
#: highlights (microsoft/vscode src/vs/base/common/strings.ts, InvisibleCharacters, drawn from
#: fonts by hediet/vscode-unicode-data). The Hangul fillers are Default_Ignorable too; they are
#: named as they are the known spoofs of blank space.
BLANK = frozenset({
    "\u2800",  # BRAILLE PATTERN BLANK (So)
    "\u115f", "\u1160", "\u3164", "\uffa0",  # HANGUL CHOSEONG/JUNGSEONG FILLER, HANGUL FILLER, HALFWIDTH
})


def invisible(ch: str) -> bool:
    """Whether ``ch`` shows as nothing or as blank space: a control, format or bidi control,
    a separator or space, unassigned or private use, a Default_Ignorable_Code_Point, or one of
    :data:`BLANK`. Needs the security data (:func:`.spoofing.available`)."""
    return (unicodedata2.category(ch) in _INVISIBLE_CATEGORIES or ch in BLANK
            or default_ignorable(ch))


@lru_cache(maxsize=1024)  # the labels of a host repeat (`com`, or one label many times)
def to_unicode_label(label: str) -> str | None:
    """UTS #46 ToUnicode of one ASCII ``label`` of a host, with domain to Unicode's flags
    (https://url.spec.whatwg.org/#concept-domain-to-unicode): the decoded label, or None where
    it is no ``xn--`` label, where ToUnicode records an error for it, or where the decoded
    label's Punycode is not ``label`` (the display would name another host).

    CheckBidi reads the whole domain and is left to the caller.
    """
    if not label.startswith("xn--"):
        return None
    decoded, errors = convert_and_validate(label)
    if decoded is None or any(relaxed for _, relaxed, _ in errors):
        return None
    if "xn--" + punycode_encode(decoded) != label:
        return None
    return decoded


#: A spoofing check: the reason a decoded label may not be shown in Unicode under the domain
#: the second argument describes (:class:`.names.Name`), or None.
DisplayCheck = Callable[[str, Name], "str | None"]
#: The domain a label is judged in where none is given: under `.com`, alone.
NO_NAME = Name("com", "com", frozenset())


def _unjudged(label: str, name: Name) -> str | None:
    # Without the data, or with code points newer than it, nothing can be said of the label,
    # and what cannot be judged cannot be cleared.
    if not available():
        return "no security data"
    newer = any(map(newer_than_data, code_points(label)))
    return "code point newer than the security data" if newer else None


def _invisible_code_point(label: str, name: Name) -> str | None:
    return "invisible code point" if any(map(invisible, code_points(label))) else None


def _label_rules(label: str, name: Name) -> str | None:
    findings = label_findings(label, name)
    return None if not findings else findings[0].reason


#: The checks a label must pass to be shown in Unicode, in order; the first needs to run
#: before the others, which read the data. :func:`_label_rules` is Chromium's policy
#: (:mod:`.label_policy`).
DISPLAY_CHECKS: tuple[DisplayCheck, ...] = (_unjudged, _invisible_code_point, _label_rules)


def display_refusal(label: str, name: Name = NO_NAME) -> str | None:
    """Why the decoded ``label`` may not be shown in Unicode (the first of
    :data:`DISPLAY_CHECKS` that refuses it), or None where it may; ``name`` is the domain
    it is a label of. https://url.spec.whatwg.org/#url-rendering-i18n"""
    for check in DISPLAY_CHECKS:
        reason = check(label, name)
        if reason is not None:
            return reason
    return None


def may_show_unicode(label: str, name: Name = NO_NAME) -> bool:
    """Whether the decoded ``label`` may be shown in Unicode (:func:`display_refusal`)."""
    return display_refusal(label, name) is None


def shown_labels(domain: str, protected: tuple[str, ...] = (), room: int | None = None,
                 keep: int = 0) -> list[str]:
    """The labels of an ASCII ``domain`` (a host the host parser gave) as a trust display shows
    them: decoded where domain to Unicode decodes the domain without error (each ``xn--``
    label by :func:`to_unicode_label`, then CheckBidi) and no check refuses the label
    (:func:`display_refusal`); else as written. Where a label would show decoded and the
    domain ends in a look-alike of a well-known domain (the shipped list and ``protected``,
    as :func:`~urlgrammar.host.top_domains.protected_names` gives them), every label is
    shown as written, as Chromium shows such a host in Punycode
    (``IDNSpoofChecker::GetSimilarTopDomain``): no one label is the spoof, the name is.
    https://url.spec.whatwg.org/#url-rendering-i18n

    ``room``: the code points the display has for the host, which shows its last ``keep``
    labels in any case. A label that cannot show in it (its Unicode and that of the labels after
    it are longer; a label's Punycode is longer than its Unicode) stays as written unjudged.
    """
    labels = domain.split(".")
    if not available():  # nothing can be judged, so no label is shown decoded
        return labels
    to_unicode = _to_unicode(domain, labels)
    if to_unicode is None:
        return labels
    decoded, unicode = to_unicode
    first = 0 if room is None else _first_shown(unicode, room, keep)
    # A label's name reads only the labels after it, so the labels not judged need none.
    names = names_of(labels[first:], unicode[first:])
    # The top-level domain as shown: a label in its script is no homograph under it
    # (:func:`.label_policy.whole_script_allowed`), but only where the display shows that
    # script.
    verdicts: dict[tuple[str, Name], bool] = {}  # labels and their names repeat
    top = names[-1].top if names else ""
    if not top.isascii():
        verdicts[top, names[-1]] = may_show_unicode(top, names[-1])
        if not verdicts[top, names[-1]]:
            names = [name._replace(top=name.tld) for name in names]
            # The top-level label, refused, is refused again under an ASCII top-level domain,
            # under which no script may look like Latin that could before.
            verdicts[top, names[-1]] = False
    shown = labels[:first]
    for d, a, name in zip(decoded[first:], labels[first:], names, strict=True):
        if d is not None and (d, name) not in verdicts:
            verdicts[d, name] = may_show_unicode(d, name)
        shown.append(d if d is not None and verdicts[d, name] else a)
    if shown == labels:
        return labels
    from urlgrammar.host.top_domains import similar_well_known, well_known

    trimmed = labels[:-1] if labels[-1] == "" else labels  # a trailing dot ends no label
    return labels if similar_well_known(trimmed, well_known(protected)) is not None else shown


def _to_unicode(domain: str, labels: list[str]) -> tuple[list[str | None], list[str]] | None:
    """Domain to Unicode of ``domain`` (its ``labels``): each ``xn--`` label decoded (None for
    the others), and every label in Unicode; None where it has an error."""
    # Where the domain parser has just given this domain, it has domain to Unicode's labels.
    texts = unicode_labels(domain)
    if texts is not None:
        return [t if a.startswith("xn--") else None for t, a in zip(texts, labels, strict=True)], list(texts)
    decoded = [to_unicode_label(label) for label in labels]
    # One label in error leaves them all as written, as domain to Unicode returns the domain on
    # any error: with one label shown in Unicode, the display would parse through UTS #46
    # ToASCII, where the label in error fails the whole host (`☕.xn--paypal-` is no host).
    if any(d is None and a.startswith("xn--") for d, a in zip(decoded, labels, strict=True)):
        return None
    unicode = [d if d is not None else a for d, a in zip(decoded, labels, strict=True)]
    # CheckBidi: in a domain with a right-to-left label every label must pass the bidi rules.
    if any(map(has_rtl, unicode)) and any(map(bidi_failure, unicode)):
        return None
    return decoded, unicode


def _first_shown(unicode: list[str], room: int, keep: int) -> int:
    """The first label that a display of ``room`` code points can show: where the labels
    from it on, in Unicode, are longer than that, none before it shows (but the last ``keep``)."""
    length = -1
    for i in range(len(unicode) - 1, -1, -1):
        length += len(unicode[i]) + 1
        if length > room and i < len(unicode) - keep:
            return i + 1
    return 0
