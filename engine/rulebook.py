"""Loading a rulebook: find the `.ym` files, parse, check, and compile them once per process."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

from .book import load_book
from .check import Program, check_program
from .diagnostics import Diagnostic
from .errors import RulebookError, UsageError
from .evaluate import Engine
from .lang import parse_module
from .paths import rulebook_dir

SUFFIX = ".ym"


def rulebook_files(paths: Sequence[str | Path] | None = None) -> list[Path]:
    """The chapter files of the shipped rulebook, or of the given files and folders (not schools/)."""
    roots = [Path(p) for p in paths] if paths else [rulebook_dir()]
    files: list[Path] = []
    for root in roots:
        if root.is_dir():
            files.extend(sorted(p for p in root.glob(f"*{SUFFIX}") if p.is_file()))
        elif root.is_file():
            files.append(root)
        else:
            raise UsageError(f"no such rulebook file or folder: {root}")
    return files


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def check_files(files: Iterable[Path]) -> tuple[Program | None, list[Diagnostic]]:
    modules = []
    diagnostics: list[Diagnostic] = []
    sources: dict[str, list[str]] = {}
    for path in files:
        name = _display(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {name}: {error}") from None
        sources[name] = text.split("\n")
        module, found = parse_module(text, name)
        diagnostics.extend(found)
        if module is not None:
            modules.append(module)
    program, found = check_program(modules, load_book())
    diagnostics.extend(found)
    diagnostics = [d.with_source(sources) for d in diagnostics]
    diagnostics.sort(key=lambda d: (d.span.file, d.span.line, d.span.column))
    return (program if not diagnostics else None), diagnostics


_CACHE: dict[tuple, Engine] = {}


def load_engine(paths: Sequence[str | Path] | None = None) -> Engine:
    """The compiled engine for a rulebook; raises RulebookError with every diagnostic."""
    files = rulebook_files(paths)
    key = tuple((str(p.resolve()), p.stat().st_mtime_ns) for p in files)
    engine = _CACHE.get(key)
    if engine is None:
        program, diagnostics = check_files(files)
        if diagnostics:
            raise RulebookError(diagnostics)
        engine = Engine.build(program)
        _CACHE[key] = engine
    return engine
