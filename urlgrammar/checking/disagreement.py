"""The parser-disagreement advisory: a Python reader reads another scheme, host or port.

https://url.spec.whatwg.org/#security-considerations ("B should never trust A"). The server-
side request forgery of Python services: a check reads the URL with ``urllib.parse`` (is the
host on the allow list?) and something else fetches it the standard's way, or the other way
round; or a check that reads it the standard's way lets through what ``http.client``, urllib3,
httpx or aiohttp then fetch from somewhere else. Where two readings of one string differ, the
check is about a different URL. The readers and what each reads are :mod:`.readers`'; RFC
3986's reading (JSON Schema's `uri`, OpenAPI, the `rfc3986` package) is one of them, named where
it differs.

What is compared is what each reading would connect to: the scheme; the host, with the
differences that change nothing taken out (case, brackets, the forms of one IPv6 address;
urllib does not map `bücher.example` and a client would; a file URL's `localhost`, which the
standard makes the empty host); and the port, with the scheme's default where none is
written. A reader that raises on the port still has its host compared
(`http://good.example\\@evil.example:x/`: urllib's hostname is `evil.example`); a reader that
raises on the string reads nothing, which is no disagreement to warn of.

When they cannot differ (validate's fast path). For a plain URL (:mod:`.plain`): ASCII URL
code points only, so urllib's stripping of leading C0 controls and spaces and its removal of
tabs and newlines change nothing, and its NFKC check of the netloc does not run; a lowercase
special scheme followed by `//`, which every reader reads as the scheme (the first `:` ends
it, and every code point before it is a scheme code point); then an authority without `@`,
`:`, `[`, `%` or `\\`, which the standard ends at the first `/`, `?` or `#`, as urllib ends its
netloc and urllib3, httpx and yarl their authority (RFC 3986's, which ends there too); so
each reads the host as written, and the fast path takes only a host that the standard gives
back unchanged (a lowercase ASCII domain, or the empty host of a file URL, which urllib reads
as no host and the others do not read: they fetch no file URLs). An ASCII host is not
IDNA-encoded by http.client, urllib3, httpx or yarl. None has a port, but a plain href
(:func:`urlgrammar.operations.offsets.plain_href`), whose one `:` in the authority starts a
port written as the serializer writes it (decimal, no leading zero, at most 65535, not the
scheme's default), which each reads as that number. RFC 3986's reading is that too
where the string is a URI: the host as written (no `%` to decode, lowercase already) or the same
dotted-decimal address, the port's digits. So the readings are
equal and the fast path skips the comparison; the tests check that for every reader on every
plain WPT input and generated ones.
"""

from __future__ import annotations

import ipaddress
import re
import string

from urlgrammar.checking.readers import (
    _AGREEING_AUTHORITY,
    _HEAD_PATH,
    HostValue,
    Reading,
    host_value,
    readings,
    rfc_reading,
    split,
    urllib_reading,
)
from urlgrammar.checking.relative_reading import reads_the_base
from urlgrammar.encoding.decode import percent_decode_bytes
from urlgrammar.encoding.percent import utf8
from urlgrammar.errors import ADVISORY, Code, Diagnostic, message
from urlgrammar.host.parser import Domain, IPv4, IPv6, Opaque
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import default_port, is_file, is_special_scheme
from urlgrammar.url import URL

__all__ = ["RFC", "Reading", "parser_disagreement", "plain_reading", "python_reading", "standard_reading",
           "written_reading"]

#: How the advisory names RFC 3986's reading (:func:`urlgrammar.checking.readers.rfc_reading`).
RFC = "RFC 3986"


def standard_reading(url: URL, front: URLRecord | None = None) -> Reading:
    """The standard's reading of ``url``, as :class:`Reading` compares them. ``front``: the
    URL's components up to its authority, where the caller has them without its record."""
    scheme = url.protocol[:-1]
    authority = (url.record if front is None else front).component(Kind.AUTHORITY)
    host: HostValue = None
    port = default_port(scheme)
    if authority is not None:
        value = authority.value.host.value
        if type(value) is IPv4:
            host = ipaddress.IPv4Address(value.value)
        elif type(value) is IPv6:
            host = ipaddress.IPv6Address(value.serialize()[1:-1])
        elif type(value) is Domain:
            host = value.value
        elif type(value) is Opaque:  # read as urllib's host is: an address where it is one
            text = percent_decode_bytes(utf8(value.value)).decode("utf-8", "replace").lower()
            try:
                host = ipaddress.ip_address(text)
            except ValueError:
                host = text
        if url.port:
            port = int(url.port)
    return Reading(scheme, host, port)


def plain_reading(url: URL) -> Reading:
    """:func:`standard_reading` of a URL kept as a plain href of a special scheme
    (:func:`urlgrammar.operations.offsets.plain_href`), read off its getters without its
    record: its host is a lowercase ASCII domain whose last label is no number, so no address
    (https://url.spec.whatwg.org/#concept-host-parser), or a file URL's empty host, which
    that reads as none; its port is written or the scheme's default."""
    scheme = url.protocol[:-1]
    port = url.port
    return Reading(scheme, url.hostname or None, int(port) if port else default_port(scheme))


def _disagreeing(input: str, base: str | None, standard: Reading) -> tuple[list[str], list[str],
                                                                           dict[Reading, list[str]]]:
    """The readers that ran, those that refused the string, and the readings that differ
    from ``standard``'s with the readers that read each."""
    ran: list[str] = []
    refused: list[str] = []
    differ: dict[Reading, list[str]] = {}
    for name, reading in readings(input, base, standard.scheme, standard):
        ran.append(name)
        if reading is None:
            refused.append(name)
        elif reading.differences(standard):
            differ.setdefault(reading, []).append(name)
    rfc = rfc_reading(input, base)
    if rfc is not None and rfc.differences(standard):  # named only where it disagrees
        ran.append(RFC)
        differ.setdefault(rfc, []).append(RFC)
    return ran, refused, differ


#: A head of :data:`~urlgrammar.checking.readers._AGREEING_HEAD` taken apart as
#: ``urllib.parse`` takes it: the scheme, the host (the netloc up to its `:`, as it has no `@`
#: or `[`) and the port's digits.
_PARTS = re.compile(r"([^:]++)://([^:/]++)(?::([0-9]++))?")


#: The code points of :data:`~urlgrammar.checking.readers._HEAD_PATH` and `%`, as bytes.
_PATH_BYTES = (_HEAD_PATH + "%").encode("ascii")
#: Each byte as :func:`_agreeing_head` reads it: `%` as itself, a hex digit as `h`, any other as `x`.
_HEX_AS_H = bytes(b if b == ord("%") else ord("h") if chr(b) in string.hexdigits else ord("x")
                  for b in range(256))


def _head_end(input: str) -> int:
    """Where ``input``'s head ends: at its first `?` or `#`, or at its end."""
    ends = [at for at in (input.find("?"), input.find("#")) if at >= 0]
    return min(ends, default=len(input))


def _agreeing_head(input: str, end: int) -> bool:
    """Whether ``input[:end]`` is one of :data:`~urlgrammar.checking.readers._AGREEING_HEAD`.
    Its path is read by bytes, not by the pattern, which costs ten times more on a path of
    percent-encoded bytes (a fixed string's, nine times its input's lone surrogates): each
    is a code point of the path or `%`, and each `%` is followed by two hex digits."""
    authority = _AGREEING_AUTHORITY.match(input, 0, end)
    if authority is None:
        return False
    at = authority.end()
    if at == end:
        return True
    path = input[at:end]
    if path[0] != "/" or not path.isascii():
        return False
    data = path.encode("ascii")
    if data.translate(None, _PATH_BYTES):
        return False
    # A `%` of `%hh` is one with two hex digits: no two of those overlap, so each is counted.
    marked = data.translate(_HEX_AS_H)
    return marked.count(b"%") == marked.count(b"%hh")


def written_reading(input: str, base: str | None) -> Reading | None:
    """What every reader reads from ``input`` or refuses, where it has no base and its head
    (up to its query or fragment) is one of :data:`~urlgrammar.checking.readers._AGREEING_HEAD`:
    read from the head as written, without running them; else None.

    ``urllib.parse``: the head starts with an ASCII letter and has no tab or newline, so the
    C0 and space urlsplit strips and the tabs and newlines it removes are none of it, and its
    first `?` or `#` is the input's; its scheme is scheme code points up to the first `:`,
    which urlsplit takes, lowercased; the netloc ends at the first `/`, `?` or `#`, and has no
    `@`, `[`, `%` or non-ASCII code point, so ``hostname`` is the host lowercased and ``port``
    the digits after its `:` (unread past 65535). ``http.client`` reads that hostname (ASCII:
    no IDNA). RFC 3986 splits off the same scheme and authority where the input is a
    URI-reference (no `%` to decode in the host, and host_value folds case), else reads
    nothing. The optional readers read such a head as urllib does or refuse it, where urllib
    reads what the standard does (:func:`~urlgrammar.checking.readers.readings`, whose tests
    check it). So where this reading is the standard's, no reader disagrees."""
    if base is not None:
        return None
    end = _head_end(input)
    parts = _PARTS.match(input, 0, end) if _agreeing_head(input, end) else None
    if parts is None:
        return None
    scheme, port = parts[1].lower(), parts[3]
    number = default_port(scheme) if port is None else int(port)
    host = host_value(parts[2].lower())
    if is_file(scheme) and host == "localhost":
        host = None
    return Reading(scheme, host, number, True) if number is None or number <= 65535 else \
        Reading(scheme, host, None, False)


def written_against(input: str, base: str) -> Reading | None:
    """What every reader reads from ``input`` against ``base`` (an href), or refuses, where
    ``input`` writes a scheme and `//`, or `//` alone and ``base``'s scheme is special, and its
    head is one that :func:`written_reading` reads; else None.

    Each reader then reads the reference's authority, with its scheme or the base's:
    ``urljoin`` returns a reference with another scheme as it is, and keeps the netloc of one
    with the same scheme or with none (the special schemes are in ``uses_netloc``), and RFC
    3986 § 5.2.2 takes the reference's authority, with the base's scheme where it has none;
    so `//h/p` is read as the base's scheme and `://h/p` would be. The standard reads it so too
    (the special authority states), which is compared all the same."""
    if input.startswith("//"):
        scheme = base[:base.find(":")]
        if input[2:3] in ("/", "\\") or not is_special_scheme(scheme):
            return None
        return written_reading(f"{scheme}:{input}", None)
    return written_reading(input, None) if "://" in input else None


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def parser_disagreement(input: str, base: str | None, url: URL,
                        standard: Reading | None = None) -> Diagnostic | None:
    """The advisory where a Python reader and the standard read ``input`` differently, or
    None. Its fix is the URL's href where every reader reads that (against ``base``) as the
    standard does. ``standard``: the URL's :func:`standard_reading`, where the caller has it."""
    if base is not None and reads_the_base(input, base):
        return None
    if standard is None:
        standard = standard_reading(url)
    written = written_reading(input, base) if base is None else written_against(input, base)
    if written is not None and not written.differences(standard):
        return None
    ran, refused, differ = _disagreeing(input, base, standard)
    if not differ:
        return None
    parts = sorted({part for reading in differ for part in reading.differences(standard)},
                   key=("scheme", "host", "port").index)
    said = "; ".join(f"{_names(names)} read{'s' if len(names) == 1 else ''} {reading.describe()}"
                     for reading, names in differ.items())
    others = f"; {_names(refused)} refused it" if refused else ""
    fix = None
    # The href is read against the base too, as the input is: urljoin gives an absolute file
    # URL with the empty host the base's host. Where its head is one every reader reads as
    # written, that reading is theirs.
    href = url.href
    if href != input:
        again = written_reading(href, None) if base is None else written_against(href, base)
        if (again is not None and not again.differences(standard)) or \
                not _disagreeing(href, base, standard)[2]:
            fix = href
    return Diagnostic(Code.PARSER_DISAGREEMENT, 0, len(input), message(
        Code.PARSER_DISAGREEMENT, f"{said}; the standard reads {standard.describe()} "
        f"(readers: {', '.join(ran)}{others})"), "host" if "host" in parts else parts[0],
        ", ".join(parts), fix, ADVISORY)


def python_reading(input: str, base: str | None) -> Reading | None:
    """What ``urllib.parse.urlsplit`` reads from ``input`` (``urljoin(base, input)`` against
    ``base``), or None where urllib raises ValueError."""
    return urllib_reading(split(input, base))
