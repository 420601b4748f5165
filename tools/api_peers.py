"""The URL API's WPT data through urlgrammar and, in the same run, through each installed peer.

    python tools/api_peers.py [--failures]

Reads setters_tests.json (by attribute), urlencoded-parser-data.json,
urlsearchparams-sort-data.json and url-statics-parse-data.json from ../shared/wpt (or from
$URLGRAMMAR_SHARED/wpt) and prints, for each part, how many cases each library passes. The
peers are those of the optional extra ``bench``: ada-url, pywhatwgurl and urlstd; one that is
not installed gets a line saying so. ``--failures`` lists each failing case.

How a case counts, for every library alike:
- a setter case passes when every getter it lists has the expected value after the setter.
  A setter that raises is taken as having left the URL as it was (ada-url's binding raises
  ValueError where the standard's setter does nothing), and the getters are compared then;
- a parser case passes when URLSearchParams(input) (and for urlgrammar also form.parse) gives
  the expected pairs, a sort case when sort() gives them;
- a statics case passes when the URL parses, or not, as expected (URL.parse where the library
  has it, else can_parse); the data's null stands for JavaScript's undefined, which is the
  string "undefined" as the url and no argument as the base.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402


class Peer:
    """How the harness drives one library: make a URL, set and get attributes, params."""

    def __init__(self, name: str, make: Callable[[str], Any], params: Callable[[str], Any],
                 pairs: Callable[[Any], Iterable[tuple[str, str]]],
                 parses: Callable[[str, str | None], bool]):
        self.name, self.make, self.params, self.pairs, self.parses = name, make, params, pairs, parses

    def set(self, url: Any, attribute: str, value: str) -> Any:
        # A setter that raises did nothing: compare the URL as it is.
        with contextlib.suppress(ValueError, TypeError):
            setattr(url, attribute, value)
        return url


class Ours(Peer):
    def set(self, url: Any, attribute: str, value: str) -> Any:
        return url.replace(**{attribute: value})


def _our_pairs(text: str) -> list[tuple[str, str]]:
    pairs = list(urlgrammar.URLSearchParams(text))
    # Both readings must agree for the case to pass.
    return pairs if urlgrammar.form.parse(text) == pairs else []


def peers() -> tuple[list[Peer], list[str]]:
    found: list[Peer] = [Ours("urlgrammar", urlgrammar.URL, urlgrammar.URLSearchParams, list,
                              lambda u, b: urlgrammar.URL.parse(u, b) is not None)]
    missing = []
    try:
        import ada_url
        found.append(Peer("ada-url", ada_url.URL, ada_url.URLSearchParams, lambda p: p.items(),
                          lambda u, b: bool(ada_url.URL.can_parse(u, b) if b is not None
                                            else ada_url.URL.can_parse(u))))
    except ImportError:
        missing.append("ada-url")
    try:
        import pywhatwgurl
        found.append(Peer("pywhatwgurl", pywhatwgurl.URL, pywhatwgurl.URLSearchParams,
                          lambda p: p.entries(),
                          lambda u, b: pywhatwgurl.URL.parse(u, b) is not None))
    except ImportError:
        missing.append("pywhatwgurl")
    try:
        import urlstd.parse as urlstd
        found.append(Peer("urlstd", urlstd.URL, urlstd.URLSearchParams, lambda p: p.entries(),
                          lambda u, b: bool(urlstd.URL.can_parse(u, b))))
    except ImportError:
        missing.append("urlstd")
    return found, missing


def _data(name: str) -> Any:
    shared = Path(os.environ.get("URLGRAMMAR_SHARED") or ROOT.parent / "shared")
    path = shared / "wpt" / name
    if not path.is_file():
        raise SystemExit(f"api_peers: {path} not found (set URLGRAMMAR_SHARED to the shared/ directory)")
    return json.loads(path.read_text(encoding="utf-8"))


def _passes(check: Callable[[], bool]) -> bool:
    try:
        return check()
    except Exception:  # each library fails in its own way; a case that raises fails
        return False


def setter_case(peer: Peer, attribute: str, case: dict[str, Any]) -> bool:
    url = peer.set(peer.make(case["href"]), attribute, case["new_value"])
    return all(getattr(url, k) == v for k, v in case["expected"].items())


def parts() -> list[tuple[str, list[tuple[str, Callable[[Peer], bool]]]]]:
    """Each part of the data: its label and its cases, each a check on a peer."""
    out: list[tuple[str, list[tuple[str, Callable[[Peer], bool]]]]] = []
    setters = _data("setters_tests.json")
    for attribute, cases in setters.items():
        if attribute != "comment":
            out.append((f"setters: {attribute}", [
                (f"{c['href']!r} {attribute}={c['new_value']!r}",
                 lambda p, a=attribute, c=c: setter_case(p, a, c)) for c in cases]))
    parser = [c for c in _data("urlencoded-parser-data.json") if isinstance(c, dict)]
    out.append(("urlencoded-parser-data", [
        (repr(c["input"]), lambda p, c=c: [tuple(x) for x in p.pairs(p.params(c["input"]))]
         == [tuple(x) for x in c["output"]]) for c in parser]))

    def sorted_pairs(p: Peer, text: str) -> list[tuple[str, str]]:
        params = p.params(text)
        params.sort()
        return [tuple(x) for x in p.pairs(params)]  # type: ignore[misc]

    out.append(("urlsearchparams-sort-data", [
        (repr(c["input"]), lambda p, c=c: sorted_pairs(p, c["input"]) == [tuple(x) for x in c["output"]])
        for c in _data("urlsearchparams-sort-data.json")]))
    out.append(("url-statics-parse-data", [
        (f"{c['url']!r} against {c['base']!r}",
         lambda p, c=c: p.parses("undefined" if c["url"] is None else c["url"], c["base"]) is c["expected"])
        for c in _data("url-statics-parse-data.json")]))
    return out


def main() -> int:
    show_failures = "--failures" in sys.argv[1:]
    found, missing = peers()
    rows = []
    failures: list[str] = []
    totals = {p.name: 0 for p in found}
    count = 0
    for label, cases in parts():
        passed = {p.name: 0 for p in found}
        for case_id, check in cases:
            for p in found:
                if _passes(lambda check=check, p=p: check(p)):  # type: ignore[misc]
                    passed[p.name] += 1
                else:
                    failures.append(f"{p.name}: {label}: {case_id}")
        count += len(cases)
        for name in passed:
            totals[name] += passed[name]
        rows.append((label, len(cases), passed))
    names = [p.name for p in found]
    width = max(len(label) for label, _, _ in rows)
    print(f"{'':<{width}}  {'cases':>5}  " + "  ".join(f"{n:>11}" for n in names))
    for label, n, passed in rows:
        print(f"{label:<{width}}  {n:>5}  " + "  ".join(f"{passed[name]:>11}" for name in names))
    print(f"{'total':<{width}}  {count:>5}  " + "  ".join(f"{totals[name]:>11}" for name in names))
    for name in missing:
        print(f"{name}: not installed (pip install -e '.[bench]')")
    if show_failures:
        print("\n".join(failures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
