"""is_valid against the ``rfc3987`` package on Hypothesis strings (tools/rfc_differential.py
runs 50,000 per rule). rfc3987 is GPL-3.0, so it is installed by hand, never a dependency:
without it the test is skipped.

The one difference: rfc3987 matches with ``^...$``, and Python's ``$`` also matches before a
final newline, so it accepts a valid reference followed by "\\n", which no rule of the ABNF
allows (LF is not among its characters)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar.rfc3986 import is_valid

RULES = ("URI", "URI-reference", "absolute-URI", "relative-ref", "IRI", "IRI-reference")
PIECES = ("http:", "a:", "1a:", "//", "/", "?", "#", "@", ":", "[", "]", "[::1]", "[v1.x]", "1.2.3.4",
          "256", ".", "..", "%41", "%4", "%", "a", "Z", "0", "-", "_", "~", "!", "$", "'", "(", "*", "+",
          ",", ";", "=", " ", "\\", "|", "\n", "é", "\u00a0", "\ufdd0", "\ue000", "\U000f0000", "\ud800",
          "\U00010000", "\x00")


@given(parts=st.lists(st.sampled_from(PIECES), max_size=12), rule=st.sampled_from(RULES))
def test_agrees_with_the_rfc3987_package(parts: list[str], rule: str) -> None:
    # Skipped in the test, not at import: a module-level skip would be reported beside the
    # conformance data's skips, which tests/suite/test_shared_data.py requires to name a file.
    rfc3987 = pytest.importorskip("rfc3987", reason="the rfc3987 package (GPL-3.0) is installed by hand")
    text = "".join(parts)
    theirs = rfc3987.match(text, rule.replace("-", "_")) is not None
    ours = is_valid(text, rule)
    assert theirs == (ours or (text.endswith("\n") and is_valid(text[:-1], rule)))
    if text.endswith("\n"):
        assert not ours
