"""The garbage collector and a long-running server: what was alive at start-up is never garbage,
and a turn change makes many objects that live on.

Python's full collection walks every tracked object. A server's heap is mostly what start-up
made (modules, SQLAlchemy mappers, pydantic validators, routes), and a turn change creates
enough new objects (a new world version, every player's memory) to set one off: measured in
`scripts/bench_turn`, full collections then took about 9 ms per turn change. Frozen, those
objects are skipped by every later collection (the use `gc.freeze` is documented for).

The youngest generation is collected every 700 allocations by default: a turn change, which
allocates hundreds of thousands of objects that mostly survive it (the new state), walked them
again and again. Every 10,000 allocations (and older generations a little less often), the
warm turn change of `bench_turn` took 2–3 ms less CPU in three paired runs out of three, for
garbage cycles freed a few milliseconds later.

A campaign import (R-CAMP-9) makes a few million objects that live until it ends (the parsed
body, its models, the plain document, the rows written): every collection while it runs walks
them again and frees next to nothing. It runs with the collector paused (`collector_paused`):
an ≈ 8 MiB import of `scripts/bench_transfer` spent some 60 ms of its CPU in collections; what
it leaves as garbage is freed by reference counts when it ends, the few cycles by the next
collection after it. At most MARCHLORDS_IMPORTS_AT_ONCE imports run, a few seconds each; but
imports that overlap one another without end (a few accounts importing in turn) would keep it
off for ever, and the garbage cycles of every other request with it: a pause that starts
after the collector has been off for `LONGEST_PAUSE` collects first.
"""

import functools
import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

# Seconds the collector stays off across overlapping pauses before a new one collects first.
LONGEST_PAUSE = 10.0

# Allocations between young collections, young collections between middle ones, middle ones
# between full ones (defaults: 700, 10, 10).
THRESHOLDS = (10_000, 20, 20)


@functools.cache
def tune_collector() -> None:
    """Once per process, at start-up: move every object alive now to the collector's
    permanent generation and collect less often (a test session builds many apps: only the
    first start-up's objects are frozen)."""
    gc.collect()  # what start-up left as garbage is freed, not kept for ever
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


class _Pauses:
    """How many blocks pause the collector now, and whether it ran before the first."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count = 0
        self.was_enabled = False
        self.since = 0.0  # when the collector went off (time.monotonic)


_pauses = _Pauses()


@contextmanager
def collector_paused() -> Iterator[None]:
    """No automatic collection in the block (blocks may overlap: it runs again, if it ran
    before the first of them, once the last one ends; a block that starts after it has been
    off for `LONGEST_PAUSE` collects first)."""
    with _pauses.lock:
        now = time.monotonic()
        if _pauses.count == 0:
            _pauses.was_enabled = gc.isenabled()
            _pauses.since = now
            gc.disable()
        elif _pauses.was_enabled and now - _pauses.since >= LONGEST_PAUSE:
            gc.collect()
            _pauses.since = now
        _pauses.count += 1
    try:
        yield
    finally:
        with _pauses.lock:
            _pauses.count -= 1
            if _pauses.count == 0 and _pauses.was_enabled:
                gc.enable()
