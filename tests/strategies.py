"""Hypothesis strategies: canonical URL strings from the grammar, and records from the model."""

from __future__ import annotations

from hypothesis import strategies as st

from urlgrammar.model.record import Authority, Component, Kind, URLRecord

ALPHA = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGIT = "0123456789"
UNRESERVED = ALPHA + DIGIT + "-._~"
SUB_DELIMS = "!$&'()*+,;="

# Strict component characters (URL Specification § Component Characters, the v cells), plus
# some non-ASCII letters, and valid percent-encoded bytes.
_pct = st.builds(lambda a, b: f"%{a}{b}", st.sampled_from("0123456789ABCDEFabcdef"),
                 st.sampled_from("0123456789ABCDEFabcdef"))
_other = st.sampled_from("éü中€")


def _run(chars: str, min_size: int = 0, max_size: int = 6) -> st.SearchStrategy[str]:
    piece = st.one_of(st.sampled_from(chars), _pct, _other)
    return st.lists(piece, min_size=min_size, max_size=max_size).map("".join)


scheme = st.builds(lambda a, rest: a + rest, st.sampled_from(ALPHA),
                   st.text(alphabet=ALPHA + DIGIT + "+-.", max_size=5))
username = _run(UNRESERVED + SUB_DELIMS)
password = _run(UNRESERVED + SUB_DELIMS + ":")
reg_name = _run(UNRESERVED + "!$&'()*+,;=", min_size=1)
port = st.text(alphabet=DIGIT, max_size=5)
segment = _run(UNRESERVED + SUB_DELIMS + ":@")
query = _run(UNRESERVED + SUB_DELIMS + ":@/?")
fragment = _run(UNRESERVED + SUB_DELIMS + ":@/?#")


@st.composite
def authority_strings(draw: st.DrawFn) -> str:
    out = ""
    if draw(st.booleans()):
        out += draw(username)
        if draw(st.booleans()):
            out += ":" + draw(password)
        out += "@"
    host = draw(st.one_of(reg_name, st.just(""), st.just("[::1]")))
    out += host
    if draw(st.booleans()):
        out += ":" + draw(port)
    return out


@st.composite
def canonical_urls(draw: st.DrawFn) -> str:
    """A string of the generic grammar's strict reading that printing leaves as it is.

    Canonical means normalise-for-printing has nothing to do: a path without an authority
    does not start with an empty dir, and a schemeless first segment is not scheme-like.
    """
    has_scheme = draw(st.booleans())
    out = draw(scheme) + ":" if has_scheme else ""
    segments = draw(st.lists(segment, max_size=4))
    rooted = draw(st.booleans())
    if draw(st.booleans()):
        out += "//" + draw(authority_strings())
        rooted = rooted or bool(segments)
    elif not rooted and segments:
        if segments[0] == "":
            segments[0] = "x"
        if not has_scheme and ":" in segments[0]:
            segments[0] = segments[0].replace(":", "%3A")
    elif rooted and segments and segments[0] == "":
        segments[0] = "."
    out += ("/" if rooted else "") + "/".join(segments)
    if draw(st.booleans()):
        out += "?" + draw(query)
    if draw(st.booleans()):
        out += "#" + draw(fragment)
    return out


_values = st.text(alphabet="ab./:%", max_size=3)


@st.composite
def records(draw: st.DrawFn) -> URLRecord:
    """An arbitrary record that meets the model's constraints (no spans)."""
    parts: list[Component] = []
    if draw(st.booleans()):
        parts.append(Component(Kind.SCHEME, draw(st.sampled_from(["http", "file", "sc", "a"]))))
    if draw(st.booleans()):
        host = Component(Kind.HOST, draw(st.sampled_from(["", "h", "k"])))
        parts.append(Component(Kind.AUTHORITY, Authority(None, None, host, None)))
    if draw(st.booleans()):
        parts.append(Component(Kind.DRIVE, draw(st.sampled_from(["c:", "d|"]))))
    dirs = [Component(Kind.DIR, v) for v in draw(st.lists(_values, max_size=3))]
    file = draw(st.one_of(st.none(), _values.filter(bool)))
    has_path = bool(dirs) or file is not None
    needs_root = has_path and any(c.kind in (Kind.AUTHORITY, Kind.DRIVE) for c in parts)
    if needs_root or draw(st.booleans()):
        parts.append(Component(Kind.ROOT, "/"))
    parts.extend(dirs)
    if file is not None:
        parts.append(Component(Kind.FILE, file))
    for kind in (Kind.QUERY, Kind.FRAGMENT):
        if draw(st.booleans()):
            parts.append(Component(kind, draw(_values)))
    return URLRecord.of(parts)
