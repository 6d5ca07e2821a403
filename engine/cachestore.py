"""The cache's files: each written whole (a temporary file renamed into place) behind a digest of
its payload, read whole and checked against that digest before use.

So a reader never sees a half-written file, a damaged or truncated one reads as missing (and is
rebuilt by whoever asked), and nothing is memory-mapped: another process truncating or rewriting
a file cannot pull pages from under a reader.  When the cache folder cannot be written (read-only,
full, not a folder) the process warns once and goes on without writing.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
from pathlib import Path

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
    if not _state["writable"]:
        return False
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        with open(temporary, "xb") as out:
            out.write(MAGIC + digest(payload) + payload)
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
