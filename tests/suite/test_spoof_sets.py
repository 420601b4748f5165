"""The attack and benign sets of tools/spoof_sets.py hold what issue 23 asks (at least 150
attack URLs over its classes and 200 real names, each parsed by the standard), and
tools/chromium_idn.py reads Chromium's case tables (on an excerpt in their format)."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from conftest import ROOT

import urlgrammar
from urlgrammar.errors import ADVISORIES


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


spoof_sets = _tool("spoof_sets")
chromium_idn = _tool("chromium_idn")

CLASSES = {"punycode-display", "invisible", "delimiter-lookalike", "whole-script", "mixed-script",
           "well-known-lookalike", "label-rules", "internal-address", "dangerous-scheme",
           "lookalike-credentials", "parser-disagreement"}


def test_the_attack_set() -> None:
    rows = spoof_sets.read_tsv(spoof_sets.DATA / "attack_set.tsv")
    assert len(rows) >= 150
    assert {kind for _, kind, *_ in rows} == CLASSES
    for url, _, expected, render, source in rows:
        assert urlgrammar.URL.can_parse(url), url
        assert set(expected.split("|")) <= set(ADVISORIES) | {"host-spoof"}, url
        assert render in ("punycode", "-") and source, url


def test_the_benign_set() -> None:
    rows = spoof_sets.read_tsv(spoof_sets.DATA / "benign_set.tsv")
    assert len(rows) >= 200
    assert all(urlgrammar.URL.can_parse(url) and not url.isascii() and source for url, _, source in rows)


def test_host_spoof_counts_any_advisory_on_the_spelling_of_the_host() -> None:
    assert spoof_sets.caught({"confusable-host"}, "host-spoof")
    assert spoof_sets.caught({"a-code-added-later"}, "host-spoof")
    assert not spoof_sets.caught({"internal-address", "parser-disagreement"}, "host-spoof")
    assert spoof_sets.caught({"active-data-url"}, "script-url|active-data-url")


EXCERPT = r'''
const IDNTestCase kIdnCases[] = {
    // Section one
    // more of its comment
    {"xn--bcher-kva.de", u"b\u00fccher.de", kSafe},
    {"xn--e1argc3h.com",
     u"\u0455\u0441\u043e\u0440\u0435.com", kUnsafe},  // trailing {comment}

    // Section two
#if BUILDFLAG(IS_APPLE)
    {"xn--fgb.com", u"\u0620.com", kUnsafe},
#else
    {"xn--vi8hiv.xyz", u"\U0001f355\U0001f4a9.xyz", kUnsafe},
#endif
    {"aaaa"
     "aa", u"aaaa"
     u"aa", kSafe},
    {"xn--krank-kg706554a", nullptr, kInvalid},
};
  const IDNTestCase kTestCases[] = {
      {"xn--fu-hia.de", u"fu\u00df.de",
       is_non_transitional_idna ? kSafe : kUnsafe}};
'''


def test_chromium_cases_are_read() -> None:
    cases = chromium_idn.read_cases(EXCERPT, "linux")
    assert [(c.host, c.unicode, c.verdict) for c in cases] == [
        ("xn--bcher-kva.de", "bücher.de", "kSafe"),
        ("xn--e1argc3h.com", "\u0455\u0441\u043e\u0440\u0435.com", "kUnsafe"),
        ("xn--vi8hiv.xyz", "\U0001f355\U0001f4a9.xyz", "kUnsafe"),
        ("aaaaaa", "aaaaaa", "kSafe"),
        ("xn--krank-kg706554a", None, "kInvalid"),
        ("xn--fu-hia.de", "fu\u00df.de", "kSafe"),  # the non-transitional verdict, the standard's
    ]
    assert cases[0].comment == cases[1].comment == "Section one"
    assert cases[2].comment == "Section two"
    assert [c.host for c in chromium_idn.read_cases(EXCERPT, "apple")][2] == "xn--fgb.com"
