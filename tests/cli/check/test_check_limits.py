"""``urlgrammar check --max-errors N`` on one hostile line: validate keeps N diagnostics (and N
advisories) and counts the rest, every format says how many it left out, and ``--jobs`` workers
send the counts back."""

from __future__ import annotations

import contextlib
import json
import pickle
import re
import tracemalloc
from pathlib import Path

import pytest
from conftest import check_main as main
from conftest import check_output as run

from urlgrammar.cli.check import parallel
from urlgrammar.cli.check.formats import FORMATS

#: One component of many diagnostics each: prefix, unit, suffix.
HOSTILE = {
    "spaces and backslashes in the query": ("http://h/?", " \\", ""),
    "spaces in the fragment": ("http://h/#", "x ", ""),
    "%zz in the path": ("http://h/", "%zz", ""),
    "@ in the userinfo": ("http://", "a@", "h/"),
}


class Sink:
    """Standard output that keeps nothing: what check writes is not what is measured."""

    def __init__(self) -> None:
        self.written = 0

    def write(self, text: str) -> int:
        self.written += len(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize("format", list(FORMATS))
@pytest.mark.parametrize("shape", sorted(HOSTILE))
def test_check_holds_max_errors_diagnostics_of_a_hostile_line(shape: str, format: str,
                                                              tmp_path: Path) -> None:
    prefix, unit, suffix = HOSTILE[shape]
    line = prefix + unit * 20_000 + suffix
    path = tmp_path / "line.txt"
    path.write_text(line + "\n", encoding="utf-8")
    argv = ["--file", str(path), "--format", format]
    with contextlib.redirect_stdout(Sink()):  # what is made once per process, made before
        main(argv)
    sink = Sink()
    tracemalloc.start()
    try:
        with contextlib.redirect_stdout(sink):
            assert main(argv) == 1
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # Without the limit in validate: 250 to 500 bytes per code point, and SARIF's 21 results,
    # each quoting the input, were written as one string.
    assert sink.written > 1000
    assert peak < 32 * len(line), f"{peak:,} bytes at the peak for {len(line):,} code points"


def _numbers(out: str) -> set[int]:
    """The whole numbers in ``out``, written with thousands separators (``1,993``) or without."""
    return {int(n.replace(",", "")) for n in re.findall(r"\d{1,3}(?:,\d{3})+|\d+", out)}


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("format", list(FORMATS))
def test_every_format_says_how_many_were_left_out(format: str, jobs: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    text = "https://h/" + "a\\b " * 1000 + "z"  # 2,000 diagnostics
    status, out, _ = run(capsys, ["--format", format, "--max-errors", "7", "--jobs", jobs, text])
    assert status == 1
    # Each format says it its own way (a count in JSON, a note in text, a result in SARIF); the
    # input has no digits, and the 7 diagnostics shown are at its start.
    assert 2000 - 7 in _numbers(out)


@pytest.mark.parametrize("format", ["json", "jsonl"])
def test_the_summary_counts_what_was_left_out(format: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--format", format, "--summary", "--max-errors", "3", "https://h/" + "a " * 10 + "z",
            "https://a" + "\u00ad" * 5 + "b/"]
    _, out, _ = run(capsys, argv)
    summary = json.loads(out.splitlines()[-1] if format == "jsonl" else out)["summary"]
    assert summary["codes"] == {"invalid-URL-unit": 3} and summary["omitted"] == 7
    assert summary["advisories"]["invisible-host-code-point"] == 3 and summary["advisories_omitted"] == 2
    _, out, _ = run(capsys, ["--summary", "--max-errors", "3", "https://h/" + "a " * 10 + "z"])
    assert out.splitlines()[-1].endswith("; invalid-URL-unit 3 and 7 more")


def test_max_errors_0_keeps_them_all(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, ["--format", "jsonl", "--max-errors", "0", "https://h/" + "a " * 30 + "z"])
    report = json.loads(out)
    assert (len(report["diagnostics"]), report["omitted"]) == (30, 0)


def test_the_workers_keep_the_limit_and_send_the_counts(capsys: pytest.CaptureFixture[str]) -> None:
    # What a worker process sends back: at most the limit of each, and the counts of the rest.
    [result] = parallel._check_batch([("https://h/" + "a b" * 50, None, "utf-8")], True, 4)
    assert len(result.diagnostics) == 4 and result.omitted == 46
    assert pickle.loads(pickle.dumps(result)) == result and not result
    inputs = ["https://h/" + "a b" * n for n in (5, 50, 500)] + ["https://a" + "\u00ad" * 9 + "b/"]
    outputs = []
    for jobs in ("1", "2"):
        _, out, _ = run(capsys, ["--format", "json", "--max-errors", "4", "--jobs", jobs, *inputs])
        outputs.append(out)
    assert outputs[0] == outputs[1]
    document = json.loads(outputs[1])
    assert [i["omitted"] for i in document["inputs"]] == [1, 46, 496, 0]
    assert document["inputs"][3]["advisories_omitted"] == 5
    assert (document["summary"]["omitted"], document["summary"]["advisories_omitted"]) == (543, 5)
