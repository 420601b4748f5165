"""``urlgrammar.frames.validate_frame``: pandas and Dask frames, on one process and on a cluster."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from conftest import shared_dir

import urlgrammar
from urlgrammar.frames import COLUMNS, validate_frame

URLS = ["https://example.com/", "https://u@h/a b", "x", "", "http://[::1", "https://h:99999/",
        "file:c|/x", "https://EXA%4Dple.com/", " http://a/\t", "https://a/#\u00e9\u200d"]
# No lone surrogate: pandas 3 keeps strings in Arrow, as UTF-8.


def expected(url: str) -> tuple[bool, bool, list[str], str | None]:
    report = urlgrammar.validate(url)
    return report.valid, report.failure, [d.code for d in report.diagnostics], report.href


def rows(frame: Any) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in frame[["url", *COLUMNS]].itertuples(index=False)]


def test_a_pandas_frame_gets_four_columns() -> None:
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"url": URLS, "id": range(len(URLS))}, index=range(100, 100 + len(URLS)))
    out = validate_frame(df)
    assert list(out.columns) == ["url", "id", *COLUMNS] and list(out.index) == list(df.index)
    assert list(df.columns) == ["url", "id"]  # a copy: the frame given is as it was
    assert rows(out) == [(url, *expected(url)) for url in URLS]
    assert str(out["valid"].dtype) == "boolean"


def test_missing_values_have_no_verdict() -> None:
    pd = pytest.importorskip("pandas")
    out = validate_frame(pd.DataFrame({"link": ["https://a/", None, float("nan"), pd.NA]}), column="link")
    assert out["valid"].isna().tolist() == [False, True, True, True]
    assert out["codes"].tolist() == [[], None, None, None]


def test_every_missing_value_pandas_knows_is_missing() -> None:
    # pd.NaT and NumPy's NaT were a TypeError ("holds a NaTType"), though pandas counts them
    # as missing.
    pd = pytest.importorskip("pandas")
    np = pytest.importorskip("numpy")
    missing = [None, float("nan"), np.float64("nan"), pd.NA, pd.NaT, np.datetime64("NaT"),
               np.timedelta64("NaT")]
    values = pd.Series(["https://a/", *missing, "x"], dtype=object)
    blank = [None] * len(missing)
    for series in (values, values.astype("string")):  # pandas' string dtype makes each pd.NA
        out = validate_frame(pd.DataFrame({"url": series}))
        assert out["valid"].isna().tolist() == [False, *[True] * len(missing), False]
        assert out["failure"].isna().tolist() == [False, *[True] * len(missing), False]
        assert out["codes"].tolist() == [[], *blank, ["missing-scheme-non-relative-URL"]]
        assert out["href"].tolist() == ["https://a/", *blank, None]


@pytest.mark.parametrize("name", COLUMNS)
def test_a_column_of_a_result_name_is_not_replaced(name: str) -> None:
    # The results replaced such a column: a column "href" of URLs was checked and then lost.
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({name: ["https://a/", "x"], "url": ["https://b/", "y"]})
    for column in (name, "url"):
        with pytest.raises(ValueError, match=f"has a column '{name}' already"):
            validate_frame(df, column=column)
    assert df[name].tolist() == ["https://a/", "x"]
    out = validate_frame(df, column=name, prefix="checked_")
    assert list(out.columns) == [name, "url", *(f"checked_{c}" for c in COLUMNS)]
    assert out[name].tolist() == ["https://a/", "x"]
    assert out["checked_href"].tolist() == ["https://a/", None]
    assert out["checked_valid"].tolist() == [True, False]


def test_a_dask_frame_with_a_result_name_is_refused_before_it_is_computed() -> None:
    pd = pytest.importorskip("pandas")
    dd = pytest.importorskip("dask.dataframe")
    lazy = dd.from_pandas(pd.DataFrame({"href": ["https://a/"] * 4}), npartitions=2)
    with pytest.raises(ValueError, match="has a column 'href' already"):
        validate_frame(lazy, column="href")
    out = validate_frame(lazy, column="href", prefix="u_").compute(scheduler="sync")
    assert out["href"].tolist() == ["https://a/"] * 4 and out["u_valid"].tolist() == [True] * 4


@pytest.mark.parametrize("column", ["url", "id"], ids=["the URL column twice", "another column twice"])
def test_duplicate_column_names_are_a_clear_error(column: str) -> None:
    # A length error from pandas' insides, or a frame where a series was wanted, before.
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame([["https://a/", column, "https://c/"]], columns=["url", "id", column])
    with pytest.raises(ValueError, match=f"more than one column named '{column}'"):
        validate_frame(df)


def test_what_is_not_a_frame_or_a_url_string_is_refused() -> None:
    pd = pytest.importorskip("pandas")
    with pytest.raises(TypeError, match="holds a int, not a URL string"):
        validate_frame(pd.DataFrame({"url": [1]}))
    with pytest.raises(KeyError, match="no column 'href'"):
        validate_frame(pd.DataFrame({"url": ["x"]}), column="href")
    with pytest.raises(TypeError, match="wants a pandas or Dask DataFrame, not list"):
        validate_frame(["https://a/"])


def test_without_the_extra_the_error_names_it() -> None:
    # pandas made unimportable, as where the extra is not installed.
    code = ("import sys; sys.modules['pandas'] = None\n"
            "from urlgrammar.frames import validate_frame\n"
            "try:\n    validate_frame(object())\n"
            "except ImportError as e:\n    print(e)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout == ("urlgrammar.frames needs pandas (and Dask for Dask frames): "
                           "pip install 'urlgrammar[frames]'\n")


def test_a_dask_frame_is_checked_partition_by_partition() -> None:
    pd = pytest.importorskip("pandas")
    dd = pytest.importorskip("dask.dataframe")
    df = pd.DataFrame({"url": URLS * 3})
    lazy = validate_frame(dd.from_pandas(df, npartitions=4))
    assert list(lazy.columns) == ["url", *COLUMNS]
    out = lazy.compute(scheduler="sync")
    assert [tuple(r)[1:] for r in rows(out)] == [expected(url) for url in URLS * 3]


@pytest.mark.slow
def test_on_a_local_cluster_of_two_worker_processes() -> None:
    pd = pytest.importorskip("pandas")
    dd = pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("dask.distributed")
    # Real URLs where the shared corpus is there; the project's own cases in any case.
    shared = shared_dir()
    corpus = None if shared is None else shared / "corpus" / "kasztp.txt"
    urls = corpus.read_text(encoding="utf-8").splitlines()[:20_000] if corpus and corpus.is_file() else []
    urls += URLS * 100
    df = pd.DataFrame({"url": urls})
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        out = validate_frame(dd.from_pandas(df, npartitions=8)).compute()
    assert len(out) == len(urls)
    mismatched = [row for row in rows(out) if tuple(row[1:]) != expected(row[0])]
    assert mismatched == []
