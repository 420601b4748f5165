"""Explaining a setter: how the grammar reads its value, what writing the value into the URL
string would give, and what the standard's setter gives.

https://url.spec.whatwg.org/#urlutils-members. The standard runs its parser from the
component's state on the URL being changed (a state override); the grammar's view is the
value written into the URL string in the component's place and parsed whole. Where the two
part, the setter (:mod:`urlgrammar.operations.setters`) follows the standard, and the gallery
in docs/teaching.md shows the difference with this explanation.
"""

from __future__ import annotations

from urlgrammar.api import parse
from urlgrammar.attributes import BY_NAME, GETTERS
from urlgrammar.errors import URLError
from urlgrammar.model.schemes import is_special_scheme
from urlgrammar.url import URL


def written(url: URL, attribute: str, value: str) -> str:
    """The URL string with ``value`` written in the attribute's place, as someone editing the
    text would write it (the value as given: its sigil where it has one): the attribute's
    teaching text (:data:`urlgrammar.attributes.ATTRIBUTES`)."""
    write = BY_NAME[attribute].written
    if write is None:
        raise KeyError(f"{attribute} has no teaching text: it is not set by a state override")
    return write(url, value)


def explain_setter(href: str, attribute: str, value: str) -> str:
    """The three views of ``URL(href).replace(attribute=value)``, as text."""
    url = URL(href)
    special = is_special_scheme(url.record.scheme)
    lines = [f"set {attribute} of {href!r} to {value!r}", "", "1. The value, read with the grammar"]
    reading = BY_NAME[attribute].reading
    if reading is None:
        lines.append("   not read: the standard percent-encodes the value whole (userinfo set)")
    else:
        rule = reading.rule
        text, components = reading.read(value, special)
        grammar = "special.lark" if special else "url.lark"
        what = "the SCHEME terminal" if rule == "SCHEME" else rule
        lines.append(f"   {what} on {text!r} ({grammar})")
        lines += [f"   {c.kind.label:<10} {c.value!r}" + ("" if c.start is None else f"  {c.start}..{c.end}")
                  for c in components] or ["   nothing"]
    text = written(url, attribute, value)
    lines += ["2. The grammar's view: the value written into the URL string, parsed whole",
              f"   {text!r}"]
    try:
        lines.append(f"   → {parse(text).href!r}")
    except URLError as e:
        failing = e.diagnostics[-1] if e.diagnostics else None
        where = "" if failing is None else f" at {failing.start}..{failing.end}"
        lines.append(f"   → failure: {e.code}{where}")
    changed = url.replace(**{attribute: value})
    lines.append("3. The setter (the standard's steps)")
    if changed.href == url.href:
        lines.append(f"   → unchanged: {url.href!r}")
    else:
        lines.append(f"   → {changed.href!r}")
        differ = [g for g in GETTERS if getattr(changed, g) != getattr(url, g)]
        lines.append("   changed: " + ", ".join(differ))
    return "\n".join(lines) + "\n"
