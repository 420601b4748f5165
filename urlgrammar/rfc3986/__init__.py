"""RFC 3986 and RFC 3987 syntax: validity, where a string stops being a URI, its components.

The grammars are ``grammars/rfc3986.lark`` (RFC 3986 Appendix A) and ``grammars/rfc3987.lark``
(RFC 3987 § 2.2). :func:`is_valid` reads a string with a rule's compiled pattern, which the
grammar compiler makes of the same grammar (:mod:`urlgrammar.syntax.compiled`); :func:`validate`
reads it with the grammar's LALR(1) parser where the pattern does not take it, and reports the
first place the parser cannot continue and the terminals it accepted there. The components are
read by RFC 3986 Appendix B's pattern, which splits a *valid* reference exactly as the ABNF
does. Resolution (§ 5.2) and syntax-based normalisation (§ 6.2.2) are in
:mod:`urlgrammar.rfc3986.resolution`.

This is the RFC's reading, not the WHATWG URL Standard's: no preprocessing (a space or a
backslash is simply not allowed), no scheme-specific rules, no host parsing beyond the ABNF.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from urlgrammar.errors import URLError
from urlgrammar.syntax.grammars import compiled, lean_parser
from urlgrammar.syntax.lalr import ParseError

__all__ = ["RULES", "Components", "Diagnostic", "Report", "components", "is_valid", "validate"]

#: Each rule by its ABNF name: the grammar file and its start rule. RFC 3986 Appendix A;
#: RFC 3987 § 2.2.
RULES: dict[str, tuple[str, str]] = {
    "URI": ("rfc3986", "uri"),
    "URI-reference": ("rfc3986", "uri_reference"),
    "absolute-URI": ("rfc3986", "absolute_uri"),
    "relative-ref": ("rfc3986", "relative_ref"),
    "IRI": ("rfc3987", "iri"),
    "IRI-reference": ("rfc3987", "iri_reference"),
    "absolute-IRI": ("rfc3987", "absolute_iri"),
    "irelative-ref": ("rfc3987", "irelative_ref"),
}

#: What each terminal of the two grammars stands for, in the ABNF's words.
EXPECTED: dict[str, str] = {
    "SCHEME": 'scheme ":"', "COLON": '":"', "DSLASH": '"//"', "SLASH": '"/"', "QMARK": '"?"',
    "HASH": '"#"', "LSQB": '"["', "RSQB": '"]"', "USERINFO": 'userinfo "@"', "PORT": "port",
    "IPV4ADDRESS": "IPv4address", "REG_NAME": "reg-name", "IPV6ADDRESS": "IPv6address",
    "IPVFUTURE": "IPvFuture", "SEGMENT": "segment", "SEGMENT_NC": "segment-nz-nc",
    "QUERY": "query", "FRAGMENT": "fragment", "IUSERINFO": 'iuserinfo "@"',
    "IREG_NAME": "ireg-name", "ISEGMENT": "isegment", "ISEGMENT_NC": "isegment-nz-nc",
    "IQUERY": "iquery", "IFRAGMENT": "ifragment", "$END": "the end",
}

#: RFC 3986 Appendix B: "the regular expression for breaking-down a well-formed URI reference
#: into its components" (it matches every string; on a valid one it is the ABNF's split).
APPENDIX_B = re.compile(r"(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?", re.S)
_IPV4 = re.compile(r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}"
                   r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])")


class Diagnostic(NamedTuple):
    """Where the rule's ABNF cannot continue: the code points ``start`` to ``end`` (``found``,
    one code point, or none at the end of the text), and what it would have continued with
    there (the terminals the LALR parser accepted, in the ABNF's names)."""

    rule: str
    start: int
    end: int
    found: str
    expected: tuple[str, ...]

    @property
    def message(self) -> str:
        found = f"U+{ord(self.found):04X} {self.found!a}" if self.found else "the end"
        *most, last = self.expected or ("nothing",)
        wanted = f"{', '.join(most)} or {last}" if most else last
        return f"{self.rule} cannot continue at {self.start} with {found}; expected {wanted}"

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Components:
    """A reference's components by RFC 3986 § 3's names (None where the delimiter is absent;
    the path is always there, maybe empty), each with its span in the text. ``host_type``
    says which alternative of § 3.2.2's host rule the host is: "IP-literal", "IPv4address"
    (the first-match rule: a host that matches IPv4address is one) or "reg-name"."""

    scheme: str | None
    authority: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None
    host_type: str | None
    spans: tuple[tuple[str, int, int], ...]

    def span(self, name: str) -> tuple[int, int] | None:
        """The code points of the named component, or None where it is absent."""
        for component, start, end in self.spans:
            if component == name:
                return start, end
        return None


@dataclass(frozen=True, slots=True)
class Report:
    """What :func:`validate` found: whether ``text`` is a ``rule``, the first place it is not
    (one diagnostic, or none), and its components (Appendix B's split, exact when valid)."""

    text: str
    rule: str
    valid: bool
    diagnostics: tuple[Diagnostic, ...]
    components: Components


def _rule(rule: str) -> tuple[str, str]:
    try:
        return RULES[rule]
    except KeyError:
        raise URLError(f"unknown rule {rule!r}; the rules are {', '.join(RULES)}") from None


class _Nothing:
    """A transformer that lifts nothing: validity and the error are all the driver is for."""

    def __getattr__(self, name: str) -> Any:
        return _none


def _none(children: list[Any]) -> None:
    return None


@cache
def _recognizers() -> dict[str, Callable[[str], re.Match[str] | None]]:
    # Each rule's fullmatch, by its ABNF name, or none where the compiled module is not current.
    module = compiled()
    if module is None:
        return {}
    patterns: dict[str, str] = module.RECOGNIZERS
    return {rule: re.compile(patterns[f"{grammar}_{start}"]).fullmatch
            for rule, (grammar, start) in RULES.items()}


def _error(text: str, rule: str) -> Diagnostic | None:
    """The first place the LALR parser cannot continue reading ``text`` as ``rule``, or None."""
    grammar, start = _rule(rule)
    try:
        lean_parser(grammar, _Nothing).parse(text, start)
    except ParseError as e:
        names = [n for n in EXPECTED if n in e.expected]
        found = text[e.pos:e.pos + 1]
        return Diagnostic(rule, e.pos, e.pos + len(found), found, tuple(EXPECTED[n] for n in names))
    return None


def is_valid(text: str, rule: str = "URI-reference") -> bool:
    """Whether ``text`` matches the ABNF rule ``rule`` (RFC 3986 Appendix A, RFC 3987 § 2.2),
    by the rule's compiled pattern: linear in the length of ``text``."""
    fullmatch = _recognizers().get(rule)
    if fullmatch is not None:
        return fullmatch(text) is not None
    _rule(rule)  # an unknown rule raises
    return _error(text, rule) is None


def components(text: str) -> Components:
    """The components of ``text`` by RFC 3986 Appendix B (§ 3's names and spans). On a valid
    reference they are the ABNF's; on any other string, Appendix B's best effort."""
    m = APPENDIX_B.fullmatch(text)
    assert m is not None  # the pattern matches every string
    names = ("scheme", "authority", "path", "query", "fragment")
    spans = [(name, *m.span(i)) for i, name in enumerate(names, 1) if m.start(i) >= 0]
    userinfo = host = port = host_type = None
    authority = m.group(2)
    if authority is not None:
        base = m.start(2)
        at = authority.rfind("@")
        if at >= 0:
            userinfo = authority[:at]
            spans.append(("userinfo", base, base + at))
        h = at + 1
        close = authority.find("]", h) if authority.startswith("[", h) else -1
        colon = authority.find(":", close + 1 if close >= 0 else h)
        host_end = colon if colon >= 0 else len(authority)
        host = authority[h:host_end]
        spans.append(("host", base + h, base + host_end))
        if colon >= 0:
            port = authority[colon + 1:]
            spans.append(("port", base + colon + 1, base + len(authority)))
        host_type = ("IP-literal" if host.startswith("[") else
                     "IPv4address" if _IPV4.fullmatch(host) else "reg-name")
    order = {"scheme": 0, "authority": 1, "userinfo": 2, "host": 3, "port": 4, "path": 5,
             "query": 6, "fragment": 7}
    return Components(m.group(1), authority, userinfo, host, port, m.group(3), m.group(4),
                      m.group(5), host_type, tuple(sorted(spans, key=lambda s: order[s[0]])))


def validate(text: str, rule: str = "URI-reference") -> Report:
    """Whether ``text`` is a ``rule`` (one of :data:`RULES`), and if not, where its ABNF
    cannot continue and what it expected there; with the components either way."""
    fullmatch = _recognizers().get(rule)
    error = None if fullmatch is not None and fullmatch(text) else _error(text, rule)
    return Report(text, rule, error is None, (error,) if error else (), components(text))
