"""The test suite's own end (tests/conftest.py): a worker of pytest-xdist gets five seconds for
its clean-up once its results are in, and pytest's clean-up makes five full garbage collections;
over a worker's heap on a loaded machine those took longer, and the interrupt execnet sends
then was printed from hypothesis' gc callback (`KeyboardInterrupt`)."""

from __future__ import annotations

import gc
import weakref

from tests.conftest import pytest_sessionfinish


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_the_session_end_collects_the_garbage_then_leaves_the_live_heap_out_of_the_last_passes() -> None:
    cycle = Node()
    cycle.other = Node()
    cycle.other.other = cycle
    gone = weakref.ref(cycle)
    del cycle
    live = [[Node() for _ in range(10)] for _ in range(20_000)]  # a worker's heap, in small
    gc.disable()  # (no collection of its own may come between: the test looks at the hook's)
    try:
        pytest_sessionfinish()
        assert gone() is None  # the garbage of the session was collected (finalizers ran)
        # the rest is left out of pytest's five passes (`gc_collect_harder`), which were the
        # part of a worker's clean-up that took longer than execnet's five seconds
        assert gc.get_freeze_count() >= sum(len(row) for row in live)
    finally:
        gc.unfreeze()
        gc.enable()
