"""Loading a rulebook: find the `.ym` files, parse, check, and compile them once per process."""

from __future__ import annotations

import os
import time
import re
from pathlib import Path
from typing import Iterable, Sequence

import attrs

from .book import load_book
from .bounds import MAX_FILE_BYTES
from .cache import cache_key, entry_path, read_engine, write_engine, write_summary
from .check import Program, check_program
from .diagnostics import Diagnostic
from .errors import RulebookError, UsageError
from .evaluate import Engine
from .gcpause import gc_paused
from .joincache import JoinStore, code_keys
from .paths import display_names, rulebook_dir
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
    shown = name if len(name) <= 80 else "..." + name[-77:]  # the end names the file
    return f"cannot read {shown}: {error.strerror or error}"


def school_files(paths: Sequence[str | Path] | None = None) -> list[Path]:
    """The school overlays: `schools/*.ym` beside the rulebook (or in each given folder)."""
    roots = [Path(p) for p in paths] if paths else [rulebook_dir()]
    return [f for root in roots if (root / "schools").is_dir() for f in sorted((root / "schools").glob(f"*{SUFFIX}"))]


def _parse(files: Iterable[Path], sources: dict[str, list[str]], diagnostics: list[Diagnostic],
           keys: dict[str, str] | None) -> list:
    """The modules of the files; `keys` (display name -> key) given: each through the per-file cache."""
    from .forking import wait
    from .frontcache import file_key, parse_cached, parse_missing

    read = []
    files = list(files)
    for path, name in zip(files, display_names(files)):
        content = read_rule_file(path, name)
        read.append((name, content, content.decode("utf-8")))
    pending = parse_missing(read) if keys is not None else None
    later = pending[1] if pending is not None else frozenset()
    parsed: dict[str, tuple] = {}
    # the files a child is parsing last, after every other file's IR is read
    for name, content, text in sorted(read, key=lambda f: f[0] in later):
        sources[name] = text.split("\n")
        if keys is None:
            from .lang import parse_module  # Lark is imported only when rule files are read

            parsed[name] = parse_module(text, name)
            continue
        if pending is not None and name in later:
            wait(pending[0])  # what it did not write is parsed here
            pending = None
        keys[name] = file_key(name, content)
        parsed[name] = parse_cached(name, content, text, keys[name])
    modules = []
    for name, _, _ in read:
        module, found = parsed[name]
        diagnostics.extend(found)
        if module is not None:
            modules.append(module)
    return modules


def read_rule_file(path: Path, name: str | None = None) -> bytes:
    """A rule file's bytes, known to be UTF-8; unreadable, too large or not UTF-8 is a usage error
    naming it."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise UsageError(f"cannot read {name or path}: larger than {MAX_FILE_BYTES:,} bytes")
        content = path.read_bytes()
        content.decode("utf-8")
        return content
    except OSError as error:
        raise UsageError(unreadable(error, name or path)) from None
    except UnicodeDecodeError as error:
        raise UsageError(f"cannot read {name or path}: not UTF-8 (byte {error.start})") from None


def check_files(files: Iterable[Path], school: str | None = None, overlays: Iterable[Path] = (),
                keys: dict[str, str] | None = None) -> tuple[Program | None, list[Diagnostic]]:
    """Parse and check a rulebook, with the chain of school overlays for `school` applied.

    With `keys`, each file's IR comes from the per-file cache (and `keys` is filled with each
    file's key); the checks always run over the whole program."""
    diagnostics: list[Diagnostic] = []
    sources: dict[str, list[str]] = {}
    modules = _parse(files, sources, diagnostics, keys)
    overlay_modules = _parse(overlays, sources, diagnostics, keys)
    # a module as parsed from its file, by its id, -> the file's key (a module a school changes is
    # made anew, so it is not among them): see checkmemo
    file_keys = {id(m): keys[m.file] for m in modules + overlay_modules if m.file in keys} if keys is not None else None
    schools = school_modules(overlay_modules, diagnostics)
    if school and school != BASE_SCHOOL and school not in schools:
        known = ", ".join([BASE_SCHOOL, *schools])
        raise UsageError(f"unknown school {school} (known: {known})")
    overlaid = apply(modules, chain_of(school or BASE_SCHOOL, schools), diagnostics)
    quotes = None
    if keys is not None:
        from .quotememo import QuoteMemo

        quotes = QuoteMemo.load()
    program, found = check_program(list(overlaid.modules), load_book(), overlaid, quotes, file_keys)
    if quotes is not None:
        quotes.save()
    diagnostics.extend(found)
    diagnostics = [d.with_source(sources) for d in diagnostics]
    diagnostics.sort(key=lambda d: (d.span.file, d.span.line, d.span.column))
    return (program if not diagnostics else None), diagnostics


@attrs.frozen
class _Loaded:
    """An engine this process loaded, with the key of its content, the files and folders it read,
    and their size, modification time and inode when that was taken (None when one was too fresh
    to trust)."""

    engine: Engine
    key: str
    watched: tuple[Path, ...]
    stamps: tuple | None


# Engines by content key (many requests may share one), and by request (rulebook, school, cache).
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
_LOADED: dict[tuple, _Loaded] = {}
# A file modified this recently may change again within the file system's clock resolution
# without its size or time changing (as git's "racy" index entries): its content is hashed again.
_RACY_NS = 2_000_000_000


def _stamps(paths: Sequence[Path]) -> tuple | None:
    """(size, mtime, inode) of each path, or None when any was modified too recently to trust."""
    found = []
    now = time.time_ns()
    for path in paths:
        stat = os.stat(path)
        if now - stat.st_mtime_ns < _RACY_NS:
            return None
        found.append((stat.st_size, stat.st_mtime_ns, stat.st_ino))
    return tuple(found)


def _unchanged(loaded: _Loaded | None) -> bool:
    if loaded is None or loaded.stamps is None or _CACHE.get(loaded.key) is not loaded.engine:
        return False
    try:
        return _stamps(loaded.watched) == loaded.stamps
    except OSError:
        return False


def forget() -> None:
    """Forget what this process has loaded -- engines, files read, rules checked -- so the next
    load reads the disk cache as a new process would."""
    from .checkmemo import MEMO
    from .frontcache import forget_read

    _CACHE.clear()
    _LOADED.clear()
    forget_read()
    MEMO.forget()


def load_engine(paths: Sequence[str | Path] | None = None, use_cache: bool = True, school: str | None = None) -> Engine:
    """The compiled engine for a rulebook; raises RulebookError with every diagnostic.

    An engine loaded once is reused in this process while its files and folders keep their size,
    modification time and inode (the files' content is hashed again only when those change).
    Checked and compiled rulebooks are cached on disk, keyed by the content of every rule file,
    the grammar and the engine modules, so any edit makes a new entry; each rule file's IR and each
    rule's join code are cached on their own, so an edit parses and compiles the edited file only.
    """
    request = (tuple(str(p) for p in paths or ()), school or BASE_SCHOOL, use_cache)
    loaded = _LOADED.get(request)
    if _unchanged(loaded):
        return loaded.engine
    files = rulebook_files(paths)
    overlays = school_files(paths) if school and school != BASE_SCHOOL else []
    if overlays and school not in _declared_schools(overlays):
        known = ", ".join([BASE_SCHOOL, *sorted(_declared_schools(overlays))])
        raise UsageError(f"unknown school {school} (known: {known})")  # before a cold check of everything
    roots = [Path(p) for p in paths] if paths else [rulebook_dir()]
    folders = [f for root in roots if root.is_dir() for f in (root, root / "schools") if f.is_dir()]
    watched = tuple(folders + files + overlays)
    try:
        stamps = _stamps(watched)
        content = cache_key(files + overlays, school or BASE_SCHOOL, display_names(files + overlays))
    except OSError as error:  # the key reads every file: one that cannot be read is named here
        raise UsageError(unreadable(error, "the rulebook")) from None
    key = content if use_cache else f"uncached {content}"
    engine = _CACHE.get(key)
    if engine is None:
        engine = _load(content, files, overlays, school, use_cache)
        _CACHE[key] = engine
    _LOADED[request] = _Loaded(engine, key, watched, stamps)
    return engine


def _load(key: str, files: list[Path], overlays: list[Path], school: str | None, use_cache: bool) -> Engine:
    def check(keys: dict[str, str] | None = None) -> Program:
        program, diagnostics = check_files(files, school, overlays, keys)
        if diagnostics:
            raise RulebookError(diagnostics)
        return program

    if not use_cache:
        with gc_paused():
            return Engine.build(check())
    engine = read_engine(key, lambda: check({}))
    if engine is None:
        # Tens of thousands of objects made and kept, none in cycles: the collector only slows it.
        with gc_paused():
            keys: dict[str, str] = {}
            program = check(keys)
            write_summary(key, program)
            params = {name: decl.params for name, decl in program.declarations.items()}
            store = JoinStore(code_keys(program.rules, params, keys), entry_path(key, "join"))
            engine = Engine.build(program, store)
            write_engine(key, engine, sorted(set(keys.values()) | store.groups()))
    return engine
