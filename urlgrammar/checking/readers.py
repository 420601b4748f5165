"""Python's readers of a URL: what each common way of fetching a URL from Python connects to.

https://url.spec.whatwg.org/#security-considerations ("B should never trust A"). Each reader
gives a :class:`Reading`, the scheme, host and port it reads, or None where it refuses the
string (it raises, so it fetches nothing and vouches for nothing):

- ``urllib.parse``: ``urlsplit`` (``urljoin(base, input)`` against a base), whose
  ``hostname`` is what a check of the host (an allow list) reads. A non-ASCII host is compared
  as the domain to ASCII of the standard gives it (an IDNA difference is the next reader's);
  a port that ``port`` cannot read is not compared, and the host still is.
- ``http.client``: what ``urllib.request.urlopen`` connects to, for http and https: the
  hostname above, which ``http.client`` sends as ``Host`` and ``socket.getaddrinfo`` looks up
  after the ``idna`` codec of the standard library encodes it when it is not ASCII. That
  codec is IDNA 2003 (RFC 3490 with nameprep): ``'faß.example'.encode('idna')`` is
  ``b'fass.example'``, where UTS #46 without transitional processing, the standard's, gives
  ``xn--fa-hia.example``. (CPython: ``HTTPConnection.putrequest`` tries ASCII and falls back to
  ``encode("idna")``; ``socketmodule.c``'s ``idna_converter`` does the same for every host
  it looks up.)
- ``RFC 3986``: the RFC's own reading (:mod:`urlgrammar.rfc3986`), for a string that is a
  ``URI-reference`` (an ``IRI-reference`` where it or the base is not ASCII), resolved against
  the base by § 5.2 and normalised by § 6.2.2 (the host lowercased, percent-encoded unreserved
  code points decoded); an ``ireg-name`` of a special scheme compared as its domain to ASCII
  (RFC 3987 § 3.1 maps it with IDNA to make a URI), of another scheme as it is. It reads
  nothing where the string is not valid or has no host: a URI without one connects nowhere.
  :mod:`.disagreement` names it only where it disagrees.
- ``urllib3``, ``httpx`` and ``yarl`` (aiohttp's URL), where installed: their own parsers
  (``urllib3.util.parse_url``, ``httpx.URL``, ``yarl.URL``) for the schemes their clients
  fetch, and the host as they send it (``raw_host``: IDNA-encoded). None of them is required:
  each is imported the first time a URL needs it, and a reader that is not installed does
  not run. They read the string up to its query or fragment, and only where that (and the
  base) is at most 2,048 code points long and is not of a shape they all read as
  ``urllib.parse`` does (:data:`_SIMPLE_HEAD`).

Hosts are compared as the fetch would look them up: lowercase, an IPv6 address without its
brackets, a dotted-decimal address as that address (`127.1` stays text: a check that compares
it with `127.0.0.1` misses it).
"""

from __future__ import annotations

import contextlib
import importlib
import ipaddress
import re
from collections.abc import Callable, Iterator
from itertools import chain
from types import ModuleType
from typing import Any, NamedTuple
from urllib.parse import SplitResult, urljoin, urlsplit, uses_relative

from urlgrammar.errors import URLError, escape
from urlgrammar.host.domain import domain_to_ascii
from urlgrammar.model.code_points import URL_CODE_POINTS_ASCII, one_of
from urlgrammar.model.schemes import (
    AIOHTTP_SCHEMES,
    HTTP_CLIENT_SCHEMES,
    default_port,
    is_file,
    is_special_scheme,
)
from urlgrammar.rfc3986 import is_valid as rfc3986_is_valid
from urlgrammar.rfc3986.resolution import resolve

HostValue = str | ipaddress.IPv4Address | ipaddress.IPv6Address | None

_HTTP, _AIOHTTP = HTTP_CLIENT_SCHEMES, AIOHTTP_SCHEMES


#: What ipaddress.ip_address may take: dotted decimal, or IPv6 (hex digits, colons, dots, a
#: zone after `%`).
_MAYBE_ADDRESS = re.compile(r"[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(?:%.*)?", re.S)


class Reading(NamedTuple):
    """What one parser reads: the scheme, the host (None for none) and the port (the
    scheme's default where none is written; None where there is neither). ``port_read`` is
    False where the reader raised on the port: its host is compared, its port is not."""

    scheme: str
    host: HostValue
    port: int | None
    port_read: bool = True

    def describe(self) -> str:
        # The standard's reading of an opaque host is percent-decoded: `%0A` is a line break
        # there, which the advisory's message and explain's readings must not print raw.
        host = "no host" if self.host is None else f"host '{escape(str(self.host))}'"
        port = ", a port it cannot read" if not self.port_read else \
            "" if self.port is None else f", port {self.port}"
        return f"scheme '{escape(self.scheme)}', {host}{port}"

    def differences(self, standard: Reading) -> list[str]:
        """The fields in which this reading differs from ``standard``'s: scheme, host, port."""
        return [name for name, a, b in (("scheme", self.scheme, standard.scheme),
                                        ("host", self.host, standard.host),
                                        ("port", self.port if self.port_read else standard.port,
                                         standard.port)) if a != b]


def host_value(text: str | None) -> HostValue:
    """A host as a fetch looks it up: None for none, an IP address where ``text`` is one
    (dotted decimal or IPv6, brackets or not), else the lowercase text."""
    if not text:
        return None
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    if not _MAYBE_ADDRESS.fullmatch(bare):  # ip_address's ValueError costs more than this look
        return text.lower()
    try:
        return ipaddress.ip_address(bare)
    except ValueError:
        return text.lower()


def split(input: str, base: str | None) -> SplitResult | None:
    """``urlsplit(input)``, or ``urlsplit(urljoin(base, input))`` against ``base``; None where
    urllib raises (an unbalanced `[`, a netloc that NFKC changes) or does not resolve against
    the base (a scheme not in ``uses_relative``: `foo:`, `javascript:`)."""
    try:
        if base is not None and urlsplit(base).scheme not in uses_relative:
            return None
        return urlsplit(input if base is None else urljoin(base, input))
    except ValueError:
        return None


def _port(parsed: SplitResult) -> tuple[int | None, bool]:
    try:
        port = parsed.port
    except ValueError:  # not a number, or out of range: urlopen raises, hostname is read
        return None, False
    return (port if port is not None else default_port(parsed.scheme)), True


def urllib_reading(parsed: SplitResult | None) -> Reading | None:
    """What ``urllib.parse`` reads from the result of :func:`split`."""
    return None if parsed is None else _urllib_reading(parsed, parsed.hostname, _port(parsed))


def _urllib_reading(parsed: SplitResult, hostname: str | None, port: tuple[int | None, bool]) -> Reading:
    scheme = parsed.scheme
    host = host_value(hostname)
    if isinstance(host, str) and not host.isascii() and is_special_scheme(scheme):
        with contextlib.suppress(URLError):  # compared by name, not by its IDNA spelling
            host = domain_to_ascii(host)
    if is_file(scheme) and host == "localhost":
        host = None
    return Reading(scheme, host, *port)


def http_client_reading(parsed: SplitResult | None) -> Reading | None:
    """What ``urllib.request.urlopen`` connects to through ``http.client``: urllib's
    hostname, encoded with the ``idna`` codec (IDNA 2003) where it is not ASCII; None where
    that codec refuses it (a label too long or empty, a prohibited code point)."""
    if parsed is None or parsed.scheme not in _HTTP:
        return None
    return _http_client_reading(parsed, parsed.hostname, _port(parsed))


def _http_client_reading(parsed: SplitResult, hostname: str | None,
                         port: tuple[int | None, bool]) -> Reading | None:
    if hostname and not hostname.isascii():
        try:
            hostname = hostname.encode("idna").decode("ascii")
        except UnicodeError:
            return None
    return Reading(parsed.scheme, host_value(hostname), *port)


#: RFC 3986 Appendix B's scheme and authority, of a valid URI (a relative reference has none).
_SCHEME_AUTHORITY = re.compile(r"([^:/?#]+):(?://([^/?#]*))?")
#: RFC 3986 § 2.3: an escape of an unreserved code point, which § 6.2.2.2 decodes.
_UNRESERVED_ESCAPE = re.compile("%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DEde]|5[Ff]|7[Ee])")


#: Each such escape, in either case, and the code point it decodes to.
_UNRESERVED = {e: chr(int(e[1:], 16))
               for e in (f"%{a}{b}" for a in "234567" for b in "0123456789ABCDEFabcdef")
               if _UNRESERVED_ESCAPE.fullmatch(e)}


def _decode_unreserved(text: str) -> str:
    """``text`` with each escape of an unreserved code point decoded, in bulk operations (a
    search, a split and a join): a long host may hold a hundred thousand."""
    escapes = _UNRESERVED_ESCAPE.findall(text)
    if not escapes:
        return text
    between = _UNRESERVED_ESCAPE.split(text)
    decoded = [*map(_UNRESERVED.__getitem__, escapes), ""]
    return "".join(chain.from_iterable(zip(between, decoded, strict=True)))


def rfc_reading(input: str, base: str | None) -> Reading | None:
    """What RFC 3986 reads from ``input`` (resolved against ``base``), or None where it is no
    URI-reference (IRI-reference), or reads no host (see the module's docstring)."""
    iri = not input.isascii() or (base is not None and not base.isascii())
    rule = "IRI-reference" if iri else "URI-reference"
    if not rfc3986_is_valid(input, rule):
        return None
    try:
        head = _SCHEME_AUTHORITY.match(input if base is None else resolve(input, base, iri=iri))
    except URLError:  # the base is no URI
        return None
    if head is None or not head[2]:
        return None
    # The authority as RFC 3986 § 3.2 splits a valid one: userinfo up to the `@`, the host (an
    # IP-literal in brackets), the port after the last `:` past it.
    authority = head[2][head[2].rfind("@") + 1:]
    colon = authority.rfind(":", authority.rfind("]") + 1)
    text, port_text = (authority, "") if colon < 0 else (authority[:colon], authority[colon + 1:])
    # § 6.2.2's normalisation of the host alone: percent-encoded unreserved code points
    # decoded, then case, which host_value folds.
    host: HostValue = host_value(_decode_unreserved(text) if "%" in text else text)
    scheme = head[1].lower()
    if isinstance(host, str) and not host.isascii() and is_special_scheme(scheme):
        with contextlib.suppress(URLError):  # the standard's opaque host is not mapped either
            host = domain_to_ascii(host)
    if host is None or (is_file(scheme) and host == "localhost"):
        return None
    if len(port_text.lstrip("0")) > 5:
        # § 3.2.3 allows any number of digits; past 65535 no client connects, and Python
        # converts at most 4,300 digits to an int (sys.int_info), so such a port reads nothing.
        return None
    return Reading(scheme, host, default_port(scheme) if not port_text else int(port_text.lstrip("0") or "0"))


#: Each optional reader's module, once imported (None where it is not installed).
_MODULES: dict[str, ModuleType | None] = {}


@contextlib.contextmanager
def standard_library_only() -> Iterator[None]:
    """Within it, the optional readers do not run, installed or not: for output that must
    be the same on every install (the gallery of docs/teaching.md)."""
    saved = dict(_MODULES)
    _MODULES.update(dict.fromkeys(name for name, _, _ in _OPTIONAL))
    try:
        yield
    finally:
        _MODULES.clear()
        _MODULES.update(saved)


def _module(name: str) -> ModuleType | None:
    if name not in _MODULES:
        try:
            _MODULES[name] = importlib.import_module(name)
        except ImportError:
            _MODULES[name] = None
    return _MODULES[name]


#: An optional reader's URL of a base, by the reader's module and the base, kept with the module
#: (so that its identity is not another's): the URLs of a document, which share a base, have
#: it read once. httpx's and yarl's URLs are immutable. At most :data:`_KEPT_BASES` of them.
_bases: dict[tuple[int, str], tuple[ModuleType, Any]] = {}
_KEPT_BASES = 64


def _base_of(module: ModuleType, make: Callable[[str], Any], base: str) -> Any:
    """``make(base)``, once per module and base (a base it refuses raises each time)."""
    kept = _bases.get((id(module), base))
    if kept is not None and kept[0] is module:
        return kept[1]
    url = make(base)
    if len(_bases) >= _KEPT_BASES:
        _bases.clear()
    _bases[id(module), base] = (module, url)
    return url


def _urllib3(urllib3: Any, text: str, base: str | None) -> Reading | None:
    if base is not None:  # urllib3 has no reference resolution: its callers join with urljoin
        text = urljoin(base, text)
    parsed = urllib3.util.parse_url(text)
    scheme = parsed.scheme or "http"  # what PoolManager.connection_from_host assumes
    port = default_port(scheme) if parsed.port is None else parsed.port
    return Reading(scheme, host_value(parsed.host), port)


def _httpx(httpx: Any, text: str, base: str | None) -> Reading | None:
    url = httpx.URL(text) if base is None else _base_of(httpx, httpx.URL, base).join(text)
    port = default_port(url.scheme) if url.port is None else url.port  # httpx drops a default port
    return Reading(url.scheme, host_value(url.raw_host.decode("ascii")), port)


def _yarl(yarl: Any, text: str, base: str | None) -> Reading | None:
    url = yarl.URL(text) if base is None else _base_of(yarl, yarl.URL, base).join(yarl.URL(text))
    return Reading(url.scheme, host_value(url.raw_host), url.port)


#: What the optional readers read of a string: up to its query or fragment, which no reader's
#: scheme, authority or port reaches into (RFC 3986's authority ends at the first `/`, `?` or
#: `#`, urllib's netloc too, and the tabs and newlines urllib removes are neither). httpx
#: keeps about 40 bytes for each code point it parses, which a long query would make the
#: largest part of validate's memory.
_QUERY_OR_FRAGMENT = re.compile("[?#]")
#: The longest such part, and base, that the optional readers read: past it they do not run.
#: No host is longer than 253 code points, and browsers have long capped URLs near 2,000.
_LONGEST = 2048

def _authority(host: str) -> str:
    """The source of a pattern of a scheme, `//`, and a host of the class ``host`` with
    perhaps a port."""
    return rf"[A-Za-z][A-Za-z0-9+.\-]*+://[{host}]++(?::[0-9]{{1,5}})?"


#: What the path of a head holds but percent-encoded bytes: ASCII URL code points but `?` and
#: `@`, spaces and backslashes (:data:`_SIMPLE_HEAD`).
_HEAD_PATH = URL_CODE_POINTS_ASCII.replace("?", "").replace("@", "") + " \\"


def _head(host: str) -> re.Pattern[str]:
    """A head of :func:`_authority` and a path (:data:`_SIMPLE_HEAD`)."""
    return re.compile(_authority(host) + f"(?:/(?:{one_of(_HEAD_PATH)}|%[0-9A-Fa-f]{{2}})*+)?")


#: A head that every optional reader reads as ``urllib.parse`` does, so that they are not asked
#: (each costs 10 to 40 µs, more than the rest of validate's full path): a scheme and `//`,
#: which each reads as the scheme, lowercase; an authority of ASCII letters, digits, dots and
#: hyphens (and `_`, which no reader refuses in a host) with perhaps a port, which each ends
#: at the first `/` (RFC 3986's authority, and urllib's netloc) and reads as the host
#: lowercased, with no IDNA to apply (it is ASCII), no userinfo, brackets or escapes to read
#: otherwise, and the port's digits (a port above 65535 the standard refuses itself); then a
#: path of ASCII URL code points but `?` and `@`, backslashes and spaces (which are the path's
#: for each, once the authority has ended) and percent-encoded bytes (`%20`: validate's
#: suggestions are written so), with no other `%`. The tests check the claim on generated
#: heads and WPT's.
_SIMPLE_HEAD = _head(r"A-Za-z0-9._\-")
#: The same with a host of any ASCII URL code point but the authority's delimiters (`/`, `:`,
#: `?`, `@`: RFC 3986's sub-delims, `~`), or `"`, `` ` ``, `{` or `}` (`https://"www.example.com/`,
#: a quote that an attribute left in the URL): each optional reader reads such a head as
#: ``urllib.parse`` does or refuses it (the tests check the claim as for the simple heads), so
#: where the standard library's readers read what the standard does, no optional reader can
#: disagree. Where one of them does not, all run: the advisory names the readers that ran, as
#: it does for any head but a simple one.
_AGREEING_HOST = re.escape("".join(c for c in URL_CODE_POINTS_ASCII if c not in "/:?@") + '"`{}')
_AGREEING_HEAD = _head(_AGREEING_HOST)
#: Its scheme and authority, which :func:`urlgrammar.checking.disagreement.written_reading`
#: reads apart from its path (a fixed string's path may be a megabyte of `%EF%BF%BD`).
_AGREEING_AUTHORITY = re.compile(_authority(_AGREEING_HOST))

def read_alike(a: str, b: str) -> bool:
    """Whether every reader reads ``a`` and ``b`` (against one base) alike: both heads are
    simple (:data:`_SIMPLE_HEAD`: only the standard library's readers run), with the same
    scheme and authority, which is all that urllib's scheme, hostname and port are read from
    (``urljoin`` keeps a URL's scheme and authority where it has both, and treats two with
    the same alike)."""
    # The shorter first: where its head is not simple, the longer is not read (a fixed string
    # may be nine times its input, where a fix encodes each lone surrogate as %EF%BF%BD).
    shorter = _QUERY_OR_FRAGMENT.split(a if len(a) <= len(b) else b, 1)[0]
    if not _SIMPLE_HEAD.fullmatch(shorter):
        return False
    longer = _QUERY_OR_FRAGMENT.split(b if len(a) <= len(b) else a, 1)[0]
    if not _SIMPLE_HEAD.fullmatch(longer):
        return False
    head_a, head_b = (shorter, longer) if len(a) <= len(b) else (longer, shorter)
    end_a, end_b = head_a.find("/", head_a.index("//") + 2), head_b.find("/", head_b.index("//") + 2)
    return head_a[:end_a if end_a >= 0 else None] == head_b[:end_b if end_b >= 0 else None]


#: The optional readers: module, the schemes its client fetches, how it reads.
_OPTIONAL: tuple[tuple[str, frozenset[str], Callable[[Any, str, str | None], Reading | None]], ...] = (
    ("urllib3", _HTTP, _urllib3), ("httpx", _HTTP, _httpx), ("yarl", _AIOHTTP, _yarl))


def readings(input: str, base: str | None, scheme: str,
             standard: Reading | None = None) -> list[tuple[str, Reading | None]]:
    """Each reader that ran on ``input`` (against ``base``) for a URL whose scheme the
    standard reads as ``scheme``, named (an optional one with its version), with its reading,
    or None where it refused the string. Given the ``standard`` reading, the optional readers
    do not run on a head of :data:`_AGREEING_HEAD` that the standard library's readers read as
    the standard does."""
    parsed = split(input, base)
    hostname, port = (None, (None, False)) if parsed is None else (parsed.hostname, _port(parsed))
    found: list[tuple[str, Reading | None]] = [
        ("urllib.parse", None if parsed is None else _urllib_reading(parsed, hostname, port))]
    if scheme in _HTTP:
        found.append(("http.client", None if parsed is None or parsed.scheme not in _HTTP else
                      _http_client_reading(parsed, hostname, port)))
    head = _QUERY_OR_FRAGMENT.split(input, 1)[0]
    if len(head) > _LONGEST or (base is not None and len(base) > _LONGEST) or _SIMPLE_HEAD.fullmatch(head):
        return found
    if standard is not None and _AGREEING_HEAD.fullmatch(head) and \
            all(r is not None and not r.differences(standard) for _, r in found):
        return found
    for name, schemes, read in _OPTIONAL:
        module = _module(name) if scheme in schemes else None
        if module is None:
            continue
        try:
            reading = read(module, head, base)
        except (ValueError, TypeError, UnicodeError, module.__dict__.get("InvalidURL", ValueError)):
            reading = None
        found.append((f"{name} {getattr(module, '__version__', '')}".rstrip(), reading))
    return found
