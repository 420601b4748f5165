"""``urlgrammar check`` on files and streams: line by line, bounded lines, bad files, CSV columns."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import check_output as run

from urlgrammar.cli.check.sources import SourceError, Stream, lines


def write(tmp_path: Path, data: bytes, name: str = "urls.txt") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


# ---- line by line -----------------------------------------------------------------------------


class Reader(io.RawIOBase):
    """A stream that records how far it has been read when each line is checked."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        chunk = self.data[self.at:self.at + 7]  # a little at a time, as a pipe gives it
        buffer[:len(chunk)] = chunk
        self.at += len(chunk)
        return len(chunk)


def test_each_line_is_checked_before_the_next_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    data = b"".join(b"https://u@h/%d\n" % i for i in range(200))
    reader = Reader(data)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(reader, 16)))
    stream = Stream("-")
    read_when_checked = [reader.at for _ in lines(stream)]
    # However long the input, what has been read is at most a line and a buffer ahead.
    assert max(after - len(b"https://u@h/%d\n" % i) * (i + 1) for i, after in
               enumerate(read_when_checked)) < 40
    assert len(read_when_checked) == 200


def test_a_long_line_is_one_diagnostic_and_is_skipped(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, b"https://a/\n" + b"x" * 5000 + b"\nhttps://u@b/\n" + b"y" * 200)
    status, out, err = run(capsys, ["--file", path, "--max-line-length", "100"])
    assert status == 1 and err == ""
    assert out.splitlines()[0] == (f"{path}:2: error[line-too-long]: The line is longer than 100 bytes "
                                   "(--max-line-length); it was skipped.")
    assert out.splitlines()[1].startswith(f"{path}:3:9: error[invalid-credentials]")
    assert "4: error[line-too-long]" in out
    assert out.splitlines()[-1] == ("4 inputs: valid 1, invalid 3, failures 0, unchecked 2; "
                                    "line-too-long 2, invalid-credentials 1")


def test_a_line_of_exactly_the_limit_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = b"https://a/" + b"b" * 90
    path = write(tmp_path, url + b"\r\n" + url)
    assert run(capsys, ["--file", path, "--max-line-length", "100"])[:2] == \
        (0, "2 inputs: valid 2, invalid 0, failures 0\n")


def test_a_long_line_is_not_held_whole(tmp_path: Path) -> None:
    # readline is asked for at most the limit (plus one byte) and then for pieces.
    path = write(tmp_path, b"z" * 300_000 + b"\nhttps://a/\n")
    stream = Stream(path)
    asked: list[int] = []
    readline = stream.file.readline

    def spy(size: int = -1) -> bytes:
        asked.append(size)
        return readline(size)

    stream.file.readline = spy  # type: ignore[method-assign]
    found = list(lines(stream, 1000))
    assert [line.problem.code if line.problem else line.text for line in found] == ["line-too-long", "https://a/"]
    assert asked and 0 < max(asked) <= 1 << 16


@pytest.mark.parametrize(("data", "message"), [
    (b"https://a/\nhttps://b/\x00c\n", "is binary (a NUL byte in line 2); reading stopped"),
    (b"\xff\xfeh\x00t\x00", "is UTF-16 (it starts with a byte order mark); check reads UTF-8: "
                           "convert it first"),
    (b"\xfe\xff\x00h\x00t", "is UTF-16 (it starts with a byte order mark)"),
])
def test_binary_and_utf16_files_are_said_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            data: bytes, message: str) -> None:
    path = write(tmp_path, data)
    status, _, err = run(capsys, ["--file", path])
    assert status == 2
    assert err.startswith(f"urlgrammar check: error: {path} ") and message in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_invalid_utf8_is_reported_and_reading_goes_on(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, b"https://\xc3\xa9/\xe2\x82\n\xed\xa0\x80\nhttps://u@a/\n")
    status, out, _ = run(capsys, ["--file", path, "--format", "jsonl"])
    first, second, third = (json.loads(line) for line in out.splitlines())
    assert first["problem"] == {"code": "invalid-UTF-8",
                                "message": "The line is not valid UTF-8: byte 0xE2 at column 11."}
    assert (first["input"], first["valid"], first["line"]) == (None, False, 1)
    assert second["problem"]["message"] == "The line is not valid UTF-8: byte 0xED at column 1."
    assert third["diagnostics"][0]["code"] == "invalid-credentials" and status == 1


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_stops_with_line_too_long() -> None:
    proc = subprocess.run([sys.executable, "-m", "urlgrammar", "check", "--file", "/dev/zero"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2
    assert proc.stdout.splitlines()[0].startswith("/dev/zero:1: error[line-too-long]: The line is longer "
                                                  "than 1,048,576")
    assert proc.stderr == ("urlgrammar check: error: /dev/zero is binary (a NUL byte in line 1); "
                           "reading stopped\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_read_as_a_stream(tmp_path: Path) -> None:
    fifo = tmp_path / "urls"
    os.mkfifo(fifo)
    proc = subprocess.Popen([sys.executable, "-m", "urlgrammar", "check", "--file", str(fifo)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(fifo, "w") as writer:
        writer.write("https://u@a/\n")
        writer.flush()
        assert proc.stdout is not None
        # The first result comes while the writer still holds the FIFO open.
        assert proc.stdout.readline().startswith(f"{fifo}:1:9: error[invalid-credentials]")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1 and err == ""


def test_a_file_without_permission_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, b"https://a/\n")
    os.chmod(path, 0)
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # root may read it: be refused as others are

        def refuse(name: str, mode: str) -> None:
            raise PermissionError(13, "Permission denied", name)

        monkeypatch.setattr("urlgrammar.cli.check.sources.open", refuse, raising=False)
    status, out, err = run(capsys, ["--file", path])
    assert (status, out) == (2, "")
    assert err == f"urlgrammar check: error: cannot read {path}: Permission denied\n"


def test_a_directory_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, ["--file", str(tmp_path)])
    assert (status, out) == (2, "")
    assert err == f"urlgrammar check: error: cannot read {tmp_path}: Is a directory\n"


def test_source_errors_are_one_line() -> None:
    with pytest.raises(SourceError, match=r"^cannot read /nonexistent/x: No such file or directory$"):
        Stream("/nonexistent/x")


# ---- one column of a CSV or TSV file ------------------------------------------------------------


def test_a_csv_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, b'id,url,note\n1,https://a/,x\n2,"https://u@b/",y\n3,,z\n'
                           b'4,"https://c/ ""q""",w\n', "links.csv")
    status, out, _ = run(capsys, ["--file", path, "--column", "url", "--format", "jsonl"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["n"], r["line"], r["column"], r["input"]) for r in rows] == [
        (1, 2, 3, "https://a/"), (2, 3, 4, "https://u@b/"), (3, 5, None, 'https://c/ "q"')]
    # The location of a diagnostic is in the file: line 3, column 4 + 8.
    assert (rows[1]["diagnostics"][0]["line"], rows[1]["diagnostics"][0]["column"]) == (3, 12)
    assert status == 1


def test_a_tsv_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, b"url\ttitle\nhttps://a/ b\tA, B\n", "links.tsv")
    status, out, _ = run(capsys, ["--file", path, "--column", "url"])
    assert status == 1 and out.startswith(f"{path}:2:11: error[invalid-URL-unit]")


def test_a_missing_column_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, b"id,link\n1,https://a/\n", "links.csv")
    status, _, err = run(capsys, ["--file", path, "--column", "url"])
    assert status == 2 and err == (f"urlgrammar check: error: {path} has no column 'url' "
                                   "(its columns: 'id', 'link')\n")


def test_column_is_not_for_html(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, ["--html", "a.html", "--column", "url"])
    assert status == 2 and "--column reads CSV and TSV files" in err
