"""The on-disk cache of checked and compiled rulebooks.

Three files per rulebook.  `<key>.runtime` holds what evaluating and judging read -- the compiled
rules in plain form, the shared facts, and of the program its declarations, questions, rule cards
and table rows -- so a judgement loads no rule IR.  `<key>.code` holds the rules' join code,
marshalled, mapped into memory and unmarshalled one rule at a time when a run first calls it.
`<key>.program` holds the checked program itself,
read only when something asks for more (rule bodies for whynot, coverage, the web views).  The key
covers the content of every rule file, the grammar, the book's text and the engine modules, so
any edit invalidates them all.
"""

from __future__ import annotations

import hashlib
import marshal
import mmap
import os
import pickle
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Callable

import attrs

from .check import Program, RuleCard
from .evaluate import Engine
from .gcpause import gc_paused
from .ir import Value
from .paths import book_dir, grammar_dir

FORMAT = "7"
# The modules whose behaviour a cached program depends on: any change invalidates the cache.
_ENGINE_SOURCES = ("lang.py", "ir.py", "check.py", "strata.py", "compile.py", "book.py", "textnorm.py",
                   "evaluate.py", "relevance.py", "cache.py", "weighing.py")


def cache_key(files: list[Path], school: str) -> str:
    digest = hashlib.sha256(f"{FORMAT} {sys.version} {school}".encode())
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


class LazyProgram:
    """The checked program of an engine read from the cache.  What evaluating and judging read is
    at hand; any other attribute loads the whole program (from `<key>.program`, or by checking
    the rule files again if that is gone) on first use."""

    def __init__(self, summary: dict[str, Any], load: Callable[[], Program]) -> None:
        self._load = load
        self._program: Program | None = None
        self.declarations = summary["declarations"]
        self.questions = summary["questions"]
        self.school = summary["school"]
        self.method = summary["method"]
        self.exceptions = summary["exceptions"]
        self.readers = summary["readers"]
        self._cards: dict[str, bytes] = summary["cards"]  # pickled one by one: a judgement reads a few
        self._made: dict[str, RuleCard] = {}
        self.table_rows: dict[str, list] = summary["rows"]

    def card(self, rule_id: str) -> RuleCard:
        found = self._made.get(rule_id)
        if found is None:
            found = self._made[rule_id] = RuleCard(*_loads(self._cards[rule_id]))
        return found

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


def _mapped(path: Path):
    """The file's bytes, mapped rather than read: a run slices out only the code it calls."""
    with open(path, "rb") as handle:
        return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)


class Slices(Mapping):
    """rule id -> {variant: marshalled code}, cut from the code file on demand."""

    def __init__(self, blob, offsets: dict[str, dict[int, tuple[int, int]]]) -> None:
        self.blob = blob
        self.offsets = offsets

    def __getitem__(self, rule_id: str) -> dict[int, bytes]:
        return {v: self.blob[start:start + length] for v, (start, length) in self.offsets[rule_id].items()}

    def __iter__(self):
        return iter(self.offsets)

    def __len__(self) -> int:
        return len(self.offsets)


def _summary(program: Program) -> dict[str, Any]:
    return {
        "declarations": program.declarations, "questions": program.questions, "school": program.school,
        "method": program.method, "exceptions": program.exceptions, "readers": program.readers, "rows": program.table_rows,
        "cards": {rule_id: _dumps(attrs.astuple(card, recurse=False)) for rule_id, card in program.cards.items()},
    }


def _dumps(value) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _loads(data: bytes):
    """Unpickled with the collector paused (see gcpause): thousands of objects, none in cycles."""
    with gc_paused():
        return pickle.loads(data)


def one_copy(value, seen: dict):
    """The value with equal strings, tuples and frozensets made one object: pickle stores an object
    once and refers to it after, so the file unpickles into far fewer objects (the same ('位', '层')
    serves a thousand rules)."""
    if isinstance(value, dict):
        return {one_copy(k, seen): one_copy(v, seen) for k, v in value.items()}
    if isinstance(value, list):
        return [one_copy(v, seen) for v in value]
    if isinstance(value, tuple):
        value = tuple(one_copy(v, seen) for v in value)
    elif isinstance(value, frozenset):
        value = frozenset(one_copy(v, seen) for v in value)
    elif not isinstance(value, str):
        return value
    try:
        return seen.setdefault(value, value)
    except TypeError:  # a tuple holding a list
        return value


def _write(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def write_engine(key: str, engine: Engine) -> None:
    try:
        folder = cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        program = engine.program.full if isinstance(engine.program, LazyProgram) else engine.program
        # The join code in one file, each variant at an offset, sliced out when a run first calls it.
        blobs, code, offset = [], {}, 0
        for rule_id, variants in engine.variant_code().items():
            code[rule_id] = {}
            for variant, compiled in variants.items():
                blob = marshal.dumps(compiled)
                blobs.append(blob)
                code[rule_id][variant] = (offset, len(blob))
                offset += len(blob)
        _write(folder / f"{key}.code", b"".join(blobs))
        _write(folder / f"{key}.program", _dumps(program))
        seen: dict = {}
        state = {name: one_copy(value, seen) for name, value in engine.runtime_state().items()}
        # Read only when a proof reaches a table row or a static rule's fact.
        state["shared_derivations"] = _dumps(state["shared_derivations"])
        summary = _summary(program)
        summary.update((name, one_copy(summary[name], seen)) for name in ("readers", "rows", "exceptions"))
        runtime = (summary, state, code)
        _write(folder / f"{key}.runtime", _dumps(runtime))
    except OSError:
        pass  # a read-only home: work without the cache


def read_engine(key: str, rebuild: Callable[[], Program]) -> Engine | None:
    """The cached engine, or None when the cache lacks it or it is damaged (then it is rebuilt,
    never an error).  `rebuild` checks the rule files again if the program file is unreadable."""
    try:
        with gc_paused():
            summary, state, code = _loads((cache_dir() / f"{key}.runtime").read_bytes())
            state["shared_derivations"] = Unpickled(state["shared_derivations"])
            program = LazyProgram(summary, lambda: _read_program(key, rebuild))
            return Engine.from_state(program, state, Slices(_mapped(cache_dir() / f"{key}.code"), code))
    except Exception:  # a missing, stale or damaged entry is rebuilt
        return None


def _read_program(key: str, rebuild: Callable[[], Program]) -> Program:
    try:
        program = _loads((cache_dir() / f"{key}.program").read_bytes())
        if isinstance(program, Program):
            return program
    except Exception:
        pass
    return rebuild()
