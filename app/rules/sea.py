"""The sea (R-SEA): ports, ways aboard, ships following their armies, hostile ships at anchor."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from app.rules.hexgrid import Coord
from app.rules.state import Army, CampaignState, Ship, StructureKind, Terrain

NEW_SHIP = 0
"""Claim marker: the army sails from its own port and gets a fresh ship (ids start at 1)."""


def is_sea(state: CampaignState, coord: Coord) -> bool:
    """True if the tile at `coord` is sea (R-MAP-1)."""
    return state.map.tiles[coord].terrain is Terrain.SEA


def afloat(state: CampaignState, army: Army) -> bool:
    """True if the army is aboard a ship or stands on a sea tile: it moves by sea (R-SEA-1)."""
    tile = state.map.tiles.get(army.coord)
    return army.ship_id is not None or (tile is not None and tile.terrain is Terrain.SEA)


def own_port_coords(state: CampaignState, player_id: int) -> frozenset[Coord]:
    """Tiles from which the player's armies may sail: their ports and capital-port (R-SEA-1)."""
    return frozenset(
        s.coord
        for s in state.structures.values()
        if s.owner == player_id
        and (s.kind is StructureKind.PORT or (s.kind is StructureKind.CITY and s.also_port))
    )


def own_anchored_coords(state: CampaignState, player_id: int) -> frozenset[Coord]:
    """Sea tiles holding one of the player's ships at anchor, with no army aboard (R-SEA-2)."""
    return frozenset(
        s.coord for s in state.ships.values() if s.owner == player_id and s.army_id is None
    )


_SearchState = tuple[Coord, bool, Coord | None, bool]  # tile, aboard, own ship's anchor, at sea


def reach_aboard(
    state: CampaignState,
    army: Army,
    blocked: set[Coord],
    known: Callable[[Coord], Terrain | None],
    halves: tuple[int, int],
    budget: Callable[[Terrain | None], int],
) -> dict[Coord, int]:
    """Tiles reached by paths aboard with their least cost in half-steps (R-SEA-1/2).

    `halves` is (land step, sea step); `budget(terrain)` is the budget of a path ending on
    that terrain (None: unknown). A bucketed Dijkstra over (tile, aboard, anchor, at sea).
    """
    routes = routes_aboard(state, army, blocked, known, halves, budget)
    return {coord: cost for coord, (cost, _) in routes.items()}


def routes_aboard(
    state: CampaignState,
    army: Army,
    blocked: set[Coord],
    known: Callable[[Coord], Terrain | None],
    halves: tuple[int, int],
    budget: Callable[[Terrain | None], int],
) -> dict[Coord, tuple[int, tuple[Coord, ...]]]:
    """`reach_aboard` with, for each tile, a path of that least cost (the army's tile
    excluded), as a move order gives it."""
    grid = state.map.grid
    land_step, sea_step = halves
    ports = own_port_coords(state, army.owner)
    anchored = own_anchored_coords(state, army.owner)
    limit = budget(None)
    start: _SearchState = (army.coord, army.ship_id is not None, None, is_sea(state, army.coord))
    best: dict[_SearchState, int] = {start: 0}
    # The state each best cost was reached from: the path is read back from it.
    came_from: dict[_SearchState, _SearchState] = {}
    buckets: list[list[_SearchState]] = [[] for _ in range(limit + 1)]
    buckets[0].append(start)
    for cost in range(limit + 1):
        for current in buckets[cost]:
            if best[current] != cost:
                continue
            coord, aboard, anchor, touched = current
            for n in grid.neighbours(coord):
                if n in blocked:
                    continue
                terrain = known(n)
                steps: list[tuple[_SearchState, int]] = []
                # An unknown tile may be sea (R-FOG-3): sailed aboard at the sea's cost, or put
                # to sea on from a port or onto an own ship, as a seen sea tile would be.
                maybe_sea = terrain is Terrain.SEA or terrain is None
                if maybe_sea and (aboard or coord in ports or n in anchored or n == anchor):
                    sea: _SearchState = (n, True, None if n == anchor else anchor, True)
                    steps.append((sea, cost + sea_step))
                if terrain is not Terrain.SEA:  # landing leaves the ship at anchor (R-SEA-2)
                    steps.append(
                        ((n, False, coord if aboard else anchor, touched), cost + land_step)
                    )
                for step, new_cost in steps:
                    if new_cost <= limit and new_cost < best.get(step, limit + 1):
                        best[step] = new_cost
                        came_from[step] = current
                        buckets[new_cost].append(step)
    found: dict[Coord, tuple[int, _SearchState]] = {}
    for searched, cost in best.items():
        coord, _, _, touched = searched
        ends_here = touched and coord != army.coord and cost <= budget(known(coord))
        if ends_here and (coord not in found or cost < found[coord][0]):
            found[coord] = (cost, searched)
    return {coord: (cost, _path(came_from, end)) for coord, (cost, end) in found.items()}


def _path(came_from: dict[_SearchState, _SearchState], end: _SearchState) -> tuple[Coord, ...]:
    """The tiles from the search's start (excluded) to `end` (included)."""
    tiles = [end[0]]
    current = end
    while current in came_from:
        current = came_from[current]
        tiles.append(current[0])
    return tuple(reversed(tiles[:-1]))


class Fleet:
    """Every ship during one movement resolution: a private working copy changed tick by tick.

    An army stepping from land onto the sea first *claims* a way aboard (an own anchored ship
    there, else a fresh ship from the port it leaves); the claim becomes a boarding only if the
    army still stands at sea once meetings are settled, and is released otherwise.
    """

    def __init__(self, state: CampaignState, allocate: Callable[[], int]) -> None:
        self.ships: dict[int, Ship] = dict(state.ships)
        self._allocate = allocate
        self._anchored: dict[Coord, set[int]] = {}
        for ship in state.ships.values():
            if ship.army_id is None:
                self._anchored.setdefault(ship.coord, set()).add(ship.id)
        self._claims: dict[int, int] = {}  # army id → anchored ship id, or NEW_SHIP
        self._claimed: set[int] = set()

    def claim(
        self, army_id: int, owner: int, here: Coord, sea: Coord, ports: frozenset[Coord]
    ) -> bool:
        """Reserve a way aboard for an army stepping from `here` onto `sea` (R-SEA-1)."""
        for ship_id in sorted(self._anchored.get(sea, ())):
            if self.ships[ship_id].owner == owner and ship_id not in self._claimed:
                self._claims[army_id] = ship_id
                self._claimed.add(ship_id)
                return True
        if here in ports:
            self._claims[army_id] = NEW_SHIP
            return True
        return False

    def embark(self, army_id: int, owner: int, sea: Coord) -> int:
        """Turn the army's claim into a boarding; returns the id of its ship."""
        ship_id = self._claims.pop(army_id)
        if ship_id == NEW_SHIP:
            ship_id = self._allocate()
        else:
            self._claimed.discard(ship_id)
            self._anchored[sea].discard(ship_id)
        self.ships[ship_id] = Ship(ship_id, owner, sea, army_id)
        return ship_id

    def sail(self, ship_id: int, coord: Coord) -> None:
        """The ship follows its army to `coord`."""
        self.ships[ship_id] = replace(self.ships[ship_id], coord=coord)

    def disembark(self, ship_id: int) -> None:
        """The army goes ashore; its ship stays at anchor where it was (R-SEA-2)."""
        ship = replace(self.ships[ship_id], army_id=None)
        self.ships[ship_id] = ship
        self._anchored.setdefault(ship.coord, set()).add(ship_id)

    def sink_hostile(
        self, coord: Coord, owner: int, hostile: Callable[[int, int], bool]
    ) -> list[Ship]:
        """Destroy the ships at anchor on `coord` hostile to `owner` (R-SEA-3); returns them."""
        anchored = self._anchored.get(coord, set())
        sunk = [self.ships[i] for i in sorted(anchored) if hostile(owner, self.ships[i].owner)]
        for ship in sunk:
            del self.ships[ship.id]
            anchored.discard(ship.id)
            self._claimed.discard(ship.id)
        return sunk

    def end_tick(self) -> None:
        """Release the claims of armies that did not end the tick at sea."""
        self._claims.clear()
        self._claimed.clear()

    def sorted_ships(self) -> dict[int, Ship]:
        return {i: self.ships[i] for i in sorted(self.ships)}
