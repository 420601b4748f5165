"""Headless Chromium for the viewer's browser test and screenshots, through Selenium.

Debian's packages (``apt-get install chromium chromium-driver``) put the browser and its driver
at /usr/bin/chromium and /usr/bin/chromedriver; ``URLGRAMMAR_CHROMIUM`` and
``URLGRAMMAR_CHROMEDRIVER`` name others. The driver's path is given to Selenium, so Selenium
Manager never runs and nothing is downloaded. Selenium is the ``browser`` extra.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

EXTRA = "the browser test needs Selenium, the `browser` extra: pip install -e '.[browser]'"

#: What headless Chromium needs here: no sandbox (the tests may run as root), no GPU, and
#: nothing that reaches the network on its own (updates, sync, background fetches).
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--no-first-run", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
         "--hide-scrollbars", "--force-device-scale-factor=1")


#: A script for ``execute_async_script``: it returns once the viewer shows the view of what its
#: fields hold and has no request on its way (the status line is empty), or says what it shows
#: instead (an error in the status line).
WAIT_FOR_VIEW = """
const done = arguments[arguments.length - 1];
const $ = (id) => document.getElementById(id);
const wait = () => {
  const view = $("view"), status = $("status");
  if (status.className === "error") return done("error: " + status.textContent);
  if (!view.hidden && view.dataset.input === $("input").value && view.dataset.base === $("base").value
      && status.textContent === "") return done("shown");
  setTimeout(wait, 25);
};
wait();
"""


def paths() -> tuple[str | None, str | None]:
    """The browser and the driver, or None for each one not found."""
    browser = (os.environ.get("URLGRAMMAR_CHROMIUM") or shutil.which("chromium")
               or shutil.which("chromium-browser"))
    driver = os.environ.get("URLGRAMMAR_CHROMEDRIVER") or shutil.which("chromedriver")
    return browser, driver


def missing() -> str | None:
    """Why the browser cannot be driven here, or None when it can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return EXTRA
    browser, driver = paths()
    if browser is None or driver is None:
        return ("no Chromium and chromedriver found (Debian: apt-get install chromium chromium-driver; "
                "or set URLGRAMMAR_CHROMIUM and URLGRAMMAR_CHROMEDRIVER)")
    return None


@contextmanager
def chromium(width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A Selenium driver for headless Chromium with a window of ``width`` x ``height``, in a
    fresh profile that is removed afterwards."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = paths()
    if browser is None or driver is None:
        raise RuntimeError(missing())
    profile = tempfile.mkdtemp(prefix="urlgrammar-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    session = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    try:
        # --window-size sets the window; the page's viewport is what a person sees.
        session.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        yield session
    finally:
        session.quit()
        shutil.rmtree(profile, ignore_errors=True)
