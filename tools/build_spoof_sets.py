"""Write tools/data/attack_set.tsv and tools/data/benign_set.tsv, which tools/spoof_sets.py reads.

    python tools/build_spoof_sets.py CHROMIUM_UNITTEST [--psl PATH]

The sets are facts (hosts, code points, addresses) from public sources, written out by this
script; no prose is copied. CHROMIUM_UNITTEST is Chromium's
``components/url_formatter/spoof_checks/idn_spoof_checker_unittest.cc`` (BSD-licensed, kept
outside the repository, read by tools/chromium_idn.py's reader); --psl is the Public Suffix
List file (MPL-2.0; default: the one the ``publicsuffixlist`` package ships). The other
sources are written into the rows below, each named in the row's ``source`` column:

- Firefox's IDN character blocklist, the ranges of ``netwerk/dns/IDNCharacterBlocklist.inc``
  (mozilla/gecko-dev, MPL-2.0; formerly the ``network.IDN.blocklist_chars`` preference);
- OWASP's Server-Side Request Forgery Prevention Cheat Sheet (CC BY-SA 4.0) and
  swisskyrepo/PayloadsAllTheThings' "Server Side Request Forgery" (MIT): the address forms;
- issue 23 of this project, and the parser-confusion classes it names.

Each attack row names what should catch it: ``expected`` (advisory codes separated by ``|``;
``host-spoof`` is any advisory on the host's spelling, a code added later included) and
``render`` (``punycode``: render() must not show a label of the host in Unicode; ``-``).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402

_spec = importlib.util.spec_from_file_location("chromium_idn", ROOT / "tools" / "chromium_idn.py")
assert _spec is not None and _spec.loader is not None
chromium_idn = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(chromium_idn)

DATA = ROOT / "tools" / "data"
CHROMIUM = "Chromium idn_spoof_checker_unittest.cc (BSD-3-Clause)"
FIREFOX = "Firefox IDNCharacterBlocklist.inc (MPL-2.0)"
OWASP = "OWASP SSRF Prevention Cheat Sheet (CC BY-SA 4.0)"
PATT = "PayloadsAllTheThings Server Side Request Forgery (MIT)"
ISSUE = "urlgrammar issue 23"
PSL = "Public Suffix List (MPL-2.0)"

#: Firefox's blocklist ranges (first, last), less U+0020, which no host holds.
FIREFOX_RANGES = [
    (0x00A0, 0x00A0), (0x00BC, 0x00BE), (0x0138, 0x0138), (0x01C3, 0x01C3), (0x02D0, 0x02D0),
    (0x0337, 0x0338), (0x0589, 0x058A), (0x05C3, 0x05C3), (0x05F4, 0x05F4), (0x0609, 0x060A),
    (0x066A, 0x066A), (0x06D4, 0x06D4), (0x0701, 0x0704), (0x115F, 0x1160), (0x1735, 0x1735),
    (0x2000, 0x200B), (0x200E, 0x2010), (0x2019, 0x2019), (0x2024, 0x2024), (0x2027, 0x202F),
    (0x2039, 0x203A), (0x2041, 0x2041), (0x2044, 0x2044), (0x2052, 0x2052), (0x205F, 0x205F),
    (0x2153, 0x215F), (0x2215, 0x2215), (0x2236, 0x2236), (0x23AE, 0x23AE), (0x2571, 0x2571),
    (0x29F6, 0x29F6), (0x29F8, 0x29F8), (0x2AFB, 0x2AFB), (0x2AFD, 0x2AFD), (0x2FF0, 0x2FFB),
    (0x3000, 0x3000), (0x3002, 0x3002), (0x3014, 0x3015), (0x3033, 0x3033), (0x30A0, 0x30A0),
    (0x3164, 0x3164), (0x321D, 0x321E), (0x33AE, 0x33AF), (0x33C6, 0x33C6), (0x33DF, 0x33DF),
    (0xFE14, 0xFE15), (0xFE3F, 0xFE3F), (0xFE5D, 0xFE5E), (0xFEFF, 0xFEFF), (0xFF0E, 0xFF0F),
    (0xFF61, 0xFF61), (0xFFA0, 0xFFA0), (0xFFF9, 0xFFFD)]
#: Of those, the ones that show as nothing or as blank space (the rest pass for punctuation).
INVISIBLE = {0x00A0, 0x115F, 0x1160, 0x1735, 0x3000, 0x3164, 0xFEFF, 0xFFA0, *range(0x2000, 0x200C),
             0x200E, 0x200F, *range(0x202A, 0x2030), 0x205F, 0xFFF9, 0xFFFA, 0xFFFB}

SPOOF = "host-spoof"

#: Hand-made rows: (url, class, expected, render, source).
ROWS = [
    # Punycode that domain to Unicode refuses, or that decodes to what may not be shown.
    ("https://xn--paypal-.com/login", "punycode-display", SPOOF, "punycode", ISSUE),
    ("https://xn--paypal-gf0c.com/", "punycode-display", SPOOF, "punycode", ISSUE),
    ("https://xn--elgoog-9l0c.com/", "punycode-display", SPOOF, "punycode", ISSUE),
    ("https://xn--apple-4ha.com/", "punycode-display", SPOOF, "punycode", ISSUE),
    # Whole-script confusables, capital look-alikes included.
    ("https://\u13ac\u13f4\u13aa\u13a9.com/", "whole-script", SPOOF, "punycode", ISSUE),  # Cherokee EBAY
    ("https://\u13df\u13aa\u13a1\u13a0.com/", "whole-script", SPOOF, "punycode", CHROMIUM),  # Cherokee CARD
    ("https://\ua4ee\ua4d1\ua4d1\ua4e1\ua4f0.com/", "whole-script", SPOOF, "punycode", ISSUE),  # Lisu APPLE
    # Lisu NETFLIX, Gothic BINK
    ("https://\ua4e0\ua4f0\ua4d4\ua4dd\ua4e1\ua4f2\ua4eb.com/", "whole-script", SPOOF, "punycode", ISSUE),
    ("https://\U00010331\U00010339\U0001033d\U0001033a.com/", "whole-script", SPOOF, "punycode", ISSUE),
    ("https://\U00010344\U00010349\U0001033a.com/", "whole-script", SPOOF, "punycode", ISSUE),  # Gothic
    ("https://\u03bf\u03ba.com/", "whole-script", SPOOF, "punycode", ISSUE),  # Greek ok
    ("https://\u03c1\u03bf\u03bf\u03c4.com/", "whole-script", SPOOF, "punycode", ISSUE),  # Greek poot
    ("https://\u0578\u057d.com/", "whole-script", SPOOF, "punycode", ISSUE),  # Armenian
    ("https://\u0570\u0585\u0582\u057d\u0565.com/", "whole-script", SPOOF, "punycode", ISSUE),  # Armenian
    ("https://\u0430\u0440\u0440\u04cf\u0435.com/", "whole-script", SPOOF, "punycode", CHROMIUM),
    ("https://\u0430\u0440\u0440\u04cf\u0435.com.\u043a\u043e\u043c/", "whole-script", SPOOF, "punycode",
     ISSUE),
    # Mixed scripts.
    ("https://p\u0430ypal.com/", "mixed-script", SPOOF, "punycode", ISSUE),
    ("https://\u0440aypal.com/", "mixed-script", SPOOF, "punycode", ISSUE),
    ("https://appl\u0435.com/", "mixed-script", SPOOF, "punycode", ISSUE),
    ("https://g\u03bfogle.com/", "mixed-script", SPOOF, "punycode", ISSUE),
    # Look-alikes of well-known domains.
    *[(f"https://{host}/", "well-known-lookalike", SPOOF, "punycode", ISSUE) for host in (
        "g\u043e\u043egle.com", "g\u00f5ogle.com", "googl\u00e9.com", "payp\u0430l.com", "paypa\u0142.com",
        "amaz\u043en.com", "am\u00e4zon.com", "f\u0430cebook.com", "faceb\u00f6ok.com", "micr\u043esoft.com",
        "micros\u00f6ft.com", "tw\u0131tter.com", "yah\u00f3o.com", "netfli\u0445.com", "linked\u0131n.com",
        "w\u00edkipedia.org", "g\u0131thub.com", "g\u0456thub.com", "instagr\u0430m.com", "\u0142inkedin.com",
        "b\u00e4nkofamerica.com", "chas\u00e9.com", "dropb\u00f6x.com", "\u00e1pple.com",
        "micr\u00f8soft.com")],
    # Credentials that look like a host.
    *[(url, "lookalike-credentials", "host-lookalike-credentials", "-", src) for url, src in (
        ("https://google.com@evil.example/", OWASP), ("https://google.com-login@evil.example/", ISSUE),
        ("https://2130706433@evil.example/", ISSUE), ("https://localhost@evil.example/", ISSUE),
        ("https://[::1]@evil.example/", ISSUE), ("https://www.paypal.com:443@evil.example/", ISSUE),
        ("https://paypal.com%2Flogin@evil.example/", ISSUE),
        ("https://accounts.google.com&@evil.example/", ISSUE),
        ("https://google.com;@evil.example/", ISSUE), ("https://google.com+@evil.example/", ISSUE),
        ("https://127.0.0.1@evil.example/", PATT), ("https://google.com:fakepassword@evil.example/", PATT),
        ("https://0x7f000001@evil.example/", ISSUE), ("http://169.254.169.254@evil.example/", PATT))],
    # Dangerous schemes.
    *[(url, "dangerous-scheme", "script-url|active-data-url", "-", src) for url, src in (
        ("javascript:alert(1)", OWASP), ("JaVaScRiPt:alert(document.domain)", PATT),
        ("java\tscript:alert(1)", ISSUE), ("  javascript:alert(1)", ISSUE), ("vbscript:msgbox(1)", ISSUE),
        ("VBScript:MsgBox(1)", ISSUE), ("data:text/html,<script>alert(1)</script>", ISSUE),
        ("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", ISSUE),
        ("data:image/svg+xml,<svg onload=alert(1)>", ISSUE), ("data:application/xhtml+xml,<x/>", ISSUE),
        ("data:text/javascript,alert(1)", ISSUE), ("data:application/javascript,alert(1)", ISSUE),
        ("DATA:Text/HTML,<b>x</b>", ISSUE), ("data:text/html;charset=utf-8,<script>1</script>", ISSUE))],
    # Parser disagreement (urllib versus the standard, IDNA 2003).
    *[(url, "parser-disagreement", "parser-disagreement", "-", src) for url, src in (
        ("http://good.example\\@evil.example/", ISSUE), ("http://good.example\\@evil.example:x/", ISSUE),
        ("http:/\\evil.example/", ISSUE), ("http:evil.example/", ISSUE), ("http:\\\\evil.example\\", ISSUE),
        ("http://fa\u00df.example/", ISSUE), ("http://\u03b2\u03cc\u03bb\u03bf\u03c2.com/", ISSUE),
        ("http://ex%61mple.com/", ISSUE), ("http://0x7f.1/", PATT), ("http://127.1/", PATT),
        ("http:///evil.example/", ISSUE), ("https:evil.example", ISSUE),
        ("http://0177.0.0.1/", PATT), ("http://evil.example\\.good.example/", ISSUE))],
]

#: Internal addresses in their spellings (OWASP, PayloadsAllTheThings, issue 23).
INTERNAL = [
    *[(h, PATT) for h in (
        "127.0.0.1", "127.1", "127.0.1", "0", "0.0.0.0", "2130706433", "0x7f000001", "0x7f.0x0.0x0.0x1",
        "017700000001", "0177.0.0.1", "0177.1", "127.000.000.001", "0x7f.1", "[::1]", "[::]",
        "[0:0:0:0:0:ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::ffff:127.0.0.1]", "localhost", "LOCALHOST",
        "localtest.me", "lvh.me", "127.0.0.1.nip.io", "169.254.169.254.nip.io",
        "spoofed.burpcollaborator.net.127.0.0.1.nip.io", "\u2460\u2461\u2466.\u24ea.\u24ea.\u2460",
        "127\u30020\u30020\u30021", "0251.0376.0251.0376", "0xa9fea9fe", "2852039166", "169.254.43518",
        "0xa9.0xfe.0xa9.0xfe", "[::ffff:a9fe:a9fe]", "[0:0:0:0:0:ffff:169.254.169.254]",
        "169.254.169.254", "metadata.google.internal", "metadata", "100.100.100.200", "192.0.0.192")],
    *[(h, OWASP) for h in ("10.0.0.1", "172.16.0.1", "192.168.1.1", "169.254.0.1", "[fd00::1]", "[fe80::1]",
                          "168.63.129.16", "[fd00:ec2::254]")],
    *[(h, ISSUE) for h in (
        "[64:ff9b::a9fe:a9fe]", "[64:ff9b:1::a9fe:a9fe]", "[2002:a9fe:a9fe::]", "[::127.0.0.1]", "100.64.0.1",
        "224.0.0.1", "255.255.255.255", "0.1.2.3", "kubernetes.default.svc", "x.internal", "printer.local",
        "home.arpa", "api.localhost", "localhost.localdomain", "ip6-localhost", "app-10-0-0-1.nip.io",
        "c0a80001.nip.io", "10.0.0.1.sslip.io")],
]
#: Non-special schemes, whose clients read the host as an address (PayloadsAllTheThings).
NON_SPECIAL = ["gopher://127.0.0.1:6379/_INFO", "gopher://127.1:1/", "dict://0x7f000001:11211/stat",
               "redis://LOCALHOST:6379/", "ldap://localhost:389/", "sftp://127.0.0.1:22/",
               "tftp://127.0.0.1:69/x", "dict://[::1]:11211/", "gopher://0:8080/_GET"]


def chromium_rows(path: Path) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Attack rows from Chromium's kUnsafe and kInvalid cases, benign rows from its kSafe."""
    attack, benign = [], []
    for case in chromium_idn.read_cases(path.read_text(encoding="utf-8")):
        host = case.unicode if case.unicode and "xn--" not in case.unicode else case.host
        if case.verdict == "kSafe":
            if not host.isascii():
                benign.append((f"https://{host}/", script_class(host), CHROMIUM + " kSafe"))
            continue
        section = case.comment.lower()
        kind = ("punycode-display" if case.verdict == "kInvalid" else
                "whole-script" if "whole" in section or "made of latin-look-alike" in section
                or "cyrillic with latin" in section else
                "mixed-script" if "mix" in section else
                "invisible" if "invisib" in section or "zwj" in section or "zwnj" in section else
                "delimiter-lookalike" if "slash" in section or "block list" in section else
                "well-known-lookalike" if "top domain" in section else "label-rules")
        text = case.host if case.verdict == "kInvalid" else host
        attack.append((f"https://{text}/", kind, SPOOF, "punycode", f"{CHROMIUM} {case.verdict}"))
    return attack, benign


def script_class(host: str) -> str:
    """The benign row's class: the script of the host's first letter that is not ASCII."""
    ch = next((c for c in host if not c.isascii() and c.isalpha()), "")
    word = unicodedata.name(ch, "OTHER").split()[0].lower() if ch else "other"
    return {"cjk": "han", "hiragana": "japanese", "katakana": "japanese", "devanagari": "indic",
            "bengali": "indic", "tamil": "indic", "telugu": "indic", "gujarati": "indic", "kannada": "indic",
            "malayalam": "indic", "gurmukhi": "indic", "oriya": "indic"}.get(word, word)


def psl_rows(path: Path) -> list[tuple[str, ...]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.strip()
        if name and not name.startswith("//") and not name.isascii() and name[0] not in "*!":
            rows.append((f"https://{name}/", script_class(name), PSL))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("chromium", type=Path)
    ap.add_argument("--psl", type=Path)
    args = ap.parse_args()
    psl = args.psl
    if psl is None:
        import publicsuffixlist
        psl = Path(publicsuffixlist.__file__).parent / "public_suffix_list.dat"
    attack = [tuple(r) for r in ROWS]
    for cp in (c for first, last in FIREFOX_RANGES for c in range(first, last + 1)):
        kind = "invisible" if cp in INVISIBLE else "delimiter-lookalike"
        src = f"{FIREFOX} U+{cp:04X}"
        attack.append((f"https://accounts.google.com{chr(cp)}signin.evil.example/", kind, SPOOF, "punycode",
                       src))
        attack.append((f"https://pay{chr(cp)}pal.com/", kind, SPOOF, "punycode", src))
    attack += [(f"http://{h}/", "internal-address", "internal-address", "-", src) for h, src in INTERNAL]
    attack += [(url, "internal-address", "internal-address", "-", PATT) for url in NON_SPECIAL]
    from_chromium, benign = chromium_rows(args.chromium)
    attack += from_chromium
    benign += psl_rows(psl)
    # Only what the standard's parser takes: a URL that fails is no attack on a reader of it.
    kept = [r for r in attack if urlgrammar.URL.can_parse(r[0])]
    DATA.mkdir(exist_ok=True)
    head = ("# Written by tools/build_spoof_sets.py from the sources named in each row. "
            "url\tclass\texpected\trender\tsource\n")
    with (DATA / "attack_set.tsv").open("w", encoding="utf-8") as f:
        f.write(head)
        f.writelines("\t".join(_escape(v) for v in row) + "\n" for row in dict.fromkeys(kept))
    benign_kept = [r for r in dict.fromkeys(benign) if urlgrammar.URL.can_parse(r[0])]
    with (DATA / "benign_set.tsv").open("w", encoding="utf-8") as f:
        f.write("# Written by tools/build_spoof_sets.py: real names. url\tclass\tsource\n")
        f.writelines("\t".join(_escape(v) for v in row) + "\n" for row in benign_kept)
    print(f"attack: {len(set(kept))} of {len(attack)} parse; benign: {len(benign_kept)} of {len(benign)}")
    return 0


def _escape(value: str) -> str:
    """A TSV field: tab, newline and backslash escaped as \\t, \\n, \\\\ (spoof_sets reads them back)."""
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


if __name__ == "__main__":
    raise SystemExit(main())
