"""The parser-disagreement advisory: Python's ``urllib.parse`` reads another scheme, host or port.

https://url.spec.whatwg.org/#security-considerations ("B should never trust A"). The server-
side request forgery of Python services: a check reads the URL with ``urllib.parse`` (is the
host on the allow list?) and something else fetches it the standard's way, or the other way
round. Where the two readings of one string differ, the check is about a different URL.

What is compared is what each reading would connect to: the scheme; the host, with the
differences that change nothing taken out (case, IDNA: urllib does not map `bücher.example`
and a client would; the forms of one IP address; a file URL's `localhost`, which the standard
makes the empty host); and the port, with the scheme's default where none is written. Against
a base, Python's reading is ``urljoin(base, input)``'s. Where urllib raises ValueError (an
unbalanced `[`, a port it cannot read, a netloc that NFKC changes), it reads nothing and
refuses the URL, which is no disagreement to warn of; nor is a base whose scheme ``urljoin``
does not resolve against (not in ``uses_relative``: `foo:`, `javascript:`), where it hands the
reference back unresolved.

When the two cannot differ (validate's fast path). For a plain URL (:mod:`.plain`): ASCII URL
code points only, so urllib's stripping of leading C0 controls and spaces and its removal of
tabs and newlines change nothing, and its NFKC check of the netloc does not run; a lowercase
special scheme followed by `//`, which both read as the scheme (the first `:` ends it, and
every code point before it is a scheme code point); then an authority without `@`, `:`, `[`
or `\\`, which the standard ends at the first `/`, `?` or `#`, as urllib ends its netloc; so
urllib's netloc is the host as written, and the fast path takes only a host that the standard
gives back unchanged (a lowercase ASCII domain, or the empty host of a file URL, which urllib
reads as no host). Neither has a port. So the readings are equal and the fast path skips the
comparison; the tests check that on every plain WPT input and generated ones.
"""

from __future__ import annotations

import contextlib
import ipaddress
from typing import NamedTuple
from urllib.parse import urljoin, urlsplit, uses_relative

from urlgrammar.encoding.decode import percent_decode_str
from urlgrammar.errors import ADVISORY, Code, Diagnostic, URLError, escape, message
from urlgrammar.host.domain import domain_to_ascii
from urlgrammar.host.parser import Domain, IPv4, IPv6, Opaque
from urlgrammar.model.record import Kind
from urlgrammar.model.schemes import default_port, is_file, is_special_scheme
from urlgrammar.url import URL

HostValue = str | ipaddress.IPv4Address | ipaddress.IPv6Address | None


class Reading(NamedTuple):
    """What one parser reads: the scheme, the host (None for none) and the port (the
    scheme's default where none is written; None where there is neither)."""

    scheme: str
    host: HostValue
    port: int | None

    def describe(self) -> str:
        # The standard's reading of an opaque host is percent-decoded: `%0A` is a line break
        # there, which the advisory's message and explain's readings must not print raw.
        host = "no host" if self.host is None else f"host '{escape(str(self.host))}'"
        port = "" if self.port is None else f", port {self.port}"
        return f"scheme '{escape(self.scheme)}', {host}{port}"


def standard_reading(url: URL) -> Reading:
    """The standard's reading of ``url``, as :class:`Reading` compares them."""
    scheme = url.protocol[:-1]
    authority = url.record.component(Kind.AUTHORITY)
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
            text = percent_decode_str(value.value).lower()
            try:
                host = ipaddress.ip_address(text)
            except ValueError:
                host = text
        if url.port:
            port = int(url.port)
    return Reading(scheme, host, port)


def python_reading(input: str, base: str | None) -> Reading | None:
    """What ``urllib.parse.urlsplit`` reads from ``input`` (``urljoin(base, input)`` against
    ``base``), or None where urllib raises ValueError."""
    try:
        if base is not None and urlsplit(base).scheme not in uses_relative:
            return None
        split = urlsplit(input if base is None else urljoin(base, input))
        port = split.port
        hostname = split.hostname
    except ValueError:
        return None
    scheme = split.scheme
    host: HostValue = hostname or None
    if hostname:
        try:
            host = ipaddress.ip_address(hostname)
        except ValueError:
            if is_special_scheme(scheme) and not hostname.isascii():
                with contextlib.suppress(URLError):  # what an HTTP client does before it connects
                    host = domain_to_ascii(hostname)
    if is_file(scheme) and host == "localhost":
        host = None
    return Reading(scheme, host, port if port is not None else default_port(scheme))


def parser_disagreement(input: str, base: str | None, url: URL) -> Diagnostic | None:
    """The advisory where urllib and the standard read ``input`` differently, or None. Its fix
    is the URL's href where urllib reads that (against ``base``) as the standard does."""
    python = python_reading(input, base)
    standard = standard_reading(url)
    if python is None or python == standard:
        return None
    parts = [name for name, a, b in zip(Reading._fields, python, standard, strict=True) if a != b]
    # The href is read against the base too, as the input is: urljoin gives an absolute file
    # URL with the empty host the base's host.
    fix = url.href if python_reading(url.href, base) == standard and url.href != input else None
    return Diagnostic(Code.PARSER_DISAGREEMENT, 0, len(input), message(
        Code.PARSER_DISAGREEMENT, f"urllib.parse reads {python.describe()}; the standard reads "
        f"{standard.describe()}"), "host" if "host" in parts else parts[0], ", ".join(parts), fix,
        ADVISORY)
