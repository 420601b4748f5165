"""Reference resolution: strict, legacy and the rebase of references.

URL Specification 0.10.1, § Resolution. These operations work on records only; they do not
normalise (that is :mod:`urlgrammar.operations.normalise`) and they never force an authority.
"""

from __future__ import annotations

from urlgrammar.errors import Code, Diagnostic, URLError, message
from urlgrammar.model.record import Authority, Component, Kind, URLRecord, is_dot, is_dots
from urlgrammar.model.schemes import Mode, has_opaque_path, is_file, is_special, is_web
from urlgrammar.syntax.lift import parse_authority
from urlgrammar.syntax.printer import print_record

# Kind's members as module constants: on Python 3.11 an access through the class runs
# EnumType.__getattr__'s hook, which costs more than the comparisons it serves here.
_SCHEME, _AUTHORITY, _DRIVE, _ROOT, _DIR, _FILE, _FRAGMENT = (
    Kind.SCHEME, Kind.AUTHORITY, Kind.DRIVE, Kind.ROOT, Kind.DIR, Kind.FILE, Kind.FRAGMENT)


def _no_result(url: URLRecord, specifics: str | None = None) -> URLError:
    """The standard's name for "no scheme and no base to take one from", spanning ``url`` from
    the start of its text (a first component's span leaves out its sigils, `//` or `?`)."""
    ends = [c.end for c in url if c.end is not None]
    code = Code.MISSING_SCHEME_NON_RELATIVE_URL
    return URLError.of(Diagnostic(code, 0, max(ends, default=0), message(code, specifics)))


def strict_resolve(url: URLRecord, base: URLRecord) -> URLRecord:
    """strict-resolve: ``url onto base`` if either has a scheme; otherwise it fails."""
    if url.scheme is None and base.scheme is None:
        raise _no_result(url)
    return url.onto(base)


def without_same_scheme(url: URLRecord, base: URLRecord) -> URLRecord:
    """``~url`` of legacy resolution: drop the scheme if it equals the base's, ignoring case."""
    if url.scheme is not None and base.scheme is not None and url.scheme.lower() == base.scheme.lower():
        return url.without(_SCHEME)
    return url


def legacy_resolve(url: URLRecord, base: URLRecord) -> URLRecord:
    """legacy-resolve: ``strict-resolve ~url base`` (RFC 3986's non-strict variant)."""
    return strict_resolve(without_same_scheme(url, base), base)


def rebase(url: URLRecord, base: URLRecord) -> URLRecord:
    """Rebase a reference onto a base, keeping it relative if both are relative.

    Legacy resolution where the reference (or, without a scheme, the base) is special, and
    strict resolution otherwise, as the WHATWG parser does. A base with an opaque path takes
    only a reference that has a scheme or is a fragment.

    The spec's strict resolution fails when neither URL has a scheme; rebase does not, because
    a relative reference onto a relative base is a relative reference (``../a`` onto ``b/c/``
    is ``b/a``), and answering that is the point of keeping references relative.
    """
    if has_opaque_path(base) and not (url and url[0].kind in (_SCHEME, _FRAGMENT)):
        raise _no_result(url, f"the base {print_record(base)} has an opaque path, so only a "
                              "fragment or a URL with a scheme can be relative to it")
    special = is_special(url) if url.scheme is not None else is_special(base)
    if special:
        url = without_same_scheme(url, base)
    return url.onto(_dot_file_as_dir(base))


def _dot_file_as_dir(base: URLRecord) -> URLRecord:
    """``base`` with a final file that is a dot segment as the dir it names.

    The spec says rebase is goto, which drops the base's file; we keep a file that is `.` or
    `..` as a dir, because the WHATWG path state reads a final dot segment as a directory
    (`/foo/..` is `/`): `bar` onto `/foo/..` is `/foo/../bar`, which resolves as resolving twice
    does (`/bar`), where `/foo/bar` would not. goto itself stays the spec's operation."""
    for i in range(len(base) - 1, -1, -1):
        c = base[i]
        if c.kind is _FILE and (is_dot(c.value) or is_dots(c.value)):
            return URLRecord((*base[:i], Component(_DIR, c.value, c.start, c.end), *base[i + 1:]))
        if c.kind <= _FILE:
            return base
    return base


# ---- forcing (URL Specification § Forcing) -----------------------------------------------------


def _with_root(url: URLRecord) -> URLRecord:
    for c in url:
        if c.kind >= _ROOT:
            if c.kind == _ROOT:
                return url
            break
    return url.replace(_ROOT, Component(_ROOT, "/"))


def force_file(url: URLRecord) -> URLRecord:
    """Force a file-URL: give it an authority, and a path-root unless it has a drive.

    The spec fails here when the authority has a username or a port. The WHATWG file host
    state has no userinfo or port at all: what the grammar reads as them is part of the host,
    which the host parser then rejects (`@` and `:` are forbidden domain code points). That
    happens in :mod:`urlgrammar.operations.pipeline`, so the failure carries the standard's error name.
    """
    if not url.has(_AUTHORITY):
        url = url.replace(_AUTHORITY, Component(_AUTHORITY, Authority.empty()))
    return url if url.has(_DRIVE) else _with_root(url)


def force_web(url: URLRecord, mode: Mode) -> URLRecord:
    """Force a web-URL: a path-root, and an authority promoted from the path if it has none.

    The first dir or file whose value is not empty, read as an Authority, becomes the
    authority; it and the components before it leave the path. ``http:foo/bar`` is
    ``http://foo/bar``. With no such component the URL has no host: ``host-missing``.
    """
    url = _with_root(url)
    authority = url.authority
    if authority is not None and not authority.is_empty:
        return url
    at = next((i for i, c in enumerate(url) if c.kind in (_DIR, _FILE) and c.value != ""), None)
    if at is None:
        start = _after_slashes(url)
        raise URLError.of(Diagnostic(Code.HOST_MISSING, start, start, message(
            Code.HOST_MISSING, "a web URL needs one, and there is none, not even in the path"), "host"))
    promoted = parse_authority(url[at], mode)
    rest = [c for i, c in enumerate(url) if i > at or c.kind not in (_DIR, _FILE)]
    return URLRecord(rest).replace(_AUTHORITY, promoted)


def _after_slashes(url: URLRecord) -> int:
    """Where the host of a web-URL without one would start: after the scheme's `:` and every
    slash that follows, at the first position the WHATWG host state sees (0 where unknown)."""
    ends = [0]
    for c in url:
        if c.end is None or c.kind > _DIR:
            continue
        ends.append(c.end + 1 if c.kind in (_SCHEME, _DIR) else c.end)
    return max(ends)


def force(url: URLRecord, mode: Mode) -> URLRecord:
    """Force a file-URL or a web-URL; other URLs are left as they are."""
    scheme = url.scheme
    if is_web(scheme):
        if _is_forced_web(url):
            return url  # the common case: nothing to do
        return force_web(url, mode)
    if is_file(scheme):
        return force_file(url)
    return url


def _is_forced_web(url: URLRecord) -> bool:
    """A scheme, an authority whose host is not empty, and a path-root: force_web would give
    ``url`` back."""
    if len(url) < 2 or url[1].kind is not _AUTHORITY:
        return False
    a: Authority = url[1].value
    host = a.host.value
    if host == "" and a.username is None and a.port is None:
        return False
    return len(url) > 2 and url[2].kind is _ROOT


def whatwg_resolve(url: URLRecord, base: URLRecord | None, mode: Mode) -> URLRecord:
    """The WHATWG resolution of ``url`` onto ``base`` (URL Specification § WHATWG Resolution).

    - force (legacy-resolve url base), if url is a web- or file-URL, or has no scheme and
      base is one;
    - strict-resolve url base, if otherwise the first component of url is a scheme or a
      fragment, or base has an authority or a path-root;
    - otherwise it fails.

    "The first component" is not the order: the empty URL has none, so against a base with an
    opaque path it fails, as the WHATWG parser does for an empty input.
    """
    if base is None and url.scheme is not None:
        # Without a base both resolutions give the URL itself (ε goto url = url); force leaves
        # a URL that is not special as it is.
        return force(url, mode)
    base = base if base is not None else URLRecord()
    if is_special(url) or (url.scheme is None and is_special(base)):
        return force(legacy_resolve(url, base), mode)
    if (url and url[0].kind in (_SCHEME, _FRAGMENT)) or base.has(_AUTHORITY) or base.root:
        return strict_resolve(url, base)
    raise _no_result(url, f"the base {print_record(base)} has an opaque path" if base else None)
