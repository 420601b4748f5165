"""Relative references: the shortest reference that resolves against a base to a target.

URL Specification 0.10.1, § Order and Prefix and § Rebase: a reference ``r`` resolves against
``base`` to ``r onto base``, the shortest URL with ``base upto (ord r)`` as a prefix and ``r`` as
a postfix. Read backwards: where ``target upto k`` equals ``base upto k``, the components of
``target`` from its first one of type ``k`` on are a reference to it, and the larger ``k``, the
more of ``target`` the base supplies. :func:`references` writes one reference per order, from the
fragment (the most relative) to the scheme (the target itself), and :func:`shortest_reference`
takes the shortest of them: in essence, ``target`` less the longest order-prefix it shares with
``base``.

The WHATWG basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser) reads some
of those postfixes otherwise than the model does, and the references say so:

- a base with an opaque path (https://url.spec.whatwg.org/#url-opaque-path) takes only a
  fragment, and not even the empty reference (https://url.spec.whatwg.org/#no-scheme-state);
- the path's dot segments (https://url.spec.whatwg.org/#path-state) are a second way to share a
  path: ``../x`` keeps all but the base's last dir, ``.`` and ``..`` end in a directory;
- a relative path whose first segment is empty, reads as scheme-like (``a:b``) or, in a file
  URL, is a Windows drive letter (https://url.spec.whatwg.org/#file-state) starts with
  ``./``; an absolute path whose first segment is empty or such a drive letter starts with
  ``/.`` (https://url.spec.whatwg.org/#url-path-serializer), where ``//`` would be an
  authority and ``/C:`` a drive;
- a file URL's drive is kept by ``/x`` (https://url.spec.whatwg.org/#file-slash-state), as the
  model's order-prefix keeps it, and written as ``/C:/x`` where it changes;
- a special URL is forced (URL Specification § Forcing): it gets a path-root if it has none, so
  where the path is only that root, a reference that writes the authority leaves it out
  (``//h?q`` and ``http://h`` for ``http://h/?q`` and ``http://h/``).

Shortest. Every reference keeps the target's own spelling of its components, its percent-encoded
bytes included: decoding ``%C3%A9`` to ``é`` would be shorter, but a special URL's query is
encoded in the document's encoding, so the reference would then depend on the document. Nor do
they rely on the parser's error recovery (``C|/x`` for ``/C:/x``, ``http:x``, backslashes): each
is written as the URL writing grammar writes it. Within those, the reference of an order cannot
drop a component without the base supplying it, and the dot forms climb exactly as far as the
paths differ; so the shortest of the orders' references is the shortest reference. Of equally
short ones, the most relative is taken (``../x`` before ``/a/x``).
"""

from __future__ import annotations

from urlgrammar.errors import URLError
from urlgrammar.model.record import Component, Kind, URLRecord
from urlgrammar.model.schemes import Mode, has_opaque_path, is_file, is_special
from urlgrammar.operations.drive import is_drive_letter
from urlgrammar.operations.pipeline import parse_url
from urlgrammar.syntax.grammars import scheme_of
from urlgrammar.syntax.printer import print_components, print_record

_SCHEME, _AUTHORITY, _DRIVE, _ROOT, _DIR, _FILE, _QUERY, _FRAGMENT = (
    Kind.SCHEME, Kind.AUTHORITY, Kind.DRIVE, Kind.ROOT, Kind.DIR, Kind.FILE, Kind.QUERY, Kind.FRAGMENT)


def make_relative(base: URLRecord, base_mode: Mode, target: URLRecord, href: str) -> str | None:
    """The shortest reference that the basic URL parser reads against ``base`` (in
    ``base_mode``) as the URL whose href is ``href``, of record ``target``; None where none does.

    The references of :func:`references`, shortest first, each checked by parsing it against
    the base. For a target the parser gave, the first passes (tests/operations/test_relative.py
    checks it on web-platform-tests pairs and on generated ones). A target that setters made need not be
    what its own href parses to (a file URL whose path starts with `C|`, kept by the protocol
    setter, is parsed with a drive `C:`): then no reference is, and the answer is None.
    """
    candidates = references(base, target)
    for reference in sorted(candidates, key=len):  # sorted is stable: the most relative first
        try:
            resolved, _ = parse_url(reference, base, base_mode)
        except URLError:
            continue
        if print_record(resolved) == href:
            return reference
    return None


def shortest_reference(base: URLRecord, target: URLRecord) -> str:
    """The shortest of :func:`references`, the most relative of equally short ones."""
    return min(references(base, target), key=len)


def references(base: URLRecord, target: URLRecord) -> list[str]:
    """The references to ``target`` from ``base``, one for each order at which the base can
    supply the target's components, most relative first; the last is ``target`` itself.

    Both are the basic URL parser's records, without spans (``record.unplaced()``).
    """
    out = []
    fragment = _fragment_reference(base, target)
    if fragment is not None:
        out.append(fragment)
    if not has_opaque_path(base):
        for order in (_QUERY, _DIR, _ROOT, _DRIVE, _AUTHORITY):
            reference = _reference_of_order(base, target, order)
            if reference is not None:
                out.append(reference)
    out.append(_written(target, 0))
    return out


def _fragment_reference(base: URLRecord, target: URLRecord) -> str | None:
    """``#fragment``, where the target is the base but for its fragment; the empty reference
    where the target is the base without its fragment, and the base's path is not opaque."""
    if base.upto(_FRAGMENT) != target.upto(_FRAGMENT):
        return None
    fragment = target.fragment
    if fragment is not None:
        return print_components(target[-1:])
    return None if has_opaque_path(base) else ""


def _reference_of_order(base: URLRecord, target: URLRecord, order: Kind) -> str | None:
    """The postfix of ``target`` from its component of type ``order`` on, where the base has
    the order-prefix before it and the parser reads it so; None otherwise. DIR stands for the
    path's references, which share a part of the path (:func:`_path_reference`)."""
    prefix = target.upto(_ROOT if order == _DIR else order)
    if base.upto(_ROOT if order == _DIR else order) != prefix:
        return None
    rest = target[len(prefix):]
    first = rest[0].kind if rest else None
    if order == _DIR:
        return _path_reference(base, target, rest[1:]) if first == _ROOT else None
    if first != order:
        return None
    if order == _ROOT and len(rest) > 1 and rest[1].kind <= _FILE and _needs_dot(rest[1].value, target, True):
        return "/." + print_components(rest)
    return _written(target, 1) if order == _AUTHORITY else print_components(rest)


def _written(target: URLRecord, start: int) -> str:
    """``target``'s components from ``start`` (its scheme or its authority) on, as printing
    writes them, but without the path-root of a special URL whose path is only that root:
    forcing puts it back (https://url.spec.whatwg.org/#path-start-state gives such a URL the
    path ``/``)."""
    if not is_special(target):
        return print_record(target) if start == 0 else print_components(target[start:])
    # A special URL: its scheme, its authority, then a path-root or a drive.
    if len(target) > 2 and target[2].kind == _ROOT and (len(target) == 3 or target[3].kind > _FILE):
        return print_components(target[start:2]) + print_components(target[3:])
    return print_components(target[start:])


def _path_reference(base: URLRecord, target: URLRecord, path: tuple[Component, ...]) -> str:
    """A path-relative reference: as many `../` as the base has dirs that the target does not
    share, then the rest of the target's path, query and fragment (``path``: the target's
    components after its path-root). https://url.spec.whatwg.org/#path-state reads `..` as a
    step up and a final `.` or `..` as a directory, so those stand for an empty rest."""
    theirs, ours = base.dirs, target.dirs
    shared = 0
    while shared < min(len(theirs), len(ours)) and theirs[shared] == ours[shared]:
        shared += 1
    up = len(theirs) - shared
    rest = path[shared:]
    written = print_components(rest)
    segments = [c.value for c in rest if c.kind in (_DIR, _FILE)]
    if not segments:
        return ("." if up == 0 else "../" * (up - 1) + "..") + written
    if up == 0 and _needs_dot(segments[0], target):
        return "./" + written
    return "../" * up + written


def _needs_dot(segment: str, target: URLRecord, rooted: bool = False) -> bool:
    """A first segment that a reference cannot start with (``rooted``: after its `/`): empty
    (a path-relative reference would be an absolute path, an absolute one a scheme-relative),
    scheme-like where not rooted (https://url.spec.whatwg.org/#scheme-state reads `a:b` as
    scheme `a`), or in a file URL a Windows drive letter, which
    https://url.spec.whatwg.org/#file-state and https://url.spec.whatwg.org/#file-slash-state
    take for a new drive."""
    return segment == "" or (not rooted and scheme_of(segment) is not None) or \
        (is_file(target.scheme) and is_drive_letter(segment))
