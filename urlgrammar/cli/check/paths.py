"""Which files ``urlgrammar check PATH...`` reads, and with which reader.

A positional argument that names an existing file or directory is read as one; anything else
is a URL to check (``-`` is standard input), except one that :func:`missing_file` takes for a
file name mistyped or missing: without a base it could only be checked as a URL without a
scheme, which fails, so the run says that no such file exists (exit status 2) instead. A
directory is walked recursively, in sorted order, without following symbolic links to
directories (so a link cannot make a loop): a file in it is read when its name matches an
include glob and no part of its path below the directory matches an exclude glob. A file
named on the command line is always read.

Globs are :mod:`fnmatch` patterns. One without ``/`` matches a file or directory name
(``*.md``, ``node_modules``); one with ``/`` matches the path below the directory walked
(``docs/api/*.html``). The reader follows the file's extension, :data:`READERS`; any other
file (a ``.txt`` list, say) is read as a list, one URL a line.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

#: The reader of each extension (lower case); any other file is a list of URLs.
READERS = {
    ".html": "html", ".htm": "html", ".xhtml": "html",
    ".md": "markdown", ".markdown": "markdown", ".mdown": "markdown", ".mkd": "markdown",
    ".css": "css",
    ".csv": "csv", ".tsv": "csv",
}
#: What a directory walk reads unless ``--include`` or the configuration says otherwise: the
#: documents. Lists are read when named, or included: a directory's ``.txt`` files are
#: mostly prose, not lists of URLs.
DEFAULT_INCLUDE = ("*.html", "*.htm", "*.xhtml", "*.md", "*.markdown", "*.css")
#: What a directory walk never enters or reads, besides what ``--exclude`` adds: version
#: control, tools' caches, installed packages. A directory holding ``pyvenv.cfg`` is a
#: virtual environment (PEP 405), whatever its name, and is skipped too.
DEFAULT_EXCLUDE = (".git", ".hg", ".svn", ".bzr", "_darcs", ".tox", ".nox", ".venv", "venv",
                   ".mypy_cache", ".ruff_cache", ".pytest_cache", "__pycache__", "node_modules",
                   "site-packages", ".eggs", "*.egg-info")


def reader(path: str) -> str:
    """The reader of the file ``path``, by its extension."""
    return READERS.get(os.path.splitext(path)[1].lower(), "list")


def is_path(argument: str) -> bool:
    """Whether a positional argument is read as a file or a directory rather than checked."""
    return argument != "-" and os.path.lexists(argument)


def missing_file(argument: str) -> bool:
    """Whether a positional argument that names nothing is a missing file rather than a URL:
    no `:` (so no scheme) and the extension of a reader's document (:data:`READERS`) or `.txt`.
    Only where no base is given: against one, `docs/a.md` is a relative URL to check."""
    return ":" not in argument and (os.path.splitext(argument)[1].lower() in (*READERS, ".txt"))


@dataclass(frozen=True, slots=True)
class Globs:
    """The include and exclude globs of a walk."""

    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE

    def excluded(self, relative: str) -> bool:
        return _matches(self.exclude, relative)

    def included(self, relative: str) -> bool:
        return _matches(self.include, relative) and not self.excluded(relative)


def _matches(globs: Iterable[str], relative: str) -> bool:
    name = relative.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatchcase(relative if "/" in glob else name, glob) for glob in globs)


def files(path: str, globs: Globs) -> Iterator[str]:
    """The files to read for the argument ``path``: itself when it is not a directory, else the
    files of the walk, in sorted order."""
    if not os.path.isdir(path):
        yield path
        return
    for top, directories, names in os.walk(path, onerror=_raise):
        below = os.path.relpath(top, path).replace(os.sep, "/")
        prefix = "" if below == "." else below + "/"
        directories[:] = sorted(d for d in directories
                                if not globs.excluded(prefix + d)
                                and not os.path.isfile(os.path.join(top, d, "pyvenv.cfg")))
        for name in sorted(names):
            if globs.included(prefix + name):
                yield os.path.normpath(os.path.join(top, name))  # docs/a.md, not ./docs/a.md


def _raise(error: OSError) -> None:
    raise error
