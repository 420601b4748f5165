"""urlgrammar: URLs as a Lark grammar plus operations on a structured URL model.

The grammars (``grammars/*.lark``) say what URL strings look like; parsing lifts a string into
an ordered record of components (URL Specification 0.10.1 by Alwin Blok), and resolution,
normalisation and printing are operations on that record. Results follow the WHATWG URL
Standard (July 2026).
"""

from urlgrammar.api import can_parse, parse
from urlgrammar.checking.validate import GrammarError, Report, validate
from urlgrammar.errors import Diagnostic, URLError
from urlgrammar.host.domain import domain_to_ascii, domain_to_unicode
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.reference import Reference, parse_reference
from urlgrammar.url import URL

__all__ = [
    "URL",
    "Authority",
    "Component",
    "Diagnostic",
    "GrammarError",
    "Kind",
    "Mode",
    "Reference",
    "Report",
    "URLError",
    "URLRecord",
    "can_parse",
    "domain_to_ascii",
    "domain_to_unicode",
    "parse",
    "parse_reference",
    "validate",
]
__version__ = "0.1.0"
