"""Fill in extra_urltestdata.json's expected values from the transcribed state machine.

The file keeps the project's own parsing cases in WPT's urltestdata schema
(https://github.com/web-platform-tests/wpt/blob/master/url/README.md), so that any
implementation can run them. Only ``input`` and ``base`` (and the comment strings that name
each section) are written by hand; this script recomputes every other field with
:func:`urlgrammar.algorithm.run` and its getters (https://url.spec.whatwg.org/#api), and stops
where :func:`urlgrammar.parse` disagrees, since that is a bug to fix, not a value to record.

Run ``python tests/data/regenerate.py`` after adding a case.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from urlgrammar import URLError, parse
from urlgrammar.algorithm import run

FILE = Path(__file__).with_name("extra_urltestdata.json")
GETTERS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port",
           "pathname", "search", "hash")


def expected(input: str, base: str | None) -> dict[str, Any]:
    """The case for ``input`` against ``base`` as the state machine gives it."""
    result = run(input, base)
    if result.getters is None:
        return {"input": input, "base": base, "failure": True}
    return {"input": input, "base": base, **{k: getattr(result.getters, k) for k in GETTERS}}


def disagreement(case: dict[str, Any]) -> str | None:
    """How the grammar pipeline's result differs from the case, or None where it agrees."""
    try:
        url = parse(case["input"], case["base"])
    except URLError as error:
        return None if case.get("failure") else f"parse fails ({error})"
    if case.get("failure"):
        return f"parse gives {url.href!r}, the state machine fails"
    got = {k: getattr(url, k) for k in GETTERS}
    wrong = {k: (got[k], case[k]) for k in GETTERS if got[k] != case[k]}
    return f"parse differs (parse, state machine): {wrong}" if wrong else None


def main() -> int:
    entries = json.loads(FILE.read_text(encoding="utf-8"))
    out: list[Any] = []
    problems = []
    for entry in entries:
        if isinstance(entry, str):
            out.append(entry)
            continue
        case = expected(entry["input"], entry["base"])
        problem = disagreement(case)
        if problem is not None:
            problems.append(f"{case['input']!r} against {case['base']!r}: {problem}")
        out.append(case)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    FILE.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
