"""Runs of digits longer than Python converts to an int (4,300 decimal digits,
``sys.int_info.default_max_str_digits``) in every place a URL holds a number: each entry point
returns or raises URLError, never the ValueError of ``int()``."""

from __future__ import annotations

import pytest

import urlgrammar
from urlgrammar import rfc3986
from urlgrammar.teaching.explain import explain

DIGITS = "9" * 5000
ZEROS = "0" * 5000

#: Each place a number is read: ports (with and without leading zeros, special and not),
#: IPv4 parts, an IPv6 piece, the query and a relative reference's port.
INPUTS = [
    f"http://h:{DIGITS}/", f"http://h:{ZEROS}80/", f"http://h:{ZEROS}/", f"foo://h:{DIGITS}/",
    f"http://h:{ZEROS}8080/", f"http://{DIGITS}/", f"http://0x{DIGITS}/", f"http://1.{DIGITS}/",
    f"http://0{DIGITS}.1/", f"http://[{DIGITS}::]/", f"http://h/?{DIGITS}", f"//h:{ZEROS}80/",
    f"file://h:{ZEROS}1/",
]
BASES = [None, "http://b/c"]

ENTRIES = {
    "parse": lambda text, base: urlgrammar.parse(text, base),
    "validate": lambda text, base: urlgrammar.validate(text, base),
    "explain": lambda text, base: explain(text, base, rfc3986=True).text(),
    "rfc3986": lambda text, base: rfc3986.validate(text, "URI-reference"),
}


@pytest.mark.parametrize("base", BASES, ids=lambda b: f"against {b}")
@pytest.mark.parametrize("text", INPUTS, ids=lambda t: t[:24])
@pytest.mark.parametrize("entry", ENTRIES)
def test_long_numbers_give_a_result_or_url_error(entry: str, text: str, base: str | None) -> None:
    try:
        result = ENTRIES[entry](text, base)
    except urlgrammar.URLError as error:
        assert error.diagnostics
    else:
        assert result is not None


def test_the_rfc_reading_of_a_long_default_port_is_the_default() -> None:
    # A default port written with 5,000 leading zeros is still the default port to RFC 3986.
    report = urlgrammar.validate(f"http://h:{ZEROS}80/")
    assert "default port" in {p.topic for p in report.rfc3986.partings}
