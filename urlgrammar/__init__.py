"""urlgrammar: URLs as a Lark grammar plus operations on a structured URL model.

The grammars (``grammars/*.lark``) say what URL strings look like; parsing lifts a string into
an ordered record of components (URL Specification 0.10.1 by Alwin Blok), and resolution,
normalisation and printing are operations on that record. Results follow the WHATWG URL
Standard (July 2026).
"""

from .api import can_parse, parse
from .domain import domain_to_ascii, domain_to_unicode
from .errors import Diagnostic, URLError
from .grammar import Mode
from .model import Authority, Component, Kind, URLRecord
from .reference import Reference, parse_reference
from .url import URL
from .validate import GrammarError, Report, validate

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
