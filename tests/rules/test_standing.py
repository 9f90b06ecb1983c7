"""Standing orders' decisions (R-TURN-8), without a database: an order of the turn wins, and
each kind names what it needs."""

from dataclasses import replace

from app.rules.movement import path_toward
from app.rules.ruleset import default_ruleset
from app.rules.standing import (
    Standing,
    StandingKind,
    already_ordered,
    hostile_seen_near,
    well_formed,
)
from app.rules.state import BuildKind, BuildOrder, MoveOrder, TurnOrders, UpgradeOrder
from tests.factories.engine import army, make_map, make_state, player, treaty


def test_R_TURN_8_a_move_of_the_turn_wins_over_hold_and_entrench_R_OPT_4() -> None:
    moved = TurnOrders(moves={7: MoveOrder(7, ((1, 1),))})
    for kind in (StandingKind.HOLD, StandingKind.ENTRENCH):
        assert (
            already_ordered(Standing(kind, army_id=7), moved, 1) == "a move was ordered this turn"
        )
    assert already_ordered(Standing(StandingKind.HOLD, army_id=7), TurnOrders(), 1) == "held"
    assert already_ordered(Standing(StandingKind.ENTRENCH, army_id=7), TurnOrders(), 1) is None
    entrenched = TurnOrders(entrench=frozenset({7}))
    assert already_ordered(Standing(StandingKind.ENTRENCH, army_id=7), entrenched, 1) is not None


def test_R_TURN_8_an_upgrade_ordered_this_turn_is_not_given_twice_R_ARMY_3() -> None:
    upgraded = TurnOrders(upgrades=(UpgradeOrder(army_id=7, player=1, cost=8),))
    standing = Standing(StandingKind.UPGRADE_ARMY, army_id=7)
    assert already_ordered(standing, upgraded, 1) == "already upgraded this turn"
    assert already_ordered(Standing(StandingKind.UPGRADE_ARMY, army_id=8), upgraded, 1) is None


def test_R_TURN_8_a_city_upgraded_this_turn_is_not_upgraded_again() -> None:
    build = BuildOrder(1, 1, BuildKind.UPGRADE_CITY, (2, 3), None, 12)
    orders = TurnOrders(builds=(build,))
    assert already_ordered(Standing(StandingKind.UPGRADE_CITY, q=2, r=3), orders, 1) is not None
    assert already_ordered(Standing(StandingKind.UPGRADE_CITY, q=3, r=3), orders, 1) is None


def test_R_TURN_8_each_kind_names_what_it_needs() -> None:
    assert well_formed(Standing(StandingKind.HOLD, army_id=1)) is None
    assert well_formed(Standing(StandingKind.HOLD)) is not None
    assert well_formed(Standing(StandingKind.ENTRENCH, army_id=1, q=1, r=1)) is not None
    assert well_formed(Standing(StandingKind.UPGRADE_CITY, q=1, r=1)) is None
    assert well_formed(Standing(StandingKind.UPGRADE_CITY, army_id=1, q=1, r=1)) is not None
    assert well_formed(Standing(StandingKind.UPGRADE_CITY, q=1)) is not None


def test_R_TURN_8_the_way_home_goes_as_far_as_the_budget_over_known_land_R_MOVE_1() -> None:
    """Empire on plains has 4 tiles (R-MOVE-1): home 6 tiles away is reached in two turns."""
    ruleset = default_ruleset()
    state = make_state(
        make_map(["......."]),
        [player(1, "empire"), player(2, "dwarfs")],
        armies=[army(10, 1, (6, 0), general_id=110)],
        next_id=500,
    )
    seen = frozenset(state.map.tiles)
    path = path_toward(state, TurnOrders(), 1, 10, (0, 0), seen, ruleset, False)
    assert path == ((5, 0), (4, 0), (3, 0), (2, 0))
    assert path_toward(state, TurnOrders(), 1, 10, (6, 0), seen, ruleset, False) == ()
    # Someone else's army has no way home of yours.
    assert path_toward(state, TurnOrders(), 2, 10, (0, 0), seen, ruleset, False) is None


def test_R_TURN_8_no_way_home_through_land_the_player_does_not_know_R_FOG_3() -> None:
    ruleset = default_ruleset()
    state = make_state(
        make_map(["....."]),
        [player(1, "empire"), player(2, "dwarfs")],
        armies=[army(10, 1, (4, 0), general_id=110)],
        next_id=500,
    )
    # (2, 0) is neither seen nor explored: the only way home goes through it.
    sight = frozenset({(0, 0), (1, 0), (3, 0), (4, 0)})
    assert path_toward(state, TurnOrders(), 1, 10, (0, 0), sight, ruleset, False) is None
    assert path_toward(state, TurnOrders(), 1, 10, (3, 0), sight, ruleset, False) == ((3, 0),)


def test_R_TURN_8_a_hostile_army_triggers_only_where_the_player_sees_it_R_FOG_3() -> None:
    state = make_state(
        make_map(["......."]),
        [player(1, "empire"), player(2, "dwarfs"), player(3, "orcs_goblins")],
        armies=[army(10, 1, (0, 0), general_id=110), army(20, 2, (4, 0), general_id=120)],
        next_id=500,
    )
    seen = frozenset(state.map.tiles)
    assert hostile_seen_near(state, 1, seen, frozenset(), (3, 0), 1) is True
    assert hostile_seen_near(state, 1, seen, frozenset(), (2, 0), 1) is False  # 2 tiles off
    # Out of sight, or concealed (R-OPT-3): nothing is seen, nothing triggers.
    assert hostile_seen_near(state, 1, seen - {(4, 0)}, frozenset(), (3, 0), 1) is False
    assert hostile_seen_near(state, 1, seen, frozenset({20}), (3, 0), 1) is False
    # One's own army is no threat; an ally's or a pact partner's neither (R-OWN-2).
    assert hostile_seen_near(state, 2, seen, frozenset(), (4, 0), 0) is False
    pact = make_state(
        make_map(["......."]),
        [player(1, "empire"), player(2, "dwarfs")],
        armies=[army(10, 1, (0, 0), general_id=110), army(20, 2, (4, 0), general_id=120)],
        treaties=[treaty(1, "pact", 1, 2)],
        next_id=500,
    )
    assert hostile_seen_near(pact, 1, seen, frozenset(), (3, 0), 1) is False


def test_R_TURN_8_a_conditional_order_names_everything_it_needs() -> None:
    full = Standing(StandingKind.IF_HOSTILE_NEAR, army_id=1, q=1, r=1, radius=2, to_q=0, to_r=0)
    assert well_formed(full) is None
    assert well_formed(replace(full, radius=None)) is not None
    assert well_formed(Standing(StandingKind.HOLD, army_id=1, radius=2)) is not None
