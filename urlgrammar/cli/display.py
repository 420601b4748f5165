"""How the commands that read one URL (``parse``, ``reference``, ``tree``) show values, the
JSON that ``parse --json`` and ``reference --json`` print when INPUT has no result, and how
every command writes JSON (:func:`dumps`)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.model.code_points import LINE_OR_TERMINAL_CONTROL, SURROGATE

#: The widest that ``reference`` pads its value column to, and ``parse --params`` its names.
REFERENCE_COLUMN = 40


def show(value: str) -> str:
    """A value as people read it: quoted when empty or when it holds invisible code points."""
    if value and value.isprintable() and value.strip() == value:
        return value
    return json.dumps(value, ensure_ascii=False) if value.isprintable() else ascii(value)


def dumps(data: object, indent: int | None = None) -> str:
    """JSON text of ``data``, non-ASCII as it is except the line breaks and controls that
    json.dumps leaves raw (U+2028, U+2029, U+0085 and the other C1 controls, DEL, the bidi
    controls), which are escaped: a reader that splits lines where Unicode breaks them (Python's
    ``str.splitlines``) saw one JSON Lines record as several, and a terminal took U+009B for the
    start of an escape sequence. They can only be in strings, where
    ``\\u2028`` is the same text. A lone surrogate, which cannot be written as UTF-8, makes it
    ASCII."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    if text.isascii():
        return text
    if SURROGATE.search(text):
        return json.dumps(data, indent=indent)
    return LINE_OR_TERMINAL_CONTROL.sub(_json_escape, text)


def _json_escape(found: re.Match[str]) -> str:
    # json.dumps escapes the C0 controls in strings itself: a raw line feed is indent's.
    ch = found.group()
    return ch if ch == "\n" else f"\\u{ord(ch):04x}"


def failure_json(input: str, base: str | None, error: URLError, diagnostics: Sequence[Diagnostic],
                 setter: tuple[str, str] | None = None) -> dict[str, object]:
    """What ``--json`` prints when INPUT has no result: the input and base (and the ``set``
    whose value failed), ``failure``, the ``error`` (the failing diagnostic's code, message
    and span; a null span where it has none) and every diagnostic found up to it, the
    failing one last (https://url.spec.whatwg.org/#validation-error). Spans are in INPUT, or in
    the value of the failing ``set``."""
    failing = error.diagnostics[-1] if error.diagnostics else None
    found = {"code": error.code, "message": str(error), "start": None, "end": None} if failing is None \
        else {"code": failing.code, "message": failing.message, "start": failing.start, "end": failing.end}
    named = {} if setter is None else {"set": {"name": setter[0], "value": setter[1]}}
    return {"input": input, "base": base, **named, "failure": True, "error": found,
            "diagnostics": [d.as_dict() for d in diagnostics]}


def print_failure(data: dict[str, object]) -> int:
    print(dumps(data, indent=2))
    return 1
