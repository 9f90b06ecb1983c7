"""Standing orders' decisions (R-TURN-8), without a database: an order of the turn wins, and
each kind names what it needs."""

from app.rules.standing import Standing, StandingKind, already_ordered, well_formed
from app.rules.state import BuildKind, BuildOrder, MoveOrder, TurnOrders, UpgradeOrder


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
