"""Where the shipped data lives, in a source checkout and in an installed wheel alike.

The wheel carries `grammar/` and `rulebook/` inside the package (see pyproject's force-include);
a checkout or an editable install keeps them beside the package at the repository root.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Sequence

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"yimao data folder {name!r} is missing from the installation")


def grammar_dir() -> Path:
    return data_dir("grammar")


def rulebook_dir() -> Path:
    return data_dir("rulebook")


def cases_dir() -> Path:
    """The book's worked examples: `tests/cases` in a checkout, `engine/cases` in the wheel."""
    for candidate in (_PACKAGE / "cases", _PACKAGE.parent / "tests" / "cases"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("yimao's worked-example cases are missing from the installation")


def book_dir() -> Path:
    return rulebook_dir() / "book"


def display_names(paths: Sequence[Path]) -> list[str]:
    """The names rule files' spans and diagnostics carry: each path from the current directory
    where it lies below it, else as given (the directory resolved once for them all)."""
    cwd = Path.cwd().resolve()
    names = []
    for path in paths:
        try:
            names.append(str(path.resolve().relative_to(cwd)))
        except ValueError:
            names.append(str(path))
    return names
