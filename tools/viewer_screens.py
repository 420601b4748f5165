"""Screenshots of the live viewer, to look at: one PNG per input, 1280x900 by default.

    python tools/viewer_screens.py [--out /tmp/screens] [--full] [INPUT [BASE]]...

Without inputs it takes the three the viewer was checked with: a WPT case where the grammar
and the state machine part ways, a file URL with a drive letter, and an input with several
validation errors. ``--full`` takes the whole page, not just the first screen. Needs Chromium
and the `browser` extra (tools/browser.py).
"""

from __future__ import annotations

import argparse
import base64
import sys
import threading
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import browser  # noqa: E402

from urlgrammar.cli.serve.server import Viewer  # noqa: E402
from urlgrammar.cli.serve.workers import Workers  # noqa: E402

DEFAULT = [("http:\\\\a\\b:c\\d@foo.com\\", "http://example.org/foo/bar"),
           ("file:///C|/Users/me/notes.txt", None),
           (" https://us er@example.com:443/a b/%zz?q=1 2#f\tg", None)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/screens", type=Path)
    parser.add_argument("--full", action="store_true", help="the whole page")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("cases", nargs="*", metavar="INPUT [BASE]")
    args = parser.parse_args()
    why = browser.missing()
    if why:
        print(f"error: {why}", file=sys.stderr)
        return 2
    cases = DEFAULT if not args.cases else [(args.cases[0], args.cases[1] if len(args.cases) > 1 else None)]
    args.out.mkdir(parents=True, exist_ok=True)
    workers = Workers(count=1)
    server = Viewer("127.0.0.1", 0, workers, log=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with browser.chromium(args.width, args.height) as driver:
            for n, (input, base) in enumerate(cases, 1):
                fields = {"input": input} | ({"base": base} if base else {})
                driver.get(f"{server.url}#{urlencode(fields)}")
                driver.set_script_timeout(20)
                driver.execute_async_script(browser.WAIT_FOR_VIEW)
                path = args.out / f"{n}.png"
                if args.full:
                    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True,
                                                                             "format": "png"})
                    path.write_bytes(base64.b64decode(shot["data"]))
                else:
                    driver.save_screenshot(str(path))
                print(path, repr(input))
    finally:
        server.shutdown()
        server.server_close()
        workers.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
