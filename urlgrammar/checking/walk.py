"""The syntactic validation errors of one input, read off the grammar's records.

https://url.spec.whatwg.org/#validation-error: the errors the basic URL parser raises for
slashes and backslashes, credentials, drive letters and code points that are not URL units
(https://url.spec.whatwg.org/#url-units), found on the record the grammar lifted (components
with spans, and marks that say which separator each sigil was) and the resolved one (which
component became the authority). Each goes to the :class:`~urlgrammar.checking.diagnostics.Collector`
with its sort key: the pointer at which the state machine would raise it, and the phase.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from itertools import chain, compress, count, repeat
from operator import add, attrgetter, sub

from urlgrammar.checking.runs import Run
from urlgrammar.checking.separator_runs import ignored_separators, path_backslashes
from urlgrammar.encoding.decode import stray_percent
from urlgrammar.encoding.percent import scalar_values
from urlgrammar.errors import Code, Diagnostic, message
from urlgrammar.host.parser import non_url
from urlgrammar.model.code_points import URL_CODE_POINTS_ASCII, none_of
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import Context, context_of, has_opaque_path, is_file
from urlgrammar.syntax.lift import sigils
from urlgrammar.syntax.preprocess import pointer_array

# Phases, in the order the state machine runs them, to order errors raised at one pointer:
# the check after a special scheme, then the relative and file states, then the ignoring of
# extra slashes, the authority, the host, the port, and the path, query and fragment.
SCHEME, SLASHES, RELATIVE, IGNORE, AUTHORITY, HOST, PORT, PATH = range(8)

#: Neither a URL code point (https://url.spec.whatwg.org/#url-code-points) nor `%`, in ASCII.
_ASCII_NON_URL = re.compile(none_of(URL_CODE_POINTS_ASCII + "%"))


def _non_url(value: str) -> re.Match[str] | None:
    """The first code point of ``value`` that is neither a URL code point nor `%`."""
    return (_ASCII_NON_URL if value.isascii() else non_url()).search(value)


def code_point(char: str) -> str:
    """A code point as people read it in a message: ``U+0020 (SPACE)``."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


_MISSING_SOLIDUS = Code.SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS
# Context's and Kind's members as module constants (an access through the class costs on Python 3.11).
_GENERIC, _SPECIAL, _FILE_STATES, _RELATIVE = Context.GENERIC, Context.SPECIAL, Context.FILE, Context.RELATIVE
_SEGMENTS, _QUERY_OR_FRAGMENT = (Kind.DIR, Kind.FILE), (Kind.QUERY, Kind.FRAGMENT)
_DRIVE, _AUTHORITY, _DIR, _FILE_SEGMENT = Kind.DRIVE, Kind.AUTHORITY, Kind.DIR, Kind.FILE
_KIND = attrgetter("kind")
#: The separators of the path (URL Specification § URL Grammar, s := { `/`, `\\` }).
_SEPARATOR = re.compile(r"[/\\]")
_IS_SEPARATOR = frozenset("/\\").__contains__

#: Where an error goes: the pointer and phase that order it, and the error.
Add = Callable[[int, int, Diagnostic], None]
#: Where many go: the phase that raises them, and their run.
AddRun = Callable[[int, Run], None]


class Walk:
    """The syntactic errors of one input: slashes, backslashes, credentials, drive letters and
    URL units, read off the lifted record ``lifted`` of ``text``.

    Separators are the sigils between components: the `//` before an authority (the two code
    points before its span), a path-root, a drive's `/` and each dir's `/` (after its value).
    The context (:func:`~urlgrammar.model.schemes.context_of`) says which states of the state
    machine read them, from the scheme and the base: a special scheme's (the special authority
    slashes state, or, after a base with the same scheme, `//` and the special relative or
    authority state), the relative states, the file states, or the generic ones, where no
    separator is ever an error.
    """

    def __init__(self, add: Add, pct_invalid: Callable[[str, int], Sequence[int]],
                 base: URLRecord | None, text: str, lifted: URLRecord, resolved: URLRecord | None,
                 add_run: AddRun) -> None:
        self.add, self.text, self.lifted, self.resolved = add, text, lifted, resolved
        self.add_run = add_run
        self.pct_invalid = pct_invalid
        #: Per code point and component: the message, detail and fix of its invalid-URL-unit,
        #: made once, as an input may repeat a code point many times.
        self._said: dict[tuple[str, str], tuple[str, str, str]] = {}
        #: The messages made so far, by code and specifics: the same again and again for a
        #: long run of backslashes, ignored slashes or `@`.
        self._messages: dict[tuple[Code, str | None], str] = {}
        self.base = base

    def run(self) -> None:
        lifted, base = self.lifted, self.base
        scheme = lifted[0] if lifted and lifted[0].kind == Kind.SCHEME else None
        start = 0 if scheme is None else (scheme.end or 0) + 1  # after the scheme's `:`
        authority = lifted.component(Kind.AUTHORITY)
        at = None if authority is None else authority.start
        ss = None if authority is None else authority.mark or "//"
        context = context_of(lifted, base)
        if context is None:
            return  # missing-scheme-non-relative-URL, which the pipeline reports
        if scheme is not None:
            written = f"'{scheme.value}:'"
            if context is _FILE_STATES and ss != "//":
                self._file_solidus(start, ss)
            elif context is _RELATIVE:  # the base's scheme, and no `//`
                self.add(start, SLASHES, Diagnostic(
                    _MISSING_SOLIDUS, 0, start, message(_MISSING_SOLIDUS, f"{written} is "
                    "read as relative to the base URL, which has the same scheme"), "scheme", fix=""))
            elif context is _SPECIAL and ss != "//":
                self.add(start, SLASHES, Diagnostic(
                    _MISSING_SOLIDUS, start, start, message(_MISSING_SOLIDUS, written),
                    "scheme", fix="//"))
        source = self._authority_source()
        self._separators(context, at, ss == "//", source)
        if source is not None and context is not _FILE_STATES:
            self._credentials(source)
        self._values(source, start)

    def _file_solidus(self, start: int, ss: str | None) -> None:
        """The scheme state's error for `file:` not followed by `//`. After a file base, the file
        state reads the rest as a relative URL: dropping the scheme says the same. Two separators,
        one a backslash (``ss``), the file states read as `//` (https://url.spec.whatwg.org/#file-state):
        the fix makes them `//` (an insertion would put them in the path), theirs fall inside it."""
        if self.base is not None and is_file(self.base.scheme):
            span, fix = (0, start), ""
        elif ss is not None and len(ss) == 2:
            span, fix = (start, start + 2), "//"
        else:
            # `//` where a separator, `?`, `#` or the end follows the `:`; `///` before a value.
            after = self.lifted[1] if len(self.lifted) > 1 else None
            value = after is not None and (after.kind in (Kind.DIR, Kind.FILE) or after.mark == "")
            span, fix = (start, start), "///" if value else "//"
        self.add(start - 1, SCHEME, Diagnostic(  # the scheme state at the `:`
            _MISSING_SOLIDUS, *span, message(_MISSING_SOLIDUS, "'file:'"), "scheme", fix=fix))

    def _authority_source(self) -> Component | None:
        """The authority the state machine reads from the input: the resolved record's, where
        it has a span (the lifted one, or the dir or file that forcing promoted)."""
        if self.resolved is None:
            return None
        c = self.resolved.component(Kind.AUTHORITY)
        return c if c is not None and c.start is not None else None

    def _separators(self, context: Context, at: int | None, slashes: bool,
                    source: Component | None) -> None:
        """missing-solidus for each slash the state machine ignores, invalid-reverse-solidus
        for each backslash it reads as a separator."""
        if context is _GENERIC:
            return
        # Where the ignored slashes end: at the authority read from the input; everywhere when
        # forcing found none (host-missing follows); nowhere when the base gives the authority.
        end = (source.start or 0) if source is not None else len(self.text) if self.resolved is None else -1
        free = at is not None and (slashes or context is _RELATIVE)  # the `//` raises nothing
        # Where no slash is ignored, only a backslash raises an error; a separator's mark is the
        # code point the text has there, so without a backslash in the text there is none (and
        # with one, the loop below reads each separator once).
        if (context is _FILE_STATES or end < 0 or (free and end <= (at or 0))) and "\\" not in self.text:
            return  # the common case: no backslash, and no slash that the parser ignores
        prefix = () if at is None else (at - 2, at - 1)
        positions, backslashes = self._sigils()
        # The `//` before the authority: the relative or file states read it, not the ones that
        # ignore slashes (which the lift puts first, as the authority comes first).
        first = 2 if prefix and (context is _FILE_STATES or free) else 0
        for k in range(first):
            if backslashes[k]:
                self._reverse(positions[k], RELATIVE, "authority")
        # The path's backslashes, and the ignored slashes and backslashes, in runs: a path may
        # hold a million.
        cut = first if context is _FILE_STATES else max(first, bisect_left(positions, end))
        ignored, which = positions[first:cut], backslashes[first:cut]
        path = array("q", compress(positions[cut:], backslashes[cut:]))
        if ignored:
            self.add_run(IGNORE, ignored_separators(ignored, which))
        if path:
            self.add_run(PATH, path_backslashes(path))

    def _sigils(self) -> tuple[array[int], array[int]]:
        """The positions of :func:`~urlgrammar.syntax.lift.separators`, and 1 for each that is a
        backslash. A stretch of dirs is read off the text at once where its every `/` and `\\`
        is a dir's separator (the dirs' separators are some of them, so where there are as
        many, they are all): a path may have a million."""
        lifted, text = self.lifted, self.text
        positions, backslashes = array("q"), array("B")
        i, n = 0, len(lifted)
        while i < n and lifted[i].kind <= _FILE_SEGMENT:
            c = lifted[i]
            if c.kind == _DIR:
                j = bisect_right(lifted, _DIR, i, key=_KIND)
                a, end = c.start, lifted[j - 1].end
                b = -1 if end is None else end + 1  # after the last dir's separator
                if a is not None and b > a and text.count("/", a, b) + text.count("\\", a, b) == j - i:
                    region = text[a:b]
                    positions.extend(compress(count(a), map(_IS_SEPARATOR, region)))
                    backslashes.extend(map("\\".__eq__, _SEPARATOR.findall(region)))
                    i = j
                    continue
            for p, char in sigils(c):
                positions.append(p)
                backslashes.append(char == "\\")
            i += 1
        return positions, backslashes

    def _message(self, code: Code, specifics: str | None = None) -> str:
        said = self._messages.get((code, specifics))
        if said is None:
            said = self._messages[code, specifics] = message(code, specifics)
        return said

    def _reverse(self, p: int, phase: int, component: str) -> None:
        self.add(p, phase, Diagnostic(Code.INVALID_REVERSE_SOLIDUS, p, p + 1,
                                      self._message(Code.INVALID_REVERSE_SOLIDUS), component, fix="/"))

    def _credentials(self, source: Component) -> None:
        """invalid-credentials once per `@` of the authority (the authority state's count);
        each spans the userinfo up to its `@`, so that the fixes together remove it."""
        a: Authority = source.value
        if a.username is None:
            return
        said = Diagnostic(Code.INVALID_CREDENTIALS, 0, 0, self._message(Code.INVALID_CREDENTIALS), "userinfo",
                          fix="")
        first, last = source.start or 0, (a.host.start or 0) - 1
        if self.text.count("@", first, last + 1) == last + 1 - first:
            run = Run(range(first, last + 1), (said,))  # `http://@@@h/`: each spans its own `@`
        else:
            parts = (c for c in (a.username, a.password) if c is not None)
            ats = pointer_array(chain.from_iterable(compress(count(c.start or 0), map("@".__eq__, c.value))
                                                    for c in parts), last + 1)
            ats.append(last)
            starts = pointer_array(chain((first,), map(add, ats[:-1], repeat(1))), last + 1)
            run = Run(ats, (said,), None, starts)
        self.add_run(AUTHORITY, run)

    def _values(self, source: Component | None, start: int) -> None:
        """The path, opaque path, query and fragment states' checks, and drive letters."""
        promoted = source.start if source is not None else None
        previous_end = start
        # The path's segments that follow each other (each after the one separator before it),
        # read as one text with `/` between them: a path may have a million segments, and the
        # separator is neither `%`, a hex digit nor a code point that is not a URL unit.
        stretch: list[str] = []
        at = end = -2
        lifted = self.lifted
        i, n = 0, len(lifted)
        while i < n:
            c = lifted[i]
            kind = c.kind
            i += 1
            if kind in _SEGMENTS:
                if c.start != promoted and c.start is not None:
                    if c.start != end + 1:
                        self.units("/".join(stretch), at, "path")
                        stretch, at = [], c.start
                    j = bisect_right(lifted, _DIR, i, key=_KIND) if kind == _DIR else i
                    whole = self._dirs_text(i - 1, j, promoted)
                    if whole is not None:
                        c, i = lifted[j - 1], j
                    stretch.append(c.value if whole is None else whole)
                    end = (c.start or 0) + len(c.value)
            elif kind in _QUERY_OR_FRAGMENT:
                self.units(c.value, c.start or 0, kind.label)
            elif kind == _DRIVE:
                self._drive(c, previous_end)
            elif kind == _AUTHORITY:
                previous_end = c.end or 0
        self.units("/".join(stretch), at, "path")

    def _dirs_text(self, i: int, j: int, promoted: int | None) -> str | None:
        """The values of the dirs ``i`` to ``j - 1`` with `/` between them, read off the text
        at once, where there are a few and no `/` or `\\` of the text between them is another
        than their separators (as many as there are separators); None otherwise."""
        if j - i < 8:
            return None
        lifted, text = self.lifted, self.text
        a, b = lifted[i].start, lifted[j - 1].end
        if a is None or b is None or (promoted is not None and a <= promoted <= b) or \
                text.count("/", a, b) + text.count("\\", a, b) != j - i - 1:
            return None
        return text[a:b].replace("\\", "/")

    def _drive(self, c: Component, previous_end: int) -> None:
        """A drive (only the file grammar reads one) without its `/` sigil: as the file host,
        or, after a file base, as the start of a relative URL (the file state). Otherwise its
        `|` goes through the path state."""
        start, end = c.start or 0, c.end or 0
        letter = c.value[0] + ":"
        after_authority = self.lifted.has(Kind.AUTHORITY)
        if start == previous_end and after_authority:
            self.add(end, HOST, Diagnostic(
                Code.FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST, start, end, message(
                    Code.FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST, f"the parser reads '{c.value}' as the "
                    "start of the path"), "host", fix="/" + letter))
            return
        if start == previous_end and self.base is not None and is_file(self.base.scheme):
            # The fix inserts the `/` that makes the drive start an absolute path; the drive's
            # `|`, if any, has its own fix.
            self.add(start, RELATIVE, Diagnostic(
                Code.FILE_INVALID_WINDOWS_DRIVE_LETTER, start, start, message(
                    Code.FILE_INVALID_WINDOWS_DRIVE_LETTER, f"'{c.value}' replaces the base URL's path"),
                "path", fix="/"))
        if c.value[1] == "|":
            # The span is the `|`, where the state machine raises the error, not the letter too.
            self.add(start + 1, PATH, Diagnostic(
                Code.INVALID_URL_UNIT, start + 1, end, message(Code.INVALID_URL_UNIT, f"the '|' of the "
                f"drive letter '{c.value}'; write '{letter}'"), "path", code_point("|"), ":"))

    def units(self, value: str, start: int, component: str) -> None:
        """invalid-URL-unit for each code point of ``value`` (at ``start``) that is not a URL
        code point, and for each `%` that pct.lark reads as pct-invalid (not followed by two
        hex digits)."""
        bad = _non_url(value)
        stray = "%" in value and stray_percent().search(value) is not None
        if bad is None and not stray:
            return
        runs: list[tuple[Sequence[int], list[Diagnostic], Sequence[int] | None]] = []
        chars: list[str] = []
        if bad is not None:
            pattern = _ASCII_NON_URL if value.isascii() else non_url()
            opaque = component == "path" and self.resolved is not None and has_opaque_path(self.resolved)
            where = "an opaque path" if opaque else f"the {component}"
            first = bad.start()
            found, chars, which = _positions(value[first:], start + first, pattern)
            runs.append((found, [self._unit(char, where, component) for char in chars], which))
        if stray:
            percent = Diagnostic(Code.INVALID_URL_UNIT, 0, 0, message(
                Code.INVALID_URL_UNIT, f"a '%' in the {component} without two hex digits after it; "
                "write %25 for a percent sign"), component, "%", "%25")
            invalid = self.pct_invalid(value, start)
            if invalid:
                runs.append((invalid, [percent], None))
        if runs:
            self.add_run(PATH, _one_run(runs, value, start, chars))

    def _unit(self, char: str, where: str, component: str) -> Diagnostic:
        """The invalid-URL-unit of ``char`` in a component, but for its span."""
        said = self._said.get((char, where))
        if said is None:
            said = self._said[char, where] = (
                message(Code.INVALID_URL_UNIT, f"{code_point(char)} in {where}"), f"U+{ord(char):04X}",
                _encoded(char))
        return Diagnostic(Code.INVALID_URL_UNIT, 0, 0, said[0], component, *said[1:])


def _positions(tail: str, at: int,
               pattern: re.Pattern[str]) -> tuple[Sequence[int], list[str], Sequence[int] | None]:
    """Where ``pattern``'s code points are in ``tail`` (which starts with one, at ``at``), the
    code points, and which of them is at each place (None for one). The pattern reads one code
    point at a time, so each of those is one wherever it is: the positions are found without
    a Python call per code point, and as a range where they are all of ``tail``'s first ones."""
    # A long text of few distinct code points has its few tested (one alone told by a strip).
    distinct = () if len(tail) <= _LONG else {tail[0]} if not tail.strip(tail[0]) else set(tail)
    kinds = [c for c in distinct if pattern.match(c)] if 0 < len(distinct) <= _DISTINCT else \
        list(dict.fromkeys(pattern.findall(tail)))
    found = frozenset(kinds).__contains__
    n = sum(map(tail.count, kinds))  # each kind is one code point: counted, not tested one by one
    dense = max(map(tail.rfind, kinds)) == n - 1
    pointers: Sequence[int] = range(at, at + n) if dense else \
        pointer_array(compress(count(at), map(found, tail)), at + len(tail))
    if len(kinds) == 1:
        return pointers, kinds, None
    if dense and len(kinds) <= 256:  # each code point's index, as a byte
        return pointers, kinds, tail[:n].translate({ord(c): k for k, c in enumerate(kinds)}).encode("latin-1")
    index = {c: k for k, c in enumerate(kinds)}
    return pointers, kinds, array("I", map(index.__getitem__, compress(tail, map(found, tail))))


#: Up to how many distinct code points a text longer than :data:`_LONG` has its non-URL code
#: points looked for among them.
_DISTINCT, _LONG = 64, 512


def _one_run(runs: list[tuple[Sequence[int], list[Diagnostic], Sequence[int] | None]], value: str,
             start: int, chars: list[str]) -> Run:
    """The runs of one component ``value`` (at ``start``) as one, in the order of their
    pointers (no two share one): the code points that are not URL units (``chars``, a
    template each), then the `%`."""
    if len(runs) == 1:
        pointers, templates, which = runs[0]
        return Run(pointers, tuple(templates), which)
    (units, kinds, _), (percents, percent, _) = runs
    merged = array("q", sorted(chain(units, percents)))  # two sorted runs: merged, not sorted
    # Each template is one code point's: the code point at each pointer says which.
    index = {char: k for k, char in enumerate([*chars, "%"])}
    which = array("I", map(index.__getitem__, map(value.__getitem__, map(sub, merged, repeat(start)))))
    return Run(merged, (*kinds, *percent), which)


def _encoded(char: str) -> str:
    """The code point percent-encoded as UTF-8 (a surrogate as U+FFFD, as the parser does)."""
    data = scalar_values(char).encode("utf-8")
    return "".join(f"%{byte:02X}" for byte in data)
