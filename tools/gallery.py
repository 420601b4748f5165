"""Regenerate (or check) the explain output in docs/teaching.md.

    python tools/gallery.py           rewrite every entry's output block
    python tools/gallery.py --check   exit 1 if any block differs from what explain gives now

Each entry is marked by an HTML comment holding its input and base as JSON,
``<!-- explain: {"input": "http:foo", "base": null} -->``, followed by a ```text block that
holds ``urlgrammar explain`` output without the parse tree; or, for a setter, its URL, attribute
and value, ``<!-- setter: {"href": "http://h:1/", "attribute": "port", "value": "8x"} -->``,
followed by :func:`urlgrammar.teaching.setters.explain_setter`'s text. The prose around it is
by hand.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from urlgrammar.teaching.explain import explain  # noqa: E402
from urlgrammar.teaching.setters import explain_setter  # noqa: E402

GALLERY = ROOT / "docs" / "teaching.md"
ENTRY = re.compile(r"<!-- (?P<kind>explain|setter): (?P<args>\{.*?\}) -->\n```text\n(?P<output>.*?)```", re.S)


def render(input: str, base: str | None) -> str:
    return explain(input, base).text(brief=True).rstrip() + "\n"


def render_args(args: dict[str, str | None]) -> str:
    """The block of an entry, an explain entry's or a setter entry's by its arguments."""
    if "attribute" in args:
        return explain_setter(str(args["href"]), str(args["attribute"]), str(args["value"]))
    return render(str(args["input"]), args.get("base"))


def name(args: dict[str, str | None]) -> str:
    if "attribute" in args:
        return f"{args['href']!r} {args['attribute']}={args['value']!r}"
    return repr(args["input"])


def entries(text: str) -> list[tuple[dict[str, str | None], str]]:
    return [(json.loads(m["args"]), m["output"]) for m in ENTRY.finditer(text)]


def regenerate(text: str) -> str:
    def block(m: re.Match[str]) -> str:
        return f"<!-- {m['kind']}: {m['args']} -->\n```text\n{render_args(json.loads(m['args']))}```"

    return ENTRY.sub(block, text)


def main() -> int:
    text = GALLERY.read_text(encoding="utf-8")
    fresh = regenerate(text)
    if "--check" in sys.argv[1:]:
        stale = [name(args) for args, out in entries(text) if out != render_args(args)]
        for entry in stale:
            print(f"stale: {entry}", file=sys.stderr)
        return 1 if stale else 0
    GALLERY.write_text(fresh, encoding="utf-8")
    print(f"wrote {len(entries(fresh))} entries to {GALLERY}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
