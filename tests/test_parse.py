"""urlgrammar.parse: the WHATWG basic URL parser's results, by the grammar pipeline."""

from __future__ import annotations

import importlib.util

import pytest
from conftest import ROOT, assert_linear_work, own_cases, own_id, shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st
from unicode_versions import judge

import urlgrammar
from urlgrammar import URL, URLError, can_parse, parse
from urlgrammar.algorithm import run

GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port",
           "pathname", "search", "hash"]
_spec = importlib.util.spec_from_file_location("regenerate", ROOT / "tests" / "data" / "regenerate.py")
assert _spec is not None and _spec.loader is not None
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)

WPT = shared_cases("wpt/urltestdata.json")
TOASCII = shared_cases("wpt/toascii.json")
PERCENT = shared_cases("wpt/percent-encoding.json")


def case_id(case: dict[str, str]) -> str:
    base = case.get("base")
    return f"{case['input']!r} against {base!r}" if base is not None else repr(case["input"])


def test_conformance_data_is_present() -> None:
    if not WPT:
        pytest.skip("wpt/urltestdata.json not found: set URLGRAMMAR_SHARED to the shared/ "
                    "directory to run the conformance tests")
    assert len(WPT) == 891 and len(TOASCII) == 87


@shared_parametrize("wpt/urltestdata.json", "case", WPT, ids=case_id)
def test_urltestdata(case: dict[str, str]) -> None:
    check_urltestdata(case)


def check_urltestdata(case: dict[str, str]) -> None:
    """``parse`` gives every getter a urltestdata case lists, or fails where it says failure."""
    if case.get("failure"):
        with pytest.raises(URLError):
            parse(case["input"], case.get("base"))
        assert not can_parse(case["input"], case.get("base"))
        return
    url = parse(case["input"], case.get("base"))
    assert {k: getattr(url, k) for k in GETTERS if k in case} == {k: case[k] for k in GETTERS if k in case}
    assert can_parse(case["input"], case.get("base"))


@pytest.mark.parametrize("case", own_cases(), ids=own_id)
def test_own_urltestdata(case: dict[str, str]) -> None:
    check_urltestdata(case)


def test_own_urltestdata_holds_whatwg_urls_values() -> None:
    # tests/data/regenerate.py takes them from whatwg-url; a hand edit or a stale file shows here.
    missing = regenerate.node_missing()
    if missing is not None:
        pytest.skip(f"{missing}; the state machine's values are checked instead (the test below)")
    cases = own_cases()
    assert regenerate.whatwg_url([(c["input"], c["base"]) for c in cases]) == cases


@pytest.mark.parametrize("case", own_cases(), ids=own_id)
def test_the_state_machine_gives_the_own_urltestdata_values(case: dict[str, str]) -> None:
    # The file's values are whatwg-url's; the transcribed state machine, the oracle of other
    # tests, gives them too.
    getters = run(case["input"], case["base"]).getters
    assert case.get("failure", False) is (getters is None)
    if getters is not None:
        assert {k: case[k] for k in GETTERS} == {k: getattr(getters, k) for k in GETTERS}


@shared_parametrize("wpt/toascii.json", "case", TOASCII, ids=lambda c: repr(c["input"]))
def test_toascii_through_parse(case: dict[str, str]) -> None:
    judge(_hostname, case["input"], lambda got: got == case["output"], "WPT's toascii.json",
          case["output"])


def _hostname(host: str) -> str | None:
    url = f"https://{host}/x"
    return parse(url).hostname if can_parse(url) else None


@shared_parametrize("wpt/percent-encoding.json",
                    ("input", "encoding", "output"),
                    [(c["input"], e, o) for c in PERCENT for e, o in c["output"].items()],
                    ids=lambda v: repr(v))
def test_percent_encoding_of_the_query(input: str, encoding: str, output: str) -> None:
    url = parse("https://doesnotmatter.invalid/?" + input, encoding=encoding)
    assert url.search == "?" + output


def test_the_encoding_applies_only_to_special_non_websocket_queries() -> None:
    assert parse("https://h/?é#é", encoding="windows-1252").href == "https://h/?%E9#%C3%A9"
    assert parse("wss://h/?é", encoding="windows-1252").search == "?%C3%A9"
    assert parse("sc://h/?é", encoding="windows-1252").search == "?%C3%A9"


@pytest.mark.parametrize(("input", "base", "href"),
                         [(c["input"], c["base"], c.get("href")) for c in own_cases("examples")],
                         ids=[own_id(c) for c in own_cases("examples")])
def test_examples(input: str, base: str | None, href: str | None) -> None:
    if href is None:
        assert not can_parse(input, base)
    else:
        assert parse(input, base).href == href


@pytest.mark.parametrize(("input", "base", "code"), [
    ("x", None, "missing-scheme-non-relative-URL"),
    ("x", "sc:y", "missing-scheme-non-relative-URL"),
    ("", "sc:y", "missing-scheme-non-relative-URL"),
    ("http://h:99999/", None, "port-out-of-range"),
    ("http://h:9x/", None, "port-invalid"),
    ("http://", None, "host-missing"),
    ("sc://u@/", None, "host-missing"),
    ("http://[::1/", None, "IPv6-unclosed"),
    ("sc://a b/", None, "host-invalid-code-point"),
])
def test_failures_name_the_standards_error(input: str, base: str | None, code: str) -> None:
    with pytest.raises(URLError) as info:
        parse(input, base)
    assert info.value.code == code
    assert str(info.value).startswith(code + " at ")
    assert isinstance(info.value, ValueError)


def test_the_error_span_is_in_the_original_input() -> None:
    with pytest.raises(URLError) as info:
        parse("  \thttp://h:123456/")
    assert str(info.value).startswith("port-out-of-range at 12..18")


def test_a_url_is_immutable_and_prints_as_its_href() -> None:
    url = parse("https://u:p@h:8/p?q#f")
    assert str(url) == url.href == "https://u:p@h:8/p?q#f"
    assert url == parse(url.href) and hash(url) == hash(parse(url.href))
    with pytest.raises(AttributeError):
        url.record = url.record  # type: ignore[misc]
    assert url.record.scheme == "https"
    assert isinstance(parse("x", base=url), URL)


def test_an_invalid_base_fails() -> None:
    with pytest.raises(URLError, match="base URL"):
        parse("x", "no scheme")


def test_types_are_checked() -> None:
    with pytest.raises(TypeError):
        parse(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse("x", 3)  # type: ignore[arg-type]


def test_the_package_exports() -> None:
    for name in ("parse", "can_parse", "URL", "URLError", "parse_reference", "domain_to_ascii",
                 "domain_to_unicode"):
        assert hasattr(urlgrammar, name)


def _total(input: str, base: str | None) -> None:
    try:
        url = parse(input, base)
    except URLError:
        return
    assert isinstance(url.href, str)
    # What parse returns parses to itself.
    assert parse(url.href).href == url.href or url.record.scheme not in ("http", "https")


@given(st.text(), st.one_of(st.none(), st.sampled_from(
    ["http://h/a/b", "file:///c:/d", "sc://h/p", "sc:opaque", "https://[::1]:8/"])))
@settings(max_examples=500)
def test_parse_raises_nothing_but_url_error(input: str, base: str | None) -> None:
    _total(input, base)


_WPT_INPUTS = sorted({c["input"] for c in WPT}) or ["http://example.com/"]


@given(st.sampled_from(_WPT_INPUTS), st.data())
@settings(max_examples=500)
def test_mutations_of_wpt_inputs(input: str, data: st.DataObject) -> None:
    edits = data.draw(st.lists(st.tuples(st.integers(0, len(input)), st.sampled_from(
        ["", "/", "\\", ":", "@", "%", "%2e", "[", "]", "#", "?", ".", "\x00", "\ud800", "é", " "])),
        max_size=4))
    for at, text in edits:
        input = input[:at] + text + input[at + 1:]
    _total(input, data.draw(st.sampled_from([None, "http://h/a/b", "file:///c:/"])))


@pytest.mark.parametrize(("sigil", "unit"), [("", "/a"), ("?", "a=%zz&"), ("#", "é")], ids=repr)
def test_cost_grows_linearly(sigil: str, unit: str) -> None:
    assert_linear_work(parse, lambda n: "https://h" + sigil + unit * n)
