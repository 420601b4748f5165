"""``urlgrammar explain``: every phase of a parse, and where grammar and algorithm part ways.

For teaching: it runs :mod:`urlgrammar.operations.pipeline` once on an input, with a reporter
(:mod:`urlgrammar.operations.reporter`) that keeps what each phase gave, then compares the
result with what the grammar alone says, with the standard's state machine
(:mod:`urlgrammar.algorithm`) and with RFC 3986 strict resolution, and lists the advisories
(:mod:`urlgrammar.checking.advisories`) with their reasons. The final href is always
:func:`urlgrammar.parse`'s; the phases shown are what the same functions gave on that run. The
validation errors and the writing grammar's verdict are :func:`urlgrammar.validate`'s, with the
spans ``urlgrammar check`` gives, in the state machine's trace too (:func:`_validation`): they
come from the same run, whose reporter tells validate's collector and explain's listener alike
(:func:`urlgrammar.checking.validate.examine`).
"""

from __future__ import annotations

from collections.abc import Sequence

from lark import Token, Tree

from urlgrammar import algorithm
from urlgrammar.api import parse
from urlgrammar.checking.disagreement import RFC, standard_reading
from urlgrammar.checking.readers import readings, rfc_reading
from urlgrammar.checking.validate import Report, examine
from urlgrammar.encoding.decode import percent_decode_str
from urlgrammar.errors import Code, Diagnostic, URLError
from urlgrammar.host.ipv4 import ipv4_parts
from urlgrammar.host.parser import Host, IPv4
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import Mode, is_file, is_special, is_web, schemes_in
from urlgrammar.operations.normalise import normalise_path
from urlgrammar.operations.pipeline import in_input
from urlgrammar.operations.reporter import Reporter
from urlgrammar.operations.resolve import legacy_resolve, strict_resolve, without_same_scheme
from urlgrammar.syntax.grammars import scheme_of, tree_parser
from urlgrammar.syntax.lift import separators
from urlgrammar.syntax.preprocess import Preprocessed, preprocess
from urlgrammar.syntax.printer import print_record
from urlgrammar.teaching.explanation import Explanation, Run
from urlgrammar.teaching.shown import Shown
from urlgrammar.url import URL


def _tree_lines(q: Shown, tree: Tree[Token], depth: int = 0) -> list[str]:
    meta = tree.meta
    span = f" {meta.start_pos}..{meta.end_pos}" if not meta.empty else ""
    lines = [f"{'  ' * depth}{tree.data}{span}"]
    for child in tree.children:
        if isinstance(child, Tree):
            lines.extend(_tree_lines(q, child, depth + 1))
        elif isinstance(child, Token):
            # Terminals imported from another grammar carry its namespace (url__SCHEME).
            name = child.type.rsplit("__", 1)[-1]
            lines.append(f"{'  ' * (depth + 1)}{name} {q(child.value)} {child.start_pos}..{child.end_pos}")
    return lines


def _components(q: Shown, record: URLRecord) -> list[str]:
    lines = []
    for c in record:
        parts = list(c.value.components()) if c.kind == Kind.AUTHORITY else [c]
        for p in parts:
            span = "" if p.span is None else f"  {p.start}..{p.end}"
            lines.append(f"{p.kind.label:<10} {q(p.value)}{span}")
    return lines or ["(the empty URL)"]


class _Phases(Reporter):
    """What each phase of one run of the pipeline gave, as the pipeline reports it: explain
    shows these values, never ones it computed again."""

    def __init__(self) -> None:
        self.pre: Preprocessed | None = None
        self.mode = Mode.GENERIC
        self.lift = URLRecord()
        self.resolution: URLRecord | None = None
        self.host_value: Host | None = None  # None also where the host phase failed
        self.error: URLError | None = None

    def preprocessed(self, pre: Preprocessed) -> None:
        self.pre = pre

    def parsed(self, mode: Mode, record: URLRecord) -> None:
        self.mode, self.lift = mode, record

    def resolved(self, lifted: URLRecord, record: URLRecord | None) -> None:
        if record is not None:  # a later failure reports the lift again, without a resolution
            self.resolution = record

    def host(self, end: int, found: list[Diagnostic], value: Host | None) -> None:
        self.host_value = value

    def failed(self, error: URLError) -> None:
        assert self.pre is not None  # the pipeline reports preprocessing first
        raised = in_input(error, self.pre.offsets)  # as the pipeline raises it
        # A copy, without the traceback: its frames hold this listener, a cycle that kept every
        # explained run until the garbage collector's oldest generation ran.
        self.error = URLError(str(raised), raised.diagnostics, raised.code)


def explain(input: str, base: str | None = None, rfc3986: bool = False) -> Explanation:
    """Run the phases on ``input`` (against ``base``) and say what each did; with ``rfc3986``,
    RFC 3986's reading beside the standard's too (:mod:`urlgrammar.checking.rfc_reading`)."""
    ex = Explanation(input, base)
    q = ex.q
    base_url = None
    if base is not None:
        try:
            base_url = parse(base)
        except URLError as e:
            _preprocessing(ex, preprocess(input))  # what the pipeline would have started with
            ex.failure = f"the base does not parse: {e}"
            return ex
    phases = _Phases()
    report = examine(input, base_url, phases)  # the one run: its phases, and validate's report
    url = report.url
    base_record = None if base_url is None else base_url.record.unplaced()
    fallback = base_url.mode if base_url is not None else Mode.GENERIC
    assert phases.pre is not None  # preprocessing and the grammars are total
    text, mode, record = phases.pre.text, phases.mode, phases.lift
    _preprocessing(ex, phases.pre)
    ex.add("Mode", f"{mode.name.lower()} ({mode.grammar}.lark): {_why(q, text, mode, fallback, base_url)}")
    tree = tree_parser(mode.grammar, positions=True).parse(text, start="url")
    ex.add("Parse tree", *_tree_lines(q, tree))
    ex.add("Lifted record (spans in the preprocessed text)", *_components(q, record))
    _drives(ex, record)
    resolved = phases.resolution
    if resolved is not None:
        _resolution(ex, record, resolved, base_record)
        _host(ex, resolved, phases)
    if url is None:
        ex.failure = str(phases.error)
        ex.add("Failure", ex.failure)
    else:
        assert resolved is not None
        ex.href = url.href
        _normalisation(ex, resolved, url.record)
        ex.add("Printing", f"→ {q(url.href)}")
        _advisories(ex, report, url, base_url)
    _versus(ex, record, mode, base_record, None if url is None else url.record)
    oracle, raised = _validation(ex, report)
    if rfc3986:
        ex.rfc = report.rfc3986
    ex.objects = Run(phases.pre, mode, record, tree, url, oracle, report, raised)
    return ex


def _advisories(ex: Explanation, report: Report, url: URL, base: URL | None) -> None:
    """The advisories validate gives, each with its reason; a disagreement with both readings."""
    for d in report.advisories:
        found = d.as_dict()
        if d.code == Code.PARSER_DISAGREEMENT:
            standard = standard_reading(url)
            read: dict[str, str | None] = {
                name: None if reading is None else reading.describe()
                for name, reading in readings(ex.input, None if base is None else base.href, standard.scheme)}
            rfc = rfc_reading(ex.input, None if base is None else base.href)
            if rfc is not None:  # where the RFC reads a host: a URI without one connects nowhere
                read[RFC] = rfc.describe()
            read["the standard"] = standard.describe()
            found["readings"] = read
        ex.advisories.append(found)


def _preprocessing(ex: Explanation, pre: Preprocessed) -> None:
    (lead_start, lead_end), (tail_start, tail_end) = pre.trimmed
    notes = []
    if lead_end > lead_start:
        notes.append(f"trimmed {lead_end - lead_start} leading C0 control or space "
                     f"at {lead_start}..{lead_end}")
    if tail_end > tail_start:
        notes.append(f"trimmed {tail_end - tail_start} trailing at {tail_start}..{tail_end}")
    if pre.removed:
        notes.append("removed tab or newline at " + ", ".join(map(str, pre.removed)))
    ex.add("Preprocessing", *(notes or ["nothing to trim or remove"]), f"→ {ex.q(pre.text)}")


def _why(q: Shown, text: str, mode: Mode, fallback: Mode, base_url: URL | None) -> str:
    """Why the pipeline chose ``mode`` (URL Specification § Parser Mode)."""
    scheme = scheme_of(text)
    if scheme is None:
        return (f"no scheme, so the base's mode ({fallback.name.lower()})" if base_url is not None
                else "no scheme and no base: generic")
    if mode is Mode.SPECIAL:
        return f"the scheme {q(scheme)} is a web scheme ({', '.join(schemes_in(Mode.SPECIAL))})"
    if mode is Mode.FILE:
        return f"the scheme {q(scheme)} is file"
    return f"the scheme {q(scheme)} is not special"


def _drives(ex: Explanation, record: URLRecord) -> None:
    """Which rule made the drive (URL Specification § URL Grammar, auth-drive): the lift
    marks one read by ``auth_drive_invalid``, written without its `/`."""
    drive = record.component(Kind.DRIVE)
    if drive is None:
        ex.add("Drive letters", "none" if not record.scheme or is_file(record.scheme) else
               "none: drive letters count only in file URLs")
        return
    how = "written without its `/` (auth_drive_invalid)" if drive.mark == "" else "after its `/` (drive)"
    ex.add("Drive letters", f"the file grammar read the drive {ex.q(drive.value)}, {how}")


def _resolution(ex: Explanation, url: URLRecord, resolved: URLRecord, base: URLRecord | None) -> None:
    """How the pipeline's WHATWG resolution gave ``resolved``. Its rule shows in the result:
    force (legacy-resolve url base) gives a web or file URL, strict resolution never does."""
    base_record = base if base is not None else URLRecord()
    q, lines = ex.q, []
    if is_special(resolved):
        dropped = without_same_scheme(url, base_record)
        if dropped is not url:
            lines.append(f"legacy resolution: the scheme {q(url.scheme)} equals the base's, so it is dropped")
        lines.append("WHATWG resolution of a web or file URL: force (legacy-resolve url base)")
        if base is not None:
            lines.append(f"kept from the base: {q(print_record(base.upto(dropped.ord())))} "
                         f"(base upto {dropped.ord().label})")
        # What force did is what the resolution has beyond legacy resolution's.
        lines.extend(_force_changes(q, legacy_resolve(url, base_record), resolved))
    else:
        lines.append("strict resolution (the URL is not special)" if base is not None
                     else "no base: the URL is its own resolution")
        if base is not None:
            lines.append(f"kept from the base: {q(print_record(base.upto(url.ord())))} "
                         f"(base upto {url.ord().label})")
    ex.add("Resolution", *lines, f"→ {q(print_record(resolved))}")


def _segments(record: URLRecord) -> set[Component]:
    """The dir and file components of ``record``, to look each one up in constant time: a
    linear search per segment would make a long path cost the square of its length."""
    return {c for c in record if c.kind in (Kind.DIR, Kind.FILE)}


def _force_changes(q: Shown, before: URLRecord, after: URLRecord) -> list[str]:
    lines = []
    if not before.root and after.root:
        lines.append("force added a path-root")
    a, b = before.authority, after.authority
    if b is not None and (a is None or a.is_empty) and not b.is_empty:
        kept = _segments(after)
        promoted = [c.value for c in before if c.kind in (Kind.DIR, Kind.FILE) and c not in kept]
        segment = q(promoted[-1] if promoted else "")
        lines.append(f"force promoted the path segment {segment} to the authority")
    elif a is None and b is not None:
        lines.append("force gave the file URL an empty authority")
    return lines or ["force changed nothing"]


def _host(ex: Explanation, record: URLRecord, phases: _Phases) -> None:
    """The host as written and what the pipeline's host phase made of it."""
    a: Authority | None = record.authority
    if a is None:
        ex.add("Host", "no authority, no host")
        return
    text = a.host.value
    if not isinstance(text, str):
        ex.add("Host", f"from the base: {ex.q(text)}")
        return
    if text == "" and is_file(record.scheme):
        ex.add("Host", "the empty host (file URLs may have one)")
        return
    special, q = is_special(record), ex.q
    lines = [f"as written: {q(text)}"]
    if not special:
        lines.append("not special: an opaque host (forbidden code points fail; others are "
                     "percent-encoded with the C0 control set)")
    elif text.startswith("["):
        lines.append("an IPv6 address (ipv6.lark)")
    else:
        if "%" in text:
            lines.append(f"percent-decoded: {q(percent_decode_str(text))}")
        lines.append("domain parser: UTS #46 mapping and Punycode for non-ASCII, lowercasing for ASCII")
    value = phases.host_value
    if value is None and phases.error is not None:
        # The host parser failed, or the host phase did before it (host-missing).
        lines.append(f"fails: {phases.error}")
        ex.add("Host", *lines)
        return
    if isinstance(value, IPv4):
        parts = ipv4_parts(text.lower() if text.isascii() else str(value))
        described = ", ".join(f"{q(t)} ({rule[4:] if rule.startswith('num_') else rule}: {v})"
                              for t, rule, v in parts)
        lines.append(f"ends in a number, so IPv4: {described}; the last part fills the "
                     f"remaining {5 - len(parts)} byte(s) → {value}")
    elif value is not None:
        lines.append(f"→ {type(value).__name__.lower()} {q(value.serialize())}")
    ex.add("Host", *lines)


def _normalisation(ex: Explanation, resolved: URLRecord, final: URLRecord) -> None:
    q, lines = ex.q, []
    if resolved.scheme and resolved.scheme != resolved.scheme.lower():
        lines.append(f"scheme lowercased: {q(resolved.scheme)} → {q(resolved.scheme.lower())}")
    a, b = resolved.authority, final.authority
    if a is not None and b is not None and a.port is not None and b.port is None and a.port.value != "":
        lines.append(f"default port {a.port.value} removed")
    if resolved.drive is not None and final.drive is not None and resolved.drive != final.drive:
        lines.append(f"drive {q(resolved.drive)} written as {q(final.drive)}")
    dotted = normalise_path(resolved)
    kept = _segments(dotted)
    removed = [c.value for c in resolved if c.kind in (Kind.DIR, Kind.FILE) and c not in kept]
    if removed:
        lines.append("dot segments removed: " + ", ".join(map(q, removed)))
    for kind in (Kind.DIR, Kind.FILE, Kind.QUERY, Kind.FRAGMENT):
        before = [c.value for c in dotted if c.kind == kind]
        after = [c.value for c in final if c.kind == kind]
        for x, y in zip(before, after, strict=False):
            if x != y and x.lower() != y.lower():
                lines.append(f"{kind.label} percent-encoded: {q(x)} → {q(y)}")
    ex.add("Normalisation", *(lines or ["nothing to normalise"]))


def _versus(ex: Explanation, record: URLRecord, mode: Mode, base: URLRecord | None,
            final: URLRecord | None) -> None:
    """The grammar-versus-algorithm section, on the lifted record and the pipeline's result."""
    if mode is not Mode.GENERIC:
        backslashes = [str(p) for p, ch in separators(record) if ch == "\\"]
        if backslashes:
            ex.differences.append("`\\` read as a separator, like `/`, at " + ", ".join(backslashes))
    if final is not None:
        if record.authority is None and final.authority is not None and record.scheme is not None \
                and is_web(record.scheme) and base is None:
            ex.differences.append("the grammar read no authority; force promoted a path segment to the host")
        if record.scheme is not None and base is not None and without_same_scheme(record, base) is not record:
            ex.differences.append(f"legacy resolution dropped the scheme {ex.q(record.scheme)}")
        empty_dirs = [c for c in record if c.kind == Kind.DIR and c.value == ""]
        if record.authority is not None and record.authority.is_empty and empty_dirs and mode is Mode.SPECIAL:
            ex.differences.append("repeated slashes collapsed: the empty authority and empty "
                                  "segments gave way to the first non-empty segment")
        if base is not None:
            try:
                rfc = normalise_path(strict_resolve(record, base))
                ex.rfc3986 = print_record(rfc)
            except URLError:
                ex.rfc3986 = None


def _validation(ex: Explanation, report: Report) -> tuple[algorithm.Result, Sequence[Diagnostic] | None]:
    """The state machine's run beside the report's two verdicts: the parser's validation
    errors and the writing grammar's. Returns the run, and the report's diagnostics where the
    state machine raised the same errors (None where it did not).

    The state machine raises the errors that validate reports, by name and in order (tests
    hold the two to that), but spans each at its pointer: one code point, or none at the end.
    The spec leaves positions to implementations; ours span what the error's fix replaces, and
    one error shows one span: the report's, in the trace too. Where the names differ, which
    is a bug, the trace keeps the state machine's own errors and this says so."""
    oracle = algorithm.run(ex.input, ex.base)
    ex.trace = _compress(oracle.trace)
    raised: Sequence[Diagnostic] | None = report.diagnostics
    if [d.code for d in report.diagnostics] != [d.code for d in oracle.errors]:
        raised = None
        ex.differences.append("the state machine raises "
                              + (", ".join(d.code for d in oracle.errors) or "nothing")
                              + "; the grammar pipeline's validation reports "
                              + (", ".join(d.code for d in report.diagnostics) or "nothing"))
    ex.errors = [f"{d.code} at {d.start}..{d.end}" for d in report.diagnostics]
    error = report.grammar_error
    ex.writing = ("the input is a valid URL string" if error is None else
                  f"breaks {error.rule} at {error.start}..{error.end}: {error.message}")
    return oracle, raised


def _compress(trace: list[tuple[str, int]]) -> list[str]:
    """States with the pointer where each was entered; repeated visits shown once."""
    out: list[str] = []
    for state, pointer in trace:
        label = f"{state.removesuffix(' state')}@{pointer}"
        if not out or not out[-1].startswith(state.removesuffix(" state") + "@"):
            out.append(label)
    return out

