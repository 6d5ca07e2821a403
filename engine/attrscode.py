"""The methods attrs writes for our value types, compiled once and kept in the cache.

attrs makes each class's `__init__`, `__eq__`, `__repr__`, `__hash__` … by compiling generated
source when the class is defined: some seventy compilations, about a tenth of a cached command's
start-up.  The same source always compiles to the same code, so the code objects are kept in one
cache file (`attrs-code`), keyed by a digest of the source, its file name, Python's version and
attrs's code, and read back instead of compiled.  The file is checked against its digest like every
cache file (damaged: compiled again); a process that compiled something new writes the file again
at exit.  Installed by the package's `__init__` before any module defines a class.
"""

from __future__ import annotations

import atexit
import builtins
import hashlib
import marshal
import re
import sys

import attr._make as _attrs_make

from .cachestore import cache_dir, code_of, dumps, read_value, write_file

FILE = "attrs-code"
# attrs writes into `__hash__` a number of its own, `hash()` of the class's name: it differs from
# process to process (string hashing is salted), so it is left out of the key.  The code read back
# keeps the number of the process that compiled it -- still one number for the class.
_TYPE_HASH = re.compile(r"(return hash\(\(\s*)-?\d+,")


def _seed() -> bytes:
    """Python's version and the attrs that writes the sources (its code, not `attr.__version__`,
    which imports importlib.metadata: some 20 ms of every start)."""
    try:
        with open(_attrs_make.__file__, "rb") as handle:
            made_by = hashlib.sha256(handle.read()).digest()
    except OSError:
        made_by = b"?"
    return f"{sys.version}\0{marshal.version}\0".encode() + made_by


_SEED = _seed()
_compile = builtins.compile
_KEPT = 2000  # past this many codes (edits leave old ones behind), a save keeps only this process's
_state: dict = {"codes": None, "new": 0, "used": set()}


def _codes() -> dict[bytes, bytes]:
    """digest of a source -> its marshalled code: the cache file's, read on the first compile."""
    codes = _state["codes"]
    if codes is None:
        codes = _state["codes"] = read_value(cache_dir() / FILE, dict) or {}
    return codes


def cached_compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **more):
    """`compile`, for attrs: a plain call on a source string is answered from the cache."""
    if flags or dont_inherit or optimize != -1 or more or not isinstance(source, str):
        return _compile(source, filename, mode, flags, dont_inherit, optimize, **more)
    stable = _TYPE_HASH.sub(r"\1#,", source, count=1)
    key = hashlib.sha256(_SEED + f"{filename}\0{mode}\0{stable}".encode()).digest()[:16]
    codes = _codes()
    _state["used"].add(key)
    code = code_of(codes.get(key))
    if code is not None:
        return code
    code = _compile(source, filename, mode)
    codes[key] = marshal.dumps(code)
    if not _state["new"]:
        atexit.register(save)
    _state["new"] += 1
    return code


def save() -> None:
    """Write the codes again when this process compiled some (at exit)."""
    codes = _state["codes"]
    if _state["new"] and codes is not None:
        if len(codes) > _KEPT:
            codes = {key: code for key, code in codes.items() if key in _state["used"]}
        write_file(cache_dir() / FILE, dumps(codes))
        _state["new"] = 0


def install() -> None:
    """Make attrs compile through the cache: its module's own name `compile` shadows the builtin
    (an attrs without that call site simply compiles as before)."""
    _attrs_make.compile = cached_compile


def compiled_here() -> int:
    """How many sources this process compiled rather than read back (for the tests)."""
    return _state["new"]
