"""Every per-process cache is one bounded type (app/platform/cache.py): held within its bytes, with
its hits, misses, evictions and bytes in the metrics; the map and ruleset caches too, which
had no bound at all."""

import uuid
from typing import Any

from prometheus_client import REGISTRY

from app.platform.cache import ENTRY_OVERHEAD_BYTES, BoundedCache
from app.play.pictures import cache as pictures
from app.play.world.cache import map_views
from app.rules.hexgrid import Wrap
from app.rules.state import MapData, SeenTile, StartSlot, Terrain, Tile
from app.store.persistence import static
from app.store.persistence.world import SEEN_TILE_BYTES, World, WorldCache


def sample(metric: str, kind: str) -> float:
    return REGISTRY.get_sample_value(metric, {"kind": kind}) or 0.0


def test_hits_misses_evictions_and_bytes_are_in_the_metrics() -> None:
    # A fixed kind, counted as deltas: the metrics registry is the process's, and a label that
    # held an id would break the metrics' own rule (no id ever becomes a label, test_metrics).
    kind = "test"
    counted = ("hits_total", "misses_total", "evictions_total")
    before = {name: sample(f"marchlords_cache_{name}", kind) for name in counted}
    cache: BoundedCache[str, bytes] = BoundedCache(kind, 2 * (100 + ENTRY_OVERHEAD_BYTES), len)
    cache.put("a", bytes(100))
    assert cache.get("a") is not None
    assert cache.get("b") is None
    assert cache.get("c") is None
    cache.put("b", bytes(100))
    cache.put("c", bytes(100))  # evicts a
    after = {name: sample(f"marchlords_cache_{name}", kind) - before[name] for name in counted}
    assert after == {"hits_total": 1, "misses_total": 2, "evictions_total": 1}
    assert sample("marchlords_cache_bytes", kind) == cache.held_bytes == 2 * (100 + 512)
    cache.clear()
    assert sample("marchlords_cache_bytes", kind) == 0


def test_every_process_cache_is_the_bounded_type() -> None:
    caches: list[BoundedCache[Any, Any]] = [
        pictures.pictures,
        pictures.turn_numbers,
        map_views,
        static.maps,
        static.rulesets,
    ]
    assert all(isinstance(c, BoundedCache) for c in caches)
    assert len({c.name for c in caches}) == len(caches)  # each its own metrics


def _map(tiles: int) -> MapData:
    found = {(q, 0): Tile((q, 0), Terrain.PLAIN) for q in range(tiles)}
    return MapData(tiles, 1, Wrap.NONE, found, (StartSlot((0, 0)),))


def test_parsed_maps_stay_within_their_bytes() -> None:
    large = _map(4096)  # a 64 × 64 map
    try:
        for _ in range(60):  # 60 of them: about 80 MB if nothing were evicted
            static.maps.put(uuid.uuid4(), large)
        assert static.maps.held_bytes <= static.maps.max_bytes
        assert 0 < len(static.maps) < 60
    finally:
        static.maps.clear()  # only parsed again when next asked for


def test_a_world_grown_in_place_is_weighed_anew_when_put_again() -> None:
    cache = WorldCache()
    world = World(structures={}, armies={}, ships={}, sieges={}, treaties={})
    key = (uuid.uuid4(), 1)
    cache.put(key, world)
    empty = cache.held_bytes
    world.explored[1] = {(q, 0): SeenTile(1, None, None) for q in range(100)}
    cache.put(key, world)
    assert cache.held_bytes == empty + 100 * SEEN_TILE_BYTES
    assert cache.get(key) is world
