"""Which findings ``urlgrammar check`` reports: ``--select`` and ``--ignore`` (or the
configuration's ``select`` and ``ignore``), what fits the source, and what a comment on the line
suppresses.

- ``select``: only these codes are reported (default: all); ``ignore``: these never are.
- In a document (HTML, Markdown, CSS), ``scheme-relative-host-change`` is not reported: that
  advisory is about a reference resolved against a base the program trusts, which it leaves
  for another host; a link in a page (``<script src="//cdn.example/x.js">``) goes to another
  host because that is what links do, and its page's scheme is the one a browser keeps. In
  lists, CSV columns, standard input and arguments (the URLs a program receives) it stays.
- In CSS, ``active-data-url`` is not reported either: a style sheet's URLs are fetched as
  images, fonts and style sheets, never navigated to, and an SVG used as an image runs no
  script (https://html.spec.whatwg.org/multipage/embedded-content.html#the-img-element, SVG
  "secure animated" mode), so ``url("data:image/svg+xml,...")``, the usual inline icon, is no
  active content.
- A comment ``urlgrammar: ignore[code, code]`` in an HTML comment (``<!-- ... -->``, which
  Markdown keeps as HTML too) suppresses those codes for the URLs on its line;
  ``urlgrammar: ignore`` without a list suppresses every code there.

A code left out is left out of the output, the summary and the exit status: an input whose
every diagnostic is left out counts as valid (even one the parser fails on: its failure is
what those diagnostics said).
Diagnostics that ``--max-errors`` cut from an input are counted as they were, whatever their
code (validate keeps no more of them).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from urlgrammar.checking.validate import Report
from urlgrammar.cli.check.formats import Checked, Result
from urlgrammar.cli.check.sources import Input
from urlgrammar.errors import Code

#: The codes a finding can have: the library's, and check's own for lines it could not read.
CODES = frozenset(code.value for code in Code) | {"line-too-long", "invalid-UTF-8"}
_HOSTS = frozenset({Code.SCHEME_RELATIVE_HOST_CHANGE.value})
#: What is not reported in each kind of source (see above), by reader.
NOT_IN = {"html": _HOSTS, "markdown": _HOSTS, "css": _HOSTS | {Code.ACTIVE_DATA_URL.value}}
#: What a suppression without a list of codes stands for.
EVERY = "*"
# The list of codes is bounded, so that a line of many unclosed lists stays linear.
_SUPPRESSION = re.compile(r"urlgrammar:[ \t]*ignore(?:\[([^\]\n]{0,2000})\])?")


class UnknownCode(ValueError):
    """A code that is no finding's, in ``--select``, ``--ignore`` or the configuration."""


def codes(values: Iterable[str], where: str) -> frozenset[str]:
    """The codes given, each checked (case as the standard writes it); ``where`` names the
    option or key for the message."""
    given = frozenset(v.strip() for value in values for v in value.split(",") if v.strip())
    unknown = sorted(given - CODES)
    if unknown:
        raise UnknownCode(f"{where}: unknown code {unknown[0]!r} (the README lists the codes)")
    return given


def suppressed(comment: str) -> frozenset[str]:
    """The codes an HTML comment's text suppresses (none, if it holds no suppression)."""
    found: set[str] = set()
    for m in _SUPPRESSION.finditer(comment):
        found.update({EVERY} if m.group(1) is None else
                     {c.strip() for c in m.group(1).split(",") if c.strip()})
    return frozenset(found)


def suppressions(lines: list[str]) -> dict[int, frozenset[str]]:
    """The codes suppressed on each (1-based) line of a document, by comments on the line."""
    out: dict[int, frozenset[str]] = {}
    for number, line in enumerate(lines, 1):
        at = line.find("<!--")
        if at >= 0 and "urlgrammar:" in line:
            codes = suppressed(line[at:])
            if codes:
                out[number] = codes
    return out


@dataclass(frozen=True, slots=True)
class Rules:
    """What is reported: ``select`` (None: every code) less ``ignore``."""

    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()

    def keeps(self, code: str, item: Input) -> bool:
        if code in self.ignore or code in item.ignore or EVERY in item.ignore:
            return False
        if self.select is not None and code not in self.select:
            return False
        return code not in NOT_IN.get(item.source.reader, ())

    def fit(self, item: Input, report: Checked | None) -> tuple[bool, Checked | None]:
        """Whether the input is reported at all, and its report with what is kept."""
        if report is None:
            return item.problem is None or self.keeps(item.problem.code, item), None
        diagnostics = tuple(d for d in report.diagnostics if self.keeps(d.code, item))
        advisories = tuple(d for d in report.advisories if self.keeps(d.code, item))
        if len(diagnostics) == len(report.diagnostics) and len(advisories) == len(report.advisories):
            return True, report
        result = Result.of(report) if isinstance(report, Report) else report
        assert isinstance(result, Result)  # a worker's report
        if diagnostics or report.omitted:
            return True, result._replace(diagnostics=diagnostics, advisories=advisories)
        # Nothing left to say of its validity: the parser's failure, and the writing grammar's
        # error that stands for the diagnostics, go with them.
        return True, result._replace(diagnostics=(), advisories=advisories, valid=True,
                                     failure=False, grammar_error=None)
