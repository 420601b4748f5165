"""How often render() shows a host as Chromium's IDN display policy does, on Chromium's own cases.

    python tools/chromium_idn.py PATH [--platform linux|apple|other] [--protect FILE] [--all]

PATH is Chromium's ``components/url_formatter/spoof_checks/idn_spoof_checker_unittest.cc``
(BSD-licensed; kept outside the repository, e.g. /work/data/chromium/). The tool reads its
test-case tables (``kIdnCases`` and the deviation characters' ``kTestCases``): each case is an
ASCII host, its Unicode form, and Chromium's verdict, ``kSafe`` (shown in Unicode), ``kUnsafe``
(kept in Punycode by a spoof check) or ``kInvalid`` (Punycode that must not be decoded). A
verdict that depends on the IDNA mode takes the non-transitional one, the standard's. Cases
under ``#if BUILDFLAG(...)`` count only for the chosen platform (default linux).

For each case, the host of ``https://HOST/`` goes through :func:`urlgrammar.render`; the host
it shows is compared with what Chromium shows: the Unicode form for kSafe, the ASCII host
otherwise. A host the standard's parser rejects is shown as written. Printed: the agreement,
a table of Chromium's verdict against ours, and every difference, grouped by the reason our
display gave (:func:`urlgrammar.host.display.display_refusal` for a label kept in Punycode,
"domain to Unicode error" where ToUnicode fails; "shown in Unicode" where Chromium refuses
and we do not, with Chromium's comment above the case). Exit status 0; 2 when PATH cannot be
read or holds no cases.

Chromium's unit tests compare hosts with a list of top domains of their own
(``components/url_formatter/spoof_checks/top_domains/test_domains.list``: `digklmo68.com`,
`wmhtb.com`, `o2.com` ...), not with the browser's; ``--protect FILE`` gives render() that
list as its ``protected`` domains (one a line, `#` comments), so that its look-alike check
compares with the domains the cases were written against.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402
from urlgrammar.host import display  # noqa: E402
from urlgrammar.host.top_domains import protected_names, similar_well_known, well_known  # noqa: E402

#: The embedding marks render() puts around a right-to-left rendering.
_MARKS = dict.fromkeys(map(ord, "\u202a\u202b\u202c"))

_STRING = r'"(?:[^"\\]|\\.)*"'
_CASE = re.compile(
    rf"\{{\s*(?P<input>(?:{_STRING}\s*)+),\s*(?P<unicode>nullptr|(?:u{_STRING}\s*)+),\s*"
    r"(?P<result>k\w+|is_non_transitional_idna\s*\?\s*(?P<nt>k\w+)\s*:\s*k\w+)\s*\}")
_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{1,4}|.)")
_FLAGS = {"linux": ("IS_LINUX", "IS_CHROMEOS"), "apple": ("IS_APPLE", "IS_MAC", "IS_IOS"), "other": ()}


class Case(NamedTuple):
    host: str
    unicode: str | None
    verdict: str  # kSafe, kUnsafe, kInvalid
    comment: str  # Chromium's comment above the case: what it tests


def _literal(text: str) -> str:
    """The value of adjacent C++ string literals (``"a" "b"``, ``u"..."``)."""
    parts = re.findall(_STRING, text)

    def unescape(m: re.Match[str]) -> str:
        e = m[1]
        return chr(int(e[1:], 16)) if e[0] in "uUx" and len(e) > 1 else e
    return "".join(_ESCAPE.sub(unescape, p[1:-1]) for p in parts)


def _kept_lines(text: str, platform: str) -> list[str]:
    """The lines outside the ``#if`` branches that do not hold on ``platform``."""
    flags = _FLAGS[platform]
    keep: list[bool] = []
    out = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#if"):
            keep.append(any(f in stripped for f in flags))
        elif stripped.startswith("#else") and keep:
            keep[-1] = not keep[-1]
        elif stripped.startswith("#endif") and keep:
            keep.pop()
        elif all(keep):
            out.append(line)
    return out


def read_cases(text: str, platform: str = "linux") -> list[Case]:
    """Every test case of the file's tables, with the first line of the comment block that
    opens its section (a comment after a blank line or a table's opening: the rule the
    section tests)."""
    cases = []
    section, opens = "(no comment)", True  # a comment after a blank line or a table's `{` opens one
    buffer = ""
    for line in _kept_lines(text, platform):
        stripped = line.strip()
        if stripped.startswith("//"):
            if opens:
                section = stripped[2:].strip() or section
            opens = False
            continue
        if not stripped:
            opens = True
            continue
        opens = stripped.endswith("{")
        buffer += " " + re.sub(r"\}(\s*,?)\s*//.*$", r"}\1", line)
        end = 0
        for m in _CASE.finditer(buffer):
            unicode = None if m["unicode"] == "nullptr" else _literal(m["unicode"])
            cases.append(Case(_literal(m["input"]), unicode, m["nt"] or m["result"], section))
            end = m.end()
        buffer = buffer[end:] if end else buffer[-2000:]
    return cases


def shown_host(host: str, protected: tuple[str, ...] = ()) -> tuple[str | None, str]:
    """The host of ``https://HOST/`` as render() shows it (None where the standard's parser
    rejects it), and the host the parser reads (``host`` where it rejects it)."""
    try:
        url = urlgrammar.parse(f"https://{host}/")
    except urlgrammar.URLError:
        return None, host
    shown = urlgrammar.render(f"https://{url.hostname}/", protected=protected).translate(_MARKS)
    return shown.removeprefix("https://").removesuffix("/"), url.hostname


def _decoded(label: str) -> str | None:
    """The label as domain to Unicode decodes it without error, or None (display.py's own
    function where this checkout has it)."""
    own = getattr(display, "to_unicode_label", None)
    if own is not None:
        result: str | None = own(label)
        return result
    if not label.startswith("xn--"):
        return None
    shown = urlgrammar.domain_to_unicode(label)
    return None if shown == label else shown


def _refusal(label: str, top: str) -> str | None:
    """:func:`urlgrammar.host.display.display_refusal`, with the host's top label where it
    takes one."""
    try:
        result: str | None = display.display_refusal(label, top)
    except TypeError:
        result = display.display_refusal(label)
    return result


def why_kept(ascii_host: str, protected: tuple[str, ...] = ()) -> str:
    """Why our display keeps a label of ``ascii_host`` in Punycode: the first reason found."""
    labels = ascii_host.split(".")
    decoded = [_decoded(label) for label in labels]
    if any(d is None and a.startswith("xn--") for d, a in zip(decoded, labels, strict=True)):
        return "domain to Unicode error (the label, or another, does not decode cleanly)"
    unicode = [d if d is not None else a for d, a in zip(decoded, labels, strict=True)]
    top = next((label for label in reversed(unicode) if label), "")
    for d in decoded:
        if d is not None and (reason := _refusal(d, top)) is not None:
            return re.sub(r"confusable with \S+", "confusable with a Latin label", reason)
    if similar_well_known([label for label in labels if label], well_known(protected)) is not None:
        return "look-alike of a well-known domain (lookalike-domain)"
    return "bidi rule across the domain, or the top-level domain refused"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path", help="Chromium's idn_spoof_checker_unittest.cc")
    ap.add_argument("--platform", choices=sorted(_FLAGS), default="linux")
    ap.add_argument("--protect", metavar="FILE",
                    help="domains render() protects: Chromium's test_domains.list")
    ap.add_argument("--all", action="store_true", help="print the agreeing cases too")
    args = ap.parse_args()
    try:
        cases = read_cases(Path(args.path).read_text(encoding="utf-8"), args.platform)
        lines = Path(args.protect).read_text(encoding="utf-8").splitlines() if args.protect else []
    except (OSError, UnicodeDecodeError) as e:
        print(f"chromium_idn: cannot read {e.filename if isinstance(e, OSError) else args.protect}: {e}",
              file=sys.stderr)
        return 2
    protected = protected_names(line.strip() for line in lines if line.strip() and not line.startswith("#"))
    if not cases:
        print(f"chromium_idn: no test cases in {args.path}", file=sys.stderr)
        return 2
    table: Counter[tuple[str, str]] = Counter()
    groups: dict[str, list[str]] = defaultdict(list)
    agree = compared = 0
    for case in cases:
        expected = case.unicode if case.verdict == "kSafe" and case.unicode is not None else case.host
        shown, read = shown_host(case.host, protected)
        if read != case.host.lower():  # `xn--hello?world.com`: the host is `xn--hello`
            groups["not compared: the standard reads another host"].append(f"  {case.host!r} -> {read!r}")
            continue
        compared += 1
        ours = "parse failure" if shown is None else "Unicode" if shown != read else "as written"
        table[case.verdict, ours] += 1
        line = f"  {case.host!r} -> ours {shown!r}, Chromium {case.verdict} {expected!r}"
        if (shown if shown is not None else case.host) == expected:
            agree += 1
            if args.all:
                groups["agree"].append(line)
            continue
        if ours == "Unicode" and case.verdict != "kSafe":
            reason = f"shown in Unicode; Chromium {case.verdict}, section: {case.comment[:90]}"
        elif ours == "parse failure":
            reason = "the standard's host parser rejects the host"
        elif ours == "as written":
            reason = f"kept: {why_kept(read, protected)}"
        else:
            reason = "another split between the labels shown and kept"
        groups[reason].append(line)
    print(f"{len(cases)} cases from {args.path} (platform {args.platform})")
    print(f"compared: {compared} (the rest: the standard reads another host)")
    print(f"agreement: {agree}/{compared} = {agree / compared:.1%}")
    print("\nChromium's verdict x our display:")
    for verdict in ("kSafe", "kUnsafe", "kInvalid"):
        row = ", ".join(f"{ours} {table[verdict, ours]}"
                        for ours in ("Unicode", "as written", "parse failure"))
        print(f"  {verdict:<8} {row}")
    print("\ndifferences by reason (largest first):")
    for reason, lines in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{reason}: {len(lines)}")
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
