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
"""

import functools
import gc

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
