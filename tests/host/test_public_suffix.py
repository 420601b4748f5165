"""A host's public suffix and registrable domain (https://url.spec.whatwg.org/#host-miscellaneous).

The test is the standard's own table of examples, read from ../shared/spec/whatwg-url.bs.
"""

from __future__ import annotations

import builtins
import html
import re
from typing import Any

import pytest
from conftest import shared_file

from urlgrammar import URL, URLError, parse, parse_reference, public_suffix, registrable_domain
from urlgrammar.host import public_suffix as module

pytest.importorskip("publicsuffixlist", reason="the psl extra (publicsuffixlist) is not installed")


def _table() -> list[tuple[str, str | None, str | None]]:
    """The rows of the example table ``example-host-psl``: host input, public suffix,
    registrable domain (None for null)."""
    text = shared_file("spec/whatwg-url.bs").read_text(encoding="utf-8")
    start = text.index("<div class=example id=example-host-psl>")
    table = text[start:text.index("</table>", start)]
    rows = []
    for row in table.split("<tr>")[2:]:  # the first is before the header
        cells = [c.strip() for c in re.split(r"<td>", row)[1:]]
        values = [None if c == "null" else html.unescape(re.sub(r"</?code>", "", c)) for c in cells]
        host, suffix, registrable = values
        assert host is not None
        rows.append((host, suffix, registrable))
    return rows


def test_the_standards_table() -> None:
    rows = _table()
    assert len(rows) == 12
    got = [(host, public_suffix(host), registrable_domain(host)) for host, _, _ in rows]
    assert got == rows


def test_hosts_of_urls_and_hosts_that_are_not_domains() -> None:
    url = parse("https://www.Example.co.uk./x")
    assert (public_suffix(url.hostname), registrable_domain(url.hostname)) == ("co.uk.", "example.co.uk.")
    host = url.record.authority.host.value  # type: ignore[union-attr]
    assert public_suffix(host) == "co.uk."
    assert public_suffix("127.0.0.1") is None and registrable_domain("127.0.0.1") is None
    assert public_suffix("localhost") == "localhost"  # no rule: the last label (rule "*")
    with pytest.raises(URLError):
        public_suffix("a b")


def test_the_list_version_is_the_package_version() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d{8}", module.list_version())


def test_without_the_extra_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def refuse(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("publicsuffixlist"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    module._list.cache_clear()
    monkeypatch.setattr(builtins, "__import__", refuse)
    try:
        with pytest.raises(ImportError, match=r"pip install 'urlgrammar\[psl\]'") as raised:
            public_suffix("example.com")
        assert "\n" not in str(raised.value)
    finally:
        monkeypatch.undo()
        module._list.cache_clear()


@pytest.mark.parametrize("text", ["https://www.Example.co.uk/x", "http://user@www.example.co.uk:8080/"])
def test_a_url_is_read_for_its_host(text: str) -> None:
    # Regression: a URL was taken for a host that is not a domain, and the answer was None.
    url = URL(text)
    assert (public_suffix(url), registrable_domain(url)) == ("co.uk", "example.co.uk")
    reference = parse_reference(text)
    assert (public_suffix(reference), registrable_domain(reference)) == ("co.uk", "example.co.uk")


@pytest.mark.parametrize("text", ["sc:opaque", "file:///x", "http://127.0.0.1/", "sc://example.com/"])
def test_a_url_whose_host_is_not_a_domain_has_neither(text: str) -> None:
    assert public_suffix(URL(text)) is None and registrable_domain(URL(text)) is None


def test_a_url_given_as_a_host_string_is_told_to_pass_a_url() -> None:
    with pytest.raises(URLError, match=r"starts with the scheme 'https:'.*urlgrammar\.URL"):
        registrable_domain("https://www.example.co.uk/")


@pytest.mark.parametrize("value", [b"example.com", None, 3, ["example.com"]])
def test_anything_else_is_a_type_error_not_a_quiet_none(value: object) -> None:
    with pytest.raises(TypeError, match=r"a host .* or a URL"):
        public_suffix(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        registrable_domain(value)  # type: ignore[arg-type]
