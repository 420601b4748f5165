"""``urlgrammar check --format sarif``: SARIF 2.1.0, for CI systems that annotate sources.

One run, one result per diagnostic (OASIS SARIF 2.1.0,
https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html): the rule id is the
standard's validation-error name and the rule's help URI its anchor in the standard; a
writing-grammar error has the id ``URL-writing/<rule>``, an input that was not checked the
problem's code (``line-too-long``, ``invalid-UTF-8``), and ``--max-errors``' cut a ``note``
result, ``more-errors``. An advisory is a result of level ``warning`` whose rule id is the
advisory's code and whose help URI is the section of the standard that gives its reason
(``more-advisories`` for their cut). Inputs from a file have a physical location (file, line,
column, in code points: the run's ``columnKind``), and their fixes are SARIF fixes that
replace the span's region; inputs given as arguments or on standard input have no file to point into,
and carry the fix as a property. Every result's properties give the input, its number and
the span in it.

The results are written as they come, before the run's ``tool``, which lists the rules met;
JSON does not order an object's members.
"""

from __future__ import annotations

import html
import os
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

from urlgrammar.cli.check.formats import Checked, Options, Summary, dumps, limited
from urlgrammar.cli.check.sources import Input
from urlgrammar.cli.check.text import describe_fix
from urlgrammar.errors import ADVISORIES, SPEC, VALIDATION_ERRORS, Diagnostic, code_named, spec_anchor

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#: What the codes of our own mean, for the rules that list them.
OWN_RULES = {
    "line-too-long": "The line is longer than --max-line-length; it was not checked.",
    "invalid-UTF-8": "The line is not valid UTF-8; it was not checked.",
    "more-errors": "The input has more diagnostics than --max-errors shows.",
    "more-advisories": "The input has more advisories than --max-errors shows.",
}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("urlgrammar")
    except PackageNotFoundError:
        return "unknown"


class SARIFWriter:
    """A SARIF log with one run, written result by result."""

    def __init__(self, options: Options) -> None:
        self.max_errors, self.version, self.html = options.max_errors, _version(), options.documents > 0
        self.rules: dict[str, int] = {}
        self.first = True

    def start(self) -> str:
        return '{"$schema": ' + dumps(SCHEMA) + ', "version": "2.1.0", "runs": [{"results": ['

    def item(self, item: Input, report: Checked | None) -> Iterator[str]:
        for result in self._results(item, report):
            yield ("\n" if self.first else ",\n") + dumps(result)
            self.first = False

    def end(self, summary: Summary) -> str:
        rules = [_rule(code) for code in self.rules]
        driver = {"name": "urlgrammar", "version": self.version,
                  "informationUri": SPEC, "rules": rules}
        run = {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints",
               "properties": {"summary": summary.as_dict()}}
        return ("" if self.first else "\n") + "], " + dumps(run)[1:] + "]}\n"

    def _index(self, rule: str) -> int:
        return self.rules.setdefault(rule, len(self.rules))

    def _results(self, item: Input, report: Checked | None) -> list[dict[str, object]]:
        if report is None:
            assert item.problem is not None
            code = item.problem.code
            return [self._result(item, code, "error", item.problem.message, None, None)]
        shown, more = limited(report.diagnostics, self.max_errors, report.omitted)
        results = [self._result(item, d.code, "error", d.message, d, None) for d in shown]
        error = report.grammar_error
        if error is not None and not report.diagnostics and not report.omitted:
            results.append(self._result(item, f"URL-writing/{error.rule}", "error", error.message,
                                        None, (error.start, error.end)))
        if more:
            results.append(self._result(item, "more-errors", "note", f"And {more:,} more "
                                        f"diagnostics (--max-errors {self.max_errors}).", None, None))
        advised, more = limited(report.advisories, self.max_errors, report.advisories_omitted)
        results += [self._result(item, d.code, "warning", d.message, d, None) for d in advised]
        if more:
            results.append(self._result(item, "more-advisories", "note", f"And {more:,} more "
                                        f"advisories (--max-errors {self.max_errors}).", None, None))
        for r in results:
            properties = r["properties"]
            assert isinstance(properties, dict)
            properties.update({"valid": report.valid, "failure": report.failure,
                               "suggestion": report.suggestion})
        return results

    def _result(self, item: Input, rule: str, level: str, message: str, d: Diagnostic | None,
                span: tuple[int, int] | None) -> dict[str, object]:
        if d is not None:
            span = (d.start, d.end)
        properties: dict[str, object] = {"n": item.number, "input": item.text}
        result: dict[str, object] = {"ruleId": rule, "ruleIndex": self._index(rule), "level": level,
                                     "message": {"text": message}}
        region = None if span is None else _region(item, *span)
        if span is not None:
            properties.update({"start": span[0], "end": span[1]})
        if d is not None:
            properties.update({"component": d.component, "detail": d.detail})
        where = _artifact(item)
        if where is not None:
            result["locations"] = [{"physicalLocation": {
                "artifactLocation": where, "region": region or {"startLine": item.line}}}]
        if d is not None and d.fix is not None and item.text is not None:
            change = describe_fix(item.text[d.start:d.end], d.fix)
            if where is not None and region is not None and "startColumn" in region:
                inserted = html.escape(d.fix) if self.html else d.fix
                result["fixes"] = [{"description": {"text": change}, "artifactChanges": [{
                    "artifactLocation": where, "replacements": [{
                        "deletedRegion": region, "insertedContent": {"text": inserted}}]}]}]
            else:
                properties.update({"fix": d.fix, "fix_description": change})
        result["properties"] = properties
        return result


def _rule(code: str) -> dict[str, object]:
    known = code_named(code)
    error = None if known is None else VALIDATION_ERRORS.get(known)
    if error is not None:
        return {"id": code, "shortDescription": {"text": error.message},
                "helpUri": spec_anchor(code), "properties": {"failure": error.failure}}
    advisory = None if known is None else ADVISORIES.get(known)
    if advisory is not None:
        return {"id": code, "shortDescription": {"text": advisory.message},
                "helpUri": advisory.spec, "properties": {"severity": "advisory"}}
    if code.startswith("URL-writing/"):
        return {"id": code, "shortDescription": {"text": "The input is not a valid URL string."},
                "helpUri": SPEC + "#url-writing"}
    return {"id": code, "shortDescription": {"text": OWN_RULES.get(code, code)}}


def _artifact(item: Input) -> dict[str, object] | None:
    path = item.source.path
    if path is None:
        return None
    if os.path.isabs(path):
        return {"uri": Path(path).as_uri()}
    return {"uri": urllib.parse.quote(os.fsencode(Path(path).as_posix()))}


def _region(item: Input, start: int, end: int) -> dict[str, int]:
    line, column = item.where(start)
    if column is None:
        return {"startLine": line}
    end_line, end_column = item.where(end)
    return {"startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column or column}
