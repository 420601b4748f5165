"""``urlgrammar check PATH...``: files and directories among the arguments, each file read by the
reader of its type, and the exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import check_output as run

from urlgrammar.cli.check.paths import Globs, files, reader


def tree(root: Path, names: dict[str, str]) -> None:
    for name, text in names.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def jsonl(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, list[dict[str, object]]]:
    status, out, _ = run(capsys, ["--format", "jsonl", *argv])
    return status, [json.loads(line) for line in out.splitlines()]


def test_a_directory_is_walked_in_order_past_what_is_not_ours(tmp_path: Path) -> None:
    tree(tmp_path, {"b.md": "", "a/z.html": "", "a/y.htm": "", "c.css": "", "notes.txt": "",
                    "data.csv": "", ".git/x.md": "", "node_modules/p/README.md": "",
                    "env/pyvenv.cfg": "", "env/lib/doc.md": "", "pkg.egg-info/x.md": "",
                    "deep/er/x.markdown": ""})
    found = [Path(f).relative_to(tmp_path).as_posix() for f in files(str(tmp_path), Globs())]
    assert found == ["b.md", "c.css", "a/y.htm", "a/z.html", "deep/er/x.markdown"]


def test_include_replaces_and_exclude_adds(tmp_path: Path) -> None:
    tree(tmp_path, {"a.md": "", "urls.txt": "", "docs/api/x.md": "", "docs/y.md": ""})
    globs = Globs(("*.txt", "*.md"), (*Globs().exclude, "docs/api"))
    found = [Path(f).relative_to(tmp_path).as_posix() for f in files(str(tmp_path), globs)]
    assert found == ["a.md", "urls.txt", "docs/y.md"]


@pytest.mark.parametrize(("name", "kind"), [("a.HTML", "html"), ("b.md", "markdown"), ("c.css", "css"),
                                            ("d.tsv", "csv"), ("e.txt", "list"), ("f", "list")])
def test_the_reader_follows_the_extension(name: str, kind: str) -> None:
    assert reader(name) == kind


def test_paths_and_urls_mix_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    tree(tmp_path, {"docs/a.md": "[x](https://u@a/)\n", "docs/b.html": '<a href="https://b/">',
                    "urls.txt": "https://c/\n\nhttps://d/ e\n"})
    status, records = jsonl(capsys, ["https://first/", "docs", "urls.txt", "no-such-page", "https://last/"])
    assert status == 1
    assert [(r["n"], r["source"], r["line"], r["column"], r["input"]) for r in records] == [
        (1, None, 1, 1, "https://first/"), (2, "docs/a.md", 1, 5, "https://u@a/"),
        (3, "docs/b.html", 1, 10, "https://b/"), (4, "urls.txt", 1, 1, "https://c/"),
        (5, "urls.txt", 3, 1, "https://d/ e"), (6, None, 4, 1, "no-such-page"),
        (7, None, 5, 1, "https://last/")]


def test_a_named_file_is_read_whatever_the_globs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    tree(tmp_path, {"node_modules/x.md": "[x](https://a/)\n"})
    assert jsonl(capsys, ["node_modules/x.md"])[1][0]["input"] == "https://a/"
    status, _, err = run(capsys, ["."])
    assert status == 0 and err == "0 inputs: .: no files to read, or none with URLs\n"


def test_text_names_the_file_for_lists_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    tree(tmp_path, {"urls.txt": "https://u@a/\n"})
    for argv in (["urls.txt"], ["--file", "urls.txt"]):
        status, out, _ = run(capsys, argv)
        assert status == 1 and out.startswith("urls.txt:1:9: error[invalid-credentials]")


def test_a_csv_among_paths_needs_its_column(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    tree(tmp_path, {"links.csv": "id,url\n1,https://a/ b\n", "ok.md": "[a](https://a/)"})
    status, out, err = run(capsys, ["links.csv", "ok.md", "--summary"])
    assert status == 2 and out == "1 input: valid 1, invalid 0, failures 0\n"
    assert err == ("urlgrammar check: error: links.csv is a CSV or TSV file: give --column NAME to "
                   "say which column holds URLs\n")
    status, out, _ = run(capsys, ["links.csv", "--column", "url"])
    assert status == 1 and out.startswith("links.csv:2:13: error[invalid-URL-unit]")


# ---- exit statuses: 0 clean, 1 findings, 2 usage or I/O ------------------------------------------


@pytest.mark.parametrize(("argv", "status"), [
    (["https://example.com/"], 0),
    (["https://u@example.com/"], 1),  # an error
    (["javascript:alert(1)"], 0),  # an advisory only
    (["javascript:alert(1)", "--strict-advisories"], 1),
    (["https://example.com/", "--format", "nope"], 2),  # usage
    (["https://example.com/", "--select", "no-such-code"], 2),
    (["--file", "no/such/file.txt"], 2),  # I/O
])
def test_exit_statuses(argv: list[str], status: int, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        got, _, _ = run(capsys, argv)
    except SystemExit as e:  # argparse's usage errors
        got = int(e.code or 0)
    assert got == status


def test_errors_only_writes_the_inputs_with_findings(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["https://a/", "https://u@b/", "javascript:x", "https://c/", "--summary"]
    for name in ("json", "jsonl"):
        status, out, _ = run(capsys, ["--format", name, "--errors-only", *argv])
        assert status == 1
        inputs = json.loads(out)["inputs"] if name == "json" else \
            [json.loads(line) for line in out.splitlines()[:-1]]
        assert [i["input"] for i in inputs] == ["https://u@b/", "javascript:x"]
        last = out if name == "json" else out.splitlines()[-1]
        summary = json.loads(last)["summary"]
        assert (summary["inputs"], summary["valid"], summary["invalid"]) == (4, 3, 1)


def test_jobs_give_the_same_output_on_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    quiet = " <!-- urlgrammar: ignore[invalid-URL-unit] -->"
    for i in range(40):
        links = "".join(f"[l{j}](<https://h{i}.example/{j} x>){quiet}\n"
                        if j % 7 == 0 else f"[l{j}](<https://u@h{i}.example/{j} x>)\n" for j in range(60))
        (tmp_path / f"doc{i}.md").write_text(links, encoding="utf-8")
    outputs = []
    for jobs in ("1", "2"):
        status, out, err = run(capsys, [str(tmp_path), "--format", "jsonl", "--jobs", jobs,
                                        "--ignore", "host-missing"])
        outputs.append((status, out, err))
    assert outputs[0] == outputs[1] and outputs[0][0] == 1 and outputs[0][1].count("\n") == 40 * 60


@pytest.mark.parametrize("argument", ["docs/typo.md", "README.markdown", "page.HTML", "urls.txt"])
def test_a_missing_document_is_an_io_error_not_a_url(argument: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # Without a base the string could only fail as a URL without a scheme: say what is wrong.
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, [argument])
    assert (status, out) == (2, "")
    assert err == f"urlgrammar check: error: cannot read {argument}: no such file or directory\n"


@pytest.mark.parametrize(("argv", "status"), [
    (["docs/a.md", "--base", "https://example.com/"], 0),  # against a base: a relative URL
    (["example.com/a"], 1),  # no document's extension: a URL, which fails
    (["https://example.com/a.md"], 0),  # a scheme
])
def test_near_misses_stay_urls(argv: list[str], status: int, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    got, _, err = run(capsys, argv)
    assert got == status and "no such file" not in err
