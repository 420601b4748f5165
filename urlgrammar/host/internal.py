"""Hosts that name the machine itself, its private network or a cloud's metadata service.

https://url.spec.whatwg.org/#security-considerations: "B might receive input it did not
expect and take an action that harms the user." A server that fetches URLs on someone's
behalf (webhooks, previews, importers) must not reach these (server-side request forgery).
The host parser has already read every written form of an address (`0x7f.1`, `2130706433`,
`[::ffff:127.0.0.1]`) into one value, so one look at that value covers them all; the ranges
are the standard library's ``ipaddress``, imported on first use: validate's fast path needs
only the names.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from urlgrammar.host.parser import Domain, Host, IPv4, IPv6, Opaque

if TYPE_CHECKING:
    import ipaddress

#: The instance metadata services of the large clouds, which hand out credentials: the
#: link-local 169.254.169.254 (AWS, Google Cloud, Azure, Oracle and others), AWS's IPv6
#: fd00:ec2::254 and ECS task endpoint 169.254.170.2, Alibaba Cloud's 100.100.100.200, and
#: Google's name for its service.
METADATA_ADDRESSES = ("169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254")
METADATA_NAMES = frozenset({"metadata.google.internal"})
#: RFC 1918 and the IPv6 unique local addresses (RFC 4193).
PRIVATE = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")


@cache
def _ranges() -> tuple[frozenset[ipaddress.IPv4Address | ipaddress.IPv6Address],
                       tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]]:
    import ipaddress

    return frozenset(map(ipaddress.ip_address, METADATA_ADDRESSES)), tuple(map(ipaddress.ip_network, PRIVATE))


class Internal(NamedTuple):
    """Why a host is internal: ``kind`` is one of ``loopback``, ``private``, ``link-local``,
    ``unspecified`` and ``cloud metadata``; ``address`` says which address or name."""

    kind: str
    address: str


def is_internal_name(domain: str) -> bool:
    """`localhost` and the names under it (RFC 6761 § 6.3, which resolvers answer with a
    loopback address), and the metadata services' names; one trailing dot allowed."""
    name = domain.removesuffix(".")
    return name == "localhost" or name.endswith(".localhost") or name in METADATA_NAMES


def internal_address(host: Host) -> Internal | None:
    """Why ``host`` is internal, or None.

    An IPv4-mapped IPv6 address (`[::ffff:127.0.0.1]`) is judged by its IPv4 address, as the
    operating system connects to that. An opaque host (a URL that is not special, such as
    `gopher://127.0.0.1/`) counts where it is an address in the standard library's strict
    syntax, or an internal name.
    """
    import ipaddress

    address: ipaddress.IPv4Address | ipaddress.IPv6Address
    if type(host) is IPv4:
        address = ipaddress.IPv4Address(host.value)
    elif type(host) is IPv6:
        address = ipaddress.IPv6Address(sum(p << (16 * (7 - i)) for i, p in enumerate(host.pieces)))
    elif type(host) is Domain or type(host) is Opaque:
        if is_internal_name(host.value):
            return Internal("cloud metadata" if host.value.removesuffix(".") in METADATA_NAMES
                            else "loopback", host.value)
        if type(host) is Domain:
            return None
        try:
            address = ipaddress.ip_address(host.value)
        except ValueError:
            return None
    else:
        return None
    return _kind(address, host.serialize())


def _kind(address: ipaddress.IPv4Address | ipaddress.IPv6Address, written: str) -> Internal | None:
    mapped = getattr(address, "ipv4_mapped", None)  # an IPv6 address's
    if mapped is not None:
        found = _kind(mapped, str(mapped))
        return None if found is None else Internal(found.kind, f"{written} (IPv4-mapped {mapped})")
    metadata, private = _ranges()
    if address in metadata:
        return Internal("cloud metadata", written)
    if address.is_unspecified:
        return Internal("unspecified", written)
    if address.is_loopback:
        return Internal("loopback", written)
    if address.is_link_local:
        return Internal("link-local", written)
    if any(address in network for network in private):
        return Internal("private", written)
    return None
