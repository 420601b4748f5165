"""The package's shape in figures: modules, import edges, cycles, the largest modules.

    python tools/architecture.py [--top 10]

Reads the import graph the layer test reads (tests/suite/test_layers.py), so the figures are the
ones that test enforces. Prints modules and lines by layer, the number of import edges between
the package's modules, whether there is a cycle, and the largest modules.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "suite"))
sys.path.insert(0, str(ROOT / "tests"))

from test_layers import GENERATED, PACKAGE, _cycle, _graph, _layer, _modules  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=10, help="how many of the largest modules to list")
    args = parser.parse_args()
    modules = _modules()
    graph = _graph()
    lines = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in modules.items()}
    generated = {name for name, path in modules.items() if str(path.relative_to(PACKAGE)) in GENERATED}
    by_layer: Counter[int] = Counter(_layer(name) for name in modules)
    edges = sum(len(targets) for targets in graph.values())
    print(f"modules: {len(modules)} ({len(generated)} generated), lines: {sum(lines.values())} "
          f"({sum(lines[n] for n in generated)} generated)")
    print(f"import edges between the package's modules: {edges}")
    print(f"import cycle: {' -> '.join(_cycle(graph) or []) or 'none'}")
    print("modules per layer: " + ", ".join(f"{layer}: {count}" for layer, count in sorted(by_layer.items())))
    print(f"largest modules (not generated), top {args.top}:")
    hand = sorted(((n, name) for name, n in lines.items() if name not in generated), reverse=True)
    for n, name in hand[:args.top]:
        print(f"  {n:5} {name}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
