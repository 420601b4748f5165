"""RFC 3986's reading of a string beside the WHATWG URL Standard's, and where the two part.

RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986) and its IRI extension RFC 3987 are the other
definition of URL syntax, the one of JSON Schema, OpenAPI and ``urllib.parse``. Its reading is
:mod:`urlgrammar.rfc3986`'s: whether the string is a ``URI-reference`` (an ``IRI-reference``
where it is not ASCII: RFC 3986 has no non-ASCII), where its ABNF stops if not, its components
by § 3, and against a base its § 5.2 resolution (the strict parser of § 5.2.2) and § 6.2.2
normalisation. The standard's reading is :func:`urlgrammar.validate`'s
(https://url.spec.whatwg.org/#concept-basic-url-parser).

Where they part is computed, not listed: component by component (the RFC's resolved reference
against the standard's URL), with the standard's preprocessing (leading and trailing C0
controls and spaces trimmed, tabs and newlines removed) and its validation errors for
backslashes. Each parting has a topic and a one-line reason; each topic is given once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from urlgrammar import rfc3986
from urlgrammar.encoding.decode import percent_decode_str
from urlgrammar.errors import Code, Diagnostic, URLError, escape
from urlgrammar.model.code_points import ASCII_TAB_OR_NEWLINE, C0_CONTROL_OR_SPACE
from urlgrammar.model.schemes import default_port, is_file, is_special_scheme
from urlgrammar.rfc3986.resolution import normalize, remove_dot_segments, resolve
from urlgrammar.syntax.preprocess import preprocess
from urlgrammar.url import URL

__all__ = ["COMPONENTS", "Parting", "RFCReading", "rfc3986_reading", "rule_for", "standard_components"]

#: The components compared, by RFC 3986 § 3's names.
COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")

_DOTTED = re.compile(r"(?:[0-9]{1,3}\.){3}[0-9]{1,3}")
_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
_TAB_OR_NEWLINE = dict.fromkeys(map(ord, ASCII_TAB_OR_NEWLINE))


class Parting(NamedTuple):
    """One place where the two readings part: its topic (``backslash``, ``host case``, ...)
    and why, in one line."""

    topic: str
    reason: str


def _q(text: str) -> str:
    return f"“{escape(text)}”"


def rule_for(text: str) -> str:
    """The rule the RFC reading uses: URI-reference, or IRI-reference (RFC 3987) where ``text``
    is not ASCII."""
    return "URI-reference" if text.isascii() else "IRI-reference"


def standard_components(url: URL) -> dict[str, str | None]:
    """The standard's URL by RFC 3986 § 3's names (https://url.spec.whatwg.org/#api): the
    userinfo is the username and password, None where both are empty."""
    userinfo = url.username + (f":{url.password}" if url.password else "")
    has_authority = url.href.startswith(f"{url.protocol}//")
    return {"scheme": url.protocol[:-1], "userinfo": userinfo or None,
            "host": url.hostname if has_authority else None, "port": url.port or None,
            "path": url.pathname, "query": url.search[1:] or None, "fragment": url.hash[1:] or None}


@dataclass(frozen=True, slots=True)
class RFCReading:
    """The RFC's reading of ``input`` (against ``base``) beside the standard's.

    ``report`` is :func:`urlgrammar.rfc3986.validate`'s under ``report.rule``; ``resolved`` the
    reference resolved against the base by § 5.2 (the input itself without a base; None where
    it is no reference to resolve), ``normalised`` that by § 6.2.2. ``rows`` gives each
    component by the RFC (of ``resolved``, else Appendix B's split of the input) and by the
    standard (None where its parser fails), ``partings`` where the two readings part."""

    input: str
    base: str | None
    report: rfc3986.Report
    resolved: str | None
    normalised: str | None
    standard_href: str | None
    rows: tuple[tuple[str, str | None, str | None], ...]
    partings: tuple[Parting, ...]

    @property
    def valid(self) -> bool:
        return self.report.valid

    def verdict(self) -> str:
        """The RFC's verdict in one line: valid, or where its ABNF stops and what it expected."""
        if self.report.valid:
            return f"a valid {self.report.rule}"
        return f"not a valid {self.report.rule}: {self.report.diagnostics[0].message}"

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.report.rule, "valid": self.report.valid,
                "diagnostics": [d._asdict() | {"message": d.message} for d in self.report.diagnostics],
                "verdict": self.verdict(), "resolved": self.resolved, "normalised": self.normalised,
                "components": [{"component": name, "rfc3986": rfc, "standard": std,
                                "span": self.report.components.span(name) if self.base is None else None}
                               for name, rfc, std in self.rows],
                "partings": [p._asdict() for p in self.partings]}

    def lines(self, q: Callable[[str], str] = _q) -> list[str]:
        """The reading as text, its values quoted by ``q``: the verdict, the components side by
        side, the resolution and normalisation, and where the readings part."""
        out = [f"RFC 3986: {self.verdict()}"]
        if self.base is not None:
            out.append("resolved against the base (§ 5.2, strict): "
                       + ("not resolved: the reference is not valid" if self.resolved is None
                          else q(self.resolved)))
        if self.normalised is not None:
            out.append(f"normalised (§ 6.2.2): {q(self.normalised)}")
        out.append(f"{'component':<10} {'RFC 3986':<24} the standard")
        for name, rfc, std in self.rows:
            shown = [("(none)" if v is None else q(v)) for v in (rfc, std)]
            theirs = shown[1] if self.standard_href is not None else "(fails)"
            out.append(f"{name:<10} {shown[0]:<24} {theirs}")
        out.append("where they part:" if self.partings else "where they part: nowhere")
        out.extend(f"- {p.topic}: {p.reason}" for p in self.partings)
        return out


def rfc3986_reading(text: str, base: str | None, url: URL | None,
                    diagnostics: Sequence[Diagnostic]) -> RFCReading:
    """RFC 3986's reading of ``text`` (against ``base``) beside the standard's: the URL that
    the basic URL parser gives (None where it fails) and its validation errors, which
    :func:`urlgrammar.validate`'s report holds (``report.rfc3986`` is this function's)."""
    rfc = rfc3986.validate(text, rule_for(text))
    resolved = None
    if rfc.valid:
        resolved = text
        if base is not None:
            try:
                resolved = resolve(text, base, iri=not (text + base).isascii())
            except URLError:  # the base is no URI (`http://h/a b`): nothing to resolve against
                resolved = None
    normalised = None if resolved is None else normalize(resolved, iri=not resolved.isascii())
    mine = rfc3986.components(resolved if resolved is not None else text)
    theirs = standard_components(url) if url is not None else dict.fromkeys(COMPONENTS)
    rows = tuple((name, getattr(mine, name), theirs[name]) for name in COMPONENTS)
    partings: dict[str, str] = {}
    _preprocessing(text, partings)
    if any(d.code == Code.INVALID_REVERSE_SOLIDUS for d in diagnostics):
        partings["backslash"] = ("the standard reads `\\` as `/` in a special URL; RFC 3986 does not "
                                 "allow `\\` anywhere")
    if not text.isascii():
        partings["IRI"] = ("RFC 3986 allows no non-ASCII code point: read as an IRI (RFC 3987), "
                           "which the standard percent-encodes or maps to ASCII")
    if url is None:
        failed = next((d.code for d in diagnostics if d.failure), "failure")
        partings["failure"] = (f"the standard's parser fails ({failed}); RFC 3986 "
                               + ("accepts the string" if rfc.valid else "does not accept it either"))
    else:
        _resolution(text, base, resolved, normalised, url, partings)
        # Without the base's resolution, the RFC's components are the input's, not the URL's.
        for name, mine_value, std in rows if base is None or resolved is not None else ():
            if mine_value != std and not _explained(mine_value, std, partings):
                _compare(name, mine_value, std, theirs["scheme"], partings)
        if normalised is not None and "resolution" not in partings:
            _normal_forms(rows, rfc3986.components(normalised), partings)
    return RFCReading(text, base, rfc, resolved, normalised, None if url is None else url.href, rows,
                      tuple(Parting(t, r) for t, r in partings.items()))


def _preprocessing(text: str, partings: dict[str, str]) -> None:
    """What the standard's preprocessing drops (https://url.spec.whatwg.org/#concept-basic-url-parser,
    steps 1 to 3), which RFC 3986 does not allow."""
    pre = preprocess(text)
    (a, b), (c, d) = pre.trimmed
    if b > a or d > c:
        partings["whitespace"] = (f"the standard trims {b - a + d - c} leading or trailing C0 control "
                                  "or space; RFC 3986 allows none (Appendix C leaves stripping to "
                                  "the context)")
    if pre.removed:
        partings["tab or newline"] = (f"the standard removes {len(pre.removed)} tab or newline; "
                                      "RFC 3986 allows none")


def _resolution(text: str, base: str | None, resolved: str | None, normalised: str | None,
                url: URL, partings: dict[str, str]) -> None:
    """Where § 5.2's resolution gives another URL than the standard's (resolution is the
    standard's too: https://url.spec.whatwg.org/#concept-basic-url-parser with a base)."""
    if base is None or resolved is None or url.href in (resolved, normalised):
        return
    scheme = rfc3986.components(text).scheme
    if scheme is not None and scheme.lower() == url.protocol[:-1] and is_special_scheme(scheme.lower()) \
            and rfc3986.components(text).authority is None and base.lower().startswith(scheme.lower() + ":"):
        partings["resolution"] = (f"the standard reads a special scheme equal to the base's as a "
                                  f"relative reference, giving {_q(url.href)}; RFC 3986 § 5.2.2 "
                                  f"(strict) keeps the scheme: {_q(resolved)}")
    else:
        partings["resolution"] = f"RFC 3986 § 5.2 gives {_q(resolved)}; the standard gives {_q(url.href)}"


def _normal_forms(rows: tuple[tuple[str, str | None, str | None], ...], normal: rfc3986.Components,
                  partings: dict[str, str]) -> None:
    """Where the two agree on a component as written but RFC 3986's normal form of it is
    another (§ 6.2.2.2: percent-encoded unreserved code points decoded, hex digits uppercased),
    which the standard does not make."""
    for name, mine, std in rows:
        if name in ("path", "query", "fragment") and mine == std and getattr(normal, name) != mine:
            partings["normal forms"] = (f"RFC 3986 normalises the {name} {_q(str(mine))} to "
                                        f"{_q(getattr(normal, name))} (§ 6.2.2.2); the standard keeps "
                                        "percent-encoding as written, so the normal forms differ")
            return


def _explained(mine: str | None, std: str | None, partings: dict[str, str]) -> bool:
    """Whether a component's difference is the resolution's, the preprocessing's or the
    backslashes' already."""
    if "resolution" in partings:  # the components of two different URLs
        return True
    if mine is None or std is None:
        return False
    if "backslash" in partings and "\\" in mine:
        return True
    return ("whitespace" in partings or "tab or newline" in partings) and \
        mine.translate(_TAB_OR_NEWLINE).strip(C0_CONTROL_OR_SPACE) == std


def _encoded(mine: str, std: str) -> str:
    """The code points of ``mine`` that ``std`` holds percent-encoded instead, quoted."""
    escapes = {e.upper() for e in _ESCAPE.findall(std)}
    found = [c for c in dict.fromkeys(mine) if c not in std and c != "%"
             and "".join(f"%{b:02X}" for b in c.encode("utf-8", "surrogatepass")) in escapes]
    return ", ".join(f"`{escape(c)}`" for c in found[:3]) + (" and more" if len(found) > 3 else "")


def _compare(name: str, mine: str | None, std: str | None, scheme: str | None,
             partings: dict[str, str]) -> None:
    """The reason one component differs, under its topic."""
    if name == "scheme" and mine is not None and mine.lower() == std:
        partings["scheme case"] = (f"the standard lowercases the scheme {_q(mine)}; RFC 3986 keeps it "
                                   "as written (case-insensitive; lowercase when normalised, § 6.2.2.1)")
    elif name == "host" and mine is None and std == "" and is_file(scheme):
        partings["file host"] = ("the standard gives a file URL an authority, the empty host, and a path "
                                 "that starts with `/`; RFC 3986 reads no authority where no `//` is written")
    elif name == "path" and "file host" in partings and std == f"/{mine}":
        return
    elif name == "host" and mine is not None and std is not None:
        _host(mine, std, partings)
    elif name == "port" and mine == "" and std is None:
        partings["empty port"] = ("the standard drops an empty port; RFC 3986 allows `:` with no digits "
                                  "(§ 3.2.3: normalisation removes it)")
    elif name == "port" and mine is not None and std is None and mine.isascii() and mine.isdigit() \
            and len(mine.lstrip("0")) <= 5 and int(mine.lstrip("0") or "0") == default_port(scheme):
        partings["default port"] = (f"the standard drops the scheme's default port {mine}; RFC 3986 keeps "
                                    "it (removing it is scheme-based normalisation, § 6.2.3)")
    elif name == "path" and mine is not None and std is not None \
            and remove_dot_segments(mine) != mine and std != mine:
        partings["dot segments"] = (f"the standard removes dot segments while parsing ({_q(std)}); RFC "
                                    f"3986 only when resolving or normalising (§ 5.2.4), so the path is "
                                    f"{_q(mine)}")
    elif name == "path" and mine == "" and std == "/":
        partings["empty path"] = ("the standard gives a special URL's empty path as `/`; RFC 3986 keeps it "
                                  "empty (`/` is scheme-based normalisation, § 6.2.3)")
    elif mine is not None and std is not None and _encoded(mine, std):
        partings["percent-encoding"] = (f"the standard percent-encodes {_encoded(mine, std)} in the {name}; "
                                        "RFC 3986 does not allow them there")
    else:
        partings.setdefault(name, f"RFC 3986 reads {'none' if mine is None else _q(mine)}; the standard "
                                  f"reads {'none' if std is None else _q(std)}")


def _host(mine: str, std: str, partings: dict[str, str]) -> None:
    if not mine.isascii():
        partings["IDN"] = (f"the standard maps the host with UTS #46 to {_q(std)}; RFC 3987 keeps the "
                           "ireg-name as written (§ 3.1 maps it only to make a URI)")
    elif _DOTTED.fullmatch(std) and not _DOTTED.fullmatch(mine):
        partings["IPv4 numbers"] = (f"the standard reads {_q(mine)} as an IPv4 address, {std}; RFC 3986's "
                                    "IPv4address is four decimal numbers, so this is a reg-name, as written")
    elif mine.lower() == std:
        partings["host case"] = (f"the standard lowercases the host {_q(mine)}; RFC 3986 keeps it as written "
                                 "(case-insensitive, § 3.2.2; lowercase when normalised)")
    elif "%" in mine and percent_decode_str(mine).lower() == std:
        partings["host percent-encoding"] = (f"the standard percent-decodes the host to {_q(std)}; "
                                             "RFC 3986 keeps pct-encoded as written (decoding "
                                             "only unreserved ones when normalised)")
    else:
        partings["host"] = f"RFC 3986 reads {_q(mine)}; the standard reads {_q(std)}"
