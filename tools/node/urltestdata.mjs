// whatwg-url's new URL(input, base), for tests/data/regenerate.py: the expected values of the
// project's own parsing cases, from an implementation that shares no code with urlgrammar.
//
// Standard input: one JSON array of {"input": "...", "base": "..." | null}.
// Standard output: one JSON array, a case per request in WPT's urltestdata schema
// (https://github.com/web-platform-tests/wpt/blob/master/url/README.md): input and base, then
// every getter, or "failure": true where the constructor throws (the input, or the base, does
// not parse). Lone surrogates cross as JSON escapes both ways; the constructor takes its
// arguments as USVStrings, as the URL API does, so it reads each as U+FFFD.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(import.meta.url);
const { URL } = require("whatwg-url");

const GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash"];

function expected({ input, base }) {
  let url;
  try {
    url = base === null ? new URL(input) : new URL(input, base);
  } catch {
    return { input, base, failure: true };
  }
  const out = { input, base };
  for (const name of GETTERS) {
    out[name] = url[name];
  }
  return out;
}

const requests = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(requests.map(expected)));
