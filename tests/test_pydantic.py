"""urlgrammar.URL as a pydantic (v2) field type (urlgrammar/pydantic.py): what the field
accepts, its value, its errors (the standard's names and spans), its JSON and JSON schema."""

from __future__ import annotations

import subprocess
import sys
from typing import Annotated

import pytest
from conftest import ROOT
from hypothesis import given
from hypothesis import strategies as st
from strategies import canonical_urls

pydantic = pytest.importorskip("pydantic", minversion="2",
                               reason="pydantic 2 is not installed (the optional extra urlgrammar[pydantic])")

from urlgrammar import URL, URLError  # noqa: E402
from urlgrammar.pydantic import Against, validation_error  # noqa: E402


class Link(pydantic.BaseModel):
    url: URL
    optional: URL | None = None


class Relative(pydantic.BaseModel):
    ref: Annotated[URL, Against("https://example.com/docs/")]


def _errors(**fields: object) -> list[dict[str, object]]:
    with pytest.raises(pydantic.ValidationError) as raised:
        Link(**fields)  # type: ignore[arg-type]
    return raised.value.errors(include_url=False)


@pytest.mark.parametrize("text", ["HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f", "https://h/", "file:///C|/x",
                                  "mailto:a@b", " https://h\t/ "], ids=repr)
def test_a_str_is_the_url_the_api_parser_gives(text: str) -> None:
    value = Link(url=text).url
    assert type(value) is URL and value == URL(text)


def test_a_url_is_kept_as_it_is() -> None:
    url = URL("https://example.com/")
    assert Link(url=url).url is url


def test_json_is_the_href_and_python_keeps_the_url() -> None:
    link = Link(url="HTTP://EXAMPLE.com:80/a")
    assert link.model_dump() == {"url": URL("http://example.com/a"), "optional": None}
    assert link.model_dump(mode="json") == {"url": "http://example.com/a", "optional": None}
    assert link.model_dump_json() == '{"url":"http://example.com/a","optional":null}'
    assert Link.model_validate_json(link.model_dump_json()) == link


@given(st.one_of(canonical_urls(), st.text(max_size=30)))
def test_the_field_gives_what_url_gives_and_its_json_reads_back(text: str) -> None:
    try:
        expected = URL(text)
    except URLError as e:
        [error] = _errors(url=text)
        assert error["type"] == e.code
        return
    link = Link(url=text)
    assert link.url == expected
    assert Link.model_validate_json(link.model_dump_json()).url == expected


@pytest.mark.parametrize("text", ["https://h:99999/", "x", "https://[::1/", "http://a b/", "https://%zz/"],
                         ids=repr)
def test_an_error_carries_the_standards_name_and_span(text: str) -> None:
    with pytest.raises(URLError) as raised:
        URL(text)
    failing = raised.value.diagnostics[-1]
    [error] = _errors(url=text)
    assert error["type"] == failing.code
    assert error["ctx"] == {"start": failing.start, "end": failing.end, "message": str(raised.value)}
    assert error["msg"] == str(raised.value) and error["input"] == text and error["loc"] == ("url",)


def test_the_port_error() -> None:
    [error] = _errors(url="https://h:99999/")
    assert (error["type"], error["ctx"]["start"], error["ctx"]["end"]) == ("port-out-of-range", 10, 15)  # type: ignore[index]


@pytest.mark.parametrize("value", [3, b"https://h/", None, ["https://h/"]], ids=repr)
def test_another_type_is_pydantics_url_type_error(value: object) -> None:
    [error] = _errors(url=value)
    assert error["type"] == "url_type"


def test_braces_in_the_message_are_kept() -> None:
    # The message is put into pydantic's template after the span, so "{start}" in it stays.
    error = validation_error(URLError("bad {start} {end} {message}"))
    assert error.message() == "bad {start} {end} {message}"
    assert error.type == "failure" and "start" not in (error.context or {})


def test_the_json_schema_says_uri() -> None:
    schema = Link.model_json_schema()
    assert schema["properties"]["url"] == {"type": "string", "format": "uri", "title": "Url"}
    assert {"type": "string", "format": "uri"} in schema["properties"]["optional"]["anyOf"]
    assert Link.model_json_schema(mode="serialization")["properties"]["url"]["format"] == "uri"


def test_against_a_base_reads_relative_references() -> None:
    assert Relative(ref="a/../b?q").ref == URL("https://example.com/docs/b?q")
    assert Relative(ref="//other.example/").ref == URL("https://other.example/")
    assert Relative.model_json_schema()["properties"]["ref"]["format"] == "uri-reference"
    with pytest.raises(pydantic.ValidationError) as raised:
        Relative(ref="https://h:99999/")
    assert raised.value.errors()[0]["type"] == "port-out-of-range"


def test_against_a_base_that_fails_raises_when_the_model_is_defined() -> None:
    with pytest.raises(URLError, match="base"):
        class Broken(pydantic.BaseModel):
            ref: Annotated[URL, Against("not a base")]


def test_against_wants_a_url_field() -> None:
    with pytest.raises(TypeError, match="Against"):
        class Broken(pydantic.BaseModel):
            ref: Annotated[str, Against("https://example.com/")]


def test_importing_urlgrammar_does_not_import_pydantic() -> None:
    code = ("import sys, urlgrammar; urlgrammar.URL('https://h/'); urlgrammar.validate('https://h/');"
            "assert 'pydantic' not in sys.modules and 'pydantic_core' not in sys.modules, 'imported'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=120)
