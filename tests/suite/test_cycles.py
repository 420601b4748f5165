"""No run of the public API leaves a reference cycle behind.

A cycle is freed only when the garbage collector finds it, and objects that lived through a
long run (a megabyte line's records) reach its oldest generation, which it visits rarely: a
cycle that held a run's records made ``check`` grow by about 10 MB per hostile line. Each run
here must free everything it made as its last reference goes.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

import pytest
from conftest import own_cases, shared_cases

import urlgrammar
from urlgrammar.teaching.explain import explain

#: Inputs that succeed, fail in each phase (host, IPv6, port, scheme) or carry many errors.
INPUTS: list[tuple[str, str | None]] = [
    ("https://example.com/a?b#c", None),
    ("http://h/a\tb c\\d", None),
    ("https://exa mple.com/", None),
    ("http://[::1", None),
    ("http://[1::2::3]/", None),
    ("http://1.2.3.4.5/", None),
    ("http://ab:cd@h:99999/", None),
    ("sc://%zz/ é", None),
    ("file:///C|/x", None),
    ("https://xn--a.com/", None),
    ("x", None),
    ("../a", "http://h/b/c"),
    ("http:" + "\\/" * 50 + "h/", None),
    ("http://u" + " %zz" * 20 + "@h/", None),
]
CASES = INPUTS + [(c["input"], c.get("base")) for c in shared_cases("wpt/urltestdata.json")] + \
    [(c["input"], c.get("base")) for c in own_cases()]


def _replace_each(input: str, base: str | None) -> None:
    url = urlgrammar.URL(input, base)
    for name in ("protocol", "host", "port", "pathname", "search", "hash", "username"):
        with suppress(ValueError):
            url.replace(**{name: "x:%zz[1"})


RUNS: dict[str, Callable[[str, str | None], object]] = {
    "validate": lambda input, base: urlgrammar.validate(input, base),
    "validate with a limit": lambda input, base: urlgrammar.validate(input, base, max_diagnostics=1),
    "URL": lambda input, base: urlgrammar.URL(input, base),
    "parse_reference": lambda input, base: urlgrammar.parse_reference(input),
    "render": lambda input, base: urlgrammar.render(input),
    "explain": lambda input, base: explain(input, base),
    "setters": _replace_each,
}


@contextmanager
def _collector_off() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _run_all(run: Callable[[str, str | None], object]) -> None:
    for input, base in CASES:
        with suppress(ValueError):  # URLError, or an unparsable base
            run(input, base)


@pytest.mark.parametrize("name", list(RUNS))
def test_a_run_leaves_no_cycle(name: str) -> None:
    run = RUNS[name]
    _run_all(run)  # first use builds grammars and caches, whose cycles live as long as the process
    with _collector_off():
        gc.collect()
        _run_all(run)
        found = gc.collect()
    assert found == 0, f"{name} left {found} objects in reference cycles over {len(CASES)} inputs"
