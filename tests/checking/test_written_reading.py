"""parser-disagreement decided from the head as written (disagreement.written_reading): where
it is the standard's reading, no reader is run, and no reader could have disagreed."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from conftest import shared_cases, shared_dir, shared_parametrize
from full_path import count_readings
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking import disagreement, readers
from urlgrammar.url import URL

URLTESTDATA = [c for c in shared_cases("wpt/urltestdata.json") if not isinstance(c, str)]

_INPUTS = st.builds(
    lambda scheme, labels, port, path, rest: f"{scheme}://{'.'.join(labels)}{port}{path}{rest}",
    st.sampled_from(["http", "HTTPS", "https", "ws", "wss", "ftp", "file", "FILE", "sc", "a+b.c-d"]),
    st.lists(st.sampled_from(['"www', 'a"b', "EXAMPLE", "com", "127", "0", "1", "256", "0x7f", "010",
                              "2130706433", "localhost", "LocalHost", "a!b", "$", "&x", "'q'", "(x)", "*",
                              "+", ",", ";", "=", "`", "{y}", "~u", "xn--", "XN--BCHER-KVA", "-", "_", ""]),
             min_size=1, max_size=5),
    st.sampled_from(["", ":80", ":443", ":21", ":0", ":08080", ":65535", ":65536", ":99999"]),
    st.sampled_from(["", "/", "/a\\b", "/a b", "/%20x", "/;p=1", "\\x", "/a%zz", "/\u00e9", "/a\tb"]),
    st.sampled_from(["", "?", "#", "?q\tr", "#f\nx", "?\u00e9#\u00e9", "?@x#[", "#http://evil/"]),
)


def _check(input: str) -> None:
    """Where the head is read as written, each reader reads that or refuses, and the advisory
    is what running them all gives."""
    written = disagreement.written_reading(input, None)
    url = URL.parse(input)
    if written is None or url is None:
        return  # the advisory compares only what the standard parses
    assert readers.urllib_reading(readers.split(input, None)) == written, input
    for name, reading in readers.readings(input, None, written.scheme):  # every reader, optional too
        assert reading is None or reading == written, (name, input, reading)
    assert readers.rfc_reading(input, None) in (None, written), input
    found = disagreement.parser_disagreement(input, None, url)
    with mock.patch.object(disagreement, "written_reading", lambda *_: None):
        assert disagreement.parser_disagreement(input, None, url) == found, input


@settings(max_examples=2_000)
@given(input=_INPUTS)
def test_the_written_reading_is_every_readers(input: str) -> None:
    _check(input)


@shared_parametrize("wpt/urltestdata.json", "case", URLTESTDATA, ids=lambda c: repr(c["input"]))
def test_the_written_reading_of_wpt_inputs(case: dict[str, Any]) -> None:
    _check(case["input"])


@pytest.mark.parametrize("name", ["kasztp.txt", "isaacs_files.txt"])
def test_the_written_reading_of_the_corpora(name: str) -> None:
    shared = shared_dir()
    path = None if shared is None else shared / "corpus" / name
    if path is None or not path.is_file():
        pytest.skip(f"corpus/{name} is not in the shared data")
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    for line in lines[::7]:  # every seventh: the optional readers cost 10 to 40 µs a line
        _check(line)


def test_a_base_is_no_written_reading() -> None:
    assert disagreement.written_reading("https://h.example/", None) is not None
    assert disagreement.written_reading("https://h.example/", "https://h.example/") is None


def _readings_run(input: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    ran = count_readings(monkeypatch)
    validate(input)
    return ran


@pytest.mark.parametrize("input", ['https://"www.example.com/a/0', "https://h.example/Paper\\%20x\\y z.pdf",
                                   "https://a_b.example:8080/p?q\tr", "HTTPS://H.example/a\\b#f"])
def test_a_head_read_as_the_standard_reads_it_runs_no_reader(input: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    assert _readings_run(input, monkeypatch) == []
    assert not [d for d in validate(input).advisories if d.code == "parser-disagreement"]


@pytest.mark.parametrize("input", ["http://0x7f.1/a\\b", "http://2130706433/a\\b", "https://0177.0.0.1/x\\y"])
def test_a_head_read_otherwise_runs_the_readers(input: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # urllib reads each host as a name, the standard as the address 127.0.0.1.
    assert _readings_run(input, monkeypatch)[0] == input
    assert [d for d in validate(input).advisories if d.code == "parser-disagreement"]
