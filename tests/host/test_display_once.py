"""The trust display does its IDN work once (issue 25): it reads the labels that the domain
parser decoded rather than decoding each again, and judges only the labels that the room it
has can show. https://url.spec.whatwg.org/#url-rendering-i18n"""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any

import pytest
from conftest import count_calls

import urlgrammar
from urlgrammar.host import display
from urlgrammar.host import domain as domain_parser


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    display.to_unicode_label.cache_clear()
    return count_calls(monkeypatch, (display, "to_unicode_label"), (display, "label_findings"))


def test_a_host_of_distinct_labels_is_judged_where_it_shows(calls: Counter[str]) -> None:
    url = urlgrammar.parse("https://" + ".".join(f"ü{i}x" for i in range(3000)) + ".bücher.de/")
    assert urlgrammar.render(url, width=30) == "https://…ü2999x.bücher.de"
    assert calls["to_unicode_label"] == 0
    assert calls["label_findings"] <= 4


@pytest.mark.parametrize("host", ["ü1.bücher.de", "аpple.ü1.com", "xn--tda.ü1.example.org",
                                  "ü.xn--mgbh0fb.example", "ü1.ü2.ü3.ü4.ü5.ü6.ü7.ü8.ü9.de"])
@pytest.mark.parametrize("width", [None, 12, 20])
def test_the_display_is_the_same_from_the_parser_s_labels_and_without(host: str, width: int | None) -> None:
    url = urlgrammar.parse(f"https://{host}/path")
    remembered = urlgrammar.render(url, width=width)
    domain_parser._UNICODE_LABELS.clear()
    assert urlgrammar.render(url, width=width) == remembered


@pytest.mark.parametrize("unit", ["aー一ノへ", "á\u0301\u0301", "аp", "ᎬᏴᎪᎩ", "1२", "üдαש"])
def test_a_long_label_is_judged_once_per_distinct_code_point(monkeypatch: pytest.MonkeyPatch,
                                                             unit: str) -> None:
    # Counted, not timed: each rule asked of each code point, several times over.
    from urlgrammar.host import label_policy, spoofing

    calls = count_calls(monkeypatch, (label_policy, "allowed"), (label_policy, "_of"),
                        (label_policy, "script"), (spoofing, "default_ignorable"), (display, "invisible"))
    label = unit * (3000 // len(unit))
    with contextlib.suppress(urlgrammar.URLError):
        urlgrammar.render(urlgrammar.parse(f"https://{label}.com/"), width=40)
    assert sum(calls.values()) <= 200, calls


@pytest.mark.parametrize("run", ["%EF%BF%BD", "%C3%A9", "%E2%80%8B", "%C3%A9%CC%81%7E"])
def test_a_run_of_percent_encoded_bytes_is_judged_once_per_code_point(monkeypatch: pytest.MonkeyPatch,
                                                                      run: str) -> None:
    # Counted, not timed: each decoded code point was judged where it stood.
    from urlgrammar import rendering

    calls: Counter[str] = Counter()
    real = rendering._shown

    def counted(*args: Any) -> bool:
        calls["_shown"] += 1
        return real(*args)
    monkeypatch.setattr(rendering, "_shown", counted)
    shown = rendering.readable(run * 2000)
    assert shown == rendering.readable(run) * 2000
    assert calls["_shown"] <= 12
