"""Cold start: a new process that imports a parser and parses one URL, beside pywhatwgurl.

    python tools/bench_cold.py [--repeat N]

Prints, best of N (default 10) fresh processes each: the wall time of `python -c "import X;
parse one URL"` for urlgrammar and for pywhatwgurl (if installed), and of `python -c pass`;
then, inside fresh processes, the latency of the first ``urlgrammar.parse`` and
``urlgrammar.validate`` calls after the import, and the cumulative import time of the
``urlgrammar`` package from ``python -X importtime``. Run it with the interpreter of the
installation to measure, from outside a checkout (Python puts the current directory first on
``sys.path``); an editable install (``pip install -e``) adds the cost of its import hook to
every process.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

URL = "https://example.com/a?b"
PROGRAMS = {
    "python": "pass",
    "urlgrammar": f"import urlgrammar; urlgrammar.parse({URL!r})",
    "pywhatwgurl": f"import pywhatwgurl; pywhatwgurl.URL({URL!r})",
}
FIRST_CALLS = (
    "import time, urlgrammar\n"
    f"t = time.perf_counter(); urlgrammar.parse({URL!r}); parse = time.perf_counter() - t\n"
    f"t = time.perf_counter(); urlgrammar.validate({URL!r}); check = time.perf_counter() - t\n"
    "print(parse, check)\n"
)


def best_wall(code: str, repeat: int) -> float | None:
    """The fastest of ``repeat`` fresh processes running ``code``; None where it fails."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code], capture_output=True)
        if done.returncode:
            return None
        times.append(time.perf_counter() - start)
    return min(times)


def import_time() -> int | None:
    """Cumulative microseconds of ``import urlgrammar`` by ``python -X importtime``."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import urlgrammar"],
                          capture_output=True, text=True)
    for line in done.stderr.splitlines():
        fields = [f.strip() for f in line.split("|")]
        if len(fields) == 3 and fields[2] == "urlgrammar":
            return int(fields[1])
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=10, help="fresh processes per figure (default 10)")
    args = ap.parse_args()
    walls = {name: best_wall(code, args.repeat) for name, code in PROGRAMS.items()}
    for name, wall in walls.items():
        print(f"{name:<12} {'not installed' if wall is None else f'{wall * 1000:7.1f} ms'}")
    ours, peer = walls["urlgrammar"], walls["pywhatwgurl"]
    if ours is not None and peer is not None:
        print(f"urlgrammar / pywhatwgurl cold start: {ours / peer:.2f}x")
    firsts = []
    for _ in range(args.repeat):
        done = subprocess.run([sys.executable, "-c", FIRST_CALLS], capture_output=True, text=True)
        firsts.append(tuple(map(float, done.stdout.split())))
    parse, check = min(f[0] for f in firsts), min(f[1] for f in firsts)
    print(f"first call after import: parse {parse * 1000:.2f} ms, validate {check * 1000:.2f} ms")
    imported = import_time()
    if imported is not None:
        print(f"python -X importtime: import urlgrammar {imported / 1000:.1f} ms (cumulative)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
