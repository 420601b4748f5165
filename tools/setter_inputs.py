"""Random URLs and setter values for tools/differential_setters.py and its pytest.

Seeded and reproducible: ``SetterInputs(seed).requests(n)`` gives the same n requests for the
same seed, seeds file and options. A request is ``{"href", "base"?, "setters": [[name, value],
...]}``: a URL-shaped string (every kind: special, file with drive letters and `|`, opaque
paths, hosts that are IPv4, IPv6, IDN, percent-encoded or opaque, credentials, ports, dot
segments, backslashes, tabs and newlines, lone surrogates, C0 controls), sometimes a relative
one with a base, and one to three setters with values made for each (and values of any other
setter's kind). The WPT setter cases (setters_tests.json) are seeds: their URLs start requests
and their values are values of every setter.

``unicode_17_only`` (on by default) leaves out every code point that is unassigned (Cn) in
unicodedata2's Unicode version (17.0), but the noncharacters, which no version assigns:
whatwg-url 17.3.0 maps hosts with Unicode 18.0's IDNA tables, so a code point new in 18.0
would differ for that reason alone.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import unicodedata2

#: The setters, by their JavaScript names ("searchParams" replaces the query's pairs).
SETTERS = ("href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
           "search", "hash", "searchParams")

SPECIAL = ["http", "https", "ws", "wss", "ftp", "HTTP", "Https", "WS"]
OTHER = ["sc", "foo", "data", "javascript", "mailto", "about", "web+demo", "a-b.c", "git+ssh",
         "urn", "x1", "blob", "JavaScript", "tel"]
DOMAINS = ["example.com", "h", "a.b.c", "EXAMPLE.COM", "xn--bcher-kva.example", "bücher.example",
           "ÉXAMPLE.com", "ex%61mple.com", "%65xample", "a%2Eb", "exa mple", "ex\u00adample",
           "ｅｘａｍｐｌｅ．ｃｏｍ", "example。com", "a..b", "a.", ".", "..", "xn--", "xn--a",
           "xn--a.xn--b", "ß.de", "faß.de", "ς.gr", "\u200d", "a\u200cb", "a" * 64, "a" * 63,
           "localhost", "LOCALHOST", "localhost.", "%00", "a<b", "a^b", "a|b", "a%7Cb", "😀",
           "xn--ls8h", "İ.com", "ǅ", "ﬀ.com", "℡", "a\u0301", "\u0301a", "אב", "a.אב", "١٢",
           "%F0%9F%98%80", "%zz", "%", "a%", "x%2", "%C3%A9", "%ef%bc%85", "\ufffd", "a\ufeffb",
           "a\u3002b", "\uff0e", "a\ufe0fb", "xn--zca.de", "xn--55qx5d.cn", "中国", "a_b", "a*b",
           "-a-", "a--b", "ab--c", "xn--l-ia.x", "test.xn--0.", "a\x00b", "a\x7fb", "a@b", "a:b"]
IPV4 = ["1.2.3.4", "0x7f.1", "0177.0.0.1", "4294967295", "4294967296", "1.2.3.4.", "1.2.3.4..",
        "1.2.3.256", "08.1", "0x", "1.2.3", "09", "0xffffffff", "1.0x", "%31.2.3.4", "１２７.0.0.1",
        "0", "0.0.0.0", "255.255.255.255", "1.2.3.4.5", "0X7F.0.0.1", "1..2", "0x100000000",
        "1.2.3.09", "a.1.2.3", "1.2.3.a", "127.1", "1.256", "00000000000000000001.2.3.4"]
IPV6 = ["[::1]", "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]", "[1::]", "[::]", "[1:2::3:4]",
        "[0:0::ffff:1.2.3.4]", "[::1.2.3]", "[:1]", "[1:::2]", "[1:2:3:4:5:6:7:8:9]",
        "[fe80::1%25eth0]", "[::1", "::1]", "[ABCD::]", "[v1.x]", "[::1]x", "[%3A%3A1]",
        "[::127.0.0.1]", "[1:2:3:4:5:6:1.2.3.4]", "[0000:0:0::1]", "[::1.2.3.4x]", "[]", "[1]"]
OPAQUE_HOSTS = ["h", "H", "a%zz", "a b", "é", "a%41", "a!$&'()*+,;=", "1.2.3.4", "0x7f.1",
                "[::1]", "xn--", "a\\b", "a%00", "\x01", "~", "a`b", "a{b}", "a\"b", ""]
USERINFO = ["", "", "", "u@", "u:p@", ":p@", "u:@", "@", "a@b@", "user%40:p%3A@", "ü:ö@",
            "u p:@", "%zz@", "::@", "u:p:q@", "\\@", "a\tb@", "[::1]@", "u;x=1@"]
PORTS = ["", "", "", ":", ":80", ":443", ":0", ":8080", ":65535", ":65536", ":0080", ":21",
         ":99999999999", ":x", ":8x", ":1\t0", ":-1", ":+1", ":٣"]
SEGMENTS = ["a", "b", "", ".", "..", "%2e", "%2E", ".%2e", "%2e%2E", "C:", "C|", "c:", "z|",
            "C%3A", "C%7C", "..a", "a b", "%41", "%zz", "é", "a:b", "x.y", "~", "a%2fb", "ab|",
            "1:", "Ab:", "a\"b", "<>", "`{}", "a^", "\x00", "'", "a\\b", "\ud800", "💩", "%ff"]
QUERIES = ["", "", "", "?", "?q=1", "?a b", "?'", "?%zz", "??", "?é", "?a=1&b=2", "?\"<>",
           "?`{}", "?#", "?\x00", "?\ud800", "?%2e", "?a+b", "?a%20b"]
FRAGMENTS = ["", "", "", "#", "#f", "# x", "#`", "##", "#é", "#\x00", "#\"<>", "#a#b", "#?",
             "#\ud800", "#%zz", "#{}"]
SLASHES = ["//", "//", "//", "/", "\\\\", "", "///", "/\\", "\\/", "\\"]
NOISE = ["\t", "\n", "\r", " ", "\x00", "\x1f", "\ud800", "\udfff", "\u00a0", "\ufeff"]
TOKENS = ["http:", "https:", "file:", "sc:", "ws:", "/", "//", "\\", "?", "#", ":", "@", ".",
          "..", "%2e", "%", "%41", "[", "]", "::1", "c:", "c|", "a", "é", " ", "\t", "0x7f",
          "1.2.3.4", "localhost", "xn--", "8080", "\x00", "\ud800", "h", "%zz", ";", "="]
PROTOCOLS = ["http", "https", "ws", "wss", "ftp", "file", "sc", "foo", "javascript", "data",
             "blob", "HTTP", "hTtPs", "FILE", "", "http:", "https:foo", "file:///", "ht tp",
             "ht\ttp", "1http", "a+-.9", "ftp:x", "http/", "sc:", "é", "https\n", " http", "-a"]
PORT_VALUES = ["8080", "80", "443", "21", "0", "65535", "65536", "8080x", "x", "", " 8", "\t8",
               "8\n0", "-1", "+1", "1e3", "٣", "８", "00080", "8080/x", "8?x", "8#x", "8\\x",
               "99999999999999", "1.5", ":8", "0x10"]
DRIVES = ["C:", "C|", "c:", "z|", "C|", "z|", "C%3A", "C%7C", "C", "C:x", "|", "1:"]
SEARCH_PARAMS = ["a=b&c=d", "?x=1", "", "a b=c+d", "%zz", "=", "&&", "é=ü", "a=%26&b=%3D",
                 "?", "??a", "a", "a=1&a=2", "\ud800=x", "+=+"]
_NONCHARACTER_BLOCK = range(0xFDD0, 0xFDF0)
_PAIR = re.compile("([\ud800-\udbff])([\udc00-\udfff])")


def _is_excluded(cp: int) -> bool:
    """Unassigned in Unicode 17.0 and not a noncharacter (noncharacters stay unassigned)."""
    if cp in _NONCHARACTER_BLOCK or cp & 0xFFFE == 0xFFFE:
        return False
    return bool(unicodedata2.category(chr(cp)) == "Cn")


def load_seeds(path: Path | None) -> tuple[list[str], list[str]]:
    """The hrefs and the values of setters_tests.json, or two empty lists without it."""
    if path is None or not path.is_file():
        return [], []
    data = json.loads(path.read_text(encoding="utf-8"))
    cases = [c for name, cs in data.items() if name != "comment" for c in cs]
    return sorted({c["href"] for c in cases}), sorted({c["new_value"] for c in cases})


class SetterInputs:
    """A seeded source of requests (see the module's docstring)."""

    def __init__(self, seed: int, seeds: tuple[list[str], list[str]] = ([], []),
                 unicode_17_only: bool = True) -> None:
        self.rng = random.Random(seed)
        self.seed_hrefs, self.seed_values = seeds
        self.unicode_17_only = unicode_17_only
        self.values: dict[str, Callable[[], Any]] = {
            "href": self.url, "protocol": self.protocol, "username": self.text,
            "password": self.text, "host": lambda: self.host_value(0.5),
            "hostname": lambda: self.host_value(0.2),
            "port": self.port, "pathname": self.path_value, "search": self.query_value,
            "hash": self.fragment_value, "searchParams": self.search_params,
        }

    # ---- the pieces ------------------------------------------------------------------------

    def pick(self, options: list[str]) -> str:
        return self.rng.choice(options)

    def code_point(self) -> str:
        """One code point from a range chosen by weight: ASCII most often, any plane at times."""
        rng = self.rng
        while True:
            low, high = rng.choices([(0, 0x7F), (0x80, 0x7FF), (0x800, 0xFFFF), (0xD800, 0xDFFF),
                                     (0x10000, 0x10FFFF), (0xFFF0, 0xFFFF)],
                                    [50, 15, 20, 3, 8, 2])[0]
            cp = rng.randint(low, high)
            if not (self.unicode_17_only and _is_excluded(cp)):
                return chr(cp)

    def random_text(self, limit: int = 8) -> str:
        return "".join(self.code_point() for _ in range(self.rng.randint(0, limit)))

    def soup(self) -> str:
        return "".join(self.pick(TOKENS) for _ in range(self.rng.randint(0, 8)))

    def noisy(self, text: str) -> str:
        """``text`` with tab, newline, C0, space or a lone surrogate put in, now and then."""
        rng = self.rng
        while rng.random() < 0.1:
            at = rng.randint(0, len(text))
            text = text[:at] + self.pick(NOISE) + text[at:]
        return text

    def domain(self) -> str:
        roll = self.rng.random()
        if roll < 0.6:
            return self.pick(DOMAINS)
        if roll < 0.8:
            return ".".join(self.pick(DOMAINS) for _ in range(self.rng.randint(1, 3)))
        labels = [self.random_text(6) for _ in range(self.rng.randint(1, 3))]
        return ".".join(labels)

    def one_of(self, makers: list[Callable[[], str]], weights: list[int] | None = None) -> str:
        """What one of ``makers``, chosen by ``weights``, makes."""
        maker: Callable[[], str] = self.rng.choices(makers, weights)[0]
        return maker()

    def special_host(self) -> str:
        return self.one_of([self.domain, lambda: self.pick(IPV4), lambda: self.pick(IPV6)], [6, 2, 2])

    def other_host(self) -> str:
        return self.one_of([lambda: self.pick(OPAQUE_HOSTS), self.special_host,
                            lambda: self.random_text(5)], [4, 4, 1])

    def path(self, leading: bool = True) -> str:
        """Segments with `/` or, at times, `\\` between them; a drive letter first one time in
        five, a file URL's and any other's alike (the protocol setter moves paths between
        them)."""
        rng = self.rng
        segments = [self.pick(SEGMENTS) if rng.random() < 0.85 else self.random_text(4)
                    for _ in range(rng.randint(0, 5))]
        if rng.random() < 0.3:
            segments.insert(0, self.pick(DRIVES))
        out = ""
        for i, segment in enumerate(segments):
            if i or leading:
                out += "\\" if rng.random() < 0.15 else "/"
            out += segment
        return out

    def userinfo(self) -> str:
        """Credentials one time in three (the file scheme takes none: a protocol switch needs
        a URL without)."""
        return self.pick(USERINFO) if self.rng.random() < 0.35 else ""

    def port_text(self) -> str:
        return self.pick(PORTS) if self.rng.random() < 0.35 else ""

    def tail(self) -> str:
        return self.pick(QUERIES) + self.pick(FRAGMENTS)

    # ---- URLs --------------------------------------------------------------------------------

    def special_url(self) -> str:
        return (self.pick(SPECIAL) + ":" + self.pick(SLASHES) + self.userinfo()
                + self.special_host() + self.port_text() + self.path() + self.tail())

    def file_url(self) -> str:
        host = self.pick(["", "", "", "localhost", "h", "C:", "C|", "c", "1.2.3.4", "[::1]", "xn--",
                          "%41", "LOCALHOST", "a b", "bücher"])
        drive = self.pick(["", "", "/C:", "/C|", "/c:", "/z|", "C:", "C|", "/C", "/C%3A", "/C:x"])
        return (self.pick(["file:", "FILE:", "File:"]) + self.pick(SLASHES) + host + drive
                + self.path() + self.tail())

    def other_url(self) -> str:
        scheme = self.pick(OTHER)
        roll = self.rng.random()
        if roll < 0.4:
            return (scheme + "://" + self.userinfo() + self.other_host() + self.port_text()
                    + self.path() + self.tail())
        if roll < 0.6:
            return scheme + ":" + self.pick(["/", "/.//", "//", "/../"]) + self.path(False) + self.tail()
        opaque = self.pick(["alert(1)", "text/plain,a b", "a@b", "x", " x", "a b ", "%zz", "é",
                            "a b ?", "a\x01b", "", "a?b", "a#b"]) + self.random_text(3)
        return scheme + ":" + opaque + self.tail()

    def url(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.3:
            text = self.special_url()
        elif roll < 0.55:
            text = self.file_url()
        elif roll < 0.8:
            text = self.other_url()
        elif roll < 0.87:
            text = "blob:" + self.special_url()
        elif roll < 0.95 and self.seed_hrefs:
            text = self.pick(self.seed_hrefs)
        else:
            text = self.soup()
        if rng.random() < 0.05:
            text = self.pick([" ", "\x00", "\t", "\x1f "]) + text + self.pick(["", " ", "\x01"])
        return self.noisy(text)

    def reference(self) -> str:
        """A relative reference (for a base), or at times anything."""
        return self.noisy(self.one_of([
            lambda: self.path(self.rng.random() < 0.5) + self.tail(), self.tail,
            lambda: self.pick(SLASHES) + self.special_host() + self.path() + self.tail(),
            self.soup, lambda: self.pick(["C|", "C:", "/C|", "c:/x", "..", "."]) + self.path(),
        ]))

    # ---- values ------------------------------------------------------------------------------

    def text(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.2 and self.seed_values:
            return self.pick(self.seed_values)
        if roll < 0.45:
            return self.soup()
        if roll < 0.55:
            return self.url()
        return self.noisy(self.random_text(10))

    def protocol(self) -> str:
        """A scheme: file or another special one half the time (between which the setter
        switches)."""
        roll = self.rng.random()
        if roll < 0.5:
            return self.pick(["http", "https", "ws", "wss", "ftp", "file", "file", "file"])
        return self.noisy(self.pick(PROTOCOLS)) if roll < 0.85 else self.text()

    def host_value(self, with_port: float) -> str:
        """A host, with a port ``with_port`` of the time (the hostname setter fails on one)
        and at times a path, query and fragment after it."""
        rng = self.rng
        if rng.random() < 0.2:
            return self.text()
        host = self.special_host() if rng.random() < 0.7 else self.other_host()
        port = self.pick(PORTS) if rng.random() < with_port else ""
        return self.noisy(host + port + (self.path() + self.tail() if rng.random() < 0.2 else ""))

    def port(self) -> Any:
        rng = self.rng
        roll = rng.random()
        if roll < 0.1:
            # An int, as JavaScript converts a number for the setter (replace(port=int)).
            return rng.choice([0, 80, 443, 8080, 65535, 65536, -1, rng.randint(0, 70000)])
        if roll < 0.85:
            return self.noisy(self.pick(PORT_VALUES))
        return self.text()

    def path_value(self) -> str:
        rng = self.rng
        if rng.random() < 0.2:
            return self.text()
        return self.noisy(self.path(rng.random() < 0.6) + (self.tail() if rng.random() < 0.2 else ""))

    def query_value(self) -> str:
        if self.rng.random() < 0.3:
            return self.text()
        return self.noisy(self.pick(["", "?", "??"]) + self.pick(QUERIES) + self.pick(FRAGMENTS)
                          + self.random_text(3))

    def fragment_value(self) -> str:
        if self.rng.random() < 0.3:
            return self.text()
        return self.noisy(self.pick(["", "#", "##"]) + self.pick(FRAGMENTS) + self.pick(QUERIES)
                          + self.random_text(3))

    def search_params(self) -> str:
        return self.noisy(self.pick(SEARCH_PARAMS)) if self.rng.random() < 0.7 else self.text()

    # ---- requests ----------------------------------------------------------------------------

    def request(self) -> dict[str, Any]:
        """A URL (or a reference and its base) and one to three setters with values; a value
        of another setter's kind one time in ten; and, one time in four, a reference to
        resolve against the URL after its setters."""
        rng = self.rng
        request: dict[str, Any] = {}
        if rng.random() < 0.15:
            request["base"] = self.url()
            request["href"] = self.reference()
        else:
            request["href"] = self.url()
        setters = []
        for _ in range(rng.choices([1, 2, 3], [5, 3, 2])[0]):
            name = rng.choice(SETTERS)
            value = self.values[rng.choice(SETTERS) if rng.random() < 0.1 else name]()
            # Only the port takes an int: another setter would be given its string.
            setters.append([name, value if name == "port" else str(value)])
        request["setters"] = setters
        if rng.random() < 0.25:
            request["reference"] = self.reference()
        return self.scrubbed(request)

    def scrubbed(self, request: dict[str, Any]) -> dict[str, Any]:
        """The request without excluded code points, wherever they came from (the seeds too),
        and with no high surrogate right before a low one: JSON, and so JavaScript, reads such
        a pair as one code point, where a Python str holds two lone surrogates."""
        def scrub(value: Any) -> Any:
            if not isinstance(value, str) or value.isascii():
                return value
            if self.unicode_17_only:
                value = "".join(c for c in value if not _is_excluded(ord(c)))
            return _PAIR.sub(lambda m: m.group(1) + "x" + m.group(2), value)

        return {key: [[n, scrub(v)] for n, v in value] if key == "setters" else scrub(value)
                for key, value in request.items()}
