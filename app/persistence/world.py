"""The campaign's world, parsed once per world version and shared by every viewer and request.

What stands on the map (structures, armies, ships, sieges, treaties) and each player's memory of
explored tiles change only with a new `Campaign.world_version` in the same transaction
(`save_state`, a turn's rollback); versions only grow. A world read at version `v` is therefore
valid, in any process, for exactly as long as `v` is current; so is a player's sight computed
from it (R-FOG-2: own pieces and allies').

An entry is stored only when it is known to hold committed data of its version:
- loaded by a transaction that has written nothing yet (no transaction id), whose campaign row
  still has that version after the rows were read: no commit came in between;
- or written by a turn change or an order (`prime`), stored when its transaction commits
  (`after_commit`), dropped if it rolls back — the writer held the campaign lock throughout.
Gold, readiness, generals, battles and orders are not part of it: they change without a new world
version and are read fresh by every request.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import RowMapping, event, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from app.db.locks import holds_campaign_lock
from app.infra.cache import BoundedCache
from app.models.campaign import Campaign, CampaignPlayer
from app.models.world import ArmyRow, ShipRow, SiegeRow, StructureRow, TreatyRow
from app.persistence.codec import RowCodec
from app.persistence.entities import (
    ARMIES,
    SHIPS,
    SIEGES,
    STRUCTURES,
    TREATIES,
    explored_from_json,
)
from app.rules import fog
from app.rules.hexgrid import Coord
from app.rules.ruleset import Ruleset
from app.rules.state import Army, CampaignState, SeenTile, Ship, Siege, Structure, Treaty

Key = tuple[uuid.UUID, int]  # campaign, world version

_WRITTEN = "marchlords_world_written"  # session.info: campaigns whose world this transaction wrote
_PRIMES = "marchlords_world_primes"  # session.info: worlds to store when it commits

# Estimates of what one entry costs in memory (a frozen dataclass with its coordinate tuple and
# dict slot; a remembered tile with its key; a coordinate of a sight): sizes, not counts, bound
# the cache.
ENTITY_BYTES = 256
SEEN_TILE_BYTES = 256
SIGHT_TILE_BYTES = 128
# About seven worlds of 17 seats' memories of a 64 × 64 map, hundreds of small ones.
WORLD_CACHE_BYTES = 128 * 1024 * 1024


@dataclass
class World:
    """One world version of a campaign. Its dicts are shared: never mutate them (the engine
    copies before it changes anything)."""

    structures: Mapping[int, Structure]
    armies: Mapping[int, Army]
    ships: Mapping[int, Ship]
    sieges: Mapping[int, Siege]
    treaties: Mapping[int, Treaty]
    explored: dict[int, Mapping[Coord, SeenTile]] = field(default_factory=dict)
    sights: dict[int, tuple[Ruleset, frozenset[Coord]]] = field(default_factory=dict)

    def sight(self, player: int, ruleset: Ruleset) -> frozenset[Coord] | None:
        found = self.sights.get(player)
        return found[1] if found is not None and found[0] is ruleset else None


def world_bytes(world: World) -> int:
    """An estimate of what a world holds in memory (its entities, memories and sights)."""
    entities = (
        len(world.structures)
        + len(world.armies)
        + len(world.ships)
        + len(world.sieges)
        + len(world.treaties)
    )
    remembered = sum(len(memory) for memory in world.explored.values())
    seen = sum(len(sight) for _, sight in world.sights.values())
    return ENTITY_BYTES * entities + SEEN_TILE_BYTES * remembered + SIGHT_TILE_BYTES * seen


class WorldCache(BoundedCache[Key, World]):
    """Worlds by bytes (a world of a large campaign holds every player's memory of its map:
    megabytes), the newest version of each campaign only; thread-safe."""

    def __init__(self, max_bytes: int = WORLD_CACHE_BYTES) -> None:
        super().__init__("worlds", max_bytes, world_bytes)
        self._newest: dict[uuid.UUID, int] = {}
        self._versions = threading.Lock()

    def put(self, key: Key, world: World) -> None:
        """Keep `world` (again, after it gained memories or sights: weighed anew)."""
        campaign_id, version = key
        with self._versions:
            newest = self._newest.get(campaign_id)
            if newest is not None and newest > version:
                return  # a slow reader's older world: nobody will ask for it again
            if newest is not None and newest != version:
                self.pop((campaign_id, newest))
            self._newest[campaign_id] = version
            super().put(key, world)

    def evicted(self, key: Key, value: World) -> None:
        self._newest.pop(key[0], None)  # an evicted campaign may come back at any version

    def clear(self) -> None:
        with self._versions:
            super().clear()
            self._newest.clear()


worlds = WorldCache()


def wrote_world(session: Session, campaign_id: uuid.UUID) -> bool:
    """Whether this transaction wrote the campaign's world (then it may not store what it
    reads: it would be uncommitted data)."""
    return campaign_id in session.info.get(_WRITTEN, ())


def prime(session: Session, key: Key, world: World | None) -> None:
    """The world this transaction writes, stored as `key` once it commits (None: nothing to
    store, but this transaction wrote the world)."""
    session.info.setdefault(_WRITTEN, set()).add(key[0])
    primes: dict[uuid.UUID, tuple[int, World | None]] = session.info.setdefault(_PRIMES, {})
    primes[key[0]] = (key[1], world)


@event.listens_for(Session, "after_commit")
def _store_primes(session: Session) -> None:
    primes: dict[uuid.UUID, tuple[int, World | None]] = session.info.pop(_PRIMES, {})
    session.info.pop(_WRITTEN, None)
    for campaign_id, (version, world) in primes.items():
        if world is not None:
            worlds.put((campaign_id, version), world)


@event.listens_for(Session, "after_rollback")
def _drop_primes(session: Session) -> None:
    session.info.pop(_PRIMES, None)
    session.info.pop(_WRITTEN, None)


# ------------------------------------------------------------------------------ loading


async def rows_of(
    session: AsyncSession, model: Any, campaign_id: uuid.UUID
) -> Sequence[RowMapping]:
    """Plain rows (no ORM instances): the state is rebuilt from them and written back in bulk."""
    table = model.__table__
    result = await session.execute(
        select(*table.c).where(table.c.campaign_id == campaign_id).order_by(table.c.id)
    )
    return result.mappings().all()


async def _load_world(session: AsyncSession, campaign_id: uuid.UUID) -> World:
    async def by_id(model: Any, codec: RowCodec[Any]) -> dict[int, Any]:
        return {r["id"]: codec.from_row(r) for r in await rows_of(session, model, campaign_id)}

    return World(
        structures=await by_id(StructureRow, STRUCTURES),
        armies=await by_id(ArmyRow, ARMIES),
        ships=await by_id(ShipRow, SHIPS),
        sieges=await by_id(SiegeRow, SIEGES),
        treaties=await by_id(TreatyRow, TREATIES),
    )


async def load_world(
    session: AsyncSession, campaign: Campaign, memories_of: Collection[int]
) -> tuple[World, dict[int, Mapping[Coord, SeenTile]]]:
    """The campaign's world at its version and the explored memory of `memories_of`, from the
    shared cache or the database, stored there when known to be committed data of that
    version."""
    cid, version = campaign.id, campaign.world_version
    cached = worlds.get((cid, version))
    world = cached if cached is not None else await _load_world(session, cid)
    memories = {p: world.explored[p] for p in memories_of if p in world.explored}
    missing = [p for p in memories_of if p not in memories]
    if missing:
        rows = await session.execute(
            select(CampaignPlayer.number, CampaignPlayer.explored).where(
                CampaignPlayer.campaign_id == cid, CampaignPlayer.number.in_(missing)
            )
        )
        for number, explored in rows.all():
            memories[number] = explored_from_json(explored) if explored else {}
    # Under a campaign lock the transaction has an id of its own: it never stores (below).
    stores = not wrote_world(session.sync_session, cid) and not holds_campaign_lock(session, cid)
    if (cached is None or missing) and stores:
        # Read committed: a commit between the campaign row and the rows read since would
        # have bumped the version; unchanged, the rows are exactly those of `version`. Only a
        # transaction that has written nothing (no transaction id yet) reads committed rows
        # alone: a writer's own rows are not stored, they may never commit.
        current = (
            await session.execute(
                select(Campaign.world_version, func.pg_current_xact_id_if_assigned()).where(
                    Campaign.id == cid
                )
            )
        ).one_or_none()
        if current is not None and current[0] == version and current[1] is None:
            for number in missing:
                world.explored[number] = memories.get(number, {})
            worlds.put((cid, version), world)  # new, or grown by memories: weighed anew
    return world, memories


def cached_sight(
    campaign: Campaign, state: CampaignState, player: int, ruleset: Ruleset
) -> frozenset[Coord]:
    """`fog.sight`, computed once per world version, player and ruleset when `state` was built
    from the shared world of the campaign's version (R-FOG-2: it depends on nothing else)."""
    key = (campaign.id, campaign.world_version)
    world = worlds.get(key)
    if world is None or world.armies is not state.armies or world.treaties is not state.treaties:
        return fog.sight(state, player, ruleset)
    found = world.sight(player, ruleset)
    if found is None:
        found = fog.sight(state, player, ruleset)
        world.sights[player] = (ruleset, found)
        worlds.put(key, world)  # grown by a sight: weighed anew
    return found
