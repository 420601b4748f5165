"""The README's Python examples run and give what it shows."""

from __future__ import annotations

import doctest
import importlib.util
import itertools
import re

import pytest
from conftest import ROOT

README = ROOT / "README.md"


#: A Python example that needs an optional package says so on the line before it, as
#: ``<!-- needs: httpx requests -->`` (a comment, which Markdown does not show): it runs on its
#: own, with its own imports, and skips, naming the packages, where one is not installed.
NEEDS = re.compile(r"<!-- needs: ([\w ]+) -->\n$")


def _python_examples() -> list[tuple[tuple[str, ...], str]]:
    """Each Python example of the README, with the packages that it says it needs."""
    parts = README.read_text(encoding="utf-8").split("```python\n")
    out = []
    for before, part in itertools.pairwise(parts):
        needs = NEEDS.search(before)
        out.append((tuple(needs[1].split()) if needs else (), part.split("```", 1)[0]))
    return out


def _run(source: str, line: int = 0) -> doctest.DocTestRunner:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(source, {}, "README.md", str(README), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    return runner


def test_readme_examples() -> None:
    blocks = [block for needs, block in _python_examples() if not needs]
    assert blocks, "the README has Python examples"
    runner = _run("\n".join(blocks))
    assert runner.failures == 0 and runner.tries > 10


_OPTIONAL = [(needs, block) for needs, block in _python_examples() if needs]


@pytest.mark.parametrize(("needs", "block"), _OPTIONAL, ids=[" ".join(n) for n, _ in _OPTIONAL])
def test_readme_examples_with_optional_packages(needs: tuple[str, ...], block: str) -> None:
    missing = [name for name in needs if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip(f"the README's example needs {', '.join(missing)}, which is not installed")
    runner = _run(block)
    assert runner.failures == 0 and runner.tries > 0


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
