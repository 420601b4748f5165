"""Explain's JSON: the explanation, plus the facts of the same run as data, for programs and
for the live viewer.

:func:`explain_json` is the one function behind ``urlgrammar explain --json``, the viewer's
``/api/explain`` and the page that ``explain --format html`` writes, so that the three cannot
drift apart. On top of :meth:`Explanation.as_dict`'s text it gives, from the objects of that
one run (:attr:`Explanation.objects`), never from a second reading of the input:

- ``mode`` and ``preprocessed``: the grammar used, and what preprocessing trimmed and removed
  (https://url.spec.whatwg.org/#concept-basic-url-parser, steps 1 to 3);
- ``highlight``: the input cut into runs that each belong to one component, a separator, or
  the code points that preprocessing trimmed or removed;
- ``components`` (the grammar's reading: the lifted record) and ``result`` (the parsed URL's
  record), each component with its span in the input, or null where an operation made it;
- ``getters``: the URL API's getters (https://url.spec.whatwg.org/#api), or null on failure;
- ``tree``: the Lark parse tree, each rule and terminal with its span and the anchor of its
  railroad diagram (``urlgrammar grammar diagram``);
- ``trace``: the state machine's steps in runs of one state, with the code points read and the
  validation errors raised there;
- ``validation``: :func:`urlgrammar.validate`'s report: ``valid``, ``failure``, the diagnostics
  with their spans and fixes, and the suggested valid string.

Every offset is a code-point offset in the input as given. One validation error has one span
everywhere: the trace's errors are the report's diagnostics (``diagnostic`` is the index of
each in ``validation.diagnostics``), with their spans. Two verdicts have spans of their own on
purpose, and each says whose it is (``by``): the parser's validation errors (``"parser"``)
span what their fix replaces, the writing grammar's first broken rule (``validation.
grammar_error``, ``"writing grammar"``) the place where the string stops being a valid URL
string, which may differ (``http:x`` against ``http://h/``: 0..5, and 5..5).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from lark import Token, Tree

from urlgrammar.algorithm import Result
from urlgrammar.checking.validate import Report
from urlgrammar.errors import Diagnostic
from urlgrammar.grammar_tools.diagram import anchor
from urlgrammar.grammar_tools.source import LoadedGrammar, Sources
from urlgrammar.model.record import Authority, Component, URLRecord
from urlgrammar.syntax.grammars import grammar_dir
from urlgrammar.syntax.preprocess import OffsetMap, Preprocessed, preprocess
from urlgrammar.teaching.explain import explain
from urlgrammar.teaching.explanation import Explanation

#: Whose verdict a span is (see the module's docstring).
PARSER, WRITING_GRAMMAR = "parser", "writing grammar"

#: The highlight's kinds that are not component labels.
SEPARATOR, TRIMMED, REMOVED = "separator", "trimmed", "removed"


def explain_json(input: str, base: str | None = None) -> dict[str, Any]:
    """What ``urlgrammar explain INPUT --base BASE --json`` prints, as a dict, RFC 3986's
    reading (``rfc3986``) included."""
    return document(explain(input, base, rfc3986=True))


def document(ex: Explanation) -> dict[str, Any]:
    """An explanation's JSON: its text, phase by phase, and the facts of its run."""
    return ex.as_dict() | structure(ex)


def structure(ex: Explanation) -> dict[str, Any]:
    """The facts of an explained run as data (see the module's docstring)."""
    if ex.objects is None:  # the base does not parse: the input was not read
        pre = preprocess(ex.input)
        return {"mode": None, "preprocessed": _preprocessed(pre),
                "highlight": highlight(pre, URLRecord()), "components": [], "result": None,
                "getters": None, "tree": None, "trace": [], "validation": None}
    run = ex.objects
    offsets = run.pre.offsets
    return {
        "mode": {"name": run.mode.name.lower(), "grammar": f"{run.mode.grammar}.lark"},
        "preprocessed": _preprocessed(run.pre),
        "highlight": highlight(run.pre, run.lifted),
        "components": _components(run.lifted, offsets),
        "result": None if run.url is None else _components(run.url.record, None),
        "getters": None if run.url is None else run.url.as_dict(),
        "tree": tree_json(run.tree, offsets, run.mode.grammar),
        "trace": trace_runs(run.oracle, run.pre, run.raised),
        "validation": validation(run.report),
    }


def validation(report: Report) -> dict[str, Any]:
    """The report as :meth:`Report.as_dict` gives it, each verdict's spans labelled ``by``
    whose they are: the parser's validation errors
    (https://url.spec.whatwg.org/#validation-error), the writing grammar's first broken rule
    (https://url.spec.whatwg.org/#url-writing)."""
    out = report.as_dict()
    out["diagnostics"] = [d.as_dict() | {"by": PARSER} for d in report.diagnostics]
    if report.grammar_error is not None:
        out["grammar_error"] = report.grammar_error.as_dict() | {"by": WRITING_GRAMMAR}
    return out


def _preprocessed(pre: Preprocessed) -> dict[str, Any]:
    (lead_start, lead_end), (tail_start, tail_end) = pre.trimmed
    return {"text": pre.text, "trimmed": [[lead_start, lead_end], [tail_start, tail_end]],
            "removed": pre.removed}


def _parts(record: URLRecord) -> list[Component]:
    """The record's components, an authority's own components in its place."""
    out: list[Component] = []
    for c in record:
        out.extend(c.value.components() if isinstance(c.value, Authority) else [c])
    return out


def _value(c: Component) -> str:
    serialize = getattr(c.value, "serialize", None)  # a host value, once the host phase ran
    return str(serialize()) if callable(serialize) else str(c.value)


def _components(record: URLRecord, offsets: OffsetMap | None) -> list[dict[str, Any]]:
    """Each component's kind, value and span; ``offsets`` maps spans in the preprocessed text
    (the lift's) to the input, None where they are in the input already."""
    out = []
    for c in _parts(record):
        span: tuple[int, int] | None = c.span
        if span is not None and offsets is not None:
            span = offsets.span(*span)
        out.append({"kind": c.kind.label, "value": _value(c),
                    "start": None if span is None else span[0], "end": None if span is None else span[1]})
    return out


def highlight(pre: Preprocessed, lifted: URLRecord) -> list[dict[str, Any]]:
    """The input cut into runs of one kind each: a component's label where the lift placed one,
    ``trimmed`` and ``removed`` where preprocessing dropped code points, ``separator`` for the
    rest (the sigils, such as ``://`` and ``?``, which no component's value holds)."""
    kinds = [SEPARATOR] * len(pre.original)
    for c in _parts(lifted):
        if c.start is not None and c.end is not None and c.end > c.start:
            start, end = pre.offsets.span(c.start, c.end)
            kinds[start:end] = [c.kind.label] * (end - start)
    for start, end in pre.trimmed:
        kinds[start:end] = [TRIMMED] * (end - start)
    for i in pre.removed:
        kinds[i] = REMOVED
    runs: list[dict[str, Any]] = []
    for i, kind in enumerate(kinds):
        if runs and runs[-1]["kind"] == kind:
            runs[-1]["end"] = i + 1
        else:
            runs.append({"kind": kind, "start": i, "end": i + 1})
    return runs


@cache
def _grammar(name: str) -> LoadedGrammar:
    return LoadedGrammar(Sources(), grammar_dir() / f"{name}.lark")


def _anchor(grammar: str, name: str) -> str | None:
    """The anchor of the railroad diagram of the definition that ``name``, as Lark names it in
    the grammar file ``grammar`` (``url__SCHEME`` for a terminal it imports), is bound to
    there, through imports and overrides; None for a literal, which has no name of its own."""
    definition = _grammar(grammar).resolve(name)
    return None if definition is None else anchor(definition)


def tree_json(tree: Tree[Token], offsets: OffsetMap, grammar: str) -> dict[str, Any]:
    """A Lark tree of the grammar file ``grammar`` as nested dicts: ``rule`` or ``terminal``,
    the span in the input, the ``diagram`` anchor and a rule's ``children``."""
    meta = tree.meta
    span = (None, None) if meta.empty else offsets.span(meta.start_pos, meta.end_pos)
    children: list[dict[str, Any]] = []
    for child in tree.children:
        if isinstance(child, Tree):
            children.append(tree_json(child, offsets, grammar))
        elif isinstance(child, Token):
            start, end = offsets.span(child.start_pos or 0, child.end_pos or 0)
            # Terminals imported from another grammar carry its namespace (url__SCHEME).
            children.append({"terminal": child.type.rsplit("__", 1)[-1], "text": str(child.value),
                             "start": start, "end": end, "diagram": _anchor(grammar, child.type)})
    name = str(tree.data)
    return {"rule": name, "start": span[0], "end": span[1], "diagram": _anchor(grammar, name),
            "children": children}


def trace_runs(oracle: Result, pre: Preprocessed,
               raised: Sequence[Diagnostic] | None) -> list[dict[str, Any]]:
    """The state machine's trace (https://url.spec.whatwg.org/#concept-basic-url-parser, step
    9) in runs: one state entered at ``pointer`` and kept while the pointer moves on by one,
    with the code points it read (``read``; ``eof`` when the last step was at the end), their
    span in the input, and the validation errors raised in the run: the report's diagnostics
    ``raised``, one for each error the state machine raised, each with its index there
    (``diagnostic``); or where ``raised`` is None, the state machine's own (index null). The
    pointer is an offset in the preprocessed text, as the standard's is."""
    runs: list[dict[str, Any]] = []
    run_of: dict[tuple[str, int], int] = {}  # a step (state, pointer) -> its run
    last = -2
    for state, pointer in oracle.trace:
        name = state.removesuffix(" state")
        if runs and runs[-1]["state"] == name and pointer == last + 1:
            runs[-1]["to"] = pointer + 1
        else:
            runs.append({"state": name, "pointer": pointer, "to": pointer + 1, "errors": []})
        run_of[(state, pointer)] = len(runs) - 1
        last = pointer
    text, offsets = pre.text, pre.offsets
    for run in runs:
        start, end = run["pointer"], run.pop("to")
        run["read"] = text[start:end]
        run["eof"] = end > len(text)
        run["start"], run["end"] = offsets.span(start, min(end, len(text)))
    # Each validation error joins the run of the step that raised it; the preprocessing
    # steps' errors, raised before any state ran, join the first run.
    errors = oracle.errors if raised is None else raised
    for i, (step, error) in enumerate(zip(oracle.raised, errors, strict=True)):
        home = 0 if step.pointer is None else run_of.get((step.state, step.pointer), 0)
        if runs:
            runs[home]["errors"].append({"code": error.code, "start": error.start, "end": error.end,
                                         "diagnostic": None if raised is None else i})
    return runs
