"""The picture cache is bounded by bytes, least recently used evicted first (app/platform/cache.py,
`MARCHLORDS_PICTURE_CACHE_BYTES`)."""

from app.platform.cache import BoundedCache
from app.platform.config import Settings
from app.play.pictures.cache import DEFAULT_PICTURE_CACHE_BYTES, ENTRY_OVERHEAD_BYTES

KIB = 1024


def byte_cache(max_bytes: int) -> BoundedCache[object, bytes]:
    """A cache of bytes like the pictures' one."""
    return BoundedCache("test", max_bytes, len)


def cost(size: int) -> int:
    return size + ENTRY_OVERHEAD_BYTES


def test_entries_past_the_budget_evict_the_least_recently_used() -> None:
    cache = byte_cache(3 * cost(KIB))
    for key in "abc":
        cache.put(key, key.encode() * KIB)
    assert cache.held_bytes == 3 * cost(KIB)
    assert cache.get("a") is not None  # now b is the least recently used
    cache.put("d", b"d" * KIB)
    assert cache.get("b") is None
    assert [k for k in "acd" if cache.get(k) is not None] == ["a", "c", "d"]
    assert cache.held_bytes == 3 * cost(KIB)


def test_a_large_entry_evicts_as_many_as_it_needs() -> None:
    cache = byte_cache(4 * cost(KIB))
    for key in "abcd":
        cache.put(key, b"x" * KIB)
    cache.put("big", b"y" * (2 * KIB + ENTRY_OVERHEAD_BYTES))
    assert [k for k in "abcd" if cache.get(k) is not None] == ["c", "d"]
    assert cache.held_bytes <= cache.max_bytes


def test_seventy_replays_of_a_large_map_stay_within_the_budget() -> None:
    # The measure: 70 different replays of up to 4.7 MB added about 200 MB.
    cache = byte_cache(DEFAULT_PICTURE_CACHE_BYTES)
    for number in range(70):
        cache.put(("replay", number), bytes(4_700_000))
    assert cache.held_bytes <= DEFAULT_PICTURE_CACHE_BYTES
    assert len(cache) == DEFAULT_PICTURE_CACHE_BYTES // cost(4_700_000)
    assert cache.get(("replay", 69)) is not None
    assert cache.get(("replay", 0)) is None


def test_a_value_larger_than_the_budget_is_not_kept_and_evicts_nothing() -> None:
    cache = byte_cache(2 * cost(KIB))
    cache.put("a", b"a" * KIB)
    cache.put("huge", b"h" * (3 * KIB))
    assert cache.get("huge") is None
    assert cache.get("a") is not None


def test_replacing_an_entry_counts_its_new_size_only() -> None:
    cache = byte_cache(10 * cost(KIB))
    cache.put("a", b"a" * KIB)
    cache.put("a", b"a" * (2 * KIB))
    assert cache.held_bytes == cost(2 * KIB)
    assert len(cache) == 1


def test_a_smaller_budget_evicts_at_once_and_zero_keeps_nothing() -> None:
    cache = byte_cache(4 * cost(KIB))
    for key in "abcd":
        cache.put(key, b"x" * KIB)
    cache.resize(2 * cost(KIB))
    assert [k for k in "abcd" if cache.get(k) is not None] == ["c", "d"]
    cache.resize(0)
    assert len(cache) == 0
    cache.put("e", b"")
    assert cache.get("e") is None
    assert cache.held_bytes == 0


def test_the_budget_is_a_setting_with_a_32_mib_default() -> None:
    assert Settings().picture_cache_bytes == DEFAULT_PICTURE_CACHE_BYTES == 32 * 1024 * 1024
    assert Settings(picture_cache_bytes=0).picture_cache_bytes == 0
