"""The garbage collector and a long-running server: what was alive at start-up is never garbage.

Python's full collection walks every tracked object. A server's heap is mostly what start-up
made (modules, SQLAlchemy mappers, pydantic validators, routes), and a turn change creates
enough new objects (a new world version, every player's memory) to set one off: measured in
`scripts/bench_turn`, full collections then took about 9 ms per turn change. Frozen, those
objects are skipped by every later collection (the use `gc.freeze` is documented for).
"""

import functools
import gc


@functools.cache
def freeze_startup_heap() -> None:
    """Move every object alive now to the collector's permanent generation, once per process
    (a test session builds many apps: only the first start-up's objects are frozen)."""
    gc.collect()  # what start-up left as garbage is freed, not kept for ever
    gc.freeze()
