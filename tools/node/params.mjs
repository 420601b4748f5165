// The Node side of tools/differential_params.py: URLSearchParams and URL.searchParams of
// whatwg-url (the version tools/node/package.json pins). One JSON line in, {"cases": [...]};
// one JSON line out, {"results": [...]}, a list of results per case (the constructor's first,
// then one per operation). Every string crosses as an array of UTF-16 code units, both ways,
// so that lone surrogates survive. The Python side documents the operations.
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const require = createRequire(import.meta.url);
const { URL, URLSearchParams } = require("whatwg-url");

const THROW = { throw: true };

function text(units) {
  let out = "";
  for (const unit of units) out += String.fromCharCode(unit);
  return out;
}

function units(string) {
  const out = new Array(string.length);
  for (let i = 0; i < string.length; i++) out[i] = string.charCodeAt(i);
  return out;
}

const pairsOf = (params) => [...params].map(([name, value]) => [units(name), units(value)]);

function make(init) {
  switch (init.kind) {
    case "string":
      return { params: new URLSearchParams(text(init.value)) };
    case "pairs":
      return { params: new URLSearchParams(init.value.map(([n, v]) => [text(n), text(v)])) };
    case "record": {
      // No prototype: "__proto__" is then a key like any other.
      const record = Object.create(null);
      for (const [key, value] of init.value) record[text(key)] = text(value);
      return { params: new URLSearchParams(record) };
    }
    case "url": {
      const url = new URL(text(init.value));
      return { url, params: url.searchParams };
    }
    default:
      throw new Error(`unknown constructor ${init.kind}`);
  }
}

function mutate(params, op) {
  const [name, ...args] = op;
  const strings = args.map(text);
  switch (name) {
    case "append": params.append(strings[0], strings[1]); break;
    case "delete": if (strings.length > 1) params.delete(strings[0], strings[1]); else params.delete(strings[0]); break;
    case "set": params.set(strings[0], strings[1]); break;
    case "sort": params.sort(); break;
    default: throw new Error(`unknown change ${name}`);
  }
}

function firstValues(params) {
  const seen = new Set();
  const out = [];
  for (const name of params.keys()) {
    if (!seen.has(name)) {
      seen.add(name);
      out.push([units(name), units(params.get(name))]);
    }
  }
  return out;
}

function iterate(state, at, change) {
  const seen = [];
  let index = 0;
  for (const [name, value] of state.params) {
    if (index === at) mutate(state.params, change);
    seen.push([units(name), units(value)]);
    index++;
  }
  return state.url ? [seen, units(state.url.href)] : seen;
}

function run(state, op) {
  const params = state.params;
  const arg = (i) => text(op[i]);
  switch (op[0]) {
    case "append": case "delete": case "set": case "sort":
      mutate(params, op);
      return state.url ? units(state.url.href) : null;
    case "get": { const value = params.get(arg(1)); return value === null ? null : units(value); }
    case "getAll": return params.getAll(arg(1)).map(units);
    case "has": return op.length > 2 ? params.has(arg(1), arg(2)) : params.has(arg(1));
    case "size": return params.size;
    case "toString": return units(params.toString());
    case "entries": return pairsOf(params);
    case "keys": return [...params.keys()].map(units);
    case "values": return [...params.values()].map(units);
    case "dict": return firstValues(params);
    case "iterate": return iterate(state, op[1], op[2]);
    case "copy": state.params = new URLSearchParams(params); return pairsOf(state.params);
    case "search": state.url.search = arg(1); return [units(state.url.href), pairsOf(params)];
    case "reparse": { const again = new URL(state.url.href); return [units(again.href), pairsOf(again.searchParams)]; }
    default: throw new Error(`unknown operation ${op[0]}`);
  }
}

function runCase(c) {
  let state;
  try {
    state = make(c.init);
  } catch (e) {
    if (e instanceof TypeError) return [THROW];
    throw e;
  }
  const out = [state.url ? [units(state.url.href), pairsOf(state.params)] : pairsOf(state.params)];
  for (const op of c.ops) {
    try {
      out.push(run(state, op));
    } catch (e) {
      if (!(e instanceof TypeError)) throw e;
      out.push(THROW);
    }
  }
  return out;
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const { cases } = JSON.parse(line);
  process.stdout.write(JSON.stringify({ results: cases.map(runCase) }) + "\n");
}
