"""Preprocessing and the offset map back to the original input."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from urlgrammar.model.code_points import C0_CONTROL_OR_SPACE
from urlgrammar.syntax.preprocess import preprocess


def test_trims_and_removes() -> None:
    pre = preprocess(" \x00 a\tb\nc\rd \x1f")
    assert pre.text == "abcd"
    assert pre.trimmed == ((0, 3), (10, 12))
    assert pre.removed == [4, 6, 8]
    assert [pre.offsets.original(i) for i in range(5)] == [3, 5, 7, 9, 10]


def test_nothing_to_do_is_the_identity() -> None:
    pre = preprocess("http://x/")
    assert pre.text == "http://x/" and pre.offsets.identity


def test_only_spaces() -> None:
    pre = preprocess(" \t ")
    assert pre.text == "" and pre.trimmed == ((0, 3), (3, 3))


def test_spans_cover_removed_code_points_inside_them() -> None:
    pre = preprocess("  a\tb")
    assert pre.offsets.span(0, 2) == (2, 5)
    assert pre.offsets.span(1, 1) == (4, 4)
    assert pre.offsets.span(2, 2) == (5, 5)


@given(st.text(alphabet=st.sampled_from("ab \t\n\r\x00\x1f%é")))
def test_every_processed_code_point_maps_to_itself(text: str) -> None:
    pre = preprocess(text)
    for i, ch in enumerate(pre.text):
        assert text[pre.offsets.original(i)] == ch
    assert pre.text == text.strip(C0_CONTROL_OR_SPACE).replace("\t", "").replace("\n", "").replace("\r", "")


def test_a_megabyte_of_tabs_keeps_no_object_per_tab() -> None:
    # Regression: the offset map held an int object per removed tab (60 MB for 1 MiB of "a\t").
    import tracemalloc

    from urlgrammar.syntax.preprocess import preprocess

    text = "http://h/" + "a\t" * 500_000
    tracemalloc.start()
    try:
        pre = preprocess(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert pre.offsets.span(0, len(pre.text)) == (0, len(text) - 1)
    assert peak < 12 * len(text)
