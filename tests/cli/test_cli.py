"""The command line: output people read, JSON for machines, exit codes, no tracebacks."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path
from typing import IO, TYPE_CHECKING

import idna.idnadata
import pytest
from conftest import ANSWERS_CTRL_C, ROOT

import urlgrammar
from urlgrammar.cli import COMMANDS as SUBCOMMANDS
from urlgrammar.cli import build_parser, main

if TYPE_CHECKING:
    import unicodedata as unicodedata2  # unicodedata2 has no type information; the same API
else:
    import unicodedata2


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---- the table of subcommands ---------------------------------------------------------------


def test_help_lists_the_subcommands_of_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.split("COMMAND\n")[1].split("\n\n")[0]
              .splitlines() if line.startswith("    ") and not line.startswith("     ")]
    assert listed == list(SUBCOMMANDS)
    with pytest.raises(SystemExit) as exited:
        main(["no-such-command"])
    assert exited.value.code == 2
    assert ", ".join(repr(name) for name in SUBCOMMANDS) in capsys.readouterr().err


@pytest.mark.parametrize("name", list(SUBCOMMANDS))
def test_a_subcommand_s_module_gives_its_arguments(name: str) -> None:
    [parsers] = [a.choices for a in build_parser(name)._actions if isinstance(a, argparse._SubParsersAction)]
    assert list(parsers) == list(SUBCOMMANDS)
    # Its module's register() gave it a description; the others are a name and a line of help.
    assert [n for n, p in parsers.items() if p.description] == [name]


def test_a_subcommand_imports_its_own_module_alone() -> None:
    code = ("import sys\nfrom urlgrammar.cli import COMMANDS, main\n"
            "for name, command in COMMANDS.items():\n"
            "    before = {c.module for c in COMMANDS.values() if c.module in sys.modules}\n"
            "    try:\n        main([name, '--help'])\n    except SystemExit:\n        pass\n"
            "    after = {c.module for c in COMMANDS.values() if c.module in sys.modules}\n"
            "    print(name, sorted(after - before), file=sys.stderr)\n")
    err = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stderr
    assert err.splitlines() == [f"{name} {[command.module]}" for name, command in SUBCOMMANDS.items()]


def test_parse_prints_the_getters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "  HTTP://u@h:80/a/../b?q#f")
    assert code == 0
    lines = dict(line.split(maxsplit=1) if " " in line else (line, "") for line in out.splitlines())
    assert lines["href"] == "http://u@h/b?q#f"
    assert lines["port"] == "" and lines["pathname"] == "/b" and lines["origin"] == "http://h"


def test_parse_json_and_the_encoding(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "é?é", "--base", "http://h/", "--json",
                       "--encoding", "windows-1252")
    assert code == 0 and json.loads(out)["href"] == "http://h/%C3%A9?%E9"


def test_parse_failure_names_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "parse", "http://h:99999/")
    assert code == 1 and out == "" and err.startswith("error: port-out-of-range at 9..14")


def test_reference_prints_components_with_spans(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reference", "  http://u@h:8/a/b?q#f")
    assert code == 0
    lines = dict((line.split()[0], line.split()[1:]) for line in out.splitlines())
    assert lines["href"] == ["http://u@h:8/a/b?q#f"]
    assert lines["host"] == ["h", "11..12"]
    assert lines["query"] == ["q", "19..20"]


def test_parse_keeps_relative_references_relative(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reference", "../a?", "--json")
    data = json.loads(out)
    assert code == 0 and data["href"] == "../a?"
    assert [c["type"] for c in data["components"]] == ["dir", "file", "query"]
    assert data["components"][2] == {"type": "query", "value": "", "start": 5, "end": 5}


def test_parse_with_a_base(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reference", "c", "--base", "s://h/a/b", "--json")
    assert code == 0 and json.loads(out)["href"] == "s://h/a/c"
    code, out, _ = run(capsys, "reference", "./c/../d", "--normalize", "--json")
    assert code == 0 and json.loads(out)["href"] == "d"


def test_failure_exits_1_with_the_error_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "reference", "x", "--base", "mailto:a")
    assert code == 1 and out == ""
    assert err.startswith("error: missing-scheme-non-relative-URL")


# ---- a failure as JSON (issue 20): --json is machine-readable whatever the outcome ------------

FAILING = [("http://h:99999/", None), ("https://u@[::1", None), ("x", None), ("x", "sc:y"),
           ("http://a b/", None)]


@pytest.mark.parametrize(("input", "base"), FAILING, ids=[f"{i!r} against {b!r}" for i, b in FAILING])
def test_parse_json_reports_a_failure_as_json(input: str, base: str | None,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    for extra in ([], ["--params"]):
        code, out, err = run(capsys, "parse", input, *(["--base", base] if base else []), "--json", *extra)
        assert code == 1 and err == ""
        data = json.loads(out)
        report = urlgrammar.validate(input, base, advisories=False)
        failing = report.diagnostics[-1].as_dict()
        assert data == {"input": input, "base": base, "failure": True,
                        "error": {k: failing[k] for k in ("code", "message", "start", "end")},
                        "diagnostics": [d.as_dict() for d in report.diagnostics]}
        with pytest.raises(urlgrammar.URLError) as failed:
            urlgrammar.parse(input, base)
        assert data["error"]["code"] == failed.value.code


def test_parse_json_names_the_set_whose_value_failed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "http://h/", "--set", "pathname=/a", "--set", "href=//x", "--json")
    data = json.loads(out)
    assert code == 1 and data["set"] == {"name": "href", "value": "//x"}
    assert (data["error"]["code"], data["error"]["start"], data["error"]["end"]) == \
        ("missing-scheme-non-relative-URL", 0, 3)  # a span in the value //x
    assert [d["code"] for d in data["diagnostics"]] == ["missing-scheme-non-relative-URL"]


def test_reference_json_reports_a_failure_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "reference", "x", "--base", "mailto:a", "--json")
    data = json.loads(out)
    assert code == 1 and err == "" and data["failure"] is True and data["base"] == "mailto:a"
    assert data["error"]["code"] == "missing-scheme-non-relative-URL"
    assert data["diagnostics"][-1]["code"] == data["error"]["code"]


def test_tree_prints_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tree", "file:c|/x")
    assert code == 0
    assert "# file mode" in out and "auth_drive_invalid" in out and "path_root" in out


def test_tree_mode_can_be_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "tree", "a\\b", "--mode", "special")
    assert "dir" in out
    _, out, _ = run(capsys, "tree", "a\\b", "--mode", "generic")
    assert "dir" not in out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["parse"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["tree", "x", "--mode", "nope"])
    assert info.value.code == 2


def cli(*argv: str | bytes, stdout: int | IO[str] = subprocess.PIPE,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``urlgrammar ARGV...`` as its own process, as a shell runs it; bytes go to argv as they are."""
    return subprocess.run([sys.executable, "-m", "urlgrammar", *argv], input="", stdout=stdout,
                          stderr=subprocess.PIPE, text=True, errors="replace", check=False,
                          timeout=120, cwd=cwd)


# ---- output that cannot be written, Ctrl-C (issue 9, item 8) --------------------------------


def test_a_closed_pipe_ends_quietly_with_141(tmp_path: Path) -> None:
    # `urlgrammar check --file F | head -1`: far more output than a pipe holds, read one line.
    path = tmp_path / "urls.txt"
    path.write_text("https://user@example.com/a b\n" * 5000, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "urlgrammar", "check", "--file", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"%s:1:9: error[invalid-credentials]" % bytes(path))
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141
    assert err == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_an_output_error_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        proc = cli("parse", "http://h/", stdout=full)
    assert proc.returncode == 1
    assert proc.stderr == "urlgrammar: cannot write output: No space left on device\n"


def test_a_closed_standard_output_is_an_output_error() -> None:
    # A process started with `>&-` has sys.stdout None.
    proc = subprocess.run([sys.executable, "-m", "urlgrammar", "check", "https://u@h/"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False,
                          preexec_fn=lambda: os.close(1))
    assert proc.returncode == 1
    assert proc.stderr == "urlgrammar: cannot write output: standard output is closed\n"


def test_a_closed_standard_input_is_a_usage_error() -> None:
    proc = subprocess.run([sys.executable, "-m", "urlgrammar", "check", "-"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, check=False, preexec_fn=lambda: os.close(0))
    assert proc.returncode == 2
    assert proc.stderr == "urlgrammar check: error: cannot read -: standard input is closed\n"


def _blocked_reading_a_pipe(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/wchan") as f:
            return "pipe_read" in f.read()
    except OSError:
        return False


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_exits_130_without_a_traceback() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "urlgrammar", "check", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **ANSWERS_CTRL_C)
    # Wait until it reads its standard input (kept open), past the imports: a signal during
    # those comes before the command line runs. Where /proc does not say, give it time.
    deadline = time.monotonic() + 10
    while not _blocked_reading_a_pipe(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, out, err) == (130, b"", b"")


# ---- --encoding (item 9) --------------------------------------------------------------------


@pytest.mark.parametrize("url", ["http://h/", "http://h/?q"])
def test_an_unknown_encoding_label_is_a_usage_error(url: str) -> None:
    proc = cli("parse", url, "--encoding", "bogus")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.splitlines()[-1] == (
        "urlgrammar parse: error: argument --encoding: 'bogus' is not an encoding label of the "
        "Encoding Standard (such as utf-8, windows-1252, shift_jis)")


def test_the_api_refuses_an_unknown_encoding_label_whatever_the_input() -> None:
    for url in ("http://h/", "http://h/?q", "not a URL"):
        with pytest.raises(ValueError, match="'bogus' is not an encoding label") as info:
            urlgrammar.parse(url, encoding="bogus")
        # A mistake in the call, not in the input: not a URLError, which callers catch.
        assert not isinstance(info.value, urlgrammar.URLError)
    assert urlgrammar.parse("http://h/?\u00e9", encoding=" Latin1 ").search == "?%E9"


# ---- --base (item 10) -----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["parse", "explain", "render", "check"])
def test_a_base_that_is_not_a_url_is_said_once(command: str) -> None:
    proc = cli(command, "x", "--base", "bogus")
    assert (proc.returncode, proc.stdout) == (2, "")
    last = proc.stderr.splitlines()[-1]
    assert last.startswith(f"urlgrammar {command}: error: argument --base: not a valid URL: "
                           "missing-scheme-non-relative-URL at 0..5 in the base: "), last
    assert proc.stderr.count("missing-scheme-non-relative-URL") == 1


# ---- undecodable arguments (item 12) --------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("argv", "name"), [
    (["parse", b"http://h/\xff"], "INPUT"),
    (["reference", b"http://h/\xff"], "INPUT"),
    (["tree", b"http://h/\xff"], "INPUT"),
    (["explain", b"http://h/\xff"], "INPUT"),
    (["render", b"http://h/\xff"], "INPUT"),
    (["check", "https://a/", b"http://h/\xff"], "URL"),
    (["parse", "x", "--base", b"http://h/\xff"], "--base"),
    (["reference", "x", "--base", b"http://h/\xff"], "--base"),
    (["check", "x", "--base", b"http://h/\xff"], "--base"),
    (["parse", "x", "--encoding", b"utf-8\xff"], "--encoding"),
])
def test_an_argument_that_is_not_utf8_is_a_usage_error(argv: list[str | bytes], name: str) -> None:
    proc = cli(*argv)
    assert (proc.returncode, proc.stdout) == (2, "")
    offset = 5 if name == "--encoding" else 9
    assert proc.stderr.splitlines()[-1] == (f"urlgrammar {argv[0]!s}: error: argument {name}: "
                                            f"not valid UTF-8: byte 0xFF at offset {offset}")


def test_the_offset_of_a_bad_byte_counts_bytes() -> None:
    # é is two bytes; an encoded surrogate (ED A0 80) is not UTF-8 either.
    proc = cli("parse", "é".encode() + b"\xed\xa0\x80")
    assert proc.returncode == 2
    assert proc.stderr.endswith("argument INPUT: not valid UTF-8: byte 0xED at offset 2\n")


def test_a_file_name_need_not_be_utf8(tmp_path: Path) -> None:
    # A file name is bytes to the system, not text: it is not refused.
    path = os.fsencode(tmp_path) + b"/urls\xff.txt"
    with open(path, "wb") as f:
        f.write(b"https://a/\n")
    proc = cli("check", "--file", path)
    assert (proc.returncode, proc.stderr) == (0, "")


# ---- hostile arguments to every subcommand --------------------------------------------------

HOSTILE: list[str | bytes] = [
    "", " ", "\t\n", "-", "--", "-x", b"\xff", b"\xed\xa0\x80", "http://[", "file:c|", "%",
    "http://h:99999999999999999999999/", "http://\u00e9\u200d.\u3002/", "\U0010ffff\ufffe",
    "sc://[" * 5000, "http://h/" + "a" * 100_000, "http://" + "\u00e9" * 30_000 + "/",
]
COMMANDS = [["parse"], ["parse", "x", "--base"], ["parse", "http://h/?q", "--encoding"],
            ["reference"], ["reference", "x", "--base"], ["tree"], ["tree", "--mode", "file"],
            ["explain"], ["explain", "x", "--base"], ["render"], ["render", "x", "--base"],
            ["render", "http://h/", "--width"], ["check"], ["check", "x", "--base"],
            ["check", "--file"], ["grammar", "diagram", "-o"], ["grammar", "check"], ["grammar"]]


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_no_traceback_for_hostile_arguments(command: list[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Every argument in this process (fast), then one as its own process (as a shell runs it)."""
    monkeypatch.chdir(tmp_path)  # where `grammar diagram -o -` and the like write
    for arg in HOSTILE:
        # Python hands the bytes of argv over decoded with surrogateescape.
        text = arg.decode("utf-8", "surrogateescape") if isinstance(arg, bytes) else arg
        try:
            status = main([*command, text])
        except SystemExit as e:  # argparse's usage errors
            status = e.code  # type: ignore[assignment]
        capsys.readouterr()
        assert status in (0, 1, 2), (command, arg)
    proc = cli(*command, "http://[", cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 1, 2), (proc.returncode, proc.stderr)


def test_reference_output_grows_linearly(capsys: pytest.CaptureFixture[str]) -> None:
    # 10,000 backslashes are as many empty dirs; a 100 kB href once padded each of their rows.
    sizes = []
    for n in (1_000, 10_000):
        main(["reference", "https://h/" + "\\" * n])
        sizes.append(len(capsys.readouterr().out))
    assert sizes[1] < 11 * sizes[0], sizes


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["check", "https://example.com/a?b"], ["parse", "http://h/"]])
def test_a_plain_command_does_not_load_lark_or_a_process_pool(argv: list[str]) -> None:
    """What a shell or a CI job runs most, a check or a parse of one URL, starts without the
    grammar tools, teaching or the process pool (Lark alone took longer than the check)."""
    code = ("import sys\nfrom urlgrammar.cli import main\ncode = main(sys.argv[1:])\n"
            "print(sorted(m for m in ('lark', 'concurrent.futures.process', 'urlgrammar.teaching.explain',"
            " 'urlgrammar.grammar_tools.check') if m in sys.modules), code)")
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.splitlines()[-1] == "[] 0"


# ---- --version (issue 20) --------------------------------------------------------------------

def test_version_names_the_package_its_unicode_and_the_standards(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out == (f"urlgrammar {version('urlgrammar')}\n"
                   f"IDNA (UTS #46) tables: Unicode {urlgrammar.UNICODE_VERSION}\n"
                   "Standards: WHATWG URL Standard (July 2026), URL Specification 0.10.1\n")
    # The one constant, and the data installed with it.
    assert urlgrammar.UNICODE_VERSION == unicodedata2.unidata_version == idna.idnadata.__version__


def test_version_from_the_shell_loads_nothing_more() -> None:
    # A process that only asks the version loads none of the package's modules, Lark or data
    # beyond what importing the command line does (argparse loads shutil to print it).
    code = ("import sys\nfrom urlgrammar.cli import main\nbefore = set(sys.modules)\n"
            "try:\n    main(['--version'])\nexcept SystemExit as e:\n    code = e.code\n"
            "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] in "
            "('urlgrammar', 'lark', 'idna', 'homoglyph', 'publicsuffixlist')), "
            "'lark' in sys.modules, code)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    lines = out.splitlines()
    assert lines[0] == f"urlgrammar {urlgrammar.__version__}"
    assert lines[-1] == "[] False 0"
    proc = cli("--version")
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.splitlines()[1] == f"IDNA (UTS #46) tables: Unicode {urlgrammar.UNICODE_VERSION}"
