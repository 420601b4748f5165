"""Regenerate (or check) the explain output in docs/teaching.md, and the viewer's pages.

    python tools/gallery.py           rewrite every entry's output block, and docs/views/
    python tools/gallery.py --check   exit 1 if any block or page differs from what is made now

Each entry is marked by an HTML comment holding its input and base as JSON,
``<!-- explain: {"input": "http:foo", "base": null} -->``, followed by a ```text block that
holds ``urlgrammar explain`` output without the parse tree, and a link to the entry's page in
docs/views/ (``urlgrammar explain INPUT --format html``, named after the entry's heading); or,
for a setter, its URL, attribute and value,
``<!-- setter: {"href": "http://h:1/", "attribute": "port", "value": "8x"} -->``, followed by
:func:`urlgrammar.teaching.setters.explain_setter`'s text; or, for RFC 3986 beside the standard,
its input and base, ``<!-- rfc3986: {"rfc3986": "http:g", "base": "http://a/b/c/d;p?q"} -->``,
followed by both readings and where they part (:func:`render_rfc`). docs/views/grammars.html holds the
railroad diagrams the pages' rule links point to (``urlgrammar grammar diagram``; the
`diagrams` extra). The prose around it is by hand.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from urlgrammar import validate  # noqa: E402
from urlgrammar.checking.readers import standard_library_only  # noqa: E402
from urlgrammar.errors import escape  # noqa: E402
from urlgrammar.teaching.explain import explain  # noqa: E402
from urlgrammar.teaching.setters import explain_setter  # noqa: E402
from urlgrammar.teaching.viewer.page import export  # noqa: E402

GALLERY = ROOT / "docs" / "teaching.md"
VIEWS = ROOT / "docs" / "views"
DIAGRAMS = "grammars.html"
LINK = "[This entry in the viewer](views/{}.html)"
ENTRY = re.compile(r"<!-- (?P<kind>explain|setter|rfc3986): (?P<args>\{.*?\}) -->\n"
                   r"```text\n(?P<output>.*?)```"
                   r"(?:\n\n\[This entry in the viewer\]\(views/(?P<view>[^)]*)\.html\))?", re.S)
HEADING = re.compile(r"^## (.*)$", re.M)


def render(input: str, base: str | None) -> str:
    with standard_library_only():  # the same gallery whichever optional readers are installed
        return explain(input, base).text(brief=True).rstrip() + "\n"


def render_rfc(input: str, base: str | None) -> str:
    """The standard's reading of ``input`` (against ``base``), RFC 3986's beside it
    (:attr:`urlgrammar.checking.validate.Report.rfc3986`), and where they part."""
    report = validate(input, base, advisories=False)
    head = f"“{escape(input)}”" + ("" if base is None else f" against “{escape(base)}”")
    standard = (f"the standard: “{escape(report.href)}”" if report.href is not None else
                "the standard: the parser fails")
    standard += ", a valid URL string" if report.valid else ", not a valid URL string"
    return "\n".join([head, "", standard, *report.rfc3986.lines()]) + "\n"


def render_args(args: dict[str, str | None]) -> str:
    """The block of an entry, an explain, setter or RFC 3986 entry's by its arguments."""
    if "rfc3986" in args:
        return render_rfc(str(args["rfc3986"]), args.get("base"))
    if "attribute" in args:
        return explain_setter(str(args["href"]), str(args["attribute"]), str(args["value"]))
    return render(str(args["input"]), args.get("base"))


def name(args: dict[str, str | None]) -> str:
    if "attribute" in args:
        return f"{args['href']!r} {args['attribute']}={args['value']!r}"
    if "rfc3986" in args:
        against = "" if args.get("base") is None else f" against {args['base']!r}"
        return f"{args['rfc3986']!r} by RFC 3986{against}"
    return repr(args["input"])


def entries(text: str) -> list[tuple[dict[str, str | None], str]]:
    return [(json.loads(m["args"]), m["output"]) for m in ENTRY.finditer(text)]


def view_name(text: str, at: int) -> str:
    """The page name of the entry at offset ``at``: its heading's words (``1-force``)."""
    headings = [m[1] for m in HEADING.finditer(text, 0, at)]
    return re.sub(r"[^a-z0-9]+", "-", headings[-1].lower()).strip("-") if headings else "entry"


def views(text: str) -> dict[str, str]:
    """Each explain entry's page, by name (without ``.html``), made now."""
    out = {}
    with standard_library_only():
        for m in ENTRY.finditer(text):
            args = json.loads(m["args"])
            if m["kind"] == "explain":
                out[view_name(text, m.start())] = export(str(args["input"]), args.get("base"))
    return out


def diagrams() -> str:
    """The railroad diagrams, as ``urlgrammar grammar diagram`` draws them."""
    from urlgrammar.grammar_tools.diagram import render_page
    from urlgrammar.syntax.grammars import GRAMMARS, grammar_dir

    return render_page(grammar_dir(), list(GRAMMARS))


def regenerate(text: str) -> str:
    def block(m: re.Match[str]) -> str:
        out = f"<!-- {m['kind']}: {m['args']} -->\n```text\n{render_args(json.loads(m['args']))}```"
        return out + ("\n\n" + LINK.format(view_name(text, m.start())) if m["kind"] == "explain" else "")

    return ENTRY.sub(block, text)


def stale(text: str) -> list[str]:
    """What differs from what is made now: entries, their links, pages, and stray pages."""
    found = [name(args) for args, out in entries(text) if out != render_args(args)]
    if regenerate(text) != text and not found:
        found.append("the links to docs/views/")
    pages = {f"{n}.html": page for n, page in views(text).items()} | {DIAGRAMS: diagrams()}
    for file, page in pages.items():
        path = VIEWS / file
        if not path.is_file() or path.read_text(encoding="utf-8") != page:
            found.append(f"docs/views/{file}")
    found.extend(f"docs/views/{p.name} (no entry)" for p in sorted(VIEWS.glob("*")) if p.name not in pages)
    return found


def main() -> int:
    text = GALLERY.read_text(encoding="utf-8")
    if "--check" in sys.argv[1:]:
        for entry in stale(text):
            print(f"stale: {entry}", file=sys.stderr)
        return 1 if stale(text) else 0
    fresh = regenerate(text)
    GALLERY.write_text(fresh, encoding="utf-8")
    VIEWS.mkdir(exist_ok=True)
    pages = {f"{n}.html": page for n, page in views(fresh).items()} | {DIAGRAMS: diagrams()}
    for old in VIEWS.glob("*"):
        if old.name not in pages:
            old.unlink()
    for file, page in pages.items():
        (VIEWS / file).write_text(page, encoding="utf-8")
    print(f"wrote {len(entries(fresh))} entries to {GALLERY} and {len(pages)} pages to {VIEWS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
