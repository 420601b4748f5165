"""The standard's URL rendering: a URL shown to a person who makes a trust decision.

https://url.spec.whatwg.org/#url-rendering. :func:`render` gives the URL's serialization with
the section's modifications, and shows no host, path or escape that the URL does not have: its
output, parsed again, is the URL less its credentials (with a percent-encoded unreserved
character as that character, RFC 3986 section 6.2.2):

- no username or password (#url-rendering-simplification: they can be mistaken for the host);
- a domain by domain to Unicode (#concept-domain-to-unicode) with its error flag, where any
  error leaves the host as written, and each label in Unicode only where the spoofing checks
  let it (#url-rendering-i18n; :func:`urlgrammar.host.display.shown_labels`); an opaque host
  as it is written, as decoding it would show a host no parser gives it;
- percent-encoded bytes in the path, query and fragment decoded for reading, except where the
  code point would be invisible or blank (:func:`urlgrammar.host.display.invisible`; a
  combining mark on an undecoded code point), spoofing-prone (one UTS #39 finds confusable
  with a URL delimiter such as `/`, `?`, `#`, `@`; padlocks, the standard's own example; one
  newer than UTS #39's data), or would change how the URL reads (an ASCII code point other
  than a letter, digit, `-`, `.`, `_` or `~`, and a hex digit that would join a literal `%`
  into an escape); bytes that are not UTF-8 stay as they are;
- with ``width``, elision (#url-rendering-elision): first the end of the path, query and
  fragment, then domain labels from the lowest level, never into the registrable domain;
- text with right-to-left characters inside a left-to-right embedding (U+202A ... U+202C),
  as the standard asks for bidirectional text.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # unicodedata2 ships no type information; its interface is the standard library's.
    import unicodedata as unicodedata2
else:
    import unicodedata2

from urlgrammar.api import parse
from urlgrammar.host.display import invisible, shown_labels
from urlgrammar.host.label_rules import has_rtl
from urlgrammar.host.parser import Domain, Empty, Host
from urlgrammar.host.public_suffix import PublicSuffixListMissing, registrable_domain
from urlgrammar.host.spoofing import available, newer_than_data, skeleton
from urlgrammar.host.top_domains import protected_names
from urlgrammar.model.record import Kind
from urlgrammar.model.schemes import Mode, is_file
from urlgrammar.operations.offsets import unpack
from urlgrammar.url import URL

#: Where something was left out.
ELLIPSIS = "\u2026"
#: U+202A LEFT-TO-RIGHT EMBEDDING and U+202C POP DIRECTIONAL FORMATTING.
LRE, PDF = "\u202a", "\u202c"
#: A run of percent-encoded bytes; possessive, as a run is taken whole (it keeps no state to
#: backtrack into for each byte, a fifth of the time on a long run).
_ENCODED_RUN = re.compile("(?:%[0-9A-Fa-f]{2})++")
#: Well-formed UTF-8 (https://encoding.spec.whatwg.org/#utf-8-decoder), or else bytes it
#: fails on: a byte that starts no sequence, or the start of one for as long as it goes on as
#: one. The byte that breaks a sequence is not taken with it: the decoder restores it to the
#: stream (step 5 of its handler), so it may start a code point (`%E2%80%C3%A9` shows
#: `%E2%80é`). Bytes that fail all stay as written, so where one failure ends and the next
#: begins (`\xed` then `\xa0`, a surrogate's, counts as one here) changes nothing shown.
_UTF8 = (rb"[\x00-\x7f]|[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}"
         rb"|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}"
         rb"|\xf4[\x80-\x8f][\x80-\xbf]{2}")
_UTF8_OR_NOT = re.compile(
    rb"(?P<utf8>(?:" + _UTF8 + rb")+)|(?:(?!" + _UTF8 + rb")(?:[\x80-\xc1\xf5-\xff]|(?:[\xc2-\xdf]"
    rb"|[\xe0-\xef](?:(?<=\xe0)[\xa0-\xbf]|(?<=[\xe1-\xef])[\x80-\xbf])?|\xf0(?:[\x90-\xbf][\x80-\xbf]?)?"
    rb"|[\xf1-\xf3](?:[\x80-\xbf]{1,2})?|\xf4(?:[\x80-\x8f][\x80-\xbf]?)?)))+")
#: ASCII that means the same decoded as encoded (RFC 3986's unreserved characters).
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_HEX_DIGITS = frozenset(string.hexdigits)
#: https://url.spec.whatwg.org/#windows-drive-letter
_DRIVE = re.compile("[A-Za-z][:|]")
#: Code points whose UTS #39 prototype or compatibility decomposition (NFKC: the full-width
#: forms) holds one of these pass for URL syntax.
_DELIMITERS = frozenset("/\\?#@:%.&=")
#: Padlocks, which pass for a browser's security indicator (the standard's example, U+1F512).
_PADLOCKS = frozenset("\U0001f50f\U0001f510\U0001f512\U0001f513")


def render(url: URL | str, *, width: int | None = None, protected: Iterable[str] = ()) -> str:
    """``url`` (a URL, or a string that :func:`urlgrammar.parse` takes) as the standard's URL
    rendering shows it (https://url.spec.whatwg.org/#url-rendering; the host by
    https://url.spec.whatwg.org/#concept-domain-to-unicode, see the module's docstring).
    Without ``width``, the result less its embedding marks parses to ``url`` less its
    credentials.

    ``width`` is the room in code points (the embedding marks aside); where the URL is longer,
    parts are elided with U+2026, but never the registrable domain, which the result shows
    even where it alone is longer than ``width``. The registrable domain comes from the
    Public Suffix List (the optional ``psl`` extra); without it, the last two labels.
    Raises :class:`~urlgrammar.URLError` for a string that does not parse, and ValueError
    for a ``width`` below 1.

    ``protected`` are domains the caller trusts (as :func:`urlgrammar.validate` takes them),
    beside the well-known ones that ship with the package: a host that ends in a look-alike of
    one is shown in ASCII (lookalike-domain). A ValueError names an entry that is not a
    domain of two labels or more.
    """
    if width is not None and width < 1:
        raise ValueError(f"width must be at least 1, not {width}")
    names = protected_names(protected)
    if isinstance(url, str):
        url = parse(url)
    labels, keep = _host(url, names, width)
    scheme = url.protocol + ("//" if _has(url, Kind.AUTHORITY) else "")
    port = f":{url.port}" if url.port else ""
    shown = _fit(scheme, labels, keep, port, _rest(url), width)
    return LRE + shown + PDF if has_rtl(shown) else shown


def _rest(url: URL) -> str:
    """The path, query and fragment as shown: only what the URL has, so that the rendering
    parses to the URL again (https://url.spec.whatwg.org/#url-serializing)."""
    # Without a host, a path that starts with an empty segment would read as a host: the
    # serializer writes `/.` before it, and so must the display.
    dot = "/." if not _has(url, Kind.AUTHORITY) and url.pathname.startswith("//") else ""
    # An empty query or fragment is still one: `?` and `#` stay.
    query = "?" + readable(url.search[1:]) if _has(url, Kind.QUERY) else ""
    fragment = "#" + readable(url.hash[1:]) if _has(url, Kind.FRAGMENT) else ""
    return dot + _path(url) + query + fragment


def _has(url: URL, kind: Kind) -> bool:
    """Whether ``url`` has an authority, a query or a fragment: for a URL kept as its href and
    offsets (:mod:`urlgrammar.operations.offsets`), read off them, as its record would be made
    for it (a long path's, with a component per segment)."""
    if url._offsets is None:
        return url.record.has(kind)
    _, _, _, query, fragment = unpack(url._offsets)
    if kind is Kind.QUERY:
        return query < fragment
    if kind is Kind.FRAGMENT:
        return fragment < len(url.href)
    return kind is Kind.AUTHORITY  # a kept URL is written with `//`


def _path(url: URL) -> str:
    """The path as shown: decoded where safe, but never into a Windows drive letter."""
    path = readable(url.pathname)
    if not is_file(url.protocol[:-1]) or path == url.pathname:
        return path
    # A file URL's first segment `C:` or `C|` is a drive (https://url.spec.whatwg.org/#path-state,
    # which also writes `|` as `:`), which `..` does not remove: `%43:` is none and may not
    # show as one. Decoding writes no `/`, so the segments stay where they were.
    first, shown = url.pathname.split("/", 2)[1], path.split("/", 2)[1]
    if shown != first and _DRIVE.fullmatch(shown):
        return "/" + first + path[1 + len(shown):]
    return path


def _host(url: URL, protected: tuple[str, ...], width: int | None) -> tuple[list[str], int]:
    """The host's labels as shown in ``width``, and how many of the last ones the elision keeps."""
    host: Host
    if url._offsets is not None:  # a plain host: a domain, a file URL's empty host, or opaque
        if url.mode is Mode.GENERIC:
            return [url.hostname], 1
        host = Domain(url.hostname) if url.hostname else Empty()
    else:
        authority = url.record.component(Kind.AUTHORITY)
        if authority is None:
            return [], 0
        host = authority.value.host.value
    if type(host) is not Domain:
        # An opaque host is shown as it is: decoded, `%D0%B0pple.com` would read `аpple.com`,
        # a host no parser gives it, and no IDN display policy has judged.
        return [host.serialize()], 1
    count = host.value.count(".") + 1
    # A trailing dot is an empty last label, which stays with the registrable domain.
    try:
        registrable = registrable_domain(host)
        keep = count if registrable is None else registrable.count(".") + 1
    except PublicSuffixListMissing:
        keep = 2 + host.value.endswith(".")
    keep = min(keep, count)
    return shown_labels(host.value, protected, width, keep), keep


def _fit(scheme: str, labels: list[str], keep: int, port: str, rest: str, width: int | None) -> str:
    """The rendering in ``width`` code points, or as near as the registrable domain allows."""
    host = ".".join(labels)
    full = scheme + host + port + rest
    if width is None or len(full) <= width:
        return full
    room = width - len(scheme + host + port) - 1
    if room >= 0 and rest:
        return scheme + host + port + rest[:room] + ELLIPSIS
    tail = ELLIPSIS if rest not in ("", "/") else ""
    for prefix, end in ((scheme, tail), (scheme, ""), ("", "")):
        if len(prefix + host + port + end) <= width:
            return prefix + host + port + end
        k = _first_fitting(labels, keep, width - len(prefix) - len(ELLIPSIS) - len(port) - len(end))
        if k is not None:
            return prefix + ELLIPSIS + ".".join(labels[k:]) + port + end
    kept = ".".join(labels[len(labels) - keep:])
    return (ELLIPSIS if keep < len(labels) else "") + kept + port


def _first_fitting(labels: list[str], keep: int, room: int) -> int | None:
    """The least k, from 1 to ``len(labels) - keep``, for which the labels from the k-th on,
    joined by dots, take at most ``room`` code points; None where none does. Counted from
    the last label back, so that a host of many labels costs the labels that fit, at most
    ``room``, and not its length."""
    k = len(labels) - keep
    if k < 1:
        return None
    length = len(".".join(labels[k:])) if keep else -1
    if length > room:
        return None
    while k > 1 and length + len(labels[k - 1]) + 1 <= room:
        k -= 1
        length += len(labels[k]) + 1
    return k


def readable(text: str) -> str:
    """``text`` with its percent-encoded bytes decoded where that is safe to show (see the
    module's docstring); the rest stays encoded.

    https://url.spec.whatwg.org/#url-rendering-i18n: sequences of percent-encoded bytes are
    replaced with their UTF-8 decoding "unless that renders those sequences invisible".
    """
    if "%" not in text:
        return text
    out: list[str] = []
    end = 0
    shown = cache(_shown)  # the runs repeat their code points
    for match in _ENCODED_RUN.finditer(text):
        out.append(text[end:match.start()])
        # Runs are maximal, so what comes before one is shown as it is written.
        out.append(_decode_run(match.group(), text[max(end, match.start() - 2):match.start()], shown))
        end = match.end()
    out.append(text[end:])
    return "".join(out)


def _decode_run(run: str, before: str, shown: Callable[[str, bool], bool]) -> str:
    """One run of percent-encoded bytes as shown; ``before``: the (up to) two code points
    shown before it; ``shown``: :func:`_shown`. A run that is UTF-8 throughout (most are) is
    decoded at once, and then read a code point at a time; another by its stretches of UTF-8
    (:func:`_decode_bytes`)."""
    try:
        decoded = bytes.fromhex(run.replace("%", "")).decode("utf-8")
    except UnicodeDecodeError:
        return _decode_bytes(run, before, shown)
    # Where the bytes are UTF-8 and each of their code points is shown, or each is not,
    # wherever it stands, the run is shown decoded, or as it is, at once.
    chars = set(decoded)
    decisions = {(shown(ch, True), shown(ch, False)) for ch in chars}
    if decisions == {(False, False)}:
        return run
    if decisions == {(True, True)} and _HEX_DIGITS.isdisjoint(chars):
        return decoded
    out: list[str] = []
    pending = 0
    previous_shown = False
    tail = before
    for ch in decoded:
        n = ord(ch)
        end = pending + (3 if n < 0x80 else 6 if n < 0x800 else 9 if n < 0x10000 else 12)
        # As in _decode_bytes: no hex digit after a literal `%`.
        show = shown(ch, previous_shown) and not (ch in _HEX_DIGITS and "%" in tail)
        piece = ch if show else run[pending:end]
        out.append(piece)
        pending, previous_shown = end, show
        tail = (tail + piece)[-2:]
    return "".join(out)


def _decode_bytes(run: str, before: str, shown: Callable[[str, bool], bool]) -> str:
    """:func:`_decode_run` for a run with bytes that are not UTF-8: they stay as they are
    written. The run is cut where the UTF-8 decoder fails (:data:`_UTF8_OR_NOT`), and each
    stretch of UTF-8 between those pieces is decoded at once."""
    out: list[str] = []
    for match in _UTF8_OR_NOT.finditer(bytes.fromhex(run.replace("%", ""))):
        piece = run[3 * match.start():3 * match.end()]
        out.append(_decode_run(piece, before, shown) if match.lastgroup == "utf8" else piece)
        # A stretch of UTF-8 comes after a failure, where the decoder starts afresh, and the
        # last failing byte's hex digits are what is shown before it.
        before = piece[-2:]
    return "".join(out)


def _shown(ch: str, after_shown: bool) -> bool:
    """Whether the decoded code point ``ch`` is shown decoded."""
    if ch.isascii():
        return ch in _UNRESERVED
    if not available() or newer_than_data(ch):
        return False  # what the data cannot judge cannot be cleared: it stays percent-encoded
    if invisible(ch) or ch in _PADLOCKS:
        return False
    if unicodedata2.category(ch)[0] == "M" and not after_shown:
        return False  # it would mark the undecoded code point before it
    return not _DELIMITERS.intersection(skeleton(ch) + unicodedata2.normalize("NFKC", ch))
