"""The name a label of a domain is read in: the rest of the domain as the IDN display policy
(:mod:`.label_policy`, Chromium's ``IDNSpoofChecker``) reads it, its top-level label and the
scripts of the labels between (https://url.spec.whatwg.org/#url-rendering-i18n)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from urlgrammar.host.spoofing import script

#: The scripts of an ASCII label's letters.
_LATIN = frozenset({"Latn"})


class Name(NamedTuple):
    """What the rules read of the rest of the domain: its last label as ASCII (``tld``) and
    decoded (``top``), and the scripts of the letters of its other labels."""

    tld: str
    top: str
    scripts: frozenset[str]


def names_of(labels: list[str], texts: Sequence[str] | None = None) -> list[Name]:
    """The :class:`Name` each label of a domain is judged in, from the labels as the host parser
    gives them (ASCII), and ``texts``, the same decoded where the caller has them: the scripts
    are those of the letters of the labels between it and the last, which a reader takes for
    the rest of its name (`com` in `аррӏе.com.ком`); a label above it (`www` in
    `www.сахар.ru`) is not."""
    from urlgrammar.host.spoofing import decoded

    if texts is None:
        texts = [decoded(label) for label in labels]
    last = max((i for i, label in enumerate(labels) if label), default=0)
    tld = labels[last] if labels else ""
    top = texts[last] if labels else ""
    name = Name(tld, top, frozenset())
    names = [name] * len(labels)
    # Labels repeat (`ü.ü.ü`), and most add no script to the name: a label's scripts are read
    # once per distinct label, and a name is made only where it gains a script.
    scripts: dict[str, frozenset[str]] = {}
    for i in range(last - 1, -1, -1):
        names[i] = name
        if i:  # the first label's letters are in no name
            text = texts[i]
            its = scripts.get(text)
            if its is None:
                letters = [ch for ch in set(text) if ch.isalpha()]
                its = scripts[text] = frozenset(map(script, letters)) if not text.isascii() \
                    else _LATIN if letters else frozenset()
            if not its <= name.scripts:
                name = Name(tld, top, name.scripts | its)
    return names


def name_of(labels: list[str]) -> Name:
    """The :class:`Name` the first of ``labels`` is judged in (:func:`names_of`)."""
    return names_of(labels)[0]
