"""How the cost of each entry point grows with the length of its input, shape by shape.

    python tools/bench_cost.py [--sizes 10000,100000] [--entry NAME ...] [--shape NAME ...]
                               [--repeat R] [--list]

For every entry point (``parse``, ``can_parse``, ``validate`` (with its advisories),
``explain`` with its text, ``render`` with a width, and ``domain_to_ascii``) and every shape of
input (long paths, dot segments, `%zz`, `@`, brackets, long ports, hosts of joiners, IDN
labels, IPv4-like numbers, relative references against a base, ...), it builds the input at
each size (in code points; a shape repeats its unit until the input is that long), runs the
entry point on it and keeps the best CPU time (``time.process_time``) of R runs. A failure
(URLError) is a result like any other: its cost is measured too.

The table has, per entry point and shape, the time at the two sizes, their ratio (a linear
cost gives about 10 for 10 kB against 100 kB; a quadratic one about 100), and the cost per code
point at the larger size as a multiple of the plain path's (``http://h/aaa...``; for
``domain_to_ascii``, a plain ASCII label ``aaa...``) for the same entry point. The project's
goal: every ratio at most 12, every factor at most 20. The worst of each is printed last, and
the exit status is 1 when either misses the goal.

Absolute times on a shared machine are noisy; the ratios and factors, measured in one process
with the best of R runs, are what to compare.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urlgrammar  # noqa: E402
from urlgrammar.teaching.explain import explain  # noqa: E402

#: The goal: a 10x longer input costs at most this many times as much ...
MAX_RATIO = 12.0
#: ... and no shape costs more than this many times the plain path per code point.
MAX_FACTOR = 20.0
#: A run slower than this many seconds is not repeated (the best of one is good enough).
SLOW = 2.0


@dataclass(frozen=True)
class Shape:
    """``prefix + unit * k + suffix``, with k chosen to make the input ``n`` code points long.

    ``host``: the repeated part is a host, which is what ``domain_to_ascii`` is given;
    otherwise it is given the whole input.
    """

    name: str
    prefix: str
    unit: str
    suffix: str = ""
    base: str | None = None
    host: bool = False
    #: Each repetition of the unit (a label ending in `.`) is made distinct by a suffix of
    #: ASCII letters before its last code point, so that nothing can be done once per label;
    #: each run has its own labels (a digit, the run's, before the letters), so that nothing
    #: is done once per input either.
    distinct: bool = False

    def repeated(self, n: int, run: int = 0) -> str:
        count = max(1, (n - len(self.prefix) - len(self.suffix)) // len(self.unit))
        if not self.distinct:
            return self.unit * count
        units, length, k = [], 0, 0
        while length < count * len(self.unit):
            unit = f"{self.unit[:-1]}{run % 10}{_letters(k)}{self.unit[-1]}"
            units.append(unit)
            length += len(unit)
            k += 1
        return "".join(units)

    def input(self, n: int, run: int = 0) -> str:
        return self.prefix + self.repeated(n, run) + self.suffix

    def domain(self, n: int, run: int = 0) -> str:
        return self.repeated(n, run) if self.host else self.input(n, run)


def _letters(k: int) -> str:
    """``k`` written in base 26 with the digits a to z."""
    out = ""
    while True:
        k, digit = divmod(k, 26)
        out = chr(ord("a") + digit) + out
        if not k:
            return out


PLAIN = Shape("plain path", "http://h/", "a")

SHAPES: tuple[Shape, ...] = (
    PLAIN,
    # Paths.
    Shape("path segments a/", "http://h/", "a/"),
    Shape("dot segments /./", "http://h", "/."),
    Shape("dot-dot segments ../", "http://h/", "../"),
    Shape("a/../ pairs", "http://h/", "a/../"),
    Shape("%2e dot segments", "http://h/", "%2e/"),
    Shape("empty segments //", "http://h", "/"),
    Shape("invalid % (%zz)", "http://h/", "%zz"),
    Shape("lone % at segment end", "http://h/", "a%/"),
    Shape("valid % (%41)", "http://h/", "%41"),
    Shape("encoded UTF-8 (%C3%A9)", "http://h/", "%C3%A9"),
    Shape("invalid UTF-8 (%FF)", "http://h/", "%FF"),
    Shape("path of @", "http://h/", "@"),
    Shape("path of :", "http://h/", ":"),
    Shape("path of [ and ]", "http://h/", "[]"),
    Shape("path of é", "http://h/", "é"),
    Shape("path of spaces", "http://h/", " "),
    Shape("backslashes", "http://h", "\\a"),
    Shape("tabs and newlines", "http://h/", "a\t\n"),
    Shape("C0 controls in path", "http://h/", "\x01"),
    Shape("leading C0 controls", "", "\x01", "http://h/"),
    Shape("trailing spaces", "http://h/", " "),
    Shape("lone surrogates", "http://h/", "\ud800"),
    # Queries and fragments.
    Shape("query a=b&", "http://h/?", "a=b&"),
    Shape("query of %zz", "http://h/?", "%zz"),
    Shape("query of '", "http://h/?", "'"),
    Shape("fragment", "http://h/#", "a"),
    Shape("fragment of #", "http://h/#", "#"),
    Shape("fragment of spaces", "http://h/#", " "),
    # Authorities.
    Shape("userinfo of @", "http://", "@", "h/"),
    Shape("userinfo a@", "http://", "a@", "h/"),
    Shape("userinfo of :", "http://", ":", "@h/"),
    Shape("userinfo of %zz", "http://", "%zz", "@h/"),
    Shape("long username", "http://", "a", "@h/"),
    Shape("long port 0", "http://h:", "0", "/"),
    Shape("long port 9", "http://h:", "9", "/"),
    Shape("port then :", "http://h:1", ":", "/"),
    Shape("host of [", "http://", "[", "/", host=True),
    Shape("host of []", "http://", "[]", "/", host=True),
    Shape("host of ]", "http://", "]", "/", host=True),
    Shape("long ASCII host", "http://", "a", "/", host=True),
    Shape("host labels a.", "http://", "a.", "/", host=True),
    Shape("host of %zz", "http://", "%zz", "/", host=True),
    Shape("host of %41", "http://", "%41", "/", host=True),
    Shape("host of joiners", "http://", "a\u200d", "/", host=True),
    Shape("host of ZWNJ", "http://", "a\u200c", "/", host=True),
    Shape("labels a+ZWJ.", "http://", "a\u200d.", "/", host=True),
    Shape("ZWJ labels of 1000", "http://", "a\u200d" * 500 + ".", "/", host=True),
    Shape("combining marks", "http://a", "\u0301", "/", host=True),
    Shape("IDN label ü", "http://", "ü", "/", host=True),
    Shape("IDN labels ü.", "http://", "ü.", "/", host=True),
    Shape("distinct IDN labels üab.", "http://", "ü.", "/", host=True, distinct=True),
    Shape("IDN mixed scripts", "http://", "üдαש", "/", host=True),
    # Chromium's label rules (urlgrammar/host/label_policy.py): a whole-script look-alike, kana
    # and ideographs among Latin, digits of two systems, a repeated mark, Cherokee capitals.
    Shape("Cyrillic look-alikes", "http://", "аре", "/", host=True),
    Shape("kana patterns", "http://", "aー一ノへ", "/", host=True),
    Shape("two digit systems", "http://", "1२", "/", host=True),
    Shape("repeated marks", "http://", "a\u0301\u0301", "/", host=True),
    Shape("Cherokee capitals", "http://", "ᎬᏴᎪᎩ", "/", host=True),
    Shape("xn-- labels", "http://", "xn--tda.", "/", host=True),
    Shape("long xn-- label", "http://xn--", "a", "/", host=True),
    Shape("bidi labels", "http://", "ש.a.", "/", host=True),
    Shape("IPv4-like 1.", "http://", "1.", "1/", host=True),
    Shape("IPv4 long number", "http://", "9", "/", host=True),
    Shape("IPv4 hex 0x0", "http://0x", "0", "/", host=True),
    Shape("IPv6 0:", "http://[", "0:", "]/", host=True),
    Shape("IPv6 long piece", "http://[", "0", "::]/", host=True),
    Shape("IPv6 ::", "http://[", "::", "]/", host=True),
    Shape("host of surrogates", "http://", "\udc00", "/", host=True),
    # What the advisories and render read: labels that mix scripts or look Latin, code points
    # the mapping removes, a username that looks like a host, a host that changes.
    Shape("confusable label аp", "http://", "аp", ".com/", host=True),
    Shape("labels of аp.", "http://", "аp.", "com/", host=True),
    Shape("host of zero-width spaces", "http://", "a\u200b", "/", host=True),
    Shape("host of ideographic dots", "http://", "a\u3002", "/", host=True),
    Shape("host of encoded ZWSP", "http://", "a%E2%80%8B", "/", host=True),
    Shape("lookalike username a.", "http://", "a.", "com@h/"),
    Shape("path of encoded 日", "http://h/", "%E6%97%A5"),
    Shape("path of encoded RLO", "http://h/", "%E2%80%AE"),
    Shape("opaque host", "foo://", "a", "/", host=True),
    Shape("opaque host of %zz", "foo://", "%zz", "/", host=True),
    # Non-special and opaque paths.
    Shape("opaque path", "a:", "b"),
    Shape("opaque path of spaces", "mailto:", "x "),
    Shape("opaque path of %zz", "a:", "%zz"),
    Shape("non-special path a/", "foo://h/", "a/"),
    Shape("non-special ../", "foo://h/", "../"),
    Shape("long scheme", "", "a", ":b"),
    # File URLs.
    Shape("file path with drive", "file:///C:/", "a/"),
    Shape("file drive letters C|/", "file:///", "C|/"),
    Shape("file drive dot-dots", "file:///C:/", "../"),
    Shape("file of backslashes", "file:", "\\"),
    # Relative references against a base.
    Shape("relative a/", "", "a/", base="http://h/b/c"),
    Shape("relative ../", "", "../", base="http://h/b/c"),
    Shape("relative query", "?", "a", base="http://h/b/c"),
    Shape("relative //host", "//", "a", "/", base="http://h/b/c"),
    Shape("relative \\\\host", "\\\\", "a", "/", base="http://h/b/c"),
    Shape("relative file C|", "", "C|/", base="file:///D:/x"),
    Shape("relative to opaque #", "#", "a", base="a:b"),
)


def _run_parse(shape: Shape, text: str) -> object:
    return urlgrammar.parse(text, shape.base)


def _run_can_parse(shape: Shape, text: str) -> object:
    return urlgrammar.can_parse(text, shape.base)


def _run_validate(shape: Shape, text: str) -> object:
    return urlgrammar.validate(text, shape.base)


def _run_explain(shape: Shape, text: str) -> object:
    # The CLI prints the text; building it is part of the cost.
    return explain(text, shape.base).text()


def _run_render(shape: Shape, text: str) -> object:
    # Elision is the part that reads the host's labels one by one.
    return urlgrammar.render(urlgrammar.parse(text, shape.base), width=40)


def _run_domain_to_ascii(shape: Shape, text: str) -> object:
    return urlgrammar.domain_to_ascii(text)


#: Entry point name -> (the call, whether it takes the shape's domain rather than its input).
ENTRIES: dict[str, tuple[Callable[[Shape, str], object], bool]] = {
    "parse": (_run_parse, False),
    "can_parse": (_run_can_parse, False),
    "validate": (_run_validate, False),
    "explain": (_run_explain, False),
    "render": (_run_render, False),
    "domain_to_ascii": (_run_domain_to_ascii, True),
}


def argument(entry: str, shape: Shape, n: int, run: int = 0) -> str:
    if not ENTRIES[entry][1]:
        return shape.input(n, run)
    return "a" * n if shape is PLAIN else shape.domain(n, run)


def seconds(entry: str, shape: Shape, n: int, repeat: int) -> float:
    """The best CPU time of ``repeat`` runs (fewer if a run is slow)."""
    call = ENTRIES[entry][0]
    best = float("inf")
    for run in range(repeat):
        text = argument(entry, shape, n, run)
        gc.collect()
        t = time.process_time()
        with contextlib.suppress(urlgrammar.URLError):
            call(shape, text)
        best = min(best, time.process_time() - t)
        if best > SLOW:
            break
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,100000",
                        help="two input lengths in code points, small,large (default 10000,100000; "
                        "the goal's ratio is for a large size 10 times the small one)")
    parser.add_argument("--entry", action="append", choices=sorted(ENTRIES),
                        help="an entry point to measure (repeatable; default all)")
    parser.add_argument("--shape", action="append",
                        help="measure the shapes whose name contains this text (repeatable)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (default 3)")
    parser.add_argument("--list", action="store_true", help="list the shapes and exit")
    args = parser.parse_args()
    if args.list:
        for shape in SHAPES:
            against = f" against {shape.base!r}" if shape.base else ""
            print(f"{shape.name:<28} {shape.input(40)[:40]!r}{against}")
        return 0
    small, large = (int(s) for s in args.sizes.split(","))
    entries = args.entry or list(ENTRIES)
    # The plain path comes first, whatever the filter: it is what the factors compare with.
    shapes = [PLAIN, *(s for s in SHAPES if s is not PLAIN
                       and (not args.shape or any(p in s.name for p in args.shape)))]
    # Warm up: build every grammar and cache outside the timing.
    for entry in entries:
        for shape in shapes:
            seconds(entry, shape, 200, 1)

    print(f"sizes {small} and {large} code points; best CPU time of {args.repeat} runs; "
          f"goal: ratio <= {MAX_RATIO:g}, factor <= {MAX_FACTOR:g}")
    print(f"{'entry':<16} {'shape':<28} {'t(small)':>10} {'t(large)':>10} {'ratio':>7} {'factor':>7}")
    worst_ratio: tuple[float, str] = (0.0, "")
    worst_factor: tuple[float, str] = (0.0, "")
    for entry in entries:
        plain = seconds(entry, PLAIN, large, args.repeat) / len(argument(entry, PLAIN, large))
        for shape in shapes:
            t_small = seconds(entry, shape, small, args.repeat)
            t_large = seconds(entry, shape, large, args.repeat)
            ratio = t_large / t_small if t_small > 0 else float("inf")
            factor = t_large / len(argument(entry, shape, large)) / plain
            where = f"{entry} / {shape.name}"
            worst_ratio = max(worst_ratio, (ratio, where))
            worst_factor = max(worst_factor, (factor, where))
            flag = " *" if ratio > MAX_RATIO or factor > MAX_FACTOR else ""
            if shape.distinct:
                labels = shape.repeated(large).count(".")
                flag += f"  {t_large / labels * 1e6:.2f} µs per label ({labels})"
            print(f"{entry:<16} {shape.name:<28} {t_small * 1e3:>8.1f}ms {t_large * 1e3:>8.1f}ms "
                  f"{ratio:>7.1f} {factor:>7.1f}{flag}", flush=True)
    print(f"worst ratio:  {worst_ratio[0]:.1f} ({worst_ratio[1]})")
    print(f"worst factor: {worst_factor[0]:.1f} ({worst_factor[1]})")
    return 0 if worst_ratio[0] <= MAX_RATIO and worst_factor[0] <= MAX_FACTOR else 1


if __name__ == "__main__":
    raise SystemExit(main())
