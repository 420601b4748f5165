"""The live viewer's server: /api/explain is explain --json, bad requests get a 4xx, the page
and its policies, Host checks, other sites' requests, time limits and workers that die."""

from __future__ import annotations

import http.client
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar.cli import main
from urlgrammar.cli.serve.server import MAX_LENGTH, Viewer, is_loopback
from urlgrammar.cli.serve.workers import Busy, Workers
from urlgrammar.teaching.viewer import page

WPT = shared_cases("wpt/urltestdata.json")


class Client:
    """Requests to one running server, on 127.0.0.1, with the raw path as given."""

    def __init__(self, server: Viewer) -> None:
        self.server = server

    def get(self, path: str, method: str = "GET", headers: dict[str, str] | None = None
            ) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        try:
            connection.putrequest(method, path, skip_accept_encoding=True,
                                  skip_host="Host" in (headers or {}))
            for name, value in (headers or {}).items():
                connection.putheader(name, value)
            connection.endheaders()
            reply = connection.getresponse()
            return reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read()
        finally:
            connection.close()

    def explain(self, **fields: str) -> tuple[int, Any]:
        status, _, body = self.get("/api/explain?" + urlencode(fields, quote_via=quote))
        return status, json.loads(body)


def _running(workers: Workers) -> Iterator[Client]:
    server = Viewer("127.0.0.1", 0, workers, log=False)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Client(server)
    finally:
        server.shutdown()
        server.server_close()
        workers.close()


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    yield from _running(Workers(count=2))


def _cli_json(capsys: pytest.CaptureFixture[str], input: str, base: str | None) -> Any:
    capsys.readouterr()
    argv = ["explain", "--json", *([f"--base={base}"] if base is not None else []), "--", input]
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


@shared_parametrize("wpt/urltestdata.json",
                    "case", WPT, ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_the_api_gives_what_explain_json_prints(client: Client, case: dict[str, str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    fields = {"input": case["input"]} | ({"base": case["base"]} if case.get("base") is not None else {})
    status, data = client.explain(**fields)
    assert status == 200
    assert data == _cli_json(capsys, case["input"], case.get("base"))


@pytest.mark.parametrize(("query", "status", "message"), [
    ("input=%ED%A0%80", 400, "input: not valid UTF-8: byte 0xED at offset 0"),  # U+D800, as UTF-8
    ("input=a%F0%9F%98", 400, "input: not valid UTF-8: byte 0xF0 at offset 1"),  # cut short
    ("input=%80", 400, "input: not valid UTF-8: byte 0x80 at offset 0"),
    ("input=x&base=%ED%B2%80", 400, "base: not valid UTF-8: byte 0xED at offset 0"),  # U+DC80
    ("input=x&base=nope", 400, "base: not a valid URL: missing-scheme-non-relative-URL at 0..4"),
    ("input=x&base=", 400, "base: not a valid URL"),
    ("base=http://h/", 400, "no input"),
    ("input=a&input=b", 400, "input is given twice"),
    ("input=a&evil=1", 400, "unknown field 'evil'"),
    ("a=1&b=2&c=3&d=4&e=5", 400, "too many fields"),
    ("input=" + "a" * (MAX_LENGTH + 1), 414, f"at most {MAX_LENGTH:,}"),
    ("input=x&base=http://h/" + "a" * MAX_LENGTH, 414, "base has"),
])
def test_bad_queries_get_a_4xx_that_says_why(client: Client, query: str, status: int, message: str) -> None:
    got, headers, body = client.get("/api/explain?" + query)
    assert got == status
    assert headers["content-type"] == "application/json"
    assert message in json.loads(body)["error"]


def _exchange(client: Client, request: bytes) -> tuple[int, bytes]:
    """The status and body of the answer to ``request``, sent as these bytes."""
    with socket.create_connection(("127.0.0.1", client.server.port), timeout=60) as sock:
        sock.sendall(request)
        reply = b"".join(iter(lambda: sock.recv(65536), b""))
    head, _, body = reply.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def _raw(client: Client, target: bytes) -> tuple[int, bytes]:
    """A GET of ``target`` as bytes, not percent-encoded, as no careful client sends it."""
    host = b"127.0.0.1:%d" % client.server.port
    return _exchange(client, b"GET " + target + b" HTTP/1.0\r\nHost: " + host + b"\r\n\r\n")


def test_a_raw_byte_in_the_request_line_is_read_as_a_byte(client: Client) -> None:
    status, body = _raw(client, "/api/explain?input=é".encode())
    assert status == 200 and json.loads(body)["input"] == "é"
    status, body = _raw(client, b"/api/explain?input=\xff")
    assert status == 400 and "byte 0xFF" in json.loads(body)["error"]


def test_what_the_api_refuses_the_command_line_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    # The same checks (urlgrammar.cli.arguments) make the same messages.
    with pytest.raises(SystemExit) as exit:
        main(["explain", "x", "--base", "nope"])
    assert exit.value.code == 2
    assert "not a valid URL: missing-scheme-non-relative-URL at 0..4" in capsys.readouterr().err


def test_a_megabyte_input_is_refused_not_explained(client: Client) -> None:
    status, _, _ = client.get("/api/explain?input=" + "%41" * 350_000)  # http.server's line limit
    assert status == 414
    status, _, body = client.get("/api/explain?" + urlencode({"input": "\u00e9" * 5000}))
    assert status == 414 and "5,000 code points" in json.loads(body)["error"]


def test_the_longest_input_is_explained(client: Client) -> None:
    status, data = client.explain(input="http://h/" + "a/" * ((MAX_LENGTH - 9) // 2))
    assert status == 200 and data["href"].startswith("http://h/a/a/")


def test_control_characters_and_nul_are_just_input(client: Client,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    input = "\x00 <script>alert('x')</script>\"\t\n http://h/\x1b[31m"
    status, data = client.explain(input=input, base="http://h/")
    assert status == 200 and data == _cli_json(capsys, input, "http://h/")


_QUERY_PARTS = st.lists(st.one_of(
    st.sampled_from(["input=", "base=", "&", "=", "+", "%", "%2", "%ZZ", "%00", "%ED%A0%80", "%C3%A9",
                     "http://h/", "%25", "input", "base"]),
    st.binary(max_size=4).map(lambda b: "".join(f"%{x:02X}" for x in b)),
    st.text(alphabet="abc:/?#[]@!$'()*,;", max_size=5)), max_size=12).map("".join)


@given(_QUERY_PARTS)
@settings(max_examples=150)
def test_any_query_gets_a_result_or_a_4xx(client: Client, query: str) -> None:
    status, _, body = client.get("/api/explain?" + query)
    assert status in (200, 400, 414), (status, body)
    data = json.loads(body)
    assert ("error" in data) == (status != 200)


def test_the_page_its_assets_and_their_policy(client: Client) -> None:
    status, headers, body = client.get("/")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert headers["content-security-policy"] == page.SERVED_POLICY
    assert "script-src 'self'" in page.SERVED_POLICY and "unsafe-inline" not in page.SERVED_POLICY
    assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"
    html = body.decode()
    # No inline script or style for the policy to refuse: the script and stylesheet are files.
    assert re.findall(r"<script[^>]*>", html) == ['<script src="viewer.js">']
    assert "<style" not in html and " style=" not in html and not re.search(r"\son\w+=", html)
    for name in ("viewer.js", "viewer.css"):
        kind = {"js": "text/javascript", "css": "text/css"}[name.rpartition(".")[2]] + "; charset=utf-8"
        status, headers, body = client.get("/" + name)
        assert status == 200 and headers["content-type"] == kind and body == page.asset(name)


def test_only_its_own_paths_and_methods(client: Client) -> None:
    for path in ("/etc/passwd", "/../pyproject.toml", "/static/viewer.js", "/%2e%2e/README.md", "/api"):
        status, headers, body = client.get(path)
        assert status == 404 and headers["content-security-policy"].startswith("default-src 'none'")
    status, headers, _ = client.get("/api/explain?input=x", method="POST")
    assert status == 405 and headers["allow"] == "GET, HEAD"
    status, headers, body = client.get("/api/explain?input=x", method="HEAD")
    assert status == 200 and body == b"" and int(headers["content-length"]) > 0


def test_a_foreign_host_name_is_refused(client: Client) -> None:
    # A page served as evil.example, whose name then rebinds to 127.0.0.1, sends this Host.
    port = client.server.port
    status, _, body = client.get("/api/explain?input=x", headers={"Host": f"evil.example:{port}"})
    assert status == 421 and client.server.url in json.loads(body)["error"]
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"LOCALHOST:{port}"):
        assert client.get("/", headers={"Host": host})[0] == 200


@pytest.mark.parametrize("version", [b"HTTP/1.1", b"HTTP/1.0"])
def test_a_request_without_a_host_is_refused(client: Client, version: bytes) -> None:
    for target in (b"/api/explain?input=x", b"/"):
        status, body = _exchange(client, b"GET " + target + b" " + version + b"\r\n\r\n")
        assert status == 400 and "no Host header" in json.loads(body)["error"]


#: What a browser sends with a request that a page of another site makes (Fetch Metadata and
#: Origin), old browsers without Sec-Fetch-Site, and the other cases that are not the viewer's own.
CROSS_SITE = {
    "a page elsewhere": {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
    "no Origin": {"Sec-Fetch-Site": "cross-site"},
    "another port here": {"Sec-Fetch-Site": "same-site", "Origin": "http://127.0.0.1:1"},
    "an unknown value": {"Sec-Fetch-Site": "cross-origin"},
    "an old browser": {"Origin": "https://evil.example"},
    "a sandboxed frame": {"Origin": "null"},
    "https here": {"Origin": "https://127.0.0.1:{port}"},
    "a same-origin mark from elsewhere": {"Sec-Fetch-Site": "same-origin", "Origin": "https://evil.example"},
}


@pytest.mark.parametrize("headers", CROSS_SITE.values(), ids=CROSS_SITE.keys())
@pytest.mark.parametrize("path", ["/api/explain?input=x", "/grammars.html"])
def test_other_sites_cannot_make_it_work(client: Client, headers: dict[str, str], path: str) -> None:
    headers = {name: value.format(port=client.server.port) for name, value in headers.items()}
    status, response, body = client.get(path, headers=headers)
    assert status == 403 and response["content-type"] == "application/json"
    assert "the viewer answers its own page only" in json.loads(body)["error"]


SAME_ORIGIN = {
    "the page's fetch": {"Sec-Fetch-Site": "same-origin", "Origin": "http://127.0.0.1:{port}"},
    "the page's fetch without Origin": {"Sec-Fetch-Site": "same-origin"},
    "as localhost": {"Host": "localhost:{port}", "Origin": "http://LOCALHOST:{port}"},
    "typed in the address bar": {"Sec-Fetch-Site": "none"},
    "curl": {},
}


@pytest.mark.parametrize("headers", SAME_ORIGIN.values(), ids=SAME_ORIGIN.keys())
def test_its_own_page_and_other_clients_are_served(client: Client, headers: dict[str, str]) -> None:
    headers = {name: value.format(port=client.server.port) for name, value in headers.items()}
    status, _, body = client.get("/api/explain?input=http:foo", headers=headers)
    assert status == 200 and json.loads(body)["href"] == "http://foo/"


def test_a_link_from_anywhere_opens_the_page(client: Client) -> None:
    # The page and its assets make no work: a link to a view, followed from another site, opens.
    for path in ("/", "/viewer.js"):
        status, _, _ = client.get(path, headers={"Sec-Fetch-Site": "cross-site"})
        assert status == 200


def test_the_diagram_page(client: Client) -> None:
    status, headers, body = client.get("/grammars.html")
    try:
        import railroad  # noqa: F401
    except ImportError:
        assert status == 404 and b"diagrams" in body
        return
    assert status == 200
    [style] = re.findall(r"<style>(.*?)</style>", body.decode(), re.S)
    assert headers["content-security-policy"] == (
        f"default-src 'none'; style-src {page.hash_source(style)}; base-uri 'none'; frame-ancestors 'none'")
    assert b"<script" not in body


def test_an_explanation_that_takes_too_long_is_stopped() -> None:
    # No time at all: the worker cannot have answered when the server looks, so it is killed,
    # a new one takes its place, and the request gets a 503.
    workers = Workers(count=1, seconds=0.0)
    for client in _running(workers):
        status, _, body = client.get("/api/explain?" + urlencode({"input": "a/" * 2000}))
        assert status == 503 and "took longer than" in json.loads(body)["error"]
        workers.seconds = 60.0
        status, data = client.explain(input="http:foo")
        assert status == 200 and data["href"] == "http://foo/"


def test_no_free_worker_is_a_503() -> None:
    for client in _running(Workers(count=0, seconds=0.0)):
        status, _, body = client.get("/api/explain?input=x")
        assert status == 503 and "busy" in json.loads(body)["error"]


def test_a_worker_that_dies_is_replaced_before_the_next_request() -> None:
    # The request waits for the dead worker's replacement, rather than being handed to it.
    workers = Workers(count=1, seconds=60.0)
    for client in _running(workers):
        [worker] = list(workers._all)
        worker.process.kill()
        worker.process.join()
        status, data = client.explain(input="x", base="http://h/")
        assert status == 200 and data["href"] == "http://h/x"
        assert worker not in workers._all


def test_the_wait_for_a_worker_counts_from_the_request() -> None:
    # A request that waited its time in the queue before a thread took it waits no more.
    workers = Workers(count=0, seconds=60.0)
    start = time.monotonic()
    with pytest.raises(Busy):
        workers.explain("x", None, since=start - 60.0)
    assert time.monotonic() - start < 30.0
    workers.close()


def test_loopback_addresses() -> None:
    assert all(map(is_loopback, ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "192.0.2.1", "example.com", ""]))


def test_a_client_that_goes_away_is_one_line_in_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    server = Viewer("127.0.0.1", 0, Workers(count=0), log=True)
    try:
        raise ConnectionResetError(104, "Connection reset by peer")
    except ConnectionResetError:
        server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.server_close()
        server.workers.close()
    err = capsys.readouterr().err
    assert err == ("urlgrammar serve: a request failed: ConnectionResetError: [Errno 104] "
                   "Connection reset by peer\n")
