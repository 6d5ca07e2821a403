"""The precedence closure remembered across processes, by what it is made from.

The closure (every ruling below every ruling, with the precedence that places it there) was the
largest part of the whole-program check after an edit (about a tenth of a second), though an edit
to a rule's body or a comment leaves it as it was.  It depends only on the precedences' ids and
selectors, the ids of the rulings in source order (a `*` or a prefix expands over them) and the
rulings a school retired: those, without positions, key the memo.  A closure is remembered (by
the check that made it) only when its check found nothing wrong, so a remembered closure stands
for a check that passes.  It is kept as the engine's runtime file keeps it (`PickledValues`), so
a judgement after an edit unpickles the few rulings it weighs and the cache entry is written
without pickling it again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from .cachestore import PickledValues, cache_dir, code_digest, dumps, read_value, touch, write_file
from .frontcache import FOLDER

if TYPE_CHECKING:
    from .ir import Precedence

SUFFIX = ".closure"
KEEP = 4  # closures kept by housekeeping, the most recent first


@cache
def _version() -> bytes:
    return code_digest(b"closure 1", ("weighing.py", "closurememo.py", "cachestore.py"))


def closure_key(precedences: Iterable[Precedence], rulings: list[str], retired: Iterable[str]) -> str:
    """What a closure is made from, without the positions of anything."""
    digest = hashlib.sha256(_version())
    for p in precedences:
        digest.update(repr((p.id, [(s.kind, s.value) for s in p.winners], [(s.kind, s.value) for s in p.losers])).encode())
    digest.update(b"\0rulings\0" + "\n".join(rulings).encode())
    digest.update(b"\0retired\0" + "\n".join(sorted(retired)).encode())
    return digest.hexdigest()


def memo_path(key: str) -> Path:
    return cache_dir() / FOLDER / f"{key}{SUFFIX}"


def recall(key: str) -> PickledValues | None:
    """The closure remembered under `key`, each ruling's part unpickled when first read."""
    path = memo_path(key)
    found = read_value(path, tuple)
    if found is None or len(found) != 2:
        return None
    touch(path)
    return PickledValues(*found)


def remember(key: str, below: Mapping[str, dict[str, str]]) -> PickledValues:
    """`below` remembered under `key`, as the runtime file keeps it (so written there as it is)."""
    pickled = PickledValues.pickle(below)
    write_file(memo_path(key), dumps(pickled.pickled))
    return pickled
