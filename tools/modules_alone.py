"""Run every test module alone, beside busy CPU loops, and say which pass.

    python tools/modules_alone.py [--busy 2] [--reverse] [-- PYTEST ARGS...]

Each module runs as ``pytest -p no:cacheprovider tests/<role>/<module>.py`` in its own process, as a
developer runs one module, while ``--busy`` processes spin on the CPU beside it (a busy
machine: no test may depend on timing). ``--reverse`` runs the whole suite once more with the
modules in reverse order, to find tests that depend on what ran before them. Prints one line
per module (status, tests passed, seconds) and a total; exits 1 if any module failed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
_SUMMARY = re.compile(r"(\d+) (passed|failed|skipped|error|errors|deselected)")


def _spin(stop: Any) -> None:
    while not stop.is_set():
        sum(range(10_000))


def _pytest(args: list[str]) -> tuple[int, dict[str, int], str]:
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, capture_output=True, text=True)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    counts = {word.rstrip("s") if word == "errors" else word: int(n) for n, word in _SUMMARY.findall(last)}
    return done.returncode, counts, done.stdout[-3000:] + done.stderr[-2000:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--busy", type=int, default=2, help="busy loops beside each run (default 2)")
    parser.add_argument("--reverse", action="store_true", help="also run the suite in reverse module order")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments, after --")
    args = parser.parse_args()
    modules = sorted((ROOT / "tests").rglob("test_*.py"))
    stop = multiprocessing.Event()
    loops = [multiprocessing.Process(target=_spin, args=(stop,), daemon=True) for _ in range(args.busy)]
    for loop in loops:
        loop.start()
    failed: list[str] = []
    total = 0
    try:
        for module in modules:
            start = time.monotonic()
            status, counts, output = _pytest([str(module.relative_to(ROOT)), *args.pytest_args])
            # Exit 5 is "no tests collected": a module whose tests are all deselected.
            ok = status in (0, 5)
            total += counts.get("passed", 0)
            print(f"{'ok  ' if ok else 'FAIL'} {module.name:<32} {counts.get('passed', 0):>6} passed "
                  f"{counts.get('skipped', 0):>4} skipped {time.monotonic() - start:7.1f} s", flush=True)
            if not ok:
                failed.append(module.name)
                print(output)
        if args.reverse:
            order = [str(m.relative_to(ROOT)) for m in reversed(modules)]
            status, counts, output = _pytest([*order, *args.pytest_args])
            print(f"{'ok  ' if status == 0 else 'FAIL'} all modules in reverse order: "
                  f"{counts.get('passed', 0)} passed", flush=True)
            if status != 0:
                failed.append("(reverse order)")
                print(output)
    finally:
        stop.set()
        for loop in loops:
            loop.join()
    print(f"{len(modules) - len([f for f in failed if f.endswith('.py')])}/{len(modules)} modules "
          f"pass alone with {args.busy} busy loops beside them; {total} tests passed"
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
