"""The on-disk cache of checked and compiled rulebooks: one entry per rulebook and school.

`engines/<key>.runtime` holds what evaluating reads -- the compiled rules in plain form, the
shared facts -- and the key of each rule's join code (see joincache); `engines/<key>.summary` what
judging reads of the checked program -- its declarations, questions, method, rule cards and table
rows -- so a judgement loads no rule IR (the two halves are written on two children, see
`write_summary`, and an entry is whole when both are there).  The
checked program itself is made again from the rule files when something asks for more (rule
bodies for whynot, coverage, the web views); the front end's per-file cache (see frontcache) makes
that a check, not a parse.  The key covers the content of every rule file, the grammar, the book's
text and the engine modules, so any edit makes a new entry.  `engines/<key>.join` packs the join
code the engine's runs have called (see joincache).  `engines/<key>.uses` lists the per-file entries
and the files of join code the engine reads, for housekeeping: the most recent engines are kept with what
they use, the rest removed.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import time
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import attrs

from .cachestore import (PickledValues, cache_dir, code_digest, dumps as _dumps, loads as _loads, read_file, read_value,
                         touch, write_file)
from .check import Program, RuleCard
from .closurememo import KEEP as CLOSURES_KEPT, SUFFIX as CLOSURE
from .evaluate import Engine
from .forking import beside
from .frontcache import FOLDER as FRONT
from .gcpause import gc_paused
from .ir import Value
from .joincache import FOLDER as JOIN, JoinStore
from .paths import book_dir, grammar_dir

if TYPE_CHECKING:
    from .weighing import Method

FORMAT = "11"  # 11: the summary in a file of its own, its values pickled a group of keys to a blob
ENGINES = "engines"
KEEP = 8  # engines kept by housekeeping, the most recently used first
SLACK = 4  # housekeeping runs when this many more engines than KEEP have gathered (not after every edit)
GRACE_SECONDS = 120  # unreferenced per-file and per-rule entries younger than this are left (a build may be writing them)
# The modules whose behaviour a cached program depends on: any change invalidates the cache.
_ENGINE_SOURCES = ("lang.py", "ir.py", "check.py", "strata.py", "compile.py", "book.py", "textnorm.py",
                   "evaluate.py", "relevance.py", "cache.py", "cachestore.py", "frontcache.py", "joincache.py",
                   "schools.py", "weighing.py")


@cache
def _engine_version() -> bytes:
    """What every entry depends on besides the rule files: read once per process."""
    digest = hashlib.sha256(code_digest(f"engine {FORMAT}".encode(), _ENGINE_SOURCES, (grammar_dir() / "yimao.lark",)))
    for name in ("yimao-zh.txt", "chapter-map.tsv"):
        stat = (book_dir() / name).stat()
        digest.update(f"{name} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.digest()


def cache_key(files: list[Path], school: str, names: list[str]) -> str:
    """The key of an engine: every file by its path, its content and the name its spans carry (the
    path as this directory reaches it): an engine made in another directory names its files as they
    were reached from there, and its checks' and pages' `file:line:col` would be that directory's."""
    digest = hashlib.sha256(_engine_version() + school.encode())
    for path, name in zip(files, names, strict=True):
        digest.update(os.path.abspath(path).encode() + b"\0" + name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


# The attributes of a checked program that evaluating and judging read, kept in the runtime file so
# that a cached engine answers them without the program (any other attribute loads it: a new one
# that every judgement reads belongs here).
SUMMARY = ("declarations", "questions", "question_chapters", "school", "method", "exceptions", "readers", "table_rows")


# The parts of the summary pickled value by value and read per key (`PickledValues`): a judgement
# reads some dozens of a thousand declarations, the readers of a few inputs, three tables' rows,
# the citations of a few dozen rules.
_BY_KEY = ("declarations", "readers", "table_rows", "cards")


class LazyProgram:
    """The checked program of an engine read from the cache.  What evaluating and judging read is
    at hand; any other attribute loads the whole program on first use, by checking the rule files
    again (each file's IR from the front end's cache)."""

    def __init__(self, summary: dict[str, Any], load: Callable[[], Program]) -> None:
        self._load = load
        self._program: Program | None = None
        # pickled apart, only judging reads it; its precedence closure per ruling, read as asked
        self._method: tuple[bytes, dict[str, bytes]] | Method = summary["method"]
        for name in (*SUMMARY, "cards"):
            if name in _BY_KEY:
                setattr(self, name, PickledValues(*summary[name]))
            elif name != "method":
                setattr(self, name, summary[name])

    @property
    def method(self) -> Method:
        """The judging method, unpickled when a judgement first asks (a fifth of an engine's
        load, which a chart or a `facts` listing does not need)."""
        if isinstance(self._method, tuple):
            method, below = self._method
            self._method = attrs.evolve(_loads(method), below=PickledValues(*below))
        return self._method

    def card(self, rule_id: str) -> RuleCard:
        return self.cards[rule_id]

    def rows_of(self, predicate: str) -> list[tuple[Value, ...]]:
        return list(self.table_rows.get(predicate, ()))

    @property
    def full(self) -> Program:
        if self._program is None:
            self._program = self._load()
        return self._program

    def __getattr__(self, name: str):
        if name.startswith("_"):  # never load for private or special names (copy, pickle)
            raise AttributeError(name)
        return getattr(self.full, name)


class Unpickled(Mapping):
    """A mapping kept pickled until first read."""

    def __init__(self, blob: bytes) -> None:
        self._blob = blob
        self._data: dict | None = None

    @property
    def data(self) -> dict:
        if self._data is None:
            self._data = _loads(self._blob)
        return self._data

    def __getitem__(self, key):
        return self.data[key]

    def get(self, key, default=None):
        return self.data.get(key, default)

    def __contains__(self, key) -> bool:
        return key in self.data

    def __iter__(self):
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


def _summary(program: Program) -> dict[str, Any]:
    found = {name: getattr(program, name) for name in (*SUMMARY, "cards")}
    method = found["method"]
    # a judgement asks the closure for the twenty-odd rulings of its chart, of some three hundred
    below = PickledValues.pickle(method.below)  # as it is when recalled (see closurememo)
    found["method"] = (pickle.dumps(attrs.evolve(method, below={}), protocol=pickle.HIGHEST_PROTOCOL), below.pickled)
    for name in _BY_KEY:
        found[name] = PickledValues.pickle(found[name]).pickled
    found["exceptions"] = one_copy(found["exceptions"], {})
    return found


def one_copy(value, seen: dict):
    """The value with equal strings, tuples and frozensets made one object: pickle stores an object
    once and refers to it after, so the file unpickles into far fewer objects (the same ('位', '层')
    serves a thousand rules).  Exact types only (a subclass is kept as it is)."""
    kind = type(value)
    if kind is str:
        return seen.setdefault(value, value)
    if kind is tuple or kind is frozenset:
        value = kind([one_copy(v, seen) for v in value])
        try:
            return seen.setdefault(value, value)
        except TypeError:  # a tuple holding a list
            return value
    if kind is dict:
        return {one_copy(k, seen): one_copy(v, seen) for k, v in value.items()}
    if kind is list:
        return [one_copy(v, seen) for v in value]
    return value


# The parts of an engine's runtime state whose equal values are many (the rules' specs, the
# relevance analysis): made one copy each (above) before pickling; for the rest it costs more to
# write than it saves to read.
_SHARED_PARTS = ("rules", "needs")


def entry_path(key: str, suffix: str) -> Path:
    return cache_dir() / ENGINES / f"{key}.{suffix}"


def write_summary(key: str, program: Program) -> None:
    """Save what judging reads of a checked program (`engines/<key>.summary`): on a forked child
    while this process builds the engine, where it may fork (see forking)."""
    beside(lambda: write_file(entry_path(key, "summary"), _dumps(_summary(program))))


def write_engine(key: str, engine: Engine, uses: list[str]) -> None:
    """Save an engine built from its rule files (`engines/<key>.runtime`, beside the summary
    `write_summary` saved); `uses` names its per-file entries and files of join code.  Written on a
    forked child while the command evaluates and answers, where it may fork: the two halves of an
    entry, some tenths of a second of pickling after an edit, then cost the command no time of its own."""
    if engine.join_store is not None:
        engine.join_store.save()  # what the build compiled: the rules that need no input
    beside(lambda: _write_entry(key, engine, uses))


def _write_entry(key: str, engine: Engine, uses: list[str]) -> None:
    seen: dict = {}
    state = engine.runtime_state()
    # Read only when a proof reaches a table row or a static rule's fact (so pickled apart, as is).
    shared_derivations = _dumps(state.pop("shared_derivations"))
    state = {name: one_copy(value, seen) if name in _SHARED_PARTS else value for name, value in state.items()}
    state["shared_derivations"] = shared_derivations
    code_keys = engine.join_store.keys if engine.join_store is not None else {}
    if write_file(entry_path(key, "uses"), "\n".join(uses).encode()):
        write_file(entry_path(key, "runtime"), _dumps((state, code_keys)))
        prune()


def read_engine(key: str, rebuild: Callable[[], Program]) -> Engine | None:
    """The cached engine, or None when the cache lacks it or it is damaged (then it is rebuilt,
    never an error).  `rebuild` checks the rule files again when the whole program is asked for."""
    path = entry_path(key, "runtime")
    found = read_value(path, tuple)
    summary = read_value(entry_path(key, "summary"), dict) if found is not None else None
    if summary is None or len(found) != 2:
        return None
    try:
        touch(path)
        with gc_paused():
            state, code_keys = found
            state["shared_derivations"] = Unpickled(state["shared_derivations"])
            program = LazyProgram(summary, rebuild)
            return Engine.from_state(program, state, JoinStore(code_keys, entry_path(key, "join")))
    except Exception:  # an entry of the right form but not of this engine: rebuilt
        return None


def _files(folder: Path, pattern: str) -> list[Path]:
    try:
        return [p for p in folder.glob(pattern) if p.is_file()]
    except OSError:
        return []


def _names(folder: Path, suffix: str) -> list[str]:
    """The names of the files in `folder` ending in `suffix` (no stat per file)."""
    try:
        with os.scandir(folder) as entries:
            return [e.name for e in entries if e.name.endswith(suffix) and e.is_file(follow_symlinks=False)]
    except OSError:
        return []


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def prune(keep: int | None = None) -> None:
    """Housekeeping: remove the files of older formats; once `keep` + SLACK engines have gathered,
    keep the `keep` most recently used and what they use, and remove the other engines and the
    per-file and per-rule entries no kept engine uses."""
    folder = cache_dir()
    keep = KEEP if keep is None else keep
    for legacy in ("*.runtime", "*.code", "*.program", "tmp*.tmp"):  # the single-folder layout of format 7
        for path in _files(folder, legacy):
            _remove(path)
    if len(_names(folder / ENGINES, ".runtime")) < keep + SLACK:
        return
    engines = sorted(_files(folder / ENGINES, "*.runtime"), key=_mtime, reverse=True)
    for old in engines[keep:]:
        for suffix in (".runtime", ".summary", ".uses", ".join"):
            _remove(old.with_suffix(suffix))
    young = time.time() - GRACE_SECONDS
    for pattern in ("*.uses", "*.summary"):  # a build whose runtime file was never written
        for orphan in _files(folder / ENGINES, pattern):
            if not orphan.with_suffix(".runtime").exists() and _mtime(orphan) < young:
                _remove(orphan)
    used: set[str] = set()
    for kept in engines[:keep]:
        payload = read_file(kept.with_suffix(".uses"))
        used.update(payload.decode().split("\n") if payload else ())
    for sub, suffix in ((FRONT, ".ir"), (JOIN, ".code")):
        for name in _names(folder / sub, suffix):
            if name[:-len(suffix)] not in used and _mtime(path := folder / sub / name) < young:
                _remove(path)
    # Lark's parsers; the quotes found (see quotememo); the precedence closures (see closurememo)
    for pattern, kept in (("*.lark", 2), ("*.quotes", 2), ("*" + CLOSURE, CLOSURES_KEPT)):
        for old in sorted(_files(folder / FRONT, pattern), key=_mtime, reverse=True)[kept:]:
            _remove(old)


KINDS = {"engines": (ENGINES, "*.runtime"), "parsed files": (FRONT, "*.ir"), "parsers": (FRONT, "*.lark"),
         "quotes found": (FRONT, "*.quotes"), "precedence closures": (FRONT, "*" + CLOSURE),
         "join code": (JOIN, "*.code")}


def info() -> dict[str, Any]:
    """What the cache holds: per kind, how many entries and their bytes."""
    folder = cache_dir()
    kinds = {}
    for kind, (sub, pattern) in KINDS.items():
        paths = _files(folder / sub, pattern)
        entries = len(paths)
        if kind == "engines":  # with their lists of what they use and their packs of join code
            paths += [p.with_suffix(s) for p in paths for s in (".summary", ".uses", ".join") if p.with_suffix(s).exists()]
        kinds[kind] = {"entries": entries, "bytes": sum(map(_size, paths))}
    return {"folder": str(folder), "kinds": kinds, "bytes": sum(k["bytes"] for k in kinds.values())}


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def clear() -> int:
    """Remove every entry (and any file a failed write left); the number of files removed."""
    folder = cache_dir()
    removed = 0
    targets = [(ENGINES, "*"), (FRONT, "*"), (JOIN, "*")] + [("", p) for p in ("*.runtime", "*.code", "*.program", "tmp*.tmp")]
    for sub, pattern in targets:
        for path in _files(folder / sub if sub else folder, pattern):
            _remove(path)
            removed += 1
    return removed
