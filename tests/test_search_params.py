"""URLSearchParams and application/x-www-form-urlencoded.

https://url.spec.whatwg.org/#interface-urlsearchparams and
https://url.spec.whatwg.org/#concept-urlencoded; WPT's urlencoded-parser and
urlsearchparams-sort data.
"""

from __future__ import annotations

import copy
import importlib.util
import pickle
import re
from collections.abc import Callable

import pytest
from conftest import ROOT, shared_cases, shared_parametrize
from hypothesis import given, settings
from hypothesis import strategies as st

from urlgrammar import URL, URLSearchParams, form

_spec = importlib.util.spec_from_file_location(
    "differential_params", ROOT / "tools" / "differential_params.py")
assert _spec is not None and _spec.loader is not None
differential = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(differential)

PARSER = shared_cases("wpt/urlencoded-parser-data.json")
SORT = shared_cases("wpt/urlsearchparams-sort-data.json")


def test_the_data_has_its_cases() -> None:
    if not PARSER or not SORT:
        pytest.skip("the WPT data is not found: set URLGRAMMAR_SHARED to the shared/ directory")
    assert (len(PARSER), len(SORT)) == (35, 8)


@shared_parametrize("wpt/urlencoded-parser-data.json", "case", PARSER, ids=lambda c: repr(c["input"]))
def test_urlencoded_parser(case: dict[str, object]) -> None:
    expected = [tuple(pair) for pair in case["output"]]  # type: ignore[attr-defined]
    text = case["input"]
    assert isinstance(text, str)
    assert form.parse(text) == expected
    assert form.parse(text.encode("utf-8")) == expected
    assert list(URLSearchParams(text)) == expected
    # The URL's query is read the same way (the URL's parser percent-encodes it first).
    assert list(URL("https://h/").replace(search=text).search_params) == expected


@shared_parametrize("wpt/urlsearchparams-sort-data.json", "case", SORT, ids=lambda c: repr(c["input"]))
def test_sort(case: dict[str, object]) -> None:
    expected = [tuple(pair) for pair in case["output"]]  # type: ignore[attr-defined]
    params = URLSearchParams(case["input"])  # type: ignore[arg-type]
    params.sort()
    assert list(params) == expected
    url = URL("https://example/?" + str(case["input"]))
    sorted_params = URLSearchParams(url.search_params)
    sorted_params.sort()
    assert list(url.replace(search_params=sorted_params).search_params) == expected


# ---- the parser and the serializer ---------------------------------------------------------


def test_parse_works_on_bytes() -> None:
    # UTF-8 decode without BOM after percent-decoding: the two bytes of é, one written raw.
    assert form.parse(b"\xc3%A9=%FF") == [("é", "\ufffd")]
    assert form.parse(b"a+b=%2B") == [("a b", "+")]
    with pytest.raises(TypeError):
        form.parse(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(("pairs", "encoding", "expected"), [
    ([("a", "b c")], "utf-8", "a=b+c"),
    ([("*-._", "~!'()")], "utf-8", "*-._=%7E%21%27%28%29"),
    ([("€", "é")], "utf-8", "%E2%82%AC=%C3%A9"),
    ([("€", "é")], "windows-1252", "%80=%E9"),
    ([("中", "x")], "windows-1252", "%26%2320013%3B=x"),   # not representable: &#20013;
    ([("中", "x")], "UTF-16LE", "%E4%B8%AD=x"),           # its output encoding is UTF-8
    ([("a", "")], "utf-8", "a="),
    ([], "utf-8", ""),
])
def test_serialize(pairs: list[tuple[str, str]], encoding: str, expected: str) -> None:
    assert form.serialize(pairs, encoding=encoding) == expected


def test_serialize_refuses_bad_pairs_and_labels() -> None:
    with pytest.raises(ValueError, match="not-an-encoding"):
        form.serialize([("a", "b")], encoding="not-an-encoding")
    for bad in (["ab"], [("a",)], [("a", "b", "c")], [("a", 1)]):
        with pytest.raises(TypeError):
            form.serialize(bad)  # type: ignore[arg-type]


# ---- the class's methods --------------------------------------------------------------------


def test_constructors() -> None:
    assert list(URLSearchParams("?a=1&b")) == [("a", "1"), ("b", "")]
    assert list(URLSearchParams("??a=1")) == [("?a", "1")]  # one `?` only
    assert list(URLSearchParams({"a": "1", "b": "2"})) == [("a", "1"), ("b", "2")]
    assert list(URLSearchParams([("a", "1"), ["a", "2"]])) == [("a", "1"), ("a", "2")]
    params = URLSearchParams("x=1")
    copied = URLSearchParams(params)
    copied.append("y", "2")
    assert params == URLSearchParams("x=1") and copied != params
    assert str(URLSearchParams()) == "" and len(URLSearchParams()) == 0
    for bad in ([("a",)], [("a", "b", "c")], ["ab"], 3, b"a=b"):
        with pytest.raises(TypeError):
            URLSearchParams(bad)  # type: ignore[arg-type]


def test_methods() -> None:
    p = URLSearchParams("a=1&b=2&a=3")
    assert p.size == len(p) == 3
    assert p.get("a") == "1" and p.get("c") is None
    assert p.get_all("a") == ["1", "3"] and p.get_all("c") == []
    assert p.has("a") and p.has("a", "3") and not p.has("a", "2") and "b" in p and "c" not in p
    p.append("c", "4")
    assert str(p) == "a=1&b=2&a=3&c=4"
    p.delete("a", "3")
    assert str(p) == "a=1&b=2&c=4"
    p.set("a", "5")
    assert str(p) == "a=5&b=2&c=4"
    p.append("b", "6")
    p.set("b", "7")  # the first b takes the value, the others go
    assert str(p) == "a=5&b=7&c=4"
    p.set("d", "8")  # none: appended
    p.delete("a")
    assert p.keys() == ["b", "c", "d"] and p.values() == ["7", "4", "8"]
    assert p.items() == [("b", "7"), ("c", "4"), ("d", "8")]


def test_sort_is_stable_and_by_code_units() -> None:
    p = URLSearchParams([("ﬃ", "1"), ("🌈", "2"), ("a", "3"), ("ﬃ", "4")])
    p.sort()
    # U+1F308 is a surrogate pair, whose first code unit sorts before U+FB03.
    assert list(p) == [("a", "3"), ("🌈", "2"), ("ﬃ", "1"), ("ﬃ", "4")]


def test_lone_surrogates_become_replacement_characters() -> None:
    p = URLSearchParams([("\ud800", "\udfff")])
    assert list(p) == [("\ufffd", "\ufffd")]
    p.append("a\udc00", "b")
    assert p.get("a\ud800") == "b" and p.has("a\ufffd")
    assert str(URLSearchParams("x=\ud800")) == "x=%EF%BF%BD"


def test_arguments_that_are_not_str_are_type_errors() -> None:
    p = URLSearchParams()
    with pytest.raises(TypeError, match="name"):
        p.append(1, "x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="value"):
        p.set("x", None)  # type: ignore[arg-type]


def test_a_mapping_is_a_record_whose_keys_merge_as_scalar_value_strings() -> None:
    # Web IDL's record<USVString, USVString> (https://webidl.spec.whatwg.org/#js-record): two
    # keys that become one once their lone surrogates are U+FFFD are one entry, at the first
    # one's position, with the last one's value.
    # (Distinct keys of a dict, though ruff's F601 takes lone surrogates for one another.)
    params = URLSearchParams(dict([("\ud835x", "1"), ("xx", "2"), ("\ud83dx", "3")]))
    assert list(params) == [("\ufffdx", "3"), ("xx", "2")]
    assert list(URLSearchParams(dict([("\ufffd", "1"), ("\udc00", "2\udc00")]))) == [("\ufffd", "2\ufffd")]
    assert list(URLSearchParams({"b": "1", "a": "2"})) == [("b", "1"), ("a", "2")]


@settings(max_examples=200)
@given(record=st.dictionaries(st.text("a\ufffd\ud800\udfff", max_size=3), st.text(max_size=2), max_size=6))
def test_a_mapping_gives_distinct_names(record: dict[str, str]) -> None:
    params = URLSearchParams(record)
    names = params.keys()
    assert len(names) == len(set(names)) == len({_usv(k) for k in record})
    for key in record:
        # The last key that merges into a name gives its value.
        last = [v for k, v in record.items() if _usv(k) == _usv(key)][-1]
        assert params.get(key) == _usv(last)


# ---- iteration is live, as the standard's pair iterator is -----------------------------------
# WPT's url/urlsearchparams-foreach.any.js, on this API: the standard's iterator keeps an index
# into the live list (https://webidl.spec.whatwg.org/#es-iterable).


def test_iteration_gives_the_pairs_in_order() -> None:
    # "ForEach Check"
    params = URLSearchParams("a=1&b=2&c=3")
    assert [n for n, _ in params] == ["a", "b", "c"]
    assert [v for _, v in params] == ["1", "2", "3"]


def test_iteration_reads_a_list_replaced_under_it() -> None:
    # "For-of Check": there the URL's search setter replaces the list mid-loop. A URL does not
    # change here, so the loop's params have their pairs replaced instead.
    params = URLSearchParams(URL("http://a.b/c?a=1&b=2&c=3&d=4").search_params)
    seen = []
    for pair in params:
        for name, _ in params.items():
            params.delete(name)
        for name, value in URLSearchParams("x=1&y=2&z=3"):
            params.append(name, value)
        seen.append(pair)
    assert seen == [("a", "1"), ("y", "2"), ("z", "3")]


def test_iteration_of_no_pairs_gives_nothing() -> None:
    # "empty"
    assert list(URL("http://a.b/c").search_params) == []


def _loop(body: Callable[[URLSearchParams, tuple[str, str], list[object]], None]) -> tuple[list[object], str]:
    params = URLSearchParams(URL("http://localhost/query?param0=0&param1=1&param2=2").search_params)
    seen: list[object] = []
    for pair in params:
        body(params, pair, seen)
    return seen, str(params)


def test_iteration_sees_the_next_pair_deleted() -> None:
    # "delete next param during iteration"
    def body(params: URLSearchParams, pair: tuple[str, str], seen: list[object]) -> None:
        if pair[0] == "param0":
            params.delete("param1")
        seen.append(pair)
    assert _loop(body)[0] == [("param0", "0"), ("param2", "2")]


def test_iteration_sees_the_current_pair_deleted() -> None:
    # "delete current param during iteration": param1 moves into the slot the loop has read.
    def body(params: URLSearchParams, pair: tuple[str, str], seen: list[object]) -> None:
        if pair[0] == "param0":
            params.delete("param0")
        else:
            seen.append(pair)
    assert _loop(body)[0] == [("param2", "2")]


def test_iteration_sees_every_pair_it_deletes() -> None:
    # "delete every param seen during iteration"
    def body(params: URLSearchParams, pair: tuple[str, str], seen: list[object]) -> None:
        seen.append(pair[0])
        params.delete(pair[0])
    assert _loop(body) == (["param0", "param2"], "param1=1")


def test_iteration_sees_pairs_appended_and_sorted() -> None:
    params = URLSearchParams("b=1&a=2")
    seen = []
    for pair in params:
        if not seen:
            params.append("c", "3")
            params.sort()  # a, b, c: the loop has read index 0 and goes on at index 1
        seen.append(pair)
    assert seen == [("b", "1"), ("b", "1"), ("c", "3")]


# ---- the mapping protocol: dict(params) ------------------------------------------------------


def test_dict_gives_each_name_its_first_value() -> None:
    params = URLSearchParams("a=1&b=2&a=3&c")
    assert dict(params) == {"a": "1", "b": "2", "c": ""}
    assert params["a"] == "1" and params["c"] == ""
    params.append("\ufffd", "x")
    assert params["\ud800"] == "x"  # a USVString, as get's argument
    with pytest.raises(KeyError, match="d"):
        params["d"]
    with pytest.raises(TypeError):
        params[0]  # type: ignore[index]
    # Iteration and items() still give every pair, in order.
    assert list(params) == params.items() == [("a", "1"), ("b", "2"), ("a", "3"), ("c", ""), ("\ufffd", "x")]
    assert dict(URL("https://h/?q=1&q=2").search_params) == {"q": "1"}


@settings(max_examples=200)
@given(pairs=st.lists(st.tuples(st.text("ab\ud800", max_size=2), st.text("xy", max_size=2)), max_size=6))
def test_dict_agrees_with_get(pairs: list[tuple[str, str]]) -> None:
    params = URLSearchParams(pairs)
    as_dict = dict(params)
    assert list(as_dict) == list(dict.fromkeys(params.keys()))
    assert all(params.get(name) == value for name, value in as_dict.items())


# ---- copies, pickles ---------------------------------------------------------------------------


def test_a_copy_is_its_own_list() -> None:
    params = URLSearchParams("a=1")
    for copied in (copy.copy(params), copy.deepcopy(params)):
        copied.append("b", "2")
        assert type(copied) is URLSearchParams and copied != params
    assert params == URLSearchParams("a=1")


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_params_pickle(protocol: int) -> None:
    for params in (URLSearchParams("a=1&b=%FF&a"), URL("https://h/?a=1&a").search_params):
        again = pickle.loads(pickle.dumps(params, protocol))
        assert type(again) is type(params) and again == params


# ---- the URL's search_params and the update steps --------------------------------------------


def test_search_params_of_a_url() -> None:
    url = URL("https://example.com/?a=b ~")
    assert url.href == "https://example.com/?a=b%20~"
    params = URLSearchParams(url.search_params)
    assert list(params) == [("a", "b ~")]
    params.sort()
    assert url.href == "https://example.com/?a=b%20~"  # the URL does not change
    assert url.replace(search_params=params).href == "https://example.com/?a=b+%7E"
    assert URL("https://h/??a=b").search_params.get("?a") == "b"
    assert URL("https://h/").search_params.size == 0


MUTATIONS = [("append", ("a", "2")), ("delete", ("a",)), ("delete", ("a", "1")), ("set", ("a", "2")),
             ("sort", ()), ("__init__", ("a=2",))]


@pytest.mark.parametrize(("method", "args"), MUTATIONS, ids=[f"{m}{a}" for m, a in MUTATIONS])
def test_a_urls_search_params_are_read_only(method: str, args: tuple[str, ...]) -> None:
    url = URL("https://h/?b=1&a=1")
    params = url.search_params
    with pytest.raises(TypeError) as raised:
        getattr(params, method)(*args)
    # The error says how to change the query.
    message = str(raised.value)
    assert method in message and "read-only" in message
    assert "URLSearchParams(url.search_params)" in message and "url.replace(search_params=" in message
    assert list(params) == [("b", "1"), ("a", "1")] and url.href == "https://h/?b=1&a=1"


def test_read_only_params_read_copy_and_compare() -> None:
    url = URL("https://h/?b=1&a=1&a=2")
    params = url.search_params
    assert isinstance(params, URLSearchParams) and params == URLSearchParams("b=1&a=1&a=2")
    assert params.get("a") == "1" and params.get_all("a") == ["1", "2"] and params.has("b", "1")
    assert str(params) == "b=1&a=1&a=2" and params.size == len(params) == 3 and "a" in params
    assert dict(params) == {"b": "1", "a": "1"} and params.keys() == ["b", "a", "a"]
    assert copy.copy(params) is params and copy.deepcopy(params) is params
    mutable = URLSearchParams(params)
    assert type(mutable) is URLSearchParams
    mutable.sort()
    assert url.replace(search_params=mutable).href == "https://h/?a=1&a=2&b=1"
    assert url.replace(search_params=params).href == url.href
    assert "ReadOnly" in repr(params)


def test_the_update_steps() -> None:
    url = URL("https://h/p?a=1#f")
    assert url.replace(search_params=URLSearchParams()).href == "https://h/p#f"  # null query
    assert url.replace(search_params=URLSearchParams("b=2")).href == "https://h/p?b=2#f"
    # The spec of July 2026 strips nothing from an opaque path: the space before the query
    # was encoded when the URL was parsed.
    assert URL("data:space ?query").replace(search_params=URLSearchParams()).href == "data:space%20"
    with pytest.raises(TypeError, match="search_params"):
        url.replace(search_params="a=b")


def test_search_and_search_params_apply_in_order() -> None:
    url = URL("https://h/").replace(search_params=URLSearchParams("b=2"), search="a=1")
    assert url.search == "?b=2"


# ---- properties ------------------------------------------------------------------------------

# Any code point, surrogates included, and the ones the format gives a meaning.
_text = st.text(st.characters(exclude_categories=()), max_size=8) | st.text("=&+%20 ?#aé\ud800", max_size=8)


def _usv(text: str) -> str:
    return re.sub("[\ud800-\udfff]", "\ufffd", text)


@settings(max_examples=300)
@given(pairs=st.lists(st.tuples(_text, _text), max_size=5))
def test_the_serialization_reads_back_as_the_same_pairs(pairs: list[tuple[str, str]]) -> None:
    params = URLSearchParams(pairs)
    assert list(params) == [(_usv(n), _usv(v)) for n, v in pairs]
    again = URLSearchParams(str(params))
    assert list(again) == list(params)
    assert list(URL("https://h/").replace(search_params=params).search_params) == list(params)


@settings(max_examples=300)
@given(text=_text | st.text(max_size=40))
def test_any_str_is_read(text: str) -> None:
    params = URLSearchParams(text)
    assert str(URLSearchParams(str(params))) == str(params)
    params.append(text, text)
    params.sort()
    assert params.get_all(text)[-1] == _usv(text)
    assert params.has(_usv(text), _usv(text))


# ---- against whatwg-url, through Node (tools/differential_params.py) --------------------------


@pytest.mark.slow
def test_agree_with_whatwg_url_through_node() -> None:
    reason = differential.missing()
    if reason is not None:
        pytest.skip(reason)
    tally = differential.run(seed=20, operations=4000, size=200)
    assert tally.total >= 4000
    # The generator reaches every edge it is there for, and no result differs.
    assert set(tally.edges) == {*differential.EDGES, "records whose keys merge"}
    assert [differential.show(d) for d in tally.differences[:3]] == []


def test_the_differential_cases_are_seeded_and_cross_the_wire_whole() -> None:
    first = [differential.Generator(7).case() for _ in range(50)]
    assert first == [differential.Generator(7).case() for _ in range(50)]
    for text in ("\ud800", "a\udfffb", "🌈\ud83d", "\ud83d\ude00", ""):
        assert differential.text_of(differential.units(text)) == differential.canonical(text)
    assert differential.canonical("\ud83d" + "\ude00") == "😀"
    # A JavaScript object lists its array-index keys first, ascending.
    keys = ["b", "10", "01", "2", "4294967295", "4294967294", "a"]
    assert list(differential.js_object([(k, "") for k in keys])) == \
        ["2", "10", "4294967294", "b", "01", "4294967295", "a"]
