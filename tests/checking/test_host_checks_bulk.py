"""The advisories' checks of a long host read it in bulk operations (issue 25): a host that is
ASCII once decoded is not read code point by code point, and the readers' percent-decoding of
an opaque host and of RFC 3986's unreserved escapes is a search, a split and a join, not a token
or a call per `%`. Counted, not timed.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import validate
from urlgrammar.checking import readers
from urlgrammar.encoding.decode import percent_decode, percent_decode_bytes
from urlgrammar.host import delimiters, spoofing


def _counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[str]:
    calls: list[str] = []
    real = getattr(module, name)

    def counting(ch: str) -> object:
        calls.append(ch)
        return real(ch)
    monkeypatch.setattr(module, name, counting)
    return calls


def test_a_host_that_decodes_to_ascii_is_not_read_by_code_point(monkeypatch: pytest.MonkeyPatch) -> None:
    # No ASCII code point is hidden by the domain mapping or looks like a delimiter: a host of
    # a hundred thousand `%41` is not decoded for those checks, counted, not timed.
    hidden = _counted(monkeypatch, spoofing, "hidden_by_mapping")
    mapped = _counted(monkeypatch, delimiters, "mapped_lookalike")
    report = validate("http://" + "%41" * 30_000 + "/")
    assert [d.code for d in report.diagnostics] == ["domain-percent-encoded", "domain-to-ASCII"]
    assert hidden == [] and mapped == []
    # A byte past ASCII is still read: the encoded zero-width space is removed unseen.
    assert "invisible-host-code-point" in [d.code for d in validate("http://a%E2%80%8Bb/").advisories]
    assert hidden != []


@settings(max_examples=2_000)
@given(text=st.text(alphabet="%4a1AzZ0fF.~-_\u00e9\udc00", max_size=16))
def test_the_readers_bulk_decoding_is_percent_decoding(text: str) -> None:
    encoded = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace").encode()
    assert percent_decode_bytes(encoded) == percent_decode(text.encode("utf-8", "surrogatepass")
                                                           .decode("utf-8", "replace"))
    expected = readers._UNRESERVED_ESCAPE.sub(lambda m: chr(int(m[0][1:], 16)), text)
    assert readers._decode_unreserved(text) == expected


def test_an_opaque_host_of_invalid_percents_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # The standard's reading of an opaque host for parser-disagreement decodes it in bulk, not
    # with the percent-encoded string grammar's token per `%`.
    import urlgrammar.encoding.decode as decode

    tokens = _counted(monkeypatch, decode, "pct_tokens")
    report = validate("foo://" + "%zz" * 10_000 + "/")
    assert [d.code for d in report.diagnostics] == ["invalid-URL-unit"]
    assert len(tokens) <= 2  # the host parser's and the writing grammar's, each on the host


@pytest.mark.parametrize("hidden_unit", ["\u200b", "\u3002", "%E2%80%8B", "\u00ad"])
def test_each_hidden_code_point_is_judged_once(monkeypatch: pytest.MonkeyPatch, hidden_unit: str) -> None:
    # A host of ten thousand hidden code points has an advisory for each, but the mapping is
    # asked once per distinct code point (a and the hidden one), counted, not timed.
    hidden = _counted(monkeypatch, spoofing, "hidden_by_mapping")
    report = validate(f"http://{('a' + hidden_unit) * 10_000}/")
    found = [d for d in report.advisories if d.code == "invisible-host-code-point"]
    assert len(found) == 10_000 and len(set(hidden)) == len(hidden) <= 2
    assert found[1].start == found[0].start + 1 + len(hidden_unit)
