"""The WHATWG URL Standard's algorithms, transcribed: the project's differential oracle.

This package is a literal reading of the basic URL parser's state machine
(https://url.spec.whatwg.org/#concept-basic-url-parser), the URL serializer and the URL API's
getters, meant to be read beside the standard. It is not a second public parser: the grammar
pipeline must agree with it, and tests compare the two. It shares with the rest of the project
only what the standard itself calls from elsewhere: the domain parser (UTS #46), the
opaque-host parser, percent-encoding and the encodings of the Encoding Standard; the host
parser's validation errors are the pipeline's too, but the host is decided by :mod:`.host`.

- :mod:`.record`: the URL record and the small definitions (special schemes, Windows drive
  letters, dot segments, URL code points).
- :mod:`.statemachine`: the basic URL parser's steps, which run the state machine.
- :mod:`.machine`: what the states share: pointer, c, remaining, validation errors and the
  trace, host parsing.
- :mod:`.scheme_authority` and :mod:`.file_path`: the states, one method each.
- :mod:`.api`: serializing, origins, the getters, and :func:`run`.
- :mod:`.host`, :mod:`.ipv4`, :mod:`.ipv6`: the host parser, the IPv4 parser (with the ends in
  a number checker) and the IPv6 parser.

The state override of the basic URL parser, which only the API's setters use, is left out.
"""

from urlgrammar.algorithm.api import (
    OpaqueOrigin,
    Result,
    TupleOrigin,
    URLGetters,
    origin,
    run,
    serialize,
    serialize_origin,
)
from urlgrammar.algorithm.machine import FAILURE, Raised
from urlgrammar.algorithm.record import URLRecord
from urlgrammar.algorithm.statemachine import BasicURLParser

__all__ = [
    "FAILURE",
    "BasicURLParser",
    "OpaqueOrigin",
    "Raised",
    "Result",
    "TupleOrigin",
    "URLGetters",
    "URLRecord",
    "origin",
    "run",
    "serialize",
    "serialize_origin",
]
