"""The test cases of two independent RFC 3986 validators, read by urlgrammar.rfc3986.is_valid
(tests/data/rfc3986_peer_suites.json names each source, its commit and licence).

Every case agrees but those in DIFFERENCES, each explained from RFC 3986's ABNF. The test
fails on a difference not listed and on a listed one that no longer differs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from urlgrammar.rfc3986 import is_valid

DATA = json.loads((Path(__file__).parents[1] / "data" / "rfc3986_peer_suites.json")
                  .read_text(encoding="utf-8"))
CASES = DATA["cases"]

# RFC 6874's ZoneID ("[" IPv6address "%25" ZoneID "]") extends RFC 3986's IP-literal; RFC 3986's
# own IP-literal = "[" ( IPv6address / IPvFuture ) "]" has no "%" inside the brackets.
ZONE = "RFC 6874's zone identifier, not in RFC 3986's IP-literal"
DIFFERENCES = {
    **{c["input"]: ZONE for c in CASES if "%25" in c["input"] and c["input"].count("[") == 1},
    # host = IP-literal / IPv4address / reg-name: "256.256.256.256" is no IPv4address (a
    # dec-octet is at most 255), and it is a reg-name (digits and "." are unreserved).
    "https://256.256.256.256": "a reg-name by § 3.2.2 (the ABNF); python-hyper rejects it as an IPv4 address",
}


def test_agreement_counts_per_source() -> None:
    agree: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for case in CASES:
        total[case["source"]] += 1
        agree[case["source"]] += is_valid(case["input"], case["rule"]) == case["valid"]
    # naimetti/rfc3986-validator: every case; python-hyper/rfc3986: all but the 26 below.
    assert dict(agree) == {"naimetti/rfc3986-validator": 138, "python-hyper/rfc3986": 81}
    assert dict(total) == {"naimetti/rfc3986-validator": 138, "python-hyper/rfc3986": 107}
    assert len(DIFFERENCES) == 26


@pytest.mark.parametrize("case", CASES, ids=[f"{c['input']!a} as {c['rule']}" for c in CASES])
def test_peer_case(case: dict[str, object]) -> None:
    text, rule, expected = str(case["input"]), str(case["rule"]), bool(case["valid"])
    if text in DIFFERENCES:
        assert is_valid(text, rule) != expected, f"no longer differs: {DIFFERENCES[text]}"
    else:
        assert is_valid(text, rule) == expected
