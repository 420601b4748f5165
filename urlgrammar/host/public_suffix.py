"""A host's public suffix and registrable domain, from the Public Suffix List.

https://url.spec.whatwg.org/#host-miscellaneous. The list and its algorithm come from the
``publicsuffixlist`` package (the optional ``psl`` extra), which ships the list and is
released with each update of it; :func:`list_version` tells which list is installed. The
standard warns that the list differs between clients and is no security boundary: prefer the
origin for security decisions.

    >>> public_suffix("www.example.com"), registrable_domain("www.example.com")
    ('com', 'example.com')

Each takes a host string, a parsed host, or a URL or reference (whose host it reads); any other
type is a TypeError.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Any

from urlgrammar.host.given import HasRecord, given_host
from urlgrammar.host.parser import Domain, Host


class PublicSuffixListMissing(ImportError):
    """The optional publicsuffixlist package is not installed."""


@cache
def _list() -> Any:
    try:
        from publicsuffixlist import PublicSuffixList
    except ImportError:
        raise PublicSuffixListMissing(
            "public_suffix and registrable_domain need the optional `psl` extra: "
            "pip install 'urlgrammar[psl]', which installs publicsuffixlist") from None
    # The whole list, private domains (github.io) included, as the standard's algorithm reads
    # it; a name no rule matches has its last label as public suffix (the rule "*").
    return PublicSuffixList(only_icann=False, accept_unknown=True)


def list_version() -> str:
    """The installed publicsuffixlist's version, whose last part is the list's date
    (``1.1.2.20261023``: the list of 23 October 2026)."""
    _list()
    return metadata.version("publicsuffixlist")


def _domain(host: str | Host | HasRecord) -> str | None:
    """The host as a domain string, or None where it is not a domain (or a URL has no host);
    :func:`~urlgrammar.host.given.given_host` reads it."""
    parsed = given_host(host)
    return parsed.value if isinstance(parsed, Domain) else None


def _split(domain: str) -> tuple[str, str]:
    """The domain without one trailing dot, and that dot (the spec's trailingDot)."""
    return (domain[:-1], ".") if domain.endswith(".") else (domain, "")


def _suffix(domain: str) -> str | None:
    name, dot = _split(domain)
    # The package drops a trailing dot itself and gives the suffix without it; the spec keeps it.
    suffix = _list().publicsuffix(name) if name else None
    return None if suffix is None else suffix + dot


def public_suffix(host: str | Host | HasRecord) -> str | None:
    """https://url.spec.whatwg.org/#host-public-suffix: the part of the host that the Public
    Suffix List names, with the host's trailing dot; None where the host is not a domain."""
    domain = _domain(host)
    return None if domain is None else _suffix(domain)


def registrable_domain(host: str | Host | HasRecord) -> str | None:
    """https://url.spec.whatwg.org/#host-registrable-domain: the public suffix and the label
    before it; None where there is none (the host is a public suffix, or not a domain)."""
    domain = _domain(host)
    suffix = None if domain is None else _suffix(domain)
    if domain is None or suffix is None or suffix == domain:
        return None
    name, dot = _split(domain)
    registrable = _list().privatesuffix(name)
    return None if registrable is None else registrable + dot
