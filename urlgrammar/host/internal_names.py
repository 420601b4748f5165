"""Host names that resolve, or are meant to resolve, to the machine itself or a private network.

The names are those the IETF sets aside (RFC 6761 § 6.3 ``localhost``, RFC 6762 ``.local``,
RFC 8375 ``home.arpa``), ICANN's reservation of ``.internal`` for private use (board
resolution of 29 July 2024), the names clouds give their metadata services, the names the
cluster DNS of Kubernetes answers, the names Debian-derived hosts files give loopback, and
public names that resolve to loopback or, by wildcard DNS, to the address written in them
(``10.0.0.1.nip.io``). A static list ages: a new wildcard service is missed until it is added,
which is why the README's recipe checks the addresses a name resolves to, not the name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import NamedTuple


class Internal(NamedTuple):
    """Why a host is internal. ``kind`` is one of ``loopback``, ``private``, ``link-local``,
    ``unspecified``, ``cloud metadata``, ``this network``, ``shared``, ``multicast``,
    ``broadcast``, ``reserved`` and ``non-global``; ``address`` is the address or name the
    message names (with what it was found in); ``source`` says where the range or name is set
    aside; ``name`` whether it is a name rather than an address."""

    kind: str
    address: str
    source: str = ""
    name: bool = False

    @property
    def message(self) -> str:
        """As ``169.254.169.254 (in 64:ff9b::a9fe:a9fe, NAT64) is a cloud metadata address (AWS,
        ...)``: what, where it was found, which kind, and who sets it aside."""
        article = "an" if self.kind[0] in "aeiou" else "a"
        # IANA's name for 0.0.0.0/8 reads as a phrase of its own.
        kind = f'"{self.kind}"' if self.kind == "this network" else self.kind
        what = "name" if self.name else "address"
        source = f" ({self.source})" if self.source else ""
        return f"{self.address} is {article} {kind} {what}{source}"


#: How :mod:`.internal` judges an IPv4 address (an int) found in a host: (address, the host it
#: is in, how it is embedded).
Judge = Callable[[int, str, str], "Internal | None"]

#: Public names that resolve to 127.0.0.1, as do all the names under them, for local development.
_PUBLIC_LOOPBACK = ("localtest.me", "lvh.me", "vcap.me", "lacolhost.com", "localhost.direct")
_RESOLVES_TO_LOOPBACK = ("loopback", "a public name that resolves to 127.0.0.1")

#: Names that are internal themselves: (kind, source).
NAMES: dict[str, tuple[str, str]] = {
    "localhost": ("loopback", "RFC 6761 § 6.3"),
    # The names Debian's and Ubuntu's /etc/hosts give 127.0.0.1 and ::1.
    "localhost.localdomain": ("loopback", "a hosts-file name"),
    "ip6-localhost": ("loopback", "a hosts-file name"),
    "ip6-loopback": ("loopback", "a hosts-file name"),
    # Sources: Google Cloud, "About VM metadata" (metadata.google.internal, metadata.goog and
    # the short `metadata`, which the VM's search domain completes); AWS EC2 user guide,
    # "Instance metadata" (instance-data, instance-data.ec2.internal); Tencent Cloud, "Instance
    # metadata" (metadata.tencentyun.com).
    "metadata": ("cloud metadata", "Google Cloud"),
    "metadata.google.internal": ("cloud metadata", "Google Cloud"),
    "metadata.goog": ("cloud metadata", "Google Cloud"),
    "instance-data": ("cloud metadata", "AWS"),
    "instance-data.ec2.internal": ("cloud metadata", "AWS"),
    "metadata.tencentyun.com": ("cloud metadata", "Tencent Cloud"),
    # The API server as every pod's resolver completes it (Kubernetes, "DNS for Services and Pods").
    "kubernetes.default": ("private", "the Kubernetes API server"),
    "home.arpa": ("private", "RFC 8375"),
    **dict.fromkeys(_PUBLIC_LOOPBACK, _RESOLVES_TO_LOOPBACK),
}

#: Names under these are internal: (kind, source). The longest suffix a name has decides.
SUFFIXES: dict[str, tuple[str, str]] = {
    "localhost": ("loopback", "RFC 6761 § 6.3"),
    "local": ("link-local", "multicast DNS, RFC 6762"),
    "internal": ("private", "ICANN reserves .internal for private use"),
    "home.arpa": ("private", "RFC 8375"),
    # Kubernetes: <service>.<namespace>.svc and the cluster domain, cluster.local by default.
    "svc": ("private", "a Kubernetes service name"),
    "cluster.local": ("private", "a Kubernetes cluster name"),
    **dict.fromkeys(_PUBLIC_LOOPBACK, _RESOLVES_TO_LOOPBACK),
}

#: Wildcard DNS services: a name under them resolves to the IPv4 address written at its end,
#: dotted (`10.0.0.1.nip.io`, `app.10.0.0.1.nip.io`), dashed (`app-10-0-0-1.nip.io`) or as
#: eight hex digits (`app-0a000001.nip.io`), as nip.io's and sslip.io's pages describe.
WILDCARD = frozenset({"nip.io", "sslip.io", "xip.io", "traefik.me"})



@cache
def _embedded() -> re.Pattern[str]:
    # Compiled on first use: most processes never meet a wildcard DNS name.
    octet = r"(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
    return re.compile(rf"(?:^|[.-])(?:{octet}\.{octet}\.{octet}\.{octet}"
                      rf"|{octet}-{octet}-{octet}-{octet}|([0-9a-f]{{8}}))$")


#: What every internal name ends with, for ``str.endswith``: a cheap superset (``xlocal`` ends
#: with ``local``), so that an ordinary public name is turned away with one call; an ending
#: that ends with another (``metadata.google.internal``) is left out, as that one catches it.
_ALL = {*NAMES, *SUFFIXES, *WILDCARD}
#: The most labels of a suffix or wildcard service.
_MOST_LABELS = max(key.count(".") + 1 for key in (*SUFFIXES, *WILDCARD))
ENDINGS = tuple(sorted(e for e in _ALL if not any(e != o and e.endswith(o) for o in _ALL)))


def might_be_internal(name: str) -> bool:
    """False for a lowercase name without a trailing dot that :func:`internal_name` would not
    flag; True may still be a miss."""
    return name.endswith(ENDINGS)


def internal_name(name: str, judge: Judge) -> Internal | None:
    """Why the domain ``name`` (lowercase, one trailing dot allowed) is internal, or None.
    ``judge`` judges the IPv4 address that a wildcard DNS name embeds."""
    bare = name[:-1] if name.endswith(".") else name
    if bare in NAMES:
        kind, source = NAMES[bare]
        return Internal(kind, name, source, True)
    # Only the last _MOST_LABELS labels can make a suffix: looking at every suffix of a name
    # of a million dots would copy a megabyte for each.
    dots = []
    at = len(bare)
    for _ in range(_MOST_LABELS):
        at = bare.rfind(".", 0, at)
        if at < 0:
            break
        dots.append(at)
    for at in reversed(dots):  # the longest suffix first
        suffix = bare[at + 1:]
        if suffix in SUFFIXES:
            kind, source = SUFFIXES[suffix]
            return Internal(kind, name, source, True)
        if suffix in WILDCARD:
            return _wildcard(name, bare[:at], judge)
    return None


def _wildcard(name: str, prefix: str, judge: Judge) -> Internal | None:
    # An embedded address and the "." or "-" before it are at most 16 long, so the last 16
    # code points hold any match; one at the tail's start (no separator, `^`) is at most 15
    # long, so then the tail is the whole prefix.
    match = _embedded().search(prefix[-16:])
    if match is None:
        return None
    groups = match.groups()
    if groups[8] is not None:
        address = int(groups[8], 16)
    else:
        octets = groups[:4] if groups[0] is not None else groups[4:8]
        address = int.from_bytes(bytes(int(o) for o in octets), "big")
    return judge(address, name, "wildcard DNS")
