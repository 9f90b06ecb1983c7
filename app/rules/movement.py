"""Movement (R-MOVE, R-SEA): budgets, move orders, reachable tiles and tick-by-tick resolution.

Budgets are in tiles for a path over land and in half-steps for a path aboard (one that starts
at sea or touches a sea tile, R-SEA-1). Decisions the rulebook leaves open, fixed here:
- winter (R-OPT-1) applies to a path ending on land only; WAAAGH! ignores it like any penalty;
- a siege is lifted as soon as its besieging army carries out a move order (R-SIEGE-3);
- after a swap (R-MOVE-3) the battle's `coord` is the tile where the attacker's leader stands,
  so that "the winner moves into the contested tile" leaves it where it is (R-BAT-7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from app.rules.hexgrid import DIRECTIONS, Coord
from app.rules.relations import have_pact, is_hostile
from app.rules.ruleset import Faction, Ruleset
from app.rules.sea import Fleet, is_sea, own_anchored_coords, own_port_coords, reach_aboard
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BattleSide,
    BuildKind,
    CampaignState,
    Event,
    MapData,
    Season,
    Siege,
    Structure,
    StructureKind,
    Terrain,
    Tile,
    TurnOrders,
    Violation,
)

MODIFIER_TERRAINS = frozenset(
    {
        Terrain.PLAIN,
        Terrain.FOREST,
        Terrain.MOUNTAIN,
        Terrain.MARSH,
        Terrain.DESERT,
        Terrain.COAST,
    }
)
"""The terrains of the R-FAC modifier table; oasis, city, port and sea are neutral."""

# ------------------------------------------------------------------------------- budgets


def terrain_modifier(faction: Faction, terrain: Terrain) -> int:
    """The faction's movement modifier for a terrain, before any clamp (R-FAC)."""
    if terrain not in MODIFIER_TERRAINS:
        return 0
    return faction.terrain_modifiers.get(terrain.value, 0)


def _faction(state: CampaignState, player_id: int, ruleset: Ruleset) -> Faction:
    return ruleset.faction(state.players[player_id].faction)


def uses_waaagh(state: CampaignState, orders: TurnOrders, player_id: int, ruleset: Ruleset) -> bool:
    """True if the player used a faction action that changes land movement this turn (R-FAC)."""
    action = _faction(state, player_id, ruleset).action
    return (
        player_id in orders.faction_actions
        and action is not None
        and (action.extra_land_steps > 0 or action.ignore_terrain_penalties)
    )


def _land_budget(
    state: CampaignState, player_id: int, terrain: Terrain, ruleset: Ruleset, waaagh: bool
) -> int:
    rules = ruleset.movement
    faction = _faction(state, player_id, ruleset)
    action = faction.action if waaagh else None
    ignore_penalties = action is not None and action.ignore_terrain_penalties
    modifier = terrain_modifier(faction, terrain)
    winter = state.options.seasons and state.season is Season.WINTER
    if winter and terrain is not Terrain.SEA and not ignore_penalties:
        modifier += rules.winter_modifier
    modifier = max(rules.modifier_min, min(rules.modifier_max, modifier))
    if ignore_penalties:
        modifier = max(0, modifier)
    extra = action.extra_land_steps if action is not None else 0
    return rules.base_budget + modifier + extra


def land_budget(
    state: CampaignState, player_id: int, last_tile: Tile, ruleset: Ruleset, waaagh: bool
) -> int:
    """R-MOVE-1: tiles of movement for a land path ending on `last_tile` (R-OPT-1, WAAAGH!)."""
    return _land_budget(state, player_id, last_tile.terrain, ruleset, waaagh)


def _sea_budget(state: CampaignState, player_id: int, terrain: Terrain, ruleset: Ruleset) -> int:
    land = _land_budget(state, player_id, terrain, ruleset, waaagh=False)
    bonus = _faction(state, player_id, ruleset).sea_bonus
    return ruleset.movement.land_step_halves * land + bonus


def sea_budget(state: CampaignState, player_id: int, last_tile: Tile, ruleset: Ruleset) -> int:
    """R-SEA-1: half-steps for a path aboard ending on `last_tile` (WAAAGH! excluded)."""
    return _sea_budget(state, player_id, last_tile.terrain, ruleset)


def _budget(
    state: CampaignState,
    player_id: int,
    last: Terrain | None,
    ruleset: Ruleset,
    waaagh: bool,
    aboard: bool,
) -> int:
    """The budget for a path ending on `last`; an unknown terrain gets the largest (R-MOVE-1)."""
    if last is None:
        return max(_budget(state, player_id, t, ruleset, waaagh, aboard) for t in Terrain)
    if aboard:
        return _sea_budget(state, player_id, last, ruleset)
    return _land_budget(state, player_id, last, ruleset, waaagh)


def _path_cost(
    terrains: list[Terrain | None], start_at_sea: bool, ruleset: Ruleset
) -> tuple[int, bool]:
    """Cost of a path and whether it is counted aboard, in half-steps (R-SEA-1)."""
    if not start_at_sea and Terrain.SEA not in terrains:
        return len(terrains), False
    rules = ruleset.movement
    cost = sum(
        rules.sea_step_halves if t is Terrain.SEA else rules.land_step_halves for t in terrains
    )
    return cost, True


# --------------------------------------------------------------------------- move orders


@dataclass(frozen=True)
class MovePlan:
    """An accepted move order; budget, cost and left are half-steps when `at_sea` (R-SEA-1)."""

    army_id: int
    path: tuple[Coord, ...]
    budget: int
    cost: int
    left: int
    at_sea: bool


def _knower(
    state: CampaignState, player_id: int, visible: frozenset[Coord]
) -> Callable[[Coord], Terrain | None]:
    """Terrain as the player knows it: visible or explored tiles only (R-FOG-1)."""
    explored = state.players[player_id].explored
    tiles = state.map.tiles

    def known(coord: Coord) -> Terrain | None:
        if coord in visible or coord in explored:
            return tiles[coord].terrain
        return None

    return known


def _pact_tiles(state: CampaignState, player_id: int, coords: frozenset[Coord]) -> set[Coord]:
    """Tiles among `coords` owned by a pact partner of the player (R-MOVE-4)."""
    return {
        s.coord
        for s in state.structures.values()
        if s.coord in coords and have_pact(state, player_id, s.owner)
    }


def pending_battle_armies(state: CampaignState) -> frozenset[int]:
    """Armies locked in a pending battle (R-BAT-5): they take no orders and do not move."""
    return frozenset(
        a
        for b in state.battles.values()
        for side in (b.attacker, b.defender)
        for a in side.army_ids
    )


def _busy_armies(orders: TurnOrders) -> frozenset[int]:
    """Armies founding a city or building a port this turn (R-BUILD-5)."""
    busy = (BuildKind.FOUND_CITY, BuildKind.PORT)
    return frozenset(b.army_id for b in orders.builds if b.kind in busy and b.army_id is not None)


def _army_refusals(state: CampaignState, orders: TurnOrders, army: Army) -> list[Violation]:
    out: list[Violation] = []
    if army.general_id is None:
        out.append(Violation("R-ARMY-6", "An army without a general cannot move."))
    if army.id in pending_battle_armies(state):
        out.append(Violation("R-MOVE-2", "This army is locked in a pending battle."))
    if army.id in _busy_armies(orders):
        out.append(
            Violation("R-BUILD-5", "This army is founding a city or building a port this turn.")
        )
    return out


def _path_refusal(
    state: CampaignState,
    army: Army,
    path: tuple[Coord, ...],
    visible: frozenset[Coord],
    known: Callable[[Coord], Terrain | None],
) -> Violation | None:
    """The first step the player can see is impossible (R-MOVE-1, R-MOVE-4, R-SEA-1)."""
    grid = state.map.grid
    ports = own_port_coords(state, army.owner)
    anchored = set(own_anchored_coords(state, army.owner))
    pact = _pact_tiles(state, army.owner, visible)
    aboard = army.ship_id is not None
    prev = army.coord
    for index, step in enumerate(path, start=1):
        if not grid.contains(step) or not grid.adjacent(prev, step):
            return Violation("R-MOVE-1", f"Step {index} is not next to the tile before it.")
        if step in pact:
            return Violation("R-MOVE-4", f"Step {index} enters a pact partner's territory.")
        at_sea = known(step) is Terrain.SEA
        if at_sea and not aboard:
            if prev not in ports and step not in anchored:
                return Violation(
                    "R-SEA-1", f"Step {index} puts to sea without one of your ports or ships."
                )
            aboard = True
        elif not at_sea and aboard:
            aboard = False
            anchored.add(prev)  # its ship stays at anchor there (R-SEA-2)
        prev = step
    return None


def validate_move(
    state: CampaignState,
    orders: TurnOrders,
    player_id: int,
    army_id: int,
    path: tuple[Coord, ...],
    visible: frozenset[Coord],
    ruleset: Ruleset,
    waaagh: bool,
) -> MovePlan | list[Violation]:
    """Check a move order against what the player can see (R-MOVE-1/2/4, R-SEA, R-BUILD-5)."""
    army = state.armies.get(army_id)
    if army is None or army.owner != player_id:
        return [Violation("R-MOVE-2", "You have no such army.")]
    violations = _army_refusals(state, orders, army)
    known = _knower(state, player_id, visible)
    if not path:
        violations.append(Violation("R-MOVE-1", "A move order needs at least one step."))
    else:
        refusal = _path_refusal(state, army, path, visible, known)
        if refusal is not None:
            violations.append(refusal)
    if violations:
        return violations
    start_at_sea = is_sea(state, army.coord)
    cost, aboard = _path_cost([known(c) for c in path], start_at_sea, ruleset)
    budget = _budget(state, player_id, known(path[-1]), ruleset, waaagh, aboard)
    if cost > budget:
        unit = "half-steps" if aboard else "tiles"
        return [Violation("R-MOVE-1", f"The path needs {cost} {unit}; the budget is {budget}.")]
    return MovePlan(army_id, path, budget, cost, budget - cost, aboard)


# ------------------------------------------------------------------------------ reachable


def _land_reach(
    state: CampaignState,
    army: Army,
    blocked: set[Coord],
    known: Callable[[Coord], Terrain | None],
    ruleset: Ruleset,
    waaagh: bool,
) -> dict[Coord, int]:
    """Tiles an army on land reaches over land, in tiles (R-MOVE-1)."""
    grid = state.map.grid
    limit = _budget(state, army.owner, None, ruleset, waaagh, aboard=False)
    dist = {army.coord: 0}
    frontier = [army.coord]
    for steps in range(1, limit + 1):
        nxt: list[Coord] = []
        for coord in frontier:
            for n in grid.neighbours(coord):
                if n not in dist and n not in blocked and known(n) is not Terrain.SEA:
                    dist[n] = steps
                    nxt.append(n)
        frontier = nxt
    return {
        c: d
        for c, d in dist.items()
        if c != army.coord and d <= _budget(state, army.owner, known(c), ruleset, waaagh, False)
    }


def reachable(
    state: CampaignState,
    player_id: int,
    army_id: int,
    visible: frozenset[Coord],
    ruleset: Ruleset,
    waaagh: bool,
) -> dict[Coord, int]:
    """Every tile the army may be ordered to end on, with its cost (tiles, or half-steps aboard).

    A tile reached over land is given in tiles; one reached only by a path aboard, in half-steps.
    """
    army = state.armies.get(army_id)
    if army is None or army.owner != player_id:
        return {}
    if army.general_id is None or army_id in pending_battle_armies(state):
        return {}
    known = _knower(state, player_id, visible)
    blocked = _pact_tiles(state, player_id, visible)
    found: dict[Coord, int] = {}
    if not is_sea(state, army.coord):
        found = _land_reach(state, army, blocked, known, ruleset, waaagh)

    def aboard_budget(last: Terrain | None) -> int:
        return _budget(state, player_id, last, ruleset, waaagh=False, aboard=True)

    halves = (ruleset.movement.land_step_halves, ruleset.movement.sea_step_halves)
    for coord, cost in reach_aboard(state, army, blocked, known, halves, aboard_budget).items():
        found.setdefault(coord, cost)
    return {c: found[c] for c in sorted(found)}


# ----------------------------------------------------------------------------- resolution


@dataclass(frozen=True)
class MovementResult:
    """Step 1 of the turn change (R-TURN-4): armies and ships moved, battles declared."""

    state: CampaignState
    battles: tuple[Battle, ...]
    events: tuple[Event, ...]


class _Relations:
    """Hostility and pacts between players, each pair computed once, when first needed."""

    def __init__(self, state: CampaignState) -> None:
        self._state = state
        self._enemies: dict[int, frozenset[int]] = {}
        self._pacts: dict[int, frozenset[int]] = {}

    def enemies(self, a: int) -> frozenset[int]:
        """The players hostile to `a` (R-OWN-2)."""
        if a not in self._enemies:
            players = self._state.players
            self._enemies[a] = frozenset(b for b in players if is_hostile(self._state, a, b))
        return self._enemies[a]

    def hostile(self, a: int, b: int) -> bool:
        return b in self.enemies(a)

    def pact(self, a: int, b: int) -> bool:
        if a not in self._pacts:
            players = self._state.players
            self._pacts[a] = frozenset(b for b in players if have_pact(self._state, a, b))
        return b in self._pacts[a]


class _Ids:
    """Deterministic id allocation from `state.next_id`."""

    def __init__(self, first: int) -> None:
        self.next = first

    def take(self) -> int:
        taken = self.next
        self.next += 1
        return taken


_DIRECTIONS = frozenset(DIRECTIONS)


def _adjacent(board: MapData, a: Coord, b: Coord) -> bool:
    """Fast adjacency: the plain axial test, the grid's wrap rules only at the edges."""
    if b not in board.tiles:
        return False
    return (b[0] - a[0], b[1] - a[1]) in _DIRECTIONS or board.grid.adjacent(a, b)


def _leader(army_ids: tuple[int, ...], armies: dict[int, Army]) -> int | None:
    """Highest tier, then lowest id (R-BAT-3)."""
    if not army_ids:
        return None
    return min(army_ids, key=lambda a: (-armies[a].tier, a))


class _Movement:
    """One resolution of every move order, tick by tick (R-MOVE-3); private, mutable."""

    def __init__(self, state: CampaignState, orders: TurnOrders, ruleset: Ruleset) -> None:
        self.state = state
        self.ruleset = ruleset
        self.tiles = state.map.tiles
        self._budgets: dict[tuple[int, Terrain | None, bool, bool], int] = {}
        self.rel = _Relations(state)
        self.ids = _Ids(state.next_id)
        self.fleet = Fleet(state, self.ids.take)
        self.armies = dict(state.armies)
        self.owner = {a.id: a.owner for a in state.armies.values()}
        self.pos = {a.id: a.coord for a in state.armies.values()}
        self.ship_of = {a.id: a.ship_id for a in state.armies.values()}
        self.occupants: dict[Coord, set[int]] = {}
        for army in state.armies.values():
            self.occupants.setdefault(army.coord, set()).add(army.id)
        self.structure_at: dict[Coord, Structure] = {}
        for sid in sorted(state.structures, reverse=True):  # the lowest id wins a shared tile
            self.structure_at[state.structures[sid].coord] = state.structures[sid]
        self.ports = {p: own_port_coords(state, p) for p in sorted(state.players)}
        self.events: list[Event] = []
        self.stopped: set[int] = set()
        self.entrants: dict[Coord, set[int]] = {}
        self.swaps: dict[tuple[Coord, Coord], set[int]] = {}
        self.plans = self._plans(orders)
        self.trail = {a: [self.pos[a]] for a in self.plans}

    # -- orders --------------------------------------------------------------------------

    def _plans(self, orders: TurnOrders) -> dict[int, tuple[Coord, ...]]:
        """Paths to walk, cut to the budget of the real last tile (R-MOVE-1)."""
        locked = pending_battle_armies(self.state) | _busy_armies(orders)
        board = self.state.map
        plans: dict[int, tuple[Coord, ...]] = {}
        for army_id in sorted(orders.moves):
            army = self.state.armies.get(army_id)
            if army is None or army.general_id is None or army_id in locked:
                continue
            ordered = orders.moves[army_id].path
            valid, prev = 0, army.coord
            for step in ordered:
                if not _adjacent(board, prev, step):
                    break
                valid, prev = valid + 1, step
            waaagh = army.owner in orders.faction_actions and uses_waaagh(
                self.state, orders, army.owner, self.ruleset
            )
            path = self._cut(army, ordered[:valid], waaagh)
            if len(path) < len(ordered):
                self.events.append(
                    Event(
                        "path cut",
                        "R-MOVE-1",
                        frozenset({army.owner}),
                        (),
                        {"army_id": army_id, "ordered": len(ordered), "kept": len(path)},
                    )
                )
            if path:
                plans[army_id] = path
        return plans

    def _cut(self, army: Army, path: tuple[Coord, ...], waaagh: bool) -> tuple[Coord, ...]:
        if not path:
            return path
        terrains: list[Terrain | None] = [self.tiles[c].terrain for c in path]
        _, aboard = _path_cost(terrains, self._sea(army.coord), self.ruleset)
        key = (army.owner, terrains[-1], waaagh, aboard)
        if key not in self._budgets:
            self._budgets[key] = _budget(self.state, *key[:2], self.ruleset, waaagh, aboard)
        budget, spent = self._budgets[key], 0
        rules = self.ruleset.movement
        for kept, terrain in enumerate(terrains):
            if not aboard:
                spent += 1
            else:
                sea = terrain is Terrain.SEA
                spent += rules.sea_step_halves if sea else rules.land_step_halves
            if spent > budget:
                return path[:kept]
        return path

    # -- ticks ---------------------------------------------------------------------------

    def run(self) -> None:
        tick = 0
        while True:
            active = [
                a for a in sorted(self.plans) if a not in self.stopped and tick < len(self.plans[a])
            ]
            if not active:
                return
            start = {a: self.pos[a] for a in active}
            for army_id in active:
                step = self.plans[army_id][tick]
                if self._halts(army_id, step):
                    self.stopped.add(army_id)
                else:
                    self._place(army_id, step)
            self._detect([a for a in active if self.pos[a] != start[a]], start)
            for army_id in active:
                self._settle(army_id, start[army_id])
            self.fleet.end_tick()
            tick += 1

    def _sea(self, coord: Coord) -> bool:
        return self.tiles[coord].terrain is Terrain.SEA

    def _place(self, army_id: int, coord: Coord) -> None:
        self.occupants[self.pos[army_id]].discard(army_id)
        self.occupants.setdefault(coord, set()).add(army_id)
        self.pos[army_id] = coord

    def _halt(self, army_id: int, rule: str, reason: str) -> bool:
        data = {"army_id": army_id, "reason": reason}
        owner = frozenset({self.owner[army_id]})
        self.events.append(Event("halted", rule, owner, (self.pos[army_id],), data))
        return True

    def _halts(self, army_id: int, step: Coord) -> bool:
        """Stops discovered now: a pact partner's tile (R-MOVE-4), sea without ship (R-MOVE-3)."""
        owner, here = self.owner[army_id], self.pos[army_id]
        structure = self.structure_at.get(step)
        if structure is not None and self.rel.pact(owner, structure.owner):
            return self._halt(army_id, "R-MOVE-4", "pact")
        aboard = self.ship_of[army_id] is not None and self._sea(here)
        ports = self.ports.get(owner, frozenset())
        if (
            self._sea(step)
            and not aboard
            and not self.fleet.claim(army_id, owner, here, step, ports)
        ):
            return self._halt(army_id, "R-MOVE-3", "sea")
        return False

    def _detect(self, moving: list[int], start: dict[int, Coord]) -> None:
        """Meetings after a tick; bounced armies step back and stop, until stable (R-MOVE-3)."""
        hostile = self.rel.hostile
        while moving:
            bounced: set[int] = set()
            arrivals: dict[Coord, list[int]] = {}
            for a in moving:
                arrivals.setdefault(self.pos[a], []).append(a)
            for a in moving:
                for b in arrivals.get(start[a], ()):
                    if a < b and start[b] == self.pos[a] and hostile(self.owner[a], self.owner[b]):
                        bounced.update((a, b))
                        key = min(start[a], start[b]), max(start[a], start[b])
                        self.swaps.setdefault(key, set()).update((a, b))
            for coord in sorted(arrivals):
                structure = self.structure_at.get(coord)
                owners = {self.owner[x] for x in self.occupants[coord]}
                if structure is not None:
                    owners.add(structure.owner)
                for a in arrivals[coord]:
                    if not owners.isdisjoint(self.rel.enemies(self.owner[a])):
                        bounced.add(a)
                        self.entrants.setdefault(coord, set()).add(a)
            for a in sorted(bounced):
                self._place(a, start[a])
                self.stopped.add(a)
            moving = [a for a in moving if a not in bounced]
            if not bounced:
                return

    def _settle(self, army_id: int, start: Coord) -> None:
        """Ships follow, are boarded or left at anchor; hostile anchored ships sink (R-SEA)."""
        end = self.pos[army_id]
        if end == start:
            return
        self.trail[army_id].append(end)
        owner, ship_id = self.owner[army_id], self.ship_of[army_id]
        players = frozenset({owner})
        if self._sea(end):
            if ship_id is None:
                ship_id = self.fleet.embark(army_id, owner, end)
                self.ship_of[army_id] = ship_id
                data = {"army_id": army_id, "ship_id": ship_id}
                self.events.append(Event("embarked", "R-SEA-1", players, (start, end), data))
            else:
                self.fleet.sail(ship_id, end)
            for ship in self.fleet.sink_hostile(end, owner, self.rel.hostile):
                self.events.append(
                    Event(
                        "ship destroyed",
                        "R-SEA-3",
                        frozenset({owner, ship.owner}),
                        (end,),
                        {"ship_id": ship.id, "army_id": army_id},
                    )
                )
        elif ship_id is not None:
            self.fleet.disembark(ship_id)
            self.ship_of[army_id] = None
            data = {"army_id": army_id, "ship_id": ship_id}
            self.events.append(Event("disembarked", "R-SEA-2", players, (start, end), data))

    # -- battles -------------------------------------------------------------------------

    def _sides(self, players: list[int]) -> list[list[int]]:
        """Mutually non-hostile groups among players hostile to someone present (R-MOVE-3)."""
        hostile = self.rel.hostile
        sides: list[list[int]] = []
        for p in players:
            if not any(hostile(p, q) for q in players):
                continue  # a bystander, e.g. at peace with everyone there
            for side in sides:
                if not any(hostile(p, q) for q in side):
                    side.append(p)
                    break
            else:
                sides.append([p])
        return sides

    def _side(
        self, players: list[int], armies: list[int], structure: Structure | None
    ) -> BattleSide:
        ids = tuple(a for a in armies if self.owner[a] in players)
        held = structure.id if structure is not None and structure.owner in players else None
        return BattleSide(frozenset(players), ids, _leader(ids, self.armies), held)

    def _battle(
        self,
        coord: Coord,
        attacker: BattleSide,
        defender: BattleSide,
        sieges: dict[int, Siege],
        at_sea: bool,
    ) -> Battle:
        kind = BattleKind.NAVAL if at_sea else BattleKind.FIELD
        draws = 0
        if defender.structure_id is not None:
            structure = self.state.structures[defender.structure_id]
            kind = BattleKind.SIEGE if structure.kind is StructureKind.CITY else BattleKind.ASSAULT
            siege = sieges.get(structure.id)
            draws = siege.draws if siege is not None and kind is BattleKind.SIEGE else 0
        battle = Battle(self.ids.take(), self.state.turn, coord, kind, attacker, defender, draws)
        self.events.append(
            Event(
                "encounter",
                "R-MOVE-3",
                attacker.players | defender.players,
                (coord,),
                {"battle_id": battle.id, "kind": kind.value},
            )
        )
        return battle

    def _tile_battles(self, coord: Coord, sieges: dict[int, Siege]) -> list[Battle]:
        """One battle per pair of hostile sides at a contested tile (R-MOVE-3, R-BAT-2)."""
        holders = self.occupants.get(coord, set())
        entrants = self.entrants[coord]
        armies = sorted(holders | entrants)
        structure = self.structure_at.get(coord)
        players: list[int] = [structure.owner] if structure is not None else []
        for a in [*sorted(holders), *sorted(entrants)]:
            if self.owner[a] not in players:
                players.append(self.owner[a])
        sides = [self._side(s, armies, structure) for s in self._sides(players)]
        battles: list[Battle] = []
        for i, first in enumerate(sides):
            for second in sides[i + 1 :]:
                first_holds = first.structure_id is not None or bool(holders & set(first.army_ids))
                second_holds = second.structure_id is not None or bool(
                    holders & set(second.army_ids)
                )
                if first_holds != second_holds:
                    first_attacks = second_holds
                else:  # both entered: the lower leading army attacks (R-BAT-2)
                    first_attacks = _rank(first) < _rank(second)
                attacker, defender = (first, second) if first_attacks else (second, first)
                at_sea = self._sea(coord)
                battles.append(self._battle(coord, attacker, defender, sieges, at_sea))
        return battles

    def _swap_battles(
        self, key: tuple[Coord, Coord], opposed: set[tuple[int, int]], sieges: dict[int, Siege]
    ) -> list[Battle]:
        """Armies that swapped tiles fight where they stand; none moves in after (R-BAT-7)."""
        armies = sorted(self.swaps[key])
        players: list[int] = []
        for a in armies:
            if self.owner[a] not in players:
                players.append(self.owner[a])
        sides = [self._side(s, armies, None) for s in self._sides(players)]
        at_sea = self._sea(key[0]) and self._sea(key[1])
        battles: list[Battle] = []
        for i, first in enumerate(sides):
            for second in sides[i + 1 :]:
                pairs = [(x, y) for x in first.army_ids for y in second.army_ids]
                if all(p in opposed for p in pairs):
                    continue  # already fighting over a tile of the swap
                attacker, defender = (
                    (first, second) if _rank(first) < _rank(second) else (second, first)
                )
                coord = self.pos[attacker.leader_id] if attacker.leader_id is not None else key[0]
                battles.append(self._battle(coord, attacker, defender, sieges, at_sea))
        return battles

    def _declare(self, sieges: dict[int, Siege]) -> list[Battle]:
        battles: list[Battle] = []
        for coord in sorted(self.entrants):
            battles.extend(self._tile_battles(coord, sieges))
        opposed: set[tuple[int, int]] = set()
        for b in battles:
            for x in b.attacker.army_ids:
                for y in b.defender.army_ids:
                    opposed.update(((x, y), (y, x)))
        for key in sorted(self.swaps):
            battles.extend(self._swap_battles(key, opposed, sieges))
        return battles

    # -- result --------------------------------------------------------------------------

    def finish(self) -> MovementResult:
        state = self.state
        for army_id in sorted(self.plans):
            trail = self.trail[army_id]
            if len(trail) > 1:
                data = {"army_id": army_id}
                players = frozenset({self.owner[army_id]})
                self.events.append(Event("army moved", "R-MOVE-3", players, tuple(trail), data))
        sieges: dict[int, Siege] = {}
        for structure_id in sorted(state.sieges):
            siege = state.sieges[structure_id]
            if siege.army_id not in self.plans:
                sieges[structure_id] = siege
                continue
            city = state.structures[structure_id]
            players = frozenset({city.owner, self.owner[siege.army_id]})
            data = {"structure_id": structure_id, "army_id": siege.army_id}
            self.events.append(Event("siege lifted", "R-SIEGE-3", players, (city.coord,), data))
        battles = self._declare(sieges)
        armies = dict(state.armies)
        for army_id in sorted(self.plans):
            army = state.armies[army_id]
            coord, ship_id = self.pos[army_id], self.ship_of[army_id]
            if (coord, ship_id) != (army.coord, army.ship_id):
                armies[army_id] = replace(army, coord=coord, ship_id=ship_id)
        new_state = replace(
            state,
            armies=armies,
            ships=self.fleet.sorted_ships(),
            sieges=sieges,
            battles={**state.battles, **{b.id: b for b in battles}},
            next_id=self.ids.next,
        )
        return MovementResult(new_state, tuple(battles), tuple(self.events))


def _rank(side: BattleSide) -> tuple[bool, int]:
    """Sort key of a side's leading army; a garrison alone sorts last."""
    return (side.leader_id is None, side.leader_id or 0)


def resolve_movement(state: CampaignState, orders: TurnOrders, ruleset: Ruleset) -> MovementResult:
    """R-TURN-4 step 1: carry out every move order at once and declare the battles (R-MOVE-3)."""
    movement = _Movement(state, orders, ruleset)
    movement.run()
    return movement.finish()
