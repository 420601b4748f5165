"""render's output as JSON lines, one per call: run on two trees and compare the files.

    PYTHONPATH=<tree> python tools/render_dump.py OUT [--generated N]

A change meant to make :func:`urlgrammar.render` faster must show every URL as it was. This
writes what render shows (or the error it raises) without a width and at widths 12 and 40 for:

- WPT urltestdata's inputs against their bases (``$URLGRAMMAR_SHARED`` or ../shared, ``wpt/``);
- the lines of the shared corpora (``corpus/kasztp.txt``, ``corpus/isaacs_files.txt``);
- every shape of ``tools/bench_cost.py`` at 1,000 and 10,000 code points;
- N URLs that Hypothesis makes (derandomized, so the same on every run) of hosts and paths,
  their pieces repeated up to 40 times, rich in what the display rules read: combining
  marks, Cyrillic and Cherokee look-alikes, kana, digits of two systems, right-to-left
  letters, zero-width code points, and percent-encoded bytes that are UTF-8 (`%C3%A9`,
  `%E2%80%8B`) and are not (`%FF`, `%E2%80`).

The first line names the tree the package was imported from. ``cmp`` or ``diff`` the rest of
the two files: a line that differs names the call.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import urlgrammar  # from PYTHONPATH: the tree under test, not necessarily this file's

SHARED = Path(os.environ.get("URLGRAMMAR_SHARED", Path(__file__).resolve().parents[1].parent / "shared"))
WIDTHS = (None, 12, 40)
#: What the generated hosts and paths are made of.
HOST_PIECES = ["a", "p", "e", "i", "l", "ı", "é", "1", ".", "xn--", "com", "а", "р", "е", "о", "с",
               "\u0301", "\u0300", "\u0307", "\u3099", "ー", "一", "ノ", "へ", "ヘ", "ヽ", "・", "か",
               "カ", "Ꭼ", "Ᏼ", "Ꭺ", "Ꭹ", "२", "ש", "·", "\u200b", "\u200d", "%FF", "%C3%A9",
               "%E2%80%8B", "%D0%B0", "%41"]
PATH_PIECES = ["a", "/", "%FF", "%C3%A9", "%E2%80%8B", "%E2%80", "%ED%A0%80", "%F0%9F%94%92", "%2",
               "%", "%41", "%2F", "%CC%81", "%E0%A4%A8", "%D7%A9", "%80", "%C0", "%F4%90", "é",
               "\u0301", "а", "ー", "?", "#", "%25", "1", "F"]


def _render(input: str, base: str | None, width: int | None) -> dict[str, object]:
    call: dict[str, object] = {"input": input, "base": base, "width": width}
    try:
        url = urlgrammar.parse(input, base)
        return {**call, "shown": urlgrammar.render(url, width=width)}
    except (urlgrammar.URLError, ValueError) as e:
        return {**call, "raised": f"{type(e).__name__}: {e}"}


def _wpt() -> Iterator[tuple[str, str | None]]:
    cases = json.loads((SHARED / "wpt" / "urltestdata.json").read_text(encoding="utf-8"))
    for case in cases:
        if isinstance(case, dict):
            yield case["input"], case.get("base")


def _corpora() -> Iterator[tuple[str, str | None]]:
    for name in ("kasztp.txt", "isaacs_files.txt"):
        for line in (SHARED / "corpus" / name).read_text(encoding="utf-8").splitlines():
            yield line, None


def _shapes() -> Iterator[tuple[str, str | None]]:
    sys.path.insert(1, str(Path(__file__).resolve().parent))  # after PYTHONPATH's tree
    from bench_cost import SHAPES

    for shape in SHAPES:
        for n in (1000, 10000):
            yield shape.input(n), shape.base


def _generated(count: int) -> list[tuple[str, str | None]]:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    made: list[tuple[str, str | None]] = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(st.sampled_from(HOST_PIECES), min_size=1, max_size=12),
           st.lists(st.sampled_from(PATH_PIECES), max_size=12),
           st.sampled_from(["http://", "https://", "foo://", "file://"]), st.integers(1, 40))
    def make(host: list[str], path: list[str], scheme: str, repeat: int) -> None:
        # Repeated, the pieces make labels longer than 64 code points, which the label rules
        # read as a whole rather than a code point at a time.
        made.append((scheme + "".join(host) * repeat + "/" + "".join(path) * repeat, None))

    make()
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--generated", type=int, default=5000, help="URLs Hypothesis makes (default 5000)")
    args = parser.parse_args()
    counts: dict[str, int] = {}
    with args.out.open("w", encoding="utf-8") as out:
        out.write(json.dumps({"tree": str(Path(urlgrammar.__file__).parent.parent)}) + "\n")
        for kind, inputs in (("wpt", _wpt()), ("corpora", _corpora()), ("shapes", _shapes()),
                             ("generated", _generated(args.generated))):
            for input, base in inputs:
                for width in WIDTHS:
                    out.write(json.dumps({"kind": kind, **_render(input, base, width)},
                                         ensure_ascii=True) + "\n")
                    counts[kind] = counts.get(kind, 0) + 1
    print(", ".join(f"{kind}: {n} calls" for kind, n in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
