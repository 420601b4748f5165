"""Fill in extra_urltestdata.json's expected values from whatwg-url, through Node.

The file keeps the project's own parsing cases in WPT's urltestdata schema
(https://github.com/web-platform-tests/wpt/blob/master/url/README.md), so that any
implementation can run them. Only ``input`` and ``base`` (and the comment strings that name
each section) are written by hand; this script takes every other field from whatwg-url 17.3.0
(the version tools/node/package.json pins), ``new URL(input, base)`` and its getters
(https://url.spec.whatwg.org/#api), run by tools/node/urltestdata.mjs. whatwg-url shares no
code with urlgrammar; the transcribed state machine (:mod:`urlgrammar.algorithm`) does share
the host code (the domain parser, percent-decoding, the opaque-host parser) with the grammar
pipeline, so it cannot be the source of the cases that test that code. The script stops where
:func:`urlgrammar.parse` disagrees, writing nothing, since that is a bug to fix (or a
difference of Unicode version to explain), not a value to record.

Run ``npm install --prefix tools/node`` once, then ``python tests/data/regenerate.py`` after
adding a case.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from urlgrammar import URLError, parse

TOOLS = Path(__file__).resolve().parents[2] / "tools"
_spec = importlib.util.spec_from_file_location("peer", TOOLS / "peer.py")
assert _spec is not None and _spec.loader is not None
peer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(peer)

FILE = Path(__file__).with_name("extra_urltestdata.json")
SCRIPT = peer.NODE_DIR / "urltestdata.mjs"
GETTERS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port",
           "pathname", "search", "hash")


def node_missing() -> str | None:
    """Why whatwg-url cannot run here, or None where it can."""
    return peer.missing()


def whatwg_url(requests: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    """The case for each ``(input, base)`` as whatwg-url gives it, in one Node process."""
    # Lone surrogates cross as JSON escapes: json.dumps writes ASCII, and Node's JSON.stringify
    # escapes a lone surrogate.
    sent = json.dumps([{"input": input, "base": base} for input, base in requests])
    done = subprocess.run(["node", str(SCRIPT)], input=sent, capture_output=True, text=True,
                          encoding="utf-8", check=True)
    cases: list[dict[str, Any]] = json.loads(done.stdout)
    return cases


def disagreement(case: dict[str, Any]) -> str | None:
    """How the grammar pipeline's result differs from the case, or None where it agrees."""
    try:
        url = parse(case["input"], case["base"])
    except URLError as error:
        return None if case.get("failure") else f"parse fails ({error})"
    if case.get("failure"):
        return f"parse gives {url.href!r}, whatwg-url fails"
    got = {k: getattr(url, k) for k in GETTERS}
    wrong = {k: (got[k], case[k]) for k in GETTERS if got[k] != case[k]}
    return f"parse differs (parse, whatwg-url): {wrong}" if wrong else None


def main() -> int:
    missing = node_missing()
    if missing is not None:
        print(f"regenerate.py needs whatwg-url through Node: {missing}", file=sys.stderr)
        return 2
    entries = json.loads(FILE.read_text(encoding="utf-8"))
    cases = iter(whatwg_url([(e["input"], e["base"]) for e in entries if not isinstance(e, str)]))
    out = [entry if isinstance(entry, str) else next(cases) for entry in entries]
    problems = [f"{case['input']!r} against {case['base']!r}: {problem}" for case in out
                if not isinstance(case, str) and (problem := disagreement(case)) is not None]
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    FILE.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
