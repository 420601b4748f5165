"""The setter differential (tools/differential_setters.py): its generator, its comparison, and a
few thousand generated setter calls against whatwg-url 17.3.0 through Node.

The run against whatwg-url needs ``node`` and ``npm install --prefix tools/node``; without them
it skips and says so: the transcribed state machine (urlgrammar/algorithm) leaves the state
override out, so there is no other oracle for setters in the project.
"""

from __future__ import annotations

import importlib.util
import json
from typing import Any

import pytest
from conftest import ROOT

spec = importlib.util.spec_from_file_location("differential_setters",
                                              ROOT / "tools" / "differential_setters.py")
assert spec is not None and spec.loader is not None
differential = importlib.util.module_from_spec(spec)
spec.loader.exec_module(differential)
inputs = differential.setter_inputs


def _requests(seed: int, n: int, unicode_17_only: bool = False) -> list[dict[str, Any]]:
    generator = inputs.SetterInputs(seed, inputs.load_seeds(differential.seeds_file()), unicode_17_only)
    return [generator.request() for _ in range(n)]


def test_the_generator_is_reproducible() -> None:
    assert json.dumps(_requests(7, 300)) == json.dumps(_requests(7, 300))
    assert json.dumps(_requests(7, 300)) != json.dumps(_requests(8, 300))


def test_the_generator_makes_every_setter_and_every_kind_of_url() -> None:
    requests = _requests(1, 2000)
    names = {name for r in requests for name, _ in r["setters"]}
    assert names == set(inputs.SETTERS)
    hrefs = [r["href"].lower() for r in requests]
    for kind in ("http", "file:", "sc:", "blob:", "[", "xn--", "%", "@", "|", "\t", "\\"):
        assert any(kind in h for h in hrefs), kind
    assert any("base" in r for r in requests) and any("reference" in r for r in requests)
    assert any(isinstance(v, int) for r in requests for n, v in r["setters"] if n == "port")


def _code_points(request: dict[str, Any]) -> set[int]:
    texts = [request["href"], request.get("base", ""), request.get("reference", ""),
             *(v for _, v in request["setters"] if isinstance(v, str))]
    return {ord(c) for text in texts for c in text}


def test_unicode_17_only_leaves_out_code_points_unassigned_in_unicode_17() -> None:
    only = set().union(*map(_code_points, _requests(3, 3000, unicode_17_only=True)))
    assert not any(inputs._is_excluded(cp) for cp in only)
    every = set().union(*map(_code_points, _requests(3, 3000, unicode_17_only=False)))
    assert any(inputs._is_excluded(cp) for cp in every)
    # Noncharacters are unassigned in every version: they stay.
    assert not inputs._is_excluded(0xFDD0) and not inputs._is_excluded(0x10FFFF)
    assert inputs._is_excluded(0x0378)  # unassigned Greek


def test_no_request_holds_a_surrogate_pair() -> None:
    # JSON would give JavaScript one code point where Python holds two lone surrogates.
    for request in _requests(4, 2000):
        for text in (request["href"], *(v for _, v in request["setters"] if isinstance(v, str))):
            assert inputs._PAIR.search(text) is None


def test_compare_finds_a_difference_and_names_the_setter() -> None:
    request = {"href": "http://h/", "setters": [["port", "8"], ["hash", "x"]]}
    mine = differential.ours(request)
    assert differential.compare(request, mine, mine) is None
    theirs = json.loads(json.dumps(mine))
    theirs["steps"][1]["hash"] = "#y"
    where, lines = differential.compare(request, mine, theirs)
    assert where == "hash" and any("hash: ours '#x', whatwg-url '#y'" in line for line in lines)
    assert differential.compare(request, mine, {"parsed": False})[0] == "parse"


def test_ours_answers_for_any_request_without_raising() -> None:
    for request in _requests(5, 300):
        answer = differential.ours(request)
        assert "raised" not in json.dumps(answer)


@pytest.mark.slow
def test_generated_setter_calls_agree_with_whatwg_url() -> None:
    missing = differential.node_missing()
    if missing is not None:
        pytest.skip(f"{missing}; the transcribed state machine (urlgrammar/algorithm) has no "
                    "state override to compare with instead: npm install --prefix tools/node")
    tally = differential.run(3000, seed=20)
    assert tally.total >= 3000 and set(tally.calls) == set(inputs.SETTERS)
    assert tally.reports == [], "\n".join("\n".join(r) for r in tally.reports[:10])
