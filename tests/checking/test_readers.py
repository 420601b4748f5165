"""parser-disagreement with Python's readers (issue 23): http.client's IDNA 2003, a port that a
reader cannot read, and the optional readers (urllib3, httpx, yarl) both present and absent."""

from __future__ import annotations

import http.client
import importlib
import socket
import sys
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from full_path import count_readings
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking import readers
from urlgrammar.checking.disagreement import standard_reading
from urlgrammar.errors import Diagnostic
from urlgrammar.url import URL

OPTIONAL = ("urllib3", "httpx", "yarl")
URLTESTDATA = [c for c in shared_cases("wpt/urltestdata.json") if not isinstance(c, str)]


def disagreement(input: str, base: str | None = None) -> Diagnostic | None:
    found = [d for d in validate(input, base).advisories if d.code == "parser-disagreement"]
    return found[0] if found else None


@pytest.fixture
def without_optional_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    """As though urllib3, httpx and yarl were not installed: their imports fail."""
    for name in OPTIONAL:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setattr(readers, "_MODULES", {})


# ---- the standard library's fetchers encode with IDNA 2003 -----------------------------------

class _Sink:
    def __init__(self) -> None:
        self.sent = b""

    def sendall(self, data: bytes) -> None:
        self.sent += data


def test_http_client_sends_the_idna_2003_form_of_a_host() -> None:
    # The fact the reader rests on, on this Python: the Host header http.client writes.
    connection = http.client.HTTPConnection("fa\u00df.example")
    sink = _Sink()
    connection.sock = sink  # type: ignore[assignment]
    connection.putrequest("GET", "/")
    connection.endheaders()
    assert b"Host: fass.example\r\n" in sink.sent
    # ... and socket's look-up encodes with the same codec (it fails before any network use).
    with pytest.raises(UnicodeError, match="idna"):
        socket.getaddrinfo("a" * 64 + "\u00df.example", 80)


@pytest.mark.parametrize("input", ["http://fa\u00df.example/", "https://\u03b2\u03cc\u03bb\u03bf\u03c2.com/"])
def test_idna_2003_against_the_standard(input: str, without_optional_readers: None) -> None:
    found = disagreement(input)
    assert found is not None and (found.component, found.detail) == ("host", "host")
    assert "http.client reads scheme" in found.message
    assert "(readers: urllib.parse, http.client)" in found.message
    # The href is what every reader reads as the standard does: Punycode is ASCII.
    assert found.fix == validate(input).href and disagreement(found.fix) is None


def test_faß_names_both_hosts(without_optional_readers: None) -> None:
    found = disagreement("http://fa\u00df.example/")
    assert found is not None
    assert "http.client reads scheme 'http', host 'fass.example', port 80; the standard reads " \
        "scheme 'http', host 'xn--fa-hia.example', port 80" in found.message


@pytest.mark.parametrize("input", ["http://fass.example/", "http://b\u00fccher.example/",
                                   "http://xn--fa-hia.example/", "foo://fa\u00df.example/",
                                   "http://\u0130.example/"])
def test_idna_near_misses(input: str) -> None:
    # IDNA 2003 and the standard agree (ü, İ), an ASCII host is not encoded at all, and a
    # scheme that http.client does not fetch is not read by it.
    assert disagreement(input) is None


def test_a_host_the_idna_codec_refuses_is_no_reading() -> None:
    parsed = readers.split("http://" + "\u00e9" * 70 + ".example/", None)
    assert readers.http_client_reading(parsed) is None


# ---- a reader that raises on the port --------------------------------------------------------

def test_a_port_urllib_cannot_read_still_has_its_host_compared(without_optional_readers: None) -> None:
    text = "http://good.example\\@evil.example:x/"
    found = disagreement(text)
    assert found is not None and found.detail == "host"
    assert "urllib.parse and http.client read scheme 'http', host 'evil.example', a port it " \
        "cannot read; the standard reads scheme 'http', host 'good.example', port 80" in found.message
    reading = readers.urllib_reading(readers.split(text, None))
    assert reading is not None and not reading.port_read


def test_a_port_urllib_cannot_read_is_no_disagreement_by_itself() -> None:
    # Near miss: the host agrees (the standard puts `@evil.example:x` in the path).
    assert disagreement("http://good.example/@evil.example:x/") is None
    assert disagreement("http://good.example/a:b@c:x/") is None


# ---- the optional readers --------------------------------------------------------------------

def test_without_the_optional_readers_nothing_breaks(without_optional_readers: None) -> None:
    found = disagreement("http://good.example\\@evil.example/")
    assert found is not None and found.message.endswith("(readers: urllib.parse, http.client).")
    assert dict.fromkeys(OPTIONAL) == readers._MODULES
    assert disagreement("http://good.example/") is None


def _stub_httpx(host: bytes) -> Any:
    class URL:
        def __init__(self, text: str) -> None:
            if "\\" in text:
                raise InvalidURL(text)
            self.scheme, self.raw_host, self.port = "https", host, None

    class InvalidURL(Exception):
        pass

    return SimpleNamespace(URL=URL, InvalidURL=InvalidURL, __version__="9.9")


def test_an_optional_reader_alone_can_disagree(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(readers, "_MODULES", {"urllib3": None, "yarl": None,
                                              "httpx": _stub_httpx(b"other.example")})
    found = disagreement("https://GOOD.example/\u00e9?b")  # not plain, nor a simple head
    assert found is not None and found.detail == "host"
    assert "httpx 9.9 reads scheme 'https', host 'other.example', port 443" in found.message
    assert "(readers: urllib.parse, http.client, httpx 9.9)" in found.message
    # Its own exception (not a ValueError) is a refusal, named as one, not a disagreement.
    found = disagreement("https://good.example\\@evil.example/")
    assert found is not None and "httpx 9.9 refused it" in found.message
    assert "httpx 9.9 reads" not in found.message


def test_an_optional_reader_that_agrees_adds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(readers, "_MODULES", {"urllib3": None, "yarl": None,
                                              "httpx": _stub_httpx(b"good.example")})
    assert disagreement("https://GOOD.example/\u00e9?b") is None  # not plain, nor a simple head
    # It does not read what its client does not fetch.
    assert [name for name, _ in readers.readings("ftp://good.example/", None, "ftp")] == ["urllib.parse"]


def _installed(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not all(map(_installed, OPTIONAL)),
                    reason="urllib3, httpx and yarl are not all installed (the readers extra)")
def test_the_installed_readers() -> None:
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setattr(readers, "_MODULES", {})
    try:
        # urllib3 reads a backslash as the standard does; httpx reads the host after `@`; yarl
        # refuses a backslash in the authority.
        found = disagreement("http://good.example\\@evil.example/")
        assert found is not None
        said, _, ran = found.message.partition("(readers: ")
        assert "httpx" in said and "urllib3" not in said
        assert all(name in ran for name in OPTIONAL) and "yarl" in ran.partition(";")[2]
        url = URL("http://good.example\\@evil.example/")
        names = {name.split()[0]: r for name, r in readers.readings(url.href, None, "http")}
        assert set(names) == {"urllib.parse", "http.client", *OPTIONAL}
        assert all(r == standard_reading(url) for r in names.values())
    finally:
        monkeypatch.undo()


def test_readers_are_total_on_a_long_host() -> None:
    # Each reader on a 100 kB host returns or refuses; none raises past the advisory.
    for host in ("a" * 100_000, "\u00df" * 100_000, "[" + "1:" * 50_000 + "]", "a." * 50_000):
        report = validate(f"http://{host}/")
        assert all(d.code != "parser-disagreement" or d.message for d in report.advisories)


def test_the_optional_readers_read_up_to_the_query_and_not_past_2048(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(readers, "_MODULES", {"urllib3": None, "yarl": None,
                                              "httpx": _stub_httpx(b"other.example")})
    # A long query or fragment is not read (httpx keeps about 40 bytes a code point).
    found = disagreement("https://GOOD.example/\u00e9?" + "q" * 50_000)
    assert found is not None and "httpx 9.9 reads" in found.message
    # A long path is, and past 2,048 code points the optional readers do not run.
    assert disagreement("https://GOOD.example/\u00e9" + "p" * 2_000) is not None
    assert disagreement("https://GOOD.example/\u00e9" + "p" * 2_100) is None
    names = [name for name, _ in readers.readings("https://h/\u00e9" + "p" * 2_100, None, "https")]
    assert names == ["urllib.parse", "http.client"]


# ---- the heads the optional readers are not asked about --------------------------------------

_HEADS = st.builds(
    lambda scheme, labels, port, path: f"{scheme}://{'.'.join(labels)}{port}{path}",
    st.sampled_from(["http", "HTTP", "https", "HtTpS", "ws", "WSS"]),
    st.lists(st.sampled_from(["a", "EXAMPLE", "com", "0x7f", "127", "0", "1", "256", "010", "xn--", "-a",
                              "a-", "", "xn--pple-43d", "XN--BCHER-KVA", "2130706433", "0177", "localhost",
                              "a_b", "_", "_x_"]),
             min_size=1, max_size=5),
    st.sampled_from(["", ":", ":80", ":443", ":0", ":65535", ":65536", ":08080"]),
    st.sampled_from(["", "/", "/a/b", "/a:b", "/(x)", "/;p=1", "/~u/*", "/a//b", "/..", "/a%20b",
                     "/%7Eu/%2F", "/%2e%2E/%40", "/%3F%23", "/%C3%A9", "/%5C%25", "/a\\b", "/\\\\x",
                     "/a b", "/ ", "/\\..\\", "/a\\%20 b"]),
)


def _installed_readers_of(text: str) -> Iterator[tuple[str, Any, Any]]:
    """The optional readers that are installed and fetch ``text``'s scheme: name, module, read."""
    for name, schemes, read in readers._OPTIONAL:
        module = readers._module(name)
        if module is not None and text.split(":", 1)[0].lower() in schemes:
            yield name, module, read


def _agree_with_urllib(text: str) -> None:
    if not readers._SIMPLE_HEAD.fullmatch(text) or not URL.can_parse(text):
        return  # the advisory compares only what the standard parses (`:65536` it refuses)
    urllib = readers.urllib_reading(readers.split(text, None))
    for name, module, read in _installed_readers_of(text):
        try:
            reading = read(module, text, None)
        except (ValueError, TypeError, UnicodeError, module.__dict__.get("InvalidURL", ValueError)):
            continue  # a refusal is no reading to disagree with
        assert reading == urllib, (name, text, reading, urllib)


@settings(max_examples=1_500)
@given(text=_HEADS)
def test_the_optional_readers_read_a_simple_head_as_urllib_does(text: str) -> None:
    _agree_with_urllib(text)


@shared_parametrize("wpt/urltestdata.json", "case", URLTESTDATA, ids=lambda c: repr(c["input"]))
def test_the_optional_readers_read_simple_wpt_heads_as_urllib_does(case: dict[str, Any]) -> None:
    _agree_with_urllib(case["input"].split("?")[0].split("#")[0])


def test_a_head_with_percent_encoded_bytes_is_simple() -> None:
    # validate's suggestions percent-encode (`a b\c` becomes `a%20b/c`): their heads are simple.
    assert readers._SIMPLE_HEAD.fullmatch("https://h.example/New%20Pages/%7Eu/%C3%A9")
    for head in ["https://h.example/a%2", "https://h.example/a%zz", "https://h.example\\a",
                 "https://h.example/a\tb", "https://h.example/%", "https://h.example/a@b"]:
        assert not readers._SIMPLE_HEAD.fullmatch(head), head
    names = [name for name, _ in readers.readings("https://h/a%20b", None, "https")]
    assert names == ["urllib.parse", "http.client"]


# ---- the heads the optional readers are not asked about where urllib reads as the standard ---

_AGREEING_HEADS = st.builds(
    lambda scheme, labels, port, path: f"{scheme}://{'.'.join(labels)}{port}{path}",
    st.sampled_from(["http", "HTTPS", "https", "ws", "wss"]),
    st.lists(st.sampled_from(['"www', 'a"b', '"', "EXAMPLE", "com", "127", "0x7f", "a!b", "$", "&x",
                              "'q'", "(x)", "*", "+", ",", ";", "=", "`", "{y}", "~u", "xn--", "-", "_"]),
             min_size=1, max_size=5),
    st.sampled_from(["", ":80", ":443", ":08080", ":65536"]),
    st.sampled_from(["", "/", "/a\\b", "/a b", "/%20x", "/;p=1"]),
)


def _agree_or_refuse(text: str) -> None:
    """Each optional reader reads an agreeing head as urllib does, or refuses it."""
    assert readers._AGREEING_HEAD.fullmatch(text), text
    if not URL.can_parse(text):
        return  # the advisory compares only what the standard parses (`:65536` it refuses)
    urllib = readers.urllib_reading(readers.split(text, None))
    for name, module, read in _installed_readers_of(text):
        for base in (None, "http://base.example/d/", "https://other.example:8443/"):
            try:
                reading = read(module, text, base)
            except (ValueError, TypeError, UnicodeError, module.__dict__.get("InvalidURL", ValueError)):
                continue
            assert reading == urllib, (name, text, base, reading, urllib)


@settings(max_examples=1_500)
@given(text=_AGREEING_HEADS)
def test_the_optional_readers_read_an_agreeing_head_as_urllib_does(text: str) -> None:
    _agree_or_refuse(text)


@pytest.mark.parametrize("input", ['https://"www.example.com/a/0', 'http://a"b.example:8080/x\\y',
                                   "https://a!b$c.example/", "https://'q'.example/p"])
def test_a_head_urllib_reads_as_the_standard_does_is_not_read_again(input: str) -> None:
    url = URL(input)
    assert readers._AGREEING_HEAD.fullmatch(input) and not readers._SIMPLE_HEAD.fullmatch(input)
    names = [name for name, _ in readers.readings(input, None, "https", standard_reading(url))]
    assert names == ["urllib.parse", "http.client"]
    assert disagreement(input) is None
    # Without the standard's reading to compare with, every reader runs, as before.
    assert len(readers.readings(input, None, "https")) == 2 + sum(
        readers._module(name) is not None for name in OPTIONAL)


def test_a_head_urllib_reads_otherwise_is_read_by_every_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    # urllib's host is `a"b.example` and the standard's too, but its port is 8080 and the
    # standard's 80 (a stub standard reading, to make them part): the optional readers run.
    monkeypatch.setattr(readers, "_MODULES", {"urllib3": None, "yarl": None,
                                              "httpx": _stub_httpx(b'a"b.example')})
    other = readers.Reading("http", 'a"b.example', 80)
    names = [name for name, _ in readers.readings('http://a"b.example:8080/', None, "http", other)]
    assert names == ["urllib.parse", "http.client", "httpx 9.9"]


def test_an_optional_readers_base_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    class URL:
        def __init__(self, text: str) -> None:
            made.append(text)
            self.text = text

        def join(self, text: str) -> Any:
            return SimpleNamespace(scheme="https", port=None, raw_host=b"h.example")

    stub = SimpleNamespace(URL=URL, InvalidURL=ValueError, __version__="9.9")
    monkeypatch.setattr(readers, "_bases", {})
    for input in ["\u00e9", "b\u00e9", "c\u00e9"]:
        readers._httpx(stub, input, "https://base.example/")
    assert made == ["https://base.example/"]


# ---- a fixed string that the readers read as its input ------------------------------------------

@pytest.mark.parametrize(("a", "b", "alike"), [
    ("https://h.example/a\\b c", "https://h.example/a/b%20c", True),
    ("https://h.example:8080/a\\b?q r", "https://h.example:8080/a/b?q%20r", True),
    ("https://h.example", "https://h.example/", True),
    ("https://h.example/a", "https://g.example/a", False),
    ("https://h.example/a", "https://h.example:81/a", False),
    ("http://h.example/a", "https://h.example/a", False),
    ('https://"h.example/a\\b', 'https://"h.example/a/b', False),  # not simple: optional readers run
    ("https://h.example/\u00e9", "https://h.example/%C3%A9", False),
])
def test_read_alike(a: str, b: str, alike: bool) -> None:
    assert readers.read_alike(a, b) is alike
    if alike:  # the claim: each reader that runs reads them alike, against a base or not
        for base in (None, "https://base.example/d/", "http://h.example/", "sc://x/"):
            assert readers.readings(a, base, "https") == readers.readings(b, base, "https")


@pytest.mark.parametrize("input", ["https://h.example/Paper\\%20x\\y z.pdf", "http://a.b:8080/c\\d?e f#g h"])
def test_a_fixed_string_read_alike_is_not_read_again(input: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # validate reads its input's advisories, then its fixed string's: where the readers read
    # the two alike and the input has no parser-disagreement, they are not asked again. (Nor
    # is the input: its head as written is the readers' reading, against a base too
    # (disagreement.written_against; test_relative_reading).)
    base = "https://base.example/d/"
    report = validate(input, base)
    assert report.suggestion is not None and report.suggestion != input
    read = count_readings(monkeypatch)
    assert validate(input, base) == report
    assert read == []


_PATHS = st.sampled_from(["", "/", "/a\\b", "/a%20b", "/a b", "?q", "#f", "/x?y#z"])


@settings(max_examples=500)
@given(head=_HEADS, paths=st.lists(_PATHS, min_size=2, max_size=2),
       base=st.sampled_from([None, "https://base.example/d/", "http://a/", "file:///x", "sc://x/"]))
def test_strings_read_alike_have_equal_readings(head: str, paths: list[str], base: str | None) -> None:
    authority = "/".join(head.split("/", 3)[:3])  # the scheme, `//` and the authority
    a, b = authority + paths[0], authority + paths[1]
    if readers.read_alike(a, b):
        scheme = a.split(":", 1)[0].lower()
        assert readers.readings(a, base, scheme) == readers.readings(b, base, scheme)
