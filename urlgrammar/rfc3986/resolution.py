"""RFC 3986 § 5.2 reference resolution and § 6.2.2 syntax-based normalisation.

Both work on the components of :func:`urlgrammar.rfc3986.components` (Appendix B's split) and
recompose with § 5.3. They are the RFC's algorithms, which differ from the WHATWG URL
Standard's: no scheme-based rules, no host parsing, a reference with a scheme that equals the
base's is still absolute (the strict parser of § 5.2.2), and the result of § 5.4.2's abnormal
examples where the standard would differ (``g:h`` stays ``g:h``).
"""

from __future__ import annotations

import re

from urlgrammar.errors import URLError
from urlgrammar.rfc3986 import Components, components, is_valid

__all__ = ["normalize", "recompose", "remove_dot_segments", "resolve"]


def remove_dot_segments(path: str) -> str:
    """RFC 3986 § 5.2.4 (https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4), in one pass
    over the input buffer's segments: linear in the path's length."""
    output: list[str] = []
    i, n = 0, len(path)
    while i < n:
        # A. a prefix "../" or "./" is removed
        if path.startswith("../", i):
            i += 3
        # (A. "./") or B. a prefix "/./" or "/." (a complete segment) becomes "/"
        elif path.startswith(("./", "/./"), i):
            i += 2
        elif path.startswith("/.", i) and i + 2 == n:
            path, n, i = path[:i] + "/", i + 1, i
        # C. a prefix "/../" or "/.." becomes "/", and the last output segment goes
        elif path.startswith("/../", i) or (path.startswith("/..", i) and i + 3 == n):
            if output:
                output.pop()
            if i + 3 == n:
                path, n, i = path[:i] + "/", i + 1, i
            else:
                i += 3
        # D. the input is only "." or ".."
        elif path[i:] in (".", ".."):
            i = n
        # E. the first segment, with its leading "/" if any, moves to the output
        else:
            end = path.find("/", i + 1)
            end = n if end < 0 else end
            output.append(path[i:end])
            i = end
    return "".join(output)


def recompose(scheme: str | None, authority: str | None, path: str, query: str | None,
              fragment: str | None) -> str:
    """RFC 3986 § 5.3 component recomposition (https://www.rfc-editor.org/rfc/rfc3986#section-5.3)."""
    parts = []
    if scheme is not None:
        parts.append(scheme + ":")
    if authority is not None:
        parts.append("//" + authority)
    elif path.startswith("//"):
        # The RFC writes the path as it is, but without an authority a path that starts with
        # `//` reads back as one: dot-segment removal makes such a path of `/.//x`. We write
        # `/.` before it, as the URL Standard's serializer does
        # (https://url.spec.whatwg.org/#url-serializing), so that the result reads back as the
        # same components.
        parts.append("/.")
    parts.append(path)
    if query is not None:
        parts.append("?" + query)
    if fragment is not None:
        parts.append("#" + fragment)
    return "".join(parts)


def _merge(base: Components, path: str) -> str:
    # § 5.2.3
    if base.authority is not None and base.path == "":
        return "/" + path
    return base.path[: base.path.rfind("/") + 1] + path


def resolve(reference: str, base: str, *, iri: bool = False) -> str:
    """The target of ``reference`` against ``base`` by RFC 3986 § 5.2.2 (strict: a reference
    with a scheme is absolute), recomposed by § 5.3. The base must be an absolute-URI (§ 5.1:
    "a base URI ... must conform to the <absolute-URI> syntax rule") and the reference a
    URI-reference (with ``iri``, absolute-IRI and IRI-reference, RFC 3987 § 6.5); raises
    URLError otherwise."""
    kind = "IRI" if iri else "URI"
    # The base's fragment is ignored (§ 5.1), so a base with one is accepted.
    base_part = base.split("#", 1)[0]
    if not is_valid(base_part, f"absolute-{kind}"):
        raise URLError(f"the base {base!a} is not an absolute-{kind}")
    if not is_valid(reference, f"{kind}-reference"):
        raise URLError(f"the reference {reference!a} is not a {kind}-reference")
    r, b = components(reference), components(base_part)
    scheme: str | None
    if r.scheme is not None:
        scheme, authority, path, query = r.scheme, r.authority, remove_dot_segments(r.path), r.query
    else:
        scheme = b.scheme
        if r.authority is not None:
            authority, path, query = r.authority, remove_dot_segments(r.path), r.query
        else:
            authority = b.authority
            if r.path == "":
                path, query = b.path, r.query if r.query is not None else b.query
            else:
                path = remove_dot_segments(r.path if r.path.startswith("/") else _merge(b, r.path))
                query = r.query
    return recompose(scheme, authority, path, query, r.fragment)


_PCT = re.compile(r"%([0-9A-Fa-f]{2})")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def _percent(text: str) -> str:
    # § 6.2.2.1: hexadecimal digits in upper case; § 6.2.2.2: an unreserved character decoded.
    def one(m: re.Match[str]) -> str:
        char = chr(int(m.group(1), 16))
        return char if char in _UNRESERVED else "%" + m.group(1).upper()

    return _PCT.sub(one, text)


def normalize(text: str, *, iri: bool = False) -> str:
    """RFC 3986 § 6.2.2 syntax-based normalisation of a URI-reference (with ``iri``, an
    IRI-reference): the scheme and host in lower case (§ 6.2.2.1; only ASCII letters, and a
    host's percent-encodings keep their case rules), percent-encodings in upper case and
    decoded where they encode an unreserved character (§ 6.2.2.2), and dot segments removed
    from the path (§ 6.2.2.3). Raises URLError on a string that is not a reference."""
    kind = "IRI" if iri else "URI"
    if not is_valid(text, f"{kind}-reference"):
        raise URLError(f"{text!a} is not a {kind}-reference")
    c = components(text)
    scheme = c.scheme.lower() if c.scheme is not None else None
    authority = None
    if c.authority is not None:
        host = _ascii_lower(_percent(c.host or ""))
        authority = "".join((
            _percent(c.userinfo) + "@" if c.userinfo is not None else "",
            host,
            ":" + c.port if c.port is not None else "",
        ))
    path = _percent(c.path)
    # § 6.2.2.3 removes dot segments "as in § 5.2.4": from a path that is not relative, as
    # resolution would (a relative path's leading ".." has nothing to remove).
    if scheme is not None or path.startswith("/"):
        path = remove_dot_segments(path)
    query = _percent(c.query) if c.query is not None else None
    fragment = _percent(c.fragment) if c.fragment is not None else None
    return recompose(scheme, authority, path, query, fragment)


def _ascii_lower(text: str) -> str:
    # Only ASCII letters: § 6.2.2.1 case-normalises the host's ASCII; an IRI's other letters
    # are left alone (RFC 3987 § 5.3.2.1 leaves case folding beyond ASCII to the scheme).
    return text.translate(_LOWER)


_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}
