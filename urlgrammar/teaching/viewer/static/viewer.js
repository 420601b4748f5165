// The urlgrammar viewer: draws what `urlgrammar explain --json` gives for one input.
//
// Served by `urlgrammar serve`, it asks /api/explain as you type (debounced) and keeps the input
// and base in the page URL's fragment, so that a link reproduces the view. Written out by
// `urlgrammar explain --format html`, the same script draws the JSON embedded in the page.
//
// Everything is built with the DOM (textContent, createElement): a URL is untrusted text, and
// no string from the input or the API is ever parsed as markup.
"use strict";

(function () {
  const DEBOUNCE_MS = 200;
  const WINDOW = 40; // code points of context either side of a diagnostic's span
  const MAX_LISTED = 50; // diagnostics listed of each kind
  const SPEC = "https://url.spec.whatwg.org/";
  const KINDS = ["scheme", "username", "password", "host", "port", "drive", "path-root", "dir",
                 "file", "query", "fragment", "separator", "trimmed", "removed"];

  const $ = (id) => document.getElementById(id);

  // An element with attributes (class, href, title, ...) and children (nodes or text).
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined) continue;
      if (name === "class") node.className = value;
      else node.setAttribute(name, String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  // Code points as the reader should see them: text, with each code point that would show
  // nothing or mislead (C0 and C1 controls, DEL, format characters such as zero-width and bidi
  // controls, separators other than the space, lone surrogates) as a small labelled box.
  const C0 = ["NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF",
              "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
              "SUB", "ESC", "FS", "GS", "RS", "US"];
  const HIDDEN = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\p{Cs}]/u;

  function label(ch, spaces) {
    const code = ch.codePointAt(0);
    if (code < 0x20) return C0[code];
    if (code === 0x20) return spaces ? "SP" : null;
    if (code === 0x7f) return "DEL";
    if (HIDDEN.test(ch)) return "U+" + code.toString(16).toUpperCase().padStart(4, "0");
    return null;
  }

  // ``spaces``: show spaces as boxes too (for code points that preprocessing drops).
  function visible(text, spaces) {
    const out = document.createDocumentFragment();
    let plain = "";
    for (const ch of text) {
      const name = label(ch, spaces);
      if (name === null) { plain += ch; continue; }
      if (plain) out.append(plain);
      plain = "";
      out.append(el("span", {class: "cp", title: name}, name));
    }
    if (plain) out.append(plain);
    return out;
  }

  // The code points of a string, so that offsets count code points, as the API's do.
  const codePoints = (text) => Array.from(text);
  const slice = (points, start, end) => points.slice(start, end).join("");
  const span = (start, end) => (start === null || start === undefined ? "" : `${start}..${end}`);
  const quoted = (text, spaces) => el("span", {class: "quoted"}, "\u201c", visible(text, spaces), "\u201d");

  function specLink(href, text) {
    // Only the standard's own anchors become links.
    const safe = typeof href === "string" && href.startsWith(SPEC);
    return safe ? el("a", {href: href, rel: "noreferrer"}, text) : el("span", {}, text);
  }

  function diagramLink(anchor, text) {
    if (!anchor) return el("span", {class: "name"}, text);
    return el("a", {class: "name", href: "grammars.html#" + encodeURIComponent(anchor),
                    title: "railroad diagram of " + anchor}, text);
  }

  // ---- The input, coloured by component -------------------------------------------------------

  function drawInput(data) {
    const points = codePoints(data.input);
    const box = clear($("input-view"));
    if (points.length === 0) box.append(el("span", {class: "empty"}, "(the empty string)"));
    for (const run of data.highlight) {
      const text = slice(points, run.start, run.end);
      const shown = visible(text, run.kind === "trimmed" || run.kind === "removed");
      box.append(el("span", {class: "k-" + run.kind, "data-kind": run.kind,
                             title: `${run.kind} ${run.start}..${run.end}`}, shown));
    }
    const legend = clear($("legend"));
    const present = new Set(data.highlight.map((run) => run.kind));
    for (const kind of KINDS) {
      if (present.has(kind)) legend.append(el("span", {class: "k-" + kind}, kind));
    }
  }

  // ---- Diagnostics: errors and advisories, each with its span marked in a window of the input ----

  function context(points, d) {
    const from = Math.max(0, d.start - WINDOW);
    const to = Math.min(points.length, d.end + WINDOW);
    const line = el("span", {class: "context code"});
    if (from > 0) line.append(el("span", {class: "elided"}, "\u2026"));
    line.append(visible(slice(points, from, d.start)));
    const marked = d.end > d.start ? visible(slice(points, d.start, d.end)) : "";
    line.append(el("mark", {class: d.end > d.start ? "caret" : "caret point",
                            title: span(d.start, d.end)}, marked));
    line.append(visible(slice(points, d.end, to)));
    if (to < points.length) line.append(el("span", {class: "elided"}, "\u2026"));
    return line;
  }

  function fixText(points, d) {
    if (d.fix === null || d.fix === undefined) return null;
    const old = slice(points, d.start, d.end);
    if (d.fix === "") return el("span", {class: "fix"}, "fix: remove ", el("code", {}, quoted(old, true)));
    if (old === "") return el("span", {class: "fix"}, "fix: insert ", el("code", {}, quoted(d.fix, true)));
    return el("span", {class: "fix"}, "fix: replace ", el("code", {}, quoted(old, true)), " with ",
              el("code", {}, quoted(d.fix, true)));
  }

  function diagnostic(points, d) {
    const head = el("p", {class: "head"},
                    specLink(d.spec, el("code", {class: "code-name"}, d.code)),
                    el("span", {class: "where"}, " at " + span(d.start, d.end)),
                    d.detail ? el("span", {class: "detail"}, " (" + d.detail + ")") : null,
                    el("span", {class: "message"}, " " + d.message));
    const readings = d.readings ? el("dl", {class: "readings"}) : null;
    for (const [who, reading] of Object.entries(d.readings || {})) {
      readings.append(el("dt", {}, who), el("dd", {}, reading === null ? "(no reading)" : String(reading)));
    }
    return el("li", {class: "severity-" + (d.severity || "error")}, head,
              el("div", {class: "where-line"}, context(points, d), fixText(points, d)), readings);
  }

  // The first MAX_LISTED diagnostics, and how many more there are (the JSON has them all).
  function list(into, points, diagnostics) {
    for (const d of diagnostics.slice(0, MAX_LISTED)) into.append(diagnostic(points, d));
    const more = diagnostics.length - MAX_LISTED;
    if (more > 0) into.append(el("li", {class: "none more"}, `and ${more.toLocaleString("en")} more`));
  }

  // A diagnostic whose severity is "advisory" is an advisory, not one of the standard's errors,
  // wherever it is listed: in explain's own list (which adds the reasons, such as both readings
  // of a parser disagreement), in the report's, or among the report's diagnostics.
  const isAdvisory = (d) => d.severity === "advisory";

  function advisoriesOf(data) {
    const report = data.validation || {};
    for (const found of [data.advisories, report.advisories]) {
      if (Array.isArray(found) && found.length) return found;
    }
    return (report.diagnostics || []).filter(isAdvisory);
  }

  function drawDiagnostics(data) {
    const points = codePoints(data.input);
    const report = data.validation;
    const errors = clear($("errors"));
    const advisories = clear($("advisories"));
    const suggestion = clear($("suggestion"));
    const validity = clear($("validity"));
    if (!report) {
      validity.append("the base does not parse: nothing was validated");
      $("advisories-block").hidden = true;
      return;
    }
    validity.append(report.valid ? "a valid URL string" : "not a valid URL string",
                    report.failure ? "; the parser fails" : "");
    list(errors, points, (report.diagnostics || []).filter((d) => !isAdvisory(d)));
    if (!errors.firstChild) errors.append(el("li", {class: "none"}, "none"));
    list(advisories, points, advisoriesOf(data));
    $("advisories-block").hidden = !advisories.firstChild;
    if (report.grammar_error) {
      // The writing grammar's span is its own: where the string stops being a valid URL
      // string. The parser's errors above span what their fix replaces; the two may differ.
      const g = report.grammar_error;
      suggestion.append(el("p", {id: "writing"}, "The URL-writing grammar's first broken rule: ",
                           el("code", {}, g.rule), ` at ${span(g.start, g.end)}: ${g.message}`,
                           el("span", {class: "note"}, " (the writing grammar's span: where the string " +
                                                       "stops being a valid URL string)")),
                        el("div", {class: "where-line"}, context(points, g)));
    }
    if (report.valid) return;
    if (report.suggestion !== null && report.suggestion !== undefined) {
      suggestion.append(el("p", {}, "Suggested valid string: ",
                           el("code", {id: "suggested"}, visible(report.suggestion))));
    } else {
      suggestion.append(el("p", {}, "No suggested valid string: the fixes do not give a valid string for the same URL."));
    }
  }

  // ---- The grammar's reading: the lifted record and the parse tree ----------------------------

  function recordRows(table, components, empty) {
    clear(table);
    table.append(el("tr", {}, el("th", {}, "component"), el("th", {}, "value"), el("th", {}, "span")));
    for (const c of components) {
      table.append(el("tr", {"data-kind": c.kind},
                      el("td", {}, el("span", {class: "k-" + c.kind}, c.kind)),
                      el("td", {class: "value"}, quoted(c.value)),
                      el("td", {class: "span"}, c.start === null ? "(made)" : span(c.start, c.end))));
    }
    if (components.length === 0) table.append(el("tr", {}, el("td", {colspan: 3}, empty)));
  }

  function treeNode(node) {
    if (node.terminal !== undefined) {
      return el("li", {class: "terminal"}, diagramLink(node.diagram, node.terminal), " ",
                el("code", {}, quoted(node.text)), " ", el("span", {class: "span"}, span(node.start, node.end)));
    }
    const summary = el("summary", {}, diagramLink(node.diagram, node.rule), " ",
                       el("span", {class: "span"}, span(node.start, node.end)));
    const children = el("ul", {});
    for (const child of node.children) children.append(treeNode(child));
    return el("li", {class: "rule"}, el("details", {open: ""}, summary, children));
  }

  function drawGrammar(data) {
    $("mode").textContent = data.mode ? `${data.mode.name} mode, ${data.mode.grammar}` : "";
    recordRows($("components"), data.components, "(the empty URL)");
    const tree = clear($("tree"));
    if (data.tree) tree.append(el("ul", {}, treeNode(data.tree)));
  }

  // ---- The state machine's trace and the differences ------------------------------------------

  // The validation errors the state machine raised are the report's diagnostics (the JSON
  // gives each one's index): the same span here as in the list of validation errors.
  function raisedError(e) {
    const number = e.diagnostic === null || e.diagnostic === undefined ? null : e.diagnostic + 1;
    return el("span", {class: "raised-error", title: number === null ? "the state machine's own span"
                                                                      : `validation error ${number} above`},
              `${e.code} ${span(e.start, e.end)}`, number === null ? null : el("sup", {}, String(number)));
  }

  function drawMachine(data) {
    const table = clear($("trace"));
    table.append(el("tr", {}, el("th", {}, "state"), el("th", {}, "pointer"), el("th", {}, "read"),
                    el("th", {}, "errors raised")));
    for (const run of data.trace) {
      const read = el("td", {class: "read"}, el("code", {}, visible(run.read)),
                      run.eof ? el("span", {class: "eof"}, "EOF") : null);
      const errors = el("td", {class: "raised"});
      for (const e of run.errors) errors.append(raisedError(e));
      table.append(el("tr", {}, el("td", {class: "state"}, run.state), el("td", {}, String(run.pointer)),
                      read, errors));
    }
    const versus = data.grammar_versus_algorithm;
    const list = clear($("differences"));
    for (const d of versus.differences) list.append(el("li", {}, d));
    if (!versus.differences.length) list.append(el("li", {}, "none: the grammar's reading is the result"));
    if (versus.rfc3986_strict !== null) {
      list.append(el("li", {}, "RFC 3986 strict resolution gives ", el("code", {}, visible(versus.rfc3986_strict)),
                     versus.rfc3986_strict === data.href ? " (the same)" : ""));
    }
  }

  // ---- RFC 3986's reading beside the standard's ----------------------------------------------

  function drawRFC(data) {
    const rfc = data.rfc3986;
    $("rfc-section").hidden = !rfc;
    if (!rfc) return;
    $("rfc-verdict").textContent = rfc.verdict;
    const resolution = clear($("rfc-resolution"));
    if (rfc.resolved !== null && data.base !== null) {
      resolution.append("Resolved against the base (\u00a7 5.2, strict): ", el("code", {}, visible(rfc.resolved)));
    }
    if (rfc.normalised !== null) {
      resolution.append(resolution.firstChild ? "; " : "", "normalised (\u00a7 6.2.2): ",
                        el("code", {}, visible(rfc.normalised)));
    }
    const table = clear($("rfc-components"));
    table.append(el("tr", {}, el("th", {}, "component"), el("th", {}, "RFC 3986"), el("th", {}, "the standard")));
    const shown = (value) => (value === null ? el("span", {class: "none"}, "(none)") : quoted(value));
    for (const c of rfc.components) {
      table.append(el("tr", {"data-component": c.component, class: c.rfc3986 === c.standard ? null : "parts"},
                      el("td", {}, c.component), el("td", {class: "value"}, shown(c.rfc3986)),
                      el("td", {class: "value"}, data.href === null ? "(fails)" : shown(c.standard))));
    }
    const partings = clear($("rfc-partings"));
    for (const p of rfc.partings) partings.append(el("li", {"data-topic": p.topic}, el("strong", {}, p.topic), ": " + p.reason));
    if (!rfc.partings.length) partings.append(el("li", {}, "nowhere: both read the same components"));
  }

  // ---- The result -----------------------------------------------------------------------------

  function drawResult(data) {
    const summary = clear($("summary"));
    if (data.href !== null) {
      summary.append(el("p", {class: "href"}, "href ", el("code", {id: "href"}, visible(data.href))));
    } else {
      summary.append(el("p", {class: "failure"}, "failure: ", el("span", {id: "failure"}, data.failure)));
    }
    const getters = clear($("getters"));
    if (data.getters) {
      for (const [name, value] of Object.entries(data.getters)) {
        getters.append(el("tr", {"data-getter": name}, el("th", {}, name),
                          el("td", {}, el("code", {}, visible(value)))));
      }
    } else {
      getters.append(el("tr", {}, el("td", {}, "none: the parser fails")));
    }
    recordRows($("result"), data.result || [], data.result ? "(the empty URL)" : "none: the parser fails");
    const phases = clear($("phases"));
    const shown = data.shown || {stand_ins: [], more: 0};
    if (shown.stand_ins.length) {
      // The phases' text shows each code point as one character; these stand for the ones
      // that cannot be shown.
      const legend = el("ul", {id: "stand-ins"});
      for (const s of shown.stand_ins) {
        const where = s.at.length ? `at ${s.at.join(", ")}${s.more ? ` and ${s.more} more` : ""} in the input`
                                  : "not in the input as typed";
        legend.append(el("li", {}, el("code", {}, s.as), ` is ${s.code_point}, ${where}`));
      }
      if (shown.more) legend.append(el("li", {}, `and ${shown.more} more code points that cannot be shown`));
      phases.append(el("p", {}, "Text is shown as typed, one character per code point; these stand for " +
                                "code points that cannot be shown:"), legend);
    }
    for (const phase of data.phases) {
      phases.append(el("details", {}, el("summary", {}, phase.phase), el("pre", {}, phase.lines.join("\n"))));
    }
  }

  function draw(data) {
    drawInput(data);
    drawDiagnostics(data);
    drawGrammar(data);
    drawMachine(data);
    drawResult(data);
    drawRFC(data);
    // What the view shows, for whoever waits for it (the browser test).
    $("view").dataset.input = data.input;
    $("view").dataset.base = data.base === null ? "" : data.base;
    $("view").hidden = false;
  }

  function say(message, isError) {
    const status = $("status");
    status.textContent = message;
    status.className = isError ? "error" : "";
  }

  // ---- Live: the fragment, the API, debouncing ------------------------------------------------

  let timer = null;
  let latest = 0;

  function fields() {
    const params = new URLSearchParams();
    params.set("input", $("input").value);
    if ($("base").value !== "") params.set("base", $("base").value);
    return params;
  }

  async function update() {
    const params = fields();
    history.replaceState(null, "", "#" + params.toString());
    const ticket = ++latest;
    say("explaining\u2026", false);
    let reply;
    let data;
    try {
      reply = await fetch("api/explain?" + params.toString(), {headers: {Accept: "application/json"}});
      data = await reply.json();
    } catch (error) {
      if (ticket === latest) say("the server did not answer: " + error.message, true);
      return;
    }
    if (ticket !== latest) return; // a later request is on its way
    if (!reply.ok) {
      say(data && data.error ? data.error : `the server answered ${reply.status}`, true);
      return;
    }
    say("", false);
    draw(data);
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(update, DEBOUNCE_MS);
  }

  function fromFragment() {
    const params = new URLSearchParams(location.hash.slice(1));
    $("input").value = params.get("input") || "";
    $("base").value = params.get("base") || "";
  }

  function start() {
    const embedded = $("explain-data");
    if (embedded) { // a page written by `urlgrammar explain --format html`
      const data = JSON.parse(embedded.textContent);
      $("input").value = data.input;
      $("base").value = data.base === null ? "" : data.base;
      $("input").readOnly = $("base").readOnly = true;
      say("A static view written by urlgrammar explain --format html; urlgrammar serve shows any input live.", false);
      draw(data);
      return;
    }
    fromFragment();
    $("fields").addEventListener("submit", (event) => { event.preventDefault(); update(); });
    $("input").addEventListener("input", schedule);
    $("base").addEventListener("input", schedule);
    window.addEventListener("hashchange", () => {
      const before = fields().toString();
      fromFragment();
      if (fields().toString() !== before) update();
    });
    if ($("input").value !== "") update(); else $("input").focus();
  }

  start();
})();
