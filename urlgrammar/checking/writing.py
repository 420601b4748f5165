"""The writing grammar's verdict: is a string a valid URL string, and if not, which rule breaks.

https://url.spec.whatwg.org/#url-writing, read through the project's grammars in their strict
reading (URL Specification 0.10.1, § URL Grammar): no ``pct_invalid``, no
``auth_drive_invalid``, no code point that § Component Characters marks T, F or R for its
component, no userinfo, and a valid host; relative URLs as the writing section says, relative
to the base. :func:`urlgrammar.checking.validate.validate` asks it of the record the pipeline
lifted.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import filterfalse, repeat
from operator import add, attrgetter

from urlgrammar.checking.runs import Positions
from urlgrammar.checking.walk import code_point
from urlgrammar.encoding.decode import pct_invalid_spans, stray_percent
from urlgrammar.errors import Code, URLError
from urlgrammar.host.authority import port_number
from urlgrammar.host.domain import STATUS, parse_domain
from urlgrammar.host.ipv4 import ends_in_a_number, is_valid_ipv4
from urlgrammar.host.ipv6 import is_valid_ipv6
from urlgrammar.model.code_points import neither, none_of
from urlgrammar.model.component_characters import (
    DELIMITER,
    ENCODED,
    FIXED,
    REJECTED,
    TOLERATED,
    VALID,
    having,
    status,
)
from urlgrammar.model.record import Authority, Component, Kind, Span, URLRecord
from urlgrammar.model.schemes import Mode, context_of
from urlgrammar.syntax.lift import sigils
from urlgrammar.syntax.preprocess import Preprocessed

# Mode's and Kind's members as module constants (an access through the class costs on Python 3.11).
_GENERIC, _SPECIAL, _FILE = Mode.GENERIC, Mode.SPECIAL, Mode.FILE
_AUTHORITY, _ROOT, _DRIVE, _DIR, _FILE_SEGMENT = Kind.AUTHORITY, Kind.ROOT, Kind.DRIVE, Kind.DIR, Kind.FILE
_QUERY_OR_FRAGMENT = (Kind.QUERY, Kind.FRAGMENT)
_KIND, _START = attrgetter("kind"), attrgetter("start")
#: Positions of a text taken as fixed: a set, or the starts of validation errors as ranges.
Fixed = frozenset[int] | Positions
#: The writing section's rule that the scheme-relative URLs of a mode follow, by whether the
#: mode is special and whether it is file (a dict keyed by Mode would hash an Enum, which
#: costs on Python 3.11): scheme-relative-special-URL, scheme-relative-file-URL, and the other
#: URLs' scheme-relative-URL.
_RELATIVE_RULES = (("scheme-relative-URL", "scheme-relative-file-URL"), ("scheme-relative-special-URL",) * 2)


@dataclass(frozen=True, slots=True)
class GrammarError:
    """The first rule of the writing grammar an input breaks, and where (in the input)."""

    rule: str
    start: int
    end: int
    message: str

    def as_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "start": self.start, "end": self.end, "message": self.message}


def removed_error(pre: Preprocessed) -> GrammarError | None:
    """The first code point preprocessing removed: no rule of the writing grammar has it, as it
    is not a URL unit (the grammar reads what preprocessing leaves)."""
    if len(pre.text) == len(pre.original):
        return None
    (_, lead), (trail, _) = pre.trimmed
    # The first removed tab or newline, in the input (Preprocessed.removed would list them all).
    removed = pre.offsets.removed
    at = 0 if lead else min(removed[0] + lead, trail) if removed else trail
    what = "leading or trailing C0 control or space" if at < lead or at >= trail else "tab or newline"
    return GrammarError("URL-units", at, at + 1, f"A valid URL string has no {what} (the parser "
                        "removes it).")


#: What a status says of a code point in a message.
_STATUS = {TOLERATED: "invalid but tolerated", FIXED: "invalid (the parser percent-encodes it)",
           REJECTED: "invalid and rejected", DELIMITER: "a delimiter, not a code point of a value,"}


@cache
def _invalid_patterns(column: str, separator: str = "") -> tuple[re.Pattern[str], re.Pattern[str]]:
    """What a column does not allow (`%` aside, and ``separator``): in ASCII text, and in any
    text. Compiled when first asked for: the patterns are large, and most inputs are valid URLs
    that validate's fast path answers without them."""
    valid = "".join(sorted(having(column, VALID + ENCODED))) + "%" + separator
    return re.compile(none_of(valid)), re.compile(neither(valid))


def first_pct_invalid(value: str) -> Span | None:
    """The span of the first ``pct_invalid`` of ``value`` read as a percent-encoded-string."""
    return next(pct_invalid_spans(value), None)


def component_error(value: str, start: int, column: str, rule: str,
                    invalid: Callable[[str], Span | None] = first_pct_invalid,
                    fixed: Fixed = frozenset()) -> GrammarError | None:
    """The first code point of a component value that its column does not allow, or the first
    ``pct_invalid`` of its percent-encoded-string parse (``invalid`` finds it), whichever
    comes first. A code point at a position in ``fixed`` (of the input) is taken as fixed."""
    pattern = _invalid_patterns(column)[not value.isascii()]
    if fixed:
        at = _first_not_fixed(pattern, value, 0, len(value), start, fixed)
        bad = None if at is None else pattern.match(value, at)
    else:
        bad = pattern.search(value)
    first = None
    if bad is not None:
        char = bad.group()
        said = _STATUS[status(char, column)]
        first = GrammarError(rule, start + bad.start(), start + bad.end(),
                             f"{code_point(char)} is {said} in the {column} "
                             "(URL Specification § Component Characters).")
    # The bad code point is neither `%` nor a hex digit, so the terminals before it are those
    # of the text up to it: a `%` that it cuts short is a pct_invalid either way, and where no
    # `%` before it lacks two hex digits, there is none to find.
    end = len(value) if bad is None else bad.start()
    span = invalid(value) if stray_percent().search(value, 0, end) else None
    if span is not None and (bad is None or span[0] < bad.start()):
        at, end = span
        return GrammarError("pct_invalid", start + at, start + end, "A '%' is not followed "
                            "by two hex digits (the grammar's pct_invalid).")
    return first


def backslash_error(rule: str, at: int) -> GrammarError:
    """The error of a backslash at ``at`` that separates a component of ``rule`` (path_root,
    dir, drive, or the scheme-relative rule for the `//` before an authority): the strict
    reading's separator is `/`, where the lenient one also reads `\\`."""
    return GrammarError(rule, at, at + 1, "A separator must be '/', not '\\'.")


def host_error(host: Component, mode: Mode) -> GrammarError | None:
    """The writing grammar's verdict on a host as written, a valid host string (special and
    file) or a valid opaque-host string (https://url.spec.whatwg.org/#host-writing)."""
    return Writing._host(host, mode)


def _first_not_fixed(pattern: re.Pattern[str], text: str, a: int, b: int, offset: int,
                     fixed: Fixed) -> int | None:
    """Where the first match of ``pattern`` (one code point) in ``text[a:b]`` is whose
    position plus ``offset`` is not in ``fixed``; None where each is. Only the gaps between
    the ranges of :class:`~urlgrammar.checking.runs.Positions` are read: a run of a million
    lone surrogates, each of which a fix encodes, is one range, where the input's own walk
    found them."""
    if not isinstance(fixed, Positions):
        return _first_not_in(pattern, text, a, b, offset, fixed)
    for lo, hi in fixed.gaps(a + offset, b + offset):
        at = _first_not_in(pattern, text, lo - offset, hi - offset, offset, fixed.points)
        if at is not None:
            return at
    return None


def _first_not_in(pattern: re.Pattern[str], text: str, a: int, b: int, offset: int,
                  fixed: frozenset[int]) -> int | None:
    """:func:`_first_not_fixed` for a set of positions, found without a Python call per
    match. Where the first run of matches is long, the matches are found by the run and each
    run's positions read off it, so that no match object is made per code point; where it is
    short (`\a\a...`), one match per code point costs less than a run and its range."""
    runs = _runs(pattern)
    first = runs.search(text, a, b)
    if first is None:
        return None
    a = first.start()
    if first.end() - a < _LONG_RUN:
        positions = map(add, map(re.Match.start, pattern.finditer(text, a, b)), repeat(offset))
        at = next(filterfalse(fixed.__contains__, positions), None)
        return None if at is None else at - offset
    for run in runs.finditer(text, a, b):  # few runs, each long
        at = next(filterfalse(fixed.__contains__, range(run.start() + offset, run.end() + offset)), None)
        if at is not None:
            return at - offset
    return None


#: How many code points make a run of matches long (:func:`_first_not_in`).
_LONG_RUN = 4


@cache
def _runs(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The runs of what ``pattern``, one code point, matches."""
    return re.compile(f"(?:{pattern.pattern})+")


class Writing:
    """The writing grammar's verdict on a lifted record ``lifted`` of ``text``.

    Rules are named as the project's grammars name them where one of their rules fails in the
    strict reading (``auth_drive_invalid``, ``pct_invalid``, ``userinfo``, ``port``,
    ``ip4_address_strict``, ``ip6_address_strict``, and ``path_root``, ``dir``, ``file``,
    ``drive``, ``query``, ``fragment`` for their separators and code points, ``host`` for an
    opaque host's: authority.lark's host rule reads it), ``domain`` for the valid-domain
    procedure, ``host`` for a special URL without one, and by the writing section's names
    where the failure is about the shape of the whole (``scheme-relative-special-URL``,
    ``scheme-relative-file-URL``, ``scheme-relative-URL``, ``opaque-host-and-port``,
    ``relative-URL-with-fragment``). Code points that preprocessing removes, which no rule
    has, are ``URL-units`` (see :func:`removed_error`).
    """

    def __init__(self, text: str, lifted: URLRecord, base: URLRecord | None,
                 invalid: Callable[[str], Span | None], fixed: Fixed = frozenset()) -> None:
        self.text, self.lifted, self.base, self.invalid = text, lifted, base, invalid
        #: Positions of ``text`` that a fix makes valid (a backslash that becomes a slash, a
        #: code point that is percent-encoded): the verdict is then the fixed string's.
        self.fixed = fixed
        #: The index of the lifted component where :meth:`first_error` found the error (0 where
        #: none, or where it is about the whole).
        self.at = 0

    def first_error(self, skip: int = 0) -> GrammarError | None:
        """The first rule the input breaks, or None. ``skip``: the components before that index
        are known to break none (a verdict without ``fixed`` found its first error at it, and
        a fixed position only takes an error away), so they are not read again."""
        lifted, base, text = self.lifted, self.base, self.text
        context = context_of(lifted, base)
        if context is None:
            if base is None:
                return GrammarError("relative-URL-with-fragment", 0, len(text), "The input has no "
                                    "scheme, and a relative URL needs a base URL.")
            return GrammarError("relative-URL-with-fragment", 0, len(text), "Against a base "
                                "URL with an opaque path, only a fragment is valid.")
        # The writing grammar reads a relative URL with the rules of its base's scheme.
        mode = context.mode
        scheme = lifted[0] if lifted and lifted[0].kind == Kind.SCHEME else None
        after = 0 if scheme is None else (scheme.end or 0) + 1
        authority = lifted.component(Kind.AUTHORITY)
        rule = _RELATIVE_RULES[mode is _SPECIAL][mode is _FILE]
        if authority is None and scheme is not None and mode is not _GENERIC:
            drive = lifted.component(Kind.DRIVE)
            if drive is not None and drive.mark == "":
                return self._drive_invalid(drive)
            return GrammarError(rule, after, after, f"The scheme '{scheme.value.lower()}:' must be "
                                "followed by '//'.")
        return self._path_errors(authority, mode, rule, skip)

    def _path_errors(self, authority: Component | None, mode: Mode, rule: str,
                     skip: int) -> GrammarError | None:
        """The first error of the components and their separators, left to right, from the
        component ``skip`` on."""
        lifted = self.lifted
        opaque = lifted.scheme is not None and mode is _GENERIC and authority is None and not lifted.root
        column = "opaque-path" if opaque else "dir"
        i, n = skip, len(lifted)
        while i < n:
            c = lifted[i]
            kind = c.kind
            if kind == _DIR and column == "dir":
                clean = self._clean_dirs(i)
                if clean > i:
                    i = clean
                    continue
            start = c.start or 0
            error = None
            if kind == _AUTHORITY:
                error = self._backslash(c, rule, self.fixed) or self._authority(c, mode, rule)
            elif kind == _ROOT:
                error = self._backslash(c, "path_root", self.fixed)
            elif kind == _DRIVE:
                # The spec (§ Component Characters) has no column for a drive; we read it with
                # the dir column, as the WHATWG standard reads it as a path segment (so `C|` is
                # invalid and `C:` valid).
                error = self._drive_invalid(c) if c.mark == "" else \
                    self._backslash(c, "drive", self.fixed) or \
                    component_error(c.value, start, "dir", "drive", self.invalid, self.fixed)
            elif kind == _DIR:
                error = component_error(c.value, start, column, "dir", self.invalid, self.fixed) \
                    or self._backslash(c, "dir", self.fixed)
            elif kind == _FILE_SEGMENT:
                error = component_error(c.value, start, column, "file", self.invalid, self.fixed)
            elif kind in _QUERY_OR_FRAGMENT:
                error = component_error(c.value, start, kind.label, kind.label, self.invalid, self.fixed)
            if error is not None:
                self.at = i
                return error
            i += 1
        return None

    def _clean_dirs(self, i: int) -> int:
        """How far the dirs from the ``i``-th on break no rule: the index of the first that
        may, or of the component after them. Their text, each dir followed by its separator, is
        searched whole, not dir by dir (a path may have a million): for a code point the dir
        column does not allow (`/` aside, as every `/` there is a separator, which the grammar
        does not read as a code point of a value), which takes in a backslash separator, and
        for a `%` without two hex digits; positions in ``fixed`` are taken as fixed. A dir
        without one of those breaks no rule (:func:`component_error`, :meth:`_backslash`)."""
        lifted, text = self.lifted, self.text
        j = bisect_right(lifted, _DIR, i, key=_KIND)
        a, last = lifted[i].start, lifted[j - 1].end
        if j - i < 2 or a is None or last is None:
            return i
        b = last + 1
        pattern = _invalid_patterns("dir", "/")[not text.isascii()]
        if self.fixed:
            found = _first_not_fixed(pattern, text, a, b, 0, self.fixed)
            at = b if found is None else found
        else:
            bad = pattern.search(text, a, b)
            at = b if bad is None else bad.start()
        stray = stray_percent().search(text, a, b)
        if stray is not None:
            at = min(at, stray.start())
        return j if at >= b else bisect_right(lifted, at, i, j, key=_START) - 1

    @staticmethod
    def _backslash(c: Component, rule: str, fixed: Fixed) -> GrammarError | None:
        """A separator of the strict reading is `/`; the lenient one also reads `\\`. The
        component's own separators, as the grammar read them (not a map of them all: a path
        may have a million)."""
        for p, char in sigils(c):
            if char == "\\" and p not in fixed:
                return backslash_error(rule, p)
        return None

    @staticmethod
    def _drive_invalid(drive: Component) -> GrammarError:
        return GrammarError("auth_drive_invalid", drive.start or 0, drive.end or 0, "A drive letter "
                            "must follow '//' and a '/' (as in file:///C:/).")

    def _authority(self, c: Component, mode: Mode, rule: str) -> GrammarError | None:
        a: Authority = c.value
        host, port = a.host, a.port
        if a.username is not None:
            return GrammarError("userinfo", a.username.start or 0, host.start or 0, "A valid URL "
                                "string has no username or password.")
        if mode is _FILE and port is not None:
            return GrammarError(rule, (port.start or 1) - 1, port.end or 0, "A file URL has no port.")
        error = self._host(host, mode)
        if error is not None:
            return error
        if port is None:
            return None
        if mode is _GENERIC and host.value == "":
            return GrammarError("opaque-host-and-port", (port.start or 1) - 1, port.end or 0,
                                "A port needs a host.")
        try:
            port_number(port.value, port.start or 0)
        except URLError as e:
            d = e.diagnostics[-1]
            return GrammarError("port", d.start, d.end, "A port is ASCII digits only."
                                if d.code == Code.PORT_INVALID else "A port is at most 65535.")
        return None

    @staticmethod
    def _host(host: Component, mode: Mode) -> GrammarError | None:
        """A valid host string (special and file), or a valid opaque-host string."""
        value: str = host.value
        start, end = host.start or 0, host.end or 0
        if value == "":
            if mode is _SPECIAL:
                return GrammarError("host", start, end, "A special URL needs a host.")
            return None
        if host.mark == "[":
            if value.endswith("]") and is_valid_ipv6(value[1:-1]):
                return None
            return GrammarError("ip6_address_strict", start, end, "Between '[' and ']' must be "
                                "a valid IPv6 address (RFC 5952: shortest pieces, no leading zeros).")
        if mode is _GENERIC:
            return component_error(value, start, "opaque-host", "host")
        result = parse_domain(value, be_strict=True)
        if result.ascii is not None and not ends_in_a_number(result.ascii):
            return None
        if result.ascii is not None or ends_in_a_number(value.lower()):
            if is_valid_ipv4(value):
                return None
            return GrammarError("ip4_address_strict", start, end, "A host that ends in a number "
                                "must be four decimal numbers 0 to 255 without leading zeros.")
        assert result.error is not None
        return GrammarError("domain", start, end, f"The host is not a valid domain: "
                            f"{STATUS[result.error.code]} ({result.error.code}).")
