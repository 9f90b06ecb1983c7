"""The one in-process cache type: least recently used entries evicted first, bounded by bytes.

Every per-process cache of the server (pictures, map views, worlds, maps, rulesets, per-turn
numbers) is a `BoundedCache`: a count of entries bounds nothing when one entry is a few bytes
and another several megabytes. Each cache weighs its values (`weigh`, an estimate for objects
that are not bytes) and counts its hits, misses, evictions and bytes in the Prometheus metrics
`marchlords_cache_*{kind="<name>"}` (app.platform.metrics).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from app.platform.metrics import CACHE_BYTES, CACHE_EVICTIONS, CACHE_HITS, CACHE_MISSES

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# What an entry costs beyond its value (its key, the dict's slot): counted, so that many tiny
# entries are bounded too.
ENTRY_OVERHEAD_BYTES = 512


class BoundedCache(Generic[K, V]):
    """Values of at most `max_bytes` in all (each weighed by `weigh` plus the entry overhead),
    the least recently used evicted first; a value larger than the whole budget is not kept.
    Thread-safe."""

    def __init__(self, name: str, max_bytes: int, weigh: Callable[[V], int]) -> None:
        self.name = name
        self._max_bytes = max_bytes
        self._weigh = weigh
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._hits = CACHE_HITS.labels(name)
        self._misses = CACHE_MISSES.labels(name)
        self._evictions = CACHE_EVICTIONS.labels(name)
        self._held = CACHE_BYTES.labels(name)

    @property
    def max_bytes(self) -> int:
        return self._max_bytes

    @property
    def held_bytes(self) -> int:
        """The bytes the entries count for now (never above `max_bytes`)."""
        with self._lock:
            return self._bytes

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def cost(self, value: V) -> int:
        """What `value` counts for in the budget."""
        return self._weigh(value) + ENTRY_OVERHEAD_BYTES

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self._misses.inc()
                return None
            self._items.move_to_end(key)
        self._hits.inc()
        return found[0]

    def put(self, key: K, value: V) -> None:
        """Keep `value` as `key` (again: weighed anew, e.g. after it grew in place)."""
        cost = self.cost(value)
        with self._lock:
            self._pop(key)
            if cost <= self._max_bytes:  # else it would evict everything and still not fit
                self._items[key] = (value, cost)
                self._bytes += cost
                self._evict()
            self._held.set(self._bytes)

    def pop(self, key: K) -> V | None:
        """Drop `key`'s entry, returned (None: there was none)."""
        with self._lock:
            found = self._pop(key)
            self._held.set(self._bytes)
            return found

    def resize(self, max_bytes: int) -> None:
        """A new budget (0: keep nothing), evicting down to it at once."""
        with self._lock:
            self._max_bytes = max_bytes
            self._evict()
            self._held.set(self._bytes)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0
            self._held.set(0)

    def _pop(self, key: K) -> V | None:
        old = self._items.pop(key, None)
        if old is None:
            return None
        self._bytes -= old[1]
        return old[0]

    def _evict(self) -> None:
        while self._bytes > self._max_bytes and self._items:
            key, (value, cost) = self._items.popitem(last=False)
            self._bytes -= cost
            self._evictions.inc()
            self.evicted(key, value)

    def evicted(self, key: K, value: V) -> None:
        """Called (lock held) for each entry evicted to make room; nothing by default."""
