"""application/x-www-form-urlencoded: the standard's parser and serializer.

https://url.spec.whatwg.org/#concept-urlencoded. What a URL's query holds when
:class:`~urlgrammar.URLSearchParams` reads it, and what an HTML form submits. It is not
:func:`urllib.parse.parse_qsl` and :func:`urllib.parse.urlencode`: the README shows where they
differ (`+`, `%` not followed by two hex digits, which of ``*-._~`` are encoded, bytes that are
not UTF-8).

    >>> from urlgrammar import form
    >>> form.parse("a=b+c&%F0%9F%8C%88&=x")
    [('a', 'b c'), ('🌈', ''), ('', 'x')]
    >>> form.serialize([("a", "b c"), ("é", "~")])
    'a=b+c&%C3%A9=%7E'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from urlgrammar.encoding.decode import percent_decode_bytes
from urlgrammar.encoding.percent import FORM_URLENCODED_SET, percent_encoder, scalar_values

__all__ = ["parse", "serialize"]


def _decode(data: bytes) -> str:
    """Replace `+` with a space, percent-decode, then UTF-8 decode without BOM (bytes that are
    not UTF-8 become U+FFFD; a byte order mark stays)."""
    return percent_decode_bytes(data.replace(b"+", b" ")).decode("utf-8", "replace")


def parse(input: str | bytes) -> list[tuple[str, str]]:
    """The name-value pairs of ``input``
    (https://url.spec.whatwg.org/#concept-urlencoded-parser, and for a str the string parser,
    https://url.spec.whatwg.org/#concept-urlencoded-string-parser, which UTF-8 encodes it
    first: a lone surrogate counts as U+FFFD). Never raises for a str or bytes."""
    if isinstance(input, str):
        data = scalar_values(input).encode("utf-8")
    elif isinstance(input, bytes | bytearray | memoryview):
        data = bytes(input)
    else:
        raise TypeError(f"form.parse() wants a str or bytes, not {type(input).__name__}")
    output = []
    for sequence in data.split(b"&"):
        if not sequence:
            continue
        name, _, value = sequence.partition(b"=")
        output.append((_decode(name), _decode(value)))
    return output


def serialize(pairs: Iterable[tuple[str, str]], encoding: str = "utf-8") -> str:
    """The pairs as an ASCII string (https://url.spec.whatwg.org/#concept-urlencoded-serializer):
    each name and value percent-encoded after encoding with ``encoding`` (a label of the
    Encoding Standard; its output encoding is used, so UTF-16 means UTF-8) and the
    application/x-www-form-urlencoded percent-encode set, a space as `+`. A code point the
    encoding cannot represent becomes a percent-encoded numeric character reference, as a
    browser's form submission does. An unknown label is a ValueError.
    """
    try:
        encode = _UTF8 if encoding == "utf-8" else percent_encoder(encoding, FORM_URLENCODED_SET)
    except LookupError:
        raise ValueError(f"{encoding!r} is not an encoding label of the Encoding Standard "
                         "(https://encoding.spec.whatwg.org/#names-and-labels)") from None
    return _serialized(map(as_pair, pairs), encode)


def serialize_scalar_pairs(pairs: Iterable[tuple[str, str]]) -> str:
    """:func:`serialize` in UTF-8 of pairs known to be two scalar value strings each, as a
    :class:`~urlgrammar.URLSearchParams` keeps them: nothing to check."""
    return _serialized(pairs, _UTF8)


#: The UTF-8 serializer's encoder, made once: most serializations use it.
_UTF8 = percent_encoder("utf-8", FORM_URLENCODED_SET)


def _serialized(pairs: Iterable[tuple[str, str]], encode: Callable[[str], str]) -> str:
    return "&".join([f"{encode(name)}={encode(value)}" for name, value in pairs])


def as_pair(pair: object) -> tuple[str, str]:
    """A name-value pair of strings, as scalar value strings; TypeError for anything else."""
    if isinstance(pair, str | bytes) or not isinstance(pair, Iterable):
        raise TypeError(f"a name-value pair must be a sequence of two str, not {type(pair).__name__}")
    items = list(pair)
    if len(items) != 2:
        raise TypeError(f"a name-value pair must have exactly two items, not {len(items)}")
    name, value = items
    if not isinstance(name, str) or not isinstance(value, str):
        raise TypeError("a name-value pair must be two str, not "
                        f"{type(name).__name__} and {type(value).__name__}")
    return scalar_values(name), scalar_values(value)
