"""``urlgrammar grammar check`` and ``urlgrammar grammar diagram``: tools for the grammar files.

``check`` states, one line each, what the project claims of its grammars (README, The
grammars): every file builds as LALR(1) with zero conflicts and no terminal collisions, every
rule and terminal is used, the lenient reading is total, and each strict IP address rule
accepts only what its lenient rule accepts. (The URL grammars have no strict rules: their strict
reading, the writing grammar of :mod:`urlgrammar.checking.validate`, judges the lenient parse, which
reads every string, so there is nothing more to check.) It exits 0 only when all hold.
Terminal collisions need the ``interegular`` package (the ``grammar`` extra); without it that
one check is skipped, and it says so. ``diagram`` writes railroad diagrams of every rule.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from lark import Lark
from lark import lexer as lark_lexer
from lark.exceptions import LarkError, LexError, UnexpectedInput

from urlgrammar.grammar_tools.source import Definition, LoadedGrammar, Sources
from urlgrammar.model.schemes import Mode
from urlgrammar.syntax.grammars import COLLISIONS_UNCHECKED, COMPILED, GRAMMARS, build, grammar_dir
from urlgrammar.syntax.lift import parse_record

SEED = 20260711
SAMPLE_SIZE = 3000
GENERATED_ADDRESSES = 1000

# Single code points that matter to some grammar (delimiters of every component, C0 controls,
# lone surrogates, non-ASCII) and strings that start or shape a component, so that random
# concatenations reach far into each grammar.
_ATOMS = (
    *"aZ09-+._~!$&'()*,;=/\\?#%[]@:| \t\n\r\x00\x1f\x7f",
    "\ud800", "\udfff", "\ud83d", "é", "ß", "\u0085", "\u00a0", "\u200d", "\u3002", "\uff0e",
    "\ufffd", "\uffff", "\U0001f600",
    "http:", "https:", "file:", "ws:", "sc:", "mailto:", "//", "\\\\", "%2", "%41", "%zz", "%ff",
    "0x", "255", "08", "1.2.3.4", "::", "[::1]", "ffff", "c:", "C|", "..", "xn--", "localhost",
)


def sample(count: int = SAMPLE_SIZE, seed: int = SEED) -> list[str]:
    """``count`` pseudo-random strings, the same on every run."""
    rng = random.Random(seed)
    return ["".join(rng.choice(_ATOMS) for _ in range(rng.randrange(24))) for _ in range(count)]


def _octet(rng: random.Random) -> str:
    # Edges of the dec-octet alternatives as often as random values.
    return str(rng.choice((0, 1, 9, 10, 99, 100, 199, 200, 249, 250, 255, rng.randrange(256))))


def valid_ipv4(rng: random.Random) -> str:
    return ".".join(_octet(rng) for _ in range(4))


def valid_ipv6(rng: random.Random) -> str:
    """A valid IPv6-address string: shortest pieces in either case, an optional IPv4 tail, and
    maybe `::` in place of one or more pieces."""
    tail = valid_ipv4(rng) if rng.random() < 0.3 else None
    pieces = [rng.choice((0, 1, 0xABC, 0xFFFF, rng.randrange(0x10000))) for _ in range(6 if tail else 8)]
    text = [format(p, "x").upper() if rng.random() < 0.3 else format(p, "x") for p in pieces]
    if tail:
        text.append(tail)
    if rng.random() < 0.7:
        # `::` stands for one or more pieces (the tail counts as two, and goes only as a whole).
        start = rng.randrange(len(text))
        end = rng.randint(start + 1, len(text))
        return ":".join(text[:start]) + "::" + ":".join(text[end:])
    return ":".join(text)


def wpt_inputs() -> tuple[list[str], str]:
    """The ``input`` of every case of urltestdata.json and where they come from, or no inputs
    and why not."""
    env = os.environ.get("URLGRAMMAR_SHARED")
    # An installed package is not beside the checkout: look beside the current directory too.
    candidates = [Path(env)] if env else [Path.cwd().parent / "shared",
                                          Path(__file__).resolve().parents[3] / "shared"]
    shared = next((c for c in candidates if (c / "wpt").is_dir()), candidates[0])
    path = shared / "wpt" / "urltestdata.json"
    try:
        cases = json.loads(path.read_text(encoding="utf-8"))
        inputs = sorted({c["input"] for c in cases if isinstance(c, dict)})
    except (OSError, ValueError, KeyError, TypeError) as e:
        return [], f"{path} not readable ({type(e).__name__}); set URLGRAMMAR_SHARED to shared/"
    return inputs, (f"{len(inputs):,} from {path.name}" if inputs else f"{path} has no cases")


@dataclass(frozen=True)
class Result:
    ok: bool
    summary: str
    details: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        return [f"{'ok' if self.ok else 'FAIL':<5} {self.summary}", *(f"      {d}" for d in self.details)]


@dataclass
class GrammarSet:
    """Grammar files and their start rules; by default the package's own."""

    directory: Path = field(default_factory=grammar_dir)
    starts: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: GRAMMARS)
    built: dict[str, Lark] = field(default_factory=dict)

    @property
    def own(self) -> bool:
        return self.directory.resolve() == grammar_dir().resolve()

    def path(self, name: str) -> Path:
        return self.directory / f"{name}.lark"

    def build(self, name: str) -> Lark:
        """The grammar in Lark's strict mode: conflicts raise, and so do terminal collisions
        where :func:`collisions_checked`."""
        if name not in self.built:
            try:
                self.built[name] = self._open(name, strict=True)
            except LexError:
                if collisions_checked():
                    raise
                # Without interegular, strict mode stops at the lexer, after the parse table
                # (built first) has passed: no conflicts. Build the lexer as usual.
                self.built[name] = self._open(name, strict=False)
        return self.built[name]

    def _open(self, name: str, strict: bool) -> Lark:
        if self.own:
            return build(name, strict=strict)
        # the options of grammar.build, for files elsewhere
        return Lark.open(str(self.path(name)), parser="lalr", lexer="contextual", strict=strict,
                         start=list(self.starts[name]), maybe_placeholders=True)

    def url_parser(self, mode: Mode) -> Callable[[str], object]:
        """What reads a URL in ``mode``: the project's own parser and lift for its grammars."""
        lark = self.build(mode.grammar)
        if self.own:
            return lambda text: parse_record(text, mode)
        return lambda text: lark.parse(text, start="url")


def collisions_checked() -> bool:
    """Whether Lark checks terminal collisions: it needs the optional ``interegular``."""
    return bool(lark_lexer.has_interegular)


#: What ``grammar check`` says in place of the collision check when it cannot run it.
NO_COLLISION_CHECK = ("skip  terminal collisions: not checked; install urlgrammar[grammar] "
                      "(interegular) to check them")


def _error(e: BaseException) -> list[str]:
    return [f"{type(e).__name__}: {line}".rstrip() if i == 0 else f"  {line}".rstrip()
            for i, line in enumerate(str(e).strip().splitlines() or [""])]


def check_lalr(grammars: GrammarSet) -> Result:
    details: list[str] = []
    names = sorted(grammars.starts)
    unlisted = sorted({p.stem for p in grammars.directory.glob("*.lark")} - set(names))
    details += [f"{name}.lark: not listed in GRAMMARS, so it has no start rules" for name in unlisted]
    for name in names:
        try:
            grammars.build(name)
        except (LarkError, OSError) as e:
            details += [f"{name}.lark: {line}" for line in _error(e)]
    if details:
        return Result(False, f"lalr: {len(names)} grammars in strict LALR(1) mode; these fail:",
                      tuple(details))
    collisions = "0 terminal collisions" if collisions_checked() else "terminal collisions not checked"
    unchecked = [n for n in names if n in COLLISIONS_UNCHECKED]
    if collisions_checked() and unchecked:
        collisions += (f" ({', '.join(unchecked)}: not checked, its terminals are rfc3986's "
                       "with every class widened by the same ucschar)")
    return Result(True, f"lalr: {len(names)} grammars build in Lark's strict LALR(1) mode: "
                        f"0 conflicts, {collisions}")


def unused(grammars: GrammarSet) -> tuple[list[Definition], int, list[str]]:
    """The definitions no grammar uses, the number of definitions, and files that do not load."""
    sources = Sources()
    used: set[Definition] = set()
    errors: list[str] = []
    for name, starts in sorted(grammars.starts.items()):
        try:
            used.update(LoadedGrammar(sources, grammars.path(name)).reachable(starts))
        except (LarkError, OSError) as e:
            errors.append(f"{name}.lark: {_error(e)[0]}")
    defined = [d for path, source in sorted(sources.files.items())
               if path.parent == grammars.directory.resolve() for d in source.definitions]
    return [d for d in defined if d not in used], len(defined), errors


def _describe(d: Definition) -> str:
    kind = "terminal" if d.is_term else "rule"
    how = f" (%{d.statement})" if d.statement in ("override", "extend") else ""
    return f"{d.file}.lark:{d.line}: {kind} {d.name}{how} is used by no grammar's start rules"


def check_unused(grammars: GrammarSet) -> Result:
    dead, total, errors = unused(grammars)
    rules = sum(1 for d in dead if not d.is_term)
    if dead or errors:
        return Result(False, f"unused: {len(dead)} of {total} definitions are used by no grammar "
                             f"(rules: {rules}, terminals: {len(dead) - rules})",
                      tuple(errors + [_describe(d) for d in dead]))
    return Result(True, f"unused: none; every one of the {total} definitions (rules and terminals, "
                        f"%override included) is reachable from some grammar's start rules")


def check_total(grammars: GrammarSet, inputs: list[str], origin: str) -> Result:
    modes = [m for m in Mode if m.grammar in grammars.starts]
    if not modes:
        return Result(True, "total: no URL grammar among these files; nothing to check")
    counts: list[str] = []
    details: list[str] = []
    for mode in modes:
        try:
            read = grammars.url_parser(mode)
        except (LarkError, OSError) as e:
            details.append(f"{mode.grammar}: does not build: {_error(e)[0]}")
            continue
        failed = 0
        for text in inputs:
            try:
                read(text)
            except Exception as e:  # any exception at all means the reading is not total
                if not failed:
                    details.append(f"{mode.grammar}: first failure {text!a}: {_error(e)[0]}")
                failed += 1
        counts.append(f"{mode.grammar} {len(inputs) - failed:,}/{len(inputs):,}")
    reader = "parse_record" if grammars.own else "Lark's parser"
    return Result(not details, f"total: inputs that {reader} reads, by mode: {', '.join(counts) or 'none'} "
                               f"({origin})", tuple(details))


#: The IP grammars: file, strict start rule, loose start rule, generator of valid addresses.
INCLUSIONS: tuple[tuple[str, str, str, Callable[[random.Random], str]], ...] = (
    ("ipv4", "ip4_address_strict", "ip4_address", valid_ipv4),
    ("ipv6", "ip6_address_strict", "ip6_address", valid_ipv6),
)


def _accepts(lark: Lark, text: str, start: str) -> bool:
    try:
        lark.parse(text, start=start)
    except UnexpectedInput:
        return False
    return True


def check_inclusion(grammars: GrammarSet, inputs: list[str], name: str, strict: str, loose: str,
                    generate: Callable[[random.Random], str]) -> Result:
    try:
        lark = grammars.build(name)
    except (LarkError, OSError) as e:
        return Result(False, f"{name}: {strict} ⊆ {loose} not checked: {_error(e)[0]}")
    rng = random.Random(SEED)
    generated = list(dict.fromkeys(generate(rng) for _ in range(GENERATED_ADDRESSES)))
    # Addresses inside brackets in the inputs (`http://[::1]/`) are samples too.
    bracketed = [m for text in inputs for m in re.findall(r"\[([^\]]*)\]", text)]
    valid = sum(_accepts(lark, text, strict) for text in generated)
    accepted = [t for t in dict.fromkeys([*generated, *inputs, *bracketed]) if _accepts(lark, t, strict)]
    rejected = [t for t in accepted if not _accepts(lark, t, loose)]
    summary = (f"{name}: {strict} ⊆ {loose}: {len(accepted):,} strings accepted by {strict} "
               f"({valid:,}/{len(generated):,} generated valid addresses), "
               f"{len(accepted) - len(rejected):,} of them by {loose}")
    if not accepted:
        return Result(False, summary, ("no sample is accepted by the strict rule: the check is vacuous",))
    return Result(not rejected, summary, tuple(f"rejected by {loose}: {t!a}" for t in rejected[:10]))


def check_compiled(grammars: GrammarSet) -> Result:
    """Each compiled start rule passes the order check, and (for the package's own grammars)
    the generated module is what the compiler makes of the files now."""
    from urlgrammar.grammar_tools.compiler.ebnf import Unsupported
    from urlgrammar.grammar_tools.compiler.generate import COMMAND, module_source, target
    from urlgrammar.grammar_tools.compiler.regular import compile_start

    compiled = [(name, start) for name in COMPILED if name in grammars.starts
                for start in grammars.starts[name]]
    try:
        for name, start in compiled:
            compile_start(grammars.build(name), start, f"{name}_{start}")
    except Unsupported as e:
        return Result(False, f"compiled: {name} {start} cannot be compiled to one pattern", (str(e),))
    summary = f"compiled: {len(compiled)} start rules compile to patterns that read the lexer's tokens"
    if grammars.own:
        path = target()
        if path.read_text(encoding="utf-8") != module_source():
            return Result(False, f"{summary}, but {path} is not current", (f"run: {COMMAND}",))
        summary += f"; {path.name} is current"
    return Result(True, summary)


def run_check(out: TextIO, grammars: GrammarSet | None = None, inputs: Iterable[str] | None = None) -> int:
    """Print one line per check; 0 when all hold, 1 otherwise. ``inputs`` replaces the WPT ones."""
    grammars = grammars or GrammarSet()
    if not collisions_checked():
        print(NO_COLLISION_CHECK, file=out)
    texts = sample()
    if inputs is None:
        wpt, origin = wpt_inputs()
        if not wpt:
            print(f"skip  urltestdata.json: {origin}", file=out)
            origin = "urltestdata.json skipped"
    else:
        wpt = list(inputs)
        origin = f"{len(wpt):,} given"
    origin = f"{len(texts):,} generated inputs, {origin}"
    texts += wpt
    results = [check_lalr(grammars), check_unused(grammars), check_compiled(grammars),
               check_total(grammars, texts, origin)]
    results += [check_inclusion(grammars, texts, *inclusion) for inclusion in INCLUSIONS
                if inclusion[0] in grammars.starts]
    for result in results:
        for line in result.lines():
            print(line, file=out)
    return 0 if all(r.ok for r in results) else 1


def write_diagrams(output: str) -> int:
    """``urlgrammar grammar diagram``: every rule's railroad diagram, one page at ``output``,
    or on standard output for ``-`` (as every ``-o`` of the command line takes it)."""
    from urlgrammar.grammar_tools.diagram import RailroadMissing, render_page, write_page

    try:
        if output == "-":
            sys.stdout.write(render_page(GrammarSet().directory, list(GRAMMARS)))
            return 0
        path = write_page(Path(output), GrammarSet().directory, list(GRAMMARS))
    except RailroadMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except (OSError, LarkError) as e:
        print(f"error: cannot write {output}: {_error(e)[0]}", file=sys.stderr)
        return 1
    print(path)
    return 0
