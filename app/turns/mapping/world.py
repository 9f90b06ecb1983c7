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
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import event
from sqlalchemy.orm import Session

from app.rules.hexgrid import Coord
from app.rules.ruleset import Ruleset
from app.rules.state import Army, SeenTile, Ship, Siege, Structure, Treaty

Key = tuple[uuid.UUID, int]  # campaign, world version

_WRITTEN = "marchlords_world_written"  # session.info: campaigns whose world this transaction wrote
_PRIMES = "marchlords_world_primes"  # session.info: worlds to store when it commits


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


class WorldCache:
    """A small LRU of worlds, the newest version of each campaign only (a world of a large
    campaign holds every player's memory of its map: megabytes); thread-safe."""

    def __init__(self, size: int = 64) -> None:
        self._size = size
        self._items: OrderedDict[Key, World] = OrderedDict()
        self._newest: dict[uuid.UUID, int] = {}
        self._lock = threading.Lock()

    def get(self, key: Key) -> World | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Key, world: World) -> None:
        campaign_id, version = key
        with self._lock:
            newest = self._newest.get(campaign_id)
            if newest is not None and newest > version:
                return  # a slow reader's older world: nobody will ask for it again
            if newest is not None and newest != version:
                self._items.pop((campaign_id, newest), None)
            self._newest[campaign_id] = version
            self._items[key] = world
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                (gone, _), _ = self._items.popitem(last=False)
                self._newest.pop(gone, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
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
