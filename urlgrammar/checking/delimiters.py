"""delimiter-lookalike-host: a host code point that looks like a URL delimiter
(:mod:`urlgrammar.host.delimiters` gives which, and why)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from urlgrammar.checking.walk import code_point
from urlgrammar.encoding.decode import percent_decode_spans
from urlgrammar.errors import ADVISORY, Code, Diagnostic, message
from urlgrammar.host.parser import Domain
from urlgrammar.model.record import Component

#: The longest host a message repeats (as advisories.py's _SHOWN, for the same reason).
_SHOWN = 200
#: A percent-encoded byte that is not ASCII (https://url.spec.whatwg.org/#percent-encoded-byte).
_HIGH_BYTE = re.compile("%[89A-Fa-f][0-9A-Fa-f]")


def ascii_decoded(written: str) -> bool:
    """Whether the host as written is ASCII once percent-decoded: ASCII, with no percent-encoded
    byte of 0x80 or more. The host's code point checks pass over such a host without decoding
    it: no ASCII code point passes for a delimiter or is hidden by the domain mapping."""
    return written.isascii() and ("%" not in written or _HIGH_BYTE.search(written) is None)


def _named(delimiter: str) -> str:
    return "a space" if delimiter == " " else f"'{delimiter}'"


def delimiter_lookalike_host(input: str, authority: Component) -> Iterator[Diagnostic]:
    """Each code point of the host that passes for a delimiter, or that the mapping turns into
    one that does (`⅓`): those the input writes, each at its place (percent-encoded or not),
    then those only the domain has, in an `xn--` label, spanning the host. ``detail`` is the
    code point the input writes, or the label holds."""
    c = authority.value.host
    if c.span is None or type(c.value) is not Domain:
        return
    start, end = c.span
    written, domain = input[start:end], c.value.value
    if ascii_decoded(written) and "xn--" not in domain:
        return
    from urlgrammar.host.delimiters import delimiter_lookalikes, mapped_lookalike
    from urlgrammar.host.spoofing import decoded_labels

    goes = f"; the URL goes to '{domain}'" if len(domain) <= _SHOWN else ""
    seen: set[str] = set()
    spans = percent_decode_spans(written) if "%" in written else None
    text = written if spans is None else spans.text
    direct = {i: (ch, delimiter) for i, ch, delimiter in delimiter_lookalikes(text)}
    for i, ch in enumerate(text):
        mapped = mapped_lookalike(ch)
        if i in direct:
            what = f"{code_point(ch)} looks like {_named(direct[i][1])}"
        elif mapped is not None:
            what = f"{code_point(ch)} becomes '{mapped[0]}', and {code_point(mapped[1])} looks like " \
                   f"{_named(mapped[2])}"
        else:
            continue
        seen.update(ch if mapped is None else mapped[0])
        at, to = (i, i + 1) if spans is None else (spans.starts[i], spans.ends[i])
        yield _advisory(start + at, start + to, f"{what}{goes}", ch)
    # What the input does not write: a code point that only an `xn--` label holds.
    for _, ch, delimiter in delimiter_lookalikes(".".join(decoded_labels(domain))):
        if ch not in seen:
            seen.add(ch)
            yield _advisory(start, end, f"the domain holds {code_point(ch)}, which looks like "
                            f"{_named(delimiter)}{goes}", ch)


def _advisory(start: int, end: int, specifics: str, ch: str) -> Diagnostic:
    return Diagnostic(Code.DELIMITER_LOOKALIKE_HOST, start, end,
                      message(Code.DELIMITER_LOOKALIKE_HOST, specifics), "host", f"U+{ord(ch):04X}",
                      None, ADVISORY)
