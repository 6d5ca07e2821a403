"""`gc_paused` promotes what a block kept to the oldest generation; cyclic garbage promoted with
it must still be collected, not left for a full collection CPython may never start."""

import gc

from yimao import gcpause
from yimao.gcpause import gc_paused


class _Cycle:
    def __init__(self) -> None:
        self.me = self
        self.payload = [0] * 4


def test_cyclic_garbage_promoted_by_gc_paused_is_collected():
    gc.collect()
    before = len(gc.get_objects())
    rounds = 3 * gcpause.FULL_COLLECTION_EVERY
    for _ in range(rounds):
        with gc_paused():
            kept = [_Cycle() for _ in range(5)]  # alive when the block ends: promoted
        del kept  # now garbage in cycles, in the oldest generation
    grown = len(gc.get_objects()) - before
    # Each round leaves 15 tracked objects (5 instances, their dicts, their lists); uncollected
    # they would be 45,000 here.  At most one period's worth may wait for the next collection.
    assert grown < 15 * gcpause.FULL_COLLECTION_EVERY + 1000


def test_gc_paused_restores_the_collector_state():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
