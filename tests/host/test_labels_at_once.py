"""UTS #46 ToASCII of a whole domain at once (issue 25: IDN work without a step per label).

https://url.spec.whatwg.org/#concept-domain-to-ascii. The domain parser's result, errors and
spans are those of its step by step run, and a host of distinct labels costs no per-label call
of the validity criteria or of Punycode.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from conftest import count_calls
from hypothesis import example, given
from hypothesis import strategies as st

import urlgrammar
from urlgrammar.host import domain, label_rules, labels_at_once, parser
from urlgrammar.host.domain import IdnaError, _Label, _map, _process, _processed

#: Code points that pass or break each criterion the one scan looks for: ASCII of either case,
#: hyphens (V2, V3), full stops of four kinds, Latin, Cyrillic and CJK letters, a combining
#: mark (V6), Hebrew (CheckBidi), the joiners with a virama (CheckJoiners), a code point that
#: maps to two (ß is a deviation kept; ﬁ maps to fi), `_` (U1), and a disallowed one (V7).
_ALPHABET = ("abcxyzAZ09-.\u3002\uff0e\uff61\u00fc\u00e9\u0430\u4e2d\u0301\u05d0"
             "\u200c\u200d\u094d\u0915\u00df\ufb01_\u0378")


def _step_by_step(text: str) -> tuple[tuple[Any, ...], str, tuple[tuple[int, int], ...]] | Any:
    mapped = _map(text)
    if isinstance(mapped, IdnaError):
        return mapped
    texts, spans = mapped
    labels = [_Label(label, start, end, False) for label, (start, end) in zip(texts, spans, strict=True)]
    errors, out = _process(text, labels, stop_at_first=False)
    return tuple(errors), ".".join(out), tuple(spans)


@given(st.text(alphabet=_ALPHABET, min_size=1, max_size=30).filter(lambda text: not text.isascii()))
@example("\u00fca.\u00fcb.\u00fcc.")
@example("a\u00fc-b.xn--tda.\u00e9")
@example("\u00fc." + "a" * 70)
@example("\u00fc\u3002\u00e9\uff0e\u0430\uff61")
@example("\u00fc.\u05d0")
@example("\u00fc.\u0301a")
def test_the_domain_parser_at_once_agrees_with_its_step_by_step_run(text: str) -> None:
    _processed.cache_clear()
    run = _processed(text)
    if not isinstance(run, IdnaError):
        run = (*run[:2], tuple(run[2]))  # the spans of a domain converted at once are lazy
    assert run == _step_by_step(text)


def test_a_host_of_distinct_labels_takes_no_step_per_label(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted, not timed: each label took a call of the validity criteria and of Punycode.
    calls: Counter[str] = Counter()
    for module, name in [(domain, "convert_and_validate"), (domain, "punycode_encode"),
                         (labels_at_once, "punycode_encode")]:
        real = getattr(module, name)

        def counted(*args: Any, _real: Any = real, _name: str = name) -> Any:
            calls[_name] += 1
            return _real(*args)
        monkeypatch.setattr(module, name, counted)
    labels = [f"\u00fc{i}x" for i in range(3000)]
    url = urlgrammar.parse("https://" + ".".join(labels) + "/")
    assert url.hostname == ".".join("xn--" + label.encode("punycode").decode() for label in labels)
    # One Punycode run per skeleton: ü with one, two, three or four basic code points after it.
    assert calls["convert_and_validate"] == 0
    assert calls["punycode_encode"] <= 4


def test_a_host_of_distinct_labels_makes_no_span_per_label(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted, not timed: the span of each label was a pair made for every host converted at once.
    calls = Counter[str]()
    real = labels_at_once._spans

    def counted(text: str) -> list[tuple[int, int]]:
        calls["_spans"] += 1
        return real(text)
    monkeypatch.setattr(labels_at_once, "_spans", counted)
    labels = [f"\u00fc{i}x" for i in range(3000)]
    url = urlgrammar.parse("https://" + "\u3002".join(labels) + "\uff0e/")
    assert url.hostname == ".".join("xn--" + label.encode("punycode").decode() for label in labels) + "."
    assert calls["_spans"] == 0
    # Where the ASCII result ends in a number, the IPv4 parser's errors read the spans.
    with pytest.raises(urlgrammar.URLError) as failure:
        urlgrammar.parse("https://\u00fc\u00fc\u3002\u00e9\uff0e1/")
    assert calls["_spans"] == 1
    assert [(d.code, d.start, d.end) for d in failure.value.diagnostics][-1] == (
        "IPv4-non-numeric-part", 8, 10)


@pytest.mark.parametrize(("domain", "table"), [
    ("\u00fc.a." * 8, {}),
    ("\u00dc.A." * 8, {ord("\u00dc"): "\u00fc", ord("A"): "a"}),
    ("\u00fc\u00ad." * 8, {ord("\u00ad"): ""}),
    ("\ufb01\uff0e" * 8, {ord("\ufb01"): "fi", ord("\uff0e"): "."}),
])
def test_the_mapping_table_holds_what_the_mapping_changes(domain: str, table: dict[int, str]) -> None:
    # A domain whose code points all map to themselves is not translated at all.
    assert labels_at_once.mapping_table(domain) == table


@given(st.text(alphabet="aAb\u00dc\u00fc\u00ad\ufb01f", max_size=40),
       st.dictionaries(st.sampled_from("aAb\u00dc\u00fc\u00ad\ufb01f"),
                       st.text(alphabet="aAb\u00fcf", max_size=3), max_size=6))
def test_replacing_a_few_code_points_is_translating(text: str, changes: dict[str, str]) -> None:
    table = {ord(c): to for c, to in changes.items()}
    assert label_rules._translate(text, table) == text.translate(table)


def test_a_long_host_of_labels_is_scanned_and_reported_only_where_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Counted, not timed: each parse scanned the result for forbidden code points and wrote the
    # strict run's error (A4_1, the host is over 253 code points) for nobody to read.
    calls = count_calls(monkeypatch, (domain, "_relaxed_result_error"), (parser, "diagnostic"))
    host = ".".join(f"\u00fc{i}x" for i in range(64))
    urlgrammar.parse(f"https://{host}/")
    assert calls == Counter()
    report = urlgrammar.validate(f"https://{host}/", advisories=False)
    assert [d.detail for d in report.diagnostics] == ["A4_1"]
    assert calls == Counter({"diagnostic": 1})


@given(st.text(alphabet=_ALPHABET + "%#/:<>?@[]^| \x00\x7f", min_size=1, max_size=30))
@example("xn--a%b-yda")
@example("\u00fc.a%b")
def test_a_result_with_a_forbidden_code_point_has_a_u1_error(text: str) -> None:
    # Why the domain parser scans only the results of runs with a U1 error.
    _processed.cache_clear()
    run = _processed(text)
    if not isinstance(run, IdnaError) and domain.FORBIDDEN_DOMAIN.search(run[1]):
        assert any(error.code == "U1" for error in run[0])
