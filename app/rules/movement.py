"""Movement (R-MOVE, R-SEA): budgets, move orders and reachable tiles; `marches` carries them out.

Budgets are in tiles for a path over land and in half-steps for a path aboard (one that starts
at sea or touches a sea tile, R-SEA-1). Decisions the rulebook leaves open, fixed here:
- winter (R-OPT-1) applies to a path ending on land only; WAAAGH! ignores terrain penalties but
  not the season: its `max(0, modifier)` takes the modifier with winter counted (R-MOVE-1);
- a siege is lifted as soon as its besieging army carries out a move order (R-SIEGE-3);
- after a swap (R-MOVE-3) the battle's `coord` is the tile where the attacker's leader stands,
  so that "the winner moves into the contested tile" leaves it where it is (R-BAT-7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.rules import ruleset as ruleset_module
from app.rules.hexgrid import Coord
from app.rules.relations import have_pact
from app.rules.ruleset import Faction, Ruleset
from app.rules.sea import is_sea, own_anchored_coords, own_port_coords, routes_aboard
from app.rules.state import (
    Army,
    BuildKind,
    CampaignState,
    Season,
    Terrain,
    Tile,
    TurnOrders,
    Violation,
)
from app.rules.texts import _

MODIFIER_TERRAINS = frozenset(Terrain(t) for t in ruleset_module.MODIFIER_TERRAINS)
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
    if winter and terrain is not Terrain.SEA:
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


def move_budget(
    state: CampaignState,
    player_id: int,
    last: Terrain | None,
    ruleset: Ruleset,
    waaagh: bool,
    aboard: bool,
) -> int:
    """The budget for a path ending on `last`; an unknown terrain gets the largest (R-MOVE-1)."""
    if last is None:
        return max(move_budget(state, player_id, t, ruleset, waaagh, aboard) for t in Terrain)
    if aboard:
        return _sea_budget(state, player_id, last, ruleset)
    return _land_budget(state, player_id, last, ruleset, waaagh)


def path_cost(
    terrains: list[Terrain | None], start_at_sea: bool, ruleset: Ruleset
) -> tuple[int, bool]:
    """Cost of a path and whether it is counted aboard, in half-steps (R-SEA-1).

    An unknown tile (None) costs what the cheapest terrain it could be costs: the order is
    judged on what the player knows, the real terrain cuts the path at resolution (R-FOG-3).
    """
    if not start_at_sea and Terrain.SEA not in terrains:
        return len(terrains), False
    rules = ruleset.movement
    unknown = min(rules.sea_step_halves, rules.land_step_halves)
    cost = sum(
        unknown
        if t is None
        else rules.sea_step_halves
        if t is Terrain.SEA
        else rules.land_step_halves
        for t in terrains
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


def busy_armies(orders: TurnOrders) -> frozenset[int]:
    """Armies founding a city or building a port this turn (R-BUILD-5)."""
    busy = (BuildKind.FOUND_CITY, BuildKind.PORT)
    return frozenset(b.army_id for b in orders.builds if b.kind in busy and b.army_id is not None)


def _army_refusals(state: CampaignState, orders: TurnOrders, army: Army) -> list[Violation]:
    out: list[Violation] = []
    if army.general_id is None:
        out.append(Violation("R-ARMY-6", _("An army without a general cannot move.")))
    if army.id in pending_battle_armies(state):
        out.append(Violation("R-MOVE-2", _("This army is locked in a pending battle.")))
    if army.id in busy_armies(orders):
        out.append(
            Violation("R-BUILD-5", _("This army is founding a city or building a port this turn."))
        )
    return out


_Afloat = tuple[bool, frozenset[Coord]]  # aboard or not; own ships at anchor on the way


def _step_worlds(
    worlds: set[_Afloat], prev: Coord, step: Coord, terrain: Terrain | None, ports: frozenset[Coord]
) -> tuple[set[_Afloat], bool]:
    """Where the army may stand after stepping onto `step`, in every world the player cannot
    tell apart (R-FOG-3): an unseen tile is land in one and sea in the other. Returns those
    worlds, and whether a seen sea step was impossible in every world that reached it."""
    after: set[_Afloat] = set()
    if terrain is not Terrain.SEA:  # land, or an unseen tile that may be land
        for aboard, anchored in worlds:
            # Landing leaves the ship at anchor on the tile before (R-SEA-2).
            after.add((False, anchored | {prev} if aboard else anchored))
    if terrain is not None and terrain is not Terrain.SEA:
        return after, False
    boarded = {
        (True, anchored)
        for aboard, anchored in worlds
        if aboard or prev in ports or step in anchored
    }
    # A seen sea tile no world can put to sea on is refused; an unseen one that turns out to
    # be sea is discovered at resolution, where the army halts before it (R-MOVE-3).
    refused = terrain is Terrain.SEA and not boarded
    return after | boarded, refused


def _path_refusal(
    state: CampaignState,
    army: Army,
    path: tuple[Coord, ...],
    visible: frozenset[Coord],
    known: Callable[[Coord], Terrain | None],
) -> Violation | None:
    """The first step the player can see is impossible (R-MOVE-1, R-MOVE-4, R-SEA-1).

    An unseen tile is never assumed to be land or sea (R-FOG-3): the path is followed in
    every world the player cannot tell apart, and a step is refused only when it is impossible
    in every world that reaches it."""
    grid = state.map.grid
    ports = own_port_coords(state, army.owner)
    pact = _pact_tiles(state, army.owner, visible)
    worlds: set[_Afloat] = {(army.ship_id is not None, own_anchored_coords(state, army.owner))}
    prev = army.coord
    for index, step in enumerate(path, start=1):
        if not grid.contains(step) or not grid.adjacent(prev, step):
            return Violation(
                "R-MOVE-1", _("Step {index} is not next to the tile before it.", index=index)
            )
        if step in pact:
            return Violation(
                "R-MOVE-4", _("Step {index} enters a pact partner's territory.", index=index)
            )
        worlds, refused = _step_worlds(worlds, prev, step, known(step), ports)
        if refused:
            return Violation(
                "R-SEA-1",
                _("Step {index} puts to sea without one of your ports or ships.", index=index),
            )
        prev = step
    return None


def validate_entrench(
    state: CampaignState, orders: TurnOrders, player_id: int, army_id: int
) -> list[Violation]:
    """Check an entrenchment order (R-OPT-4): an order like a move (R-MOVE-2), given instead."""
    army = state.armies.get(army_id)
    if army is None or army.owner != player_id:
        return [Violation("R-MOVE-2", _("You have no such army."))]
    violations: list[Violation] = []
    if not state.options.cover:
        violations.append(
            Violation("R-OPT-4", _("Entrenchment is not an option of this campaign."))
        )
    return violations + _army_refusals(state, orders, army)


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
        return [Violation("R-MOVE-2", _("You have no such army."))]
    violations = _army_refusals(state, orders, army)
    known = _knower(state, player_id, visible)
    if not path:
        violations.append(Violation("R-MOVE-1", _("A move order needs at least one step.")))
    else:
        refusal = _path_refusal(state, army, path, visible, known)
        if refusal is not None:
            violations.append(refusal)
    if violations:
        return violations
    start_at_sea = is_sea(state, army.coord)
    cost, aboard = path_cost([known(c) for c in path], start_at_sea, ruleset)
    budget = move_budget(state, player_id, known(path[-1]), ruleset, waaagh, aboard)
    if cost > budget:
        unit = _("half-steps") if aboard else _("tiles")
        return [
            Violation(
                "R-MOVE-1",
                _(
                    "The path needs {cost} {unit}; the budget is {budget}.",
                    cost=cost,
                    unit=unit,
                    budget=budget,
                ),
            )
        ]
    return MovePlan(army_id, path, budget, cost, budget - cost, aboard)


# ------------------------------------------------------------------------------ reachable


def _land_routes(
    state: CampaignState,
    army: Army,
    blocked: set[Coord],
    known: Callable[[Coord], Terrain | None],
    ruleset: Ruleset,
    waaagh: bool,
) -> dict[Coord, tuple[int, tuple[Coord, ...]]]:
    """Tiles an army on land reaches over land, in tiles, each with a shortest path (R-MOVE-1)."""
    grid = state.map.grid
    limit = move_budget(state, army.owner, None, ruleset, waaagh, aboard=False)
    dist = {army.coord: 0}
    came_from: dict[Coord, Coord] = {}
    frontier = [army.coord]
    for steps in range(1, limit + 1):
        nxt: list[Coord] = []
        for coord in frontier:
            for n in grid.neighbours(coord):
                if n not in dist and n not in blocked and known(n) is not Terrain.SEA:
                    dist[n] = steps
                    came_from[n] = coord
                    nxt.append(n)
        frontier = nxt

    def path_to(coord: Coord) -> tuple[Coord, ...]:
        tiles = []
        while coord != army.coord:
            tiles.append(coord)
            coord = came_from[coord]
        return tuple(reversed(tiles))

    return {
        c: (d, path_to(c))
        for c, d in dist.items()
        if c != army.coord and d <= move_budget(state, army.owner, known(c), ruleset, waaagh, False)
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
    routes = reachable_routes(state, player_id, army_id, visible, ruleset, waaagh)
    return {coord: cost for coord, (cost, _) in routes.items()}


def reachable_routes(
    state: CampaignState,
    player_id: int,
    army_id: int,
    visible: frozenset[Coord],
    ruleset: Ruleset,
    waaagh: bool,
) -> dict[Coord, tuple[int, tuple[Coord, ...]]]:
    """`reachable`, with for each tile a path of that cost (the army's own tile excluded): the
    `path` of a move order that `validate_move` accepts, so no client routes by itself."""
    army = state.armies.get(army_id)
    if army is None or army.owner != player_id:
        return {}
    if army.general_id is None or army_id in pending_battle_armies(state):
        return {}
    known = _knower(state, player_id, visible)
    blocked = _pact_tiles(state, player_id, visible)
    found: dict[Coord, tuple[int, tuple[Coord, ...]]] = {}
    if not is_sea(state, army.coord):
        found = _land_routes(state, army, blocked, known, ruleset, waaagh)

    def aboard_budget(last: Terrain | None) -> int:
        return move_budget(state, player_id, last, ruleset, waaagh=False, aboard=True)

    halves = (ruleset.movement.land_step_halves, ruleset.movement.sea_step_halves)
    for coord, route in routes_aboard(state, army, blocked, known, halves, aboard_budget).items():
        found.setdefault(coord, route)
    return {c: found[c] for c in sorted(found)}


# ------------------------------------------------------------------ a way home (R-TURN-8)


def path_toward(
    state: CampaignState,
    orders: TurnOrders,
    player_id: int,
    army_id: int,
    target: Coord,
    visible: frozenset[Coord],
    ruleset: Ruleset,
    waaagh: bool,
) -> tuple[Coord, ...] | None:
    """The longest move this turn along a shortest way over land the player knows (R-FOG-1)
    from the army to `target`, that `validate_move` accepts; () if it is there; None if no such
    way (an army at sea, an unexplored gap, a pact partner's tile in between)."""
    army = state.armies.get(army_id)
    if army is None or army.owner != player_id:
        return None
    if army.coord == target:
        return ()
    known = _knower(state, player_id, visible)
    blocked = _pact_tiles(state, player_id, frozenset(state.map.tiles))
    parent: dict[Coord, Coord] = {}
    seen = {army.coord}
    frontier = [army.coord]
    while frontier and target not in parent:
        nxt: list[Coord] = []
        for coord in frontier:
            for n in state.map.grid.neighbours(coord):
                terrain = known(n)
                if n in seen or n in blocked or terrain is None or terrain is Terrain.SEA:
                    continue
                seen.add(n)
                parent[n] = coord
                nxt.append(n)
        frontier = nxt
    if target not in parent:
        return None
    way = [target]
    while parent[way[-1]] != army.coord:
        way.append(parent[way[-1]])
    way.reverse()
    for length in range(len(way), 0, -1):
        plan = validate_move(
            state, orders, player_id, army_id, tuple(way[:length]), visible, ruleset, waaagh
        )
        if not isinstance(plan, list):
            return tuple(way[:length])
    return None
