"""Drawn pictures and replayed views, kept per process in small LRUs.

Every key holds all that the value depends on (campaign, viewer, the map document's digest or the
snapshot's time, the options), so an entry is never stale: it just stops being asked for.

Pictures and replayed map documents share one cache bounded by bytes
(`MARCHLORDS_PICTURE_CACHE_BYTES`, set by `create_app`): a 64 × 64 map's picture is about half a
megabyte and a replay document of a large map several, so a count of entries bounds nothing.
"""

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

DEFAULT_PICTURE_CACHE_BYTES = 32 * 1024 * 1024
# What an entry costs beyond its bytes (its key tuple, the dict's slot): counted, so that many
# tiny entries are bounded too.
ENTRY_OVERHEAD_BYTES = 512


class Lru(Generic[V]):
    """At most `size` entries, the least recently used evicted first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


class ByteLru:
    """Byte strings of at most `max_bytes` in all (each entry counted with its overhead), the
    least recently used evicted first; a value larger than the whole budget is not kept."""

    def __init__(self, max_bytes: int) -> None:
        self._max_bytes = max_bytes
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

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

    def resize(self, max_bytes: int) -> None:
        """A new budget (0: keep nothing), evicting down to it at once."""
        with self._lock:
            self._max_bytes = max_bytes
            self._evict()

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: bytes) -> None:
        cost = _cost(value)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= _cost(old)
            if cost > self._max_bytes:
                return  # would evict everything else and still not fit
            self._items[key] = value
            self._bytes += cost
            self._evict()

    def _evict(self) -> None:
        while self._bytes > self._max_bytes and self._items:
            _, oldest = self._items.popitem(last=False)
            self._bytes -= _cost(oldest)


def _cost(value: bytes) -> int:
    return len(value) + ENTRY_OVERHEAD_BYTES


# Map pictures (SVG), replay pictures and replayed map documents (JSON), per viewer and turn;
# their keys start with what they are ("map", "replay", "json").
pictures = ByteLru(DEFAULT_PICTURE_CACHE_BYTES)
# Per-turn numbers of every player, read from a turn's snapshot: {player: (gold, territories,
# score)} (a few dozen bytes each).
turn_numbers: Lru[dict[int, tuple[int, int, int]]] = Lru(4096)
