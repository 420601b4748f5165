"""Percent-decoding a host decodes each run of encoded bytes whole, at a cost that does not grow
with the number of `%XX` in it (issue 25, item 4), and keeps each code point's span."""

from __future__ import annotations

import codecs

from conftest import lines_run
from hypothesis import given
from hypothesis import strategies as st

import urlgrammar
from urlgrammar.encoding.decode import percent_decode_spans, percent_decode_str

#: 100 kB of `%41`, as tools/bench_cost.py's shape "host of %41" makes it.
_HUNDRED_KB = 33_334


def _byte_by_byte(text: str) -> tuple[str, list[int], list[int]]:
    """The decoded text and each code point's span, the reference way: one `%XX` at a time,
    a UTF-8 decoder saying where each code point ends (a U+FFFD spans what it replaces)."""
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    pending = i = 0
    hex_digits = "0123456789abcdefABCDEF"
    while i < len(text):
        encoded = text[i] == "%" and len(text) > i + 2 and text[i + 1] in hex_digits \
            and text[i + 2] in hex_digits
        run_ends = not (len(text) > i + 5 and text[i + 3] == "%" and text[i + 4] in hex_digits
                        and text[i + 5] in hex_digits)
        if encoded:
            out = decoder.decode(bytes.fromhex(text[i + 1:i + 3]), final=run_ends)
            for c in out:
                chars.append(c)
                starts.append(pending)
                ends.append(i + 3)
            if out:
                pending = i + 3
            i += 3
            if run_ends:
                pending = i
            continue
        chars.append(text[i])
        starts.append(i)
        ends.append(i + 1)
        i += 1
        pending = i
    return "".join(chars), starts, ends


@given(st.lists(st.sampled_from(["%41", "%c3", "%A9", "%E2%82%AC", "%F0%9F%8C%88", "%FF", "%80",
                                 "%EF%BF%BD", "%ED%A0%80", "%", "%4", "a", "é", "\U0001f308"]),
                max_size=30).map("".join))
def test_runs_decode_as_one_code_point_at_a_time_does(text: str) -> None:
    decoded = percent_decode_spans(text)
    if decoded is None:  # nothing encoded: the text as it is
        assert _byte_by_byte(text)[0] == percent_decode_str(text) == text
        return
    assert (decoded.text, list(decoded.starts), list(decoded.ends)) == _byte_by_byte(text)


def test_each_code_point_of_a_run_spans_its_bytes() -> None:
    decoded = percent_decode_spans("x%C3%A9%41%E2%82%ACy")
    assert decoded is not None
    assert decoded.text == "xéA€y"
    assert list(decoded.starts) == [0, 1, 7, 10, 19]
    assert list(decoded.ends) == [1, 7, 10, 19, 20]
    assert decoded.encoded == (1, 19)


def test_a_100_kb_run_is_decoded_in_lines_that_do_not_grow_with_it() -> None:
    # Before: a line or more per `%41` (427,935 lines at 100 kB, 37,935 at 10 kB).
    assert lines_run(percent_decode_spans, "%41" * _HUNDRED_KB) < 200
    assert lines_run(percent_decode_spans, "%C3%A9" * (_HUNDRED_KB // 2)) < 200


def test_a_100_kb_host_of_escapes_is_parsed_in_lines_that_do_not_grow_with_it() -> None:
    # Before: 428,207 lines at 100 kB.
    assert lines_run(urlgrammar.parse, "http://" + "%41" * _HUNDRED_KB + "/") < 1_000


def test_an_opaque_host_reports_its_first_lone_percent_without_reading_the_rest() -> None:
    # Before: every `%` of the host was a token (800,238 lines at 100 kB, 80,238 at 10 kB).
    small = lines_run(urlgrammar.parse, "foo://" + "%zz" * 3_334 + "/")
    assert lines_run(urlgrammar.parse, "foo://" + "%zz" * _HUNDRED_KB + "/") <= small
    report = urlgrammar.validate("foo://a%zz" + "%zz" * _HUNDRED_KB + "/")
    lone = [d for d in report.diagnostics if d.code == "invalid-URL-unit" and d.detail == "opaque host"
            and "'%'" in d.message]
    assert [(d.start, d.end) for d in lone] == [(7, 8)]
