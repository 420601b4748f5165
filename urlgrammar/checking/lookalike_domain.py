"""lookalike-domain: a host that ends in the look-alike of a well-known domain.

https://url.spec.whatwg.org/#url-rendering-i18n. The host's last labels have the skeleton of a
well-known domain, diacritics removed, and are not that domain (`gооgle.com` with Cyrillic
``о``, `googlé.com`, `łinkedin.com`); :mod:`urlgrammar.host.top_domains` says how they are
compared, which domains are well-known (a list from Chromium, and the caller's ``protected``
ones), and why neither a host of ASCII labels alone (`rnicrosoft.com`) nor one that embeds a
well-known name before its own (`paypal.com.evil.example`) is flagged.

The message names the well-known domain and the code points of the look-alike that make it
one: those beyond ASCII that differ from the well-known domain's at their place, or all those
beyond ASCII where the two differ in length, each with its name, script and places (counted
from 1 in the look-alike as it is shown, decoded), at most :data:`_NAMED` code points and
:data:`_PLACES` places each. The span is the look-alike's labels as written, where the written
host splits into the same labels (not percent-encoded); the whole host otherwise.
"""

from __future__ import annotations

import re

from urlgrammar.errors import ADVISORY, Code, Diagnostic, message

#: The code points that end a label as written (those UTS #46 maps to U+002E FULL STOP).
_FULL_STOPS = re.compile("[.\u3002\uff0e\uff61]")
#: The most code points a message names, and places it gives for each.
_NAMED, _PLACES = 3, 5
#: The longest look-alike a message shows whole.
_SHOWN = 120


def lookalike_domain(domain: str, written: str, start: int,
                     protected: tuple[str, ...] = ()) -> Diagnostic | None:
    """The advisory for the ASCII ``domain`` (the host parser's) written as ``written`` at
    ``start`` in the input, if it ends in the look-alike of a well-known domain (the shipped
    ones and ``protected``, as :func:`~urlgrammar.host.top_domains.protected_names` gives
    them). None also without the security extra, for which spoofing-check-unavailable speaks."""
    from urlgrammar.host.spoofing import available, decoded
    from urlgrammar.host.top_domains import similar_well_known, well_known

    if not available():
        return None
    labels = domain.split(".")
    if labels[-1] == "":
        labels.pop()  # a trailing dot ends the host, and no label
    found = similar_well_known(labels, well_known(protected))
    if found is None:
        return None
    lookalike = ".".join(decoded(label) for label in labels[-found.labels:])
    target = ".".join(decoded(label) for label in found.domain.split("."))
    at, to = _span(written, len(labels), found.labels)
    shown = lookalike if len(lookalike) <= _SHOWN else lookalike[:_SHOWN] + "…"
    which = culprits(lookalike, target)
    specifics = f"'{shown}' looks like '{target}'" + (f": {which}" if which else "")
    return Diagnostic(Code.LOOKALIKE_DOMAIN, start + at, start + to,
                      message(Code.LOOKALIKE_DOMAIN, specifics), "host", found.domain, None, ADVISORY)


def _span(written: str, count: int, last: int) -> tuple[int, int]:
    """Where the ``last`` of ``count`` labels are in the host as written: the whole host where
    it does not split into those labels as written (percent-encoded)."""
    if "%" in written:
        return 0, len(written)
    stops = [m.start() for m in _FULL_STOPS.finditer(written)]
    end = len(written)
    if len(stops) == count:  # a trailing dot: the labels end before it
        end = stops.pop()
    if len(stops) != count - 1:
        return 0, len(written)
    return (0 if last == count else stops[count - last - 1] + 1), end


def culprits(lookalike: str, target: str) -> str:
    """The code points of ``lookalike`` that make it look like ``target``, each with its name,
    script and places: ``U+043E CYRILLIC SMALL LETTER O (Cyrillic) at 2 and 3``."""
    from urlgrammar.checking.culprits import culprit

    same_length = len(lookalike) == len(target)
    places: dict[str, list[int]] = {}
    for i, ch in enumerate(lookalike):
        if not ch.isascii() and not (same_length and target[i] == ch):
            places.setdefault(ch, []).append(i + 1)
    named = [f"{culprit(ch)} at {_places(where)}"
             for ch, where in list(places.items())[:_NAMED]]
    more = len(places) - len(named)
    return "; ".join(named) + (f"; and {more:,} more code points" if more > 0 else "")


def _places(where: list[int]) -> str:
    if len(where) > _PLACES:
        return f"{', '.join(map(str, where[:_PLACES]))} and {len(where) - _PLACES:,} more places"
    return " and ".join(filter(None, (", ".join(map(str, where[:-1])), str(where[-1]))))
