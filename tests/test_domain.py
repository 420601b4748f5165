"""The domain parser: UTS #46 with the URL Standard's settings.

https://url.spec.whatwg.org/#concept-domain-to-ascii and #concept-domain-to-unicode.
"""

from __future__ import annotations

import contextlib
import re
import time
import unicodedata
from typing import Any

import idna
import pytest
from conftest import shared_cases, shared_dir, shared_parametrize

from urlgrammar.domain import LABEL_LIMIT, domain_to_ascii, domain_to_unicode, parse_domain
from urlgrammar.errors import URLError


def ascii_or_none(domain: str, be_strict: bool = False) -> str | None:
    try:
        return domain_to_ascii(domain, be_strict)
    except URLError:
        return None


# ---- WPT toascii.json -----------------------------------------------------------------------

TOASCII = shared_cases("wpt/toascii.json")


@shared_parametrize("wpt/toascii.json", "case", TOASCII, ids=lambda c: c["input"])
def test_toascii(case: dict[str, Any]) -> None:
    assert ascii_or_none(case["input"]) == case["output"]


def test_toascii_data_is_there() -> None:
    if not TOASCII:
        pytest.skip("conformance data wpt/toascii.json not found (set URLGRAMMAR_SHARED)")
    assert len(TOASCII) == 87


# ---- The strict run and its UTS #46 status codes (IdnaTestV2.txt) ---------------------------

def _unescape(text: str) -> str:
    text = re.sub(r"\\x\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), text)
    return re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), text)


def _idna_test_v2() -> list[tuple[str, str, frozenset[str]]]:
    """(source, toAsciiN, toAsciiN status codes) per line of Unicode's IdnaTestV2.txt.

    Blank columns inherit as the file's header says. The toASCII status of an empty label
    is A4_2; X4_2 is its toUnicode counterpart.
    """
    base = shared_dir()
    path = base / "validation" / "IdnaTestV2.txt" if base else None
    if path is None or not path.is_file():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        columns = [c.strip() for c in line.split("#", 1)[0].split(";")]
        if len(columns) < 5:
            continue
        value = [("" if c == '""' else _unescape(c)) for c in columns]
        source = value[0]
        to_unicode = value[1] if columns[1] else source
        unicode_status = columns[2]
        to_ascii = value[3] if columns[3] else to_unicode
        status = columns[4] if columns[4] else unicode_status
        codes = frozenset("A4_2" if c.strip() == "X4_2" else c.strip()
                          for c in status.strip("[]").split(",") if c.strip())
        rows.append((source, to_ascii, codes))
    return rows


IDNA_TEST_V2 = _idna_test_v2()


def _newer_than_unicodedata(text: str) -> bool:
    """Whether ``text`` (its xn-- labels decoded) has a code point that idna's tables allow
    but Python's unicodedata does not know: there the data (Unicode 17) and the code (idna's
    tables, Python's properties) follow different Unicode versions."""
    for label in text.split("."):
        if label.startswith("xn--"):
            with contextlib.suppress(UnicodeError):
                text += label[4:].encode("ascii").decode("punycode")
    for char in text:
        if unicodedata.category(char) == "Cn":
            try:
                idna.uts46_remap(char, std3_rules=False)
            except idna.IDNAError:
                continue
            return True
    return False


@shared_parametrize("validation/IdnaTestV2.txt", ("source", "to_ascii", "codes"), IDNA_TEST_V2,
                                                 ids=[row[0] for row in IDNA_TEST_V2])
def test_strict_run_reports_a_status_of_the_data(source: str, to_ascii: str,
                                                  codes: frozenset[str]) -> None:
    result = parse_domain(source, be_strict=True)
    got = (result.ascii, result.error.code if result.error else None)
    ok = (got[0] is None and got[1] in codes) if codes else got == (to_ascii, None)
    if not ok and _newer_than_unicodedata(source):
        pytest.xfail("Unicode version skew: the data (17.0), idna's tables and Python's "
                     "unicodedata disagree on a recent code point")
    assert ok, f"expected {sorted(codes) or to_ascii}, got {got}"


def test_idna_test_v2_data_is_there() -> None:
    if not IDNA_TEST_V2:
        pytest.skip("conformance data validation/IdnaTestV2.txt not found")
    assert len(IDNA_TEST_V2) > 6000


# ---- Each status code the strict run reports, with its span ---------------------------------

STATUS_CASES = [
    ("P4", "xn--ascii-.example", (0, 10)),
    ("V1", "xn--u-ccb", (0, 9)),
    ("V2", "ab--c.example", (2, 4)),
    ("V3", "a-.example", (1, 2)),
    ("V6", "a.\u0308c", (2, 4)),
    ("V7", "a\u2488com", (1, 2)),
    ("V7", "xn--8i7caa", (0, 10)),
    ("U1", "_dmarc.example", (0, 1)),
    ("U1", "a.\uff3fb.example", (2, 3)),
    ("A4_1", "a" * 250 + ".com", (0, 254)),
    ("A4_2", "example.com.", (12, 12)),
    ("A4_2", "a" * 64 + ".com", (0, 64)),
    ("B1", "0\u00e0.\u05d0", (0, 2)),
    ("B2", "\u05d0T\u05ea", (0, 3)),
    ("B3", "\U00010b85.\u06bc\U0001f055", (2, 4)),
    ("B4", "\u00e0.\u05d00\u0660\u05d0", (2, 6)),
    ("B5", "a\u0628\u0308\u200c\u0308\u0628b", (0, 7)),
    ("B6", "\u00e0\u02c7.\u05d0", (0, 2)),
    ("C1", "a\u200cb", (1, 2)),
    ("C2", "x.a\u200db", (3, 4)),
]


@pytest.mark.parametrize(("code", "domain", "span"), STATUS_CASES,
                         ids=[f"{c[0]} {c[1][:20]}" for c in STATUS_CASES])
def test_status_code_and_span(code: str, domain: str, span: tuple[int, int]) -> None:
    error = parse_domain(domain, be_strict=True).error
    assert error is not None
    assert (error.code, (error.start, error.end)) == (code, span)
    with pytest.raises(URLError) as caught:
        domain_to_ascii(domain, be_strict=True)
    failing = caught.value.diagnostics[-1]
    assert (failing.code, failing.detail, failing.component) == ("domain-to-ASCII", code, "host")


def test_relaxed_failure_names_its_own_cause() -> None:
    # Hyphens are the strict run's business (V2), but a decoded label starting with xn--
    # fails the relaxed run too (V4); the detail says why the domain parser failed.
    result = parse_domain("\u00e9.xn--xn--a--gua")
    assert result.ascii is None and result.error is not None
    assert result.error.code == "V4"
    assert parse_domain("\u00e9.xn--xn--a--gua", be_strict=True).error.code == "V2"  # type: ignore[union-attr]


def test_ascii_domains_are_only_lowercased() -> None:
    for domain in ("EXAMPLE.com", "xn--a", "xn--", "-x.", "a_b", "x" * 300):
        assert domain_to_ascii(domain) == domain.lower()
    assert ascii_or_none("a b") is None
    assert ascii_or_none("") is None
    assert ascii_or_none("xn--a", be_strict=True) is None
    assert domain_to_ascii("XN--53H.Example", be_strict=True) == "xn--53h.example"


# ---- Domain to Unicode ----------------------------------------------------------------------

@pytest.mark.parametrize(("domain", "expected"), [
    ("xn--53h.example", "\u2615.example"),
    ("example.com", "example.com"),
    ("EXAMPLE.com", "example.com"),
    ("xn--8i7caa", "xn--8i7caa"),
    ("xn--a", "xn--a"),
    ("xn--fa-hia.de", "fa\u00df.de"),
    ("a\u200cb", "a\u200cb"),
])
def test_domain_to_unicode(domain: str, expected: str) -> None:
    assert domain_to_unicode(domain) == expected


# ---- Length: the idna helpers' limit of 1,024 code points -----------------------------------

def test_mapping_has_no_length_limit() -> None:
    # UTS #46 has none: 2,000 ignored code points map to nothing.
    assert domain_to_ascii("\u00e9" + "\u00ad" * 2000) == "xn--9ca"
    assert domain_to_ascii("\u00e9." + "a" * 5000) == "xn--9ca." + "a" * 5000


def test_label_limit_for_unicode_processing() -> None:
    # Our limit, documented at LABEL_LIMIT: such labels fail with A4_2, which the strict
    # run reports for them anyway.
    for domain in ("\u00e9" * (LABEL_LIMIT + 1), "\u05d0." + "a" * (LABEL_LIMIT + 1),
                   "\u00e9.xn--" + "a" * LABEL_LIMIT):
        result = parse_domain(domain)
        assert result.ascii is None and result.error is not None
        assert result.error.code == "A4_2"
    assert parse_domain("\u00e9" * LABEL_LIMIT).ascii is not None


def test_megabyte_domains_are_linear() -> None:
    start = time.perf_counter()
    assert domain_to_ascii("A" * 1_000_000) == "a" * 1_000_000
    assert ascii_or_none("\u00e9" * 1_000_000) is None
    assert ascii_or_none("\ud800" * 100_000) is None
    assert ascii_or_none("xn--" + "a" * 1_000_000, be_strict=True) is None
    assert time.perf_counter() - start < 5
