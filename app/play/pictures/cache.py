"""Drawn pictures and replayed views, kept per process (app.platform.cache).

Every key holds all that the value depends on (campaign, viewer, the map document's digest or the
snapshot's time, the options), so an entry is never stale: it just stops being asked for.

Pictures and replayed map documents share one cache bounded by bytes
(`MARCHLORDS_PICTURE_CACHE_BYTES`, set by `create_app`): a 64 × 64 map's picture is about half a
megabyte and a replay document of a large map several, so a count of entries bounds nothing.
"""

from collections.abc import Hashable

from app.platform.cache import ENTRY_OVERHEAD_BYTES, BoundedCache

__all__ = ["DEFAULT_PICTURE_CACHE_BYTES", "ENTRY_OVERHEAD_BYTES", "pictures", "turn_numbers"]

DEFAULT_PICTURE_CACHE_BYTES = 32 * 1024 * 1024
# One player's numbers of one turn: a small dict entry of three ints.
_NUMBERS_BYTES_PER_PLAYER = 128

# Map pictures (SVG), replay pictures and replayed map documents (JSON), per viewer and turn;
# their keys start with what they are ("map", "replay", "json").
pictures: BoundedCache[Hashable, bytes] = BoundedCache("pictures", DEFAULT_PICTURE_CACHE_BYTES, len)
# Per-turn numbers of every player, read from a turn's snapshot: {player: (gold, territories,
# score)} (a few dozen bytes each); about 4,096 turns of a 17-seat campaign.
turn_numbers: BoundedCache[Hashable, dict[int, tuple[int, int, int]]] = BoundedCache(
    "turn_numbers", 4 * 1024 * 1024, lambda numbers: _NUMBERS_BYTES_PER_PLAYER * len(numbers)
)
