"""Loading a rulebook: find the `.ym` files, parse, check, and compile them once per process."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

from .book import load_book
from .cache import cache_key, read_engine, write_engine
from .check import Program, check_program
from .diagnostics import Diagnostic
from .errors import RulebookError, UsageError
from .evaluate import Engine
from .gcpause import gc_paused
from .paths import rulebook_dir
from .schools import BASE_SCHOOL, apply, chain_of, school_modules

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


def school_files(paths: Sequence[str | Path] | None = None) -> list[Path]:
    """The school overlays: `schools/*.ym` beside the rulebook (or in each given folder)."""
    roots = [Path(p) for p in paths] if paths else [rulebook_dir()]
    return [f for root in roots if (root / "schools").is_dir() for f in sorted((root / "schools").glob(f"*{SUFFIX}"))]


def _parse(files: Iterable[Path], sources: dict[str, list[str]], diagnostics: list[Diagnostic]) -> list:
    from .lang import parse_module  # Lark is imported only when rule files are read, not from the cache

    modules = []
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
    return modules


def check_files(files: Iterable[Path], school: str | None = None, overlays: Iterable[Path] = ()) -> tuple[Program | None, list[Diagnostic]]:
    """Parse and check a rulebook, with the chain of school overlays for `school` applied."""
    diagnostics: list[Diagnostic] = []
    sources: dict[str, list[str]] = {}
    modules = _parse(files, sources, diagnostics)
    overlay_modules = _parse(overlays, sources, diagnostics)
    schools = school_modules(overlay_modules, diagnostics)
    if school and school != BASE_SCHOOL and school not in schools:
        known = ", ".join([BASE_SCHOOL, *schools])
        raise UsageError(f"unknown school {school} (known: {known})")
    overlaid = apply(modules, chain_of(school or BASE_SCHOOL, schools), diagnostics)
    program, found = check_program(list(overlaid.modules), load_book(), overlaid)
    diagnostics.extend(found)
    diagnostics = [d.with_source(sources) for d in diagnostics]
    diagnostics.sort(key=lambda d: (d.span.file, d.span.line, d.span.column))
    return (program if not diagnostics else None), diagnostics


_CACHE: dict[str, Engine] = {}


def load_engine(paths: Sequence[str | Path] | None = None, use_cache: bool = True, school: str | None = None) -> Engine:
    """The compiled engine for a rulebook; raises RulebookError with every diagnostic.

    Checked and compiled rulebooks are cached on disk, keyed by the content of every rule file,
    the grammar and the engine modules, so any edit invalidates the entry.
    """
    files = rulebook_files(paths)
    overlays = school_files(paths) if school and school != BASE_SCHOOL else []
    key = cache_key(files + overlays, school or BASE_SCHOOL)
    engine = _CACHE.get(key)
    if engine is not None:
        return engine

    def check() -> Program:
        program, diagnostics = check_files(files, school, overlays)
        if diagnostics:
            raise RulebookError(diagnostics)
        return program

    engine = read_engine(key, check) if use_cache else None
    if engine is None:
        with gc_paused():
            engine = Engine.build(check())
        if use_cache:
            write_engine(key, engine)
    _CACHE[key] = engine
    return engine
