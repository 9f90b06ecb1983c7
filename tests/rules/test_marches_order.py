"""R-MOVE-3: an army in several battles plays them in declaration order, from real movement."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from app.rules.battles import (
    BattleResolution,
    apply_battle_result,
    declaration_order,
    earlier_pending,
    validate_order,
)
from app.rules.ids import SCRAMBLED_BASE, entity_counter, entity_id
from app.rules.marches import MovementResult, resolve_movement
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Battle,
    BattleKind,
    BattleReport,
    CampaignState,
    Event,
    EventKind,
    MoveOrder,
    Outcome,
    PendingStake,
    TurnOrders,
    Violation,
)
from tests.factories.engine import army, general, make_map, make_state, player, side

R = default_ruleset()
TOO_EARLY = Violation(
    "R-MOVE-3",
    "One of this battle's armies has an earlier-declared battle still pending: "
    "that one is played first.",
)


def _three_meet(salt: int) -> tuple[CampaignState, MovementResult]:
    """Player 2's army 20 holds (2,0); armies 10 (player 1, from the west) and 30 (player 3,
    from the east) walk into it at the same tick: three battles, declared 1v2, 3v2, 1v3."""
    state = replace(
        make_state(
            make_map(["....."]),
            [player(1), player(2, "bretonnia"), player(3, "dwarfs")],
            armies=[
                army(10, 1, (0, 0), general_id=110),
                army(20, 2, (2, 0), general_id=120),
                army(30, 3, (4, 0), general_id=130),
            ],
            generals=[general(110, 1, 10), general(120, 2, 20), general(130, 3, 30)],
            next_id=500,
        ),
        id_salt=salt,
    )
    orders = TurnOrders(
        moves={10: MoveOrder(10, ((1, 0), (2, 0))), 30: MoveOrder(30, ((3, 0), (2, 0)))}
    )
    return state, resolve_movement(state, orders, R)


def test_R_MOVE_3_battles_are_played_in_declaration_order_not_id_order() -> None:
    """With scrambled ids (salt 3: the later battles get the smaller ids), the battle of army 20
    against player 3 waits for its battle against player 1; the battle 1v3 waits for it too."""
    _, moved = _three_meet(salt=3)
    ids = [entity_id(3, n) for n in (500, 501, 502)]
    assert ids[0] > ids[1] > ids[2]
    first = Battle(ids[0], 1, (2, 0), BattleKind.FIELD, side({1}, (10,)), side({2}, (20,)))
    second = Battle(ids[1], 1, (2, 0), BattleKind.FIELD, side({3}, (30,)), side({2}, (20,)))
    third = Battle(ids[2], 1, (2, 0), BattleKind.FIELD, side({1}, (10,)), side({3}, (30,)))
    assert moved.battles == (first, second, third)
    state = moved.state
    assert sorted(state.battles.values(), key=lambda b: declaration_order(state, b)) == [
        first,
        second,
        third,
    ]
    assert [validate_order(state, b) for b in (first, second, third)] == [
        [],
        [TOO_EARLY],
        [TOO_EARLY],
    ]
    assert [earlier_pending(state, b) for b in (first, second, third)] == [None, first, first]


def test_R_MOVE_3_a_battle_whose_army_was_destroyed_meanwhile_is_cancelled() -> None:
    """The first battle destroys army 20 (100 % losses): its battle against player 3 is
    cancelled, and the battle 1v3, no longer behind a pending one, may be played."""
    _, moved = _three_meet(salt=0)
    first, second, third = moved.battles
    report = BattleReport(Outcome.ATTACKER_VICTORY, 0, 100)
    res = apply_battle_result(moved.state, first, report, R)
    p12, p23 = frozenset({1, 2}), frozenset({2, 3})
    assert res == BattleResolution(
        replace(
            moved.state,
            armies={
                10: army(10, 1, (2, 0), general_id=110),
                30: army(30, 3, (3, 0), general_id=130),
            },
            generals={**moved.state.generals, 120: general(120, 2)},
            battles={third.id: third},
            stakes=(PendingStake(first.id, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            Event(
                EventKind.BATTLE_RESOLVED,
                "R-BAT-7",
                p12,
                ((2, 0),),
                {
                    "battle_id": first.id,
                    "battle_kind": "field",
                    "outcome": "attacker_victory",
                    "attacker_losses_pct": 0,
                    "defender_losses_pct": 100,
                },
            ),
            Event(
                EventKind.STAKE_WON,
                "R-BAT-7",
                p12,
                ((2, 0),),
                {"battle_id": first.id, "winner": 1, "loser": 2, "amount": 10},
            ),
            Event(EventKind.ARMY_DESTROYED, "R-BAT-7", p12, ((2, 0),), {"army_id": 20, "owner": 2}),
            Event(EventKind.GENERAL_FREED, "R-ARMY-2", frozenset({2}), (), {"general_id": 120}),
            Event(
                EventKind.ARMY_ADVANCED,
                "R-BAT-7",
                p12,
                ((1, 0), (2, 0)),
                {"army_id": 10, "from_coord": (1, 0), "to_coord": (2, 0)},
            ),
            Event(EventKind.BATTLE_CANCELLED, "R-MOVE-3", p23, ((2, 0),), {"battle_id": second.id}),
        ),
    )
    assert validate_order(res.state, third) == []


@given(salt=st.integers(1, 2**128 - 1), counter=st.integers(0, SCRAMBLED_BASE - 1))
def test_R_MOVE_3_declaration_order_reads_the_counter_back_from_a_scrambled_id(
    salt: int, counter: int
) -> None:
    assert entity_counter(salt, entity_id(salt, counter)) == counter
    assert entity_counter(0, counter) == counter
