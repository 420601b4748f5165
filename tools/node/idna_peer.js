"use strict";
// whatwg-url's domain to ASCII, domain to Unicode and basic URL parser, for
// tools/differential_idna.py. Reads a JSON array of [operation, input] pairs on standard
// input and writes a JSON array with one result per pair: a string, or null for failure.
//
//   ascii   the domain parser (https://url.spec.whatwg.org/#concept-domain-to-ascii), beStrict false
//   strict  the same with beStrict true
//   unicode domain to Unicode (https://url.spec.whatwg.org/#concept-domain-to-unicode): UTS #46
//           ToUnicode with the standard's flags, and the domain itself where it records an error
//   href    the basic URL parser's serialization of the input, no base
//
// whatwg-url exports no domain parser, so its own module is required by path; domain to
// Unicode is not in whatwg-url at all, so it is tr46 (the UTS #46 of whatwg-url) with the
// flags the standard gives.

const { basicURLParse, serializeURL } = require("whatwg-url");
const { domainParser, failure } = require("whatwg-url/lib/url-miscellaneous.js");
const tr46 = require("tr46");

const TO_UNICODE = {
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  ignoreInvalidPunycode: false
};

function run(operation, input) {
  switch (operation) {
    case "ascii":
    case "strict": {
      const result = domainParser(input, null, operation === "strict");
      return result === failure ? null : result;
    }
    case "unicode": {
      const result = tr46.toUnicode(input, TO_UNICODE);
      return result.error ? input : result.domain;
    }
    case "href": {
      const url = basicURLParse(input);
      return url === null ? null : serializeURL(url);
    }
    default:
      throw new Error(`unknown operation ${operation}`);
  }
}

const chunks = [];
process.stdin.on("data", chunk => chunks.push(chunk));
process.stdin.on("end", () => {
  const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  process.stdout.write(JSON.stringify(requests.map(([operation, input]) => run(operation, input))));
});
