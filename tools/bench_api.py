"""The URL API beside pywhatwgurl and ada-url, in one process: what issue 25's targets measure.

    python tools/bench_api.py [FILE ...] [--limit N] [--repeat R] [--json OUT] [--invalid-only]

FILE: corpora of URLs, one a line (default kasztp.txt and isaacs_files.txt in the corpus/ of
$URLGRAMMAR_SHARED, else of ../shared).
The peers are those of the optional extra ``bench`` (pip install -e '.[bench]'); one that is
not installed gets a column of "-". Every workload runs each library over the same inputs in
interleaved rounds (each round in a rotating order), in CPU time (time.process_time, the
garbage collector on and run before each pass), and the best of R rounds counts. What a
workload changes (a peer's setters change its URL, sort changes its list) is made afresh
before each pass, outside the timing. Each row prints microseconds per item for each library
and urlgrammar's speed as a multiple of each peer's (peer time / urlgrammar time: above 1,
urlgrammar is faster).

The workloads, per corpus (the URLs of it that every library parses, at most N):
- ``parse``, ``can_parse``, ``validate`` (against pywhatwgurl's and ada's parse), and ``keep``: parse and keep
  every URL in a list, against ``parse`` throwing each away (the row's ratio is keep / throw
  away per library), then the bytes per kept URL (tracemalloc's count for 10,000 URLs, inputs
  made before it starts, so not counted);
- ``getters``: all 11 getters read on each parsed URL;
- a setter each (pathname, search, hash, port, hostname): ``url.replace(port=value)`` here,
  ``url.port = value`` for the peers, each written out (no ``**`` or setattr on either side);
- ``render`` (urlgrammar only: the peers have none; their parse is shown for scale);
- ``validate invalid``: validate on the corpus lines that are not valid URL strings, against
  the peers' parse of the same lines, and on WPT urltestdata's inputs that are not.

And once: ``IDN labels``, hosts of 64 distinct short IDN labels (µs per label), and
URLSearchParams ``parse``, ``serialise`` and ``sort`` of an 8-pair query.

``--invalid-only`` runs the ``validate invalid`` rows alone (the corpora's and WPT's).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("URLGRAMMAR_SHARED") or ROOT.parent / "shared")
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench import kept_memory  # noqa: E402

import urlgrammar  # noqa: E402

GETTERS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port",
           "pathname", "search", "hash")
SETTERS = {"pathname": "/a/b", "search": "?q=1", "hash": "#x", "port": "8080", "hostname": "example.org"}
QUERY = ("a=1&b=hello+world&c=%C3%A9t%C3%A9&d=x%2Fy&utm_source=news&utm_medium=email&id=12345"
         "&q=caf%C3%A9+au+lait")
LIBRARIES = ("urlgrammar", "pywhatwgurl", "ada-url")
WIDTH = 44  # of a row's label
#: A workload for one library: made afresh before each pass (outside the timing), it gives
#: the function the pass times and how many items it handles.
Workload = Callable[[], tuple[Callable[[], object], int]]


def classes() -> dict[str, tuple[Any, Any]]:
    """Each installed library's URL and URLSearchParams classes."""
    found: dict[str, tuple[Any, Any]] = {"urlgrammar": (urlgrammar.URL, urlgrammar.URLSearchParams)}
    with contextlib.suppress(ImportError):
        import pywhatwgurl
        found["pywhatwgurl"] = (pywhatwgurl.URL, pywhatwgurl.URLSearchParams)
    with contextlib.suppress(ImportError):
        import ada_url
        found["ada-url"] = (ada_url.URL, ada_url.URLSearchParams)
    return found


def race(workloads: dict[str, Workload], repeat: int) -> dict[str, float]:
    """Seconds per item of each library's workload: the best pass of ``repeat`` interleaved
    rounds, each round in a rotating order."""
    best: dict[str, float] = {}
    names = list(workloads)
    for round_ in range(repeat):
        for name in names[round_ % len(names):] + names[:round_ % len(names)]:
            run, items = workloads[name]()
            gc.collect()
            start = time.process_time()
            run()
            seconds = (time.process_time() - start) / max(items, 1)
            best[name] = min(best.get(name, seconds), seconds)
    return best


def row(label: str, best: dict[str, float], unit: float = 1e6) -> dict[str, float]:
    """Print one row: µs per item per library, and urlgrammar's speed against each peer."""
    cells = [f"{best[n] * unit:12.2f}" if n in best else f"{'-':>12}" for n in LIBRARIES]
    ours = best.get("urlgrammar")
    ratios = [f"{best[n] / ours:6.2f}x" if ours and n in best else f"{'-':>7}" for n in LIBRARIES[1:]]
    print(f"{label:<{WIDTH}}" + "".join(cells) + "  " + " ".join(ratios))
    return best


def _loop(function: Callable[[Any], object], items: list[Any]) -> Callable[[], object]:
    def run() -> None:
        for item in items:
            function(item)
    return run


def _constant(run: Callable[[], object], n: int) -> Workload:
    return lambda: (run, n)


def _parse_each(make: Any, urls: list[str]) -> Callable[[], object]:
    return _loop(make, urls)


def _keep_each(make: Any, urls: list[str]) -> Callable[[], object]:
    def run() -> list[Any]:
        return [make(u) for u in urls]
    return run


def _getters(make: Any, urls: list[str]) -> Workload:
    def fresh() -> tuple[Callable[[], object], int]:
        parsed = [make(u) for u in urls]
        return _loop(lambda u: [getattr(u, g) for g in GETTERS], parsed), len(parsed)
    return fresh


# Each setter as code writes it, ``url.replace(port=v)`` here and ``url.port = v`` for a peer:
# a name looked up at run time (``**{name: v}``, setattr) would add its own cost to each side.
# A peer's assignment is in ``suppress``, as ada raises where the setter does nothing.
OURS: dict[str, Callable[[Any, str], object]] = {
    "pathname": lambda u, v: u.replace(pathname=v), "search": lambda u, v: u.replace(search=v),
    "hash": lambda u, v: u.replace(hash=v), "port": lambda u, v: u.replace(port=v),
    "hostname": lambda u, v: u.replace(hostname=v)}


def _pathname(u: Any, v: str) -> None:
    with contextlib.suppress(ValueError, TypeError):
        u.pathname = v


def _search(u: Any, v: str) -> None:
    with contextlib.suppress(ValueError, TypeError):
        u.search = v


def _hash(u: Any, v: str) -> None:
    with contextlib.suppress(ValueError, TypeError):
        u.hash = v


def _port(u: Any, v: str) -> None:
    with contextlib.suppress(ValueError, TypeError):
        u.port = v


def _hostname(u: Any, v: str) -> None:
    with contextlib.suppress(ValueError, TypeError):
        u.hostname = v


PEERS: dict[str, Callable[[Any, str], None]] = {
    "pathname": _pathname, "search": _search, "hash": _hash, "port": _port, "hostname": _hostname}


def _setter(name: str, make: Any, urls: list[str], ours: bool) -> Workload:
    set_it, value = (OURS if ours else PEERS)[name], SETTERS[name]

    def fresh() -> tuple[Callable[[], object], int]:
        parsed = [make(u) for u in urls]
        return _loop(lambda u: set_it(u, value), parsed), len(parsed)
    return fresh


def _failing(make: Any) -> Callable[[Any], object]:
    def run(item: Any) -> None:
        with contextlib.suppress(Exception):  # each peer has its own failure type
            make(*item)
    return run


def common_urls(urls: list[str], found: dict[str, tuple[Any, Any]]) -> list[str]:
    """The URLs that every library parses."""
    out = []
    for url in urls:
        try:
            for make, _ in found.values():
                make(url)
        except Exception:  # each library has its own failure type
            continue
        out.append(url)
    return out


def validate_invalid(label: str, items: list[tuple[str, str | None]], makes: dict[str, Any],
                     repeat: int) -> dict[str, float]:
    """validate on inputs (with bases) that are not valid URL strings, beside the peers' parse."""
    work = {n: _constant(_loop(_failing(m), items), len(items))
            for n, m in makes.items() if n != "urlgrammar"}
    work["urlgrammar"] = _constant(_loop(lambda i: urlgrammar.validate(*i), items), len(items))
    return row(f"{label} (peers: parse)", race(work, repeat))


def corpus(path: str, found: dict[str, tuple[Any, Any]],
           args: argparse.Namespace) -> dict[str, dict[str, float]]:
    lines = [line for line in Path(path).read_text(encoding="utf-8-sig").splitlines() if line.strip()]
    urls = common_urls(lines, found)[:args.limit]
    print(f"\n{path}: {len(urls)} of its {len(lines)} lines parse in every library; "
          f"µs per item, best of {args.repeat}")
    print(f"{'':<{WIDTH}}" + "".join(f"{n:>12}" for n in LIBRARIES) + "  speed vs pywhatwgurl, ada-url")
    out: dict[str, dict[str, float]] = {}
    makes = {name: make for name, (make, _) in found.items()}
    if args.invalid_only:
        return _invalid_lines(lines, makes, out, args.repeat)
    both = race({f"{n} {way}": _constant((_keep_each if way == "keep" else _parse_each)(m, urls), len(urls))
                 for n, m in makes.items() for way in ("throw", "keep")}, args.repeat)
    out["parse"] = row("parse", {n: both[f"{n} throw"] for n in makes})
    checks = {n: _constant(_loop(make.can_parse, urls), len(urls)) for n, make in makes.items()}
    out["can_parse"] = row("can_parse", race(checks, args.repeat))
    validate = {n: _constant(_parse_each(m, urls), len(urls)) for n, m in makes.items() if n != "urlgrammar"}
    validate["urlgrammar"] = _constant(_parse_each(urlgrammar.validate, urls), len(urls))
    out["validate"] = row("validate (peers: parse)", race(validate, args.repeat))
    out["keep"] = row("parse and keep", {n: both[f"{n} keep"] for n in makes})
    ratio = {n: out["keep"][n] / out["parse"][n] for n in makes}
    print(f"{'keep / throw away':<{WIDTH}}" + "".join(f"{ratio[n]:11.2f}x" if n in ratio else f"{'-':>12}"
                                                      for n in LIBRARIES))
    memory = {n: kept_memory(m, urls[:10_000]) for n, m in makes.items()}
    out["bytes per kept URL"] = memory
    print(f"{'bytes per kept URL':<{WIDTH}}" + "".join(f"{memory[n]:12,.0f}" if n in memory else f"{'-':>12}"
                                                  for n in LIBRARIES))
    out["getters"] = row("all 11 getters", race({n: _getters(m, urls) for n, m in makes.items()},
                                                args.repeat))
    for name in SETTERS:
        out[f"set {name}"] = row(f"set {name} = {SETTERS[name]!r}", race(
            {n: _setter(name, m, urls, n == "urlgrammar") for n, m in makes.items()}, args.repeat))
    parsed = [urlgrammar.parse(u) for u in urls]
    render = {n: _constant(_parse_each(m, urls), len(urls)) for n, m in makes.items() if n != "urlgrammar"}
    render["urlgrammar"] = _constant(_loop(urlgrammar.render, parsed), len(parsed))
    out["render"] = row("render (peers: parse)", race(render, args.repeat))
    return _invalid_lines(lines, makes, out, args.repeat)


def _invalid_lines(lines: list[str], makes: dict[str, Any], out: dict[str, dict[str, float]],
                   repeat: int) -> dict[str, dict[str, float]]:
    invalid = [(u, None) for u in lines if not urlgrammar.validate(u, advisories=False).valid]
    if invalid:
        out["validate invalid"] = validate_invalid(f"validate {len(invalid)} invalid lines", invalid,
                                                   makes, repeat)
    return out


def once(found: dict[str, tuple[Any, Any]], repeat: int,
         invalid_only: bool = False) -> dict[str, dict[str, float]]:
    """The workloads that do not read a corpus."""
    print(f"\n{'':<{WIDTH}}" + "".join(f"{n:>12}" for n in LIBRARIES) + "  speed vs pywhatwgurl, ada-url")
    out: dict[str, dict[str, float]] = {}
    if invalid_only:
        return _wpt_invalid(found, out, repeat)
    labels = 64
    hosts = [f"http://{'.'.join(f'ü{k}x{j}' for j in range(labels))}/" for k in range(200)]
    makes = {name: make for name, (make, _) in found.items()}
    out["IDN labels"] = row(f"IDN host, µs per label ({labels})", race(
        {n: _constant(_parse_each(m, hosts), len(hosts) * labels) for n, m in makes.items()}, repeat))
    n_params = 2_000
    params = {name: cls for name, (_, cls) in found.items()}
    out["params parse"] = row("URLSearchParams(8 pairs)", race(
        {n: _constant(_loop(c, [QUERY] * n_params), n_params) for n, c in params.items()}, repeat))

    def made(cls: Any) -> Workload:
        def fresh() -> tuple[Callable[[], object], int]:
            return _loop(str, [cls(QUERY) for _ in range(n_params)]), n_params
        return fresh

    def sorting(cls: Any) -> Workload:
        def fresh() -> tuple[Callable[[], object], int]:
            return _loop(lambda p: p.sort(), [cls(QUERY) for _ in range(n_params)]), n_params
        return fresh

    out["params serialise"] = row("str(URLSearchParams)",
                                  race({n: made(c) for n, c in params.items()}, repeat))
    out["params sort"] = row("URLSearchParams.sort()",
                             race({n: sorting(c) for n, c in params.items()}, repeat))
    return _wpt_invalid(found, out, repeat)


def _wpt_invalid(found: dict[str, tuple[Any, Any]], out: dict[str, dict[str, float]],
                 repeat: int) -> dict[str, dict[str, float]]:
    invalid = wpt_invalid()
    if invalid:
        makes = {name: make for name, (make, _) in found.items()}
        out["validate WPT invalid"] = validate_invalid(f"validate {len(invalid)} WPT invalid", invalid,
                                                       makes, repeat)
    return out


def wpt_invalid() -> list[tuple[str, str | None]]:
    """WPT urltestdata's inputs that are not valid URL strings, with their bases."""
    path = SHARED / "wpt" / "urltestdata.json"
    if not path.is_file():
        return []
    cases = [c for c in json.loads(path.read_text(encoding="utf-8")) if isinstance(c, dict)]
    return [(c["input"], c.get("base")) for c in cases
            if not urlgrammar.validate(c["input"], c.get("base"), advisories=False).valid]


def main() -> int:
    corpora = SHARED / "corpus"
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*",
                    default=[str(corpora / "kasztp.txt"), str(corpora / "isaacs_files.txt")])
    ap.add_argument("--limit", type=int, default=5_000, help="URLs per corpus (default 5,000)")
    ap.add_argument("--repeat", type=int, default=5, help="rounds; the best counts (default 5)")
    ap.add_argument("--json", help="also write the figures (seconds per item) to this file")
    ap.add_argument("--invalid-only", action="store_true", help="only the validate invalid rows")
    args = ap.parse_args()
    found = classes()
    for name in LIBRARIES:
        if name not in found:
            print(f"{name}: not installed (pip install -e '.[bench]')")
    results = {"once": once(found, args.repeat, args.invalid_only)}
    for path in args.files:
        results[path] = corpus(path, found, args)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
