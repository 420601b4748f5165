"""urlgrammar: URLs as a Lark grammar plus operations on a structured URL model.

The grammars (``grammars/*.lark``) say what URL strings look like; parsing lifts a string into
an ordered record of components (URL Specification 0.10.1 by Alwin Blok), and resolution,
normalisation and printing are operations on that record. Results follow the WHATWG URL
Standard (July 2026).
"""

from typing import TYPE_CHECKING, Any

from urlgrammar import form
from urlgrammar.api import can_parse, parse
from urlgrammar.errors import Code, Diagnostic, URLError
from urlgrammar.host.domain import domain_to_ascii, domain_to_unicode
from urlgrammar.host.label_rules import UNICODE_VERSION
from urlgrammar.model.record import Authority, Component, Kind, URLRecord
from urlgrammar.model.schemes import Mode
from urlgrammar.query import QueryView
from urlgrammar.search_params import ReadOnlyURLSearchParams, URLSearchParams
from urlgrammar.url import URL

if TYPE_CHECKING:
    from urlgrammar.checking.validate import Report, validate
    from urlgrammar.checking.writing import GrammarError
    from urlgrammar.host.internal import is_internal
    from urlgrammar.host.public_suffix import public_suffix, registrable_domain
    from urlgrammar.reference import Reference, parse_reference
    from urlgrammar.rendering import render

# Checking, references, rendering, the internal-host check and the Public Suffix List load on
# first use (PEP 562): a process that only parses URLs, a shell's `urlgrammar` command among
# them, does not pay for importing them.
_LAZY = {"GrammarError": "urlgrammar.checking.writing", "Report": "urlgrammar.checking.validate",
         "validate": "urlgrammar.checking.validate", "Reference": "urlgrammar.reference",
         "parse_reference": "urlgrammar.reference",
         "is_internal": "urlgrammar.host.internal",
         "public_suffix": "urlgrammar.host.public_suffix",
         "registrable_domain": "urlgrammar.host.public_suffix",
         "render": "urlgrammar.rendering"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'urlgrammar' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))

__all__ = [
    "UNICODE_VERSION",
    "URL",
    "Authority",
    "Code",
    "Component",
    "Diagnostic",
    "GrammarError",
    "Kind",
    "Mode",
    "QueryView",
    "ReadOnlyURLSearchParams",
    "Reference",
    "Report",
    "URLError",
    "URLRecord",
    "URLSearchParams",
    "can_parse",
    "domain_to_ascii",
    "domain_to_unicode",
    "form",
    "is_internal",
    "parse",
    "parse_reference",
    "public_suffix",
    "registrable_domain",
    "render",
    "validate",
]
__version__ = "0.1.0"
