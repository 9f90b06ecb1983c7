"""The per-process world cache keeps the newest world version of each campaign only, within
its bytes."""

import uuid

from app.store.persistence.world import World, WorldCache


def _world() -> World:
    return World(structures={}, armies={}, ships={}, sieges={}, treaties={})


def _cache_of(worlds: int) -> WorldCache:
    """A cache with room for `worlds` empty worlds."""
    return WorldCache(max_bytes=worlds * WorldCache().cost(_world()))


def test_a_newer_version_replaces_the_older_and_an_older_one_is_never_stored() -> None:
    cache = _cache_of(4)
    a, b = uuid.uuid4(), uuid.uuid4()
    first, second, late = _world(), _world(), _world()
    cache.put((a, 1), first)
    cache.put((b, 1), _world())
    cache.put((a, 2), second)
    assert cache.get((a, 1)) is None
    assert cache.get((a, 2)) is second
    cache.put((a, 1), late)  # a slow reader's world of a version already superseded
    assert cache.get((a, 1)) is None
    assert cache.get((a, 2)) is second
    assert cache.get((b, 1)) is not None


def test_the_least_recently_used_campaign_goes_first() -> None:
    cache = _cache_of(2)
    ids = [uuid.uuid4() for _ in range(3)]
    for campaign_id in ids[:2]:
        cache.put((campaign_id, 1), _world())
    assert cache.get((ids[0], 1)) is not None  # now the most recently used
    cache.put((ids[2], 1), _world())
    assert cache.get((ids[1], 1)) is None
    assert cache.get((ids[0], 1)) is not None
    cache.put((ids[1], 5), _world())  # a campaign evicted may come back at any version
    assert cache.get((ids[1], 5)) is not None
