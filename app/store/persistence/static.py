"""What a campaign reads but never changes: its map, its ruleset and its options as engine data.

Maps never change once stored and rulesets are immutable values: each is parsed once per
process and kept in a bounded cache (app.platform.cache), shared by every campaign that uses it.
"""

from __future__ import annotations

import uuid

import orjson
from sqlalchemy import Text, cast, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.cache import ENTRY_OVERHEAD_BYTES, BoundedCache
from app.rules.maps import map_from_dict
from app.rules.ruleset import Ruleset, parse_ruleset
from app.rules.state import MapData, Options
from app.store.models.campaign import Campaign
from app.store.models.game_map import GameMap

# Estimates of what parsed data costs in memory: a tile with its key and tags; a ruleset with
# its document (the key), at most.
TILE_BYTES = 320
RULESET_BYTES = 64 * 1024

maps: BoundedCache[uuid.UUID, MapData] = BoundedCache(
    "maps", 64 * 1024 * 1024, lambda game_map: TILE_BYTES * len(game_map.tiles)
)
# 256 rulesets, as many as the `lru_cache` this replaced held.
rulesets: BoundedCache[bytes, Ruleset] = BoundedCache(
    "rulesets", 256 * (RULESET_BYTES + ENTRY_OVERHEAD_BYTES), lambda _: RULESET_BYTES
)


async def load_map(session: AsyncSession, map_id: uuid.UUID) -> MapData:
    """A stored map as engine data, parsed once."""
    cached = maps.get(map_id)
    if cached is None:
        row = await session.get_one(GameMap, map_id)
        cached = map_from_dict(row.document)
        maps.put(map_id, cached)
    return cached


async def load_map_text(session: AsyncSession, map_id: uuid.UUID) -> str:
    """A stored map's document as JSON text, for a process that parses it itself (a replay
    worker, app/play/pictures/replays.py): text crosses to it at the cost of a copy."""
    query = select(cast(GameMap.document, Text)).where(GameMap.id == map_id)
    document: str = (await session.execute(query)).scalar_one()
    return document


def load_ruleset(campaign: Campaign) -> Ruleset:
    """The campaign's ruleset (parsed documents are shared: rulesets are immutable values)."""
    # Every game read asks: orjson keys the cache some twenty times faster than json.dumps.
    document = orjson.dumps(campaign.ruleset, option=orjson.OPT_SORT_KEYS)
    cached = rulesets.get(document)
    if cached is None:
        cached = parse_ruleset(orjson.loads(document))
        rulesets.put(document, cached)
    return cached


def campaign_options(campaign: Campaign) -> Options:
    s = campaign.settings
    return Options(
        seasons=s.seasons,
        concealment=s.concealment,
        cover=s.cover,
        storms=s.storms,
        game_system=s.game_system,
        custom_coefficient_pct=s.custom_coefficient_pct,
    )
