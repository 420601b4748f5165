"""A jsonschema ``FormatChecker`` whose ``uri``, ``uri-reference``, ``iri`` and
``iri-reference`` formats are RFC 3986's and RFC 3987's grammars, read by
:func:`urlgrammar.rfc3986.is_valid`.

JSON Schema (2020-12 Validation § 7.3.5, https://json-schema.org/draft/2020-12/json-schema-validation#section-7.3.5)
defines the four formats by RFC 3986's ``URI`` and ``URI-reference`` and RFC 3987's ``IRI``
and ``IRI-reference``. jsonschema checks them only with the GPL ``rfc3987`` package installed
(``rfc3986-validator`` for ``uri``); this checker needs neither. Every other format is
jsonschema's own, as its default ``FormatChecker()`` has them.

Needs the ``jsonschema`` extra (``pip install urlgrammar[jsonschema]``)::

    from jsonschema import Draft202012Validator
    from urlgrammar.jsonschema import FORMAT_CHECKER

    Draft202012Validator({"format": "uri"}, format_checker=FORMAT_CHECKER).validate("https://a/")
"""

from __future__ import annotations

from jsonschema import FormatChecker

from urlgrammar.rfc3986 import is_valid

__all__ = ["FORMATS", "FORMAT_CHECKER"]

#: Each format with the ABNF rule that defines it.
FORMATS: dict[str, str] = {
    "uri": "URI",
    "uri-reference": "URI-reference",
    "iri": "IRI",
    "iri-reference": "IRI-reference",
}


def _checker() -> FormatChecker:
    checker = FormatChecker()  # jsonschema's formats, copied for this instance
    for name, rule in FORMATS.items():
        def check(instance: object, rule: str = rule) -> bool:
            # A format says nothing about a value that is not a string (JSON Schema § 7.1).
            return not isinstance(instance, str) or is_valid(instance, rule)

        checker.checks(name)(check)
    return checker


#: jsonschema's ``FormatChecker`` with the four formats by the RFCs' grammars.
FORMAT_CHECKER: FormatChecker = _checker()
