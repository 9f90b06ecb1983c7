"""Serialised map views, kept per (campaign, viewer, world version) in each server process.

A map view changes only when what stands on the map changes, and every such change bumps
`Campaign.world_version` in the same transaction (app/turns/mapping.py::save_state), so a
cached document is valid for exactly as long as its key is current — in any process.
"""

import threading
import uuid
from collections import OrderedDict

Key = tuple[uuid.UUID, int | None, int]  # campaign, viewer's player number (None: owner), version


class MapViewCache:
    """A small LRU of serialised map documents with their ETags."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._items: OrderedDict[Key, tuple[bytes, str]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> tuple[bytes, str] | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Key, document: tuple[bytes, str]) -> None:
        with self._lock:
            self._items[key] = document
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


map_views = MapViewCache()
