"""urlgrammar.jsonschema.FORMAT_CHECKER: JSON Schema's uri formats by RFC 3986 and 3987."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator, ValidationError

from urlgrammar.jsonschema import FORMAT_CHECKER

CASES = [
    # format, instance, valid
    ("uri", "https://example.com/a?b#c", True),
    ("uri", "//example.com/a", False),  # a relative reference is no URI
    ("uri", "https://exa mple.com/", False),
    ("uri", "https://é.example/", False),  # non-ASCII: an IRI, not a URI
    ("uri-reference", "//example.com/a", True),
    ("uri-reference", "../a/b?c", True),
    ("uri-reference", "a:b:c", True),
    ("uri-reference", "http://[::1/", False),
    ("uri-reference", "%zz", False),
    ("iri", "https://é.example/ü", True),
    ("iri", "ü/a", False),
    ("iri-reference", "ü/a", True),
    ("iri-reference", "https://a/\ud800", False),  # a lone surrogate is no ucschar
]


@pytest.mark.parametrize(("fmt", "instance", "valid"), CASES, ids=[f"{f} {i!a}" for f, i, _ in CASES])
def test_formats_follow_the_rfc_grammars(fmt: str, instance: str, valid: bool) -> None:
    validator = Draft202012Validator({"format": fmt}, format_checker=FORMAT_CHECKER)
    assert validator.is_valid(instance) == valid
    assert FORMAT_CHECKER.conforms(instance, fmt) == valid


def test_a_non_string_is_not_judged_and_other_formats_are_kept() -> None:
    validator = Draft202012Validator({"format": "uri"}, format_checker=FORMAT_CHECKER)
    assert validator.is_valid(42)
    assert "email" in FORMAT_CHECKER.checkers and "date" in FORMAT_CHECKER.checkers
    with pytest.raises(ValidationError, match="is not a 'uri'"):
        validator.validate("not a uri")
