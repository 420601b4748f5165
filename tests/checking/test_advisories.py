"""Advisories: each code on inputs that have it and on near misses that must not, and the
promise that they change nothing else that validate reports."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

import urlgrammar
from urlgrammar import validate
from urlgrammar.checking.advisories import find_advisories, looks_like_host, plain_advisories
from urlgrammar.checking.disagreement import python_reading, standard_reading
from urlgrammar.checking.plain import fast_path
from urlgrammar.checking.readers import readings
from urlgrammar.errors import ADVISORIES, ADVISORY, Diagnostic, URLError
from urlgrammar.host import spoofing
from urlgrammar.url import URL

URLTESTDATA = shared_cases("wpt/urltestdata.json")
VALIDATION_CASES = shared_cases("validation/whatwg-url-validation-cases.json")


def codes(input: str, base: str | None = None) -> list[tuple[str, str]]:
    """(code, the input's text under the span) of each advisory."""
    return [(d.code, input[d.start:d.end]) for d in validate(input, base).advisories]


# ---- each code, flagged and not --------------------------------------------------------------

FLAGGED = [
    # confusable-host: Cyrillic а in a Latin label, the Punycode of it, a whole-script Cyrillic
    # label under .com, a Latin look-alike letter (U+0261 script g), and Greek omicrons.
    ("https://аpple.com/", None, ("confusable-host", "а")),  # the span is the culprit
    ("https://xn--pple-43d.com/", None, ("confusable-host", "xn--pple-43d")),
    ("https://www.аррӏе.com/", None, ("confusable-host", "аррӏе")),
    ("https://ɡoogle.com/", None, ("confusable-host", "ɡ")),
    ("https://ᎬᏴᎪᎩ.com/", None, ("confusable-host", "ᎬᏴᎪᎩ")),  # Cherokee, like capitals
    ("https://gοο.gl/", None, ("confusable-host", "οο")),
    # lookalike-domain: a well-known domain with a diacritic (more in test_lookalike_domain.py).
    ("https://www.googlé.com/", None, ("lookalike-domain", "googlé.com")),
    # mixed-script-host: Latin with Cyrillic, Latin with Greek.
    ("https://pаypal.com/", None, ("mixed-script-host", "а")),
    ("https://αβc.example/", None, ("mixed-script-host", "c")),  # the fewer
    # unsafe-host-code-point: a letter UTS #39 does not allow in identifiers, one of Icelandic
    # outside .is.
    ("https://xn--oogle-qmc.com/", None, ("unsafe-host-code-point", "xn--oogle-qmc")),
    ("https://þing.com/", None, ("unsafe-host-code-point", "þ")),
    # invisible-host-code-point: removed (zero width space, soft hyphen, a variation selector),
    # turned into a dot (ideographic and full-width full stops), also percent-encoded.
    ("https://g\u200boogle.com/", None, ("invisible-host-code-point", "\u200b")),
    ("https://goo\xadgle.com/", None, ("invisible-host-code-point", "\xad")),
    ("https://example\ufe0f.com/", None, ("invisible-host-code-point", "\ufe0f")),
    ("https://evil\u3002com/", None, ("invisible-host-code-point", "\u3002")),
    ("https://evil\uff0ecom/", None, ("invisible-host-code-point", "\uff0e")),
    ("https://g%E2%80%8Boogle.com/", None, ("invisible-host-code-point", "%E2%80%8B")),
    # host-lookalike-credentials: the standard's own example, an IP address, a password after it.
    ("https://examplecorp.com@attacker.example/", None, ("host-lookalike-credentials", "examplecorp.com@")),
    ("http://127.0.0.1@evil.example/", None, ("host-lookalike-credentials", "127.0.0.1@")),
    ("https://www.google.com:443@evil.example/", None, ("host-lookalike-credentials", "www.google.com:443@")),
    ("https://www.google.com%2Fsearch@evil.example/", None,
     ("host-lookalike-credentials", "www.google.com%2Fsearch@")),
    # ... a host then punctuation, an address in another form, localhost (issue 23).
    ("https://google.com-login@evil.example/", None, ("host-lookalike-credentials", "google.com-login@")),
    ("https://2130706433@evil.example/", None, ("host-lookalike-credentials", "2130706433@")),
    ("https://localhost@evil.example/", None, ("host-lookalike-credentials", "localhost@")),
    ("https://[::1]@evil.example/", None, ("host-lookalike-credentials", "[::1]@")),
    # internal-address: every form of loopback, private, link-local, unspecified, metadata.
    ("http://127.0.0.1/", None, ("internal-address", "127.0.0.1")),
    ("http://0x7f.1/", None, ("internal-address", "0x7f.1")),
    ("http://2130706433/", None, ("internal-address", "2130706433")),
    ("http://0177.0.0.1/", None, ("internal-address", "0177.0.0.1")),
    ("http://[::1]/", None, ("internal-address", "[::1]")),
    ("http://[::ffff:127.0.0.1]/", None, ("internal-address", "[::ffff:127.0.0.1]")),
    ("http://[::ffff:a00:1]/", None, ("internal-address", "[::ffff:a00:1]")),
    ("http://localhost:8080/", None, ("internal-address", "localhost")),
    ("http://LOCALHOST./", None, ("internal-address", "LOCALHOST.")),
    ("http://api.localhost/", None, ("internal-address", "api.localhost")),
    ("http://10.1.2.3/", None, ("internal-address", "10.1.2.3")),
    ("http://172.16.0.1/", None, ("internal-address", "172.16.0.1")),
    ("http://192.168.1.1/", None, ("internal-address", "192.168.1.1")),
    ("http://[fd12::1]/", None, ("internal-address", "[fd12::1]")),
    ("http://169.254.1.1/", None, ("internal-address", "169.254.1.1")),
    ("http://[fe80::1]/", None, ("internal-address", "[fe80::1]")),
    ("http://0.0.0.0/", None, ("internal-address", "0.0.0.0")),
    ("http://[::]/", None, ("internal-address", "[::]")),
    ("http://169.254.169.254/latest/meta-data/", None, ("internal-address", "169.254.169.254")),
    ("http://[fd00:ec2::254]/", None, ("internal-address", "[fd00:ec2::254]")),
    ("http://metadata.google.internal/computeMetadata/v1/", None,
     ("internal-address", "metadata.google.internal")),
    ("gopher://127.0.0.1:6379/_INFO", None, ("internal-address", "127.0.0.1")),
    # Issue 23: an IPv4 address inside an IPv6 one, the ranges beyond RFC 1918, names, wildcard
    # DNS, and opaque hosts read as the clients of their schemes read them.
    ("http://[64:ff9b::a9fe:a9fe]/", None, ("internal-address", "[64:ff9b::a9fe:a9fe]")),
    ("http://[2002:a9fe:a9fe::]/", None, ("internal-address", "[2002:a9fe:a9fe::]")),
    ("http://100.64.0.0/", None, ("internal-address", "100.64.0.0")),
    ("http://168.63.129.16/", None, ("internal-address", "168.63.129.16")),
    ("http://x.internal/", None, ("internal-address", "x.internal")),
    ("http://printer.local/", None, ("internal-address", "printer.local")),
    ("http://kubernetes.default.svc/", None, ("internal-address", "kubernetes.default.svc")),
    ("https://169.254.169.254.nip.io/", None, ("internal-address", "169.254.169.254.nip.io")),
    ("gopher://127.1:1/", None, ("internal-address", "127.1")),
    ("redis://LOCALHOST:6379/", None, ("internal-address", "LOCALHOST")),
    ("dict://0x7f000001:11211/", None, ("internal-address", "0x7f000001")),
    # scheme-relative-host-change: //, \\ and /\ against a special base, a dropped same scheme.
    ("//evil.com/x", "https://good.example/a", ("scheme-relative-host-change", "//evil.com")),
    ("\\\\evil.com", "https://good.example/a", ("scheme-relative-host-change", "\\\\evil.com")),
    ("/\\evil.com", "https://good.example/a", ("scheme-relative-host-change", "/\\evil.com")),
    ("https:\\\\evil.com", "https://good.example/a", ("scheme-relative-host-change", "https:\\\\evil.com")),
    ("//evil.com", "foo://good.example/a", ("scheme-relative-host-change", "//evil.com")),
    # script-url: also with a tab inside and capitals.
    ("javascript:alert(1)", None, ("script-url", "javascript")),
    ("JaVa\tScRiPt:alert(1)", None, ("script-url", "JaVa\tScRiPt")),
    ("VBScript:MsgBox(1)", None, ("script-url", "VBScript")),
    # active-data-url: HTML, SVG, script, as the data: URL processor reads the type.
    ("data:text/html,<script>alert(1)</script>", None, ("active-data-url", "data:text/html")),
    ("data:image/svg+xml;base64,PHN2Zz4=", None, ("active-data-url", "data:image/svg+xml;base64")),
    # delimiter-lookalike-host: a slash, a ratio, a fraction the mapping makes, in Punycode.
    ("https://accounts.google.com\u2215signin.evil.example/", None, ("delimiter-lookalike-host", "\u2215")),
    ("https://evil.example\u2236443/", None, ("delimiter-lookalike-host", "\u2236")),
    ("https://a\u2153b.example/", None, ("delimiter-lookalike-host", "\u2153")),
    ("https://xn--ab-6bv.example/", None, ("delimiter-lookalike-host", "xn--ab-6bv.example")),
    # parser-disagreement: a backslash, no slashes, an encoded host, a forced authority.
    ("http://good.example\\@evil.example/", None, ("parser-disagreement", "http://good.example\\@evil.example/")),
    ("http:/\\evil.example/", None, ("parser-disagreement", "http:/\\evil.example/")),
    ("http:evil.example", None, ("parser-disagreement", "http:evil.example")),
    ("http://ex%61mple.com/", None, ("parser-disagreement", "http://ex%61mple.com/")),
]


@pytest.mark.parametrize(("input", "base", "expected"), FLAGGED,
                         ids=[f"{i!r} against {b!r}" for i, b, _ in FLAGGED])
def test_flagged(input: str, base: str | None, expected: tuple[str, str]) -> None:
    assert expected in codes(input, base)


NOT_FLAGGED = [
    # lookalike-domain: a well-known domain itself, and under one.
    ("https://bücher.google.com/", None, "lookalike-domain"),
    # Confusables: ASCII (skeletons map 0 to O and m to rn, which no display hides), accented
    # Latin, a ligature letter, scripts that are not confusable with Latin, a Cyrillic label
    # among Cyrillic names, and a Japanese label mixing the scripts Japanese is written in.
    ("https://g00gle.com/", None, "confusable-host"),
    ("https://rnicrosoft.com/", None, "confusable-host"),
    ("https://bücher.example/", None, "confusable-host"),
    ("https://bærum.no/", None, "confusable-host"),
    ("https://пример.рф/", None, "confusable-host"),
    ("https://аррӏе.рф/", None, "confusable-host"),
    ("https://例え.jp/", None, "confusable-host"),
    ("https://παράδειγμα.ελ/", None, "confusable-host"),
    ("https://bücher.example/", None, "mixed-script-host"),
    ("https://ドコモdocomo.jp/", None, "mixed-script-host"),
    ("https://日本한국.kr/", None, "mixed-script-host"),
    ("https://пример.рф/", None, "mixed-script-host"),
    ("https://þing.is/", None, "unsafe-host-code-point"),
    ("https://bücher.example/", None, "unsafe-host-code-point"),
    ("https://ışık.com.tr/", None, "unsafe-host-code-point"),
    ("https://аpple.com/", None, "invisible-host-code-point"),
    ("https://example.com./", None, "invisible-host-code-point"),
    ("https://ｅｘａｍｐｌｅ.com/", None, "invisible-host-code-point"),  # visibly wide, and what it says
    ("https://user@example.com/", None, "host-lookalike-credentials"),
    ("https://user:pass@example.com/", None, "host-lookalike-credentials"),
    ("ftp://anonymous:me@example.org@ftp.example.org/", None, "host-lookalike-credentials"),
    ("https://a.b1@example.com/", None, "host-lookalike-credentials"),
    ("http://127.0.0.1.example.com/", None, "internal-address"),
    ("http://8.8.8.8/", None, "internal-address"),
    ("http://[2001:db8::1]/", None, "internal-address"),
    ("http://[::ffff:8.8.8.8]/", None, "internal-address"),
    ("http://localhost.example.com/", None, "internal-address"),
    ("http://172.32.0.1/", None, "internal-address"),
    ("/localhost", "http://localhost/", "internal-address"),  # the base's host, not the input's
    ("foo://localhostx/", None, "internal-address"),
    ("http://[64:ff9b::808:808]/", None, "internal-address"),
    ("http://100.63.255.255/", None, "internal-address"),
    ("http://168.63.129.17/", None, "internal-address"),
    ("http://internal.example.com/", None, "internal-address"),
    ("http://local.example/", None, "internal-address"),
    ("https://nip.io/", None, "internal-address"),
    ("https://8.8.8.8.nip.io/", None, "internal-address"),
    ("gopher://8.8.8.8:70/", None, "internal-address"),
    ("redis://cache.example.com:6379/", None, "internal-address"),
    ("//good.example/x", "https://good.example/a", "scheme-relative-host-change"),
    ("/evil.com", "https://good.example/a", "scheme-relative-host-change"),
    ("https://evil.com/", "https://good.example/a", "scheme-relative-host-change"),
    ("https:evil.com", "https://good.example/a", "scheme-relative-host-change"),
    ("java-script:alert(1)", None, "script-url"),
    ("vbscripts:x", None, "script-url"),
    ("data:image/png;base64,iVBORw0KGgo=", None, "active-data-url"),
    ("data:,<script>alert(1)</script>", None, "active-data-url"),  # no type: text/plain
    ("data:text/html", None, "active-data-url"),  # no comma: the processor fails, nothing runs
    ("https://example.com/data:text/html,x", None, "active-data-url"),
    ("https://l\u00b7l.cat/", None, "delimiter-lookalike-host"),  # Catalan l·l
    ("https://\u30ce\u30fc\u30c8.jp/", None, "delimiter-lookalike-host"),  # katakana no among katakana
    ("https://a-b.example/", None, "delimiter-lookalike-host"),
    ("https://b\u00fccher.example/", None, "delimiter-lookalike-host"),
    ("https://alice@example.com/", None, "host-lookalike-credentials"),
    ("https://bob%40example.org@example.com/", None, "host-lookalike-credentials"),  # an e-mail address
    ("https://12345@example.com/", None, "host-lookalike-credentials"),  # a number below 1.0.0.0
    ("#x", "javascript:alert(1)", "script-url"),  # the base's scheme
    ("https://example.com/javascript:alert(1)", None, "script-url"),
    ("https://example.com/a\\b", None, "parser-disagreement"),
    ("https://EXAMPLE.com:443/", None, "parser-disagreement"),
    ("https://bücher.example/", None, "parser-disagreement"),
    ("http://[::ffff:127.0.0.1]/", None, "parser-disagreement"),
    ("file://localhost/etc/passwd", None, "parser-disagreement"),
    ("http://h/x", None, "parser-disagreement"),
    ("x", "http://h/a", "parser-disagreement"),
    ("x", "foo://h/a", "parser-disagreement"),  # urljoin does not resolve against foo: at all
    ("ut2004://10.10.10.10:7777/Index.ut2", None, "parser-disagreement"),  # an opaque host, one address
    ("http://[::1/", None, "parser-disagreement"),  # the standard fails: no advisories at all
]


@pytest.mark.parametrize(("input", "base", "code"), NOT_FLAGGED,
                         ids=[f"{i!r} against {b!r} without {c}" for i, b, c in NOT_FLAGGED])
def test_near_misses(input: str, base: str | None, code: str) -> None:
    assert code not in [c for c, _ in codes(input, base)]


def test_every_code_is_tested_both_ways() -> None:
    # spoofing-check-unavailable takes a missing extra, and unsafe-fetch-scheme the fetch
    # context, so each has a test of its own (test_fetch_context for the latter).
    tested = set(ADVISORIES) - {"spoofing-check-unavailable", "unsafe-fetch-scheme"}
    assert {code for _, _, (code, _) in FLAGGED} == tested == {code for _, _, code in NOT_FLAGGED}


def _without_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """As though the security extra were not installed."""
    def missing() -> Any:
        raise spoofing.SecurityDataMissing(spoofing.MISSING)

    monkeypatch.setattr(spoofing, "_data", missing)


def test_without_the_data_the_spoofing_checks_say_they_did_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_the_data(monkeypatch)
    assert codes("https://аpple.com/") == [("spoofing-check-unavailable", "аpple.com")]
    assert codes("https://xn--pple-43d.com/") == [("spoofing-check-unavailable", "xn--pple-43d.com")]
    [note] = validate("https://аpple.com/").advisories
    assert "pip install 'urlgrammar[security]'" in note.message
    # Near misses: an ASCII host needs no data, and the other advisories still run.
    assert codes("https://apple.com/") == []
    assert codes("http://localhost/") == [("internal-address", "localhost")]
    report = validate("https://аpple.com/")
    assert report.valid and report.diagnostics == () and report.href == "https://xn--pple-43d.com/"


def test_an_advisory_says_what_and_why() -> None:
    [mixed, confusable, lookalike] = validate("https://xn--pple-43d.com/").advisories
    assert (lookalike.code, lookalike.detail) == ("lookalike-domain", "apple.com")
    assert (confusable.code, confusable.severity, confusable.component, confusable.detail) == \
        ("confusable-host", ADVISORY, "host", "U+0430")
    assert "'аpple' looks like 'apple': U+0430 CYRILLIC SMALL LETTER A (Cyrillic) looks like 'a'" \
        in confusable.message
    assert (mixed.code, mixed.detail, mixed.spec) == \
        ("mixed-script-host", "U+0430", "https://url.spec.whatwg.org/#url-rendering-i18n")
    assert "'аpple' mixes Cyrillic, Latin: U+0430 CYRILLIC SMALL LETTER A (Cyrillic)" in mixed.message
    [disagreement] = validate("http://good.example\\@evil.example/").advisories
    assert "urllib.parse, http.client" in disagreement.message
    assert "read scheme 'http', host 'evil.example', port 80" in disagreement.message
    assert "the standard reads scheme 'http', host 'good.example', port 80" in disagreement.message
    assert not disagreement.failure and disagreement.as_dict()["severity"] == "advisory"


def test_the_standards_errors_have_severity_error() -> None:
    report = validate("https://user@example.com/")
    assert {d.severity for d in report.diagnostics} == {"error"}
    assert Diagnostic("x", 0, 0, "m").severity == "error"


@pytest.mark.parametrize(("input", "base"), [
    ("https://g\u200boogle.com/", None), ("https://evil\u3002com/", None),
    ("https://g%E2%80%8Boogle.com/", None), ("//evil.com/x", "https://good.example/a"),
    ("https:\\\\evil.com", "https://good.example/a"), ("http://good.example\\@evil.example/", None),
    ("http:evil.example", None),
])
def test_fixes_write_the_same_url(input: str, base: str | None) -> None:
    url = urlgrammar.parse(input, base)
    for d in validate(input, base).advisories:
        if d.fix is not None and d.code != "host-lookalike-credentials":
            fixed = input[:d.start] + d.fix + input[d.end:]
            assert urlgrammar.parse(fixed, base).href == url.href, (d.code, fixed)


def test_removing_lookalike_credentials_keeps_the_host() -> None:
    [d] = [d for d in validate("https://examplecorp.com@attacker.example/x").advisories]
    fixed = "https://examplecorp.com@attacker.example/x"[:d.start] + (d.fix or "") + \
        "https://examplecorp.com@attacker.example/x"[d.end:]
    assert fixed == "https://attacker.example/x"


@pytest.mark.parametrize(("text", "expected"), [
    ("examplecorp.com", True), ("www.example.co.uk", True), ("1.2.3.4", True), ("[::1]", True),
    ("xn--bcher-kva.example", True), ("user", False), ("john", False), ("a.b1", False),
    ("example.", False), ("me@example.org", False), ("1", False), ("", False),
    ("2130706433", True), ("0x7f.1", True), ("0177.0.0.1", True), ("localhost", True),
    ("api.localhost", True), ("16777215", False), ("0x7f", False),
])
def test_looks_like_host(text: str, expected: bool) -> None:
    assert looks_like_host(text) is expected


# ---- nothing else changes --------------------------------------------------------------------


def _same_apart_from_advisories(input: str, base: str | None) -> None:
    on, off = validate(input, base), validate(input, base, advisories=False)
    assert off.advisories == ()
    assert on._replace(advisories=()) == off
    for d in on.advisories:
        assert d.severity == ADVISORY and d.code in ADVISORIES and not d.failure
        assert 0 <= d.start <= d.end <= len(input) and d.message


@shared_parametrize("wpt/urltestdata.json", "case", URLTESTDATA,
                    ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_wpt_inputs_keep_their_verdicts(case: dict[str, Any]) -> None:
    _same_apart_from_advisories(case["input"], case.get("base"))


@shared_parametrize("validation/whatwg-url-validation-cases.json", "case", VALIDATION_CASES,
                    ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_validation_cases_keep_their_verdicts(case: dict[str, Any]) -> None:
    _same_apart_from_advisories(case["input"], case.get("base"))
    report = validate(case["input"], case.get("base"))
    assert [d.code for d in report.diagnostics] == case.get("parserValidationErrors", [])
    assert (report.valid, report.failure) == (case["validURLString"], case.get("parserFailure", False))


@settings(max_examples=500)
@given(input=st.text(max_size=40), base=st.sampled_from([None, "https://good.example/a/b", "foo://h/p"]))
def test_any_text(input: str, base: str | None) -> None:
    _same_apart_from_advisories(input, base)


# ---- the fast path ---------------------------------------------------------------------------

_LABEL = st.sampled_from(["a", "example", "localhost", "xn--pple-43d", "xn--80ak6aa92e", "xn--bcher-kva",
                          "metadata", "google", "internal", "com", "xn--", "x-n", "localhostx", "local",
                          "home", "arpa", "svc", "cluster", "nip", "io", "lvh", "me", "10", "0", "1",
                          "app-10-0-0-1", "7f000001", "kubernetes", "default", "ip6-localhost"])
plain_like = st.builds(
    lambda scheme, labels, path: f"{scheme}://{'.'.join(labels)}{path}",
    st.sampled_from(["http", "https", "ws", "wss", "ftp", "file"]),
    st.lists(_LABEL, min_size=1, max_size=4),
    st.sampled_from(["", "/", "/a/b?q#f", "?x", "#y", "/@evil.example", "/a:b@c"]),
)


def _every_reader_agrees(text: str, url: URL) -> bool:
    standard = standard_reading(url)
    found = readings(text, None, standard.scheme)
    return python_reading(text, None) == standard and all(r == standard for _, r in found)


@settings(max_examples=2_000)
@given(text=plain_like)
def test_the_fast_path_finds_what_the_full_computation_finds(text: str) -> None:
    url = fast_path(text)
    if not isinstance(url, URL):
        return
    assert plain_advisories(text, url) == find_advisories(text, None, url)
    # The argument of checking/disagreement.py: every reader reads what the standard reads.
    assert _every_reader_agrees(text, url)


@shared_parametrize("wpt/urltestdata.json", "case", URLTESTDATA,
                    ids=lambda c: f"{c['input']!r} against {c.get('base')!r}")
def test_the_fast_path_on_wpt_inputs(case: dict[str, Any]) -> None:
    url = fast_path(case["input"])
    if isinstance(url, URL):
        assert plain_advisories(case["input"], url) == find_advisories(case["input"], None, url)
        assert _every_reader_agrees(case["input"], url)


def test_the_fast_path_reports_its_hosts() -> None:
    for text in ("http://localhost/", "http://a.localhost/", "http://metadata.google.internal/",
                 "http://x.internal/", "http://printer.local/", "http://app-10-0-0-1.nip.io/",
                 "https://www.lvh.me/", "http://metadata/"):
        assert isinstance(fast_path(text), URL) and validate(text).advisories, text
    # Labels in Punycode take the full path, where the label checks run.
    assert not isinstance(fast_path("https://xn--pple-43d.com/"), URL)


def test_a_bad_base_is_still_an_error() -> None:
    with pytest.raises(URLError):
        validate("x", "not a url")


_PIECES = ["a", "а", "ɡ", "ο", "ı", "ä", "日", ".", "。", "\u200b", "\xad", "@", ":", "\\", "/", "%E2%80%8B",
           "%41", "xn--pple-43d", "xn--", "localhost", "127.0.0.1", "[::1]", "[::ffff:10.0.0.1]", "0x7f",
           "javascript:", "//", "http:", "https://", "file:", "foo:", "?", "#", "1", " ", "\t", "%"]
_URL_PIECES = st.lists(st.sampled_from(_PIECES), max_size=10).map("".join)


@pytest.mark.slow
@settings(max_examples=5_000)
@given(input=_URL_PIECES, base=st.sampled_from([None, "https://good.example/a/b", "file:///C:/x",
                                                  "foo://h/p", "http://localhost/"]))
def test_url_shaped_text(input: str, base: str | None) -> None:
    _same_apart_from_advisories(input, base)
    report = validate(input, base)
    for d in report.advisories:
        if d.fix is not None and d.code in ("invisible-host-code-point", "parser-disagreement",
                                            "scheme-relative-host-change"):
            # A fix that the message says keeps the URL keeps it.
            assert report.url is not None
            assert urlgrammar.parse(input[:d.start] + d.fix + input[d.end:], base).href == report.href
    if report.url is not None:
        urlgrammar.render(report.url, width=20)


def test_only_the_domain_mapping_hides_code_points() -> None:
    # An opaque host is percent-encoded, not mapped: U+3002 stays, and shows as %E3%80%82.
    assert codes("a://x\u3002y/") == []
    assert ("invisible-host-code-point", "\u3002") in codes("http://127\u30020.0.1/")
