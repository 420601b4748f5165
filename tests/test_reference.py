"""parse_reference: relative references, spans, rebase, normalize, and the WPT round trip."""

from __future__ import annotations

import pytest
from conftest import own_cases, own_id, shared_cases, shared_parametrize
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import canonical_urls

from urlgrammar import URL, Mode, Reference, URLError, parse_reference
from urlgrammar.model.record import Kind

WPT = shared_cases("wpt/urltestdata.json")
CANONICAL_HREFS = sorted({c["href"] for c in WPT if "href" in c})


def test_conformance_data_is_present_or_skipped() -> None:
    if not WPT:
        pytest.skip("wpt/urltestdata.json not found: set URLGRAMMAR_SHARED to the shared/ "
                    "directory to run the WPT round trip")
    assert len(CANONICAL_HREFS) > 400


@shared_parametrize("wpt/urltestdata.json", "href", CANONICAL_HREFS)
def test_every_canonical_wpt_href_prints_back(href: str) -> None:
    assert parse_reference(href).href == href


@pytest.mark.slow
@given(canonical_urls())
@settings(max_examples=500)
def test_canonical_strings_from_the_grammar_print_back(text: str) -> None:
    assert parse_reference(text, mode=Mode.GENERIC).href == text


def test_components_are_none_when_absent() -> None:
    ref = parse_reference("../a/b")
    assert (ref.scheme, ref.authority, ref.host, ref.query, ref.fragment) == (None,) * 5
    assert ref.dirs == ("..", "a") and ref.file == "b" and not ref.root
    full = parse_reference("http://u:p@h:8/d/f?q#g")
    assert (full.scheme, full.username, full.password, full.host, full.port) == \
        ("http", "u", "p", "h", "8")
    assert (full.path, full.query, full.fragment) == ("/d/f", "q", "g")


@pytest.mark.parametrize(("text", "kind", "span"), [
    ("http://h/a", Kind.HOST, (7, 8)),
    ("  http://h/a", Kind.HOST, (9, 10)),
    ("\n http://h/a", Kind.SCHEME, (2, 6)),
    ("ht\ttp://h/a", Kind.SCHEME, (0, 5)),
    ("http://h/a\tb?q", Kind.FILE, (9, 12)),
    ("http://h/a\tb?q", Kind.QUERY, (13, 14)),
    ("http://h/?", Kind.QUERY, (10, 10)),
    ("  x#  ", Kind.FRAGMENT, (4, 4)),
    ("s://u:p@h", Kind.PASSWORD, (6, 7)),
    ("s://u@h", Kind.USERNAME, (4, 5)),
    ("s://:9", Kind.PORT, (5, 6)),
    ("file:///c|/x", Kind.DRIVE, (8, 10)),
])
def test_spans_are_in_the_original_input(text: str, kind: Kind, span: tuple[int, int]) -> None:
    record = parse_reference(text).record
    components = list(record)
    for c in record:
        if c.kind == Kind.AUTHORITY:
            components.extend(c.value.components())
    found = [c for c in components if c.kind == kind]
    assert found and found[0].span == span


@pytest.mark.parametrize(("ref", "base", "href"), [
    ("../a/./b?x", "http://h/c/d/e", "http://h/c/d/../a/./b?x"),
    ("http:foo", "http://h/a", "http://h/foo"),       # legacy: same special scheme dropped
    ("HTTP:foo", "http://h/a", "http://h/foo"),
    ("sc:foo", "sc://h/a", "sc:foo"),                 # strict for non-special
    ("\\a", "foo://foo/a", "foo://foo/\\a"),          # generic mode: `\` is data
    ("\\a", "http://h/b/c", "http://h/a"),            # special mode: `\` is a path-root
    ("c|/x", "file:///d:/y", "file:///c|/x"),         # read again in file mode: a drive
    ("/x", "file:///d:/y", "file:///d:/x"),           # the drive is kept below the root
    ("#f", "mailto:a", "mailto:a#f"),
    ("x", "y/z", "y/x"),                              # relative onto relative stays relative
    ("", "s://h/p?q#f", "s://h/p?q"),
])
def test_rebase(ref: str, base: str, href: str) -> None:
    assert parse_reference(ref, base).href == href
    assert parse_reference(ref).rebase(base).href == href


def test_rebase_onto_an_opaque_path_fails_with_the_standards_name() -> None:
    with pytest.raises(URLError) as info:
        parse_reference("x", "mailto:a")
    assert info.value.code == "missing-scheme-non-relative-URL"
    assert "opaque path" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_rebase_never_forces_an_authority() -> None:
    ref = parse_reference("http:foo")
    assert ref.rebase("sc:x").href == "http:foo"
    assert ref.authority is None


def test_rebased_components_from_the_base_have_no_span() -> None:
    record = parse_reference("b", "s://h/a/").record
    assert [c.span for c in record] == [None, None, None, None, (0, 1)]


@given(st.text(), st.one_of(st.none(), st.text(), st.sampled_from(
    ["http://h/a", "file:///c:/", "sc:x", "sc://h", "a/b"])))
@settings(max_examples=400)
def test_parse_reference_raises_nothing_but_url_error(text: str, base: str | None) -> None:
    try:
        ref = parse_reference(text, base)
    except URLError:
        return
    assert isinstance(ref, Reference)
    assert isinstance(ref.href, str)


def test_parse_reference_wants_a_str() -> None:
    with pytest.raises(TypeError):
        parse_reference(b"http://x")  # type: ignore[arg-type]


@pytest.mark.parametrize(("ref", "base", "href"),
                         [(c["input"], c["base"], c["href"]) for c in own_cases("resolve")],
                         ids=[own_id(c) for c in own_cases("resolve")])
def test_resolve_gives_the_browsers_url(ref: str, base: str | None, href: str) -> None:
    assert parse_reference(ref).resolve(base).href == href


def test_resolve_after_rebase_and_normalize_resolves_what_the_reference_now_is() -> None:
    ref = parse_reference("../a/./b?x").rebase("http://h/c/d/e").normalize()
    assert ref.href == "http://h/c/a/b?x"
    assert ref.resolve().href == ref.href


def test_resolve_fails_where_the_standard_does() -> None:
    with pytest.raises(URLError):
        parse_reference("x").resolve()


@pytest.mark.parametrize("mode", ["special", "SPECIAL", "Special", Mode.SPECIAL])
def test_parse_reference_takes_a_mode_by_name_or_by_the_enum(mode: str | Mode) -> None:
    ref = parse_reference("a\\b", mode=mode)  # type: ignore[arg-type]
    assert ref.mode is Mode.SPECIAL
    assert ref.href == "a/b"  # in special mode `\` is a slash


@pytest.mark.parametrize("mode", ["url", "web", "", "generic ", 2])
def test_an_unknown_mode_is_a_value_error_naming_the_accepted_ones(mode: object) -> None:
    with pytest.raises(ValueError, match="'generic', 'special', 'file'") as info:
        parse_reference("a", mode=mode)  # type: ignore[arg-type]
    assert not isinstance(info.value, URLError)


def test_modes_print_with_the_command_lines_names() -> None:
    from urlgrammar.cli.tree import MODES

    assert {m.value for m in Mode} == set(MODES) == {"generic", "special", "file"}
    assert all(MODES[m.value] is m for m in Mode)
    assert "generic" in repr(Mode.GENERIC) and Mode("generic") is Mode.GENERIC
    assert parse_reference("x").as_dict()["mode"] == "generic"


@pytest.mark.parametrize("base", ["/foo/..", "/foo/.", "/foo/%2e%2E", "foo/..", "/foo/..?q"])
def test_a_base_that_ends_in_a_dot_segment_keeps_it_as_a_dir(base: str) -> None:
    # Regression: goto dropped the base's final `..` as if it named a file, so `bar` onto
    # `/foo/..` was `/foo/bar`, where the URL `/foo/..` is `/` and `bar` against it `/bar`.
    ref = parse_reference("bar", base)
    assert ref.href == base.split("?")[0] + "/bar"
    absolute = "http://h/x/y"
    assert ref.resolve(absolute) == URL("bar", URL(base, absolute))


#: No drive letters: `../c:` onto `file://h/d/` makes `c:` a drive only once the dot segment has
#: climbed to the absolute base's root, which a relative base cannot know (README, References).
_SEGMENTS = st.sampled_from(["a", "b", ".", "..", "%2e", "%2E%2e", "", "c"])
_PATHS = st.builds(lambda root, segments: root + "/".join(segments),
                   st.sampled_from(["", "/"]), st.lists(_SEGMENTS, max_size=5))


@given(_PATHS, _PATHS, st.sampled_from(["", "?q", "#f"]), st.sampled_from(
    ["http://h/x/y", "http://h", "file:///C:/d/e", "file://h/d/", "sc://h/p/q", "sc:/p/q"]))
@settings(max_examples=500)
def test_rebasing_first_resolves_as_resolving_twice(ref: str, base: str, tail: str,
                                                    absolute: str) -> None:
    # Resolution is associative: (ref onto base) against absolute is ref against (base
    # against absolute), whichever dot segments the base ends in. The relative base is read
    # in the absolute URL's mode, which decides what a drive letter is. A base with an empty
    # authority is left out: against a web URL, force takes its host from the path (`///a` is
    # `http://a/`), which a rebase onto it does not do (README, References).
    assume(not base.startswith("//"))
    try:
        twice = URL(ref + tail, URL(base, absolute))
    except URLError:
        return
    relative_base = parse_reference(base, mode=URL(absolute).mode)
    assert parse_reference(ref + tail, relative_base).resolve(absolute) == twice
