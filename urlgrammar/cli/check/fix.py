"""``urlgrammar check --fix`` and ``--diff``: each URL's suggestion written back into its file.

A URL is rewritten only where all of these hold, and otherwise left as it is:

- its file is a list, a Markdown document or an HTML document read as UTF-8 (a document in
  another encoding might not hold the suggestion's code points; CSS, CSV and standard input
  are not rewritten);
- validate has a suggestion (:attr:`urlgrammar.checking.validate.Report.suggestion`, a valid
  URL string that carries no advisory), and the suggestion is the same URL: parsed against the
  same base, with the same query encoding, it serializes to the same href as the input, code
  point for code point (https://url.spec.whatwg.org/#concept-url-serializer). A URL the parser
  fails on has no href, and no fix;
- the input is written in the file as it is, on one line: at its line and column the file
  holds exactly its text (not a character reference, an escape, or a value over several
  lines), when the file is read again to be rewritten.

Nothing is written unless ``--fix`` is given; ``--diff`` writes nothing either, and shows what
``--fix`` would change as a unified diff.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field

from urlgrammar.api import parse
from urlgrammar.cli.check.formats import Checked
from urlgrammar.cli.check.sources import Input
from urlgrammar.errors import URLError

#: The readers whose files are rewritten.
FIXABLE = frozenset({"list", "markdown", "html"})
_BOM = b"\xef\xbb\xbf"


def same_url(input: str, suggestion: str, base: str | None, encoding: str) -> bool:
    """Whether ``suggestion`` parses to the same href as ``input``, against ``base``."""
    try:
        return parse(input, base, encoding=encoding).href == parse(suggestion, base, encoding=encoding).href
    except URLError:
        return False


@dataclass(frozen=True, slots=True)
class Edit:
    """``old`` at ``line`` and ``column`` (1-based, code points) becomes ``new``; ``invalid``:
    ``old`` is not a valid URL string (the edit ends a finding, not only an advisory)."""

    line: int
    column: int
    old: str
    new: str
    invalid: bool


@dataclass
class Fixer:
    """The edits found, by file, and how many URLs they change."""

    edits: dict[str, dict[tuple[int, int], Edit]] = field(default_factory=dict)

    def add(self, item: Input, report: Checked | None) -> bool:
        """Note the edit of ``item``, if it can be made; whether it can."""
        suggestion = None if report is None else report.suggestion
        path, text, column = item.source.path, item.text, item.column
        if suggestion is None or text is None or path is None or column is None or suggestion == text:
            return False
        if item.source.reader not in FIXABLE or item.encoding.lower() != "utf-8":
            return False
        if not same_url(text, suggestion, item.base, item.encoding):
            return False
        edit = Edit(item.line, column, text, suggestion, report is not None and not report.valid)
        self.edits.setdefault(path, {})[(item.line, column)] = edit
        return True

    def changes(self) -> dict[str, tuple[bytes, bytes, list[Edit]]]:
        """Each file's bytes, the bytes with its edits made, and the edits made."""
        out: dict[str, tuple[bytes, bytes, list[Edit]]] = {}
        for path, edits in self.edits.items():
            try:
                with open(path, "rb") as f:
                    data = f.read()
                bom = _BOM if data.startswith(_BOM) else b""
                lines = data[len(bom):].decode("utf-8").split("\n")
            except (OSError, UnicodeDecodeError):
                continue
            made = []
            for edit in sorted(edits.values(), key=lambda e: (e.line, e.column), reverse=True):
                if edit.line > len(lines):
                    continue
                line, at = lines[edit.line - 1], edit.column - 1
                if line[at:at + len(edit.old)] == edit.old:
                    lines[edit.line - 1] = line[:at] + edit.new + line[at + len(edit.old):]
                    made.append(edit)
            if made:
                out[path] = (data, bom + "\n".join(lines).encode("utf-8"), made)
        return out


def diff(path: str, old: bytes, new: bytes) -> str:
    """A unified diff of one file's change."""
    before = old.decode("utf-8-sig").splitlines(keepends=True)
    after = new.decode("utf-8-sig").splitlines(keepends=True)
    names = (path, path) if os.path.isabs(path) else (f"a/{path}", f"b/{path}")
    return "".join(difflib.unified_diff(before, after, *names))
