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
from urlgrammar.errors import URLError
from urlgrammar.model.record import Kind, URLRecord
from urlgrammar.model.schemes import is_special_scheme
from urlgrammar.operations.setters import read_value
from urlgrammar.syntax.printer import print_record
from urlgrammar.url import URL

GETTERS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port",
           "pathname", "search", "hash")


def _without(sigil: str, value: str) -> str:
    return value[1:] if value.startswith(sigil) else value


def _tail(record: URLRecord, kinds: tuple[Kind, ...]) -> str:
    """The components of ``kinds`` printed with their sigils (a query or a fragment)."""
    return print_record(URLRecord(c for c in record if c.kind in kinds))


def written(url: URL, attribute: str, value: str) -> str:
    """The URL string with ``value`` written in the attribute's place, as someone editing the
    text would write it (the value as given: its sigil where it has one)."""
    r = url.record
    after_path = _tail(r, (Kind.QUERY, Kind.FRAGMENT))
    path_on = url.pathname + after_path
    userinfo = url.username + (f":{url.password}" if url.password else "")
    userinfo += "@" if userinfo else ""
    port = f":{url.port}" if url.port else ""
    pieces = {
        "protocol": lambda: value + url.href[len(url.protocol) - 1:],
        "username": lambda: f"{url.protocol}//{value}{':' + url.password if url.password else ''}@"
                            f"{url.host}{path_on}",
        "password": lambda: f"{url.protocol}//{url.username}:{value}@{url.host}{path_on}",
        "host": lambda: f"{url.protocol}//{userinfo}{value}{path_on}",
        "hostname": lambda: f"{url.protocol}//{userinfo}{value}{port}{path_on}",
        "port": lambda: f"{url.protocol}//{userinfo}{url.hostname}:{value}{path_on}",
        "pathname": lambda: print_record(r.upto(Kind.DRIVE)) + value + after_path,
        "search": lambda: print_record(r.upto(Kind.QUERY)) + "?" + _without("?", value)
                          + _tail(r, (Kind.FRAGMENT,)),
        "hash": lambda: print_record(r.upto(Kind.FRAGMENT)) + "#" + _without("#", value),
    }
    return pieces[attribute]()


def explain_setter(href: str, attribute: str, value: str) -> str:
    """The three views of ``URL(href).replace(attribute=value)``, as text."""
    url = URL(href)
    special = is_special_scheme(url.record.scheme)
    lines = [f"set {attribute} of {href!r} to {value!r}", "", "1. The value, read with the grammar"]
    reading = read_value(attribute, value, special)
    if reading is None:
        lines.append("   not read: the standard percent-encodes the value whole (userinfo set)")
    else:
        text, rule, components = reading
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
