"""Pausing Python's cyclic garbage collector around work that allocates many objects and frees
none in cycles (an evaluation, unpickling or parsing a rulebook): the collector would traverse the
young heap again and again for nothing -- about a fifth of an evaluation's time.

On leaving, the objects made are moved straight to the oldest generation (`gc.freeze` then
`gc.unfreeze`, both constant time) instead of being traversed by the next young collection: what
such a block keeps is long-lived (an engine, a result being read), and that one traversal of
thousands of fresh tuples cost as much as a tenth of a judgement.  Anything young the caller had
is promoted with them, and CPython would collect cyclic garbage among it only at a full
collection, which it may never start (objects moved this way do not count towards one); so every
`FULL_COLLECTION_EVERY` blocks a full collection is made here (some tens of milliseconds, a few
hundredths of a millisecond a block).  Skipped when the program froze objects itself, whose frozen
set this would undo, and no collection is made when the program disabled the collector.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

FULL_COLLECTION_EVERY = 1000
_since_full = 0


@contextmanager
def gc_paused() -> Iterator[None]:
    global _since_full
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
            _since_full += 1
            if enabled and _since_full >= FULL_COLLECTION_EVERY:
                _since_full = 0
                gc.collect()
        if enabled:
            gc.enable()
