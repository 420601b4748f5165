"""References: URLs that may be relative, and stay relative.

``parse_reference`` is the grammar view without the WHATWG parser's forcing: nothing is
added to the input, a schemeless input is not made absolute, and every component keeps the
span of its value in the input. URL Specification 0.10.1, § URL Model and § Resolution.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from urlgrammar.api import parse
from urlgrammar.model.record import Authority, Kind, URLRecord
from urlgrammar.model.schemes import Mode, mode_of
from urlgrammar.operations.drive import detect_drive
from urlgrammar.operations.normalise import normalise
from urlgrammar.operations.resolve import rebase
from urlgrammar.syntax.grammars import mode_for
from urlgrammar.syntax.lift import parse_record
from urlgrammar.syntax.preprocess import preprocess
from urlgrammar.syntax.printer import print_record
from urlgrammar.url import URL, href_of


@dataclass(frozen=True, slots=True)
class Reference:
    """An URL reference: a record, the mode it was read in, and the input it came from.

    Components are None when absent and strings when present (possibly empty), so
    ``parse_reference("http://h/?").query == ""`` while ``parse_reference("http://h/").query``
    is None.
    """

    record: URLRecord
    mode: Mode = Mode.GENERIC
    input: str | None = None

    # ---- components ----------------------------------------------------------------------

    @property
    def scheme(self) -> str | None:
        return self.record.scheme

    @property
    def authority(self) -> Authority | None:
        return self.record.authority

    def _authority_part(self, name: str) -> str | None:
        a = self.record.authority
        c = None if a is None else getattr(a, name)
        return None if c is None else str(c.value)

    @property
    def username(self) -> str | None:
        return self._authority_part("username")

    @property
    def password(self) -> str | None:
        return self._authority_part("password")

    @property
    def host(self) -> str | None:
        return self._authority_part("host")

    @property
    def port(self) -> str | None:
        return self._authority_part("port")

    @property
    def drive(self) -> str | None:
        return self.record.drive

    @property
    def root(self) -> bool:
        return self.record.root

    @property
    def dirs(self) -> tuple[str, ...]:
        return self.record.dirs

    @property
    def file(self) -> str | None:
        return self.record.file

    @property
    def path(self) -> str:
        """The printed drive, path-root, dirs and file."""
        return print_record(URLRecord(c for c in self.record if Kind.DRIVE <= c.kind <= Kind.FILE))

    @property
    def query(self) -> str | None:
        return self.record.query

    @property
    def fragment(self) -> str | None:
        return self.record.fragment

    @property
    def href(self) -> str:
        return print_record(self.record)

    def __str__(self) -> str:
        return self.href

    def __repr__(self) -> str:
        return f"Reference({self.href!r})"

    # ---- operations ------------------------------------------------------------------------

    def ord(self) -> Kind:
        """The order: the type of the first component (URL Specification § Order)."""
        return self.record.ord()

    def goto(self, other: Reference) -> Reference:
        """``self goto other`` (URL Specification § Rebase, written the other way round)."""
        result = self.record.goto(other.record)
        return Reference(result, mode_of(result, other.mode if other.scheme else self.mode))

    def rebase(self, base: Reference | str | URL) -> Reference:
        """Resolve against ``base`` without forcing: legacy resolution where the reference is
        special (or schemeless onto a special base), strict resolution otherwise.

        A schemeless reference read in another mode than the base's is read again in the
        base's mode first, since the mode decides what `\\` and drive letters mean.
        Raises URLError when there is no result, e.g. onto a base with an opaque path. A URL
        given as the base stands for its href.
        """
        if isinstance(base, str | URL):
            base = parse_reference(base)
        this = self
        if this.scheme is None and this.mode is not base.mode:
            if this.input is not None:
                this = parse_reference(this.input, mode=base.mode)
            elif base.mode is Mode.FILE:
                this = Reference(detect_drive(this.record), Mode.FILE)
        # Spans are offsets in this reference's input; what comes from the base has none there.
        result = rebase(this.record, base.record.unplaced())
        return Reference(result, mode_of(result, base.mode), this.input)

    def resolve(self, base: URL | str | None = None) -> URL:
        """The WHATWG resolution of this reference against ``base``: what a browser makes of it.

        The reference as printed is parsed against the base, so that a rebased or normalised
        reference resolves as what it now is. Raises URLError where the standard fails.
        """
        return parse(self.href, base)

    def normalize(self) -> Reference:
        """Apply the spec's equations (dot segments, authority, scheme, percent-encoding).

        A relative reference stays relative: ``../a/./b?x`` normalises to ``../a/b?x``.
        """
        return Reference(normalise(self.record, self.mode), self.mode, self.input)

    normalise = normalize

    def as_dict(self) -> dict[str, Any]:
        """The components with their spans, for JSON output."""
        out: list[dict[str, Any]] = []
        for c in self.record:
            if c.kind == Kind.AUTHORITY:
                for a in c.value.components():
                    out.append({"type": a.kind.label, "value": str(a.value), "start": a.start, "end": a.end})
            else:
                out.append({"type": c.kind.label, "value": c.value, "start": c.start, "end": c.end})
        return {"href": self.href, "mode": self.mode.name.lower(), "components": out}


def parse_reference(input: str | URL, base: Reference | str | URL | None = None, *,
                    mode: Mode | str | None = None) -> Reference:
    """Read ``input`` as a reference; with a ``base``, read it in the base's mode and rebase it.

    The mode comes from the input's own scheme; a schemeless input takes the base's mode, or
    ``mode`` (default generic): a Mode, or its name, ``"generic"``, ``"special"`` or
    ``"file"`` in any case. Another ``mode`` is a ValueError, a programming error rather than
    a problem in the input. Every ``str`` gives a Reference: the grammars are total.
    Rebasing raises URLError where it has no result. A URL, as ``input`` or ``base``, stands
    for its href.
    """
    input = href_of(input, "parse_reference()")
    chosen_mode = None if mode is None else Mode(mode)
    base_ref = parse_reference(base) if isinstance(base, str | URL) else base
    fallback = chosen_mode or (base_ref.mode if base_ref is not None else Mode.GENERIC)
    pre = preprocess(input)
    chosen = mode_for(pre.text, fallback)
    ref = Reference(parse_record(pre.text, chosen, pre.offsets), chosen, input)
    return ref.rebase(base_ref) if base_ref is not None else ref
