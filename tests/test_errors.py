"""One table of the standard's validation errors, and one message per error name.

Whatever raises a validation error (the grammar pipeline, resolution, the host parsers, the
transcribed state machine), its message is the table's, with at most the specifics of that
occurrence after a colon.
"""

from __future__ import annotations

import ast
import json
import pickle

import pytest
from conftest import UNSAFE_OUTPUT
from hypothesis import given, settings
from hypothesis import strategies as st

import urlgrammar
from urlgrammar.algorithm.api import run
from urlgrammar.errors import (
    SPEC,
    VALIDATION_ERRORS,
    Code,
    Diagnostic,
    URLError,
    escape,
    message,
    spec_anchor,
)

# Inputs that raise each validation error, some in more than one place or way.
INPUTS: list[tuple[str, str | None]] = [
    ("https://ex_ample.com/", None), ("https://xn--a.com/", None), ("https://ex%61mple.com/", None),
    ("foo://a b/", None), ("https://a<b/", None), ("https://127.0.0.1./", None),
    ("https://1.2.3/", None), ("https://1.2.3.4.5/", None), ("https://1.2.x.4/", None),
    ("https://0x7f.0.0.1/", None), ("https://1.2.3.256/", None), ("https://\uff11.2.3.4/", None),
    ("https://[::1/", None), ("https://[:1]/", None), ("https://[1:2:3:4:5:6:7:8:9]/", None),
    ("https://[1::2::3]/", None), ("https://[1:x]/", None), ("https://[1:2:3]/", None),
    ("https://[::01]/", None), ("https://[1:2:3:4:5:6:7:1.2.3.4]/", None),
    ("https://[::1.2.x.4]/", None), ("https://[::1.2.3.256]/", None), ("https://[::1.2.3]/", None),
    ("https://example.org/%zz", None), ("https://h/a b?c d#e\u00a0f", None), ("sc:a b", None),
    ("sc://a%zz b/", None), (" https://h/\t", None), ("file:c|/x", None),
    ("https:/example.org", None), ("https:example.org", None), ("https:x", "https://h/"),
    ("https:///x", None), ("file:x", None), ("file:x", "file:///y"),
    ("example", None), ("//x", None), ("?q", None), ("x", "mailto:a"), ("", "mailto:a"),
    ("https://example.org\\path", None), ("https:\\\\h\\a", None),
    ("https://user@example.org/", None), ("https://u:p@h@i/", None),
    ("https://#f", None), ("https://u@/", None), ("https://:1/", None), ("https:", None),
    ("https://example.org:65536/", None), ("https://example.org:7z/", None),
    ("c|/x", "file:///c:/"), ("file://c:/", None), ("file://c|/x", None),
]


def _diagnostics(text: str, base: str | None) -> list[tuple[str, Diagnostic]]:
    """Every diagnostic that the API, references and the state machine give for ``text``."""
    found = [("validate", d) for d in urlgrammar.validate(text, base).diagnostics]
    found += [("state machine", d) for d in run(text, base).errors]
    for where, attempt in (("parse", lambda: urlgrammar.parse(text, base)),
                           ("parse_reference", lambda: urlgrammar.parse_reference(text, base)),
                           ("resolve", lambda: urlgrammar.parse_reference(text).resolve(base))):
        try:
            attempt()
        except URLError as e:
            assert str(e) == str(e.diagnostics[-1]) or str(e).startswith("the base URL")
            found += [(where, d) for d in e.diagnostics]
    return found


def test_the_inputs_raise_every_validation_error() -> None:
    codes = {d.code for text, base in INPUTS for _, d in _diagnostics(text, base)}
    assert set(VALIDATION_ERRORS) <= codes


@pytest.mark.parametrize(("text", "base"), INPUTS, ids=[f"{t!r} {b!r}" for t, b in INPUTS])
def test_every_message_is_the_tables_with_at_most_specifics(text: str, base: str | None) -> None:
    for where, d in _diagnostics(text, base):
        if d.code not in VALIDATION_ERRORS:
            continue
        plain = VALIDATION_ERRORS[d.code].message
        assert d.message == plain or d.message.startswith(plain.removesuffix(".") + ": "), \
            f"{where} says {d.code}: {d.message!r}, the table {plain!r}"


def test_no_message_is_jargon() -> None:
    from urlgrammar.model.record import URLRecord
    from urlgrammar.operations.resolve import strict_resolve
    from urlgrammar.syntax.lift import parse_record

    messages = [d.message for text, base in INPUTS for _, d in _diagnostics(text, base)]
    with pytest.raises(URLError) as info:  # resolution's own operation, under the public API
        strict_resolve(parse_record("x", urlgrammar.Mode.GENERIC), URLRecord())
    assert info.value.code == "missing-scheme-non-relative-URL"
    messages.append(info.value.diagnostics[-1].message)
    for jargon in ("strict resolution", "strict-resolve", "rebase", "forcing", "pct-invalid"):
        assert not [m for m in messages if jargon in m.lower()], jargon


def test_the_table_has_a_flag_an_anchor_and_a_plain_sentence_per_name() -> None:
    for name, error in VALIDATION_ERRORS.items():
        assert isinstance(error.failure, bool)
        assert error.spec.startswith(SPEC + "#") and error.spec == spec_anchor(name)
        assert error.message[0].isupper() and error.message.endswith("."), name
    assert VALIDATION_ERRORS["domain-to-ASCII"].spec.endswith("#validation-error-domain-to-ascii")
    assert spec_anchor("grammar") == SPEC
    assert Diagnostic("port-invalid", 0, 0, "").failure and Diagnostic("grammar", 0, 0, "").failure
    assert not Diagnostic("invalid-credentials", 0, 0, "").failure


def test_a_message_carries_the_specifics_after_the_tables_words() -> None:
    assert message("port-out-of-range") == "The port is greater than 65535."
    assert message("port-out-of-range", "99999") == "The port is greater than 65535: 99999."
    with pytest.raises(KeyError):
        message("no-such-error")


# ---- The codes: one StrEnum, from the one table ------------------------------------------------

def test_the_codes_are_the_tables_keys_and_two_of_the_projects_own() -> None:
    from urlgrammar.errors import ADVISORIES, Code

    assert list(Code) == [*VALIDATION_ERRORS, *ADVISORIES, Code.FAILURE, Code.GRAMMAR,
                          Code.RFC3986_SYNTAX, Code.RFC3987_SYNTAX]
    assert all(code == code.value and isinstance(code, str) for code in Code)
    assert repr(Code.INVALID_URL_UNIT) == "'invalid-URL-unit'"


def test_the_validation_error_codes_are_the_standards_names() -> None:
    # The names the standard's tables of validation errors define (whatwg-url.bs, each a
    # <td><dfn>), the pending IPv4-non-ASCII-input aside.
    import re

    from conftest import shared_file

    source = shared_file("spec/whatwg-url.bs").read_text(encoding="utf-8")
    named = set(re.findall(r"<td><dfn(?: id=[\w-]+)?>([A-Za-z0-9-]+)</dfn>", source))
    assert set(VALIDATION_ERRORS) - {"IPv4-non-ASCII-input"} == named


def _spelled_codes(source: str) -> list[str]:
    """The string literals of ``source`` that spell a code rather than name its member
    (docstrings and dictionary keys of JSON output aside)."""
    import ast

    from urlgrammar.errors import Code

    names = {code.value for code in Code} - {"failure", "grammar"}
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and node.value in names and id(node) not in docstrings]


def test_no_module_spells_a_code_as_text() -> None:
    # Every site names a member (Code.INVALID_URL_UNIT), so that a typo is an AttributeError
    # and fails type checking; errors.py, which declares them, is the one exception.
    from pathlib import Path

    package = Path(urlgrammar.__file__).parent
    spelled = {str(path.relative_to(package)): found for path in sorted(package.rglob("*.py"))
               if path.name != "compiled.py" and path != package / "errors.py"
               and (found := _spelled_codes(path.read_text(encoding="utf-8")))}
    assert spelled == {}


def test_the_spelling_scan_finds_a_code_written_as_text() -> None:
    assert _spelled_codes('Diagnostic("port-invalid", 0, 1, "m")\nx = d.code == "script-url"\n') == \
        ["port-invalid", "script-url"]
    assert _spelled_codes('"""port-invalid"""\nDiagnostic(Code.PORT_INVALID, 0, 1, "m")\n') == []


# ---- quoting input in a message ------------------------------------------------------------------

#: Code points of each class that must not reach output raw, and some that may.
_CONTROLS = "\x00\t\n\r\x1b\x7f\x80\x85\x9b\x9f\u2028\u2029\u061c\u200e\u200f\u202a\u202e\u2066\u2069"
_PLAIN = "a/:%\\'\" é中\u200d\u00a0"


def test_escape_writes_each_control_as_python_does() -> None:
    assert escape("x\ny\x1b[31m\u202ez\x85") == "x\\ny\\x1b[31m\\u202ez\\x85"
    assert escape("https://bücher.example/a\\b") == "https://bücher.example/a\\b"  # as it is


@settings(max_examples=300)
@given(st.text(alphabet=st.one_of(st.sampled_from(_CONTROLS + _PLAIN), st.characters())))
def test_escaped_text_is_one_printable_line(text: str) -> None:
    escaped = escape(text)
    assert UNSAFE_OUTPUT.search(escaped) is None
    assert escaped.isprintable() and len(escaped.splitlines()) <= 1
    assert escape(escaped) == escaped  # escaping twice changes nothing
    if text.isprintable():
        assert escaped == text
    if "\\" not in text and "'" not in text:  # Python's escapes: a literal gives the text back
        assert ast.literal_eval(f"'{escaped}'") == text


#: Pieces of hostile input: controls raw and percent-encoded (%0A, %1B, U+202E, U+2028, NEL,
#: CSI), and what URLs are made of.
_PIECES = ["%0A", "%0D", "%1B", "%5B", "%E2%80%AE", "%E2%80%A8", "%C2%85", "%C2%9B", "%D8%9C", "%7F",
           "\x1b", "\u202e", "\u2028", "\u0085", "\u2066", "a", ".", "/", ":", "@", "?", "#", " ", "%"]


@settings(max_examples=200)
@given(st.sampled_from(["sc://", "https://", "file://", "sc:", "//"]),
       st.lists(st.sampled_from(_PIECES), max_size=12).map("".join),
       st.sampled_from([None, "https://base.example/a/"]))
def test_messages_about_hostile_input_stay_one_line(start: str, rest: str, base: str | None) -> None:
    report = urlgrammar.validate(start + rest, base)
    said = [d.message for d in (*report.diagnostics, *report.advisories)]
    said += [m for m in (report.disagreement, report.grammar_error and report.grammar_error.message) if m]
    for text in said:
        assert UNSAFE_OUTPUT.search(text) is None and text.isprintable(), text


def test_a_diagnostic_is_a_record_built_as_a_named_tuple() -> None:
    # Cheap to build (one per offending code point), with a frozen record's manners.
    d = Diagnostic(Code.INVALID_REVERSE_SOLIDUS, 3, 4, "m", "path", fix="/")
    assert tuple(d) == (Code.INVALID_REVERSE_SOLIDUS, 3, 4, "m", "path", None, "/", "error")
    assert d == Diagnostic(Code.INVALID_REVERSE_SOLIDUS, 3, 4, "m", "path", None, "/")
    assert hash(d) == hash(Diagnostic(Code.INVALID_REVERSE_SOLIDUS, 3, 4, "m", "path", None, "/"))
    assert d != tuple(d) and (d == tuple(d)) is False and d != d.with_span(3, 5)
    assert repr(d) == ("Diagnostic(code='invalid-reverse-solidus', "
                       "start=3, end=4, message='m', component='path', detail=None, fix='/', "
                       "severity='error')")
    assert pickle.loads(pickle.dumps(d)) == d
    assert json.loads(json.dumps(d.as_dict()))["fix"] == "/"
    with pytest.raises(AttributeError):
        d.fix = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        d.extra = 1  # type: ignore[attr-defined]
