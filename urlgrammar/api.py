"""The public entry points for absolute URLs: ``parse`` and ``can_parse``."""

from __future__ import annotations

from urlgrammar.encoding.labels import get_encoding
from urlgrammar.operations.path_offsets import kept_href, kept_relative_href
from urlgrammar.operations.pipeline import parse_url
from urlgrammar.url import URL, base_record, base_url_of, href_of


def parse(input: str | URL, base: str | URL | None = None, *, encoding: str = "utf-8") -> URL:
    """Parse ``input`` against ``base`` exactly as the WHATWG basic URL parser does.

    A URL given as ``input`` or ``base`` stands for its href, as for :class:`URL`.

    ``encoding`` (a WHATWG encoding label) applies to the query of special URLs other than
    ws and wss, as a document's encoding would. Raises :class:`URLError` (a ValueError) on
    failure; its message starts with the standard's error name and its span.

    An ``encoding`` that is not a label of the Encoding Standard raises a plain ValueError
    naming it, whatever the input: it is a mistake in the call, not a problem of the input, so
    code that catches URLError to reject bad URLs does not hide it.
    """
    if type(input) is not str:  # the check alone on the hot path
        input = href_of(input, "parse()")
    if encoding != "utf-8" and get_encoding(encoding) is None:
        raise ValueError(f"{encoding!r} is not an encoding label of the Encoding Standard "
                         "(https://encoding.spec.whatwg.org/#names-and-labels)")
    base_url = None if base is None else base_url_of(base)
    if base_url is None:
        plain = kept_href(input)  # not with a base: see URL.__init__
        if plain is not None:
            return URL._plain(input, *plain)
        record, mode = parse_url(input, encoding=encoding)
    else:
        relative = None if base_url._offsets is None else \
            kept_relative_href(input, base_url._href, base_url._offsets)  # type: ignore[arg-type]
        if relative is not None:
            return URL._plain(input, *relative, base_url)
        record, mode = parse_url(input, base_record(base_url), base_url.mode, encoding)
    return URL._from_record(record, mode)


def can_parse(input: str | URL, base: str | URL | None = None) -> bool:
    """Whether :func:`parse` would succeed (https://url.spec.whatwg.org/#dom-url-canparse),
    without making the URL."""
    if not isinstance(input, str | URL):
        raise TypeError(f"can_parse() wants a str or a URL, not {type(input).__name__}")
    return URL.can_parse(input, base)
