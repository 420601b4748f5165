"""Percent-encoding and -decoding: the standard's sets, WPT percent-encoding.json, encoders."""

from __future__ import annotations

import codecs
import re
import string

import pytest
from conftest import load_json, shared_cases, shared_parametrize
from hypothesis import assume, given
from hypothesis import strategies as st

from urlgrammar.encoding.decode import (
    pct_invalid,
    pct_invalid_spans,
    pct_tokens,
    percent_decode,
    percent_decode_bytes,
    percent_decode_spans,
    percent_decode_str,
)
from urlgrammar.encoding.encoders import get_encoder
from urlgrammar.encoding.labels import ENCODING_LABELS, get_encoding, get_output_encoding, python_codec
from urlgrammar.encoding.percent import (
    C0_CONTROL_SET,
    COMPONENT_SET,
    FORM_URLENCODED_SET,
    FRAGMENT_SET,
    PATH_SET,
    QUERY_SET,
    SPECIAL_QUERY_SET,
    USERINFO_SET,
    PercentEncodeSet,
    percent_encode_after_encoding,
    utf8,
    utf8_percent_encode,
    utf8_percent_encode_each,
)
from urlgrammar.syntax.grammars import tree_parser

# ---- WPT percent-encoding.json ------------------------------------------------------------
#
# WPT puts each input into the query of a special URL in a document with the given encoding;
# the expected output is that query, percent-encoded with the special-query set.

DATA = "wpt/percent-encoding.json"
CASES = [(encoding, case["input"], output)
         for case in shared_cases(DATA) for encoding, output in case["output"].items()]


def test_conformance_data_is_present_or_skipped() -> None:
    cases = load_json(DATA)  # skips, saying where it looked, when the data is absent
    assert len(CASES) == sum(len(case["output"]) for case in cases) > 0


@shared_parametrize("wpt/percent-encoding.json", ("encoding", "text", "expected"), CASES,
                                                 ids=[f"{text} as {encoding}" for encoding, text, _ in CASES])
def test_wpt_percent_encoding(encoding: str, text: str, expected: str) -> None:
    assert percent_encode_after_encoding(encoding, text, SPECIAL_QUERY_SET) == expected


# ---- The percent-encode sets ----------------------------------------------------------------
#
# Each set's members up to U+007E, written out from the standard's definitions
# (https://url.spec.whatwg.org/#percent-encoded-bytes), not from the implementation's.

C0 = "".join(map(chr, range(0x20)))
MEMBERS = {
    "C0 control": (C0_CONTROL_SET, C0),
    "fragment": (FRAGMENT_SET, C0 + ' "<>`'),
    "query": (QUERY_SET, C0 + ' "#<>'),
    "special-query": (SPECIAL_QUERY_SET, C0 + " \"#<>'"),
    "path": (PATH_SET, C0 + ' "#<>?^`{}'),
    "userinfo": (USERINFO_SET, C0 + ' "#<>?^`{}/:;=@[\\]|'),
    "component": (COMPONENT_SET, C0 + ' "#<>?^`{}/:;=@[\\]|$%&+,'),
    "application/x-www-form-urlencoded":
        (FORM_URLENCODED_SET, C0 + " \"#<>?^`{}/:;=@[\\]|$%&+,!'()~"),
}
SETS = [encode_set for encode_set, _ in MEMBERS.values()]


@pytest.mark.parametrize("name", MEMBERS)
def test_set_members(name: str) -> None:
    encode_set, members = MEMBERS[name]
    assert encode_set.name == name
    assert {c for c in map(chr, range(0x7F)) if c in encode_set} == set(members)
    # Every set holds all code points above U+007E (~).
    for c in "\x7f\x80\xa0é\u2028\ud800\ufffd\U0001f600\U0010ffff":
        assert c in encode_set


def test_set_examples() -> None:
    assert "#" in QUERY_SET and "`" not in QUERY_SET
    assert "`" in FRAGMENT_SET and "#" not in FRAGMENT_SET
    assert "'" in SPECIAL_QUERY_SET and "'" not in QUERY_SET
    assert " " not in C0_CONTROL_SET and "%" not in USERINFO_SET and "%" in COMPONENT_SET
    assert "ab" not in PATH_SET and "" not in PATH_SET and 0x20 not in PATH_SET


def test_form_urlencoded_set_is_all_but_alphanumerics_and_four() -> None:
    kept = string.ascii_letters + string.digits + "*-._"
    assert {c for c in map(chr, range(0x80)) if c not in FORM_URLENCODED_SET} == set(kept)


def test_set_members_must_be_single_code_points_up_to_tilde() -> None:
    with pytest.raises(ValueError):
        PercentEncodeSet("bad", "\x7f")
    with pytest.raises(ValueError):
        PercentEncodeSet("bad", ["ab"])


# ---- UTF-8 percent-encode -------------------------------------------------------------------

def test_utf8_examples_from_the_standard() -> None:
    assert utf8_percent_encode("≡", USERINFO_SET) == "%E2%89%A1"
    assert utf8_percent_encode("‽", USERINFO_SET) == "%E2%80%BD"
    assert utf8_percent_encode("Say what‽", USERINFO_SET) == "Say%20what%E2%80%BD"


def test_utf8_each_set() -> None:
    text = "a b\"#<>`'?^{}/:;=@[\\]|$%&+,!()~\x00\x7fé"
    assert utf8_percent_encode(text, C0_CONTROL_SET) == \
        "a b\"#<>`'?^{}/:;=@[\\]|$%&+,!()~%00%7F%C3%A9"
    assert utf8_percent_encode(text, QUERY_SET) == \
        "a%20b%22%23%3C%3E`'?^{}/:;=@[\\]|$%&+,!()~%00%7F%C3%A9"
    assert utf8_percent_encode(text, COMPONENT_SET) == (
        "a%20b%22%23%3C%3E%60'%3F%5E%7B%7D%2F%3A%3B%3D%40%5B%5C%5D%7C%24%25%26%2B%2C!()~"
        "%00%7F%C3%A9")


def test_nothing_to_encode_returns_the_same_string() -> None:
    text = "/static/app.bundle.js"
    assert utf8_percent_encode(text, PATH_SET) is text
    assert percent_encode_after_encoding("windows-1252", text, SPECIAL_QUERY_SET) is text


def test_supplementary_code_points() -> None:
    assert utf8_percent_encode("\U0001f600", FRAGMENT_SET) == "%F0%9F%98%80"


@pytest.mark.parametrize("surrogate", ["\ud800", "\udbff", "\udc00", "\udfff"])
def test_lone_surrogates_are_replacement_characters(surrogate: str) -> None:
    assert utf8_percent_encode(surrogate, C0_CONTROL_SET) == "%EF%BF%BD"
    assert utf8_percent_encode(f"a{surrogate}b", PATH_SET) == "a%EF%BF%BDb"
    assert percent_encode_after_encoding("utf-8", surrogate, QUERY_SET) == "%EF%BF%BD"
    # A legacy encoding cannot encode U+FFFD: the reference is to 65533, not the surrogate.
    assert percent_encode_after_encoding("windows-1252", surrogate, SPECIAL_QUERY_SET) == \
        "%26%2365533%3B"
    assert percent_encode_after_encoding("iso-2022-jp", surrogate, SPECIAL_QUERY_SET) == \
        "%26%2365533%3B"


def test_a_megabyte_is_encoded() -> None:
    text = "ab c/é" * (1 << 18)
    assert len(utf8_percent_encode(text, PATH_SET)) == (1 << 18) * 13
    assert len(percent_encode_after_encoding("windows-1252", text, SPECIAL_QUERY_SET)) == \
        (1 << 18) * 10


# ---- Percent-encode after encoding ------------------------------------------------------------

def test_after_encoding_examples_from_the_standard() -> None:
    assert percent_encode_after_encoding("Shift_JIS", " ", SPECIAL_QUERY_SET) == "%20"
    assert percent_encode_after_encoding("Shift_JIS", "≡", SPECIAL_QUERY_SET) == "%81%DF"
    assert percent_encode_after_encoding("Shift_JIS", "‽", SPECIAL_QUERY_SET) == \
        "%26%238253%3B"
    assert percent_encode_after_encoding("ISO-2022-JP", "¥", SPECIAL_QUERY_SET) == \
        "%1B(J\\%1B(B"
    assert percent_encode_after_encoding("Shift_JIS", "1+1 ≡ 2%20‽", FORM_URLENCODED_SET) == \
        "1%2B1+%81%DF+2%2520%26%238253%3B"


def test_space_as_plus() -> None:
    assert percent_encode_after_encoding("utf-8", "a b", FORM_URLENCODED_SET) == "a+b"
    assert percent_encode_after_encoding("utf-8", "a b", FORM_URLENCODED_SET, False) == "a%20b"
    assert percent_encode_after_encoding("utf-8", "a b", QUERY_SET) == "a%20b"
    assert percent_encode_after_encoding("utf-8", "a b", C0_CONTROL_SET, True) == "a+b"
    assert percent_encode_after_encoding("gbk", "a b€", FORM_URLENCODED_SET) == "a+b%80"


def test_character_references_are_encoded_whatever_the_set() -> None:
    assert percent_encode_after_encoding("iso-8859-2", "&#¢;", C0_CONTROL_SET) == \
        "&#%26%23162%3B;"


@pytest.mark.parametrize("label", ["UTF-16", "utf-16be", "UTF-16LE", "replacement",
                                   "iso-2022-kr", "hz-gb-2312"])
def test_output_encoding_is_utf8(label: str) -> None:
    assert percent_encode_after_encoding(label, "é", SPECIAL_QUERY_SET) == "%C3%A9"


def test_unknown_label() -> None:
    with pytest.raises(LookupError):
        percent_encode_after_encoding("utf-9", "é", SPECIAL_QUERY_SET)


# Each legacy encoder, where the standard's index or algorithm differs from Python's codec.
LEGACY = [
    # single-byte: C1 controls filled in, and the corrected bytes
    ("windows-1252", "\x81\x8d\x8f\x90\x9d", "%81%8D%8F%90%9D"),
    ("windows-1252", "€‘", "%80%91"),
    ("KOI8-U", "ўЎ", "%AE%BE"),
    ("KOI8-U", "╝", "%26%239565%3B"),
    ("windows-1255", "\u05ba", "%CA"),
    ("x-user-defined", "\uf780\uf7ffé", "%80%FF%26%23233%3B"),
    # gb18030 and GBK
    ("gb18030", "\u1e3f\ue7c7", "%A8%BC%815%F47"),
    ("gb18030", "\ufe10\ufe12\u9fbb", "%A6%D9%A6%DA%FE%A0"),
    ("gb18030", "\ue78d\ue864", "%A6%D9%FE%A0"),
    ("gb18030", "€\U00020087", "%A2%E3%952%901"),
    ("GBK", "€\U00020087\ue7c7", "%80%26%23131207%3B%26%2359335%3B"),
    # Big5: the index's own symbols, last pointers, and no HKSCS below 0xA1
    ("Big5", "‧﹑¯～€\u2400", "%A1E%A1N%A1%C2%A1%E3%A3%E1%A3%C0"),
    ("Big5", "═十", "%F9%F9%A4Q"),
    ("Big5", "Ê‾", "%26%23202%3B%26%238254%3B"),
    # Japanese: the IBM extensions for Shift_JIS, no private use, JIS X 0201 code points
    ("Shift_JIS", "ⅰ¥‾ｱ\x80", "%FA@\\~%B1%80"),
    ("Shift_JIS", "\ue000¢", "%26%2357344%3B%26%23162%3B"),
    ("EUC-JP", "ⅰ¥ｱ−", "%FC%F1\\%8E%B1%A1%DD"),
    ("ISO-2022-JP", "あ", "%1B$B$%22%1B(B"),
    ("ISO-2022-JP", "あ€a", "%1B$B$%22%1B(B%26%238364%3Ba"),
    ("ISO-2022-JP", "ｱﾞ", "%1B$B%%22!+%1B(B"),
    ("ISO-2022-JP", "a\x1bb", "a%26%2365533%3Bb"),
    ("ISO-2022-JP", "¥\x0e", "%1B(J\\%26%2365533%3B%1B(B"),  # an error in the Roman state
    # EUC-KR is code page 949: the Unified Hangul Code's syllables too
    ("EUC-KR", "가갂", "%B0%A1%81A"),
]


@pytest.mark.parametrize(("encoding", "text", "expected"), LEGACY,
                         ids=[f"{text} as {encoding}" for encoding, text, _ in LEGACY])
def test_legacy_encoders(encoding: str, text: str, expected: str) -> None:
    assert percent_encode_after_encoding(encoding, text, SPECIAL_QUERY_SET) == expected


def test_iso_2022_jp_encoder_keeps_its_state() -> None:
    encoder = get_encoder("ISO-2022-JP")
    assert encoder is not get_encoder("ISO-2022-JP")
    assert get_encoder("Big5") is get_encoder("Big5")


# ---- Labels and encodings -------------------------------------------------------------------

def test_labels() -> None:
    assert get_encoding(" \tLatin1\n\f\r") == "windows-1252"
    assert get_encoding("utf8") == "UTF-8"
    assert get_encoding("x-sjis") == "Shift_JIS"
    assert get_encoding("koi8-ru") == "KOI8-U"
    assert get_encoding("utf-16") == "UTF-16LE"
    assert get_encoding("iso-2022-kr") == "replacement"
    assert get_encoding("utf-9") is None
    assert get_encoding("") is None
    assert get_encoding("\u212aoi8-r") is None  # KELVIN SIGN lowercases to "k" in Python
    assert get_encoding("\u00a0utf-8") is None  # not ASCII whitespace


def test_every_name_is_one_of_its_labels() -> None:
    assert len(ENCODING_LABELS) == 40
    for name, labels in ENCODING_LABELS.items():
        assert name.lower() in labels
        assert all(get_encoding(label.upper()) == name for label in labels)


def test_output_encodings() -> None:
    for name in ENCODING_LABELS:
        expected = "UTF-8" if name in ("replacement", "UTF-16BE", "UTF-16LE") else name
        assert get_output_encoding(name) == expected


def test_python_codecs_exist() -> None:
    for name in ENCODING_LABELS:
        codec = python_codec(name)
        assert codec is None or codecs.lookup(codec)
    assert python_codec("replacement") is None and python_codec("x-user-defined") is None


@pytest.mark.parametrize("name", ["replacement", "UTF-16BE", "latin1"])
def test_no_encoder(name: str) -> None:
    # get_encoder() takes a name; "latin1" is only a label.
    with pytest.raises(ValueError):
        get_encoder(name)


# ---- Percent-decode -------------------------------------------------------------------------

def test_decode_examples_from_the_standard() -> None:
    assert percent_decode("%25%s%1G") == b"%%s%1G"
    assert percent_decode("‽%25%2E") == b"\xe2\x80\xbd%."


@pytest.mark.parametrize(("text", "expected"), [
    ("%", "%"), ("%4", "%4"), ("%zz", "%zz"), ("%%41", "%A"), ("%4%41", "%4A"),
    ("100%", "100%"), ("%4G", "%4G"), ("%%", "%%"), ("a%2", "a%2"), ("%41%42%43", "ABC"),
    ("%e2%80%bd", "‽"), ("%E2%80%BD", "‽"),
])
def test_invalid_sequences_are_left_alone(text: str, expected: str) -> None:
    assert percent_decode_str(text) == expected


def test_decode_to_text() -> None:
    assert percent_decode_str("%F0%9F%98%80x") == "\U0001f600x"
    assert percent_decode_str("%FF%C3") == "\ufffd\ufffd"
    assert percent_decode_str("%EF%BB%BFa") == "\ufeffa"  # no BOM is removed
    assert percent_decode_str("é%20") == "é "
    assert percent_decode_str("a\ud800%20") == "a\ufffd "


@given(st.text(st.sampled_from("%0aFGz/é\ud800")))
def test_the_lean_driver_reads_pct_like_larks_own_parser(text: str) -> None:
    tree = tree_parser("pct").parse(text, start="pct_encoded_string")
    expected = [(t.type, t.value, t.start_pos, t.end_pos) for rule in tree.children for t in rule.children]
    assert [tuple(t) for t in pct_tokens(text)] == expected
    assert pct_invalid(text) == tuple((s, e) for kind, _, s, e in expected if kind == "PCT_INVALID")


@given(st.binary().map(lambda b: b.replace(b"!", b"%").replace(b"~", b"%4")))
def test_percent_decode_bytes_decodes_the_grammars_tokens(data: bytes) -> None:
    # Each byte as the code point of its value, read by the grammar: a PCT_ENCODED_BYTES gives
    # its bytes, any other terminal (a stray `%` too) stands for itself.
    text = data.decode("latin-1")
    expected = b"".join(bytes.fromhex(t.value.replace("%", "")) if t.type == "PCT_ENCODED_BYTES"
                        else t.value.encode("latin-1") for t in pct_tokens(text))
    assert percent_decode_bytes(data) == expected


def test_percent_decode_bytes_keeps_what_is_not_encoded() -> None:
    assert percent_decode_bytes(b"a%20%zz%4%C3%a9\xff") == b"a %zz%4\xc3\xa9\xff"
    data = b"no percent"
    assert percent_decode_bytes(data) is data


def test_pct_invalid_spans_take_the_one_hex_digit() -> None:
    assert pct_invalid("a%4G%%41%") == ((1, 3), (4, 5), (8, 9))
    assert pct_invalid("%41") == pct_invalid("abc") == ()


@given(st.lists(st.sampled_from(["%", "%4", "%41", "%4G", "%zz", "4", "a", "é", "%%"]),
                max_size=40).map("".join))
def test_pct_invalid_spans_one_at_a_time_are_pct_invalid(text: str) -> None:
    # The terminals up to each PCT_INVALID as one expression give the grammar's tokens' spans.
    assert tuple(pct_invalid_spans(text)) == pct_invalid(text)


@given(st.lists(st.sampled_from(["%", "%4", "%41", "%C3", "%A9", "%E2%82%AC", "%E2%80%8B", "%4G", "%zz", "a",
                                 "é", "%%", "\ufffd"]), max_size=40).map("".join))
def test_percent_decode_spans_decodes_the_grammars_runs_of_encoded_bytes(text: str) -> None:
    # The runs are found by the PCT_ENCODED_BYTES pattern alone, not by the grammar's tokens:
    # they are the same runs, and each code point comes from one, or is itself.
    runs = [(t.start_pos, t.end_pos) for t in pct_tokens(text) if t.type == "PCT_ENCODED_BYTES"]
    decoded = percent_decode_spans(text)
    assert (decoded is None) == (not runs)
    if decoded is None:
        return
    assert decoded.text == percent_decode_str(text)
    assert decoded.encoded == (runs[0][0], runs[-1][1])
    assert len(decoded.starts) == len(decoded.ends) == len(decoded.text)
    for ch, start, end in zip(decoded.text, decoded.starts, decoded.ends, strict=True):
        in_run = any(a <= start and end <= b for a, b in runs)
        assert in_run or (end == start + 1 and text[start] == ch), (ch, start, end)


def test_a_megabyte_host_of_invalid_percent_signs_is_not_tokenized_whole() -> None:
    # Regression: a host of 1 MiB of `%zz` made a token per `%` and two ints per code point
    # before finding nothing to decode (200 MB at the peak).
    import tracemalloc

    text = "%zz" * 350_000
    tracemalloc.start()
    try:
        assert percent_decode_spans(text) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * len(text)


def test_decode_without_percent() -> None:
    text = "example.com"
    assert percent_decode_str(text) is text
    assert percent_decode("é") == b"\xc3\xa9"
    assert percent_decode_str("a\udc00") == "a\ufffd"
    assert percent_decode("\udc00") == b"\xef\xbf\xbd"


# ---- Properties -----------------------------------------------------------------------------

_DECODABLE = re.compile("%[0-9A-Fa-f]{2}")
_any_text = st.text(st.characters())  # surrogates included
_scalar_text = st.text(st.characters(exclude_categories=["Cs"]))
_ENCODINGS = ["windows-1252", "KOI8-U", "x-user-defined", "gb18030", "GBK", "Big5", "EUC-JP",
              "ISO-2022-JP", "Shift_JIS", "EUC-KR", "UTF-16LE", "replacement"]


@given(_scalar_text, st.sampled_from(SETS))
def test_decoding_undoes_encoding(text: str, encode_set: PercentEncodeSet) -> None:
    # Sets without `%` leave it as it is, so a `%` and two hex digits in the text would decode.
    assume("%" in encode_set or not _DECODABLE.search(text))
    assert percent_decode_str(utf8_percent_encode(text, encode_set)) == text


@given(_any_text, st.sampled_from(SETS))
def test_utf8_encoding_is_total_and_ascii(text: str, encode_set: PercentEncodeSet) -> None:
    encoded = utf8_percent_encode(text, encode_set)
    assert encoded.isascii()
    assert percent_encode_after_encoding("UTF-8", text, encode_set, False) == encoded


@given(_any_text, st.sampled_from(SETS), st.sampled_from(_ENCODINGS), st.booleans())
def test_encoding_after_encoding_is_total(text: str, encode_set: PercentEncodeSet,
                                          encoding: str, space_as_plus: bool) -> None:
    assert percent_encode_after_encoding(encoding, text, encode_set, space_as_plus).isascii()


@given(_any_text)
def test_decoding_is_total(text: str) -> None:
    assert percent_decode_str(text) == percent_decode(text).decode("utf-8", "replace")


@given(st.text(alphabet="%4aG z%F0", max_size=12))
def test_a_stray_percent_is_one_that_starts_a_pct_invalid(text: str) -> None:
    # stray_percent comes from pct.lark's PCT_ENCODED_BYTES; the `%` it finds are where the
    # grammar's PCT_INVALID terminals start.
    from urlgrammar.encoding.decode import stray_percent

    assert [m.start() for m in stray_percent().finditer(text)] == [start for start, _ in pct_invalid(text)]


def test_a_stray_percent_is_told_by_one_byte_not_by_the_run() -> None:
    # The lookahead read the whole run of bytes after each `%` of it, so a search over
    # `%41%41...` (which finds nothing) cost the square of its length: now it reads one byte.
    import re

    from urlgrammar.encoding.decode import pct_encoded_byte, stray_percent

    assert stray_percent().pattern == f"%(?<!(?={pct_encoded_byte()})%)"
    assert re.fullmatch(pct_encoded_byte(), "%4a") and not re.match(pct_encoded_byte(), "%4g")
    assert re.match(pct_encoded_byte(), "%41%41").end() == 3


@given(st.text(alphabet="a %\ud800\udfffé\U0001f600", max_size=12), st.integers(0, 3))
def test_utf8_percent_encoding_against_each_byte(text: str, at: int) -> None:
    # Every byte above 0x7F is encoded by every set: a text of those alone is encoded in one
    # call (its bytes' hex digits), any other through the table; both are each byte's %XX.
    for encode_set in (PATH_SET, QUERY_SET, FRAGMENT_SET, C0_CONTROL_SET):
        expected = "".join(c if c < "\x7f" and c not in encode_set.ascii else
                           "".join(f"%{b:02X}" for b in utf8(c)) for c in text)
        assert utf8_percent_encode(text, encode_set) == expected
        assert utf8_percent_encode("a" * at + text, encode_set) == "a" * at + expected


# ---- Many values at once --------------------------------------------------------------------
#
# utf8_percent_encode_each joins the values (more than a few) by a code point that none of them
# holds: texts rich in ASCII punctuation use up its first choices, so that later ones are taken
# too; the other code points, surrogates included, are any.

_joinable = st.text(st.one_of(st.sampled_from(" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFG|~"),
                              st.characters()))


@given(st.lists(_joinable, max_size=24), st.sampled_from(SETS))
def test_encoding_each_is_encoding_one_at_a_time(values: list[str], encode_set: PercentEncodeSet) -> None:
    one_at_a_time = [utf8_percent_encode(v, encode_set) for v in values]
    each = utf8_percent_encode_each(values, encode_set)
    assert each == one_at_a_time
    assert [e is v for e, v in zip(each, values, strict=True)] == \
        [e is v for e, v in zip(one_at_a_time, values, strict=True)]


@pytest.mark.parametrize("encode_set", SETS, ids=[s.name for s in SETS])
def test_values_holding_all_but_one_code_point_the_set_keeps(encode_set: PercentEncodeSet) -> None:
    # Whichever kept code point the values lack is the only one that could join them, and it
    # must not be `%` or a hex digit, which the encoded values hold; lacking none, they are
    # encoded one at a time.
    kept = "".join(c for c in map(chr, range(0x7F)) if c not in encode_set)
    for lacking in ("", *kept):
        values = [kept.replace(lacking, "") if lacking else kept, "a b\x00é\ud800", "", "\ud800"] * 3
        assert utf8_percent_encode_each(values, encode_set) == \
            [utf8_percent_encode(v, encode_set) for v in values], lacking
