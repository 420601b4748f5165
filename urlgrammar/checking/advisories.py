"""Advisories: what a security reviewer needs to know about a URL string beyond its validity.

A string can be a valid URL string and still be an attack; the standard says so itself
(https://url.spec.whatwg.org/#security-considerations, and § URL rendering: "Consider
detecting confusable characters and warning when they are in use"). Each advisory is a
:class:`~urlgrammar.errors.Diagnostic` with severity ``"advisory"``, a stable code (the table
:data:`urlgrammar.errors.ADVISORIES`), a span in the input and, where one exists, a fix. They
are about what the input writes, on the URL the parser gave: a string the parser rejects has
none, and a host or scheme that comes from the base is not looked at, but for
unsafe-fetch-scheme, which is about the URL fetched (:mod:`.schemes`). They never change
validate's verdicts or the standard's errors.

Validate's fast path (:mod:`.plain`) takes plain URLs: ASCII URL code points, a lowercase web
or file scheme, a lowercase ASCII domain without `--` in a label's third and fourth places (so
no `xn--` label) or a file URL's empty host, no userinfo, no port (or, in a plain href, one
written as the serializer writes it), no backslash; against a base, a host that is not empty. Of
the advisories only internal-address can apply to those, for an internal name (`localhost`,
`*.internal`, a metadata service's name, `10.0.0.1.nip.io`; an IP address is never plain), so
:func:`plain_advisories` compares the host's end with what those names end with, in one
``str.endswith``, and runs the host's checks only where that matches. The rest cannot apply:
confusable-host, mixed-script-host and unsafe-host-code-point (every label is ASCII),
invisible-host-code-point and delimiter-lookalike-host (no non-ASCII, `%` or `xn--` in the host),
script-url and active-data-url (no javascript, vbscript or data scheme),
host-lookalike-credentials (no userinfo), scheme-relative-host-change (the scheme is written,
with `//`) and parser-disagreement (see :mod:`.disagreement`). In the fetch context a plain
`file:` or `ftp:` URL has unsafe-fetch-scheme, which the scheme's checks add there, against a
base too (where the scheme is the base's, the input writes it all the same). The tests compare
it with :func:`find_advisories` on WPT's inputs and generated ones.

What the advisories need beyond the pipeline (``urllib.parse``, ``ipaddress``, the UTS #39
data) is imported where first needed, not with ``validate``: a process that validates plain
URLs, or one URL from the command line, does not load it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain

from urlgrammar.checking.delimiters import ascii_decoded, delimiter_lookalike_host
from urlgrammar.checking.kept import Kept
from urlgrammar.checking.lookalike_domain import lookalike_domain
from urlgrammar.checking.schemes import scheme_advisories
from urlgrammar.checking.walk import code_point
from urlgrammar.encoding.decode import percent_decode_spans, percent_decode_str
from urlgrammar.errors import ADVISORY, Code, Diagnostic, URLError, message
from urlgrammar.host.internal import internal_address
from urlgrammar.host.internal_names import might_be_internal
from urlgrammar.host.parser import Domain, IPv4, IPv6, parse_host
from urlgrammar.model.code_points import C0_CONTROL_OR_SPACE
from urlgrammar.model.record import Component, Kind, URLRecord
from urlgrammar.model.schemes import UNSAFE_TO_FETCH
from urlgrammar.syntax.preprocess import preprocess
from urlgrammar.url import URL

#: The code points UTS #46 maps to U+002E FULL STOP, which end a label as written.
_FULL_STOPS = re.compile("[.\u3002\uff0e\uff61]")
#: Where a username that looks like a host and then something else stops looking like one.
_AFTER_HOST = re.compile(r"[/?#\\]")
#: What may follow a host that a username spells: ASCII punctuation but the full stop (a label
#: separator) and the brackets and colon of an IPv6 address.
_PUNCTUATION = re.compile(r"[!-\-;-@^-`{-~]")
#: A scheme and `//`: the input names its scheme and authority (https://url.spec.whatwg.org/#scheme-state).
_WRITTEN_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")
#: The longest host a message repeats: each of a host's advisories may name it, and a long host
#: with many would make the messages grow with the square of its length.
_SHOWN = 200
#: The advisories that read more of the input than its userinfo and host (and the URL): those
#: of the scheme (:func:`~urlgrammar.checking.schemes.scheme_advisories`; a data: URL's reads up
#: to its comma), of a scheme from the base (whether the input writes `//`) and of Python's readers.
_OF_MORE = frozenset({Code.SCRIPT_URL, Code.ACTIVE_DATA_URL, Code.UNSAFE_FETCH_SCHEME,
                      Code.SCHEME_RELATIVE_HOST_CHANGE, Code.PARSER_DISAGREEMENT})
#: The most code points of a username that looks like a host: a valid domain's most
#: (https://url.spec.whatwg.org/#valid-domain: domain to ASCII with beStrict, VerifyDnsLength).
_LONGEST_HOST = 253


def _advisory(code: Code, start: int, end: int, specifics: str, component: str | None,
              detail: str | None = None, fix: str | None = None) -> Diagnostic:
    return Diagnostic(code, start, end, message(code, specifics), component, detail, fix, ADVISORY)


def find_advisories(input: str, base: URL | None, url: URL | None,
                    context: str = "browser", protected: tuple[str, ...] = ()) -> tuple[Diagnostic, ...]:
    """Every advisory for ``input`` (against ``base``), whose URL is ``url``, ordered by where
    each starts; none where the parser fails (``url`` is None). ``context`` is where the URL
    is used (:data:`~urlgrammar.checking.schemes.CONTEXTS`); ``protected``, the domains whose
    look-alikes are flagged besides the well-known ones (:mod:`.lookalike_domain`)."""
    return first_advisories(input, base, url, None, context, protected)[0]


def first_advisories(input: str, base: URL | None, url: URL | None, limit: int | None,
                     context: str = "browser", protected: tuple[str, ...] = (),
                     like: tuple[str, tuple[Diagnostic, ...]] | None = None,
                     same_authority: bool = False, front: URLRecord | None = None,
                     ) -> tuple[tuple[Diagnostic, ...], int]:
    """The first ``limit`` advisories of :func:`find_advisories` (all of them for None), and
    how many it leaves out; a host's, which may be one per code point, are made one at a time
    and only the first kept. ``like``: another string for the same URL, with all its
    advisories (validate's input, for its fixed string): where Python's readers read the two
    alike and it has no parser-disagreement, neither has ``input``. ``same_authority``: ``like``
    writes the userinfo and host where ``input`` does, as ``input`` does, and its URL is ``url``
    itself (validate's fixed string, where each fix is one the parser makes after the host or
    a backslash it reads as a slash before it), so the advisories that read only those are
    ``like``'s: all but those of :data:`_OF_MORE`, which are made again. ``front``: a record
    that starts as the URL's does, up to its authority at least (its scheme, perhaps the base's,
    first), where the caller has one and the URL has not made its record (:mod:`.long_paths`,
    which answers without a component per segment): nothing here reads more of the record."""
    if url is None:
        return (), 0
    from urlgrammar.checking.disagreement import parser_disagreement, standard_reading
    from urlgrammar.checking.readers import read_alike

    kept: Kept[Diagnostic] = Kept(limit)
    record = url.record if front is None else front
    authority = record.component(Kind.AUTHORITY)
    found: Iterable[Diagnostic] = scheme_advisories(input, url, context, record[0])
    if authority is not None:
        # In the order they are made, which orders advisories that start at one place.
        written = [d for d in like[1] if d.code not in _OF_MORE] if like is not None and same_authority \
            else chain(_credentials(authority), _host_advisories(input, authority, protected),
                       delimiter_lookalike_host(input, authority))
        relative = _scheme_relative(input, base, url, record[0], authority) if base is not None else ()
        found = chain(found, relative, written)
    for d in found:
        kept.add(d.start, 0, d)
    # The look at the two strings' advisories first: it costs less than the readers' shapes.
    alike = like is not None and all(d.code is not Code.PARSER_DISAGREEMENT for d in like[1]) \
        and read_alike(input, like[0])
    standard = None if front is None else standard_reading(url, front)
    base_href = None if base is None else base.href
    disagreement = None if alike else parser_disagreement(input, base_href, url, standard)
    if disagreement is not None:
        kept.add(disagreement.start, 0, disagreement)
    first = tuple(kept.first())
    return first, kept.count - len(first)


def plain_advisories(input: str, url: URL, context: str = "browser") -> tuple[Diagnostic, ...]:
    """:func:`find_advisories` for a URL that validate's fast path took (see above)."""
    # file: and ftp: are plain, and unsafe to fetch. The scheme starts the input, before the
    # host; its checks read the record, which is asked only for a scheme they flag.
    unsafe = context != "browser" and url.protocol[:-1] in UNSAFE_TO_FETCH
    found = scheme_advisories(input, url, context) if unsafe else []
    # The hostname, not the record: a plain href's URL makes its record only when asked. A
    # superset of the internal names (a plain host has no trailing dot): the full checks decide.
    name = url.hostname
    if name and might_be_internal(name):
        return (*found, *host_advisories(input, url.record[1]))
    return tuple(found)


def host_advisories(input: str, authority: Component) -> list[Diagnostic]:
    """invisible-host-code-point, confusable-host, mixed-script-host, unsafe-host-code-point
    and internal-address for the host the input writes (none for a host that comes from the
    base)."""
    return list(_host_advisories(input, authority))


def _host_advisories(input: str, authority: Component,
                     protected: tuple[str, ...] = ()) -> Iterator[Diagnostic]:
    c = authority.value.host
    if c.span is None:
        return
    start, end = c.span
    host = c.value
    # Only a special URL's host goes through the domain mapping (an IPv4 address too: it is
    # read after it); an opaque host percent-encodes what it does not allow.
    if type(host) is Domain or type(host) is IPv4:
        yield from _invisible(input[start:end], start, host.serialize() if end - start <= _SHOWN else None)
    if type(host) is Domain and "xn--" in host.value:
        yield from _labels(host.value, input[start:end], start)
        yield from filter(None, [lookalike_domain(host.value, input[start:end], start, protected)])
    internal = internal_address(host)
    if internal is not None:
        yield _advisory(Code.INTERNAL_ADDRESS, start, end, internal.message, "host", internal.kind)


def _invisible(written: str, start: int, host: str | None) -> Iterator[Diagnostic]:
    """Each code point of the host as written (percent-encoded or not) that the domain mapping
    removes or makes a dot; the fix is what the mapping makes of it. The messages name the
    ``host`` the URL goes to, where it is given (short enough to repeat in each)."""
    if ascii_decoded(written):
        return
    from urlgrammar.host.spoofing import hidden_by_mapping

    decoded = percent_decode_spans(written) if "%" in written else None
    text = written if decoded is None else decoded.text
    goes = "" if host is None else f"; the URL goes to '{host}'"
    # Each distinct code point is judged, and its advisory worded, once; the hidden ones are
    # then found by one search (a long host repeats a few code points).
    said: dict[str, tuple[str, str, str]] = {}
    for ch in set(text):
        what = hidden_by_mapping(ch)
        if what is not None:
            said[ch] = (message(Code.INVISIBLE_HOST_CODE_POINT, f"{code_point(ch)} is {what}{goes}"),
                        f"U+{ord(ch):04X}", "" if what == "removed" else ".")
    if not said:
        return
    for m in re.finditer(f"[{re.escape(''.join(sorted(said)))}]", text):
        i = m.start()
        words, detail, fix = said[m.group()]
        at, to = (i, i + 1) if decoded is None else (decoded.starts[i], decoded.ends[i])
        yield Diagnostic(Code.INVISIBLE_HOST_CODE_POINT, start + at, start + to, words, "host", detail, fix,
                         ADVISORY)


def _labels(domain: str, written: str, start: int) -> list[Diagnostic]:
    """confusable-host, mixed-script-host and unsafe-host-code-point for each label that is not
    ASCII once decoded (:mod:`urlgrammar.host.label_policy`); each spans the code points it
    names where the written host shows them one for one (:mod:`.culprits`), else the label as
    written where the written host splits into the same labels, else the host."""
    from urlgrammar.checking.culprits import label_advisories
    from urlgrammar.host.spoofing import MISSING, available, decoded_labels

    labels = domain.split(".")
    texts = decoded_labels(domain)
    if not available():
        # The spec's advice needs Unicode's data, which is an optional extra: say that the
        # checks did not run where they would have, once, rather than pass the host in silence.
        if not all(text.isascii() for text in texts):
            return [_advisory(Code.SPOOFING_CHECK_UNAVAILABLE, start, start + len(written),
                              MISSING,
                              "host", None)]
        return []
    spans = [(start, start + len(written))] * len(labels)
    pieces: list[str | None] = [None] * len(labels)
    if "%" not in written:
        split = _FULL_STOPS.split(written)
        if len(split) == len(labels):
            offsets = [m.end() for m in _FULL_STOPS.finditer(written)]
            spans = [(start + a, start + a + len(p)) for a, p in zip([0, *offsets], split, strict=True)]
            pieces = list(split)
    return label_advisories(labels, spans, pieces, texts)


def _credentials(authority: Component) -> list[Diagnostic]:
    """host-lookalike-credentials: a username that reads as a host (`examplecorp.com@`), or
    starts with one and then punctuation (`google.com-login@`), or a userinfo that is a
    bracketed IPv6 address (`[::1]@`, which the standard splits into `[` and `:1]`)."""
    a = authority.value
    username, host = a.username, a.host
    if username is None or username.span is None or host.span is None:
        return []
    # Only a prefix is decoded: a username as long as a megabyte would cost its decoding, and
    # what the longest host's code points can be written in (12 for 4 bytes) holds what may show.
    shown = _AFTER_HOST.split(percent_decode_str(username.value[:12 * _LONGEST_HOST + 12]), 1)[0]
    if shown.startswith("[") and a.password is not None:
        shown = f"{shown}:{percent_decode_str(a.password.value[:12 * _LONGEST_HOST])}"
        shown = shown[:shown.find("]") + 1]
    shown = host_prefix(shown[:_LONGEST_HOST + 1]) or ""
    if not shown:
        return []
    return [_advisory(Code.HOST_LOOKALIKE_CREDENTIALS, username.span[0], host.span[0],
                      f"the URL goes to '{host.value}', not to '{shown}'", "userinfo", shown, "")]


def host_prefix(text: str) -> str | None:
    """``text``, or its longest start before ASCII punctuation, where that reads as a host
    (:func:`looks_like_host`): `google.com` of `google.com-login`, `google.com&`,
    `paypal.com;x`, `bank.com+x` or `google.com@` (a username's `@`). None where neither is."""
    if len(text) <= _LONGEST_HOST and looks_like_host(text):
        return text
    cuts = [m.start() for m in _PUNCTUATION.finditer(text, 1, _LONGEST_HOST + 1)]
    # Only the marks among the first code points a host can have, and only where the start
    # before them ends as a host can (a letter, digit or `]`), cost a host parse: a long
    # username of punctuation costs at most that many.
    for cut in reversed(cuts):
        if (text[cut - 1].isalnum() or text[cut - 1] == "]") and looks_like_host(text[:cut]):
            return text[:cut]
    return None


def looks_like_host(text: str) -> bool:
    """Whether ``text`` reads as a host: an IP address in any form the host parser reads
    (`2130706433`, `0x7f.1`, `[::1]`; a lone number only from 1.0.0.0 on: below, it is an
    address in 0.0.0.0/8, "this network", and more likely a user's number), `localhost` or a
    name under it, or a domain of two or more labels whose last is a plausible top-level label
    (letters, or Punycode)."""
    import ipaddress

    try:
        ipaddress.ip_address(text.removeprefix("[").removesuffix("]"))
        return True
    except ValueError:
        pass
    try:
        host = parse_host(text, True)
    except URLError:
        return False
    if type(host) is IPv4:
        return "." in text or host.value >= 1 << 24
    if type(host) is IPv6:
        return True
    if type(host) is not Domain:
        return False
    labels = host.value.removesuffix(".").split(".")
    top = labels[-1]
    if top == "localhost":
        return all(labels)
    return len(labels) >= 2 and all(labels) and (top.startswith("xn--") or (len(top) >= 2 and top.isalpha()))


def _scheme_relative(input: str, base: URL, url: URL, scheme: Component,
                     authority: Component) -> list[Diagnostic]:
    """scheme-relative-host-change: the scheme is the base's (none written, or one that
    legacy resolution dropped because no `//` follows it) and the host is the input's, and
    not the base's."""
    if scheme.span is not None or authority.span is None or url.hostname == base.hostname \
            or _WRITTEN_SCHEME.match(preprocess(input).text):
        return []
    start = len(input) - len(input.lstrip(C0_CONTROL_OR_SPACE))
    a = authority.value
    fix = None if a.username is not None else f"{url.protocol}//{url.host}"
    return [_advisory(Code.SCHEME_RELATIVE_HOST_CHANGE, start, authority.span[1],
                      f"{_named(base.hostname)} becomes {_named(url.hostname)} ({url.protocol} from the "
                      "base URL)",
                      "host", url.hostname, fix)]


def _named(host: str) -> str:
    return f"'{host}'" if host else "the empty host"
