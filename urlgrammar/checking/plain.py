"""validate's fast path: a web or file URL whose strict reading holds trivially.

Most URLs in the wild are valid and plain: `https://example.com/a/b?q#f`,
`file:///home/a/b.txt`, lowercase, ASCII. For them the standard's parser reports nothing and
the writing grammar (https://url.spec.whatwg.org/#url-writing) accepts every component at a
glance. Where the input is plain as the URL API reads it
(:func:`urlgrammar.operations.offsets.plain_href`: its href is itself, with a `/` for an
empty path), the only validation errors it can hold are invalid-URL-unit for a `%` that
starts no percent-encoded byte and for a second `#` (https://url.spec.whatwg.org/#url-units):
every other code point is a URL code point, and its host, port and path are as the serializer
writes them, a domain the strict run of the domain parser takes as it is. Without those two,
:func:`fast_path` answers with no run of the pipeline at all: the URL keeps that href, and
makes its record when first read. Otherwise it answers from one run instead of the walk over
every code point that finds validation errors: it looks at the lifted record (what is
written) before the rest of the run, and at the result (what the host phase made of the host)
after it. Whatever it is not sure of, it leaves to the full path, and hands over the lift it
made, so that the full path does not preprocess, choose the mode and match the input again
(:func:`urlgrammar.operations.pipeline.resolve_and_normalise` goes on from it). Most inputs
it declines, it declines at the lifted record, before resolution, the host phase and
normalisation; those it declines at the result (a host that ends in a number, a failure) go
through those phases again, with the collector listening. The tests compare the two paths'
reports on every WPT input and on generated ones.

Two more kinds of input are taken without the walk, whose component per path segment made a
long path cost validate some hundred times what it costs the URL API
(``tests/checking/test_validate_plain_refs.py`` compares their reports with the full path's):
a path-relative reference of URL units against a plain special base (:func:`_path_relative`:
its URL is the plain href the URL API makes of it), and a non-special URL with a plain opaque
host or a file URL with a drive, written in URL code points (:func:`_hierarchical`: its URL is
the URL API's, whatever that costs).
"""

from __future__ import annotations

import re

from urlgrammar.api import parse
from urlgrammar.checking.ignored_slashes import separators_after_scheme
from urlgrammar.checking.schemes import SCRIPT_SCHEMES
from urlgrammar.encoding.decode import stray_percent
from urlgrammar.errors import URLError
from urlgrammar.host.domain import STRICT_ASCII_DOMAIN
from urlgrammar.host.parser import Domain, Empty
from urlgrammar.model.code_points import URL_CODE_POINTS_ASCII, one_of
from urlgrammar.model.record import Component, Kind
from urlgrammar.model.schemes import Mode, schemes_in
from urlgrammar.operations.offsets import dotted_href, plain_href, relative_href
from urlgrammar.operations.pipeline import Lifted, lift, parse_url, resolve_and_normalise
from urlgrammar.syntax.grammars import mode_for, scheme_of
from urlgrammar.url import URL, base_record

# Kind's members as module constants: on Python 3.11 an access through the class runs
# EnumType.__getattr__'s hook, which costs more than the comparisons it serves here.
_SCHEME, _AUTHORITY, _DRIVE, _ROOT, _DIR, _FILE, _QUERY, _FRAGMENT = (
    Kind.SCHEME, Kind.AUTHORITY, Kind.DRIVE, Kind.ROOT, Kind.DIR, Kind.FILE, Kind.QUERY, Kind.FRAGMENT)
_GENERIC = Mode.GENERIC

#: The ASCII URL code points (https://url.spec.whatwg.org/#url-code-points), and one `#` that
#: starts the fragment. An input made of these has nothing for preprocessing to remove, no `%`
#: to check and no code point that any component's percent-encode set holds, and each of its
#: components is made of URL units.
_URL_CODE_POINTS = f"{one_of(URL_CODE_POINTS_ASCII)}*"
_PLAIN_TEXT = re.compile(f"{_URL_CODE_POINTS}(?:#{_URL_CODE_POINTS})?")
#: The same with `%`, which a reference may hold where each starts a percent-encoded byte.
_URL_UNITS = f"{one_of(URL_CODE_POINTS_ASCII + '%')}*"
_REFERENCE_TEXT = re.compile(f"{_URL_UNITS}(?:#{_URL_UNITS})?")
#: A `:` in a reference's first segment (up to its first `/`, `?` or `#`).
_COLON_FIRST = re.compile("[^/?#:]*:")
_DOTS = frozenset({"", ".", ".."})
#: What may follow the authority: a path-absolute-URL string, a query and a fragment; in a
#: file URL also a drive (the path's first segment, `C:`).
_WEB_PATH = frozenset({_ROOT, _DIR, _FILE, _QUERY, _FRAGMENT})
_FILE_PATH = _WEB_PATH | {_DRIVE}
_SEGMENTS = frozenset({_DIR, _FILE})
#: The lowercase schemes whose URLs the fast path takes, with what may follow the authority.
_SCHEMES = {**dict.fromkeys(schemes_in(Mode.SPECIAL), _WEB_PATH),
            **dict.fromkeys(schemes_in(Mode.FILE), _FILE_PATH)}
#: The start of a URL that :func:`_hierarchical` takes: a lowercase scheme that is not special
#: and has no advisory of its own (a script or data scheme), `//` and a lowercase ASCII opaque
#: host whose last label starts with a letter; or `file:///` and a drive
#: (https://url.spec.whatwg.org/#normalized-windows-drive-letter).
_HIERARCHICAL = re.compile(
    f"(?:(?!(?:{'|'.join(sorted(set(_SCHEMES) | SCRIPT_SCHEMES | {'data'}))}):)"
    r"[a-z][a-z0-9+.\-]*://(?:[a-z0-9\-]+\.)*[a-z][a-z0-9\-]*|file:///[A-Za-z]:)(?=[/?#]|\Z)")


def fast_path(input: str, base: URL | None = None) -> URL | Lifted | None:
    """The URL ``input`` gives (against ``base``) where it is a valid URL string on which the
    parser reports no validation error, seen without a walk. Otherwise what the full path goes
    on from: the lift of ``input`` where the fast path made it (the one against ``base`` too),
    or None.

    Such a URL is absolute, with `//`: a base changes neither the URL nor its validation
    errors, and the advisories that a base may add are about a scheme or a host that comes
    from it (scheme-relative-host-change), or about how Python's readers join the input to it,
    which join an absolute URL with `//` and a host to itself (RFC 3986 § 5.2.2), read as
    without a base. Not so a file URL's empty host, for which ``urljoin`` takes the base's:
    against a base, the fast path leaves it to the full path."""
    if base is None:
        return _fast_path(input)
    if scheme_of(input) is None:  # a reference without a scheme: lifted in the base's mode
        return _path_relative(input, base)
    found = _fast_path(input)
    if isinstance(found, Lifted):  # the full path's lift too where the input's scheme chose the mode
        return found if mode_for(found.pre.text, base.mode) is found.mode else None
    if found is None or not found.hostname:
        return None
    if base.protocol == found.protocol:
        # The parser takes the scheme from a base of the same scheme (the special relative or
        # authority state): the URL's record has no span for it.
        return URL._from_record(*parse_url(input, base_record(base), base.mode))
    return found


def _fast_path(input: str) -> URL | Lifted | None:
    plain = plain_href(input) or dotted_href(input)
    # A second `#` is in the fragment, where it is not a URL code point.
    if plain is not None and input.count("#") < 2 and not ("%" in input and stray_percent().search(input)):
        return URL._plain(input, *plain)
    if not _PLAIN_TEXT.fullmatch(input):
        return None
    if _HIERARCHICAL.match(input) is not None:
        return _hierarchical(input)
    if separators_after_scheme(input) is not None:
        return None  # answered without a component per separator (.ignored_slashes), or lifted then
    lifted = lift(input, _GENERIC)
    # The lifted record keeps what the result loses: the marks (backslashes), dot segments and
    # empty segments the fast path looks for.
    read = lifted.record
    if len(read) < 2:
        return lifted
    scheme = read[0]
    after = _SCHEMES.get(scheme.value) if scheme.kind == _SCHEME else None
    if after is None or not _plain_authority(read[1]):
        return lifted
    for c in read[2:]:
        # A backslash mark, a dot or empty segment, a drive written with `|`, or anything but
        # what may follow the authority.
        kind = c.kind
        if c.mark is not None or kind not in after or (kind in _SEGMENTS and c.value in _DOTS) \
                or (kind == _DRIVE and c.value[1] != ":"):
            return lifted
    try:
        record, mode = resolve_and_normalise(lifted, None, "utf-8")
    except URLError:
        return lifted
    if not _plain_host(read[1], record[1]):
        return lifted
    return URL._from_record(record, mode)


def _path_relative(input: str, base: URL) -> URL | None:
    """The URL of ``input``, a path-relative-scheme-less-URL string
    (https://url.spec.whatwg.org/#path-relative-scheme-less-url-string) made of URL units
    (plain text, as above, or `%` that starts a percent-encoded byte) with no `:` in its first
    segment, against a plain special base that is not a file URL; None for any other input.

    The parser reads it in the relative and path states (https://url.spec.whatwg.org/#relative-state),
    which report nothing on a URL unit, and takes the base's scheme, host and port, which the
    input does not write: so no advisory is about its host or scheme but unsafe-fetch-scheme
    (:func:`urlgrammar.checking.advisories.plain_advisories` adds it), and every reader joins
    it to the base's authority (RFC 3986 § 5.2.2; ``urljoin``), which the standard reads as
    they do, so there is no parser-disagreement. A `:` in the first segment, which the writing
    grammar and some readers take for the end of a scheme, leaves it to the full path. Its URL
    is kept as its href (:func:`urlgrammar.operations.offsets.relative_href`): the walk over a
    component per segment does not run."""
    offsets = base._offsets
    if offsets is None or not _REFERENCE_TEXT.fullmatch(input) or _COLON_FIRST.match(input) \
            or ("%" in input and stray_percent().search(input)):
        return None
    relative = relative_href(input, base._href, offsets)  # type: ignore[arg-type]
    return None if relative is None else URL._plain(input, *relative, base)


def _hierarchical(input: str) -> URL | None:
    """The URL of ``input``, made of URL code points with at most one `#` (no `%`), which
    starts as :data:`_HIERARCHICAL` says; None where the parser fails.

    The parser reports nothing on it (https://url.spec.whatwg.org/#path-state): no
    preprocessing, no backslash, an opaque host of URL code points that are not forbidden
    host code points, or a file URL's empty host and a drive, which no double-dot segment
    removes (https://url.spec.whatwg.org/#shorten-a-urls-path); then a path, query and fragment
    of URL code points, in which dot and empty segments are removed or kept without a
    validation error. The writing grammar takes it as a path-absolute-URL string after the
    authority (a dot segment is a URL-path-segment string). Of the advisories, only the
    scheme's and the host's that :func:`urlgrammar.checking.advisories.plain_advisories` adds
    apply (no scheme here is a script or data scheme), and every reader reads the scheme and
    host as written (:mod:`.disagreement`). So no walk, writing grammar or reader runs, only
    the parse that :func:`urlgrammar.api.parse` makes: where the path costs it a component per
    segment, so does this."""
    try:
        return parse(input)
    except URLError:
        return None


def _plain_authority(lifted: Component) -> bool:
    """`//` and no userinfo or port; a host written as a lowercase ASCII domain which the strict
    run of the domain parser takes as it is (https://url.spec.whatwg.org/#valid-domain), or
    empty (only a file URL's is, as :func:`_plain_host` sees)."""
    if lifted.kind != _AUTHORITY or lifted.mark is not None:
        return False
    a = lifted.value
    written: str = a.host.value
    return a.username is None and a.port is None and (
        written == "" or (len(written) <= 253 and STRICT_ASCII_DOMAIN.fullmatch(written) is not None))


def _plain_host(lifted: Component, processed: Component) -> bool:
    """The host phase gave the written host back: the domain itself (not an IPv4 address, as
    a domain that ends in a number is), or, in a file URL, the empty host.

    The host parser's verdict shows in the result: a written host that :func:`_plain_authority`
    took and that gives that domain back is one the strict run reports nothing on.
    """
    if processed.kind != _AUTHORITY:
        return False
    written: str = lifted.value.host.value
    host = processed.value.host.value
    if type(host) is Empty:
        return written == ""
    return type(host) is Domain and host.value == written
