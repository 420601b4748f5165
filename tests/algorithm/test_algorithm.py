"""The standard's algorithms transcribed (urlgrammar.algorithm): conformance, traces, totality."""

from __future__ import annotations

import ast
import re
from typing import Any, get_args

import pytest
from conftest import ROOT, assert_linear_work, load_json, shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar.algorithm import BasicURLParser, Raised, Result, URLRecord, run
from urlgrammar.algorithm.machine import State
from urlgrammar.errors import VALIDATION_ERRORS, URLError
from urlgrammar.host.parser import Domain, Empty

GETTERS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
           "search", "hash"]


def case_id(input: str, base: str | None) -> str:
    return f"{input!r} against {base!r}"


def codes(result: Result) -> list[str]:
    return [d.code for d in result.errors]


# ---- WPT urltestdata.json -------------------------------------------------------------------

URLTESTDATA = shared_cases("wpt/urltestdata.json")


def test_urltestdata_is_present_or_skipped() -> None:
    assert len(load_json("wpt/urltestdata.json")) == len(URLTESTDATA) == 891


@shared_parametrize("wpt/urltestdata.json",
                    "case", URLTESTDATA, ids=[case_id(c["input"], c.get("base")) for c in URLTESTDATA])
def test_urltestdata(case: dict[str, Any]) -> None:
    result = run(case["input"], case.get("base"))
    if case.get("failure"):
        assert result.failure and result.url is None and result.href is None
        return
    getters = result.getters
    assert getters is not None, codes(result)
    names = GETTERS + (["origin"] if "origin" in case else [])
    assert {name: getattr(getters, name) for name in names} == {name: case[name] for name in names}
    assert result.href == case["href"]


# ---- WPT percent-encoding.json --------------------------------------------------------------
#
# As WPT's percent-encoding.window.js: the input is the query and the fragment of a special URL
# in a document with the encoding; the query is encoded with it, the fragment always as UTF-8.

PERCENT = [(encoding, case["input"], output, case["output"]["utf-8"])
           for case in shared_cases("wpt/percent-encoding.json")
           for encoding, output in case["output"].items()]


def test_percent_encoding_data_is_present_or_skipped() -> None:
    cases = load_json("wpt/percent-encoding.json")
    assert len(PERCENT) == sum(len(case["output"]) for case in cases) > 0


@shared_parametrize("wpt/percent-encoding.json",
                    ("encoding", "input", "query", "fragment"), PERCENT,
                    ids=[f"{input!r} as {encoding}" for encoding, input, _, _ in PERCENT])
def test_percent_encoding(encoding: str, input: str, query: str, fragment: str) -> None:
    result = run(f"https://doesnotmatter.invalid/?{input}#{input}", encoding=encoding)
    assert result.url is not None
    assert (result.url.query, result.url.fragment) == (query, fragment)


# ---- Validation errors: whatwg-url's cases ------------------------------------------------

VALIDATION_CASES = shared_cases("validation/whatwg-url-validation-cases.json")
VALIDATION_IDS = [case_id(c["input"], c.get("base")) for c in VALIDATION_CASES]


def test_validation_data_is_present_or_skipped() -> None:
    data = load_json("validation/whatwg-url-validation-cases.json")
    assert len(data["cases"]) == len(VALIDATION_CASES) == 184
    assert set(data["validationErrorNames"]) == set(VALIDATION_ERRORS)


@shared_parametrize("validation/whatwg-url-validation-cases.json",
                    "case", VALIDATION_CASES, ids=VALIDATION_IDS)
def test_validation_error_names(case: dict[str, Any]) -> None:
    assert codes(run(case["input"], case.get("base"))) == case.get("parserValidationErrors", [])


@shared_parametrize("validation/whatwg-url-validation-cases.json",
                    "case", VALIDATION_CASES, ids=VALIDATION_IDS)
def test_validation_failure(case: dict[str, Any]) -> None:
    assert run(case["input"], case.get("base")).failure == case.get("parserFailure", False)


# ---- Every validation error of the standard, with where it is -----------------------------
#
# One input for each name: (name, input, base, failure, the text the first error of that name
# spans in the input).

EXAMPLES: list[tuple[str, str, str | None, bool, str]] = [
    ("domain-to-ASCII", "https://ex_ample.com/", None, False, "_"),
    ("domain-percent-encoded", "https://ex%61mple.com/", None, False, "%61"),
    ("host-invalid-code-point", "foo://a b/", None, True, " "),
    ("IPv4-empty-part", "https://127.0.0.1./", None, False, "."),
    ("IPv4-too-few-parts", "https://1.2.3/", None, False, "3"),
    ("IPv4-too-many-parts", "https://1.2.3.4.5/", None, True, "5"),
    ("IPv4-non-numeric-part", "https://1.2.x.4/", None, True, "x"),
    ("IPv4-non-decimal-part", "https://0x7f.0.0.1/", None, False, "0x7f"),
    ("IPv4-out-of-range-part", "https://1.2.3.256/", None, True, "256"),
    ("IPv4-non-ASCII-input", "https://\uff11.2.3.4/", None, False, "\uff11.2.3.4"),
    ("IPv6-unclosed", "https://[::1/", None, True, "[::1"),
    ("IPv6-invalid-compression", "https://[:1]/", None, True, ":"),
    ("IPv6-too-many-pieces", "https://[1:2:3:4:5:6:7:8:9]/", None, True, "9"),
    ("IPv6-multiple-compression", "https://[1::2::3]/", None, True, "::"),
    ("IPv6-invalid-code-point", "https://[1:x]/", None, True, "x"),
    ("IPv6-too-few-pieces", "https://[1:2:3]/", None, True, "1:2:3"),
    ("IPv6-piece-leading-zero", "https://[::01]/", None, False, "01"),
    ("IPv4-in-IPv6-too-many-pieces", "https://[1:2:3:4:5:6:7:1.2.3.4]/", None, True, "1"),
    ("IPv4-in-IPv6-invalid-code-point", "https://[::1.2.x.4]/", None, True, "x"),
    ("IPv4-in-IPv6-out-of-range-part", "https://[::1.2.3.256]/", None, True, "6"),
    ("IPv4-in-IPv6-too-few-parts", "https://[::1.2.3]/", None, True, "1.2.3"),
    ("invalid-URL-unit", "https://example.org/%zz", None, False, "%"),
    ("special-scheme-missing-following-solidus", "https:/example.org", None, False, "/"),
    ("missing-scheme-non-relative-URL", "example", None, True, "e"),
    ("invalid-reverse-solidus", "https://example.org\\path", None, False, "\\"),
    ("invalid-credentials", "https://user@example.org/", None, False, "@"),
    ("host-missing", "https://#f", None, True, ""),
    ("port-out-of-range", "https://example.org:65536/", None, True, "65536"),
    ("port-invalid", "https://example.org:7z/", None, True, "z"),
    ("file-invalid-Windows-drive-letter", "c|/x", "file:///c:/", False, "c|"),
    ("file-invalid-Windows-drive-letter-host", "file://c:/", None, False, "c:"),
]


def test_every_validation_error_has_an_example() -> None:
    assert [name for name, *_ in EXAMPLES] == list(VALIDATION_ERRORS)


@pytest.mark.parametrize(("name", "input", "base", "failure", "text"), EXAMPLES,
                         ids=[name for name, *_ in EXAMPLES])
def test_validation_error_examples(name: str, input: str, base: str | None, failure: bool,
                                   text: str) -> None:
    result = run(input, base)
    assert name in codes(result) and result.failure == failure
    error = next(d for d in result.errors if d.code == name)
    assert input[error.start:error.end] == text
    assert error.message


# ---- The transcription itself --------------------------------------------------------------

def test_every_state_is_a_method_named_after_it() -> None:
    for name in get_args(State):
        doc = getattr(BasicURLParser, name.replace(" ", "_")).__doc__
        assert doc.startswith("https://url.spec.whatwg.org/#"), name


def test_the_oracle_does_not_use_the_grammar_pipeline() -> None:
    pipeline = {"lift", "model", "normalise", "reference", "resolve"}
    for path in (ROOT / "urlgrammar" / "algorithm").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                modules = [node.module or ""] + [alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            assert not pipeline & {part for m in modules for part in m.split(".")}, path.name


# ---- Trace and spans ------------------------------------------------------------------------

def test_trace_lists_every_state_with_the_pointer() -> None:
    assert run("http://h:8/?#").trace == [
        ("scheme start state", 0), *[("scheme state", i) for i in range(1, 5)],
        ("special authority slashes state", 5), ("special authority ignore slashes state", 7),
        *[("authority state", i) for i in range(7, 11)], ("host state", 7), ("host state", 8),
        ("port state", 9), ("port state", 10), ("path start state", 10), ("path state", 11),
        ("query state", 12), ("fragment state", 13)]


def test_trace_starts_over_without_a_scheme() -> None:
    trace = run("a/b", "http://x/y").trace
    assert trace[:4] == [("scheme start state", 0), ("scheme state", 1), ("no scheme state", 0),
                         ("relative state", 0)]


def test_opaque_path_state_is_named_as_in_the_standard() -> None:
    assert [state for state, _ in run("a:b").trace] == [
        "scheme start state", "scheme state", "opaque path state", "opaque path state"]


def test_raised_errors_name_state_and_pointer() -> None:
    # Pointers are in the preprocessed input; the preprocessing steps have none.
    assert run(" https://user@ex.org/%s ").raised == [
        Raised("invalid-URL-unit", "basic URL parser step 1.2", None),
        Raised("invalid-credentials", "authority state", 12),
        Raised("invalid-URL-unit", "path state", 20)]
    assert run("http://ex\tam%70le.org/").raised == [
        Raised("invalid-URL-unit", "basic URL parser step 2", None),
        Raised("domain-percent-encoded", "host state", 20)]


def test_spans_are_in_the_original_input() -> None:
    def spans(input: str) -> list[tuple[str, str]]:
        return [(d.code, input[d.start:d.end]) for d in run(input).errors]

    # Preprocessing raises invalid-URL-unit once for trimming and once for tabs and newlines.
    assert spans("\x00 http://a\n\tb\r/ \x01") == [
        ("invalid-URL-unit", "\x00 "), ("invalid-URL-unit", "\n")]
    assert spans("http://h/ \t") == [("invalid-URL-unit", " \t")]
    assert spans("http://ex\tam%70le.org/%\tz") == [
        ("invalid-URL-unit", "\t"), ("domain-percent-encoded", "%70"), ("invalid-URL-unit", "%")]
    assert spans("\thttp://[::0\n1]/") == [("invalid-URL-unit", "\t"), ("invalid-URL-unit", "\n"),
                                          ("IPv6-piece-leading-zero", "0\n1")]
    assert spans("https:\\\\ex.com") == [("special-scheme-missing-following-solidus", "\\")] * 3


def test_host_errors_carry_the_host_component() -> None:
    result = run("http://a@ex%61mple.com:99999/")
    assert [(d.code, d.component) for d in result.errors] == [
        ("invalid-credentials", "userinfo"), ("domain-percent-encoded", "host"),
        ("port-out-of-range", "port")]


# ---- The record, the base and the getters ---------------------------------------------------

def test_url_record() -> None:
    assert run("https://u:p@EXAMPLE.com:8080/a/./b/../c?q#f").url == URLRecord(
        "https", "u", "p", Domain("example.com"), 8080, ["a", "c"], "q", "f")
    assert run("mailto:x@y?z").url == URLRecord("mailto", path="x@y", query="z")
    assert run("file://localhost/c|/x").url == URLRecord("file", host=Empty(), path=["c:", "x"])
    assert run("foo:/a").url == URLRecord("foo", path=["a"])


def test_a_failing_base_makes_the_run_fail() -> None:
    result = run("a", "no scheme")
    assert result.failure and result.base is not None and result.base.failure
    assert result.errors == [] and codes(result.base) == ["missing-scheme-non-relative-URL"]


def test_the_failing_error_comes_last() -> None:
    assert codes(run("https://user@:80/")) == ["invalid-credentials", "host-missing"]


def test_getters() -> None:
    getters = run("blob:https://example.org:443/uuid").getters
    assert getters is not None
    assert (getters.origin, getters.protocol, getters.pathname) == (
        "https://example.org", "blob:", "https://example.org:443/uuid")
    opaque = run("https://h/?#").getters
    assert opaque is not None and (opaque.search, opaque.hash, opaque.href) == ("", "", "https://h/?#")
    assert run("x:y").getters is not None
    assert run("x").getters is None


def test_an_unknown_encoding_label_is_a_value_error_not_a_url_error() -> None:
    # A mistake in the call, as for urlgrammar.parse: catching URLError must not hide it.
    with pytest.raises(ValueError, match="not an encoding label") as raised:
        run("https://h/", encoding="no such encoding")
    assert not isinstance(raised.value, URLError)


def test_lone_surrogates_give_what_u_fffd_gives() -> None:
    for input in ["https://h/\ud800?\udfff#\ud800", "foo:\ud800", "foo://\ud800/", "https://\ud800/",
                  "https://u\ud800@h/"]:
        assert run(input).href == run(input.replace("\ud800", "\ufffd").replace("\udfff", "\ufffd")).href
    assert codes(run("https://h/#\ud800")) == ["invalid-URL-unit"]
    assert run("https://h/#\ud800").href == "https://h/#%EF%BF%BD"


# ---- Totality and cost ----------------------------------------------------------------------

BASES = [None, "http://example.com/a/b?c#d", "file:///C:/x/y", "mailto:x", "foo://h/p", "sc:/a",
         "blob:https://a/b"]
_PIECES = st.sampled_from([*"htps:/\\@[]%.?#0123456789abcdefx-|C \t\n\x00\x7f\u00e9",
                           "\ud800", "\ufffd", "\ufdd0", "file:", "http://", "foo:", "[::1]", "%2e",
                           "..", "localhost", "xn--", "%zz", "%41", "c:", "C|", "1.2.3.4", "0x"])
_URLISH = st.lists(_PIECES, max_size=25).map("".join)
_ANY_TEXT = st.text(st.characters(exclude_categories=()))


@pytest.mark.slow
@settings(max_examples=1000)
@given(st.one_of(_URLISH, _ANY_TEXT), st.sampled_from(BASES))
def test_any_text_gives_a_result(input: str, base: str | None) -> None:
    result = run(input, base)
    assert isinstance(result, Result)
    assert result.failure == (result.url is None) == (result.href is None)
    if result.failure and not (result.base and result.base.failure):
        assert result.errors  # every failure of the main parse path has a name
    assert result.href is None or result.href.isascii()
    assert all(0 <= d.start <= d.end <= len(input) for d in result.errors)
    assert len(result.raised) == len(result.errors)
    scalar = re.sub("[\ud800-\udfff]", "\ufffd", input)
    assert run(scalar, base).href == result.href


@pytest.mark.slow
@pytest.mark.parametrize("input", [
    "http://h/" + "a" * 300_000, "http://h/#" + "\u00e9" * 300_000, "foo:" + "a " * 150_000,
    "http://" + "a@" * 150_000 + "h/", "http://h/?" + "\u00e9" * 300_000,
    "http://h:" + "0" * 300_000 + "1/", "http://h/" + "../" * 100_000, "http://" + "a:" * 150_000 + "@h/",
    "a" * 300_000, "\t" * 300_000 + "http://h/", "http://h/" + "\ud800" * 300_000,
], ids=lambda s: f"{s[:10]!r} x {len(s)}")
def test_long_inputs_have_a_result(input: str) -> None:
    # Quadratic work (a string copied at each append) would take minutes at this length;
    # tests/suite/test_linearity.py and tools/bench_cost.py measure the growth.
    result = run(input)
    assert result.failure or result.href


@pytest.mark.parametrize(("prefix", "unit", "suffix"), [
    ("http://h/", "a", ""), ("foo:", "a ", ""), ("http://", "a@", "h/"), ("http://h/", "../", ""),
    ("http://h/?", "\u00e9", ""), ("", "\t", "http://h/"), ("http://h:", "0", "1/")], ids=repr)
def test_the_state_machine_does_linear_work(prefix: str, unit: str, suffix: str) -> None:
    assert_linear_work(lambda text: run(text), lambda n: prefix + unit * n + suffix, size=100)
