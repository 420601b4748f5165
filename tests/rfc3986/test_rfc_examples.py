"""RFC 3986's own examples: § 1.1.2 (URIs of several schemes), § 5.4.1 and § 5.4.2 (reference
resolution, normal and abnormal), § 6.2.2 (normalisation), by urlgrammar.rfc3986."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import URLError
from urlgrammar.rfc3986 import RULES, components, is_valid, validate
from urlgrammar.rfc3986.resolution import normalize, remove_dot_segments, resolve

# RFC 3986 § 1.1.2, with the host type § 3.2.2 gives each.
EXAMPLES_1_1_2 = {
    "ftp://ftp.is.co.za/rfc/rfc1808.txt": ("ftp", "ftp.is.co.za", "reg-name", "/rfc/rfc1808.txt"),
    "http://www.ietf.org/rfc/rfc2396.txt": ("http", "www.ietf.org", "reg-name", "/rfc/rfc2396.txt"),
    "ldap://[2001:db8::7]/c=GB?objectClass?one": ("ldap", "[2001:db8::7]", "IP-literal", "/c=GB"),
    "mailto:John.Doe@example.com": ("mailto", None, None, "John.Doe@example.com"),
    "news:comp.infosystems.www.servers.unix": ("news", None, None, "comp.infosystems.www.servers.unix"),
    "tel:+1-816-555-1212": ("tel", None, None, "+1-816-555-1212"),
    "telnet://192.0.2.16:80/": ("telnet", "192.0.2.16", "IPv4address", "/"),
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2": (
        "urn", None, None, "oasis:names:specification:docbook:dtd:xml:4.1.2"),
}

BASE = "http://a/b/c/d;p?q"
# RFC 3986 § 5.4.1 Normal Examples.
NORMAL = {
    "g:h": "g:h", "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/",
    "/g": "http://a/g", "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y",
    "#s": "http://a/b/c/d;p?q#s", "g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s",
    ";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x", "g;x?y#s": "http://a/b/c/g;x?y#s",
    "": "http://a/b/c/d;p?q", ".": "http://a/b/c/", "./": "http://a/b/c/", "..": "http://a/b/",
    "../": "http://a/b/", "../g": "http://a/b/g", "../..": "http://a/", "../../": "http://a/",
    "../../g": "http://a/g",
}
# RFC 3986 § 5.4.2 Abnormal Examples ("http:g" by the strict parser).
ABNORMAL = {
    "../../../g": "http://a/g", "../../../../g": "http://a/g", "/./g": "http://a/g",
    "/../g": "http://a/g", "g.": "http://a/b/c/g.", ".g": "http://a/b/c/.g",
    "g..": "http://a/b/c/g..", "..g": "http://a/b/c/..g", "./../g": "http://a/b/g",
    "./g/.": "http://a/b/c/g/", "g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h",
    "g;x=1/./y": "http://a/b/c/g;x=1/y", "g;x=1/../y": "http://a/b/c/y",
    "g?y/./x": "http://a/b/c/g?y/./x", "g?y/../x": "http://a/b/c/g?y/../x",
    "g#s/./x": "http://a/b/c/g#s/./x", "g#s/../x": "http://a/b/c/g#s/../x", "http:g": "http:g",
}


@pytest.mark.parametrize("text", list(EXAMPLES_1_1_2))
def test_section_1_1_2_examples_are_uris_with_their_components(text: str) -> None:
    scheme, host, host_type, path = EXAMPLES_1_1_2[text]
    assert is_valid(text, "URI") and is_valid(text, "absolute-URI") == ("#" not in text)
    assert not is_valid(text, "relative-ref")
    report = validate(text, "URI")
    assert report.valid and report.diagnostics == ()
    c = report.components
    assert (c.scheme, c.host, c.host_type, c.path) == (scheme, host, host_type, path)


@pytest.mark.parametrize(("reference", "target"), list(NORMAL.items()),
                         ids=[f"{r!a} against {BASE}" for r in NORMAL])
def test_section_5_4_1_normal_examples(reference: str, target: str) -> None:
    assert is_valid(reference) and resolve(reference, BASE) == target


@pytest.mark.parametrize(("reference", "target"), list(ABNORMAL.items()),
                         ids=[f"{r!a} against {BASE}" for r in ABNORMAL])
def test_section_5_4_2_abnormal_examples(reference: str, target: str) -> None:
    assert is_valid(reference) and resolve(reference, BASE) == target


def test_section_5_2_4_remove_dot_segments_walkthrough() -> None:
    # The two worked examples of § 5.2.4.
    assert remove_dot_segments("/a/b/c/./../../g") == "/a/g"
    assert remove_dot_segments("mid/content=5/../6") == "mid/6"


def test_section_6_2_2_normalisation() -> None:
    # § 6.2.2's example, and § 6.2.2.1-3's three steps on one reference.
    assert normalize("example://a/b/c/%7Bfoo%7D") == normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
    assert normalize("HTTP://User@Www.Example.COM/a/./b/../c/%7euser%2fx?%7E#%41") == \
        "http://User@www.example.com/a/c/~user%2Fx?~#A"


@pytest.mark.parametrize(("text", "expected"), [
    ("web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/"),
    ("foo:/a/..//x", "foo:/.//x"),
    ("http://h/.//x", "http://h//x"),  # with an authority, `//` is a path
])
def test_normalised_path_that_starts_with_two_slashes_is_not_read_as_an_authority(
        text: str, expected: str) -> None:
    normal = normalize(text)
    assert normal == expected
    assert components(normal).authority == components(text).authority
    assert normalize(normal) == normal


def test_resolved_path_that_starts_with_two_slashes_is_not_read_as_an_authority() -> None:
    target = resolve("/.//x", "foo:/a")
    assert target == "foo:/.//x" and components(target).authority is None


def test_resolution_refuses_what_is_not_a_reference() -> None:
    with pytest.raises(URLError):
        resolve("a b", BASE)
    with pytest.raises(URLError):
        resolve("g", "b/c")  # a relative base is no absolute-URI
    with pytest.raises(URLError):
        validate("http://a/", rule="URL")


def test_diagnostic_names_the_first_place_and_what_was_expected() -> None:
    (d,) = validate("http://exa mple.com/").diagnostics
    assert (d.start, d.end, d.found) == (10, 11, " ")
    assert d.expected == ('":"', '"/"', '"?"', '"#"', "the end")
    (d,) = validate("http://h/%zz", "URI").diagnostics
    assert (d.start, d.found) == (9, "%") and "segment" in d.expected
    (d,) = validate("http:", "relative-ref").diagnostics
    assert d.start == 4 and d.found == ":"


def test_ipv4address_first_match_and_reg_name() -> None:
    # § 3.2.2: a host that matches IPv4address is one; anything longer is a reg-name.
    assert components("//1.2.3.4").host_type == "IPv4address"
    assert components("//1.2.3.256").host_type == "reg-name" and is_valid("//1.2.3.256")
    assert components("//1.2.3.4.5").host_type == "reg-name" and is_valid("//1.2.3.4.5")


def test_iri_rules_take_ucschar_and_iprivate_only_in_the_query() -> None:
    assert is_valid("http://é.example/ü?\ue000#x", "IRI")
    assert not is_valid("http://é.example/", "URI")
    assert not is_valid("http://a/#\ue000", "IRI")
    assert not is_valid("http://a/\ud800", "IRI-reference")  # a lone surrogate is no ucschar


def test_long_inputs_cost_lines_independent_of_their_length() -> None:
    # Counted, not timed (conftest.lines_run): the pattern and the driver read runs of code
    # points as single tokens, so a 100 kB host costs the Python lines a 1 kB one does.
    from conftest import lines_run

    for make in (lambda n: "http://" + "a" * n + " /", lambda n: "http://" + "a" * n + "/%zz",
                 lambda n: "http://[" + "1:" * n + "]/", lambda n: "//" + "a" * n + "@b"):
        short, long = lines_run(validate, make(1_000)), lines_run(validate, make(100_000))
        assert long == short, make(10)
    # Removing dot segments walks the path's segments once: twice the segments, twice the lines.
    half, whole = (lines_run(lambda t: resolve(t, BASE), "a/../b/./" * n) for n in (25_000, 50_000))
    assert whole <= 2 * half + 100


@given(text=st.text(alphabet=st.sampled_from(list("aZ09-._~!$&'()*+,;=:@/?#[]% \\|\n\x00é\ue000\ud800"))
                    | st.characters(), max_size=40),
       rule=st.sampled_from(list(RULES)))
def test_validate_is_total_and_agrees_with_is_valid(text: str, rule: str) -> None:
    report = validate(text, rule)
    assert report.valid == is_valid(text, rule) == (report.diagnostics == ())
    for d in report.diagnostics:
        assert 0 <= d.start <= d.end <= len(text) and d.found == text[d.start:d.end] and d.expected
    c = report.components
    for name, start, end in c.spans:
        assert text[start:end] == getattr(c, name)


def test_the_order_check_bounds_wide_classes_by_the_ascii_they_leave_out() -> None:
    # RFC 3987's ucschar is too wide to list: its first code points are over-estimated as all
    # but the ASCII the class leaves out, so "[" and a ucschar run do not meet, and a
    # non-ASCII letter still does (the compiler checked rfc3987.lark in about a minute without
    # this, and now at once).
    from urlgrammar.grammar_tools.compiler.order import _first, overlap

    wide = "[a-z\u00a0-\U0001fffd]+"
    negated, leaves_out = _first(wide)
    assert negated and "[" in leaves_out and "a" not in leaves_out and "é" not in leaves_out
    assert not overlap(r"\[", wide)
    assert overlap("é", wide) and overlap("[é-ü]", wide)
