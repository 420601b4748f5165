"""Chromium's IDN display rules (urlgrammar/host/label_policy.py), each both ways: a label it
refuses and a near miss it shows; and render keeps a refused label in Punycode, while validate
names the code points as advisories spanning them."""

from __future__ import annotations

import pytest

from urlgrammar import parse, render, validate
from urlgrammar.host.identifier_status import VERSION, allowed
from urlgrammar.host.label_policy import label_findings
from urlgrammar.host.names import name_of
from urlgrammar.host.punycode import punycode_encode


def _kinds(label: str, *rest: str) -> list[tuple[str, str]]:
    """The kinds and culprits of what the rules find in ``label`` of ``label.rest``."""
    labels = [label if label.isascii() else "xn--" + punycode_encode(label), *rest]
    return [(f.kind, "".join(f.culprits)) for f in label_findings(label, name_of(labels))]


def test_identifier_status_data() -> None:
    assert VERSION == "16.0.0"  # the data of the ICU that Chromium uses
    assert all(map(allowed, "az09-ışþßаαé日"))
    assert not any(map(allowed, "\u0261\u13ac\u1d00\ua4f0\u2615\u2215"))


# Each rule: (label, the rest of the name), and the kind and culprits it finds.
FLAGGED = [
    # UTS #39 Identifier_Status Restricted, and Chromium's removals from the allowed set.
    ("ɡoogle", ("com",), ("unsafe", "ɡ")),
    ("ᴀpple", ("com",), ("unsafe", "ᴀ")),  # Latin small capital
    ("𐌰𐌱", ("com",), ("unsafe", "𐌰𐌱")),  # Gothic
    ("\u1e01b", ("com",), ("unsafe", "\u1e01")),  # Latin Extended Additional, which Chromium removes
    ("a\u2019b", ("com",), ("unsafe", "\u2019")),
    ("안녕!", ("kr",), ("unsafe", "!")),  # ASCII beyond letters, digits and the hyphen
    # Digits of two numbering systems (Devanagari and Bengali), in one script's label.
    ("क१২", ("in",), ("mixed", "২")),
    # The same nonspacing mark twice on one letter; a mark on dotless i; a dot above i, j, l.
    ("a\u0301\u0301b", ("com",), ("unsafe", "\u0301")),
    ("ı\u0307x", ("com",), ("unsafe", "\u0307")),
    ("l\u0307x", ("com",), ("unsafe", "\u0307")),
    # Kana and ideographs that look like Latin or punctuation beside another script.
    ("abc一", ("com",), ("mixed", "一")),
    ("a丨b", ("com",), ("mixed", "丨")),
    ("ーabc", ("jp",), ("mixed", "ー")),
    ("ab・cd", ("jp",), ("mixed", "・")),
    ("カへカ", ("jp",), ("mixed", "へ")),
    # Non-ASCII Latin beside another script.
    ("é漢字", ("jp",), ("mixed", "é")),
    # Orthographies outside their country; the middle dot outside Catalan's l·l.
    ("þing", ("com",), ("unsafe", "þ")),
    ("əli", ("com",), ("unsafe", "ə")),
    ("a·b", ("cat",), ("unsafe", "·")),
    # Whole-script confusables of lowercase and capital Latin letters.
    ("аррӏе", ("com",), ("confusable", "арӏе")),
    ("ᎬᏴᎪᎩ", ("com",), ("confusable", "ᎬᏴᎪᎩ")),  # Cherokee capitals: EBAY
    ("ꓑꓮꓬꓑꓮꓡ", ("com",), ("confusable", "ꓑꓮꓬꓡ")),  # Lisu: PAYPAL
    ("ɑpple", ("com",), ("confusable", "ɑ")),  # IPA alpha
    ("ыы", ("com",), ("confusable", "ы")),  # Chromium's Cyrillic set, beyond confusables.txt
    ("οτι", ("com",), ("confusable", "οτι")),  # Greek
    ("зз", ("com",), ("confusable", "з")),  # digit look-alikes: 33
    ("ск", ("com",), ("confusable", "ск")),
    # A whole-script confusable under its script's domain, but not the whole name in it.
    ("аррӏе", ("com", "xn--j1aef"), ("confusable", "арӏе")),  # аррӏе.com.ком
    ("сахар", ("com", "ua"), ("confusable", "сахр")),
]
NOT_FLAGGED = [
    ("ışık", ("com", "tr")),  # Turkish dotless ı: a Latin orthography, as Chromium shows it
    ("þing", ("is",)),  # Icelandic thorn under .is
    ("þing", ("fo",)),  # and Faroese
    ("курс", ("com",)),  # a common word, though whole-script confusable
    ("əli", ("az",)),
    ("col·legi", ("cat",)),  # Catalan l·l under .cat
    ("bücher", ("de",)),
    ("bü-cher1", ("de",)),  # ASCII letters, digits and the hyphen
    ("ab12", ("com",)),  # one numbering system
    ("a\u0301b", ("com",)),  # one mark
    ("ラーメン", ("jp",)),  # ー after kana
    ("一二三", ("cn",)),  # 一 among ideographs
    ("例え", ("jp",)),
    ("сахар", ("ru",)),  # Cyrillic under .ru, the whole name Cyrillic
    ("аррӏе", ("xn--p1ai",)),  # under .рф
    ("пример", ("xn--p1ai",)),
    ("ελ", ("gr",)),
    ("тор", ("com",)),  # т is no Latin letter, so the label is no whole-script confusable
    ("за3", ("com",)),  # not digits alone
    ("việt", ("vn",)),  # Vietnamese letters, past the block Chromium removes
]


@pytest.mark.parametrize(("label", "rest", "finding"), FLAGGED,
                         ids=[f"{label}.{'.'.join(rest)}" for label, rest, _ in FLAGGED])
def test_flagged(label: str, rest: tuple[str, ...], finding: tuple[str, str]) -> None:
    assert finding in _kinds(label, *rest)


@pytest.mark.parametrize(("label", "rest"), NOT_FLAGGED,
                         ids=[f"{label}.{'.'.join(rest)}" for label, rest in NOT_FLAGGED])
def test_near_misses(label: str, rest: tuple[str, ...]) -> None:
    assert _kinds(label, *rest) == []


@pytest.mark.parametrize(("input", "shown"), [
    ("https://ᎬᏴᎪᎩ.com/", "https://xn--f9dbf20a.com/"),
    ("https://аррӏе.com.ком/", "https://xn--80ak6aa92e.com.ком/"),
    ("https://þing.com/", "https://xn--ing-ooa.com/"),
    ("https://abc一.com/", "https://xn--abc-s18d.com/"),
    ("https://ɡoogle.com/", "https://xn--oogle-qmc.com/"),
    # Shown in Unicode, as Chromium shows them.
    ("https://сахар.ru/", "https://сахар.ru/"),
    ("https://www.сахар.ru/", "https://www.сахар.ru/"),  # a label above is no part of its name
    ("https://сахар.com.ua/", "https://xn--80aa2cbv.com.ua/"),  # but one between is
    ("https://ışık.com.tr/", "https://ışık.com.tr/"),
    ("https://þing.is/", "https://þing.is/"),
    ("https://аррӏе.рф/", "https://аррӏе.рф/"),
    ("https://ラーメン.jp/", "https://ラーメン.jp/"),
])
def test_render_keeps_a_refused_label_in_punycode(input: str, shown: str) -> None:
    assert render(parse(input)) == shown


def test_the_advisory_names_and_spans_the_culprit() -> None:
    input = "https://аpple.com/"
    found = {d.code: d for d in validate(input).advisories}
    confusable = found["confusable-host"]
    assert "U+0430 CYRILLIC SMALL LETTER A (Cyrillic) looks like 'a'" in confusable.message
    assert input[confusable.start:confusable.end] == "а" and confusable.detail == "U+0430"
    # Capitals as written map one for one: the span is still the culprit.
    d = next(d for d in validate("https://PАYPAL.com/").advisories if d.code == "confusable-host")
    assert "https://PАYPAL.com/"[d.start:d.end] == "А"
    # In Punycode the culprit is not written: the span is the label.
    d = next(d for d in validate("https://xn--pple-43d.com/").advisories if d.code == "confusable-host")
    assert (d.start, d.end, d.detail) == (8, 20, "U+0430")


def test_a_long_label_s_message_is_bounded() -> None:
    input = "https://" + "аррӏе" * 40 + ".com/"
    [d] = [d for d in validate(input).advisories if d.code == "confusable-host"]
    assert "and 1 more" in d.message and d.detail == "U+0430 U+0440 U+04CF …"
    assert len(d.message) < 600


def test_unsafe_host_code_point_message() -> None:
    [d] = [d for d in validate("https://þing.com/").advisories if d.code == "unsafe-host-code-point"]
    assert "U+00FE LATIN SMALL LETTER THORN (Latin)" in d.message and "(.is or .fo)" in d.message
    assert (d.start, d.end, d.detail) == (8, 9, "U+00FE")


def test_explain_marks_the_culprit() -> None:
    from urlgrammar.teaching.explain import explain

    text = explain("https://pАypal.com/").text()
    assert "confusable-host at 9..10 (“А”)" in text and "U+0430 CYRILLIC SMALL LETTER A" in text


@pytest.mark.parametrize("unit", ["аре", "aー一ノへ", "1२", "a\u0301\u0301", "ᎬᏴᎪᎩ", "ışık"])
def test_the_rules_are_linear_in_the_label(unit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted, not timed: the script look-ups the rules make grow as the label does.
    from urlgrammar.host import label_policy, spoofing

    calls = {"n": 0}
    script, extensions = spoofing.script, spoofing.script_extensions

    def counted_script(ch: str) -> str:
        calls["n"] += 1
        return script(ch)

    def counted_extensions(ch: str) -> tuple[str, ...]:
        calls["n"] += 1
        return extensions(ch)

    for module in (label_policy, spoofing):
        monkeypatch.setattr(module, "script", counted_script)
    monkeypatch.setattr(label_policy, "script_extensions", counted_extensions)
    counts = []
    for n in (1_000, 10_000):
        calls["n"] = 0
        label_findings(unit * (n // len(unit)), name_of(["x", "com"]))
        counts.append(calls["n"])
    assert counts[1] <= 11 * counts[0]


def test_a_100_kb_host_s_advisories_are_bounded() -> None:
    input = "https://" + "аррӏе" * 20_000 + ".com/"
    found = validate(input).advisories
    assert {d.code for d in found} == {"confusable-host"}
    assert all(len(d.message) < 600 for d in found)


@pytest.mark.parametrize(("input", "protected", "shown"), [
    # The host is a look-alike of a well-known domain: every label stays as written, as
    # Chromium shows such a host in Punycode.
    ("https://gооgle.com/", (), "https://xn--ggle-55da.com/"),
    ("https://mail.googlé.com/", (), "https://mail.xn--googl-fsa.com/"),
    ("https://xn--igklmo68-kcb.com/", ("digklmo68.com",), "https://xn--igklmo68-kcb.com/"),
    # Near misses: no look-alike of a protected domain, or the protected domain itself.
    ("https://xn--igklmo68-kcb.com/", (), "https://đigklmo68.com/"),
    ("https://bücher.de/", ("bucher.de",), "https://xn--bcher-kva.de/"),
    ("https://bücher.de/", ("bücher.de",), "https://bücher.de/"),
    ("https://www.bücher.de/", ("bücher.de",), "https://www.bücher.de/"),
])
def test_render_keeps_a_look_alike_of_a_well_known_domain_in_ascii(
        input: str, protected: tuple[str, ...], shown: str) -> None:
    assert render(parse(input), protected=protected) == shown


def test_render_names_a_protected_entry_that_is_no_domain() -> None:
    with pytest.raises(ValueError, match="'localhost' has one label"):
        render("https://h/", protected=["localhost"])
