"""The host a caller gives to a question about hosts (:func:`urlgrammar.public_suffix`,
:func:`urlgrammar.is_internal`): a URL or reference, a parsed host, or a host as written.

https://url.spec.whatwg.org/#host-parsing reads a string as a special URL's host is read.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from urlgrammar.errors import URLError
from urlgrammar.host.parser import Domain, Empty, Host, IPv4, IPv6, Opaque, parse_host
from urlgrammar.model.record import URLRecord
from urlgrammar.syntax.grammars import scheme_of

HOSTS = (Domain, IPv4, IPv6, Opaque, Empty)


@runtime_checkable
class HasRecord(Protocol):
    """A URL or a reference: what :class:`urlgrammar.URL` and :class:`urlgrammar.Reference`
    are to the host modules, which sit below them."""

    @property
    def record(self) -> URLRecord: ...


def given_host(host: str | Host | HasRecord) -> Host | None:
    """``host`` as a parsed host, or None for a URL (or reference) without one.

    A URL's host is parsed already; a reference's is its text as written, and a string is
    host-parsed as a special URL's host is (``EXAMPLE.COM`` is ``example.com``); one that fails
    raises URLError, which says how to pass a URL where the string starts with a scheme. Any
    other type is a TypeError, never a quiet None."""
    if isinstance(host, HasRecord):
        authority = host.record.authority
        if authority is None:
            return None
        host = authority.host.value
    if isinstance(host, str):
        try:
            return parse_host(host, True)
        except URLError as e:
            raise _host_error(host, e) from None
    if isinstance(host, HOSTS):
        return host
    raise TypeError(f"a host (str or parsed) or a URL, not {type(host).__name__}")


def _host_error(host: str, error: URLError) -> URLError:
    """The host parser's error; where the string starts with a scheme, it says how to pass a
    URL instead (``https://example.com/`` given as a host is a common slip)."""
    scheme = scheme_of(host)
    if scheme is None:
        return error
    return URLError(f"{error} The host starts with the scheme '{scheme}:': for a URL, pass "
                    "urlgrammar.URL(text), whose host is read.", error.diagnostics, error.code)
