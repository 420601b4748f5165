"""The live viewer in a real browser: headless Chromium, driven through Selenium.

It types an input, waits for the view and checks the coloured spans, the getters and the error
list against the API; hostile text in every field stays text; a link reproduces the view; the
page written by explain --format html runs under its own policy; advisories have their list.
Skipped, saying why, without Chromium and chromedriver (Debian: chromium, chromium-driver) or
without Selenium (the `browser` extra). tools/browser.py starts the browser.
"""

from __future__ import annotations

import importlib.util
import json
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from conftest import ROOT

from urlgrammar.cli.serve.server import Viewer
from urlgrammar.cli.serve.workers import Workers
from urlgrammar.teaching.explain import explain
from urlgrammar.teaching.facts import document, explain_json
from urlgrammar.teaching.viewer.page import standalone

spec = importlib.util.spec_from_file_location("browser", ROOT / "tools" / "browser.py")
assert spec is not None and spec.loader is not None
browser = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser)

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(browser.missing() is not None, reason=str(browser.missing()))]

#: Markup, script and quotes, in the input and the base: each must show as the text it is.
HOSTILE_INPUT = "<script>window.pwned=1</script><img src=x onerror=\"window.pwned=2\">'\"&lt;"
HOSTILE_BASE = "http://h/<svg/onload=window.pwned=3>?'\"#</textarea><b>"


@pytest.fixture(scope="module")
def server() -> Iterator[Viewer]:
    workers = Workers(count=2)
    viewer = Viewer("127.0.0.1", 0, workers, log=False)
    threading.Thread(target=viewer.serve_forever, daemon=True).start()
    try:
        yield viewer
    finally:
        viewer.shutdown()
        viewer.server_close()
        workers.close()


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with browser.chromium() as session:
        session.set_script_timeout(60)
        yield session


def _api(server: Viewer, input: str, base: str | None = None) -> Any:
    query = urlencode({"input": input} | ({"base": base} if base is not None else {}), quote_via=quote)
    with urllib.request.urlopen(f"{server.url}api/explain?{query}", timeout=60) as reply:
        return json.load(reply)


def _type(driver: Any, input: str, base: str = "") -> str:
    """Type into the fields as a person would, then wait for the view of what they hold."""
    from selenium.webdriver.common.by import By

    for name, value in (("input", input), ("base", base)):
        field = driver.find_element(By.ID, name)
        field.clear()
        if value:
            field.send_keys(value)
    driver.execute_script("document.getElementById('input').dispatchEvent(new Event('input'))")
    shown: str = driver.execute_async_script(browser.WAIT_FOR_VIEW)
    return shown


def _view(driver: Any) -> dict[str, Any]:
    """What the page shows, read from its DOM."""
    return driver.execute_script("""
        const all = (s) => Array.from(document.querySelectorAll(s));
        return {
          spans: all("#input-view span[data-kind]").map((e) => [e.dataset.kind, e.title, e.textContent,
                                                               getComputedStyle(e).backgroundColor]),
          getters: Object.fromEntries(all("#getters tr[data-getter]").map((r) =>
                     [r.dataset.getter, r.querySelector("td").textContent])),
          errors: all("#errors > li:not(.none)").map((li) => [li.querySelector(".code-name").textContent,
                                                             li.querySelector(".where").textContent.trim()]),
          advisories: all("#advisories > li").map((li) => li.querySelector(".code-name").textContent),
          advisoriesShown: !document.getElementById("advisories-block").hidden,
          href: (document.getElementById("href") || {}).textContent,
          scripts: all("script").map((s) => s.src || s.type || "inline"),
          markup: all("#view img, #view svg, #view b, #view textarea").length,
          pwned: window.pwned === undefined ? null : window.pwned,
          text: document.getElementById("view").textContent,
          treeLinks: all("#tree a.name").map((a) => a.getAttribute("href")),
          raised: all("#trace .raised-error").map((e) => [e.firstChild.textContent, e.title]),
          writing: (document.getElementById("writing") || {}).textContent,
          writingMark: (document.querySelector("#suggestion mark") || {}).title,
          phases: (document.getElementById("phases") || {}).textContent,
          rfcShown: !document.getElementById("rfc-section").hidden,
          rfcVerdict: document.getElementById("rfc-verdict").textContent,
          rfcRows: all("#rfc-components tr[data-component]").map((r) =>
                     [r.dataset.component, r.className,
                      ...Array.from(r.cells).slice(1).map((c) => c.textContent)]),
          rfcPartings: all("#rfc-partings li[data-topic]").map((li) => li.dataset.topic),
        };""")


def test_typing_an_input_shows_its_view(server: Viewer, driver: Any) -> None:
    input = "HTTPS://user@Example.com:443/a\\b/../c d?q=1#f"
    driver.get(server.url)
    assert _type(driver, input) == "shown"
    view, api = _view(driver), _api(server, input)
    # The coloured spans are the API's runs, in order, each with its own text.
    assert [(k, t) for k, t, _, _ in view["spans"]] == [
        (r["kind"], f"{r['kind']} {r['start']}..{r['end']}") for r in api["highlight"]]
    assert "".join(text for _, _, text, _ in view["spans"]) == input
    colours = {kind: colour for kind, _, _, colour in view["spans"] if kind != "separator"}
    assert len(set(colours.values())) == len(colours), colours  # one colour per kind
    assert view["getters"] == api["getters"]
    assert view["href"] == api["href"] == "https://user@example.com/a/c%20d?q=1#f"
    diagnostics = api["validation"]["diagnostics"]
    assert view["errors"] == [[d["code"], f"at {d['start']}..{d['end']}"] for d in diagnostics]
    assert [code for code, _ in view["errors"]] == ["invalid-credentials", "invalid-reverse-solidus",
                                                    "invalid-URL-unit"]
    assert view["treeLinks"][0] == "grammars.html#url.url" and not view["advisoriesShown"]


def test_the_fragment_reproduces_the_view(server: Viewer, driver: Any) -> None:
    driver.get(server.url)
    _type(driver, "a/../b?c", "file:///C:/x/y")
    link = driver.current_url
    assert "#input=" in link and "base=file" in link
    driver.get("about:blank")
    driver.get(link)
    assert driver.execute_async_script(browser.WAIT_FOR_VIEW) == "shown"
    assert _view(driver)["href"] == "file:///C:/x/b?c"


def test_hostile_text_in_every_field_stays_text(server: Viewer, driver: Any) -> None:
    driver.get(server.url)
    assert _type(driver, HOSTILE_INPUT, "http://h/") == "shown"
    view = _view(driver)
    assert view["pwned"] is None and view["markup"] == 0 and view["scripts"] == [server.url + "viewer.js"]
    assert HOSTILE_INPUT in view["text"]  # the input, drawn as text in the coloured view
    # A base that parses, full of markup: in the getters and the phases, as text.
    assert _type(driver, "x", HOSTILE_BASE) == "shown"
    view = _view(driver)
    assert view["pwned"] is None and view["markup"] == 0
    assert view["getters"]["pathname"] == "/%3Csvg/x"
    assert "kept from the base: “http://h/%3Csvg/”" in view["text"]
    # A base that does not parse: the server's message shows as text in the status line.
    shown = _type(driver, HOSTILE_INPUT, HOSTILE_INPUT)
    assert shown.startswith("error: base: not a valid URL") and _view(driver)["pwned"] is None


def _static(tmp_path: Path, driver: Any, data: dict[str, Any], text: str) -> dict[str, Any]:
    page = tmp_path / "view.html"
    page.write_text(standalone(data, text), encoding="utf-8")
    driver.get(page.as_uri())
    driver.execute_async_script("""const done = arguments[arguments.length - 1];
        const wait = () => document.getElementById("view").hidden ? setTimeout(wait, 25) : done();
        wait();""")
    return _view(driver)


def test_the_written_page_runs_under_its_own_policy(tmp_path: Path, driver: Any) -> None:
    ex = explain(HOSTILE_INPUT, "http://h/")
    view = _static(tmp_path, driver, document(ex), ex.text())
    assert view["href"] == explain_json(HOSTILE_INPUT, "http://h/")["href"] and view["pwned"] is None
    assert view["scripts"] == ["application/json", "inline"] and view["markup"] == 0
    refused = [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]
    assert refused == []


ADVISORY = {"code": "parser-disagreement", "severity": "advisory", "start": 0, "end": 22,
            "message": "urllib reads another host.", "fix": None, "detail": None,
            "component": "host", "spec": "https://url.spec.whatwg.org/#security-considerations"}


@pytest.mark.parametrize("where", ["diagnostics", "report", "explain"])
def test_advisories_have_a_list_of_their_own(where: str, tmp_path: Path, driver: Any) -> None:
    # Whatever lists them: a diagnostic whose severity is "advisory" is shown apart, with the
    # reasons explain gives (the two readings of a parser disagreement).
    ex = explain("https://u@example.org/")  # an input that has no advisory of its own
    data = document(ex)
    advisory = dict(ADVISORY, readings={"urllib.parse.urlsplit": "host 'a'", "the standard": "host 'b'"})
    if where == "diagnostics":
        data["validation"]["diagnostics"].append(advisory)
    elif where == "report":
        data["validation"]["advisories"] = [advisory]
    else:
        data["advisories"] = [advisory]
    view = _static(tmp_path, driver, data, ex.text())
    assert view["advisoriesShown"] and view["advisories"] == ["parser-disagreement"]
    assert [code for code, _ in view["errors"]] == ["invalid-credentials"]
    assert "urllib.parse.urlsplithost 'a'" in view["text"]


def test_rule_links_reach_their_diagrams(server: Viewer, driver: Any) -> None:
    pytest.importorskip("railroad", reason="the diagram page needs the diagrams extra")
    from selenium.webdriver.common.by import By

    driver.get(server.url)
    _type(driver, "http://h/p")
    link = driver.find_element(By.CSS_SELECTOR, "#tree a.name[href$='#url.auth_path']")
    link.click()
    assert driver.current_url == server.url + "grammars.html#url.auth_path"
    assert driver.execute_script("return document.getElementById('url.auth_path') !== null")


def test_one_error_shows_one_span_and_the_writing_grammar_its_own(server: Viewer, driver: Any) -> None:
    # Issue 20: the list, the trace and the writing grammar showed 0..5, 5..6 and 5..5, unlabelled.
    driver.get(server.url)
    assert _type(driver, "http:x", "http://h/a") == "shown"
    view = _view(driver)
    code = "special-scheme-missing-following-solidus"
    assert view["errors"] == [[code, "at 0..5"]]
    assert view["raised"] == [[f"{code} 0..5", "validation error 1 above"]]
    assert "writing grammar" in view["writing"] and "scheme-relative-special-URL at 5..5" in view["writing"]
    assert view["writingMark"] == "5..5"
    assert "The parser's, as urlgrammar check reports them" in view["text"]


def test_the_phases_say_what_stands_for_hidden_code_points(server: Viewer, driver: Any) -> None:
    driver.get(server.url)
    assert _type(driver, "http://h/a\u200bb") == "shown"
    phases = _view(driver)["phases"]
    assert "\ufffd is U+200B ZERO WIDTH SPACE, at 10 in the input" in phases


def test_the_rfc_panel_shows_both_readings(server: Viewer, driver: Any) -> None:
    driver.get(server.url)
    assert _type(driver, "http://0x7f.1:80/") == "shown"
    view = _view(driver)
    assert view["rfcShown"] and view["rfcVerdict"] == "a valid URI-reference"
    assert ["host", "parts", "\u201c0x7f.1\u201d", "\u201c127.0.0.1\u201d"] in view["rfcRows"]
    assert ["scheme", "", "\u201chttp\u201d", "\u201chttp\u201d"] in view["rfcRows"]
    assert view["rfcPartings"] == ["IPv4 numbers", "default port"]
