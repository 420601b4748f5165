"""A reference against a plain web base is read as the base by every reader, as the standard
reads it: :func:`urlgrammar.checking.relative_reading.reads_the_base` says so without running
them, and the readers agree wherever it does. A reference with `//` is read as its head is
written: :func:`urlgrammar.checking.disagreement.written_against` gives that reading, and every
reader reads it or refuses the string."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import shared_cases, shared_parametrize
from full_path import count_readings
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import URLError, parse, validate
from urlgrammar.checking.disagreement import _disagreeing, standard_reading, written_against
from urlgrammar.checking.relative_reading import reads_the_base

URLTESTDATA = shared_cases("wpt/urltestdata.json")
_BASES = ["http://example.org/foo/bar", "https://example.com/", "ws://h.example:8080/a?q#f",
          "ftp://example.org/pub/", "file:///tmp/mock/path", "http://[::1]/", "http://Example.org/",
          "http://a_b.example/", "foo://example.org/", "http://example.org/a b", "file:///D:/x",
          "file://server/share/a", "file://localhost/x"]


def _readers_agree(input: str, base: str) -> bool | None:
    """Whether no reader reads ``input`` against ``base`` otherwise than the standard; None
    where the standard fails."""
    try:
        url = parse(input, base)
    except URLError:
        return None
    return not _disagreeing(input, parse(base).href, standard_reading(url))[2]


def _claim_holds(input: str, base: str) -> bool:
    href = parse(base).href
    said = reads_the_base(input, href)
    if said:
        assert _readers_agree(input, base) is not False, (input, base)
    written = written_against(input, href)
    if written is not None:  # every reader reads that, or refuses the string
        assert not _disagreeing(input, href, written)[2], (input, base)
    return said


@pytest.mark.parametrize(("input", "base", "host"), [
    ("//example.org/../path", "http://example.org/", "example.org"), ("//x/hello", "https://a.example/", "x"),
    ("//server/file", "file:///tmp/mock/path", "server"), ("http://x/hello", "foo://a/", "x"),
    ("wss://Example.com:8443/", "http://example.org/foo/bar", "example.com"),
    ("///example.org/", "http://example.org/", None), ("//x/", "foo://a/", None),
    ("//u@x/", "http://a/", None), ("http:x", "http://a/", None), ("//x\\y/", "http://a/", None),
])
def test_a_reference_with_an_authority_is_read_as_written(input: str, base: str, host: str | None) -> None:
    written = written_against(input, parse(base).href)
    assert (None if written is None else written.host) == host
    _claim_holds(input, base)


@pytest.mark.parametrize(("input", "said"), [
    ("a/b", True), ("?x", True), ("#f", True), ("", True), ("/a/b", True), ("..", True),
    ("a@evil.example/b", True), ("a b/c:d", True), ("/a\\b", True), ("b\u00fccher", True),
    ("//evil.example/", False), ("/\\evil.example/", False), ("\\\\evil.example/", False),
    ("\\evil", False), ("http:evil.example", False), ("a:b", False), (" //evil", False),
    ("/\t/evil", False), ("a\nb", False),
])
def test_references_against_a_plain_base(input: str, said: bool) -> None:
    assert _claim_holds(input, "http://example.org/foo/bar") is said


def test_a_reference_that_names_another_host_is_still_flagged() -> None:
    # The standard reads `\\` as `//` against a special base; urllib reads a path.
    report = validate("\\\\evil.example\\x", "http://example.org/")
    assert "parser-disagreement" in [d.code for d in report.advisories]
    assert validate("a\\x", "http://example.org/").advisories == ()


@pytest.mark.parametrize("base", ["http://a_b.example/", "foo://example.org/", "file:///C|/x"])
def test_a_base_that_is_not_plain_is_left_to_the_readers(base: str) -> None:
    assert not reads_the_base("a/b", base)


@pytest.mark.parametrize("base", ["file:///tmp/", "file:///D:/x", "file://server/share/a"])
@pytest.mark.parametrize(("input", "said"), [
    ("C|/a", True), ("a/b", True), ("/a", True), ("?q", True), ("", True), ("..", False),
    ("C:/a", False), ("//h/a", False), ("\\\\h\\a", False), ("\\a", False),
    ("/.//path", False), ("a/../b", False), ("%2e%2e/x", False), ("a/b?./..", True),
])
def test_references_against_a_plain_file_base(base: str, input: str, said: bool) -> None:
    # The file and file slash states take the base's host as the relative state takes its
    # authority; a drive letter with `:` is a scheme to urllib; a dot segment that urljoin
    # removes may leave a path that starts with `//` after the base's empty host.
    assert _claim_holds(input, base) is said


def test_a_dot_segment_against_a_file_base_is_left_to_the_readers() -> None:
    # urljoin gives 'file://path': urllib reads the host 'path', the standard none.
    report = validate("/.//path", "file:///C:/dir/doc.html")
    assert [d.code for d in report.advisories] == ["parser-disagreement"]


@shared_parametrize("wpt/urltestdata.json", "case",
                    [c for c in URLTESTDATA if isinstance(c, dict) and c.get("base")],
                    ids=lambda c: f"{c['input']!r} against {c['base']!r}")
def test_wpt_references(case: dict[str, Any]) -> None:
    for base in (case["base"], "http://example.org/foo/bar", "https://example.com:8443/"):
        try:
            parse(base)
        except URLError:
            continue
        _claim_holds(case["input"], base)


@given(st.sampled_from(["", "//", "http://", "HTTPS://", "ws://", "file://", "foo://"]),
       st.text(alphabet="ab/\\?#:@%2. \t\u00fc\uff0f\u3002[]", max_size=10), st.sampled_from(_BASES))
def test_generated_references(head: str, input: str, base: str) -> None:
    _claim_holds(head + input, base)


@pytest.mark.parametrize(("input", "base", "fix"), [
    ("\\\\x\\hello", "http://example.org/foo/bar", "http://x/hello"),
    ("http://\uff10\uff38\uff43\uff10\uff0e\uff10\uff12\uff15\uff10\uff0e\uff10\uff11", None, "http://192.168.0.1/"),
])
def test_a_fix_written_as_read_is_not_read_again(input: str, base: str | None, fix: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # The advisory's fix is the href where every reader reads it as the standard does: an
    # href whose head they read as written is not given to them.
    read = count_readings(monkeypatch)
    found = [d for d in validate(input, base).advisories if d.code == "parser-disagreement"]
    assert [d.fix for d in found] == [fix]
    assert read == [input]
