"""The table of the URL class's attributes (urlgrammar/attributes.py): the standard's IDL, in
its order, each row's getter a property of URL, and the setters that are not state overrides
(href, search_params) giving what they gave when URL ran them itself.

https://url.spec.whatwg.org/#url-class
"""

from __future__ import annotations

import re

import pytest
from conftest import shared_file
from hypothesis import given
from hypothesis import strategies as st

from urlgrammar import URL, URLError, URLSearchParams
from urlgrammar.attributes import ATTRIBUTES, GETTERS, Getters


def _idl() -> list[tuple[str, str, bool]]:
    """The attributes of the standard's ``interface URL``: name, type, readonly."""
    text = shared_file("spec/whatwg-url.bs").read_text(encoding="utf-8")
    start = text.index("interface URL {")
    body = text[start:text.index("};", start)]
    return [(name, type_, bool(readonly)) for readonly, type_, name in
            re.findall(r"(readonly )?attribute (\w+) (\w+);", body)]


def _python_name(idl_name: str) -> str:
    return re.sub(r"[A-Z]", lambda m: "_" + m.group().lower(), idl_name)


def test_the_table_is_the_idl_in_its_order() -> None:
    idl = _idl()
    assert len(idl) == 12
    assert [a.name for a in ATTRIBUTES] == [_python_name(name) for name, _, _ in idl]
    for attribute, (_, type_, readonly) in zip(ATTRIBUTES, idl, strict=True):
        assert attribute.value_type.__name__ == {"USVString": "str"}.get(type_, type_)
        # searchParams is readonly in the IDL; replace(search_params=) runs its update steps.
        assert (attribute.setter is None) is (readonly and type_ == "USVString")


def test_each_row_names_a_property_of_url_and_each_property_has_a_row() -> None:
    properties = [name for name, value in vars(Getters).items() if isinstance(value, property)]
    assert properties == [a.name for a in ATTRIBUTES]
    assert all(isinstance(getattr(URL, a.name), property) for a in ATTRIBUTES)


def test_as_dict_gives_the_string_getters_in_the_idls_order() -> None:
    url = URL("https://u:p@h:81/a?q#f")
    assert list(url.as_dict()) == list(GETTERS) == [a.name for a in ATTRIBUTES if a.name != "search_params"]
    assert url.as_dict() == {name: getattr(url, name) for name in GETTERS}


def test_what_sets_a_string_has_a_line_of_help_and_what_is_read_has_teaching_text() -> None:
    for a in ATTRIBUTES:
        assert (a.help is not None) is (a.setter is not None and a.value_type is str)
        assert (a.written is None) is (a.name in ("href", "origin", "search_params"))
        assert a.reading is None or a.written is not None


_HREFS = st.sampled_from(["http://h/", "  HTTP://U@H:80/a/../b?q#f ", "file:///C|/x", "sc:o p",
                          "blob:https://a/b", "not a url", "//x", "", "https://[::1]:8080/",
                          "\thttp://h/\n", "web+demo:/.//not-a-host/"])


@given(value=_HREFS | st.text(max_size=12))
def test_the_href_setter_gives_what_the_constructor_gives(value: str) -> None:
    try:
        expected = URL(value)
    except URLError:
        with pytest.raises(URLError):
            URL("sc:x").replace(href=value)
        return
    url = URL("sc:x").replace(href=value)
    assert (url.record, url.mode, url.href) == (expected.record, expected.mode, expected.href)
    # The parser's record, spans in the value and all: a copy keeps it.
    assert URL(url).record == url.record


@given(start=_HREFS.filter(URL.can_parse),
       pairs=st.lists(st.tuples(st.text(max_size=3), st.text(max_size=3))))
def test_the_search_params_update_keeps_what_parsing_gave(start: str, pairs: list[tuple[str, str]]) -> None:
    url = URL(start)
    changed = url.replace(search_params=URLSearchParams(pairs))
    serialized = str(URLSearchParams(pairs))
    assert changed.search == (f"?{serialized}" if serialized else "")
    assert (changed.hash, changed.pathname, changed.mode) == (url.hash, url.pathname, url.mode)
    # A query of the form's serialization reads back as it is: a copy keeps the record.
    assert URL(changed).record == changed.record
