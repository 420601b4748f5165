"""Cold start: a new process that imports a parser and parses one URL, beside pywhatwgurl.

    python tools/bench_cold.py [--repeat N]

Prints, best of N (default 10) fresh processes each, the programs taking turns (interleaved,
so that a busy machine slows each alike): the wall time of `python -c "import X; parse one
URL"` for urlgrammar and for pywhatwgurl (if installed), and of `python -c pass`. urlgrammar
is measured twice: as this interpreter imports it, and from a copy of the package with its
bytecode compiled, as installing a wheel leaves it. The two differ where Python writes no
bytecode (PYTHONDONTWRITEBYTECODE, a read-only checkout): then every process compiles every
module of the package from source, while the peers' installations carry bytecode. Then, inside
fresh processes, the latency of the first ``urlgrammar.parse`` and ``urlgrammar.validate``
calls after the import, and the cumulative import time of the ``urlgrammar`` package from
``python -X importtime``. Run it with the interpreter of the installation to measure, from
outside a checkout (Python puts the current directory first on ``sys.path``); an editable
install (``pip install -e``) adds the cost of its import hook to every process.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import subprocess
import sys
import tempfile
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


def compiled_copy(into: str) -> str | None:
    """A copy of the urlgrammar package that this interpreter imports, its grammar files inside
    it as in a wheel, with bytecode for every module: the directory to put on the path."""
    done = subprocess.run([sys.executable, "-c", "import urlgrammar, urlgrammar.syntax.grammars as g; "
                           "print(urlgrammar.__path__[0]); print(g.grammar_dir())"],
                          capture_output=True, text=True)
    if done.returncode:
        return None
    package, grammars = done.stdout.split("\n")[:2]
    target = os.path.join(into, "urlgrammar")
    shutil.copytree(package, target, ignore=shutil.ignore_patterns("__pycache__"))
    if not os.path.isdir(os.path.join(target, "grammars")):
        shutil.copytree(grammars, os.path.join(target, "grammars"))
    compileall.compile_dir(target, quiet=1)
    return into


def best_walls(programs: dict[str, tuple[str, dict[str, str] | None]],
               repeat: int) -> dict[str, float | None]:
    """The fastest of ``repeat`` fresh processes running each program (code, environment), the
    programs taking turns; None where one fails."""
    best: dict[str, float | None] = dict.fromkeys(programs, float("inf"))
    for _ in range(repeat):
        for name, (code, env) in programs.items():
            if best[name] is None:
                continue
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env)
            elapsed = time.perf_counter() - start
            best[name] = None if done.returncode else min(best[name] or elapsed, elapsed)
    return best


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
    programs: dict[str, tuple[str, dict[str, str] | None]] = {
        name: (code, None) for name, code in PROGRAMS.items()}
    with tempfile.TemporaryDirectory() as directory:
        copy = compiled_copy(directory)
        if copy is not None:
            path = os.pathsep.join(filter(None, [copy, os.environ.get("PYTHONPATH")]))
            programs["urlgrammar, compiled"] = (PROGRAMS["urlgrammar"], {**os.environ, "PYTHONPATH": path})
        walls = best_walls(programs, args.repeat)
    for name, wall in walls.items():
        print(f"{name:<20} {'not installed' if wall is None else f'{wall * 1000:7.1f} ms'}")
    peer = walls["pywhatwgurl"]
    for name in ("urlgrammar", "urlgrammar, compiled"):
        ours = walls.get(name)
        if ours is not None and peer is not None:
            print(f"{name} / pywhatwgurl cold start: {ours / peer:.2f}x")
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
