"""Armies and generals (R-ARMY-1/2/6, R-BAT-5): scenarios that mutation testing found untested
(docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

from app.rules.armies import army_cost, check_army_orders, validate_assign_general, validate_raise
from app.rules.state import (
    Battle,
    BattleKind,
    Event,
    EventKind,
    LedgerEntry,
    RaiseArmyOrder,
    RecruitGeneralOrder,
    TurnOrders,
    Violation,
)
from tests.rules.builders import army, city, general, side
from tests.rules.test_armies import NO, RULES, _state

NOT_FREE = [Violation("R-ARMY-2", "This general is not one of your free generals.")]


def test_R_ARMY_1_each_of_your_own_raises_ordered_doubles_the_price() -> None:
    orders = TurnOrders(
        raises=(RaiseArmyOrder(50, 1, 11, 31, 12), RaiseArmyOrder(51, 1, 12, 32, 24))
    )
    assert [army_cost(_state(), orders, p, RULES) for p in (1, 2)] == [48, 6]


def test_R_ARMY_2_only_your_own_recruit_of_that_id_is_free_to_lead() -> None:
    """R-ARMY-2: a general recruited this turn by another player, or another recruit of yours,
    is not a free general of yours."""
    theirs = TurnOrders(recruits=(RecruitGeneralOrder(40, 2, 40),))
    other = TurnOrders(recruits=(RecruitGeneralOrder(41, 1, 40),))
    assert validate_raise(_state(), theirs, 1, 11, 40, RULES) == NOT_FREE
    assert validate_raise(_state(), other, 1, 11, 40, RULES) == NOT_FREE


def test_R_BAT_5_no_general_is_assigned_to_an_army_locked_in_battle() -> None:
    battle = Battle(40, 4, (1, 0), BattleKind.FIELD, side({1}, (21,)), side({2}, (22,)))
    s = _state(
        armies=[army(20, 1, (0, 0), general_id=30, seat_id=10), army(21, 1, (1, 0))],
        generals=[general(30, 1, 20), general(31, 1)],
        battles=[battle],
    )
    assert validate_assign_general(s, NO, 1, 31, 21) == [
        Violation("R-BAT-5", "This army is locked in a pending battle.")
    ]


def _cancelled(*reasons: str) -> tuple[list[LedgerEntry], list[Event]]:
    refunds = [LedgerEntry(1, 12, f"refund: raise cancelled, {r}", "R-ARMY-1") for r in reasons]
    events = [
        Event(EventKind.RAISE_CANCELLED, "R-ARMY-1", frozenset({1}), data={"reason": r})
        for r in reasons
    ]
    return refunds, events


def test_R_ARMY_1_a_raise_that_became_impossible_is_refunded_with_its_reason() -> None:
    """R-ARMY-1 / R-ARMY-2: at the change a raise is cancelled if its city fell below level 2,
    seats an army meanwhile, or its general is no longer a free general of the player."""
    raise_11 = TurnOrders(raises=(RaiseArmyOrder(50, 1, 11, 31, 12),))
    cases = {
        "the city is no longer of level 2": _state(
            structures=[city(10, 1, (0, 0), 2, True), city(11, 1, (2, 0), 1)],
            generals=[general(30, 1, 20), general(31, 1)],
        ),
        "the city already seats an army": _state(
            armies=[
                army(20, 1, (0, 0), general_id=30, seat_id=10),
                army(21, 1, (2, 0), seat_id=11),
            ],
            generals=[general(30, 1, 20), general(31, 1)],
        ),
        "the general is no longer free": _state(generals=[general(30, 1, 20), general(31, 2)]),
    }
    for reason, s in cases.items():
        kept, refunds, events = check_army_orders(s, raise_11, RULES)
        assert (kept, (refunds, events)) == (TurnOrders(), _cancelled(reason)), reason
    for leading_or_held in (general(31, 1, 20), general(31, 1, held_by=2)):
        s = _state(generals=[general(30, 1, 20), leading_or_held])
        kept, refunds, events = check_army_orders(s, raise_11, RULES)
        assert (kept, (refunds, events)) == (
            TurnOrders(),
            _cancelled("the general is no longer free"),
        )
    fine = _state(generals=[general(30, 1, 20), general(31, 1)])
    assert check_army_orders(fine, raise_11, RULES) == (raise_11, [], [])


def test_R_ARMY_1_two_raises_in_one_city_the_earlier_order_wins() -> None:
    """R-ARMY-1: orders are taken by id, whatever order they come in; the second raise in the
    same city is refunded."""
    first, second = RaiseArmyOrder(51, 1, 11, 31, 12), RaiseArmyOrder(52, 1, 11, 32, 24)
    s = _state(generals=[general(30, 1, 20), general(31, 1), general(32, 1)])
    kept, refunds, events = check_army_orders(s, TurnOrders(raises=(second, first)), RULES)
    assert kept == TurnOrders(raises=(first,))
    assert refunds == [
        LedgerEntry(1, 24, "refund: raise cancelled, two raises in one city", "R-ARMY-1")
    ]
    assert events == [
        Event(
            EventKind.RAISE_CANCELLED,
            "R-ARMY-1",
            frozenset({1}),
            data={"reason": "two raises in one city"},
        )
    ]


def test_R_ARMY_1_raises_take_the_new_ids_in_order_of_their_orders() -> None:
    """R-ARMY-1 / R-TURN-4: at step 5 the raise ordered first gets the first new army id."""
    from app.rules.armies import apply_army_orders_with_events
    from app.rules.state import Army

    s = _state(
        structures=(city(10, 1, (0, 0), 2, True), city(11, 1, (2, 0), 2), city(12, 1, (1, 1), 2)),
        generals=[general(30, 1, 20), general(31, 1), general(32, 1)],
    )
    orders = TurnOrders(
        raises=(RaiseArmyOrder(52, 1, 12, 32, 24), RaiseArmyOrder(51, 1, 11, 31, 12))
    )
    state, events = apply_army_orders_with_events(s, orders, RULES)
    assert {a.id: a for a in state.armies.values() if a.id != 20} == {
        33: Army(33, 1, (2, 0), 1, 31, 11, raised_turn=5),
        34: Army(34, 1, (1, 1), 1, 32, 12, raised_turn=5),
    }
    assert [(e.kind, e.data) for e in events] == [
        (EventKind.ARMY_RAISED, {"army_id": 33, "city_id": 11}),
        (EventKind.ARMY_RAISED, {"army_id": 34, "city_id": 12}),
    ]


def test_R_ARMY_3_an_upgrade_of_an_army_at_the_top_tier_is_refunded() -> None:
    """R-ARMY-3: an army that reached the top tier (6) meanwhile is not upgraded; tier 5 is."""
    from app.rules.state import UpgradeOrder

    s = _state(armies=[army(20, 1, (0, 0), 6, general_id=30), army(21, 1, (2, 0), 5)])
    top, below = UpgradeOrder(20, 1, 32), UpgradeOrder(21, 1, 32)
    kept, refunds, events = check_army_orders(s, TurnOrders(upgrades=(top, below)), RULES)
    assert kept == TurnOrders(upgrades=(below,))
    assert refunds == [
        LedgerEntry(
            1, 32, "refund: upgrade cancelled, the army is already at the top tier", "R-ARMY-3"
        )
    ]
    assert events == [
        Event(
            EventKind.UPGRADE_CANCELLED,
            "R-ARMY-3",
            frozenset({1}),
            data={"army_id": 20, "reason": "the army is already at the top tier"},
        )
    ]
