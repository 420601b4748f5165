"""``urlgrammar.URL`` as a pydantic (v2) field type, and :class:`Against`, a URL read against a base.

    from pydantic import BaseModel
    from urlgrammar import URL

    class Link(BaseModel):
        url: URL

pydantic asks ``URL.__get_pydantic_core_schema__`` for the field's schema, which is
:func:`url_schema` here; this module imports pydantic, and only pydantic's own hooks import this
module, so ``import urlgrammar`` never loads pydantic (the optional extra ``pydantic``).

The field takes a str, which the standard's API URL parser reads as ``URL(input)`` does
(https://url.spec.whatwg.org/#api-url-parser), or a URL, kept as it is; anything else is
pydantic's ``url_type`` error. Its value is the parsed URL, never a str: the href is the
standard's serialization, which need not be the input (``HTTP://h`` is ``http://h/``), and the
field does not pass the one off as the other. ``model_dump()`` keeps the URL;
``model_dump(mode="json")`` and ``model_dump_json()`` give its href, which parses again to an
equal URL. An input that fails is a validation error whose type is the name of the standard's
validation error that made the parser fail (``port-out-of-range``), with ``start`` and ``end``,
its span in the input in code points, in the error's ``ctx``, and :class:`URLError`'s message.
The field's JSON schema is ``{"type": "string", "format": "uri"}``.

The module takes the URL class from pydantic (the field's type) rather than importing it, as
``urlgrammar.url`` imports this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic_core import PydanticCustomError, PydanticKnownError, core_schema

from urlgrammar.errors import URLError

#: The JSON schema of a URL field: a string in the JSON Schema's ``uri`` format.
URL_JSON_SCHEMA = {"type": "string", "format": "uri"}
#: The JSON schema of a field :class:`Against` a base: a relative reference is valid input too.
REFERENCE_JSON_SCHEMA = {"type": "string", "format": "uri-reference"}


def url_schema(url_class: type[Any], base: Any = None) -> core_schema.CoreSchema:
    """The pydantic core schema of a ``url_class`` field (:class:`urlgrammar.URL` or a
    subclass): a str parsed as ``url_class(input, base)``, or a URL kept as it is, and the
    href in JSON."""

    def validate(value: Any) -> Any:
        if isinstance(value, url_class):
            return value
        if not isinstance(value, str):
            raise PydanticKnownError("url_type")
        try:
            return url_class(value, base)
        except URLError as e:
            raise validation_error(e) from None

    return core_schema.no_info_plain_validator_function(
        validate, serialization=core_schema.plain_serializer_function_ser_schema(str, when_used="json"))


def validation_error(error: URLError) -> PydanticCustomError:
    """The pydantic error for a URLError: its type is the standard's name of the error that
    made the parser fail (https://url.spec.whatwg.org/#validation-error), and its context holds
    that error's span (``start``, ``end``) and the URLError's ``message``."""
    context: dict[str, Any] = {}
    if error.diagnostics:
        failing = error.diagnostics[-1]
        context.update(start=failing.start, end=failing.end)
    # pydantic fills the template from the context in the context's order, so the message,
    # which may hold the input's own braces ("{start}"), is put in last and read as it is.
    context["message"] = str(error)
    return PydanticCustomError(str(error.code), "{message}", context)


@dataclass(frozen=True)
class Against:
    """Field metadata: a URL field whose input is read against ``base``, as ``URL(input,
    base)`` reads it, so that a relative reference is valid input (``Annotated[URL,
    Against("https://example.com/docs/")]`` takes ``"a/b"``). The value is the resolved URL.
    Its JSON schema's format is ``uri-reference``.

    The base is parsed once, when pydantic builds the schema (the model class is defined); a
    base that fails raises :class:`URLError` there, saying it is the base.
    """

    base: str

    def __get_pydantic_core_schema__(self, source: type[Any], handler: Any) -> core_schema.CoreSchema:
        if not (isinstance(source, type) and hasattr(source, "can_parse")):  # URL or a subclass
            raise TypeError(f"Against() is metadata for a urlgrammar.URL field, not {source!r}")
        return url_schema(source, source(self.base))

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> dict[str, str]:
        return dict(REFERENCE_JSON_SCHEMA)
