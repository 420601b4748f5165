"""Internal hosts (issue 23): each kind of address and name flagged, a near miss beside it not,
in every form the host parser reads; the public ``urlgrammar.is_internal``."""

from __future__ import annotations

import re

import pytest

import urlgrammar
from urlgrammar.errors import URLError
from urlgrammar.host import internal_names
from urlgrammar.host.internal import internal_address, is_internal
from urlgrammar.host.internal_names import (
    ENDINGS,
    NAMES,
    SUFFIXES,
    WILDCARD,
    internal_name,
    might_be_internal,
)
from urlgrammar.host.parser import Domain, Empty, Opaque, parse_host


def kind(host: str, special: bool = True) -> str | None:
    found = internal_address(parse_host(host, special))
    return None if found is None else found.kind


#: (host of a special URL, its kind; a near miss, which is not internal).
PAIRS = [
    # The ranges: private, shared (RFC 6598), "this network", multicast, broadcast, reserved.
    ("10.0.0.1", "private", "11.0.0.1"),
    ("172.31.255.255", "private", "172.32.0.1"),
    ("100.64.0.0", "shared", "100.63.255.255"),
    ("100.127.255.255", "shared", "100.128.0.0"),
    ("0.1.2.3", "this network", "1.0.0.0"),
    ("0.0.0.0", "unspecified", "1.0.0.1"),
    ("224.0.0.1", "multicast", "223.255.255.255"),
    ("[ff02::1]", "multicast", "[fe00::1]"),
    ("255.255.255.255", "broadcast", "8.8.4.4"),
    ("240.0.0.1", "reserved", "223.0.0.1"),  # 224/4 between them is multicast
    ("192.0.0.8", "non-global", "192.0.0.9"),  # an IANA exception in 192.0.0.0/24
    ("198.19.0.1", "non-global", "198.20.0.1"),
    ("[2001:2::1]", "non-global", "[2001:20::1]"),  # ORCHIDv2 is global, whatever Python says
    ("[fec0::1]", "private", "[2600::1]"),
    ("[fe80::1]", "link-local", "[2a00::1]"),
    # Cloud metadata, with the neighbours of each.
    ("169.254.169.254", "cloud metadata", "169.254.169.254.example"),
    ("168.63.129.16", "cloud metadata", "168.63.129.17"),
    ("192.0.0.192", "cloud metadata", "192.0.0.10"),
    ("100.100.100.200", "cloud metadata", "100.128.100.200"),
    ("[fd00:ec2::254]", "cloud metadata", "[2600:1f00::254]"),
    ("[fd20:ce::254]", "cloud metadata", "[2600:ce::254]"),
    # An IPv4 address inside an IPv6 one, judged as that IPv4 address.
    ("[::ffff:a9fe:a9fe]", "cloud metadata", "[::ffff:808:808]"),
    ("[::127.0.0.1]", "loopback", "[::8.8.8.8]"),
    ("[64:ff9b::a9fe:a9fe]", "cloud metadata", "[64:ff9b::808:808]"),
    ("[64:ff9b:1::a00:1]", "private", "[64:ff9c::a00:1]"),
    ("[2002:7f00:1::]", "loopback", "[2002:808:808::]"),
    # Teredo: server 65.54.227.120, client obfuscated (each bit of the address inverted).
    ("[2001:0:4136:e378:8000:63bf:80ff:fffe]", "loopback", "[2001:0:4136:e378:8000:63bf:f7f7:f7f7]"),
    # Names.
    ("localhost", "loopback", "localhost.example.com"),
    ("a.localhost.", "loopback", "localhostx"),
    ("localhost.localdomain", "loopback", "localdomain"),
    ("ip6-localhost", "loopback", "ip6-localhost.example"),
    ("ip6-loopback", "loopback", "ip6-loopbacks"),
    ("printer.local", "link-local", "local.example"),
    ("home.arpa", "private", "arpa"),
    ("nas.home.arpa", "private", "home.arpa.example"),
    ("x.internal", "private", "internal.example.com"),
    ("metadata", "cloud metadata", "metadata.example"),
    ("metadata.google.internal", "cloud metadata", "metadata.google.com"),
    ("instance-data", "cloud metadata", "instance-data.example"),
    ("kubernetes.default", "private", "kubernetes.io"),
    ("kubernetes.default.svc", "private", "svc.example"),
    ("db.prod.svc.cluster.local", "private", "cluster.example"),
    # Wildcard DNS: the address in the name (dotted, dashed, hex), and public loopback names.
    ("10.0.0.1.nip.io", "private", "nip.io"),
    ("app.127.0.0.1.sslip.io", "loopback", "app.8.8.8.8.sslip.io"),
    ("app-169-254-169-254.nip.io", "cloud metadata", "app-8-8-8-8.nip.io"),
    ("magic-7f000001.nip.io", "loopback", "magic-08080808.nip.io"),
    ("c0a80101.xip.io", "private", "c0a80101.example.io"),
    ("10-0-0-1.traefik.me", "private", "10-0-0-256.traefik.me"),
    ("localtest.me", "loopback", "localtest.me.example"),
    ("www.lvh.me", "loopback", "lvh.example"),
]


@pytest.mark.parametrize(("host", "expected"), [(h, k) for h, k, _ in PAIRS], ids=[h for h, _, _ in PAIRS])
def test_flagged(host: str, expected: str) -> None:
    assert kind(host) == expected
    assert [d.detail for d in urlgrammar.validate(f"http://{host}/").advisories] == [expected]


@pytest.mark.parametrize("near", [n for _, _, n in PAIRS])
def test_near_miss(near: str) -> None:
    assert kind(near) is None
    assert urlgrammar.validate(f"http://{near}/").advisories == ()


@pytest.mark.parametrize(("host", "near"), [(h, n) for h, _, n in PAIRS], ids=[h for h, _, _ in PAIRS])
def test_is_internal_says_what_the_advisory_says(host: str, near: str) -> None:
    assert is_internal(host) is True and is_internal(near) is False


def test_every_written_form() -> None:
    assert kind("127.1") == kind("0x7f000001") == kind("017700000001") == kind("[::1]") == "loopback"
    assert kind("[::ffff:127.0.0.1]") == kind("LOCALHOST.") == kind("%6c%6fcalhost") == "loopback"
    assert kind("0xa9.254.43518") == kind("2852039166") == "cloud metadata"


@pytest.mark.parametrize(("host", "expected"), [
    ("127.1", "loopback"), ("0x7f000001", "loopback"), ("0177.0.0.1", "loopback"), ("LOCALHOST", "loopback"),
    ("%31%32%37.0.0.1", "loopback"), ("Metadata.Google.Internal", "cloud metadata"), ("10.1", "private"),
    ("169.254.169.254", "cloud metadata"),
])
def test_opaque_hosts_as_their_clients_read_them(host: str, expected: str) -> None:
    assert kind(host, special=False) == expected


@pytest.mark.parametrize("host", ["8.8.8.8", "0x8080808", "example.com", "1.2.3.4.5", "127.0.0.1.example",
                                  "localhostx", "%zz", "[::ffff:8.8.8.8]"])
def test_opaque_near_misses(host: str) -> None:
    assert kind(host, special=False) is None


def test_classic_ssrf_payloads() -> None:
    for url, shows in [
        ("gopher://127.1:1/", "127.0.0.1 (as its clients read 127.1) is a loopback address"),
        ("redis://LOCALHOST:6379/", "localhost (as its clients read LOCALHOST) is a loopback name"),
        ("dict://0x7f000001:11211/", "127.0.0.1 (as its clients read 0x7f000001)"),
    ]:
        [d] = [d for d in urlgrammar.validate(url).advisories if d.code == "internal-address"]
        assert shows in d.message, url
    assert [d.code for d in urlgrammar.validate("gopher://example.com:70/").advisories] == []


def test_the_message_says_which_kind_and_where() -> None:
    found = internal_address(parse_host("[64:ff9b::a9fe:a9fe]", True))
    assert found is not None
    assert found.message == ("169.254.169.254 (in 64:ff9b::a9fe:a9fe, NAT64) is a cloud metadata address "
                             "(AWS, Google Cloud, Azure, Oracle Cloud and others)")
    found = internal_address(parse_host("0.1.2.3", True))
    assert found is not None and found.message == '0.1.2.3 is a "this network" address (0.0.0.0/8, RFC 791)'
    found = internal_address(parse_host("168.63.129.16", True))
    assert found is not None and found.message == "168.63.129.16 is a cloud metadata address (Azure)"
    found = internal_address(parse_host("100.64.1.1", True))
    assert found is not None and "RFC 6598" in found.message
    found = internal_address(parse_host("10.0.0.1.nip.io", True))
    assert found is not None
    assert found.message == "10.0.0.1 (in 10.0.0.1.nip.io, wildcard DNS) is a private address"
    found = internal_address(parse_host("x.internal", True))
    assert found is not None and found.name and "ICANN" in found.message


def test_documentation_blocks_are_not_flagged() -> None:
    # A deviation from the registries, for the examples that use them (see internal.py).
    for host in ("192.0.2.1", "198.51.100.1", "203.0.113.1", "[2001:db8::1]", "[3fff::1]"):
        assert kind(host) is None, host


def test_nothing_else() -> None:
    assert internal_address(Empty()) is None
    assert internal_address(Domain("localhostx")) is None and internal_address(Opaque("[")) is None


# ---- the name tables and the fast reject -----------------------------------------------------


def test_the_endings_cover_every_name() -> None:
    for name in [*NAMES, *(f"x.{s}" for s in SUFFIXES), *(f"10.0.0.1.{w}" for w in WILDCARD)]:
        assert internal_name(name, lambda a, w, f: None) is not None or name.endswith(tuple(WILDCARD))
        assert might_be_internal(name), name
    assert all(e == e.lower() and not e.endswith(".") for e in ENDINGS)
    assert not might_be_internal("www.example.com") and not might_be_internal("github.io")


def test_a_name_of_many_labels_costs_a_few_lookups(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted, not timed: each suffix looked up and each text searched for an address.
    looked: list[str] = []
    searched: list[str] = []

    class Counting(dict[str, tuple[str, str]]):
        def __contains__(self, key: object) -> bool:
            looked.append(str(key))
            return super().__contains__(key)

    pattern = internal_names._embedded()

    class Searching:
        def search(self, text: str) -> re.Match[str] | None:
            searched.append(text)
            return pattern.search(text)

    monkeypatch.setattr(internal_names, "SUFFIXES", Counting(SUFFIXES))
    monkeypatch.setattr(internal_names, "_embedded", Searching)
    assert internal_name("a." * 100_000 + "example.com", lambda a, w, f: None) is None
    assert len(looked) <= internal_names._MOST_LABELS and max(map(len, looked)) < 20
    found = internal_address(Domain("a-" * 100_000 + "10.0.0.1.nip.io"))
    assert found is not None and found.kind == "private"
    assert searched and max(map(len, searched)) <= 16


# ---- urlgrammar.is_internal ------------------------------------------------------------------


def test_is_internal_is_exported() -> None:
    assert urlgrammar.is_internal is is_internal and "is_internal" in urlgrammar.__all__


@pytest.mark.parametrize(("given", "expected"), [
    ("127.1", True), ("::1", True), ("fe80::1%eth0", True), ("[::1]", True), ("0x7f.1", True),
    ("LOCALHOST", True), ("169.254.169.254", True), ("8.8.8.8", False), ("2606:4700::1111", False),
    ("example.com", False), ("10.0.0.1.nip.io", True), ("nip.io", False),
])
def test_is_internal_takes_strings(given: str, expected: bool) -> None:
    assert is_internal(given) is expected


def test_is_internal_takes_urls_references_and_hosts() -> None:
    assert is_internal(urlgrammar.URL("http://[::ffff:7f00:1]:8080/x")) is True
    assert is_internal(urlgrammar.URL("gopher://127.1:70/")) is True
    assert is_internal(urlgrammar.URL("https://example.com/")) is False
    assert is_internal(urlgrammar.URL("mailto:root@localhost")) is False  # no host at all
    assert is_internal(urlgrammar.URL("file:///etc/passwd")) is False
    assert is_internal(urlgrammar.parse_reference("//LOCALHOST/x")) is True
    assert is_internal(urlgrammar.parse_reference("/x")) is False
    assert is_internal(parse_host("10.0.0.1", True)) is True and is_internal(Empty()) is False


def test_is_internal_errors() -> None:
    with pytest.raises(URLError, match=r"pass urlgrammar\.URL"):
        is_internal("http://127.0.0.1/")
    with pytest.raises(URLError):
        is_internal("a b")
    with pytest.raises(TypeError, match="not int"):
        is_internal(2130706433)  # type: ignore[arg-type]
