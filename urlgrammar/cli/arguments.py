"""What the command line checks of its arguments before a command runs.

Each function is an ``argparse`` type: it returns the argument unchanged or raises
ArgumentTypeError, which argparse reports with the usage line and exit status 2. Checking here,
rather than where the value is used, makes each problem a usage error in every subcommand alike.
"""

from __future__ import annotations

from argparse import ArgumentTypeError

from urlgrammar.api import parse
from urlgrammar.attributes import ATTRIBUTES
from urlgrammar.encoding.labels import get_encoding
from urlgrammar.errors import URLError

#: What ``--set`` can set, each with its line of help: the attributes whose setter takes a
#: string, in the order of the standard's IDL.
SETTABLE = {a.name: a.help for a in ATTRIBUTES if a.help is not None}


def text(value: str) -> str:
    """An argument that is text (a URL, a base, a label), whose bytes must be UTF-8.

    Python hands the undecodable bytes of argv over as lone surrogates U+DC80 to U+DCFF
    (PEP 383). As text they would become U+FFFD or escapes, so they are refused, naming the
    first such byte and its offset in the argument's bytes. File names are bytes, not text:
    they are not checked.
    """
    bad = next((i for i, ch in enumerate(value) if "\udc80" <= ch <= "\udcff"), None)
    if bad is None:
        return value
    offset = len(value[:bad].encode("utf-8", "surrogatepass"))
    raise ArgumentTypeError(f"not valid UTF-8: byte 0x{ord(value[bad]) - 0xDC00:02X} at offset {offset}")


def encoding_label(value: str) -> str:
    """A label of the Encoding Standard (https://encoding.spec.whatwg.org/#names-and-labels)."""
    if get_encoding(text(value)) is None:
        raise ArgumentTypeError(f"{value!r} is not an encoding label of the Encoding Standard "
                                "(such as utf-8, windows-1252, shift_jis)")
    return value


def base_url(value: str) -> str:
    """A base URL: one that the WHATWG URL parser accepts on its own."""
    try:
        parse(text(value))
    except URLError as e:
        # The spans are in the base, not in the input: say so, once.
        failing = e.diagnostics[-1] if e.diagnostics else None
        why = str(e) if failing is None else \
            f"{failing.code} at {failing.start}..{failing.end} in the base: {failing.message}"
        raise ArgumentTypeError(f"not a valid URL: {why}") from None
    return value


def setter(value: str) -> tuple[str, str]:
    """``NAME=VALUE`` for a setter of the URL API (https://url.spec.whatwg.org/#urlutils-members):
    the name and the value, which may be empty."""
    name, equals, new = text(value).partition("=")
    if not equals or name not in SETTABLE:
        raise ArgumentTypeError(f"{value!r} is not NAME=VALUE with NAME one of {', '.join(SETTABLE)}")
    return name, new
