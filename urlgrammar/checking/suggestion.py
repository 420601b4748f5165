"""validate's suggestion: a valid string for the input's URL that carries no advisory about
how it is written (:func:`urlgrammar.checking.validate.validate` says what it is).

The input with every validation error's fix applied (https://url.spec.whatwg.org/#validation-error:
the fixes are the project's), checked as a string of its own where the fixes could change the
URL, and taken as it is where each fix is one the parser makes itself; then with the fixes of
that string's advisories, where it has any.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from urlgrammar.checking.advisories import first_advisories
from urlgrammar.checking.diagnostics import Collector
from urlgrammar.checking.runs import (
    Diagnostics,
    Positions,
    apply_fixes,
    distinct,
    start_positions,
)
from urlgrammar.checking.writing import GrammarError, Writing, first_pct_invalid, removed_error
from urlgrammar.encoding import percent
from urlgrammar.errors import Code, Diagnostic, URLError
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import Mode, has_opaque_path, is_special_scheme
from urlgrammar.operations.path_offsets import kept_href
from urlgrammar.operations.pipeline import lift, resolve_and_normalise
from urlgrammar.operations.reporter import Reporter
from urlgrammar.url import URL, base_record

_REVERSE_SOLIDUS, _URL_UNIT = Code.INVALID_REVERSE_SOLIDUS, Code.INVALID_URL_UNIT
_DRIVE_LETTER = Code.FILE_INVALID_WINDOWS_DRIVE_LETTER
_MISSING_SOLIDUS = Code.SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS
#: The components whose value holds a `%` of the input as it was written (and, but the
#: userinfo, the other code points of :func:`_written_kept`).
_KEEP_WRITTEN = frozenset({Kind.USERNAME, Kind.PASSWORD, Kind.DIR, Kind.FILE, Kind.QUERY, Kind.FRAGMENT})
#: A listener to a run that wants its result alone.
_UNHEARD = Reporter()
#: Advisories, the first of them, and how many more (:func:`first_advisories`).
Advised = tuple[tuple[Diagnostic, ...], int]


def suggested(input: str, text: str, base: URL | None, url: URL, collector: Collector,
              writing: Writing | None, valid: bool, limit: int | None, context: str, encoding: str,
              protected: tuple[str, ...], front: URLRecord | None = None
              ) -> tuple[str | None, Advised | None]:
    """The suggestion for ``input`` (``text`` preprocessed), whose URL is ``url``, and the
    input's advisories where it needed them (:func:`urlgrammar.checking.validate.validate` says
    what the suggestion is). ``writing`` is the writing grammar's verdict on the input where the
    input is ``text`` (None where preprocessing removed a code point): on the fixed string, where
    each fix is one the parser makes, the verdict is that one's with the fixed positions taken as
    fixed, read again only from the component where it found its error. ``front``: the record
    of a head of the input, where the URL has not made its record and each fix after the head
    is one the parser makes (:mod:`.long_paths`, whose ``writing`` is the head's)."""
    def verdict(kept: Positions) -> GrammarError | None:
        assert writing is not None
        again = Writing(writing.text, writing.lifted, writing.base, writing.invalid, kept)
        return again.first_error(writing.at)
    # The URL's spans are the input's, not the fixed string's where preprocessing removed some.
    fixed = (input, url) if valid else fixed_string(
        text, collector.processed(), base, url, encoding, None if writing is None else verdict, front)
    if fixed is None:
        return None, None
    advised = first_advisories(input, base, url, limit, context, protected, front=front)  # the input's own
    # A URL that the fixed string was parsed to has its own record.
    same = fixed[1] is url
    found = advised if valid or advised[1] else \
        first_advisories(fixed[0], base, fixed[1], limit, context, protected, (input, advised[0]), same,
                         front if same else None)
    return unadvised(fixed[0], found, advised, base, url.href, limit, context, encoding, protected), advised


def fixed_string(text: str, processed: Sequence[Diagnostic], base: URL | None, url: URL, encoding: str,
                 verdict: Callable[[Positions], GrammarError | None] | None,
                 head: URLRecord | None = None) -> tuple[str, URL] | None:
    """The preprocessed input with every fix applied, and its URL, if that is valid and
    parses to ``url``'s href.

    The preprocessing errors' fixes are what preprocessing did: remove every code point it
    removes (the standard raises each of the two errors once, not once per code point).

    Where every fix is one the parser makes itself (:func:`_kept`), the string parses to the
    same URL by construction, and ``verdict``, the writing grammar's on the input with those
    positions taken as fixed, is the fixed string's: the pipeline need not run on it (it does
    without ``verdict``). ``head``: the record of a head of the input, where each fix after it
    is the parser's (:func:`suggested`)."""
    if any(d.fix is None for d in distinct(processed)):
        return None
    if verdict is not None:
        written = _parser_fixes(text, processed, url, encoding, True)
        if written and _written_kept(text, processed, url.record if head is None else head, written):
            return None
    candidate = apply_fixes(text, processed)
    if candidate is None:
        return None
    kept = None if verdict is None else _kept(text, processed, url, encoding)
    if kept is not None and verdict is not None:
        return (candidate, url) if verdict(kept) is None else None
    check = _valid_url(candidate, base, encoding, url.href)
    return None if check is None else (candidate, check)


def _valid_url(text: str, base: URL | None, encoding: str, href: str | None = None) -> URL | None:
    """The URL ``text`` parses to (against ``base``) where it is a valid URL string (and its
    href is ``href``, where one is given); None where it is not or the parser fails. Its
    verdict, not its diagnostics: the walk that finds them does not run (a string the fixes
    made may still have one per code point), nor the writing grammar where an earlier answer
    is no."""
    if href is not None and _another_href(text, base, encoding, href):
        return None
    record = None if base is None else base_record(base)
    lifted = lift(text, Mode.GENERIC if base is None else base.mode)
    pre = lifted.pre
    if removed_error(pre) is not None:
        return None
    try:
        url = URL._from_record(*resolve_and_normalise(lifted, record, encoding, _UNHEARD))
    except URLError:
        return None
    if href is not None and url.href != href:
        return None
    if Writing(pre.text, lifted.record, record, first_pct_invalid).first_error() is not None:
        return None
    return url


def _another_href(text: str, base: URL | None, encoding: str, href: str) -> bool:
    """Whether ``text`` parses (without a base, its query in UTF-8) to a URL whose href is not
    ``href``, known from the href the URL API keeps it as, where it does
    (:func:`urlgrammar.operations.path_offsets.kept_href`), without a run of the pipeline:
    a fix that the parser does not make (the `//` inserted after `file:` in `file:\\\\...`)
    would otherwise cost a second lift of a string as long as the input. False where that is
    not known."""
    if base is not None or encoding != "utf-8":
        return False
    kept = kept_href(text)
    return kept is not None and kept[0] != href


def _written_kept(text: str, processed: Sequence[Diagnostic], record: URLRecord,
                  written: frozenset[str]) -> bool:
    """Whether the fixed string's href differs from that of the URL whose ``record`` it is (or a
    head's, which holds the last such fix), known without parsing it, where each fix is one the
    parser makes or one that percent-encodes a code point of ``written``, which the parser keeps
    as it is written (:func:`_parser_fixes`): whether one of those is in a component of the
    URL that came from ``text``.

    Such a code point is `%` (in no percent-encode set; a special host with one fails), or
    one of a path (not an opaque one), query or fragment that is no URL code point and is not
    in that component's percent-encode set (`|`, `[`, `#` in a fragment, ...); the parser
    copies it as it is, and its percent-encoding too. Neither holds a delimiter, nor makes a
    segment a dot segment, and a drive letter whose `|` the parser makes `:` is a drive, not
    one of these components; so the fixed string's record has the input's shape and the same
    components, with the encoding where the input has the code point: the href of one that
    keeps such a code point is not the URL's, and the fixed string is no suggestion."""
    at = _last_written(text, processed, written)
    if at is None:
        return False
    # From the end: the last such code point is in the last components. A component with a
    # span came from the input, and one of these kinds holds the value the parser read there.
    for c in reversed(record):
        parts = c.value if c.kind == Kind.AUTHORITY else (c,)
        for part in parts:
            if part is not None and part.start is not None and part.start <= at < (part.end or 0):
                return part.kind in _KEEP_WRITTEN
        if c.start is not None and (c.end or 0) <= at:
            return False
    return False


def _last_written(text: str, processed: Sequence[Diagnostic], written: frozenset[str]) -> int | None:
    """The last of a few positions of fixes whose code point is one of ``written``: each
    segment's representatives and its last diagnostic, not every diagnostic (a fixed string
    need not be told apart by the last of them all: one that the URL keeps is enough).

    Read off the segments, not built as diagnostics (a path of `a\\b|` segments has one
    segment per code point of a run): the items of a run's template have one code point at
    their starts, which ascend, so of a run without ``which`` the segment's last item stands
    for its representative."""
    if not isinstance(processed, Diagnostics):
        return max((d.start for d in processed if text[d.start] in written), default=None)
    last = -1
    for source, i, j in processed.segments():
        if isinstance(source, Diagnostic):
            if source.start > last and text[source.start] in written:
                last = source.start
            continue
        starts = source.pointers if source.starts is None else source.starts
        p = starts[j - 1]
        if p > last and text[p] in written:
            last = p
        if source.which is not None:
            which = source.which[i:j]
            for p in (starts[i + which.index(w)] for w in dict.fromkeys(which)):
                if p > last and text[p] in written:
                    last = p
    return None if last < 0 else last


def _kept(text: str, processed: Sequence[Diagnostic], url: URL, encoding: str) -> Positions | None:
    """Where each fix is one the parser applies as it reads (a backslash it reads as a slash,
    a drive letter's `|` it makes `:`, a code point of a path, query or fragment that it
    percent-encodes in UTF-8 as the fix does), the positions of ``text`` they fix; None
    otherwise. Such fixes keep the URL and the lifted record's shape (a backslash and a slash
    are both separators, `C:` is a drive as `C|` is, and neither a code point that is not a
    URL code point nor its encoding is a delimiter), and their positions are after the
    scheme and outside the host, so the advisories' spans of the scheme and the authority
    stay where they are."""
    kept = _parser_fixes(text, processed, url, encoding, False) == frozenset()
    return start_positions(processed) if kept else None


def _parser_fixes(text: str, processed: Sequence[Diagnostic], url: URL, encoding: str,
                  moved: bool) -> frozenset[str] | None:
    """None where a fix is neither one the parser applies as it reads (:func:`_kept`) nor one
    that percent-encodes a code point the parser keeps as it is written (a `%` without two hex
    digits; in a path, not an opaque one, a query or a fragment, one that is no URL code point
    and that the component's percent-encode set does not have); otherwise the code points of
    those second fixes (:func:`_written_kept`), none where each fix is the parser's.

    ``moved``: the `/` inserted before the drive letter that starts a reference against a
    file base counts as the parser's too: the file slash state reads `/C:` as the file state
    reads `C|` there (the base's host, and a path that starts with the drive), so it keeps
    the URL, but not the positions after it."""
    written: set[str] = set()
    sets: dict[str, percent.PercentEncodeSet] = {}
    # Each code point's fix by component, None where not encoded (a million of a few is common).
    encoded: dict[tuple[str, str | None], str | None] = {}
    # Those the parser keeps as written, by component, with their encoding.
    as_written: dict[tuple[str, str | None], str] = {}
    for d in distinct(processed):  # each item of a run's template is at the same code point
        if moved and d.code is _DRIVE_LETTER and d.fix == "/" and d.start == d.end:
            continue
        if d.code is _MISSING_SOLIDUS and d.fix == "//" and d.end - d.start == 2:
            continue  # `file:` and two separators, which the file states read as `//`
        if d.end - d.start != 1:
            return None
        char = text[d.start]
        if d.code is _REVERSE_SOLIDUS and char == "\\" and d.fix == "/":
            continue
        if d.code is _URL_UNIT and char == "|" and d.fix == ":":
            continue  # the `|` of a drive letter, which the parser makes `:` (the walk's drive)
        if d.code is _URL_UNIT and char == "%" and d.fix == "%25":
            written.add(char)
            continue
        if d.code is not _URL_UNIT or char == "%":
            return None
        key = (char, d.component)
        if key not in encoded:
            if not sets:
                # A special URL's path is a list: its record is not asked for.
                opaque = url.mode is Mode.GENERIC and has_opaque_path(url.record)
                sets = {"path": percent.C0_CONTROL_SET if opaque else percent.PATH_SET,
                        "fragment": percent.FRAGMENT_SET}
                if encoding == "utf-8":
                    special = is_special_scheme(url.protocol[:-1])
                    sets["query"] = percent.SPECIAL_QUERY_SET if special else percent.QUERY_SET
            wanted = sets.get(d.component or "")
            encoded[key] = _utf8_encoded(char) if wanted is not None and char in wanted else None
            if wanted is not None and encoded[key] is None and wanted is not percent.C0_CONTROL_SET:
                as_written[key] = _utf8_encoded(char)
        if d.fix is not None and d.fix == as_written.get(key):
            written.add(char)
        elif d.fix is None or d.fix != encoded[key]:
            return None
    return frozenset(written)


def unadvised(text: str, advised: Advised, own: Advised, base: URL | None, href: str,
               limit: int | None, context: str, encoding: str = "utf-8",
               protected: tuple[str, ...] = ()) -> str | None:
    """``text``, a valid string for the URL ``href`` whose advisories are ``advised``, where
    none of them has a fix; otherwise what their fixes make of it, where that is a valid string
    for the same URL; None where either has an advisory with a fix, or one that the input
    (whose advisories are ``own``) did not have, or where advisories were left out.

    An advisory with a fix is about how the URL is written, not about the URL (a reference
    that keeps the base's scheme but changes its host, a code point the domain mapping
    removes unseen, a spelling that urllib reads otherwise), and a suggestion carries none.
    Those without one are about the URL itself, which the input has too.
    """
    found, more = advised
    if more or own[1]:
        return None
    codes = {d.code for d in own[0]}
    fixes = [d for d in found if d.fix is not None]
    if not fixes:
        return text if all(d.code in codes for d in found) else None
    respelled = apply_fixes(text, fixes)
    if respelled is None:
        return None
    check = _valid_url(respelled, base, encoding, href)
    if check is None:
        return None
    found, more = first_advisories(respelled, base, check, limit, context, protected)
    return None if more or any(d.fix is not None or d.code not in codes for d in found) else respelled


def _utf8_encoded(char: str) -> str:
    """``char`` percent-encoded as UTF-8, every byte (a surrogate as U+FFFD, as the parser does)."""
    return "".join(f"%{byte:02X}" for byte in percent.scalar_values(char).encode("utf-8"))
