"""What `yimao check PATH…` checks: the named files in the context of their rulebook.

A chapter file alone reads predicates declared by other chapters, so checking it alone reports each
of them unknown.  The named files are checked with the rest of their rulebook (the folder they sit
in, or `--rulebook`), and only their own errors are reported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import attrs

from ..diagnostics import Diagnostic
from ..errors import UsageError
from ..rulebook import SUFFIX, rulebook_files


@attrs.frozen
class Scope:
    """The rulebook to check (its folders and chapter files) and the files whose errors are reported
    (None: every file of the rulebook)."""

    folders: tuple[Path, ...]  # where the school overlays are looked for (each folder's schools/)
    files: tuple[Path, ...]  # the chapter files checked together
    named: frozenset[Path] | None

    def reports(self, diagnostic: Diagnostic) -> bool:
        return self.named is None or Path(diagnostic.span.file).resolve() in self.named


def _rulebook_of(file: Path) -> Path:
    """The folder of a file's rulebook: its own folder, or the one above for a school overlay."""
    folder = file.resolve().parent
    return folder.parent if folder.name == "schools" else folder


def scope_of(paths: Sequence[str], rulebook: Sequence[str] | None) -> Scope:
    """No paths: the rulebook (`--rulebook` or the shipped one), every error.  Folders: those
    rulebooks, every error.  Files: each file within its rulebook, its own errors only; a named
    chapter file stands in for the context's file of the same name."""
    given = [Path(p) for p in paths]
    for path in given:
        if not path.exists():
            raise UsageError(f"no such rulebook file or folder: {path}")
        if path.is_file() and path.suffix != SUFFIX:
            raise UsageError(f"{path} is not a rulebook file (*{SUFFIX})")
    files = [p for p in given if p.is_file()]
    if not files:
        folders = given or [Path(p) for p in rulebook or []]
        return Scope(tuple(folders), tuple(rulebook_files(folders or None)), None)
    folders = [Path(p) for p in rulebook] if rulebook else list(dict.fromkeys(_rulebook_of(f) for f in files))
    folders += [p for p in given if p.is_dir() and p not in folders]
    chapters = [f for f in files if f.resolve().parent.name != "schools"]
    by_name = {f.name: f for f in chapters}
    context = [by_name.pop(f.name, f) for f in rulebook_files(folders)]
    context += [f for f in by_name.values() if f not in context]
    named = {f.resolve() for f in files} | {f.resolve() for p in given if p.is_dir() for f in rulebook_files([p])}
    return Scope(tuple(folders), tuple(context), frozenset(named))
