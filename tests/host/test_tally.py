"""A label's distinct code points, read once for the IDN display rules (urlgrammar/host/tally.py),
and the rules for long labels read as regular expressions: what they give must be what the
plain reading gives, code point by code point."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar.host import label_policy
from urlgrammar.host.tally import distinct, distinct_matches, tally

#: What the rules of label_policy._patterns are about, and what stands around it.
_ALPHABET = "aeijlıаpー一ノへヘヽヾ・かカ丨十丶\u0300\u0301\u0307\u0338\u3099\u309a1२ᎬᏴ"
_LABELS = st.builds(lambda unit, repeat: unit * repeat, st.text(_ALPHABET, min_size=1, max_size=12),
                    st.integers(1, 30))


@settings(max_examples=300)
@given(text=_LABELS | st.text(max_size=200))
def test_tally_counts_as_counter_does_in_order_of_first_appearance(text: str) -> None:
    assert list(tally(text).items()) == list(Counter(text).items())
    assert set(distinct(text)) == set(text)


@settings(max_examples=300)
@given(label=_LABELS)
def test_distinct_matches_are_the_distinct_code_points_findall_finds(label: str) -> None:
    counts = tally(label)
    lgc = {ch: label_policy._of(ch, label_policy._LGC) for ch in counts}
    japanese = {ch: label_policy._of(ch, label_policy._JAPANESE) for ch in counts}
    kana = {ch: label_policy._of(ch, frozenset({"Kana"})) for ch in counts}
    hira = {ch: label_policy._of(ch, frozenset({"Hira"})) for ch in counts}
    for chars, rules in ((label_policy._MARKS, label_policy._long_marks_pattern(lgc)),
                         (label_policy._CJK, label_policy._long_cjk_pattern(japanese, japanese, kana, hira,
                                                                            True, True))):
        every = re.findall(f"[{''.join(map(re.escape, chars))}](?:{rules})", label)
        assert distinct_matches(label, chars, rules) == list(dict.fromkeys(every))


@settings(max_examples=500)
@given(label=st.text(_ALPHABET, min_size=1, max_size=24))
def test_the_long_label_rules_find_what_the_rules_read_where_each_code_point_stands(label: str) -> None:
    """_patterns reads a label of more than 64 code points with regular expressions, each
    reading its code point first and looking back past it (so that a search skips what no
    rule is about); a short one code point by code point. Both ways find the same."""
    short = label_policy._patterns(label)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(label_policy, "_LONG", 0)
        assert label_policy._patterns(label) == short
