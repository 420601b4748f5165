"""Regenerate (or check) the explain output in docs/teaching.md.

    python tools/gallery.py           rewrite every entry's output block
    python tools/gallery.py --check   exit 1 if any block differs from what explain gives now

Each entry is marked by an HTML comment holding its input and base as JSON,
``<!-- explain: {"input": "http:foo", "base": null} -->``, followed by a ```text block that
holds ``urlgrammar explain`` output without the parse tree. The prose around it is by hand.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from urlgrammar.teaching.explain import explain  # noqa: E402

GALLERY = ROOT / "docs" / "teaching.md"
ENTRY = re.compile(r"<!-- explain: (?P<args>\{.*?\}) -->\n```text\n(?P<output>.*?)```", re.S)


def render(input: str, base: str | None) -> str:
    return explain(input, base).text(brief=True).rstrip() + "\n"


def entries(text: str) -> list[tuple[dict[str, str | None], str]]:
    return [(json.loads(m["args"]), m["output"]) for m in ENTRY.finditer(text)]


def regenerate(text: str) -> str:
    def block(m: re.Match[str]) -> str:
        args = json.loads(m["args"])
        return f"<!-- explain: {m['args']} -->\n```text\n{render(args['input'], args.get('base'))}```"

    return ENTRY.sub(block, text)


def main() -> int:
    text = GALLERY.read_text(encoding="utf-8")
    fresh = regenerate(text)
    if "--check" in sys.argv[1:]:
        stale = [args["input"] for args, out in entries(text)
                 if out != render(str(args["input"]), args.get("base"))]
        for name in stale:
            print(f"stale: {name!r}", file=sys.stderr)
        return 1 if stale else 0
    GALLERY.write_text(fresh, encoding="utf-8")
    print(f"wrote {len(entries(fresh))} entries to {GALLERY}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
