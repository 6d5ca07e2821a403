"""Pausing Python's cyclic garbage collector around work that allocates many objects and frees
none in cycles (an evaluation, unpickling or parsing a rulebook): the collector would traverse the
young heap again and again for nothing -- about a fifth of an evaluation's time.

On leaving, the objects made are moved straight to the oldest generation (`gc.freeze` then
`gc.unfreeze`, both constant time) instead of being traversed by the next young collection: what
such a block keeps is long-lived (an engine, a result being read), and that one traversal of
thousands of fresh tuples cost as much as a tenth of a judgement.  Anything young the caller had
is promoted with them; cyclic garbage among it is still collected, by the next full collection.
Skipped when the program has frozen objects itself, whose frozen set this would undo.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()
