"""lookalike-domain: hosts that end in the look-alike of a well-known domain, flagged and not,
the list that ships, the caller's list (validate's protected, check --protect), the message,
and the cost on long hosts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, assert_linear_work, check_output, lines_run
from hypothesis import given
from hypothesis import strategies as st

import urlgrammar
from urlgrammar import validate
from urlgrammar.host import spoofing, top_domains
from urlgrammar.host.domain import domain_to_ascii
from urlgrammar.host.top_domains import label_skeletons, protected_names, similar_well_known, well_known


def lookalikes(input: str, protected: list[str] | None = None) -> list[tuple[str, str]]:
    """(the input's text under the span, the well-known domain) of each lookalike-domain."""
    report = validate(input, protected=protected or ())
    return [(input[d.start:d.end], str(d.detail)) for d in report.advisories if d.code == "lookalike-domain"]


FLAGGED = [
    ("https://gооgle.com/", "gооgle.com", "google.com"),  # Cyrillic о, twice
    ("https://xn--ggle-55da.com/", "xn--ggle-55da.com", "google.com"),  # the same, as Punycode
    ("https://ɡoogle.com/", "ɡoogle.com", "google.com"),  # U+0261 LATIN SMALL LETTER SCRIPT G
    ("https://googlé.com/", "googlé.com", "google.com"),  # a diacritic, removed
    ("https://ƒacebook.com/", "ƒacebook.com", "facebook.com"),
    ("https://łinkedin.com/", "łinkedin.com", "linkedin.com"),  # ł, made l
    ("https://ølx.pl/", "ølx.pl", "olx.pl"),  # ø, made o
    ("https://раураӏ.com/", "раураӏ.com", "paypal.com"),  # all Cyrillic, ӏ read as l
    ("https://þing.com/", "þing.com", "bing.com"),  # þ, read as b
    ("https://ħotmail.com/", "ħotmail.com", "hotmail.com"),  # Chromium's supplement: ħ is h
    ("https://mail.gооgle.com./inbox", "gооgle.com", "google.com"),  # a subdomain; the dot left out
    ("https://www.gоv.uk/", "www.gоv.uk", "www.gov.uk"),  # three labels, under a public suffix
    ("https://GOOGLÉ.COM/", "GOOGLÉ.COM", "google.com"),  # as written
    ("https://googlé%2Ecom/", "googlé%2Ecom", "google.com"),  # percent-encoded: the whole host
]


@pytest.mark.parametrize(("input", "span", "domain"), FLAGGED, ids=[f[0] for f in FLAGGED])
def test_flagged(input: str, span: str, domain: str) -> None:
    assert lookalikes(input) == [(span, domain)]


NOT_FLAGGED = [
    "https://google.com/",  # the well-known domain itself
    "https://mail.google.com/",  # under it
    "https://bücher.google.com/",  # under it, with a label beyond ASCII
    "https://bücher.de/",  # a real name, no well-known domain's skeleton
    "https://münchen.de/",
    "https://ışık.com.tr/",  # Turkish: isik.com.tr is no well-known domain
    "https://þing.is/",  # Icelandic: neither bing.is nor ping.is is
    "https://сахар.ru/",
    "https://gооgle.com.evil.example/",  # target embedding: evil.example is where it goes
    "https://paypal.com.evil.example/",
    "https://rnicrosoft.com/",  # ASCII: shown as written
    "https://paypaI.com/",  # the host is paypai.com, which shows as such
    "https://bücher.rnicrosoft.com/",  # an ASCII suffix of a host beyond ASCII
    "https://日本.gооgle.example/",
]


@pytest.mark.parametrize("input", NOT_FLAGGED)
def test_not_flagged(input: str) -> None:
    assert lookalikes(input) == []


def test_the_message_names_the_domain_and_the_code_points() -> None:
    [d] = [d for d in validate("https://mail.gооgle.com/").advisories if d.code == "lookalike-domain"]
    assert "'gооgle.com' looks like 'google.com': U+043E CYRILLIC SMALL LETTER O (Cyrillic) at 2 and 3" \
        in d.message
    assert (d.component, d.severity, d.fix, d.spec) == \
        ("host", "advisory", None, "https://url.spec.whatwg.org/#url-rendering-i18n")
    [d] = [d for d in validate("https://bûcher.de/", protected=["bücher.de"]).advisories
           if d.code == "lookalike-domain"]
    # Only what differs from the protected name: û, not ü.
    assert d.message.endswith("'bûcher.de' looks like 'bücher.de': U+00FB LATIN SMALL LETTER U WITH "
                              "CIRCUMFLEX (Latin) at 2.")


def test_the_message_is_bounded() -> None:
    name = "o" * 30 + "-" + "a" * 30
    written = "о" * 30 + "-" + "а" * 30  # Cyrillic о and а
    [d] = [d for d in validate(f"https://{written}.example/", protected=[f"{name}.example"]).advisories
           if d.code == "lookalike-domain"]
    assert "at 1, 2, 3, 4, 5 and 25 more places" in d.message and len(d.message) < 600


def test_the_callers_domains() -> None:
    assert lookalikes("https://mybаnk.example/") == []
    assert lookalikes("https://mybаnk.example/", ["mybank.example"]) == [("mybаnk.example", "mybank.example")]
    assert lookalikes("https://login.mybаnk.example/", ["MyBank.Example."]) == \
        [("mybаnk.example", "mybank.example")]
    assert lookalikes("https://mybank.example/", ["mybank.example"]) == []
    # A protected name beyond ASCII, given either way.
    assert lookalikes("https://bûcher.de/", ["xn--bcher-kva.de"]) == [("bûcher.de", "xn--bcher-kva.de")]
    assert lookalikes("https://bücher.de/", ["bücher.de"]) == []


@pytest.mark.parametrize(("entry", "says"), [
    ("1.2.3.4", "not a domain but an address"), ("[::1]", "not a domain but an address"),
    ("localhost", "has one label"), ("exa mple.com", "not a valid domain"),
    ("", "not a valid domain"), ("a..b", "not a valid domain"), ("xn--a.com", "not a valid domain"),
])
def test_a_bad_protected_domain_is_a_value_error(entry: str, says: str) -> None:
    with pytest.raises(ValueError, match=says) as raised:
        validate("https://example.com/", protected=["good.example", entry])
    assert repr(entry) in str(raised.value)


def test_one_tuple_for_many_urls_is_checked_once() -> None:
    many = tuple(f"site{i}.example" for i in range(1000))
    url = "https://example.com/a?b"
    assert lines_run(lambda u: validate(u, protected=many), url) <= lines_run(validate, url) + 20


def test_protected_wants_domains_as_strings() -> None:
    with pytest.raises(TypeError, match="not one str"):
        validate("https://example.com/", protected="google.com")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="as str"):
        validate("https://example.com/", protected=[b"google.com"])  # type: ignore[list-item]


def test_the_shipped_list() -> None:
    names = top_domains.top_domains()
    assert len(names) == 836 and "google.com" in names and "www.gov.uk" in names
    assert protected_names(names) == names  # each a valid domain as the host parser writes it
    text = (ROOT / "urlgrammar" / "host" / "top_domains.txt").read_text(encoding="utf-8")
    assert "2e586724ada2b94a1bc89f2ec4b89f3d62cdf910" in text and "BSD-3-Clause" in text


def test_a_process_that_validates_ascii_urls_does_not_read_the_list() -> None:
    # The fast path's URLs and the full path's ASCII hosts alike; then one host beyond ASCII.
    script = ("import sys, urlgrammar\n"
              "for u in ('https://example.com/', 'http://EXAMPLE.com:8080/a', 'http://u@x.example/'):\n"
              "    urlgrammar.validate(u)\n"
              "print('urlgrammar.host.top_domains' in sys.modules)\n"
              "urlgrammar.validate('https://googlé.com/')\n"
              "print('urlgrammar.host.top_domains' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=120).stdout
    assert out.split() == ["False", "True"]


def test_without_the_public_suffix_list_nothing_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    # The comparison reads the well-known domains' labels, not the Public Suffix List.
    monkeypatch.setitem(sys.modules, "publicsuffixlist", None)
    from urlgrammar.host import public_suffix

    public_suffix._list.cache_clear()
    try:
        with pytest.raises(public_suffix.PublicSuffixListMissing):
            public_suffix.registrable_domain("example.com")
        assert lookalikes("https://mail.gооgle.com/") == [("gооgle.com", "google.com")]
        assert lookalikes("https://www.gоv.uk/") == [("www.gоv.uk", "www.gov.uk")]
    finally:
        public_suffix._list.cache_clear()


def test_without_the_unicode_data_the_check_does_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> object:
        raise spoofing.SecurityDataMissing(spoofing.MISSING)

    monkeypatch.setattr(spoofing, "_data", missing)
    label_skeletons.cache_clear()
    # spoofing-check-unavailable says the look was not taken.
    assert [d.code for d in validate("https://googlé.com/").advisories] == ["spoofing-check-unavailable"]


def _compare(host: str) -> object:
    label_skeletons.cache_clear()
    return similar_well_known(domain_to_ascii(host).split("."), well_known())


@pytest.mark.parametrize("make", [
    lambda n: "ö" * n + ".com",  # one long label
    lambda n: "ö." * n + "gооgle.com",  # many labels
    lambda n: "gооgle" + "\u0301" * n + ".com",  # many marks, which the skeleton removes
], ids=["long label", "many labels", "many marks"])
def test_linear_work_on_long_hosts(make: object) -> None:
    assert_linear_work(_compare, make)  # type: ignore[arg-type]


def test_a_100_kb_host_reads_each_code_point_a_bounded_times(monkeypatch: pytest.MonkeyPatch) -> None:
    read = []
    real = spoofing.skeleton
    monkeypatch.setattr(spoofing, "skeleton", lambda text: read.append(len(text)) or real(text))
    for host in ("ö" * 100_000 + ".com", "ö." * 50_000 + "com", "gооgle" + "\u0301" * 100_000 + ".com"):
        read.clear()
        label_skeletons.cache_clear()
        validate(f"https://{host}/")
        assert sum(read) <= 2 * len(host) + 100, host


@given(st.text(alphabet="gоοоɡlеé.łiӏnkdþcmɑ-x", max_size=40))
def test_total(host: str) -> None:
    validate(f"https://{host}/", protected=["google.com", "linkedin.example"])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_protect_file(jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    protect = tmp_path / "protect.txt"
    protect.write_text("# our domains\nmybank.example  # the main one\n\nbücher.de\n", encoding="utf-8")
    urls = tmp_path / "urls.txt"
    urls.write_text("https://mybаnk.example/\nhttps://bûcher.de/\nhttps://mybank.example/\n" * 400,
                    encoding="utf-8")
    status, out, _ = check_output(capsys, ["--file", str(urls), "--protect", str(protect), "--jobs", jobs,
                                           "--format", "jsonl"])
    assert status == 0 and out.count('"lookalike-domain"') == 800
    status, out, _ = check_output(capsys, ["--file", str(urls), "--jobs", jobs, "--format", "jsonl"])
    assert status == 0 and '"lookalike-domain"' not in out


def test_check_protect_with_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    protect = tmp_path / "protect.txt"
    protect.write_text("mybank.example\n127.0.0.1\n", encoding="utf-8")
    status, out, err = check_output(capsys, ["https://example.com/", "--protect", str(protect)])
    assert status == 2 and out == ""
    assert "--protect" in err and "'127.0.0.1' is not a domain but an address" in err
    status, _, err = check_output(capsys, ["https://example.com/", "--protect", str(tmp_path / "none")])
    assert status == 2 and "No such file" in err


def test_the_readme_names_the_list() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "lookalike-domain" in readme and "2e586724ada2b94a1bc89f2ec4b89f3d62cdf910" in readme
    assert urlgrammar.validate is validate
