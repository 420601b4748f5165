"""Hosts that name the machine itself, its private network or a cloud's metadata service.

https://url.spec.whatwg.org/#security-considerations: "B might receive input it did not
expect and take an action that harms the user." A server that fetches URLs on someone's
behalf (webhooks, previews, importers) must not reach these (server-side request forgery).
The host parser has already read every written form of an address (`0x7f.1`, `2130706433`,
`[::ffff:127.0.0.1]`) into one value, so one look at that value covers them all. An opaque
host (`gopher://127.1/`, `redis://LOCALHOST/`) is opaque to the standard, but the clients of
those schemes hand it to ``inet_aton`` or the resolver, so it is read here as a special URL's
host is: percent-decoded, lowercased, IPv4 shorthand, hex and octal by the project's IPv4
parser (which also takes a trailing dot, as ``inet_aton`` does not: a false alarm at most).

Which ranges are internal follows the IANA IPv4 and IPv6 Special-Purpose Address Registries
(RFC 6890), the blocks whose "Globally Reachable" is False, and multicast. The standard
library's ``ipaddress`` parses and reads the embedded forms (``ipv4_mapped``, ``sixtofour``,
``teredo``), but its ``is_global`` and ``is_private`` are not used as the verdict: their tables
differ between the Pythons this project supports (3.11.7's call multicast, 192.0.0.192 and
64:ff9b:1::/48 global, and the ORCHIDv2 block 2001:20::/28 not; CPython gh-113171 changed them
in later releases), and the result should not depend on the interpreter. Deviations from the
registries, on purpose: the documentation blocks (192.0.2.0/24, 198.51.100.0/24,
203.0.113.0/24, 2001:db8::/32, 3fff::/20) are not flagged, since examples use them and no
network routes them; an address that embeds an IPv4 address (IPv4-mapped, IPv4-compatible,
NAT64, 6to4, Teredo) is judged by that IPv4 address, as that is where the packets go, even
where the registry calls the IPv6 block itself not global (Teredo's 2001::/32).

``ipaddress`` is imported on first use: validate's fast path needs only the names.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from urlgrammar.errors import URLError
from urlgrammar.host.given import HasRecord, given_host
from urlgrammar.host.internal_names import Internal, internal_name
from urlgrammar.host.parser import Domain, Empty, Host, IPv4, IPv6, Opaque, parse_host

if TYPE_CHECKING:
    import ipaddress


__all__ = ["Internal", "internal_address", "is_internal"]

#: The instance metadata services, which hand out credentials. Sources: AWS EC2 user guide,
#: "Instance metadata" (169.254.169.254, fd00:ec2::254), "Amazon ECS task metadata endpoint"
#: (169.254.170.2), "EKS Pod Identity" (169.254.170.23, fd00:ec2::23); Google Cloud, "About VM
#: metadata" (169.254.169.254, fd20:ce::254); Azure, "Azure Instance Metadata Service"
#: (169.254.169.254) and "What is IP address 168.63.129.16?" (the WireServer, a public address
#: only the VMs of Azure reach); Oracle Cloud, "Getting instance metadata" (169.254.169.254,
#: and 192.0.0.192 of its Classic cloud); Alibaba Cloud, "Instance metadata" (100.100.100.200).
METADATA_ADDRESSES = {
    "169.254.169.254": "AWS, Google Cloud, Azure, Oracle Cloud and others",
    "169.254.170.2": "AWS ECS",
    "169.254.170.23": "AWS EKS",
    "168.63.129.16": "Azure",
    "192.0.0.192": "Oracle Cloud",
    "100.100.100.200": "Alibaba Cloud",
    "fd00:ec2::254": "AWS",
    "fd00:ec2::23": "AWS EKS",
    "fd20:ce::254": "Google Cloud",
}

#: (block, kind, source), first match wins; kind None: globally reachable, an exception to a
#: larger block below it. IANA IPv4 Special-Purpose Address Registry, and 224.0.0.0/4.
IPV4_BLOCKS: tuple[tuple[str, str | None, str], ...] = (
    ("0.0.0.0/32", "unspecified", ""),
    ("0.0.0.0/8", "this network", "0.0.0.0/8, RFC 791"),
    ("10.0.0.0/8", "private", ""),
    ("100.64.0.0/10", "shared", "100.64.0.0/10, carrier-grade NAT, RFC 6598"),
    ("127.0.0.0/8", "loopback", ""),
    ("169.254.0.0/16", "link-local", ""),
    ("172.16.0.0/12", "private", ""),
    ("192.0.0.9/32", None, ""),
    ("192.0.0.10/32", None, ""),
    ("192.0.0.0/24", "non-global", "192.0.0.0/24, IETF protocol assignments, RFC 6890"),
    ("192.168.0.0/16", "private", ""),
    ("198.18.0.0/15", "non-global", "198.18.0.0/15, benchmarking, RFC 2544"),
    ("224.0.0.0/4", "multicast", ""),
    ("255.255.255.255/32", "broadcast", "limited broadcast, RFC 919"),
    ("240.0.0.0/4", "reserved", "240.0.0.0/4, RFC 1112"),
)
#: IANA IPv6 Special-Purpose Address Registry, fec0::/10 and ff00::/8; the blocks that embed an
#: IPv4 address come first (see :func:`_embedded`).
IPV6_BLOCKS: tuple[tuple[str, str | None, str], ...] = (
    ("::/128", "unspecified", ""),
    ("::1/128", "loopback", ""),
    ("64:ff9b:1::/48", "non-global", "64:ff9b:1::/48, local-use IPv4/IPv6 translation, RFC 8215"),
    ("100::/64", "non-global", "100::/64, discard-only, RFC 6666"),
    ("2001:1::1/128", None, ""),
    ("2001:1::2/128", None, ""),
    ("2001:1::3/128", None, ""),
    ("2001:3::/32", None, ""),
    ("2001:4:112::/48", None, ""),
    ("2001:20::/28", None, ""),
    ("2001:30::/28", None, ""),
    ("2001::/23", "non-global", "2001::/23, IETF protocol assignments, RFC 2928"),
    ("5f00::/16", "non-global", "5f00::/16, SRv6 SIDs, RFC 9602"),
    ("fc00::/7", "private", ""),
    ("fe80::/10", "link-local", ""),
    ("fec0::/10", "private", "site-local, RFC 3879"),
    ("ff00::/8", "multicast", ""),
)

@cache
def _tables() -> tuple[dict[ipaddress.IPv4Address | ipaddress.IPv6Address, str],
                       tuple[tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, str | None, str], ...]]:
    import ipaddress

    blocks = tuple((ipaddress.ip_network(block), kind, source)
                   for block, kind, source in IPV4_BLOCKS + IPV6_BLOCKS)
    return {ipaddress.ip_address(a): cloud for a, cloud in METADATA_ADDRESSES.items()}, blocks


def internal_address(host: Host) -> Internal | None:
    """Why ``host`` is internal, or None: the address ranges and names above, an IPv4 address
    inside an IPv6 one (judged as that IPv4 address) and a wildcard DNS name's address. An
    opaque host is read as a special URL's host (see above); one that does not parse so is
    not an address or a name anyone resolves."""
    import ipaddress

    if type(host) is IPv4:
        return _judge(ipaddress.IPv4Address(host.value), host.serialize())
    if type(host) is IPv6:
        return _judge(ipaddress.IPv6Address(_number(host.pieces)), host.serialize())
    if type(host) is Domain:
        return internal_name(host.value, _judge_embedded)
    if type(host) is Opaque:
        try:
            read = parse_host(host.value, True)
        except URLError:
            return None
        found = internal_address(read)
        if found is None or read.serialize() == host.value:
            return found
        return found._replace(address=f"{found.address} (as its clients read {host.value})")
    return None


def _number(pieces: tuple[int, ...]) -> int:
    return sum(p << (16 * (7 - i)) for i, p in enumerate(pieces))


def _judge_embedded(address: int, within: str, form: str) -> Internal | None:
    import ipaddress

    found = _judge(ipaddress.IPv4Address(address), str(ipaddress.IPv4Address(address)))
    return None if found is None else found._replace(address=f"{found.address} (in {within}, {form})")


def _judge(address: ipaddress.IPv4Address | ipaddress.IPv6Address, written: str) -> Internal | None:
    import ipaddress

    metadata, blocks = _tables()
    if address in metadata:
        return Internal("cloud metadata", written, metadata[address])
    if isinstance(address, ipaddress.IPv6Address):
        embedded = _embedded(address)
        if embedded is not None:
            v4, form = embedded
            found = _judge_embedded(int(v4), written.removeprefix("[").removesuffix("]"), form)
            # The local-use NAT64 block is not global whatever it embeds; the others are judged
            # by their IPv4 address alone.
            if found is not None or form != "local-use NAT64":
                return found
    for network, kind, source in blocks:
        if address.version == network.version and address in network:
            return None if kind is None else Internal(kind, written, source)
    return None


def _embedded(address: ipaddress.IPv6Address) -> tuple[ipaddress.IPv4Address, str] | None:
    """The IPv4 address ``address`` carries, and how: IPv4-mapped (::ffff:0:0/96, RFC 4291
    § 2.5.5.2), IPv4-compatible (::/96 but :: and ::1, deprecated by RFC 4291 § 2.5.5.1 but
    still read by some stacks), NAT64 (64:ff9b::/96, RFC 6052; 64:ff9b:1::/48, RFC 8215, with
    the IPv4 address in the last 32 bits as a /96 prefix has it), 6to4 (2002::/16, RFC 3056)
    and Teredo (2001::/32, RFC 4380: the client's address, which is stored obfuscated)."""
    import ipaddress

    value = int(address)
    low = ipaddress.IPv4Address(value & 0xFFFFFFFF)
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped, "IPv4-mapped"
    if value >> 32 == 0 and value > 1:
        return low, "IPv4-compatible"
    if value >> 32 == 0x64FF9B << 64:
        return low, "NAT64"
    if value >> 80 == 0x64FF9B0001:
        return low, "local-use NAT64"
    if address.sixtofour is not None:
        return address.sixtofour, "6to4"
    if address.teredo is not None:
        return address.teredo[1], "Teredo"
    return None


def is_internal(host: str | Host | HasRecord) -> bool:
    """Whether ``host`` is internal, as the internal-address advisory judges it: loopback,
    private, link-local and other addresses that are not globally reachable (the IANA
    special-purpose registries, RFC 6890), cloud metadata services, special-use names
    (RFC 6761, RFC 6762, RFC 8375, ``.internal``) and the names above, in every form the host
    parser reads, an IPv4 address inside an IPv6 one included.

    ``host`` is a host string, a parsed host, or a URL or reference (whose host it reads;
    a non-special URL's opaque host as its clients read it). A string is an address as
    :func:`socket.getaddrinfo` gives it (``::1``, ``fe80::1%eth0``) or a host as written in a
    URL (``[::1]``, ``0x7f.1``, ``EXAMPLE.com``); one that is neither raises URLError. A URL
    without a host is not internal. Any other type is a TypeError.

        >>> is_internal("127.1"), is_internal("[64:ff9b::a9fe:a9fe]"), is_internal("example.com")
        (True, True, False)

    This looks at what is written; a public name may still resolve to an internal address
    (the README's "Internal addresses" gives the check to make at connection time).
    """
    if isinstance(host, str):
        import ipaddress

        try:  # a scope (fe80::1%eth0) says which interface, not which address
            return _judge(ipaddress.ip_address(host.partition("%")[0] if ":" in host else host),
                          host) is not None
        except ValueError:
            pass
    parsed = given_host(host)
    return parsed is not None and type(parsed) is not Empty and internal_address(parsed) is not None
