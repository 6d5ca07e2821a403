"""Loading a rulebook: find the `.ym` files, parse, check, and compile them once per process."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Sequence

from .book import load_book
from .bounds import MAX_FILE_BYTES
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
    """The chapter files of the shipped rulebook, or of the given files and folders (not schools/).

    An empty path (which would mean the current folder), a folder without rule files and a rule
    file that cannot be reached (a broken or looping link, a name too long) are refused by name."""
    if paths and any(not str(p).strip() for p in paths):
        raise UsageError("a rulebook path is empty (give a file or folder; . for the current one)")
    roots = [Path(p) for p in paths] if paths else [rulebook_dir()]
    files: list[Path] = []
    for root in roots:
        try:
            if root.is_dir():
                found = sorted(root.glob(f"*{SUFFIX}"))
                for path in found:
                    if not path.is_file() and not path.is_dir():
                        raise UsageError(f"cannot read {path}: a broken or looping link, or not a file")
                found = [p for p in found if p.is_file()]
                if not found:
                    raise UsageError(f"no rule files (*{SUFFIX}) in {root}")
                files.extend(found)
            elif root.is_file():
                files.append(root)
            else:
                raise UsageError(f"no such rulebook file or folder: {root}")
        except OSError as error:
            raise UsageError(unreadable(error, root)) from None
    return files


def unreadable(error: OSError, path: str | Path) -> str:
    """One line for a file that cannot be read: its name (shortened) and the system's reason."""
    name = str(getattr(error, "filename", None) or path)
    shown = name if len(name) <= 80 else name[:77] + "..."
    return f"cannot read {shown}: {error.strerror or error}"


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
        text = read_rule_file(path, name)
        sources[name] = text.split("\n")
        module, found = parse_module(text, name)
        diagnostics.extend(found)
        if module is not None:
            modules.append(module)
    return modules


def read_rule_file(path: Path, name: str | None = None) -> str:
    """A rule file's text; unreadable or not UTF-8 is a usage error naming it."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise UsageError(f"cannot read {name or path}: larger than {MAX_FILE_BYTES:,} bytes")
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(unreadable(error, name or path)) from None
    except UnicodeDecodeError as error:
        raise UsageError(f"cannot read {name or path}: not UTF-8 (byte {error.start})") from None


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


_SCHOOL_HEADER = re.compile(r"^\s*school\s+(\S+)\s+extends", re.MULTILINE)


def _declared_schools(overlays: Sequence[Path]) -> set[str]:
    """The school names the overlay headers declare, read without parsing the files."""
    names: set[str] = set()
    for path in overlays:
        try:
            names.update(_SCHOOL_HEADER.findall(path.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            continue  # reported, with its name, when the files are read in earnest
    return names


_CACHE: dict[str, Engine] = {}


def load_engine(paths: Sequence[str | Path] | None = None, use_cache: bool = True, school: str | None = None) -> Engine:
    """The compiled engine for a rulebook; raises RulebookError with every diagnostic.

    Checked and compiled rulebooks are cached on disk, keyed by the content of every rule file,
    the grammar and the engine modules, so any edit invalidates the entry.
    """
    files = rulebook_files(paths)
    overlays = school_files(paths) if school and school != BASE_SCHOOL else []
    if overlays and school not in _declared_schools(overlays):
        known = ", ".join([BASE_SCHOOL, *sorted(_declared_schools(overlays))])
        raise UsageError(f"unknown school {school} (known: {known})")  # before a cold check of everything
    try:
        key = cache_key(files + overlays, school or BASE_SCHOOL)
    except OSError as error:  # the key reads every file: one that cannot be read is named here
        raise UsageError(unreadable(error, "the rulebook")) from None
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
