"""validate processes a domain once (issue 25): one UTS #46 run serves the host parser, the
writing grammar's strict check and urllib's reading, and the advisories read the labels that
run decoded rather than decode each label's Punycode again."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import count_calls

from urlgrammar import validate
from urlgrammar.host import domain, spoofing
from urlgrammar.host.punycode import punycode_encode


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    domain._processed.cache_clear()
    spoofing._decoded_labels.cache_clear()
    return count_calls(monkeypatch, (domain, "_map"), (spoofing, "punycode_decode"))


#: Hosts of many labels beyond ASCII. The look-alike check reads a host's last labels (its
#: labels' skeletons are cached by label), which may cost a decode each: that many at most.
_LAST_LABELS = 3


@pytest.mark.parametrize(("input", "mapped"), [
    ("https://ü1.ü2.ü3.ü4.ü5.ü6.bücher.de/", 1),             # valid
    ("https://аpple.ü1.ü2.ü3.ü4.ü5.ü6.com/", 1),               # a confusable label (advised)
    ("https://" + ".".join("xn--" + punycode_encode(f"ü{i}") for i in range(6)) + ".XN--BCHER-KVA.de/",
     0),                                                       # Punycode, read by the parser
], ids=lambda value: repr(value))
def test_validate_maps_a_domain_once_and_decodes_no_label_again(calls: Counter[str], input: str,
                                                                mapped: int) -> None:
    report = validate(input)
    assert report.url is not None
    assert calls["_map"] == mapped
    assert calls["punycode_decode"] <= _LAST_LABELS


def test_the_advisories_of_a_host_of_distinct_labels_decode_each_once(calls: Counter[str]) -> None:
    # A host the domain parser processed with an error (V3: `-` last) has no labels at hand:
    # the advisories decode each distinct label once, not once per reader.
    labels = ["xn--" + punycode_encode(f"ü{x}") for x in ("ab", "cd", "ef", "gh")] * 3
    report = validate("https://" + ".".join(labels) + ".com-/")
    assert report.url is not None
    assert calls["punycode_decode"] <= 4 + _LAST_LABELS
