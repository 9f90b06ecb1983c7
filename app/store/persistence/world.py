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
  A turn change's world comes with every player's sight, which its resolver worked out.
Gold, readiness, generals, battles and orders are not part of it: they change without a new world
version and are read fresh by every request.

A transaction that wrote the world itself (an import) may not store what it reads; its reads
within a `shared_world` block, which writes nothing, share one world of their own instead.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy import event
from sqlalchemy.orm import Session

from app.platform.cache import BoundedCache
from app.rules import fog
from app.rules.hexgrid import Coord
from app.rules.ruleset import Ruleset
from app.rules.state import Army, CampaignState, SeenTile, Ship, Siege, Structure, Treaty
from app.store.models.campaign import Campaign

Key = tuple[uuid.UUID, int]  # campaign, world version

_WRITTEN = "marchlords_world_written"  # session.info: campaigns whose world this transaction wrote
_PRIMES = "marchlords_world_primes"  # session.info: worlds to store when it commits
_SHARED = "marchlords_world_shared"  # session.info: worlds its reads share (`shared_world`)

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


# ------------------------------------------------------------------ one transaction's reads


@contextmanager
def shared_world(session: Session, campaign_id: uuid.UUID) -> Iterator[None]:
    """The campaign's state reads in the block share one world and its memories, read by the
    first read that needs them: for a transaction that wrote the world itself (an import),
    whose reads the cache above may not serve. The caller writes nothing to the campaign
    within the block (what the first read found is then what every later one would find)."""
    sharing: dict[uuid.UUID, tuple[int, World] | None] = session.info.setdefault(_SHARED, {})
    sharing[campaign_id] = None
    try:
        yield
    finally:
        sharing.pop(campaign_id, None)


def shared(session: Session, key: Key) -> World | None:
    """The world of `key` that the reads in `shared_world` share, once one of them read it."""
    found: tuple[int, World] | None = session.info.get(_SHARED, {}).get(key[0])
    return found[1] if found is not None and found[0] == key[1] else None


def share(session: Session, key: Key, world: World) -> None:
    """`world` of `key` (with the memories read so far) is the one the reads in
    `shared_world` share; outside such a block, nothing."""
    sharing: dict[uuid.UUID, tuple[int, World] | None] = session.info.get(_SHARED, {})
    if key[0] in sharing:
        sharing[key[0]] = (key[1], world)


# -------------------------------------------------------------------------------- sights


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
