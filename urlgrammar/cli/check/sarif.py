"""``urlgrammar check --format sarif``: SARIF 2.1.0, for CI systems that annotate sources.

One run, one result per diagnostic (OASIS SARIF 2.1.0,
https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html), in the subset that GitHub
code scanning reads ("SARIF support for code scanning", docs.github.com): the rule id is the
standard's validation-error name and the rule's help URI its anchor in the standard; a
writing-grammar error has the id ``URL-writing/<rule>``, an input that was not checked the
problem's code (``line-too-long``, ``invalid-UTF-8``), and ``--max-errors``' cut a ``note``
result, ``more-errors``. An advisory is a result of level ``warning`` whose rule id is the
advisory's code, whose help URI is the section of the standard that gives its reason (``more-advisories`` for
their cut), and whose rule is a security rule: tagged ``security``, with a ``security-severity``
(:data:`SECURITY`).

Every result has a physical location, as code scanning requires one: a file's line and column
(in code points: the run's ``columnKind``), or, for standard input and the arguments, which
have no file, the artifact ``<stdin>`` or ``<command-line>`` (the names ``--format gnu`` and
GCC give them), at the line, or the argument's number as its line. Fixes in a file are SARIF fixes
that replace the span's region; elsewhere there is no file to change, and the fix is a result
property. Every result's properties give the input, its number and the span in it, and its
``partialFingerprints`` identify it across runs (:meth:`SARIFWriter._fingerprint`).

The results are written as they come, before the run's ``tool``, which lists the rules met;
JSON does not order an object's members.
"""

from __future__ import annotations

import hashlib
import html
import os
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from urlgrammar import __version__
from urlgrammar.cli.check.formats import Checked, Options, Summary, dumps, limited
from urlgrammar.cli.check.sources import Input, Source
from urlgrammar.cli.check.text import describe_fix
from urlgrammar.errors import ADVISORIES, SPEC, VALIDATION_ERRORS, Code, Diagnostic, code_named, spec_anchor

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#: What the codes of our own mean, for the rules that list them.
OWN_RULES = {
    "line-too-long": "The line is longer than --max-line-length; it was not checked.",
    "invalid-UTF-8": "The line is not valid UTF-8; it was not checked.",
    "more-errors": "The input has more diagnostics than --max-errors shows.",
    "more-advisories": "The input has more advisories than --max-errors shows.",
}
#: What a source without a file is called in its results' artifact location.
NO_FILE = {"<stdin>": "standard input", "<command-line>": "the arguments: argument N is line N"}


class Security(NamedTuple):
    """How code scanning should rank an advisory: ``severity``, a score as GitHub reads
    ``security-severity`` (a string; over 9.0 critical, 7.0 to 8.9 high, 4.0 to 6.9 medium, 0.1
    to 3.9 low), and the weakness it is an instance of (a CWE number, or None)."""

    severity: str
    cwe: int | None


#: Each advisory's :class:`Security`, by its code. Kept here rather than in
#: :data:`urlgrammar.errors.ADVISORIES` because only SARIF reads it; a test fails for an
#: advisory without a row, so that a new one cannot go out as a security rule of no severity.
SECURITY: dict[Code, Security] = {
    # A host that reads as another, all-Latin one: the homograph of phishing links.
    Code.CONFUSABLE_HOST: Security("7.5", 1007),
    # Scripts mixed in one label are often spoofing, but legitimate names mix them too.
    Code.MIXED_SCRIPT_HOST: Security("5.0", 1007),
    # The host shown is not the host reached, and nothing legitimate needs an unseen code point.
    Code.INVISIBLE_HOST_CODE_POINT: Security("7.0", 451),
    # https://bank.example@evil.example/ sends a reader who trusts the first host elsewhere.
    Code.HOST_LOOKALIKE_CREDENTIALS: Security("7.5", 451),
    # Server-side request forgery where a server fetches it; often intended in a checked-in file.
    Code.INTERNAL_ADDRESS: Security("6.5", 918),
    # A path-like //host reference is an open redirect (CWE-601's usual score).
    Code.SCHEME_RELATIVE_HOST_CHANGE: Security("6.1", 601),
    # Script where a link is followed: cross-site scripting (CWE-79's usual score).
    Code.SCRIPT_URL: Security("6.1", 79),
    # A check made with urllib passes a URL whose host the fetcher reads otherwise: SSRF and
    # allow-list bypasses.
    Code.PARSER_DISAGREEMENT: Security("7.5", 436),
    # Not a risk found but a check not run: worth seeing, not worth ranking with the others.
    Code.SPOOFING_CHECK_UNAVAILABLE: Security("2.0", None),
    # example.com⁄evil.example reads as a host and a path: a homograph, as confusable-host.
    Code.DELIMITER_LOOKALIKE_HOST: Security("7.5", 1007),
    # A document or script from the link itself where it is followed: cross-site scripting.
    Code.ACTIVE_DATA_URL: Security("6.1", 79),
    # Raised only where the URLs are said to be fetched (--context fetch): a local file read or a
    # request to an internal service, as an unauthenticated file read scores.
    Code.UNSAFE_FETCH_SCHEME: Security("7.5", 918),
    # A look-alike of a domain that people trust, registered to be mistaken for it: phishing's
    # homograph at its most pointed, above confusable-host.
    Code.LOOKALIKE_DOMAIN: Security("8.0", 1007),
    # A label a browser shows in Punycode: often a spoof (ɡoogle, with U+0261), sometimes a rare
    # letter; ranked with mixed scripts.
    Code.UNSAFE_HOST_CODE_POINT: Security("5.0", 1007),
}
#: Distinct fingerprints counted per source (see :meth:`SARIFWriter._fingerprint`): more than
#: the 25,000 results a run that code scanning accepts may hold, and about 10 MB at most.
FINGERPRINTS_COUNTED = 1 << 16


class SARIFWriter:
    """A SARIF log with one run, written result by result."""

    def __init__(self, options: Options) -> None:
        self.max_errors, self.version = options.max_errors, __version__
        self.rules: dict[str, int] = {}
        self.first = True
        self.counted: dict[str, int] = {}
        self.counted_source: Source | None = None

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
        if span is not None:
            properties.update({"start": span[0], "end": span[1]})
        if d is not None:
            properties.update({"component": d.component, "detail": d.detail})
        # A result without a span (a cut of --max-errors) is about the whole input.
        whole = (0, len(item.text)) if item.text is not None else None
        region, exact = _region(item, span or whole)
        where = _artifact(item)
        result["locations"] = [{"physicalLocation": {"artifactLocation": where, "region": region}}]
        result["partialFingerprints"] = {"primaryLocationLineHash": self._fingerprint(item, rule, span)}
        if d is not None and d.fix is not None and item.text is not None:
            change = describe_fix(item.text[d.start:d.end], d.fix)
            if item.source.path is not None and exact:
                inserted = html.escape(d.fix) if item.source.reader == "html" else d.fix
                result["fixes"] = [{"description": {"text": change}, "artifactChanges": [{
                    "artifactLocation": where, "replacements": [{
                        "deletedRegion": region, "insertedContent": {"text": inserted}}]}]}]
            else:
                properties.update({"fix": d.fix, "fix_description": change})
        result["properties"] = properties
        return result

    def _fingerprint(self, item: Input, rule: str, span: tuple[int, int] | None) -> str:
        """What says that two results, in two runs, are the same alert: a hash of the rule, the
        input's text and the span in it, then the how-manieth time the source has that hash.

        Not the line, nor the file's name: a URL moved within its file, or a file checked under
        another name (absolute or relative), keeps its alerts; the file is the location's, and
        code scanning matches an alert in its file. The count, in the order of the source's
        own content (which ``--jobs`` keeps), tells two copies of one URL in a file apart. It
        is kept for :data:`FINGERPRINTS_COUNTED` hashes a source, so that memory stays bounded;
        past them, which no run that code scanning accepts reaches, copies share a fingerprint.
        """
        if item.source != self.counted_source:
            self.counted, self.counted_source = {}, item.source
        text = "\0".join((rule, item.text or "", "" if span is None else f"{span[0]}:{span[1]}"))
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        seen = self.counted.get(digest, 0) + 1
        if seen > 1 or len(self.counted) < FINGERPRINTS_COUNTED:
            self.counted[digest] = seen
        return f"{digest}:{seen}"


def _rule(code: str) -> dict[str, object]:
    known = code_named(code)
    error = None if known is None else VALIDATION_ERRORS.get(known)
    if error is not None:
        parser = ("the URL parser fails on it" if error.failure
                  else "the URL parser goes on, but a valid URL string cannot have it")
        text = (f"{error.message} This is the validation error {code} of the WHATWG URL "
                f"Standard: {parser}.")
        return _descriptor(code, error.message, text, spec_anchor(code), "error",
                           {"tags": ["correctness", "url"], "failure": error.failure})
    if known is not None and known in ADVISORIES:
        advisory, security = ADVISORIES[known], SECURITY.get(known)
        text = (f"{advisory.message} This is an advisory of urlgrammar, not a validation error: "
                "the URL may be valid, and the standard's section linked warns of the risk.")
        properties: dict[str, object] = {"tags": ["security", "url"], "severity": "advisory"}
        # An advisory without its row (which a test forbids) is still a security rule, unranked.
        if security is not None:
            properties["security-severity"] = security.severity
            if security.cwe is not None:
                properties["tags"] = ["security", "url", f"external/cwe/cwe-{security.cwe}"]
        return _descriptor(code, advisory.message, text, advisory.spec, "warning", properties)
    if code.startswith("URL-writing/"):
        text = (f"The input breaks the rule {code.removeprefix('URL-writing/')} of the standard's "
                "URL-writing grammar, though the URL parser reports no validation error.")
        return _descriptor(code, "The input is not a valid URL string.", text, SPEC + "#url-writing",
                           "error", {"tags": ["correctness", "url"]})
    own = OWN_RULES.get(code, code)
    level = "note" if code.startswith("more-") else "error"
    return _descriptor(code, own, own, None, level, {"tags": ["correctness", "url"]})


def _descriptor(code: str, short: str, text: str, uri: str | None, level: str,
                properties: dict[str, object]) -> dict[str, object]:
    # Code scanning requires help.text and fullDescription.text, and shows help.markdown
    # where there is one.
    markdown = text if uri is None else f"{text}\n\nSee [the WHATWG URL Standard]({uri})."
    rule: dict[str, object] = {
        "id": code, "shortDescription": {"text": short}, "fullDescription": {"text": text},
        "help": {"text": text if uri is None else f"{text} See {uri}.", "markdown": markdown},
        "defaultConfiguration": {"level": level}, "properties": properties}
    if uri is not None:
        rule["helpUri"] = uri
    return rule


def _artifact(item: Input) -> dict[str, object]:
    path = item.source.path
    if path is None:
        label = item.source.label
        return {"uri": urllib.parse.quote(label), "description": {"text": NO_FILE[label]}}
    if os.path.isabs(path):
        return {"uri": Path(path).as_uri()}
    return {"uri": urllib.parse.quote(os.fsencode(Path(path).as_posix()))}


def _region(item: Input, span: tuple[int, int] | None) -> tuple[dict[str, int], bool]:
    """The region of ``span`` in the source, and whether it is exact. Code scanning requires
    every coordinate; where the column is not known (an input that was not checked, a CSV field
    that its row does not show as written) the region is the line's start, and not exact."""
    column = None
    if span is not None:
        line, column = item.where(span[0])
    if span is None or column is None:
        line, start = item.line, item.column or 1
        return {"startLine": line, "startColumn": start, "endLine": line, "endColumn": start}, False
    end_line, end_column = item.where(span[1])
    return {"startLine": line, "startColumn": column, "endLine": end_line,
            "endColumn": end_column or column}, True
