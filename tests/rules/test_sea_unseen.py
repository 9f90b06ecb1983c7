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
from app.rules.state import Army, CampaignState, MoveOrder, Ship, Terrain, TurnOrders
from tests.rules.builders import army, make_map, make_state, player, port

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
