"""``urlgrammar parse --set`` and ``--params``: the URL API's setters and URLSearchParams on the
command line, with exit codes and without tracebacks."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlgrammar import URL
from urlgrammar.cli import main
from urlgrammar.cli.arguments import SETTABLE


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_set_runs_the_setters_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "http://h/a?x=1", "--set", "pathname=/x", "--set", "search=?q=1",
                       "--json")
    assert code == 0 and json.loads(out) == URL("http://h/x?q=1").as_dict()
    # In the order given, not replace()'s: the href replaces what came before it.
    code, out, _ = run(capsys, "parse", "http://h/", "--set", "search=a", "--set", "href=http://x/", "--json")
    assert json.loads(out)["href"] == "http://x/"
    code, out, _ = run(capsys, "parse", "http://h/", "--set", "href=http://x/", "--set", "search=a", "--json")
    assert json.loads(out)["href"] == "http://x/?a"


def test_set_with_an_empty_value_and_a_value_with_equals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "http://h:8/?a", "--set", "port=", "--set", "search=a=b", "--json")
    assert code == 0 and json.loads(out)["href"] == "http://h/?a=b"


def test_set_prints_the_getters_as_parse_does(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "parse", "http://h/", "--set", "hash=top")
    _, plain, _ = run(capsys, "parse", "http://h/#top")
    assert out == plain


def test_params(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "https://h/?q=a+b&lang=en&q=%C3%A9&empty=", "--params")
    assert code == 0
    assert out.splitlines() == ["q      a b", "lang   en", "q      é", 'empty  ""']
    code, out, _ = run(capsys, "parse", "https://h/?q=a+b", "--set", "search=x=1&x=2", "--params", "--json")
    assert json.loads(out) == [{"name": "x", "value": "1"}, {"name": "x", "value": "2"}]
    code, out, _ = run(capsys, "parse", "https://h/", "--params")
    assert code == 0 and out == ""
    # One long name pads no other row beyond 40 columns: output stays linear in the query.
    code, out, _ = run(capsys, "parse", f"https://h/?{'n' * 10_000}=1&a=2", "--params")
    assert out.splitlines()[1] == "a" + " " * 41 + "2"


def test_a_bad_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["parse", "http://h/", "--set", "searchParams=a"])
    assert exited.value.code == 2
    assert "NAME one of href, protocol" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["parse", "http://h/", "--set", "pathname"])


def test_the_help_of_set_gives_each_name_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["parse", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    # Which attributes --set takes: tests/test_attributes.py checks the table against the IDL.
    assert SETTABLE and all(f"{name}, {what}" in text for name, what in SETTABLE.items())


def test_a_failing_href_names_the_error_and_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "parse", "http://h/", "--set", "href=nope")
    assert code == 1 and out == ""
    assert err.startswith("error: missing-scheme-non-relative-URL at 0..4") and "--set href" in err


@settings(max_examples=150, suppress_health_check=[*settings().suppress_health_check,
                                               HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(list(SETTABLE)),
       value=st.text(st.characters(exclude_categories=()), max_size=10))
def test_any_value_exits_without_a_traceback(capsys: pytest.CaptureFixture[str], name: str,
                                             value: str) -> None:
    try:
        code = main(["parse", "https://u@h:8/p?q#f", "--set", f"{name}={value}", "--params"])
    except SystemExit as e:  # argparse: a value that is not UTF-8 is a usage error
        code = int(str(e.code))
    _, err = capsys.readouterr()
    assert code in (0, 1, 2)
    assert "Traceback" not in err
