"""The cache's files: each written whole (a temporary file renamed into place) behind a digest of
its payload, read whole and checked against that digest before use -- or, for a file of many parts
of which a reader wants a few (an engine's pack of join code), behind a digest of its index and one
of each part, checked as each part is read.

So a reader never sees a half-written file, a damaged or truncated one reads as missing (and is
rebuilt by whoever asked), and nothing is memory-mapped: another process truncating or rewriting
a file cannot pull pages from under a reader.  When the cache folder cannot be written (read-only,
full, not a folder) the process warns once and goes on without writing.
"""

from __future__ import annotations

import hashlib
import io
import marshal
import os
import pickle
import struct
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from types import CodeType

import attrs

from .gcpause import gc_paused

MAGIC = b"yimao-cache-1\n"
_DIGEST_SIZE = 16
_state = {"writable": True}


def cache_dir() -> Path:
    """Where checked and compiled rulebooks are kept: $YIMAO_CACHE_DIR, else the user cache."""
    if os.environ.get("YIMAO_CACHE_DIR"):
        return Path(os.environ["YIMAO_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "yimao"


def digest(data: bytes) -> bytes:
    """SHA-256 (the processor's own instructions make it several times faster than BLAKE2 here),
    cut to 16 bytes: it detects damage, it does not defend against an attacker."""
    return hashlib.sha256(data).digest()[:_DIGEST_SIZE]


def code_digest(seed: bytes, modules: tuple[str, ...], files: tuple[Path, ...] = ()) -> bytes:
    """A digest of `seed`, Python's version, the named modules of this package and `files`: what
    a kind of cache entry depends on besides its own input (any change to them invalidates it)."""
    found = hashlib.sha256(seed + sys.version.encode())
    package = Path(__file__).resolve().parent
    for path in [package / name for name in modules] + list(files):
        found.update(path.read_bytes())
    return found.digest()


def writable() -> bool:
    """False once a write failed in this process: the cache is then read but never written."""
    return _state["writable"]


def _give_up(folder: Path, error: OSError) -> None:
    if _state["writable"]:
        _state["writable"] = False
        reason = error.strerror or str(error)
        print(f"yimao: warning: cannot write the rulebook cache in {folder} ({reason}); working without it",
              file=sys.stderr)


def write_file(path: Path, payload: bytes) -> bool:
    """Write `payload` behind its digest: to a temporary file in the same folder, then renamed over
    `path`, so readers see the old file or the new one, never a part.  On failure nothing is left
    behind and the cache goes read-only for this process (one warning)."""
    return _write(path, (MAGIC, digest(payload), payload))


def _write(path: Path, pieces: tuple[bytes, ...]) -> bool:
    if not _state["writable"]:
        return False
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        with open(temporary, "xb") as out:
            out.writelines(pieces)
        os.replace(temporary, path)
        return True
    except OSError as error:
        if temporary is not None:
            try:
                temporary.unlink()
            except OSError:
                pass
        _give_up(path.parent, error)
        return False


def code_of(payload: bytes | None) -> CodeType | None:
    """A code object unmarshalled, or None when there is none or it is not one this Python reads
    (marshalled by another version, or damaged): the caller compiles again."""
    if payload is None:
        return None
    try:
        code = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None


def read_file(path: Path) -> bytes | None:
    """The payload of a cache file, or None when it is missing, unreadable or fails its digest."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    head = len(MAGIC) + _DIGEST_SIZE
    if not data.startswith(MAGIC) or len(data) < head:
        return None
    payload = data[head:]
    if digest(payload) != data[len(MAGIC):head]:
        return None
    return payload


# A file of parts: its index (the keys, then per part its offset, length and digest as fixed-size
# records) behind the index's own digest, then the parts.  Read whole but checked part by part as
# parts are asked for, so a reader wanting a few hundred of several thousand parts does not hash
# megabytes, and the index is two values to unmarshal, not thousands.
PARTS_MAGIC = b"yimao-parts-1\n"
_RECORD = struct.Struct(f"<QQ{_DIGEST_SIZE}s")
_PREAD = getattr(os, "pread", None)


def write_parts(path: Path, parts: Mapping[str, bytes]) -> bool:
    records = bytearray()
    offset = 0
    for part in parts.values():
        records += _RECORD.pack(offset, len(part), digest(part))
        offset += len(part)
    head = marshal.dumps((list(parts), bytes(records)))
    return _write(path, (PARTS_MAGIC, digest(head), len(head).to_bytes(8, "little"), head, *parts.values()))


class Parts(Mapping):
    """The parts of a file written by `write_parts`, read from the open file as they are asked
    for (a pack holds megabytes, a run reads a few hundred kilobytes of it) and checked against
    their digests: a damaged or truncated part reads as missing.  The file stays open, so a file
    renamed over it later is not seen, and reading (not mapping) a file truncated meanwhile gives
    short data, not a fault."""

    def __init__(self, fd: int, start: int, keys: list[str], records: bytes) -> None:
        self._fd = fd
        weakref.finalize(self, os.close, fd)
        self._start = start
        self._where = {key: number * _RECORD.size for number, key in enumerate(keys)}
        self._records = records
        self._lock = threading.Lock()

    def get(self, key, default=None):
        at = self._where.get(key)
        if at is None:
            return default
        offset, length, expected = _RECORD.unpack_from(self._records, at)
        part = self._read(self._start + offset, length)
        return part if len(part) == length and digest(part) == expected else default

    def _read(self, offset: int, length: int) -> bytes:
        try:
            if _PREAD is not None:  # no shared file position: threads need no lock
                return _PREAD(self._fd, length, offset)
            with self._lock:
                os.lseek(self._fd, offset, os.SEEK_SET)
                return os.read(self._fd, length)
        except (OSError, ValueError):
            return b""

    def __getitem__(self, key):
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key) -> bool:
        return key in self._where

    def __iter__(self):
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


def read_parts(path: Path) -> Parts | None:
    """The parts of a file, or None when it is missing, unreadable, or its index is damaged."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        start = len(PARTS_MAGIC) + _DIGEST_SIZE + 8
        top = os.read(fd, start)
        if len(top) < start or not top.startswith(PARTS_MAGIC):
            raise ValueError
        length = int.from_bytes(top[start - 8:], "little")
        head = os.read(fd, length)
        if len(head) != length or digest(head) != top[len(PARTS_MAGIC):len(PARTS_MAGIC) + _DIGEST_SIZE]:
            raise ValueError
        keys, records = marshal.loads(head)
        if not isinstance(keys, list) or not isinstance(records, bytes) or len(records) != len(keys) * _RECORD.size:
            raise ValueError
    except (OSError, ValueError, EOFError, TypeError):
        os.close(fd)
        return None
    return Parts(fd, start + length, keys, records)


_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _init_fields(cls: type) -> tuple[str, ...] | None:
    """The fields an attrs class's `__init__` takes, in order; None when it is not such a class."""
    if cls not in _FIELDS:
        fields = attrs.fields(cls) if attrs.has(cls) else None
        positional = fields is not None and all(f.init and not f.kw_only for f in fields)
        _FIELDS[cls] = tuple(f.name for f in fields) if positional else None
    return _FIELDS[cls]


class _Pickler(pickle.Pickler):
    """Pickles attrs values as their class called with their fields: unpickling then runs the
    class's own generated `__init__`, about twice as fast as attrs' generic `__setstate__` (the
    front end's IR is tens of thousands of small values), and the class is the callable itself,
    so no frame of ours runs per value (a fifth faster again).  Any attrs class, so a new kind
    of IR value needs nothing here."""

    def reducer_override(self, value):
        kind = type(value)
        names = _init_fields(kind)
        if names is None:
            return NotImplemented
        return kind, tuple(getattr(value, name) for name in names)


def dumps(value) -> bytes:
    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return out.getvalue()


def loads(data: bytes):
    """Unpickled with the collector paused (see gcpause): thousands of objects, none in cycles."""
    with gc_paused():
        return pickle.loads(data)


def read_value(path: Path, expected: type | tuple[type, ...] = object):
    """The unpickled value of a cache file, or None when it is missing, damaged or not `expected`."""
    payload = read_file(path)
    if payload is None:
        return None
    try:
        value = loads(payload)
    except Exception:  # a payload that passed its digest but not pickle: written by another version
        return None
    return value if isinstance(value, expected) else None



def touch(path: Path) -> None:
    """Mark a cache file used, so housekeeping keeps it among the most recent."""
    try:
        os.utime(path)
    except OSError:
        pass

class PickledValues(Mapping):
    """A mapping whose values stay pickled until first read, the values of a few keys to a blob:
    a judgement reads dozens of a thousand values (declarations, rule cards, closures), and one
    blob per value cost a pickler per value to write, a fifth of writing an engine's entry."""

    GROUP = 16  # values per blob

    def __init__(self, index: dict[str, int], blobs: tuple[bytes, ...]) -> None:
        self._index = index  # key -> its blob
        self._blobs = blobs
        self._made: dict[str, object] = {}

    @classmethod
    def pickle(cls, values: Mapping) -> "PickledValues":
        """`values` pickled a group of keys to a blob, in their order (as they are, if so already)."""
        if isinstance(values, PickledValues):
            return values
        keys = list(values)
        index: dict[str, int] = {}
        blobs = []
        for start in range(0, len(keys), cls.GROUP):
            group = keys[start:start + cls.GROUP]
            index.update(dict.fromkeys(group, len(blobs)))
            blobs.append(dumps({key: values[key] for key in group}))
        return cls(index, tuple(blobs))

    @property
    def pickled(self) -> tuple[dict[str, int], tuple[bytes, ...]]:
        """What to store (and give `PickledValues(*…)` back), without pickling anything again."""
        return self._index, self._blobs

    def __getitem__(self, key):
        try:
            return self._made[key]
        except KeyError:
            self._made.update(loads(self._blobs[self._index[key]]))
            return self._made[key]

    def get(self, key, default=None):
        return self[key] if key in self._index else default

    def __contains__(self, key) -> bool:
        return key in self._index

    def __iter__(self):
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


class Recent:
    """At most `size` values, the least recently used dropped first: what a running process keeps of
    what it loaded (files read, rules checked), so a reload after an edit redoes only the edit's part."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict = OrderedDict()

    def get(self, key):
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key, value) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self._size:
            self._items.popitem(last=False)

    def clear(self) -> None:
        self._items.clear()
