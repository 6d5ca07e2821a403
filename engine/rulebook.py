"""Loading a rulebook: find the `.ym` files, parse, check, and compile them once per process."""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Iterable, Sequence

from .book import load_book
from .check import Program, check_program
from .diagnostics import Diagnostic
from .errors import RulebookError, UsageError
from .evaluate import Engine
from .lang import parse_module
from .paths import book_dir, grammar_dir, rulebook_dir
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
CACHE_FORMAT = "6"
# The modules whose behaviour a cached program depends on: any change invalidates the cache.
_ENGINE_SOURCES = ("lang.py", "ir.py", "check.py", "strata.py", "compile.py", "book.py", "textnorm.py")


def _cache_key(files: list[Path], school: str) -> str:
    digest = hashlib.sha256(f"{CACHE_FORMAT} {sys.version} {school}".encode())
    package = Path(__file__).resolve().parent
    for name in _ENGINE_SOURCES:
        digest.update((package / name).read_bytes())
    digest.update((grammar_dir() / "yimao.lark").read_bytes())
    for name in ("yimao-zh.txt", "chapter-map.tsv"):
        stat = (book_dir() / name).stat()
        digest.update(f"{name} {stat.st_size} {stat.st_mtime_ns}".encode())
    for path in files:
        digest.update(str(path.resolve()).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_dir() -> Path:
    """Where checked and compiled rulebooks are kept: $YIMAO_CACHE_DIR, else the user cache."""
    if os.environ.get("YIMAO_CACHE_DIR"):
        return Path(os.environ["YIMAO_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "yimao"


def _read_cache(key: str) -> Engine | None:
    try:
        program, code = pickle.loads((cache_dir() / f"{key}.pickle").read_bytes())
        return Engine.build(program, {rule_id: {v: marshal.loads(data) for v, data in variants.items()}
                                      for rule_id, variants in code.items()})
    except Exception:  # a missing, stale or damaged cache is rebuilt, never an error
        return None


def _write_cache(key: str, engine: Engine) -> None:
    try:
        folder = cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        code = {rule_id: {v: marshal.dumps(c) for v, c in variants.items()}
                for rule_id, variants in engine.variant_code().items()}
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(pickle.dumps((engine.program, code), protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(temporary, folder / f"{key}.pickle")
    except OSError:
        pass  # a read-only home: work without the cache


def load_engine(paths: Sequence[str | Path] | None = None, use_cache: bool = True, school: str | None = None) -> Engine:
    """The compiled engine for a rulebook; raises RulebookError with every diagnostic.

    Checked and compiled rulebooks are cached on disk, keyed by the content of every rule file,
    the grammar and the engine modules, so any edit invalidates the entry.
    """
    files = rulebook_files(paths)
    overlays = school_files(paths) if school and school != BASE_SCHOOL else []
    key = _cache_key(files + overlays, school or BASE_SCHOOL)
    engine = _CACHE.get(key)
    if engine is not None:
        return engine
    engine = _read_cache(key) if use_cache else None
    if engine is None:
        program, diagnostics = check_files(files, school, overlays)
        if diagnostics:
            raise RulebookError(diagnostics)
        engine = Engine.build(program)
        if use_cache:
            _write_cache(key, engine)
    _CACHE[key] = engine
    return engine
