"""Printing: from a record to an URL-string.

URL Specification 0.10.1, § Printing: normalise the URL for printing, convert each component
to a string with its sigil, and concatenate. Printing the record of a parsed string gives the
string back, except that special-mode `\\` separators print as `/`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from itertools import islice
from operator import itemgetter

from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.syntax.grammars import scheme_of

_SCHEME, _AUTHORITY, _ROOT, _DIR = Kind.SCHEME, Kind.AUTHORITY, Kind.ROOT, Kind.DIR


def normalise_for_printing(record: URLRecord) -> URLRecord:
    """URL Specification § Normalise for Printing.

    - No drive nor authority but an empty first dir: insert ``(dir .)`` before it, or the
      string would read as an authority (``/`` + ``/foo`` is ``//foo``).
    - Otherwise, a first component that is a dir or file starting with a scheme-like string:
      encode its first `:` as ``%3A``, or the string would read as having a scheme.
    """
    if record and record[0].kind == _SCHEME and len(record) > 1 and record[1].kind == _AUTHORITY:
        return record  # the common case: an authority, so nothing to do
    for i, c in enumerate(record):
        kind = c.kind
        if kind == _AUTHORITY or kind == Kind.DRIVE or kind > _DIR:
            break
        if kind == _DIR:
            if c.value == "":
                return URLRecord((*record[:i], Component(Kind.DIR, "."), *record[i:]))
            break
    if record and record[0].kind in (Kind.DIR, Kind.FILE):
        value: str = record[0].value
        if scheme_of(value) is not None:
            encoded = value.replace(":", "%3A", 1)
            return URLRecord((record[0].with_value(encoded), *record[1:]))
    return record


#: Every sigil that printing writes, spelled once: by the grammar rule whose token it is, the
#: sigil before the rule's value and the one after it (URL Model: "dir name ⟼ name `/`",
#: "query q ⟼ `?` q"; Authority Model: userinfo `@`, `:` port). An authority's `//` is its
#: auth-path's, the userinfo's `@` ends the userinfo token, and an IPv6 host's brackets are
#: ip6_bracket's (the host serializer prints them). tests/syntax/test_printer.py reads each against
#: that rule's tokens in grammars/*.lark.
SIGILS: dict[str, tuple[str, str]] = {
    "scheme": ("", ":"),           # scheme: SCHEME ":"
    "auth_path": ("//", ""),       # auth_path: SS authority [path_root _path_rel]
    "userinfo": ("", "@"),         # userinfo: USERINFO, which ends in `@`
    "password": (":", ""),         # !password: ":" [PWCHARS]
    "ip6_bracket": ("[", "]"),     # !ip6_bracket: "[" [IP6CHARS] [RSQB]
    "port": (":", ""),             # !port: ":" [PORTCHARS]
    "drive": ("/", ""),            # drive: DRIVE_S DRIVE (file.lark)
    "path_root": ("/", ""),        # path_root: S
    "dir": ("", "/"),              # dir: [PCHARS] S
    "query": ("?", ""),            # !query: "?" [QCHARS]
    "fragment": ("#", ""),         # !fragment: "#" [FCHARS]
}
_PASSWORD, _AT, _PORT = SIGILS["password"][0], SIGILS["userinfo"][1], SIGILS["port"][0]


def print_authority(authority: Authority) -> str:
    """An Authority-string: ``username [: password] @``, host, ``: port``. Before host
    processing, the authority as written (URL Specification § URL Grammar: [ userinfo `@` ]
    host [ `:` port ]), as the lift's values and sigils give it back exactly: what the file
    host state reads whole."""
    out = []
    if authority.username is not None:
        out.append(authority.username.value)
        if authority.password is not None:
            out.append(_PASSWORD + authority.password.value)
        out.append(_AT)
    out.append(str(authority.host.value))
    if authority.port is not None:
        out.append(_PORT + str(authority.port.value))
    return "".join(out)


#: Each component's sigils before and after its value, by the rule that holds them.
_RULE = {Kind.SCHEME: "scheme", Kind.AUTHORITY: "auth_path", Kind.DRIVE: "drive",
         Kind.ROOT: "path_root", Kind.DIR: "dir", Kind.QUERY: "query", Kind.FRAGMENT: "fragment"}
_BEFORE = {kind: SIGILS[_RULE[kind]][0] if kind in _RULE else "" for kind in Kind}
_AFTER = {kind: SIGILS[_RULE[kind]][1] for kind in _RULE if SIGILS[_RULE[kind]][1]}
#: A dir has nothing before it and its `/` after it: dirs in a row print joined by `/`.
_DIR_SIGILS = SIGILS["dir"]
assert _DIR_SIGILS[0] == ""
_KIND, _VALUE = itemgetter(0), itemgetter(1)
#: How many components make a record long enough for its dirs to be printed at once (fewer cost
#: more to find than to print one by one).
_MANY = 16


def print_record(record: URLRecord) -> str:
    """URL Specification § Printing URLs: normalise for printing, then each component with its
    sigils, in order (https://url.spec.whatwg.org/#concept-url-serializer)."""
    return print_components(normalise_for_printing(record))


def print_components(components: Iterable[Component]) -> str:
    """Each component with its sigils, in order, as they are: the URL path serializer
    (https://url.spec.whatwg.org/#url-path-serializer) is this on a path's components, which
    normalise for printing does not touch (a pathname has no ``/.`` prefix)."""
    if type(components) is URLRecord and len(components) > _MANY:
        # A record is ordered by kind: its dirs, which may be a million, are printed at once.
        i = bisect_left(components, _DIR, key=_KIND)
        j = bisect_right(components, _DIR, i, key=_KIND)
        if j - i > 1:
            dirs = _DIR_SIGILS[1].join(map(str, map(_VALUE, islice(components, i, j))))
            head, tail = print_components(components[:i]), print_components(components[j:])
            return f"{head}{dirs}{_DIR_SIGILS[1]}{tail}"
    out = []
    before, after = _BEFORE, _AFTER
    for c in components:
        kind = c.kind
        out.append(before[kind])
        if kind == _AUTHORITY:
            out.append(print_authority(c.value))
        elif kind != _ROOT:
            out.append(str(c.value))
        out.append(after.get(kind, ""))
    return "".join(out)
