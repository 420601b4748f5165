"""The scheme table (model/schemes.py) against the standard's lists, and its users."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import urlgrammar
from urlgrammar import parse, parse_reference
from urlgrammar.model.schemes import (
    SCHEMES,
    Context,
    Mode,
    Origin,
    context_of,
    default_port,
    gives_blob_origin,
    has_opaque_path,
    is_file,
    is_special,
    is_special_scheme,
    is_web,
    mode_for_scheme,
    mode_of,
    origin_kind,
    schemes_in,
)


def test_the_special_schemes_are_the_standards():
    # https://url.spec.whatwg.org/#special-scheme
    special = {s for s in SCHEMES if is_special_scheme(s)}
    assert special == {"ftp", "file", "http", "https", "ws", "wss"}
    assert schemes_in(Mode.SPECIAL) == ("ftp", "http", "https", "ws", "wss")
    assert schemes_in(Mode.FILE) == ("file",)


@pytest.mark.parametrize(("scheme", "port"), [
    ("ftp", 21), ("file", None), ("http", 80), ("https", 443), ("ws", 80), ("wss", 443),
    ("blob", None), ("data", None), (None, None)])
def test_default_ports_are_the_standards(scheme, port):
    # https://url.spec.whatwg.org/#default-port
    assert default_port(scheme) == port


@pytest.mark.parametrize(("scheme", "kind"), [
    ("ftp", Origin.TUPLE), ("http", Origin.TUPLE), ("https", Origin.TUPLE), ("ws", Origin.TUPLE),
    ("wss", Origin.TUPLE), ("blob", Origin.BLOB), ("file", Origin.OPAQUE), ("data", Origin.OPAQUE),
    (None, Origin.OPAQUE)])
def test_origin_kinds(scheme, kind):
    # https://url.spec.whatwg.org/#concept-url-origin
    assert origin_kind(scheme) is kind


def test_lookups_ignore_case():
    assert is_file("FILE") and is_web("Https") and not is_web("file") and not is_file(None)
    assert default_port("WSS") == 443
    assert mode_for_scheme("Ws") is Mode.SPECIAL
    assert mode_for_scheme("data") is Mode.GENERIC
    assert mode_for_scheme(None, Mode.FILE) is Mode.FILE
    assert gives_blob_origin("HTTP") and gives_blob_origin("file") and not gives_blob_origin("ftp")


def test_records():
    assert is_special(parse_reference("HTTP://h/").record)
    assert not is_special(parse_reference("//h/").record)
    assert has_opaque_path(parse_reference("mailto:x").record)
    assert not has_opaque_path(parse_reference("mailto:/x").record)
    assert not has_opaque_path(parse_reference("FILE:x").record)
    assert not has_opaque_path(parse_reference("x").record)
    assert mode_of(parse_reference("x").record, Mode.FILE) is Mode.FILE
    assert mode_of(parse_reference("File:x").record, Mode.GENERIC) is Mode.FILE


@pytest.mark.parametrize(("url", "origin"), [
    ("blob:https://a.b:443/x", "https://a.b"),
    ("blob:http://a:81/", "http://a:81"),
    ("blob:file:///x", "null"),
    ("blob:ftp://a/", "null"),
    ("blob:blob:https://a/", "null"),
    ("blob:http://[x", "null"),
    ("HTTP://A:80/", "http://a"),
    ("wss://a:443", "wss://a"),
    ("data:x", "null"),
])
def test_url_origin(url, origin):
    assert parse(url).origin == origin


def test_url_does_not_import_the_api():
    # The blob origin calls the basic URL parser (the pipeline), not the public parse.
    tree = ast.parse(Path(urlgrammar.__file__).with_name("url.py").read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "urlgrammar.api" not in imported


# ---- Context: the parser modes, with the relative states ------------------------------------

@pytest.mark.parametrize(("input", "base", "context"), [
    ("http://h/", None, Context.SPECIAL),
    ("HTTP:h", None, Context.SPECIAL),
    ("file:x", None, Context.FILE),
    ("foo:x", None, Context.GENERIC),
    ("x", None, None),  # missing-scheme-non-relative-URL
    ("x", "mailto:a", None),  # a base with an opaque path takes only a fragment
    ("#x", "mailto:a", Context.GENERIC),
    ("x", "foo://h/", Context.GENERIC),
    ("x", "https://h/", Context.RELATIVE),
    ("//x", "wss://h/", Context.RELATIVE),
    ("x", "file:///a", Context.FILE),
    ("http:x", "http://h/", Context.RELATIVE),  # the base's scheme, without `//`
    ("HTTP:\\\\x", "http://h/", Context.RELATIVE),
    ("http://x", "http://h/", Context.SPECIAL),
    ("http:x", "https://h/", Context.SPECIAL),
    ("file:x", "file:///a", Context.FILE),
], ids=lambda v: repr(v) if isinstance(v, str) or v is None else str(v))
def test_context_of(input, base, context):
    # https://url.spec.whatwg.org/#scheme-state and #no-scheme-state: which states read it.
    base_record = None if base is None else parse(base).record
    assert context_of(parse_reference(input).record, base_record) is context


def test_a_context_reads_with_a_modes_grammar():
    assert {c.mode for c in Context} == set(Mode)
    assert Context.RELATIVE.mode is Mode.SPECIAL
    assert all(c.mode.value == c.value for c in Context if c is not Context.RELATIVE)
    # Mode, public API, keeps its three members: a relative input has no grammar of its own.
    assert [m.value for m in Mode] == ["generic", "special", "file"]


def test_the_oracles_special_schemes_are_the_tables():
    # The oracle (algorithm/) lists the special schemes on its own, as the standard does.
    from urlgrammar.algorithm.record import SPECIAL_SCHEMES
    assert {s: default_port(s) for s in SCHEMES if is_special_scheme(s)} == SPECIAL_SCHEMES
