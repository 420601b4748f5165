"""The host parser, transcribed, with the transcribed IPv4 and IPv6 parsers.

https://url.spec.whatwg.org/#concept-host-parser. IP addresses are parsed by
:mod:`.ipv4` and :mod:`.ipv6`, written from the standard apart from the grammar pipeline's
host parser, so that the differential tests compare the two on hosts too. What the standard
takes from elsewhere is shared with the pipeline: percent-decoding, the domain parser
(https://url.spec.whatwg.org/#concept-domain-to-ascii, UTS #46) and the opaque-host parser.

Validation errors are left to the pipeline's host parser, which the machine runs for their
spans and messages (:meth:`.machine.Machine.host_parsing`); this one decides the host.
"""

from __future__ import annotations

from urlgrammar.algorithm.ipv4 import ends_in_a_number, ipv4_parser
from urlgrammar.algorithm.ipv6 import ipv6_parser
from urlgrammar.encoding.decode import percent_decode_str
from urlgrammar.errors import URLError
from urlgrammar.host.domain import parse_domain
from urlgrammar.host.parser import Domain, Host, IPv4, IPv6, parse_host


def host_parser(input: str, is_opaque: bool = False) -> Host | None:
    """https://url.spec.whatwg.org/#concept-host-parser: the host, or None for failure."""
    if input.startswith("["):
        if not input.endswith("]"):
            return None
        pieces, _ = ipv6_parser(input[1:-1])
        return None if pieces is None else IPv6(pieces)
    if is_opaque:
        try:
            return parse_host(input, False)  # the opaque-host parser
        except URLError:
            return None
    # UTF-8 decode without BOM of the percent-decoding of input; then the domain parser.
    ascii_domain = parse_domain(percent_decode_str(input)).ascii
    if ascii_domain is None:
        return None
    if ends_in_a_number(ascii_domain):
        address, _ = ipv4_parser(ascii_domain)
        return None if address is None else IPv4(address)
    return Domain(ascii_domain)
