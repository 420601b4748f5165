"""The application/x-www-form-urlencoded serializer looks its encoding up once per list, not
once per name and value, and URLSearchParams does not check again the pairs it keeps checked
(issue 25, item 5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlgrammar.encoding.percent as percent
from urlgrammar import URLSearchParams, form
from urlgrammar.encoding.percent import FORM_URLENCODED_SET, percent_encode_after_encoding, percent_encoder

#: The 8-pair query of tools/bench_api.py.
QUERY = ("a=1&b=hello+world&c=%C3%A9t%C3%A9&d=x%2Fy&utm_source=news&utm_medium=email&id=12345"
         "&q=caf%C3%A9+au+lait")


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    calls = [0]
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize("encoding", ["utf-8", "windows-1252", "Shift_JIS", "iso-2022-jp"])
def test_the_encoding_is_looked_up_once_per_serialization(monkeypatch: pytest.MonkeyPatch,
                                                          encoding: str) -> None:
    # Before: once per name and value (16 times for 8 pairs), and once more to check the label.
    pairs = list(URLSearchParams(QUERY))
    lookups = _counting(monkeypatch, percent, "get_encoding")
    form.serialize(pairs, encoding)
    assert lookups[0] <= 1


def test_url_search_params_serialize_their_pairs_unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its pairs were made scalar value strings as they came in. Before: as_pair ran on each.
    params = URLSearchParams(QUERY)
    checks = _counting(monkeypatch, form, "as_pair")
    assert str(params) == QUERY
    assert checks[0] == 0


_TEXT = st.text(st.sampled_from("az *-._~!'()+&=%é€中¥\\\u203e\x0e\ud800\U0001f308"), max_size=8)


@given(st.lists(st.tuples(_TEXT, _TEXT), max_size=4),
       st.sampled_from(["utf-8", "UTF-16LE", "windows-1252", "Shift_JIS", "gb18030", "iso-2022-jp",
                        "x-user-defined", "replacement"]))
def test_the_serializer_encodes_each_string_as_percent_encode_after_encoding(
        pairs: list[tuple[str, str]], encoding: str) -> None:
    # Each name and value from the encoder's first state (ISO-2022-JP's too), and a lone
    # surrogate as U+FFFD, as https://url.spec.whatwg.org/#concept-urlencoded-serializer says.
    encode = percent_encoder(encoding, FORM_URLENCODED_SET)
    expected = "&".join(
        percent_encode_after_encoding(encoding, n.replace("\ud800", "\ufffd"), FORM_URLENCODED_SET)
        + "=" + percent_encode_after_encoding(encoding, v.replace("\ud800", "\ufffd"), FORM_URLENCODED_SET)
        for n, v in pairs)
    assert form.serialize(pairs, encoding) == expected
    assert "&".join(f"{encode(n)}={encode(v)}" for n, v in pairs) == expected
    if encoding == "utf-8":
        assert str(URLSearchParams(pairs)) == expected


def test_an_iso_2022_jp_string_returns_to_ascii_at_its_own_end() -> None:
    assert form.serialize([("¥", "¥")], "iso-2022-jp") == "%1B%28J%5C%1B%28B=%1B%28J%5C%1B%28B"
