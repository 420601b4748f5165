"""The standard's URL rendering (https://url.spec.whatwg.org/#url-rendering): its own examples,
and our cases for each rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urlgrammar
from urlgrammar import URLError, render
from urlgrammar.host import public_suffix
from urlgrammar.rendering import ELLIPSIS, LRE, PDF, readable

# ---- the standard's examples ------------------------------------------------------------------


def test_no_username_or_password() -> None:
    # "https://examplecorp.com@attacker.example/": the credentials can pass for the host.
    assert render("https://examplecorp.com@attacker.example/") == "https://attacker.example/"
    assert render("https://u:p@h.example:8080/a") == "https://h.example:8080/a"


def test_elision_from_the_lowest_level_label() -> None:
    # "examplecorp.com.evil.com should be elided as ...com.evil.com, not examplecorp.com..."
    assert render("https://examplecorp.com.evil.com/", width=13) == f"{ELLIPSIS}com.evil.com"
    assert render("https://examplecorp.com.evil.com/", width=19) == f"https://{ELLIPSIS}evil.com"


def test_the_registrable_domain_is_never_elided() -> None:
    # "to avoid showing, e.g., ...examplecorp.com when loading https://not-really-examplecorp.com/"
    assert render("https://not-really-examplecorp.com/", width=10) == "not-really-examplecorp.com"
    assert render("https://a.b.example.co.uk/x", width=5) == f"{ELLIPSIS}example.co.uk"
    assert render("https://a.b.c.github.io/x", width=5) == f"{ELLIPSIS}c.github.io"  # a private suffix


def test_the_registrable_domain_without_the_psl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise public_suffix.PublicSuffixListMissing("no psl")

    monkeypatch.setattr(public_suffix, "_list", missing)
    with pytest.raises(public_suffix.PublicSuffixListMissing):
        urlgrammar.registrable_domain("a.example.co.uk")
    # The last two labels, as documented: co.uk is all that is kept here.
    assert render("https://a.example.co.uk/x", width=5) == f"{ELLIPSIS}co.uk"
    assert render("https://a.example.com./x", width=5) == f"{ELLIPSIS}example.com."


def test_domains_by_domain_to_unicode() -> None:
    # "If URL's host is a domain, browsers should render it by running domain to Unicode."
    assert render("https://xn--bcher-kva.example/") == "https://bücher.example/"
    assert render("https://例え.jp/") == "https://例え.jp/"


def test_confusable_and_mixed_script_labels_stay_in_punycode() -> None:
    assert render("https://аpple.com/") == "https://xn--pple-43d.com/"
    assert render("https://www.аррӏе.com/") == "https://www.xn--80ak6aa92e.com/"
    assert render("https://αβc.example/") == f"https://{urlgrammar.domain_to_ascii('αβc')}.example/"
    # Cyrillic among Cyrillic names is shown.
    assert render("https://пример.рф/") == "https://пример.рф/"


def test_percent_encoded_text_is_decoded_for_reading() -> None:
    # "... unless that renders those sequences invisible", and the standard's U+1F512 (lock).
    assert render("https://h.example/wiki/%E6%97%A5%E6%9C%AC?q=caf%C3%A9#%CE%B1") == \
        "https://h.example/wiki/日本?q=café#α"
    assert readable("%F0%9F%94%92%E2%80%AE%E2%80%8B%C2%A0%07") == "%F0%9F%94%92%E2%80%AE%E2%80%8B%C2%A0%07"
    assert readable("%E2%88%95%EF%BC%8F%E2%80%A4%EF%B9%96") == "%E2%88%95%EF%BC%8F%E2%80%A4%EF%B9%96"
    assert readable("%CC%81") == "%CC%81" and readable("%C3%A9%CC%81") == "é\u0301"
    assert readable("%41%2F%20%25%3F%23%7E") == "A%2F%20%25%3F%23~"
    assert readable("%FF%C3%A9%C3") == "%FFé%C3"  # not UTF-8: left as it is


def test_bidi_text_in_a_left_to_right_embedding() -> None:
    shown = render("https://xn--4dbrk0ce.example/%D7%A9%D7%9C%D7%95%D7%9D")
    assert shown == f"{LRE}https://ישראל.example/שלום{PDF}"
    assert render("https://example.com/") == "https://example.com/"


def test_width_trims_the_path_first() -> None:
    assert render("https://example.com/a/long/path?q=1#f", width=25) == f"https://example.com/a/lo{ELLIPSIS}"
    assert render("https://example.com/", width=100) == "https://example.com/"
    assert render("mailto:someone@example.com", width=10) == f"mailto:so{ELLIPSIS}"
    assert render("http://[::1]:8080/x", width=5) == "[::1]:8080"


def test_bad_arguments() -> None:
    with pytest.raises(URLError):
        render("no scheme")
    with pytest.raises(ValueError, match="at least 1"):
        render("https://h/", width=0)
    assert render(urlgrammar.parse("/x", "https://h.example/")) == "https://h.example/x"


@settings(max_examples=300)
@given(text=st.text(max_size=30), width=st.one_of(st.none(), st.integers(1, 40)))
def test_any_text_renders_or_raises_url_error(text: str, width: int | None) -> None:
    try:
        shown = render("https://h.example/" + text, width=width)
    except URLError:
        return
    body = shown.removeprefix(LRE).removesuffix(PDF)
    if width is not None:
        assert len(body) <= max(width, len("h.example"))


def test_without_the_security_data_nothing_is_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    # As though the security extra were missing: no label can be shown decoded, and no
    # percent-encoded code point beyond ASCII is decoded, as none can be checked.
    from urlgrammar.host import spoofing

    assert render("https://bücher.example/%C3%A9") == "https://bücher.example/é"

    def missing() -> object:
        raise spoofing.SecurityDataMissing(spoofing.MISSING)

    monkeypatch.setattr(spoofing, "_data", missing)
    assert render("https://bücher.example/%C3%A9") == "https://xn--bcher-kva.example/%C3%A9"


# ---- code points newer than the security data (issue 20) -------------------------------------

def test_what_the_security_data_cannot_judge_is_not_cleared() -> None:
    # Unicode 18.0 added the Small Seal characters and Latin letters (U+1DF2B) that the IDNA
    # tables accept and the 17.0.0 confusables and script data does not know: their labels
    # stay in Punycode and their percent-encoded bytes stay encoded, as without the data.
    assert render("https://\U0003e8ac\U0003e8ad.com/") == "https://xn--t92sca.com/"
    assert render("https://\U0001df2b\U0001df2c.com/") == "https://xn--eb4hc.com/"
    assert render("https://xn--t92s.b\u00fccher.com/") == "https://xn--t92s.b\u00fccher.com/"
    assert render("https://example.com/\U0003e8ac/\u00e9?q=\U0001df2b") == \
        "https://example.com/%F0%BE%A2%AC/\u00e9?q=%F0%9D%BC%AB"


# ---- a URL kept as its href and offsets --------------------------------------------------------


@pytest.mark.parametrize("input", ["https://example.com/a/b?q#f", "https://example.com/a/b?#",
                                   "https://example.com", "file:///x/y", "file://h.example/x?",
                                   "http://a.b:8080/%C3%A9?%C3%A9#%C3%A9", "http://a.b\\c\\..\\d é#f",
                                   "https://a.b.c.github.io/" + "x/" * 30])
@pytest.mark.parametrize("width", [None, 12, 30])
def test_a_kept_url_renders_as_its_record_does_without_making_it(input: str, width: int | None) -> None:
    """A URL kept as its href and offsets (urlgrammar/operations/offsets.py) is rendered from
    them: its record, a component per segment of a long path, is not made for it."""
    kept = urlgrammar.parse(input)
    assert kept._offsets is not None
    shown = render(kept, width=width)
    assert not _has_record(kept)
    made = urlgrammar.URL._from_record(kept.record, kept.mode)
    assert shown == render(made, width=width)


def _has_record(url: urlgrammar.URL) -> bool:
    try:
        object.__getattribute__(url, "record")
    except AttributeError:
        return False
    return True


def test_each_code_point_of_a_long_path_is_judged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A path of 10,000 `é` (and one of 10,000 encoded apostrophes) asks whether to show a code
    point once per code point and the one before it, not once per occurrence: counted, not
    timed."""
    from urlgrammar import rendering

    calls = []
    judge = rendering._shown

    def counted(ch: str, after_shown: bool) -> bool:
        calls.append(ch)
        return judge(ch, after_shown)

    monkeypatch.setattr(rendering, "_shown", counted)
    assert readable("/" + "%C3%A9" * 10_000 + "/%E2%80%8B") == "/" + "é" * 10_000 + "/%E2%80%8B"
    assert readable("%27" * 10_000) == "%27" * 10_000
    assert len(calls) <= 8


# ---- percent-encoded bytes that are not UTF-8 ---------------------------------------------------


def _decoded_by_the_standard(run: str, before: str = "") -> str:
    """What the display shows of a run of percent-encoded bytes as the Encoding Standard's
    UTF-8 decoder reads them (https://encoding.spec.whatwg.org/#utf-8-decoder; Python's
    decoder fails on the same bytes, the maximal subparts, and ``surrogateescape`` gives each
    such byte as a code point of its own): the bytes it fails on stay as written, the rest as
    :func:`readable` judges each code point."""
    from urlgrammar.rendering import _HEX_DIGITS, _shown

    out, pending, previous, tail = [], 0, False, before
    for ch in bytes.fromhex(run.replace("%", "")).decode("utf-8", "surrogateescape"):
        n = ord(ch)
        if 0xDC80 <= n <= 0xDCFF:  # a byte the decoder fails on
            out.append(run[pending:pending + 3])
            pending, previous, tail = pending + 3, False, out[-1][-2:]
            continue
        end = pending + 3 * len(ch.encode())
        show = _shown(ch, previous) and not (ch in _HEX_DIGITS and "%" in tail)
        out.append(ch if show else run[pending:end])
        pending, previous, tail = end, show, (tail + out[-1])[-2:]
    return "".join(out)


#: Bytes around the edges of UTF-8's sequences, and a few that show or hide.
_BYTES = st.sampled_from([0x00, 0x25, 0x32, 0x41, 0x46, 0x7E, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xA9,
                          0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xCC, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4,
                          0xF5, 0xFF]) | st.integers(0, 255)


@settings(max_examples=500)
@given(data=st.lists(_BYTES, min_size=1, max_size=16), before=st.sampled_from(["", "%", "a%", "%2", "x"]))
def test_bytes_that_are_not_utf8_are_cut_where_the_utf8_decoder_fails(
        data: list[int], before: str) -> None:
    """readable decodes a run of bytes by stretches of UTF-8 (rendering._UTF8_OR_NOT) rather
    than a byte at a time, and shows what the standard's decoder gives: a byte that breaks a
    sequence is read again, and may start a code point."""
    run = "".join(f"%{b:02X}" for b in data)
    assert readable(before + run) == before + _decoded_by_the_standard(run, before[-2:])


@pytest.mark.parametrize(("text", "shown"), [
    ("%E2%80%C3%A9", "%E2%80é"), ("%C3%C3%A9", "%C3é"), ("%F0%9F%C3%A9x", "%F0%9Féx"),
    ("%ED%A0%80%C3%A9", "%ED%A0%80é"), ("%FF%C3%A9", "%FFé"), ("%E2%80%41", "%E2%80A"),
])
def test_the_byte_that_breaks_a_sequence_starts_afresh(text: str, shown: str) -> None:
    assert readable(text) == shown


def test_a_long_run_of_bytes_that_are_not_utf8_is_read_in_stretches() -> None:
    """A path of 30,000 `%FF` runs a number of lines of Python that does not grow with it:
    counted, not timed. (Bytes that fail are kept in one piece, and UTF-8 between failures
    is decoded a stretch at a time.)"""
    from conftest import lines_run

    assert readable("%FF" * 3 + "%C3%A9%E2%80" * 2) == "%FF" * 3 + "é%E2%80é%E2%80"
    assert lines_run(readable, "%FF" * 30_000) <= 100


@given(labels=st.lists(st.text("aü-", max_size=5), min_size=1, max_size=12), keep=st.integers(0, 4),
       room=st.integers(-2, 40))
def test_the_labels_that_fit_are_counted_from_the_end(labels: list[str], keep: int, room: int) -> None:
    """_first_fitting reads labels from the last back; it gives the least k of the definition."""
    from urlgrammar.rendering import _first_fitting

    keep = min(keep, len(labels))
    by_definition = next((k for k in range(1, len(labels) - keep + 1)
                          if (len(".".join(labels[k:])) if k < len(labels) else -1) <= room), None)
    assert _first_fitting(labels, keep, room) == by_definition
