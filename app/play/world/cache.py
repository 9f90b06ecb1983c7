"""Serialised map views, kept per (campaign, viewer, world version) in each server process.

A map view changes only when what stands on the map changes, and every such change bumps
`Campaign.world_version` in the same transaction (app/store/persistence/state.py::save_state), so a
cached document is valid for exactly as long as its key is current — in any process.
"""

import uuid

from app.platform.cache import BoundedCache

Key = tuple[uuid.UUID, int | None, int]  # campaign, viewer's player number (None: owner), version

# A 64 × 64 map's view is a few hundred kilobytes: this holds a hundred or more.
MAP_VIEW_CACHE_BYTES = 64 * 1024 * 1024

# Serialised map documents with their ETags.
map_views: BoundedCache[Key, tuple[bytes, str]] = BoundedCache(
    "map_views", MAP_VIEW_CACHE_BYTES, lambda view: len(view[0]) + len(view[1])
)
