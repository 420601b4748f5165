"""What ``urlgrammar explain`` found on one input, and how it is written out: as text, and as
the dict that explain's JSON (:mod:`urlgrammar.teaching.facts`) starts from.

https://url.spec.whatwg.org/#concept-basic-url-parser. Text in the explanation is shown as
typed (:mod:`urlgrammar.teaching.shown`), so that every span lines up with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from lark import Token, Tree

from urlgrammar import algorithm
from urlgrammar.checking.rfc_reading import RFCReading
from urlgrammar.checking.validate import Report
from urlgrammar.errors import Diagnostic, escape
from urlgrammar.model.record import URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.syntax.preprocess import Preprocessed
from urlgrammar.teaching.shown import Shown, legend, legend_lines
from urlgrammar.url import URL

#: How the text names the two verdicts, whose spans differ on purpose: the parser's
#: validation errors span what their fix replaces (``check`` gives the same), the writing
#: grammar's error the first place where the string stops being a valid URL string.
PARSER = "validation errors (the parser's, as urlgrammar check reports them)"
WRITING = "writing grammar (valid URL strings)"


class Run(NamedTuple):
    """The objects of one explained run: preprocessing, the mode, the lifted record (spans in
    the preprocessed text), the Lark tree, the URL (None on failure), the state machine's run,
    :func:`urlgrammar.validate`'s report, and the validation errors the trace places: the
    report's diagnostics, where the state machine raised the same (name and order), so that
    one error has one span wherever it is shown; None where it did not."""

    pre: Preprocessed
    mode: Mode
    lifted: URLRecord
    tree: Tree[Token]
    url: URL | None
    oracle: algorithm.Result
    report: Report
    raised: Sequence[Diagnostic] | None


@dataclass
class Explanation:
    """The phases, each a title and lines of text, plus the comparisons that follow them."""

    input: str
    base: str | None
    phases: list[tuple[str, list[str]]] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: The writing grammar's verdict, or None where the base does not parse.
    writing: str | None = None
    rfc3986: str | None = None
    href: str | None = None
    failure: str | None = None
    #: RFC 3986's reading beside the standard's, where it was asked for (``explain --rfc3986``).
    rfc: RFCReading | None = None
    #: Each advisory, as a dict (Diagnostic.as_dict, and for a disagreement both readings).
    advisories: list[dict[str, Any]] = field(default_factory=list)
    # What the run made, for explain's JSON (urlgrammar.teaching.facts): not shown as text.
    objects: Run | None = field(default=None, repr=False, compare=False)
    #: Shows text as typed, and keeps what stood in for code points that cannot be shown.
    q: Shown = field(default_factory=Shown, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The legend covers the input and the base whichever lines quote them, so that the
        # text and the JSON give the same one.
        self.q.text(self.input)
        if self.base is not None:
            self.q.text(self.base)

    def add(self, title: str, *lines: str) -> None:
        self.phases.append((title, list(lines)))

    def as_dict(self) -> dict[str, Any]:
        return {"input": self.input, "base": self.base, "href": self.href, "failure": self.failure,
                "shown": legend(self.q, self.input),
                "phases": [{"phase": t, "lines": ls} for t, ls in self.phases],
                "grammar_versus_algorithm": {"differences": self.differences,
                                             "state_machine_trace": self.trace,
                                             "validation_errors": self.errors,
                                             "writing_grammar": self.writing,
                                             "rfc3986_strict": self.rfc3986},
                "advisories": self.advisories} | ({} if self.rfc is None else {"rfc3986": self.rfc.as_dict()})

    def text(self, brief: bool = False) -> str:
        """The explanation as text; ``brief`` leaves out the parse tree."""
        q = self.q
        head = f"explain {q(self.input)}" + (f" against {q(self.base)}" if self.base is not None else "")
        out = [head, ""]
        shown = legend_lines(legend(q, self.input))
        if shown:
            out += ["Text is shown as typed, one character per code point; these stand for code "
                    "points that cannot be shown:", *(f"   {line}" for line in shown), ""]
        for n, (title, lines) in enumerate(self.phases, 1):
            out.append(f"{n}. {title}")
            if brief and title == "Parse tree":
                out.append("   (see urlgrammar tree)")
                continue
            out.extend(f"   {line}" for line in lines)
        out += ["", "Grammar versus algorithm"]
        out.extend(f"   - {d}" for d in self.differences or ["the grammar's reading is the result"])
        if self.rfc3986 is not None:
            out.append(f"   RFC 3986 strict resolution gives {q(self.rfc3986)}"
                       + ("" if self.rfc3986 != self.href else " (the same)"))
        out.append("   state machine: " + " → ".join(self.trace))
        out.append(f"   {PARSER}: " + (", ".join(self.errors) or "none"))
        if self.writing is not None:
            out.append(f"   {WRITING}: {self.writing}")
        if self.rfc is not None:
            out += ["", "RFC 3986 beside the standard", *(f"   {line}" for line in self.rfc.lines(q))]
        out += ["", "Advisories"]
        for a in self.advisories:
            out.append(f"   - {a['code']} at {a['start']}..{a['end']} "
                       f"({q(self.input[a['start']:a['end']])}): {a['message']}")
            out.extend(f"       {who:<22} {reading}" for who, reading in a.get("readings", {}).items())
        if not self.advisories:
            out.append("   none" if self.href is not None else "   none (the parser fails)")
        # The quotes above show the input with stand-ins, and messages escape what they quote;
        # escaping each line again (which then changes nothing) keeps every line one line.
        return "\n".join(map(escape, out))
