// whatwg-url's URL setters, for tools/differential_setters.py: one long-lived process.
//
// Standard input: one JSON array per line, each element a request
//   {"href": "...", "base": "..." (optional), "setters": [["pathname", "/x"], ...],
//    "reference": "..." (optional)}
// or, for one setter, {"href", "base"?, "setter", "value"}.
// Standard output: one JSON array per line, in the same order, each element
//   {"parsed": false}                           new URL(href, base) threw
//   {"parsed": true, "before": {getters}, "steps": [{getters} | {"threw": "message"}, ...],
//    "resolved": {getters} | {"threw": "message"}}
// where the getters are href, origin, protocol, username, password, host, hostname, port,
// pathname, search and hash after each setter, in turn, on the same URL object, and
// "resolved" (with a reference) is new URL(reference, url) after the last setter: the URL
// object as a base, which JavaScript stringifies.
//
// A value may be a number (the port setter given an int: JavaScript converts it to its
// decimal string). "searchParams" replaces the URL's URLSearchParams list with that of
// new URLSearchParams(value), through the object's own methods, so that the standard's
// update steps run on the URL (the last call sees the final list; an empty list makes the
// query null).

import { createInterface } from "node:readline";
import whatwgURL from "whatwg-url";

const { URL, URLSearchParams } = whatwgURL;
const GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash"];

function getters(url) {
  const out = {};
  for (const name of GETTERS) {
    out[name] = url[name];
  }
  return out;
}

function replaceParams(url, value) {
  const params = url.searchParams;
  const source = new URLSearchParams(value);
  for (const name of new Set(params.keys())) {
    params.delete(name);
  }
  for (const [name, v] of source) {
    params.append(name, v);
  }
  if (source.size === 0) {
    params.delete(""); // removes nothing; runs the update steps on the empty list
  }
}

function answer(request) {
  let url;
  try {
    url = request.base === undefined || request.base === null ?
      new URL(request.href) : new URL(request.href, request.base);
  } catch {
    return { parsed: false };
  }
  const before = getters(url);
  const setters = request.setters ?? [[request.setter, request.value]];
  const steps = [];
  for (const [name, value] of setters) {
    try {
      if (name === "searchParams") {
        replaceParams(url, value);
      } else {
        url[name] = value;
      }
      steps.push(getters(url));
    } catch (e) {
      steps.push({ threw: String(e) });
    }
  }
  const out = { parsed: true, before, steps };
  if (request.reference !== undefined) {
    try {
      out.resolved = getters(new URL(request.reference, url));
    } catch (e) {
      out.resolved = { threw: String(e) };
    }
  }
  return out;
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") {
    continue;
  }
  process.stdout.write(JSON.stringify(JSON.parse(line).map(answer)) + "\n");
}
