"""Checking the URLs of a data frame: pandas in one process, Dask on a machine or a cluster.

    from urlgrammar.frames import validate_frame
    checked = validate_frame(df, column="url")

adds four columns to a copy of ``df``, computed by :func:`urlgrammar.validate` on each value of
``column``: ``valid`` and ``failure`` (the report's verdicts), ``codes`` (the names of its
diagnostics, in the parser's order, as a list) and ``href`` (the parser's result, None on
failure). A missing value (whatever pandas' ``isna`` counts as missing: None, NaN, ``pd.NA``,
``pd.NaT``, NumPy's NaT) gets ``<NA>`` verdicts, no codes and no href; a value that is not a
string otherwise is a TypeError. With ``prefix``, the columns are named ``prefix + name``.

The frame given is never changed, and no column of it is replaced: a frame that has a column
of a result column's name already (the URLs in a column ``href``, say) is a ValueError that
names it, and so is a frame with two columns of one name.

A Dask DataFrame is checked partition by partition (``map_partitions``), lazily as Dask does
everything: where the partitions are computed (threads, processes, a ``dask.distributed``
cluster) is Dask's choice, and each worker needs urlgrammar installed. pandas and Dask are
the optional extra ``frames`` (``pip install 'urlgrammar[frames]'``).
"""

from __future__ import annotations

from typing import Any

from urlgrammar.checking.validate import validate

#: The columns :func:`validate_frame` adds, in order.
COLUMNS = ("valid", "failure", "codes", "href")
_EXTRA = "urlgrammar.frames needs pandas (and Dask for Dask frames): pip install 'urlgrammar[frames]'"


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:
        raise ImportError(_EXTRA) from None
    return pandas


def validate_frame(df: Any, column: str = "url", *, prefix: str = "") -> Any:
    """A copy of the pandas or Dask DataFrame ``df`` with the columns :data:`COLUMNS` added
    (each named ``prefix + name``), which say what :func:`urlgrammar.validate` finds in each
    value of ``column``.

    https://url.spec.whatwg.org/#url-writing (valid), https://url.spec.whatwg.org/#validation-error (codes)
    """
    pd = _pandas()
    if isinstance(df, pd.DataFrame):
        _check_columns(df, column, prefix)
        return _validate_partition(df, column, prefix)
    if type(df).__module__.split(".")[0] in ("dask", "dask_expr") and hasattr(df, "map_partitions"):
        _check_columns(df, column, prefix)
        meta = _validate_partition(df._meta, column, prefix)
        return df.map_partitions(_validate_partition, column, prefix, meta=meta)
    raise TypeError(f"validate_frame() wants a pandas or Dask DataFrame, not {type(df).__name__}")


def _check_columns(df: Any, column: str, prefix: str) -> None:
    """The frame's columns can take the results: ``column`` is one of them, no name is taken
    twice, and no result column would replace one."""
    columns = df.columns  # a pandas Index, for a Dask frame too
    twice = columns[columns.duplicated()]
    if len(twice):
        # With a name twice, df[name] is a frame, not a column: for the URL column pandas failed
        # with a length error. Refused for any column, which a caller reads by name too.
        raise ValueError(f"the frame has more than one column named {twice[0]!r}; "
                         "validate_frame() needs distinct column names")
    if column not in columns:
        raise KeyError(f"the frame has no column {column!r}")
    # A clash is an error, not a renamed result column: a name that depended on the input's
    # columns would make code that reads checked["valid"] read the input's column unawares,
    # and replacing the input's column (as before) lost data, the URLs themselves when the
    # column was "href". The prefix is the way out, chosen by the caller.
    taken = [prefix + name for name in COLUMNS if prefix + name in columns]
    if taken:
        raise ValueError(f"the frame has a column {taken[0]!r} already, which validate_frame() "
                         "would replace with its result; rename it, or pass prefix= to name "
                         "the result columns apart")


def _validate_partition(df: Any, column: str, prefix: str = "") -> Any:
    """One pandas frame (a Dask partition), checked row by row."""
    pd = _pandas()
    valid: list[Any] = []
    failure: list[Any] = []
    codes: list[Any] = []
    href: list[Any] = []
    values = df[column]
    # pandas' own test of missing: None, NaN, pd.NA, pd.NaT and NumPy's NaT alike.
    for value, missing in zip(values, values.isna(), strict=True):
        if missing:
            valid.append(pd.NA)
            failure.append(pd.NA)
            codes.append(None)
            href.append(None)
            continue
        if not isinstance(value, str):
            raise TypeError(f"column {column!r} holds a {type(value).__name__}, not a URL string: {value!r}")
        report = validate(value)
        valid.append(report.valid)
        failure.append(report.failure)
        codes.append([d.code for d in report.diagnostics])
        href.append(report.href)
    index = df.index
    added = {"valid": pd.array(valid, dtype="boolean"), "failure": pd.array(failure, dtype="boolean"),
             "codes": pd.Series(codes, index=index, dtype=object),
             "href": pd.Series(href, index=index, dtype=object)}
    out = df.copy()
    for name in COLUMNS:
        value = added[name]
        out[prefix + name] = value if isinstance(value, pd.Series) else pd.Series(value, index=index)
    return out

