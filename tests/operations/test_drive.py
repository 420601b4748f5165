"""Drive letters as an operation on the record, against the file grammar's own detection."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import Mode, parse_reference
from urlgrammar.model.record import Kind
from urlgrammar.operations.drive import detect_drive, is_drive_letter
from urlgrammar.syntax.lift import parse_record
from urlgrammar.syntax.printer import print_record


@pytest.mark.parametrize(("text", "drive", "href"), [
    ("file:c:/x", "c:", "file:/c:/x"),
    ("file:/c|/x", "c|", "file:/c|/x"),
    ("file:///C:/x", "C:", "file:///C:/x"),
    ("file://c:/x", "c:", "file:///c:/x"),
    ("file://c|/x", "c|", "file:///c|/x"),
    ("file://host/c:/x", "c:", "file://host/c:/x"),
    ("/c:", "c:", "/c:"),
    ("c|?q", "c|", "/c|?q"),
])
def test_detect_drive(text: str, drive: str, href: str) -> None:
    record = detect_drive(parse_record(text, Mode.GENERIC))
    assert record.drive == drive
    assert print_record(record) == href
    record.check()


@pytest.mark.parametrize("text", ["sc:c:/x", "http://c:/x", "file:///a/c:/x", "file:cc:/x",
                                  "file:c:x", "file://u@c:/x", "file://c:8/x"])
def test_no_drive_where_the_rules_do_not_apply(text: str) -> None:
    record = parse_record(text, Mode.GENERIC)
    assert detect_drive(record) == record


@given(st.text(alphabet=st.sampled_from("cC:|/?#x."), max_size=10))
@settings(max_examples=500)
def test_the_operation_agrees_with_the_file_grammar(tail: str) -> None:
    # Without backslashes the generic and file grammars split a string alike, except where
    # the file grammar finds a drive; the operation must find the same one.
    text = "file:" + tail
    by_grammar = parse_record(text, Mode.FILE).unplaced()
    by_operation = detect_drive(parse_record(text, Mode.GENERIC)).unplaced()
    assert by_operation.drive == by_grammar.drive
    if by_grammar.drive is not None:
        assert by_operation.without(Kind.AUTHORITY) == by_grammar.without(Kind.AUTHORITY)


def test_a_reference_without_text_is_detected_when_rebased_onto_a_file_base() -> None:
    ref = parse_reference("c|/x")
    assert ref.drive is None
    bare = type(ref)(ref.record, ref.mode)  # a record with no input text behind it
    assert bare.rebase("file:///d:/y").href == "file:///c|/x"


@pytest.mark.parametrize(("value", "ok"), [("c:", True), ("Z|", True), ("c", False),
                                           ("1:", False), ("é:", False), ("c:/", False)])
def test_is_drive_letter(value: str, ok: bool) -> None:
    assert is_drive_letter(value) is ok
