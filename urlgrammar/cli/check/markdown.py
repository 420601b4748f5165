"""URLs where they live in Markdown documents: link and image destinations, autolinks and link
reference definitions, each located in the source by line and column.

The document is parsed as CommonMark by markdown-it-py (the ``markdown`` extra,
https://markdown-it-py.readthedocs.io/): only what CommonMark makes a link is a URL, and the
URL is the destination as the parser reads it (backslash escapes and character references
resolved), neither normalised nor percent-encoded, nor refused (a ``javascript:`` link is
checked, not dropped). A reference link (``[text][label]``) is checked where its definition is.

Where a URL is: the parser tells which lines a block spans, not where in them a link is; its
rules are wrapped to note where each destination starts in the block's text, and a block's
line of text is found in its source line (after the indentation, list marker or ``>`` that
the block takes off). A destination written with escapes or character references is located
at its first code point, every code point of it there.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from urlgrammar.cli.check.rules import suppressions
from urlgrammar.cli.check.sources import Input, SourceError, Stream

#: A destination found: (the text the rule read, where the URL starts in it, the URL, the
#: offset in the URL from which it is as written: 7 for an e-mail autolink's ``mailto:``).
Found = tuple[str, int, str, int]
Anchors = tuple[tuple[int, int, int, int], ...]
_MAILTO = "mailto:"


def document_inputs(stream: Stream, base: str | None, first: int = 1) -> Iterator[Input]:
    """The URLs of the Markdown document read from ``stream`` (UTF-8), numbered from ``first``."""
    try:
        from markdown_it import MarkdownIt
    except ImportError:
        raise SourceError(f"{stream.source.name}: reading Markdown needs markdown-it-py: "
                          "pip install 'urlgrammar[markdown]'") from None
    text = stream.utf8_text()
    md = MarkdownIt("commonmark")
    md.normalizeLink = lambda url: url  # type: ignore[method-assign]
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    found: list[Found] = []
    references: list[tuple[int, Found]] = []
    _wrap(md, found, references)
    try:
        tokens = md.parse(text, {})
    except RecursionError:  # markdown-it-py nests as deep as the document (quotes, lists)
        raise SourceError(f"{stream.source.name} nests too deep for the Markdown parser") from None
    lines = text.split("\n")
    ignored = suppressions(lines)
    document = base or Path(stream.source.path or ".").resolve().as_uri()
    placer = _Placer(lines)
    located = list(_inline(tokens, found, placer)) + [
        (placer.place(start, f[0], f[1]), f) for start, f in references]
    located.sort(key=lambda x: x[0])
    for n, ((line, column), (text_, pos, url, written)) in enumerate(located, first):
        if text_[pos:pos + len(url) - written] != url[written:]:  # escapes: all at its start
            anchors: Anchors = ((0, line, column, 0),)
        elif written:
            anchors = ((0, line, column, 0), (written, line, column, 1))
        else:
            anchors = ()
        yield Input(n, url, stream.source, line, column, document, None, anchors,
                    ignore=ignored.get(line, frozenset()))


def _wrap(md: Any, found: list[Found], references: list[tuple[int, Found]]) -> None:
    """Wrap the rules that read destinations, so that each notes where its destination is."""
    last: list[tuple[str, int, str]] = []
    destination = md.helpers.parseLinkDestination

    def parse_destination(text: str, pos: int, maximum: int) -> Any:
        result = destination(text, pos, maximum)
        if result.ok:
            last.append((text, pos + (text[pos] == "<"), result.str))
        return result

    md.helpers = SimpleNamespace(**{k: getattr(md.helpers, k) for k in
                                    ("parseLinkLabel", "parseLinkTitle")},
                                 parseLinkDestination=parse_destination)

    def inline(rule: Callable[..., bool]) -> Callable[..., bool]:
        def wrapped(state: Any, silent: bool) -> bool:
            mark, start = len(last), state.pos
            ok = rule(state, silent)
            if not ok or silent:
                return ok
            if rule.__name__ == "autolink":
                url = state.src[start + 1:state.pos - 1]
                email = state.tokens[-3].attrs.get("href", "").startswith(_MAILTO) and \
                    not url.startswith(_MAILTO)
                found.append((state.src, start + 1, _MAILTO * email + url, len(_MAILTO) * email))
            elif state.src[state.pos - 1] == ")":  # an inline link, not [text][label]
                # The link's own destination follows its text, and so any in the text.
                mine = [d for d in last[mark:] if d[0] is state.src and start <= d[1] < state.pos]
                if mine:
                    found.append((*max(mine, key=lambda d: d[1]), 0))
            del last[mark:]
            return ok
        return wrapped

    block = _rule(md.block.ruler, "reference")
    original = block.fn

    def reference(state: Any, start: int, end: int, silent: bool) -> bool:
        mark = len(last)
        ok: bool = original(state, start, end, silent)
        if ok and not silent and len(last) > mark:
            references.append((start, (*last[mark], 0)))
        del last[mark:]
        return ok

    for name in ("link", "image", "autolink"):
        md.inline.ruler.at(name, inline(_rule(md.inline.ruler, name).fn))
    md.block.ruler.at("reference", reference, {"alt": block.alt})


def _rule(ruler: Any, name: str) -> Any:
    return next(r for r in ruler.__rules__ if r.name == name)


def _inline(tokens: list[Any], found: list[Found],
            placer: _Placer) -> Iterator[tuple[tuple[int, int], Found]]:
    """Each destination found with its place: the inline tokens are parsed in order, and each
    destination's text is the content of the first inline token from the last one on."""
    blocks = iter([t for t in tokens if t.type == "inline" and t.map is not None])
    block = next(blocks, None)
    for destination in found:
        while block is not None and block.content is not destination[0]:
            block = next(blocks, None)
        if block is None:
            return
        yield placer.place(block.map[0], destination[0], destination[1]), destination


class _Placer:
    """Places in the source of offsets in blocks' texts; what each block's lines are, and
    where each line of a block is in its source line, is found once (a line of a thousand
    links is searched once, not a thousand times)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.breaks: dict[int, tuple[str, list[int]]] = {}
        self.shifts: dict[tuple[int, int], int] = {}

    def place(self, first: int, text: str, pos: int) -> tuple[int, int]:
        """The 1-based line and column of ``text[pos]``, where ``text`` is a block's text
        whose first line is the 0-based source line ``first``."""
        kept = self.breaks.get(id(text))
        if kept is None or kept[0] is not text:
            kept = self.breaks[id(text)] = (text, [-1] + [i for i, c in enumerate(text) if c == "\n"])
        breaks = kept[1]
        k = bisect.bisect_left(breaks, pos) - 1
        start = breaks[k] + 1
        line = first + k
        shift = self.shifts.get((line, start))
        if shift is None:
            end = breaks[k + 1] if k + 1 < len(breaks) else len(text)
            piece = text[start:end]
            source = self.lines[line] if line < len(self.lines) else ""
            shift = source.find(piece) if piece else -1
            if shift < 0:  # not as written (a tab expanded): the line's first non-blank
                shift = len(source) - len(source.lstrip())
            self.shifts[(line, start)] = shift
        return line + 1, shift + pos - start + 1
