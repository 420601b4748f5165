"""Which labels a trust display shows in Unicode (urlgrammar/host/display.py):
https://url.spec.whatwg.org/#concept-domain-to-unicode label by label, then the spoofing checks."""

from __future__ import annotations

import pytest

from urlgrammar.host.display import BLANK, display_refusal, invisible, may_show_unicode, to_unicode_label


def test_blank_code_points_are_named() -> None:
    assert {"\u2800", "\u3164", "\u115f", "\u1160", "\uffa0"} <= BLANK
    assert all(map(invisible, BLANK))
    assert not any(map(invisible, "aé日☕"))


@pytest.mark.parametrize(("label", "decoded"), [
    ("xn--bcher-kva", "bücher"),
    ("xn--53h", "☕"),
    ("xn--paypal-", None),  # P4: decodes to ASCII
    ("xn--paypal-gf0c", None),  # V7: U+200B
    ("xn--a", None),  # P4: no Punycode
    ("bucher", None),  # no xn-- label
], ids=lambda v: str(v))
def test_to_unicode_label(label: str, decoded: str | None) -> None:
    assert to_unicode_label(label) == decoded


@pytest.mark.parametrize(("label", "reason"), [
    ("bücher", None),
    ("ışık", None),
    ("☕", "not allowed in identifiers (UTS #39 Identifier_Status, Chromium's allowed set)"),
    ("аpple", "mixes Cyrillic, Latin"),
    ("аррӏе", "looks like 'apple'"),
    ("αβc", "mixes Greek, Latin"),
    ("☕\u2800", "invisible code point"),
    ("\U0003e8ac", "code point newer than the security data"),
    ("faß", None),  # a deviation character, shown as Chromium shows it with IDNA 2008
    ("ɡoogle", "not allowed in identifiers (UTS #39 Identifier_Status, Chromium's allowed set)"),
])
def test_display_refusal(label: str, reason: str | None) -> None:
    assert display_refusal(label) == reason
    assert may_show_unicode(label) is (reason is None)
