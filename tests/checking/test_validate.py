"""validate(): the standard's validation errors, found on the grammar pipeline's records, and the
writing grammar's verdict; the transcribed state machine (urlgrammar.algorithm) is the oracle."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import load_json, shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import URL, Diagnostic, URLError, parse, validate
from urlgrammar.algorithm import run
from urlgrammar.checking.diagnostics import parse_url
from urlgrammar.checking.suggestion import apply_fixes
from urlgrammar.errors import VALIDATION_ERRORS


def case_id(input: str, base: str | None) -> str:
    return f"{input!r} against {base!r}"


def codes(diagnostics: Any) -> list[str]:
    return [d.code for d in diagnostics]


# ---- whatwg-url's cases: errors, failure and validity ------------------------------------------

VALIDATION_CASES = shared_cases("validation/whatwg-url-validation-cases.json")
VALIDATION_IDS = [case_id(c["input"], c.get("base")) for c in VALIDATION_CASES]


def test_validation_data_is_present_or_skipped() -> None:
    data = load_json("validation/whatwg-url-validation-cases.json")
    assert len(data["cases"]) == len(VALIDATION_CASES) == 184


@shared_parametrize("validation/whatwg-url-validation-cases.json",
                    "case", VALIDATION_CASES, ids=VALIDATION_IDS)
def test_validation_cases_error_list(case: dict[str, Any]) -> None:
    report = validate(case["input"], case.get("base"))
    assert codes(report.diagnostics) == case.get("parserValidationErrors", [])


@shared_parametrize("validation/whatwg-url-validation-cases.json",
                    "case", VALIDATION_CASES, ids=VALIDATION_IDS)
def test_validation_cases_failure(case: dict[str, Any]) -> None:
    assert validate(case["input"], case.get("base")).failure == case.get("parserFailure", False)


@shared_parametrize("validation/whatwg-url-validation-cases.json",
                    "case", VALIDATION_CASES, ids=VALIDATION_IDS)
def test_validation_cases_valid_url_string(case: dict[str, Any]) -> None:
    report = validate(case["input"], case.get("base"))
    assert report.valid == case["validURLString"], report.grammar_error
    assert report.disagreement is None


# ---- The project's own cases: every name, with the text each diagnostic spans -------------------
#
# (input, base, failure, [(code, start, spanned text)]): the whole list, in the standard's order.

OWN: list[tuple[str, str | None, bool, list[tuple[str, int, str]]]] = [
    ("https://ex_ample.com/", None, False, [("domain-to-ASCII", 10, "_")]),
    ("https://ex%61mple.com/", None, False, [("domain-percent-encoded", 10, "%61")]),
    ("foo://a<b/", None, True, [("host-invalid-code-point", 7, "<")]),
    ("https://127.0.0.1./", None, False, [("domain-to-ASCII", 18, ""), ("IPv4-empty-part", 17, ".")]),
    ("https://1.2.3/", None, False, [("IPv4-too-few-parts", 12, "3")]),
    ("https://1.2.3.4.5/", None, True, [("IPv4-too-many-parts", 16, "5")]),
    ("https://1.2.x.4/", None, True, [("IPv4-non-numeric-part", 12, "x")]),
    ("https://0x7f.0.0.1/", None, False, [("IPv4-non-decimal-part", 8, "0x7f")]),
    ("https://1.2.3.256/", None, True, [("IPv4-out-of-range-part", 14, "256")]),
    ("https://\uff11.2.3.4/", None, False, [("IPv4-non-ASCII-input", 8, "\uff11.2.3.4")]),
    ("https://[::1/", None, True, [("IPv6-unclosed", 8, "[::1")]),
    ("https://[:1]/", None, True, [("IPv6-invalid-compression", 9, ":")]),
    ("https://[1:2:3:4:5:6:7:8:9]/", None, True, [("IPv6-too-many-pieces", 25, "9")]),
    ("https://[1::2::3]/", None, True, [("IPv6-multiple-compression", 13, "::")]),
    ("https://[1:x]/", None, True, [("IPv6-invalid-code-point", 11, "x")]),
    ("https://[1:2:3]/", None, True, [("IPv6-too-few-pieces", 9, "1:2:3")]),
    ("https://[::01]/", None, False, [("IPv6-piece-leading-zero", 11, "01")]),
    ("https://[1:2:3:4:5:6:7:1.2.3.4]/", None, True, [("IPv4-in-IPv6-too-many-pieces", 23, "1")]),
    ("https://[::1.2.x.4]/", None, True, [("IPv4-in-IPv6-invalid-code-point", 15, "x")]),
    ("https://[::1.2.3.256]/", None, True, [("IPv4-in-IPv6-out-of-range-part", 19, "6")]),
    ("https://[::1.2.3]/", None, True, [("IPv4-in-IPv6-too-few-parts", 11, "1.2.3")]),
    ("https://example.org/a b?c d#e f", None, False,
     [("invalid-URL-unit", 21, " "), ("invalid-URL-unit", 25, " "), ("invalid-URL-unit", 29, " ")]),
    # The slashes state's error (an insertion point), then one per ignored backslash.
    ("https:\\\\example.org", None, False,
     [("special-scheme-missing-following-solidus", 6, ""),
      ("special-scheme-missing-following-solidus", 6, "\\"),
      ("special-scheme-missing-following-solidus", 7, "\\")]),
    ("https://////example.com///", None, False,
     [("special-scheme-missing-following-solidus", p, "/") for p in range(8, 12)]),
    ("example", None, True, [("missing-scheme-non-relative-URL", 0, "example")]),
    ("//h", "sc:opaque", True, [("missing-scheme-non-relative-URL", 0, "//h")]),
    ("https://example.org\\a\\b", None, False,
     [("invalid-reverse-solidus", 19, "\\"), ("invalid-reverse-solidus", 21, "\\")]),
    # One invalid-credentials per `@`, each spanning the userinfo up to it.
    ("https://a@b:c@example.org/", None, False,
     [("invalid-credentials", 8, "a@"), ("invalid-credentials", 10, "b:c@")]),
    ("https://user@/", None, True, [("invalid-credentials", 8, "user@"), ("host-missing", 13, "")]),
    ("https://example.org:65536/", None, True, [("port-out-of-range", 20, "65536")]),
    ("https://example.org:7z/", None, True, [("port-invalid", 21, "z")]),
    ("C|/x", "file:///c:/", False,
     [("file-invalid-Windows-drive-letter", 0, ""), ("invalid-URL-unit", 1, "|")]),
    ("file://c|/x", None, False, [("file-invalid-Windows-drive-letter-host", 7, "c|")]),
    # Against a base with the same special scheme, no `//` makes the input relative.
    ("http:\\\\h/", "http://b/", False,
     [("special-scheme-missing-following-solidus", 0, "http:"), ("invalid-reverse-solidus", 5, "\\"),
      ("invalid-reverse-solidus", 6, "\\")]),
    ("file:c|/x", "file:///d:/", False,
     [("special-scheme-missing-following-solidus", 0, "file:"),
      ("file-invalid-Windows-drive-letter", 5, ""), ("invalid-URL-unit", 6, "|")]),
    ("file:/x", None, False, [("special-scheme-missing-following-solidus", 5, "")]),
    ("sc:a b", None, False, [("invalid-URL-unit", 4, " ")]),
    # Host errors come before port errors, and a host error before the path's at its end.
    ("https://ex%61mple.com:8x/", None, True,
     [("domain-percent-encoded", 10, "%61"), ("port-invalid", 23, "x")]),
    ("https://[::01]\\x", None, False,
     [("IPv6-piece-leading-zero", 11, "01"), ("invalid-reverse-solidus", 14, "\\")]),
    # The list stops at the failing error: the space in the path is not reached.
    ("https://u@h:8x/a b", None, True, [("invalid-credentials", 8, "u@"), ("port-invalid", 13, "x")]),
    ("\\\\x\\y", "https://b/", False,
     [("invalid-reverse-solidus", 0, "\\"), ("invalid-reverse-solidus", 1, "\\"),
      ("invalid-reverse-solidus", 3, "\\")]),
    ("///x", "http://b/", False, [("special-scheme-missing-following-solidus", 2, "/")]),
    ("sc://h\\x/", None, True, [("host-invalid-code-point", 6, "\\")]),
    ("sc://a%zz/p%", None, False, [("invalid-URL-unit", 6, "%"), ("invalid-URL-unit", 11, "%")]),
    ("https://h/%s#\ud800", None, False, [("invalid-URL-unit", 10, "%"), ("invalid-URL-unit", 13, "\ud800")]),
]
OWN_IDS = [case_id(input, base) for input, base, *_ in OWN]


@pytest.mark.parametrize(("input", "base", "failure", "expected"), OWN, ids=OWN_IDS)
def test_own_cases(input: str, base: str | None, failure: bool, expected: list[tuple[str, int, str]]) -> None:
    report = validate(input, base)
    assert [(d.code, d.start, input[d.start:d.end]) for d in report.diagnostics] == expected
    assert report.failure == failure and not report.valid
    assert codes(report.diagnostics) == codes(run(input, base).errors)


def test_every_name_comes_from_an_own_case() -> None:
    produced = {code for input, base, *_ in OWN for code in codes(validate(input, base).diagnostics)}
    assert produced == set(VALIDATION_ERRORS)


# ---- Spans in the original input ----------------------------------------------------------------

def spans(input: str, base: str | None = None) -> list[tuple[str, int, int]]:
    return [(d.code, d.start, d.end) for d in validate(input, base).diagnostics]


def test_spans_count_leading_spaces() -> None:
    input = "  \t https://u@h/%zz "
    assert spans(input) == [("invalid-URL-unit", 0, 4), ("invalid-credentials", 12, 14),
                            ("invalid-URL-unit", 16, 17)]


def test_a_trailing_run_is_spanned_when_nothing_leads() -> None:
    assert spans("https://h/ \x01") == [("invalid-URL-unit", 10, 12)]


def test_spans_skip_embedded_tabs_and_newlines() -> None:
    input = "ht\ttps://u\n@h/a\\b c"
    assert spans(input) == [("invalid-URL-unit", 2, 3), ("invalid-credentials", 9, 12),
                            ("invalid-reverse-solidus", 15, 16), ("invalid-URL-unit", 17, 18)]
    assert input[9:12] == "u\n@"


def test_a_host_error_inside_a_percent_decoded_host_spans_the_encoded_bytes() -> None:
    input = "  https://exa%23mple.org/"
    assert spans(input) == [("invalid-URL-unit", 0, 2), ("domain-percent-encoded", 13, 16),
                            ("domain-to-ASCII", 13, 16)]


def test_a_host_error_after_idna_mapping_spans_the_code_point_as_written() -> None:
    input = "https://\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25\uff3f.com/"  # fullwidth EXAMPLE_
    report = validate(input)
    assert [(d.code, d.detail, input[d.start:d.end]) for d in report.diagnostics] == \
        [("domain-to-ASCII", "U1", "\uff3f")]


def test_a_host_error_across_a_removed_tab() -> None:
    input = "https://ex\ta_b.com/"
    assert [(d.code, input[d.start:d.end]) for d in validate(input).diagnostics] == \
        [("invalid-URL-unit", "\t"), ("domain-to-ASCII", "_")]


def test_an_ideographic_full_stop_keeps_the_labels_apart() -> None:
    input = "https://a\u3002b_c/"
    assert spans(input) == [("domain-to-ASCII", 11, 12)]


def test_parse_url_collects_only_when_a_list_is_passed() -> None:
    found: list[Diagnostic] = []
    with pytest.raises(URLError) as info:
        parse_url(" https://u@:8x/", diagnostics=found)
    assert codes(found) == ["invalid-URL-unit", "invalid-credentials", "host-missing"]
    assert info.value.diagnostics[-1] == found[-1]  # the same span in the original input


# ---- Details and fixes ----------------------------------------------------------------------------

def test_details_name_the_case_or_the_code_point() -> None:
    details = [(d.code, d.detail) for d in validate("\thttps://h/a\nb c%").diagnostics]
    assert details == [("invalid-URL-unit", "leading or trailing C0 control or space"),
                       ("invalid-URL-unit", "tab or newline"), ("invalid-URL-unit", "U+0020"),
                       ("invalid-URL-unit", "%")]
    assert validate("https://a-.com/").diagnostics[0].detail == "V3"


@pytest.mark.parametrize(("input", "base", "fixes"), [
    ("https://h/a b", None, ["%20"]),
    ("https://h\\a", None, ["/"]),
    ("file:///C|/x", None, [":"]),
    ("https://u:p@h/", None, [""]),
    ("https:h", None, ["//"]),
    ("https://0x7f.1/", None, ["0.0.1", "127"]),
    ("https://[0:0::01]/", None, ["1"]),
    ("https://h/%", None, ["%25"]),
    ("https://h/#\x7f", None, ["%7F"]),
], ids=lambda x: repr(x))
def test_fixes(input: str, base: str | None, fixes: list[str]) -> None:
    assert [d.fix for d in validate(input, base).diagnostics] == fixes


@pytest.mark.parametrize(("input", "base", "suggestion"), [
    ("https://h/a b", None, "https://h/a%20b"),
    (" https:\\\\h\\a\tb ", None, "https://h/ab"),
    ("https://////h//", None, "https://h//"),
    ("http:\\\\h/x", "http://b/", "http://h/x"),  # not '//h/x', which changes the host unseen
    ("file:/x", None, "file:///x"),
    ("file:c|/x", None, "file:///c:/x"),
    ("c|/x", "file:///d:/", "/c:/x"),
    ("file://c|/x", None, "file:///c:/x"),
    ("https://%30/", None, "https://0.0.0.0/"),
    ("https://%E2%91%A0.2.3.4/", None, "https://1.2.3.4/"),
    ("https://[::01]/", None, "https://[::1]/"),
    ("https://example.com/", None, "https://example.com/"),
    ("https://u@h/", None, None),  # no valid string has the username
    ("sc:a b", None, None),  # the opaque path keeps the space: %20 is another URL
    ("https://h:99999/", None, None),
], ids=lambda x: repr(x))
def test_suggestions(input: str, base: str | None, suggestion: str | None) -> None:
    report = validate(input, base)
    assert report.suggestion == suggestion
    if suggestion is not None:
        again = validate(suggestion, base)
        assert again.valid and again.href == report.href


def test_apply_fixes_skips_a_fix_inside_another_and_refuses_overlaps() -> None:
    def d(start: int, end: int, fix: str) -> Diagnostic:
        return Diagnostic("invalid-URL-unit", start, end, "", fix=fix)

    assert apply_fixes("abcdef", [d(1, 4, "X"), d(2, 3, "Y"), d(4, 4, "+")]) == "aX+ef"
    assert apply_fixes("abc", [d(0, 2, "X"), d(1, 3, "Y")]) is None
    assert apply_fixes("abc", [d(0, 2, "X"), d(0, 2, "Y")]) == "Yc"  # the later one wins


# ---- The writing grammar's verdict ----------------------------------------------------------------

@pytest.mark.parametrize(("input", "base", "rule", "text"), [
    ("x", None, "relative-URL-with-fragment", "x"),
    ("?q", "sc:o", "relative-URL-with-fragment", "?q"),
    ("https:h", None, "scheme-relative-special-URL", ""),
    ("https:\\\\h", None, "scheme-relative-special-URL", "\\"),
    ("file:/x", None, "scheme-relative-file-URL", ""),
    ("file://h:1/", None, "scheme-relative-file-URL", ":1"),
    ("file:c:/x", None, "auth_drive_invalid", "c:"),
    ("file://c:/x", None, "auth_drive_invalid", "c:"),
    ("c|/x", "file:///", "auth_drive_invalid", "c|"),
    ("file:///c|/x", None, "drive", "|"),
    ("https://u@h/", None, "userinfo", "u@"),
    ("https:///x", None, "host", ""),
    ("https://a_b/", None, "domain", "a_b"),
    ("https://1.2.3/", None, "ip4_address_strict", "1.2.3"),
    ("https://[::01]/", None, "ip6_address_strict", "[::01]"),
    ("sc://a^b/", None, "host", "^"),
    ("sc://:1/", None, "opaque-host-and-port", ":1"),
    ("https://h:1x/", None, "port", "x"),
    ("https://h:65536/", None, "port", "65536"),
    ("https://h\\x", None, "path_root", "\\"),
    ("https://h/a\\x", None, "dir", "\\"),
    ("https://h/a%2x", None, "pct_invalid", "%2"),
    ("https://h/a b", None, "file", " "),
    ("https://h/?a b", None, "query", " "),
    ("https://h/#a#b", None, "fragment", "#"),
    (" https://h/", None, "URL-units", " "),
    ("https://h/\ta", None, "URL-units", "\t"),
], ids=lambda x: repr(x))
def test_writing_grammar_names_the_first_failing_rule(input: str, base: str | None, rule: str,
                                                      text: str) -> None:
    error = validate(input, base).grammar_error
    assert error is not None and (error.rule, input[error.start:error.end]) == (rule, text)


@pytest.mark.parametrize(("input", "base"), [
    ("https://h/", None), ("file:///C:/x", None), ("file://h/C:", None), ("foo://", None),
    ("foo:////x", None), ("foo:a:b", None), ("urn:isbn:1", None), ("https://h:/", None),
    ("https://[1:2::3.4.5.6]/", None), ("https://1.2.3.4/", None), ("foo://[::1]:0/", None),
    ("", "https://h/"), ("?q#f", "https://h/"), ("#f", "sc:o"), ("/C:/x", "file:///"),
    ("//h/x", "file:///"), ("a/../b", "sc://h/"), ("https://h/%2e%2E/é?'#\u00a0", None),
], ids=lambda x: repr(x))
def test_valid_url_strings(input: str, base: str | None) -> None:
    report = validate(input, base)
    assert report.valid and report.grammar_error is None and report.diagnostics == ()
    assert report.disagreement is None
    # The input itself, unless an advisory says how to write it otherwise (test_validate_suggestion).
    assert report.suggestion == input or any(d.fix is not None for d in report.advisories)


# ---- WPT: every input goes through, and failure agrees ----------------------------------------------

URLTESTDATA = shared_cases("wpt/urltestdata.json")


def test_urltestdata_is_present_or_skipped() -> None:
    assert len(load_json("wpt/urltestdata.json")) == len(URLTESTDATA) == 891


@shared_parametrize("wpt/urltestdata.json",
                    "case", URLTESTDATA, ids=[case_id(c["input"], c.get("base")) for c in URLTESTDATA])
def test_urltestdata(case: dict[str, Any]) -> None:
    report = validate(case["input"], case.get("base"))
    assert report.failure == bool(case.get("failure"))
    assert report.href == (None if case.get("failure") else case["href"])
    assert codes(report.diagnostics) == codes(run(case["input"], case.get("base")).errors)
    assert report.disagreement is None


# ---- Agreement with the state machine on generated inputs ---------------------------------------------

BASES = [None, "http://h/a/b?q#f", "file:///C:/d/e", "sc://h/p/q", "sc:opaque", "https://[::1]:8/",
         "file://host/share/x", "http://u:p@h:8/", "https://h/"]
_URLISH = st.lists(st.sampled_from(
    ["http:", "https:", "HTTP:", "file:", "sc:", "ws:", "/", "//", "\\", "?", "#", ":", "@", ".", "..",
     "%2e", "%", "%41", "%zz", "%30", "[", "]", "::1", "c:", "c|", "C|", "a", "é", " ", "\t", "\n",
     "0x7f", "1.2.3.4", "255", "0", "localhost", "xn--", "8080", "\x00", "\ud800", "\uff11", "\u3002",
     "_", "-", "|", "^", "'", "\u200d"]), max_size=12).map("".join)


def agree(input: str, base: str | None) -> None:
    oracle = run(input, base)
    report = validate(input, base)
    assert codes(report.diagnostics) == codes(oracle.errors)
    assert report.failure == oracle.failure and report.href == oracle.href
    if report.suggestion is not None and report.suggestion != input:
        again = validate(report.suggestion, base)
        assert again.valid and again.href == report.href


@pytest.mark.slow
@given(st.text(), st.sampled_from(BASES))
@settings(max_examples=2000)
def test_agree_with_the_state_machine_on_any_text(input: str, base: str | None) -> None:
    agree(input, base)


@pytest.mark.slow
@given(_URLISH, st.sampled_from(BASES))
@settings(max_examples=5000)
def test_agree_with_the_state_machine_on_url_shaped_text(input: str, base: str | None) -> None:
    agree(input, base)


@pytest.mark.slow
@given(_URLISH, st.sampled_from(BASES))
@settings(max_examples=3000, derandomize=True)
def test_the_two_verdicts_agree(input: str, base: str | None) -> None:
    # A failure here is a finding about the standard: the writing grammar and the parser's
    # validation errors part on this input.
    assert validate(input, base).disagreement is None


# ---- The report ------------------------------------------------------------------------------------

def test_the_report_is_immutable_and_serialisable() -> None:
    report = validate("https://u@h/a b", "https://b/")
    with pytest.raises(AttributeError):
        report.valid = True  # type: ignore[misc]
    assert report.url is not None and report.href == report.url.href == "https://u@h/a%20b"
    assert hash(report) == hash(validate("https://u@h/a b", "https://b/"))
    data = report.as_dict()
    assert list(data) == ["input", "base", "valid", "failure", "diagnostics", "href", "suggestion",
                          "grammar_error", "disagreement", "advisories", "omitted", "advisories_omitted"]
    assert data["diagnostics"][0] == {  # type: ignore[index]
        "code": "invalid-credentials", "severity": "error", "start": 8, "end": 10, "component": "userinfo",
        "message": report.diagnostics[0].message, "detail": None, "fix": "",
        "spec": "https://url.spec.whatwg.org/#invalid-credentials"}
    assert json.loads(json.dumps(data)) == data


def test_a_base_that_does_not_parse_is_an_error() -> None:
    with pytest.raises(URLError, match="the base URL is not valid"):
        validate("x", "not a base")


def test_the_base_may_be_a_url() -> None:
    base: URL = parse("https://h/a/")
    assert validate("b", base).href == "https://h/a/b"
    with pytest.raises(TypeError):
        validate(b"https://h/")  # type: ignore[arg-type]


def test_the_query_encoding_is_a_documents() -> None:
    """``encoding`` is the URL parser's (https://url.spec.whatwg.org/#concept-basic-url-parser):
    a special URL's query only, as a windows-1252 document's link gives it."""
    report = validate("https://h/caf\u00e9?q=caf\u00e9#caf\u00e9", encoding="latin1")
    assert report.href == "https://h/caf%C3%A9?q=caf%E9#caf%C3%A9"
    assert report.valid and report.suggestion == "https://h/caf\u00e9?q=caf\u00e9#caf\u00e9"
    assert validate("caf\u00e9?q=\u20ac", "https://h/", encoding="windows-1252").href == "https://h/caf%C3%A9?q=%80"
    assert validate("wss://h/?q=\u00e9", encoding="latin1").href == "wss://h/?q=%C3%A9"
    assert validate("https://h/?q=\u00e9", encoding="utf-16le").href == "https://h/?q=%C3%A9"
    with pytest.raises(ValueError, match="not an encoding label"):
        validate("https://h/", encoding="latin-9")
