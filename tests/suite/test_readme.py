"""The README's Python examples run and give what it shows."""

from __future__ import annotations

import doctest

import pytest
from conftest import ROOT

README = ROOT / "README.md"


def test_readme_examples() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]
    assert blocks, "the README has Python examples"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 10


def _console_examples() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    examples = []
    for block in (b.split("```", 1)[0] for b in text.split("```console\n")[1:]):
        command, out = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, "\n".join(out)))
                command, out = line[2:], []
            else:
                out.append(line)
        if command is not None:
            examples.append((command, "\n".join(out)))
    return examples


def test_readme_command_line_examples(capsys: pytest.CaptureFixture[str]) -> None:
    import shlex

    from urlgrammar.cli import main

    examples = _console_examples()
    assert len(examples) >= 4
    for command, expected in examples:
        argv = shlex.split(command)
        assert argv[0] == "urlgrammar"
        try:
            main(argv[1:])
        except SystemExit as exited:  # --version prints and exits, as --help does
            assert exited.code == 0, command
        assert capsys.readouterr().out.rstrip("\n") == expected, command
