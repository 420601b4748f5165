"""How the commands that read one URL (``parse``, ``reference``, ``tree``) show values, and
the JSON that ``parse --json`` and ``reference --json`` print when INPUT has no result."""

from __future__ import annotations

import json
from collections.abc import Sequence

from urlgrammar.errors import Diagnostic, URLError

#: The widest that ``reference`` pads its value column to, and ``parse --params`` its names.
REFERENCE_COLUMN = 40


def show(value: str) -> str:
    """A value as people read it: quoted when empty or when it holds invisible code points."""
    if value and value.isprintable() and value.strip() == value:
        return value
    return json.dumps(value, ensure_ascii=False) if value.isprintable() else ascii(value)


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
    print(json.dumps(data, ensure_ascii=False, indent=2))
    return 1
