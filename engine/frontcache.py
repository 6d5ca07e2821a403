"""The front end's results cached per rule file: the parsed IR of a file (whatever its `Module`
holds) and its syntax diagnostics, keyed by the file's content and name and by the grammar and
front-end code.  An edit re-parses the edited file only; the whole-program checks still run over
every module, so what one file breaks in another is still found.

The Lark parser itself (its LALR tables, the better part of a second to build) is cached too.
"""

from __future__ import annotations

import hashlib
import io
import os
from functools import cache
from pathlib import Path

from .cachestore import Recent, cache_dir, code_digest, dumps, read_file, read_value, writable, write_file
from .forking import may_fork, start
from .paths import grammar_dir

FORMAT = "2"  # 2: the package is yimao (pickles name their classes by module)
FOLDER = "front"
# The modules a file's IR depends on: any change to them makes every file parse again.
_FRONT_SOURCES = ("lang.py", "ir.py", "diagnostics.py", "cachestore.py", "frontcache.py")


@cache
def front_version() -> bytes:
    """A digest of what parsing depends on besides the file: the grammar, the front-end code, Python."""
    return code_digest(f"front {FORMAT}".encode(), _FRONT_SOURCES, (grammar_dir() / "yimao.lark",))


def file_key(name: str, content: bytes) -> str:
    """The key of one rule file's IR: its content and the name its diagnostics and spans carry."""
    digest = hashlib.sha256(front_version())
    digest.update(name.encode() + b"\0" + content)
    return digest.hexdigest()


def _ir_path(name: str, content: bytes, key: str | None = None) -> Path:
    return cache_dir() / FOLDER / f"{key or file_key(name, content)}.ir"


# What this process parsed or read, by key: a process that loads the rulebook again after an edit
# (the workbench, the API in a loop) reads only the edited file (reading the others' IR back was
# about a fifth of a second).  The IR is immutable, so it is shared.
_READ = Recent(1024)  # file key -> (module, diagnostics), for that many file versions


def forget_read() -> None:
    _READ.clear()


def parse_cached(name: str, content: bytes, text: str, key: str | None = None) -> tuple[object, list]:
    """(module or None, syntax diagnostics) of one file, from the cache or parsed and cached; `key`:
    its `file_key`, where the caller has it already (hashing the file is not done twice)."""
    path = _ir_path(name, content, key)
    found = _READ.get(path.stem)
    if found is None:
        found = read_value(path, tuple)
        if found is None or len(found) != 2:
            from .lang import parse_module  # Lark, imported only to parse

            found = parse_module(text, name)
            write_file(path, dumps(found))
        _READ.put(path.stem, found)
    return found


MIN_FILES = 8  # fewer files missing: a worker pool's start costs more than it saves


def parse_missing(files: list[tuple[str, bytes, str]]) -> tuple[int, frozenset[str]] | None:
    """Parse the files whose IR the cache lacks on other processes, each writing its file's IR to
    the cache, where allowed (several cores, no other thread, a writable cache: see forking);
    whatever was not written, the caller parses as before.  Many (a cold start, Lark's pure-Python
    parse of the whole rulebook): on a pool of one worker per core, and this returns when they are
    done.  A few (an edit): on one forked child, returned as (its pid, the files' names) -- the
    caller reads every other file's IR meanwhile and `forking.wait`s for the child before it reads
    those, so an edit's parse (Lark's import, its tables and the file) costs the command no time
    of its own."""
    if not may_fork() or not writable():
        return None
    missing = [f for f in files if not _ir_path(f[0], f[1]).exists()]
    if not missing:
        return None
    if len(missing) < MIN_FILES:
        pid = start(lambda: [parse_cached(*f) for f in missing])
        return None if pid is None else (pid, frozenset(f[0] for f in missing))
    missing.sort(key=lambda f: -len(f[1]))  # the longest first, so the cores finish together
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    try:
        with ProcessPoolExecutor(min(os.cpu_count() or 1, len(missing)), mp_context=multiprocessing.get_context("fork")) as pool:
            for _ in pool.map(_parse_into_cache, missing):
                pass
    except Exception:  # a worker that died or failed: its files are parsed by the caller
        pass
    return None


def _parse_into_cache(file: tuple[str, bytes, str]) -> None:
    parse_cached(*file)


def cached_parser(grammar: str, build) -> object:
    """The Lark parser for `grammar`: loaded from the cache, or built by `build()` and saved."""
    from lark import Lark

    key = hashlib.sha256(front_version() + grammar.encode()).hexdigest()
    path = cache_dir() / FOLDER / f"{key}.lark"
    saved = read_file(path)
    if saved is not None:
        try:
            return Lark.load(io.BytesIO(saved))
        except Exception:  # damaged or from another lark: built again below
            pass
    parser = build()
    out = io.BytesIO()
    parser.save(out)
    write_file(path, out.getvalue())
    return parser
