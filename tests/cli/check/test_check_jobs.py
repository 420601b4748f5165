"""``urlgrammar check --jobs N``: worker processes, the same output byte for byte, in order."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ANSWERS_CTRL_C
from conftest import check_main as main

from urlgrammar.cli.check.formats import FORMATS

PIECES = ["https://example.com/", "http://u:p@h/", "a b", "\\", "%zz", "https://[::1", "file:c|/x",
          "https://xn--a.com/", "https://h:99999/", "?q#f", "https://例え.jp/", "\t", "http://1.2.3.09/",
          "//аpple.example/", "http://localhost/", "\u200b"]




def urls_file(tmp_path: Path, count: int) -> Path:
    rng = random.Random(13)
    lines = ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 4))) for _ in range(count)]
    lines[count // 2] = "\udcff"  # written as the byte 0xFF: not UTF-8
    path = tmp_path / "urls.txt"
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogateescape") + b"\n" + b"x" * 300 + b"\n")
    return path


@pytest.mark.parametrize("format", list(FORMATS))
def test_jobs_2_writes_what_jobs_1_writes(format: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = urls_file(tmp_path, 3000)
    argv = ["--file", str(path), "--format", format, "--max-line-length", "200", "--base", "https://b/c"]
    status = main([*argv, "--jobs", "1"])
    one = capsys.readouterr()
    assert main([*argv, "--jobs", "2"]) == status == 1
    two = capsys.readouterr()
    assert (two.out, two.err) == (one.out, one.err)
    assert len(one.out) > 10_000


def test_jobs_with_several_html_documents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = []
    for i in range(3):
        path = tmp_path / f"{i}.html"
        path.write_text("".join(f'<a href="{p}">\n' for p in PIECES) * (i + 1), encoding="utf-8")
        names.append(str(path))
    main(["--html", *names])
    one = capsys.readouterr().out
    main(["--html", *names, "--jobs", "2"])
    assert capsys.readouterr().out == one and one.count("\n") > 100


def test_a_bad_number_of_jobs_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--jobs", "-1", "https://a/"])
    assert info.value.code == 2
    assert "argument --jobs/-j: '-1' is not a whole number" in capsys.readouterr().err


def test_a_closed_pipe_and_ctrl_c_with_workers(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("https://user@example.com/a b\n" * 20_000, encoding="utf-8")
    command = [sys.executable, "-m", "urlgrammar", "check", "--jobs", "2"]
    proc = subprocess.Popen([*command, "--file", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"%s:1:9: error[invalid-credentials]" % bytes(path))
    proc.stdout.close()
    assert (proc.wait(timeout=120), proc.stderr.read()) == (141, b"")
    proc = subprocess.Popen([*command, "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, **ANSWERS_CTRL_C)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"https://u@h/\n" * 100)  # a batch for the workers, then nothing more
    proc.stdin.flush()
    assert proc.stdout.readline().startswith(b"<stdin>:1:9: error[invalid-credentials]")
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert (proc.returncode, err) == (130, b"")
