"""R-SEA-1 / R-FOG-3: an unseen tile on a path aboard costs the cheapest terrain it could be.

The order is judged on what the player knows; a path into unseen sea is accepted and, should
the tile be land after all, cut at resolution (R-MOVE-1) instead of refused at order time.
"""

from __future__ import annotations

from dataclasses import replace

from app.rules.hexgrid import Coord
from app.rules.marches import resolve_movement
from app.rules.movement import MovePlan, path_cost, reachable, validate_move
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    CampaignState,
    Event,
    EventKind,
    MoveOrder,
    Ship,
    Terrain,
    TurnOrders,
    Violation,
)
from tests.factories.engine import army, make_map, make_state, player, port

RS = default_ruleset()
SEEN = frozenset({(0, 0), (1, 0), (2, 0)})  # the port and the two sea tiles next to it


def state_of(row: str) -> CampaignState:
    soldier: Army = army(10, 1, (0, 0), general_id=110)
    players = [player(1, "empire"), player(2, "high_elves")]
    return make_state(make_map([row]), players, [port(40, 1, (0, 0))], [soldier], next_id=500)


def line(last: int) -> tuple[Coord, ...]:
    return tuple((q, 0) for q in range(1, last + 1))


def test_R_SEA_1_unknown_tiles_cost_a_sea_step_aboard() -> None:
    sea, land = Terrain.SEA, Terrain.PLAIN

    assert path_cost([sea, None, None], start_at_sea=False, ruleset=RS) == (3, True)
    assert path_cost([sea, land, None], start_at_sea=False, ruleset=RS) == (4, True)
    assert path_cost([None, None], start_at_sea=False, ruleset=RS) == (2, False)


def test_R_SEA_1_a_path_into_unseen_sea_is_accepted_and_sailed() -> None:
    """Six sea tiles, four unseen: 6 half-steps within the 8 an unknown last tile may give."""
    state = state_of("P~~~~~~~")

    plan = validate_move(state, TurnOrders(), 1, 10, line(6), SEEN, RS, False)

    assert plan == MovePlan(10, line(6), budget=8, cost=6, left=2, at_sea=True)
    # At resolution the last tile is sea: 2 × 3 = 6 half-steps, the whole path.
    orders = TurnOrders(moves={10: MoveOrder(10, line(6))})
    result = resolve_movement(state, orders, RS)
    assert result.state.armies[10] == replace(state.armies[10], coord=(6, 0), ship_id=500)
    assert result.state.ships == {500: Ship(500, 1, (6, 0), 10)}


def test_R_SEA_1_unseen_land_on_the_way_cuts_the_path_at_resolution() -> None:
    """The same order over tiles that turn out to be land: accepted, then cut (R-MOVE-1)."""
    state = state_of("P~~.....")

    plan = validate_move(state, TurnOrders(), 1, 10, line(6), SEEN, RS, False)

    assert isinstance(plan, MovePlan)
    assert (plan.cost, plan.budget) == (6, 8)
    # Real cost: 1 + 1 + 2 + 2 + 2 = 8 for five tiles, the sixth is one too many.
    orders = TurnOrders(moves={10: MoveOrder(10, line(6))})
    result = resolve_movement(state, orders, RS)
    assert result.state.armies[10].coord == (5, 0)


def test_R_SEA_1_reachable_sails_into_unseen_sea_at_the_seas_cost() -> None:
    state = state_of("P~~~~~~~")

    found = reachable(state, 1, 10, SEEN, RS, False)

    assert {c: found[c] for c in line(7)} == {(q, 0): q for q in range(1, 8)}
    for coord, cost in found.items():
        plan = validate_move(
            state, TurnOrders(), 1, 10, ((1, 0), *line(coord[0])[1:]), SEEN, RS, False
        )
        assert isinstance(plan, MovePlan), coord
        assert plan.cost == cost


# R-FOG-3, R-MOVE-1, R-MOVE-3: an unseen tile is neither land nor sea when an order is judged,
# wherever it stands in the path; resolution finds out what it is.

FLEET_SEEN = frozenset({(0, 0), (1, 0), (3, 0), (4, 0), (5, 0)})  # (2, 0) never explored
FLEET_PATH = ((3, 0), (2, 0), (1, 0))


def fleet_state(row: str) -> CampaignState:
    """A Dark Elves army aboard its ship on (4, 0); an Empire player elsewhere."""
    sailor: Army = army(10, 1, (4, 0), general_id=110, ship_id=60)
    players = [player(1, "dark_elves"), player(2, "empire")]
    return make_state(
        make_map([row]), players, [], [sailor], ships=[Ship(60, 1, (4, 0), 10)], next_id=500
    )


def test_R_FOG_3_R_SEA_1_a_fleet_sails_through_an_unseen_tile_to_seen_sea() -> None:
    """The fleet on (4, 0) is ordered (3, 0) → (2, 0) → (1, 0); (2, 0) is unexplored, (1, 0)
    seen sea. The order is not refused R-SEA-1 as though (2, 0) were land: it is accepted with
    the unseen tile at the sea's cost (3 half-steps of the 8 a path ending at sea gives the
    Dark Elves), and carried out in full, (2, 0) being sea."""
    state = fleet_state("~~~~~~")

    plan = validate_move(state, TurnOrders(), 1, 10, FLEET_PATH, FLEET_SEEN, RS, False)

    assert plan == MovePlan(10, FLEET_PATH, budget=8, cost=3, left=5, at_sea=True)
    result = resolve_movement(state, TurnOrders(moves={10: MoveOrder(10, FLEET_PATH)}), RS)
    assert result.state.armies == {10: replace(state.armies[10], coord=(1, 0))}
    assert result.state.ships == {60: Ship(60, 1, (1, 0), 10)}
    assert result.battles == ()
    assert result.events == (
        Event(
            EventKind.ARMY_MOVED,
            "R-MOVE-3",
            frozenset({1}),
            ((4, 0), (3, 0), (2, 0), (1, 0)),
            {"army_id": 10},
        ),
    )


def test_R_FOG_3_R_MOVE_3_a_fleet_whose_unseen_tile_is_land_lands_there_and_stops() -> None:
    """The same order, judged the same (the player sees the same tiles), where (2, 0) is land:
    the army lands on it, its ship stays at anchor on (3, 0) (R-SEA-2), and with no port nor
    ship of its own on (1, 0) it halts on the land before the sea (R-MOVE-3)."""
    state = fleet_state("~~.~~~")

    plan = validate_move(state, TurnOrders(), 1, 10, FLEET_PATH, FLEET_SEEN, RS, False)

    assert plan == MovePlan(10, FLEET_PATH, budget=8, cost=3, left=5, at_sea=True)
    result = resolve_movement(state, TurnOrders(moves={10: MoveOrder(10, FLEET_PATH)}), RS)
    assert result.state.armies == {10: replace(state.armies[10], coord=(2, 0), ship_id=None)}
    assert result.state.ships == {60: Ship(60, 1, (3, 0), None)}
    assert result.battles == ()
    assert result.events == (
        Event(
            EventKind.DISEMBARKED,
            "R-SEA-2",
            frozenset({1}),
            ((3, 0), (2, 0)),
            {"army_id": 10, "ship_id": 60},
        ),
        Event(
            EventKind.HALTED,
            "R-MOVE-3",
            frozenset({1}),
            ((2, 0),),
            {"army_id": 10, "reason": "sea"},
        ),
        Event(
            EventKind.ARMY_MOVED,
            "R-MOVE-3",
            frozenset({1}),
            ((4, 0), (3, 0), (2, 0)),
            {"army_id": 10},
        ),
    )


def walker_state(row: str, *, at_port: bool) -> CampaignState:
    """An Empire army on (0, 0), on its own port or on bare land."""
    walker: Army = army(10, 1, (0, 0), general_id=110)
    ports = [port(40, 1, (0, 0))] if at_port else []
    players = [player(1, "empire"), player(2, "high_elves")]
    return make_state(make_map([row]), players, ports, [walker], next_id=500)


WALK_SEEN = frozenset({(0, 0), (2, 0), (3, 0)})  # (1, 0) never explored
WALK_PATH = ((1, 0), (2, 0))


def test_R_FOG_3_R_SEA_1_from_a_port_an_unseen_tile_may_be_where_the_army_boards() -> None:
    """From its port, the army is ordered over unseen (1, 0) onto seen sea (2, 0). Were (1, 0)
    land, the sea step would need a port there; it may be sea, boarded from the port: the
    order is accepted, and at resolution (1, 0) is sea, the army sails both tiles."""
    state = walker_state("P~~~", at_port=True)

    plan = validate_move(state, TurnOrders(), 1, 10, WALK_PATH, WALK_SEEN, RS, False)

    assert plan == MovePlan(10, WALK_PATH, budget=6, cost=2, left=4, at_sea=True)
    result = resolve_movement(state, TurnOrders(moves={10: MoveOrder(10, WALK_PATH)}), RS)
    assert result.state.armies == {10: replace(state.armies[10], coord=(2, 0), ship_id=500)}
    assert result.state.ships == {500: Ship(500, 1, (2, 0), 10)}
    kinds = [(e.kind, e.rule, e.coords) for e in result.events]
    assert kinds == [
        (EventKind.EMBARKED, "R-SEA-1", ((0, 0), (1, 0))),
        (EventKind.ARMY_MOVED, "R-MOVE-3", ((0, 0), (1, 0), (2, 0))),
    ]
    # The reachable tiles agree: (2, 0) is offered over the unseen tile, at its cost.
    assert reachable(state, 1, 10, WALK_SEEN, RS, False)[(2, 0)] == 2


def test_R_FOG_3_R_SEA_1_a_sea_step_no_world_allows_is_still_refused() -> None:
    """Without a port: were (1, 0) sea, the army would halt before it (R-MOVE-3); were it land,
    the seen sea (2, 0) after it could not be boarded. No world carries the order out past
    (1, 0) onto the sea, which the player can tell from what they see: refused R-SEA-1."""
    state = walker_state(".~~~", at_port=False)

    refused = validate_move(state, TurnOrders(), 1, 10, WALK_PATH, WALK_SEEN, RS, False)

    assert refused == [
        Violation("R-SEA-1", "Step 2 puts to sea without one of your ports or ships.")
    ]


def test_R_FOG_3_R_MOVE_3_a_land_army_halts_before_unseen_sea_in_mid_path() -> None:
    """Seen plain (1, 0), unseen (2, 0), seen plain (3, 0): accepted as a walk of three tiles
    (of the Empire's four on plain);
    (2, 0) is sea and the army, without a port or ship, halts on (1, 0) before it."""
    state = walker_state("..~.", at_port=False)
    seen = frozenset({(0, 0), (1, 0), (3, 0)})
    path = ((1, 0), (2, 0), (3, 0))

    plan = validate_move(state, TurnOrders(), 1, 10, path, seen, RS, False)

    assert plan == MovePlan(10, path, budget=4, cost=3, left=1, at_sea=False)  # plain: +1
    result = resolve_movement(state, TurnOrders(moves={10: MoveOrder(10, path)}), RS)
    assert result.state.armies == {10: replace(state.armies[10], coord=(1, 0))}
    assert result.state.ships == {}
    assert result.events == (
        Event(
            EventKind.HALTED,
            "R-MOVE-3",
            frozenset({1}),
            ((1, 0),),
            {"army_id": 10, "reason": "sea"},
        ),
        Event(
            EventKind.ARMY_MOVED,
            "R-MOVE-3",
            frozenset({1}),
            ((0, 0), (1, 0)),
            {"army_id": 10},
        ),
    )
