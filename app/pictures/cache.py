"""Drawn pictures and replayed views, kept per process in small LRUs.

Every key holds all that the value depends on (campaign, viewer, the map document's digest or the
snapshot's time, the options), so an entry is never stale: it just stops being asked for.
"""

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Lru(Generic[V]):
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


# A 64 × 64 map picture is about half a megabyte.
pictures: Lru[bytes] = Lru(64)
# Replayed map documents (JSON), per viewer and turn.
replays: Lru[bytes] = Lru(256)
# Per-turn numbers of every player, read from a turn's snapshot: {player: (gold, territories,
# score)}.
turn_numbers: Lru[dict[int, tuple[int, int, int]]] = Lru(4096)
