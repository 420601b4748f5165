"""Checking the URLs of a data frame: pandas in one process, Dask on a machine or a cluster.

    from urlgrammar.frames import validate_frame
    checked = validate_frame(df, column="url")

adds four columns to a copy of ``df``, computed by :func:`urlgrammar.validate` on each value of
``column``: ``valid`` and ``failure`` (the report's verdicts), ``codes`` (the names of its
diagnostics, in the parser's order, as a list) and ``href`` (the parser's result, None on
failure). A missing value (None, NaN, ``pd.NA``) gets ``<NA>`` verdicts, no codes and no href;
a value that is not a string otherwise is a TypeError. Columns of these names are replaced.

A Dask DataFrame is checked partition by partition (``map_partitions``), lazily as Dask does
everything: where the partitions are computed (threads, processes, a ``dask.distributed``
cluster) is Dask's choice, and each worker needs urlgrammar installed. pandas and Dask are
the optional extra ``frames`` (``pip install 'urlgrammar[frames]'``).
"""

from __future__ import annotations

import math
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


def validate_frame(df: Any, column: str = "url") -> Any:
    """A copy of the pandas or Dask DataFrame ``df`` with the columns :data:`COLUMNS` added,
    which say what :func:`urlgrammar.validate` finds in each value of ``column``.

    https://url.spec.whatwg.org/#url-writing (valid), https://url.spec.whatwg.org/#validation-error (codes)
    """
    pd = _pandas()
    if isinstance(df, pd.DataFrame):
        if column not in df.columns:
            raise KeyError(f"the frame has no column {column!r}")
        return _validate_partition(df, column)
    if type(df).__module__.split(".")[0] in ("dask", "dask_expr") and hasattr(df, "map_partitions"):
        if column not in df.columns:
            raise KeyError(f"the frame has no column {column!r}")
        meta = _validate_partition(df._meta, column)
        return df.map_partitions(_validate_partition, column, meta=meta)
    raise TypeError(f"validate_frame() wants a pandas or Dask DataFrame, not {type(df).__name__}")


def _validate_partition(df: Any, column: str) -> Any:
    """One pandas frame (a Dask partition), checked row by row."""
    pd = _pandas()
    valid: list[Any] = []
    failure: list[Any] = []
    codes: list[Any] = []
    href: list[Any] = []
    for value in df[column]:
        if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
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
        out[name] = value if isinstance(value, pd.Series) else pd.Series(value, index=index)
    return out

