"""The domain parser: UTS #46 with the URL Standard's settings.

https://url.spec.whatwg.org/#concept-domain-to-ascii and #concept-domain-to-unicode.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import TYPE_CHECKING, Any

import idna
import idna.idnadata
import idna.uts46data
import pytest
import unicode_versions
from conftest import ROOT, assert_linear_work, lines_run, shared_cases, shared_dir, shared_parametrize
from hypothesis import given
from hypothesis import strategies as st
from unicode_versions import judge

import urlgrammar
from urlgrammar.errors import URLError
from urlgrammar.host.domain import (
    IdnaError,
    domain_to_ascii,
    domain_to_unicode,
    parse_domain,
)
from urlgrammar.host.label_rules import UNICODE_VERSION, installed_unicode_versions, version_mismatch
from urlgrammar.host.punycode import punycode_decode, punycode_encode

if TYPE_CHECKING:
    import unicodedata as unicodedata2  # unicodedata2 has no type information; the same API
else:
    import unicodedata2


def ascii_or_none(domain: str, be_strict: bool = False) -> str | None:
    try:
        return domain_to_ascii(domain, be_strict)
    except URLError:
        return None


# ---- WPT toascii.json -----------------------------------------------------------------------

TOASCII = shared_cases("wpt/toascii.json")


@shared_parametrize("wpt/toascii.json", "case", TOASCII, ids=lambda c: c["input"])
def test_toascii(case: dict[str, Any]) -> None:
    judge(ascii_or_none, case["input"], lambda got: got == case["output"], "WPT's toascii.json",
          case["output"])


def test_toascii_data_is_there() -> None:
    if not TOASCII:
        pytest.skip("conformance data wpt/toascii.json not found (set URLGRAMMAR_SHARED)")
    assert len(TOASCII) == 87


# ---- The strict run and its UTS #46 status codes (IdnaTestV2.txt) ---------------------------

def _unescape(text: str) -> str:
    text = re.sub(r"\\x\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), text)
    return re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), text)


def _idna_test_v2_version() -> str | None:
    """The Unicode version that IdnaTestV2.txt's header gives (``# Version: 17.0.0``)."""
    base = shared_dir()
    path = base / "validation" / "IdnaTestV2.txt" if base else None
    if path is None or not path.is_file():
        return None
    found = re.search(r"^# Version: (\S+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
    return found.group(1) if found else None


IDNA_TEST_V2_VERSION = _idna_test_v2_version()


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


@shared_parametrize("validation/IdnaTestV2.txt", ("source", "to_ascii", "codes"), IDNA_TEST_V2,
                    ids=[row[0] for row in IDNA_TEST_V2])
def test_strict_run_reports_a_status_of_the_data(source: str, to_ascii: str,
                                                  codes: frozenset[str]) -> None:
    # The data is Unicode 17.0's: the cases that 18.0 changes are expected to differ.
    def accepts(got: tuple[str | None, str | None]) -> bool:
        return (got[0] is None and got[1] in codes) if codes else got == (to_ascii, None)

    judge(_strict_run, source, accepts, f"IdnaTestV2.txt {IDNA_TEST_V2_VERSION}",
          sorted(codes) or to_ascii)


def _strict_run(domain: str) -> tuple[str | None, str | None]:
    result = parse_domain(domain, be_strict=True)
    return result.ascii, result.error.code if result.error else None


def test_idna_test_v2_data_is_there() -> None:
    if not IDNA_TEST_V2:
        pytest.skip("conformance data validation/IdnaTestV2.txt not found")
    assert len(IDNA_TEST_V2) > 6000


def test_the_data_s_unicode_is_that_of_the_assignment_data() -> None:
    # unicode_versions tells the code points new since the conformance data by the security
    # extra's Scripts data: both must be of the data's version. When IdnaTestV2.txt moves to
    # Unicode 18.0, the cases it marks go away, and so must this test's 17.0.
    if IDNA_TEST_V2_VERSION is None:
        pytest.skip("conformance data validation/IdnaTestV2.txt not found")
    assert IDNA_TEST_V2_VERSION == unicode_versions.data_version() == "17.0.0"
    assert UNICODE_VERSION == "18.0.0"


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
    ("C2", "\u0915\u094d\u200d\u200d", (3, 4)),  # the second: the first follows a virama
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


def test_megabyte_domains_have_their_results() -> None:
    assert domain_to_ascii("A" * 1_000_000) == "a" * 1_000_000
    assert domain_to_ascii("\u00e9" * 200_000) == "xn--9ca" + "a" * 199_999
    assert ascii_or_none("\ud800" * 100_000) is None
    assert ascii_or_none("xn--" + "a" * 100_000, be_strict=True) is None


@pytest.mark.parametrize(("prefix", "unit", "be_strict"), [
    ("", "A", False), ("", "\u00e9", False), ("", "\ud800", False), ("xn--", "a", True),
    ("", "a\u00e9.", False)])
def test_domain_work_grows_linearly(prefix: str, unit: str, be_strict: bool) -> None:
    assert_linear_work(lambda text: ascii_or_none(text, be_strict=be_strict),
                       lambda n: prefix + unit * n)


# ---- Long labels: no limit with VerifyDnsLength off ------------------------------------------

@pytest.mark.slow
def test_long_labels_pass_the_relaxed_run() -> None:
    # Issue item 4: labels over 1,024 code points failed, as "longer than 63 characters".
    distinct = "".join(map(chr, range(0x4E00, 0x4E00 + 1100)))
    encoded = distinct.encode("punycode").decode()  # quadratic in distinct code points
    for domain, expected in [
        ("\u00e9" * 2000, "xn--9ca" + "a" * 1999),
        ("\u05d0." + "a" * 2000, "xn--4db." + "a" * 2000),
        (distinct, "xn--" + encoded),
        ("\u00e9.xn--" + encoded, "xn--9ca.xn--" + encoded),
    ]:
        assert domain_to_ascii(domain) == expected
        assert urlgrammar.parse(f"https://{domain}/").host == expected
        # The strict run fails: VerifyDnsLength, domain (A4_1) then label (A4_2) length.
        strict = parse_domain(domain, be_strict=True)
        assert strict.ascii is None and strict.error is not None
        assert strict.error.code == "A4_1"
        assert "A4_2" in {error.code for error in _all_errors(domain)}
    report = urlgrammar.validate("https://" + "\u00e9" * 2000 + "/")
    assert [(d.code, d.detail) for d in report.diagnostics] == [("domain-to-ASCII", "A4_1")]


def test_long_xn_labels_fail_only_as_punycode() -> None:
    assert parse_domain("\u00e9.xn--" + "z" * 5000).error.code == "P4"  # type: ignore[union-attr]
    assert parse_domain("\u00e9.xn--" + "9" * 5000 + "a").error.code == "P4"  # type: ignore[union-attr]


@given(st.text(st.sampled_from("ab-9\u00e9\u00e8\u4e00\u4e01\U00010000\U0010fffd\u05d0")))
def test_punycode_is_the_codec_s(text: str) -> None:
    encoded = punycode_encode(text)
    assert encoded == text.encode("punycode").decode("ascii")
    assert punycode_decode(encoded) == text or (text.isascii() and text)


@given(st.text(st.sampled_from("abz09-_ZA"), max_size=12))
def test_punycode_fails_where_the_codec_does(text: str) -> None:
    try:
        expected: str | None = text.encode("ascii").decode("punycode")
    except UnicodeError:
        expected = None
    if text.rfind("-") == 0:
        expected = None  # RFC 3492 reads a leading delimiter as a digit, which it is not
    assert punycode_decode(text) == expected


@given(st.text(st.sampled_from("aA\u00e9e\u0301\ufb01\u2168\u1100\u1161\u11a8\u00ad\u0130\uff21"
                               "\u0308\u0323\u00df")))
def test_mapping_a_code_point_at_a_time_is_mapping_the_text(text: str) -> None:
    # Long repetitive labels are mapped per distinct code point, then normalized.
    from urlgrammar.host.label_rules import remap as _remap
    table = {ord(c): idna.uts46_remap(c, std3_rules=False) for c in set(text)}
    assert _remap(text, table) == _remap(text)


# ---- One Unicode version --------------------------------------------------------------------

def test_one_unicode_version() -> None:
    # The mapping and joining types (idna) and every property (unicodedata2) are of the one
    # version that the package states.
    assert idna.idnadata.__version__ == idna.uts46data.__version__ == UNICODE_VERSION
    assert unicodedata2.unidata_version == UNICODE_VERSION
    assert installed_unicode_versions() == {"idna's IDNA tables": UNICODE_VERSION,
                                            "unicodedata2": UNICODE_VERSION}
    assert version_mismatch(installed_unicode_versions()) is None


def test_a_mismatched_install_is_named() -> None:
    message = version_mismatch({"idna's IDNA tables": "17.0.0", "unicodedata2": UNICODE_VERSION})
    assert message is not None
    assert f"follows Unicode {UNICODE_VERSION}" in message
    assert "idna's IDNA tables of Unicode 17.0.0" in message and "unicodedata2 of" not in message
    assert "'idna" in message and "'unicodedata2" in message  # the requirements to install


def test_importing_with_other_unicode_data_warns() -> None:
    # idna 3.19's tables (Unicode 17.0) beside unicodedata2 18.0 would give results that no
    # version of UTS #46 gives; the import says so instead of parsing on silently.
    code = ("import idna.idnadata, warnings; idna.idnadata.__version__ = '17.0.0'; "
            "warnings.simplefilter('always'); import urlgrammar")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "UnicodeVersionWarning" in run.stderr
    assert f"follows Unicode {UNICODE_VERSION}, but it finds idna's IDNA tables of Unicode 17.0.0" \
        in run.stderr


def test_properties_are_the_packages_not_the_interpreters() -> None:
    # Issue item 3: U+32118 (CJK extension H, Unicode 15.0) is a left-to-right letter and
    # U+0ECE (Lao, 15.0) a combining mark, whatever the interpreter's unicodedata says.
    assert urlgrammar.parse("http://\u0627.\U00032118").host == "xn--mgb.xn--1k1o"
    assert not urlgrammar.can_parse("https://\u0ece/")
    assert parse_domain("\u0ece").error.code == "V6"  # type: ignore[union-attr]
    # NFC of Unicode 16.0 code points: U+11382 U+113C9 compose to U+11383.
    assert domain_to_ascii("a\U00011382\U000113c9") == domain_to_ascii("a\U00011383")
    assert domain_to_unicode(domain_to_ascii("a\U00011382\U000113c9")) == "a\U00011383"


@pytest.mark.parametrize(("domain", "expected"), [
    ("\U0003e8ac", "xn--t92s"),  # a Seal character
    ("a\u0558b", "xn--ab-vcd"),  # an Armenian modifier letter maps to U+0567
    ("\u209d", "w"),  # LATIN SUBSCRIPT SMALL LETTER W maps to w
    ("\U0001d6a6", "ss"),  # a mathematical sharp s maps to ss
    ("\u0628\U00010ec9", "xn--ngb4066k"),  # an Arabic letter (Arabic Extended-C)
    # NFC puts the combining classes 21 and 10 in order (whatwg-url on a Node whose ICU is
    # Unicode 17.0 gives xn--ab-6kdd: its String.prototype.normalize does not know them).
    ("a\u05c9\u05c8b", "xn--ab-6kde"),
])
def test_unicode_18_code_points(domain: str, expected: str) -> None:
    # Issue 20: 12,983 code points that Unicode 18.0 assigns were rejected (disallowed as
    # unassigned in 17.0's tables), where whatwg-url 17.3.0 gives these results.
    assert domain_to_ascii(domain) == expected
    assert urlgrammar.parse(f"https://{domain}/").host == expected


def test_unicode_18_bidi_classes() -> None:
    # Unicode 18.0 makes three Balinese vowel signs (U+1B3A, U+1B3C, U+1B42) left-to-right
    # (Bidi_Class L, was NSM): one after a Hebrew letter breaks CheckBidi's rule B2 now.
    assert parse_domain("\u05d0\u1b42").error == IdnaError("B2", 0, 2, True)
    assert domain_to_ascii("a\u1b42") == "xn--a-qgl"


# ---- Conformance data of Unicode 17.0 (tests/unicode_versions.py) ---------------------------

def test_a_case_that_unicode_18_changes_is_an_expected_difference() -> None:
    pytest.importorskip("homoglyph")
    assert unicode_versions.newer_code_points("a.xn--t92s.\U0003e8ac") == ["\U0003e8ac"]
    with pytest.raises(pytest.xfail.Exception, match=r"holds U\+3E8AC \(Lo, SMALL SEAL CHARACTER-"
                       r"3E8AC\), assigned in Unicode 18.0.0 and unassigned in 17.0.0; data follows "
                       r"Unicode 17.0.0.*expects failure, Unicode 18.0.0 gives 'xn--t92s'"):
        judge(ascii_or_none, "\U0003e8ac", lambda got: got is None, "data", None)
    # In an xn-- label too, for the strict run's status.
    assert unicode_versions.older_result(_strict_run, "xn--t92s", ["\U0003e8ac"]) == (None, "V7")
    with pytest.raises(pytest.xfail.Exception):
        judge(_strict_run, "xn--t92s", lambda got: got[1] == "V7", "data", ["V7"])


def test_data_that_moved_to_unicode_18_is_said_to() -> None:
    pytest.importorskip("homoglyph")
    with pytest.raises(AssertionError, match=r"now expects Unicode 18\.0\.0's result .* has moved on"):
        judge(ascii_or_none, "\U0003e8ac", lambda got: got == "xn--t92s", "data", "xn--t92s")


def test_only_what_the_new_code_points_change_is_excused() -> None:
    pytest.importorskip("homoglyph")
    # A leading combining mark fails in both versions: nothing to excuse, the case passes.
    judge(ascii_or_none, "\u0ece\U0003e8ac", lambda got: got is None, "data", None)
    # Data that the result breaks for another reason fails as usual.
    with pytest.raises(AssertionError, match="data expects failure for 'a', got 'a'"):
        judge(ascii_or_none, "a", lambda got: got is None, "data", None)
    with pytest.raises(AssertionError, match="expects 'xn--'"):
        judge(ascii_or_none, "b\U0003e8ac", lambda got: got == "xn--", "data", "xn--")


# ---- CheckJoiners (ContextJ) ----------------------------------------------------------------

@pytest.mark.parametrize(("domain", "error"), [
    ("\u0628\u200c\u0628", None),  # between a dual- and a dual-joining letter
    ("\u0628\u064b\u200c\u064b\u0627", None),  # transparent marks on either side
    ("\u0627\u200c\u0628", "C1"),  # ALEF joins only to the right
    ("\u0628\u200c\u200c\u0628", "C1"),  # a ZWNJ does not join
    ("\u0915\u094d\u200c\u0915", None),  # after a virama
    ("\u0915\u094d\u200d\u0915", None),
    ("a\u200db", "C2"),
    ("a\u200c", "C1"),
])
def test_joiners(domain: str, error: str | None) -> None:
    result = parse_domain(domain)
    assert (result.error.code if result.error else None) == error


@given(st.text(st.sampled_from("\u0628\u0627\ua872\u064b\u0610\u094d\u0915a\u200c\u200d"),
               min_size=1, max_size=10))
def test_joiners_as_idna_judges_them(text: str) -> None:
    # Code points that every Python's unicodedata knows, where idna's check is right. The
    # check is on the mapped label, which NFC may have reordered (U+0610 U+094D).
    text = unicodedata2.normalize("NFC", text)
    expected = {"C1" if text[p] == "\u200c" else "C2" for p in range(len(text))
                if text[p] in "\u200c\u200d" and not idna.valid_contextj(text, p)}
    errors = {e.code for e in _all_errors(text) if e.code in ("C1", "C2")}
    assert errors == expected


def _all_errors(domain: str) -> list[Any]:
    from urlgrammar.host.domain import _processed
    run = _processed(domain)
    assert isinstance(run, tuple)
    return list(run[0])


@pytest.mark.parametrize("unit", ["\u200d", "\u200c", "a\u200c", "\u0628\u200c",
                                  "\u0915\u094d\u200c", "\u0628\u064b\u200c\u064b"])
def test_joiners_cost_linear_work(unit: str) -> None:
    # Issue item 5: each joiner rescanned its label, so a label of joiners took quadratic
    # time. Ten times the joiners must take about ten times the work, not a hundred.
    def host(size: int) -> str:
        return "http://" + unit * size + "\u0628/"

    small, large = (lines_run(urlgrammar.parse, host(size)) for size in (60, 600))
    assert large < 20 * small
