"""Schemes and parser modes (URL Specification § Parser Mode; https://url.spec.whatwg.org/#special-scheme)."""

from __future__ import annotations

import enum


class Mode(enum.Enum):
    """The parser mode (URL Specification § Parser Mode): which grammar reads the input.

    The values are the command line's names for the modes. ``Mode("Special")`` takes a name
    in any case; anything else is a ValueError that lists the names.
    """

    GENERIC = "generic"
    SPECIAL = "special"
    FILE = "file"

    @property
    def grammar(self) -> str:
        """The name of the grammar file that reads this mode (``url`` for generic)."""
        return "url" if self is Mode.GENERIC else self.value

    @classmethod
    def _missing_(cls, value: object) -> Mode:
        if isinstance(value, str):
            for mode in cls:
                if mode.value == value.lower():
                    return mode
        names = ", ".join(repr(m.value) for m in cls)
        raise ValueError(f"mode must be one of {names} or a Mode, not {value!r}")


#: web-scheme :: `http` | `https` | `ws` | `wss` | `ftp` (URL Specification § Web-URL)
WEB_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp"})


_MODE_OF_SCHEME = {"file": Mode.FILE, **{scheme: Mode.SPECIAL for scheme in WEB_SCHEMES}}


def mode_for_scheme(scheme: str | None, fallback: Mode = Mode.GENERIC) -> Mode:
    """URL Specification § Parser Mode: web, file or generic by scheme; else the fallback."""
    if scheme is None:
        return fallback
    mode = _MODE_OF_SCHEME.get(scheme)
    if mode is None:
        mode = _MODE_OF_SCHEME.get(scheme.lower(), Mode.GENERIC)
    return mode


