"""Pausing Python's cyclic garbage collector around work that allocates many objects and frees
none in cycles (an evaluation, unpickling or parsing a rulebook): the collector would traverse the
whole young heap again and again for nothing -- about a fifth of an evaluation's time."""

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
        if enabled:
            gc.enable()
