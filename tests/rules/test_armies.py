"""Armies, tiers, generals and faction actions (R-ARMY, R-FAC, R-ECO-3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from app.rules.armies import (
    allocate_id,
    apply_army_orders,
    apply_army_orders_with_events,
    army_cost,
    assign_general,
    check_army_orders,
    general_cost,
    validate_assign_general,
    validate_faction_action,
    validate_raise,
    validate_recruit,
    validate_upgrade,
)
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    CampaignState,
    Event,
    EventKind,
    General,
    LedgerEntry,
    Player,
    RaiseArmyOrder,
    RecruitGeneralOrder,
    Structure,
    TurnOrders,
    UpgradeOrder,
    Violation,
)
from tests.factories.engine import army, city, general, make_map, make_state, player, side

RULES = default_ruleset()
MAP = make_map(["C.C.", "..C.", "...."])
NO = TurnOrders()


STRUCTURES = (city(10, 1, (0, 0), 2, True), city(11, 1, (2, 0), 2), city(12, 1, (1, 1)))
ARMIES = (army(20, 1, (0, 0), general_id=30, seat_id=10),)
GENERALS = (general(30, 1, 20),)


def _state(
    faction: str = "empire",
    gold: int = 100,
    *,
    players: Iterable[Player] | None = None,
    structures: Iterable[Structure] = STRUCTURES,
    armies: Iterable[Army] = ARMIES,
    generals: Iterable[General] = GENERALS,
    battles: Iterable[Battle] = (),
) -> CampaignState:
    """Player 1: level-2 capital 10 seating army 20 (general 30), level-2 city 11, city 12."""
    return make_state(
        MAP,
        [player(1, faction, gold), player(2, "dwarfs", gold)] if players is None else players,
        structures,
        armies,
        generals,
        battles=battles,
        turn=4,
    )


def test_allocate_id_takes_and_bumps_next_id() -> None:
    s = replace(_state(), next_id=77)
    assert allocate_id(s) == (77, replace(s, next_id=78))


# ----------------------------------------------------------------------------- costs


def test_R_ARMY_1_army_cost_doubles_with_armies_fielded_and_ordered() -> None:
    s = _state()
    assert army_cost(s, NO, 1, RULES) == 12  # the starting army counts: 6 × 2¹
    orders = TurnOrders(
        raises=(RaiseArmyOrder(50, 1, 11, 31, 12), RaiseArmyOrder(51, 2, 99, 32, 6))
    )
    assert army_cost(s, orders, 1, RULES) == 24
    assert army_cost(s, NO, 2, RULES) == 6


def test_R_ARMY_2_general_cost_counts_generals_in_service_not_prisoners() -> None:
    s = _state(
        generals=[
            general(30, 1, 20),  # leading
            general(31, 1),  # free
            general(32, 1, held_by=2),  # ours, prisoner elsewhere: not counted
            general(33, 2, held_by=1),  # theirs, held by us: not counted
        ]
    )
    assert general_cost(s, NO, 1, RULES) == 80  # 20 × 2²
    orders = TurnOrders(recruits=(RecruitGeneralOrder(40, 1, 80),))
    assert general_cost(s, orders, 1, RULES) == 160
    assert general_cost(s, NO, 2, RULES) == 20


# ----------------------------------------------------------------------------- raise


def test_R_ARMY_1_raise_from_level_2_city_with_free_general() -> None:
    s = _state(generals=[general(30, 1, 20), general(31, 1)])
    assert validate_raise(s, NO, 1, 11, 31, RULES) == []


def test_R_ARMY_1_raise_with_a_recruit_needs_gold_for_both() -> None:
    s = _state(gold=52)  # army 12 + general 40 = 52
    assert validate_raise(s, NO, 1, 11, None, RULES) == []
    assert validate_raise(_state(gold=51), NO, 1, 11, None, RULES) == [
        Violation("R-ECO-1", "Not enough gold: this costs 52 and you have 51.")
    ]


def test_R_ARMY_1_raise_refusals() -> None:
    s = _state(generals=[general(30, 1, 20), general(31, 1)])
    seats = [Violation("R-ARMY-1", "This city already seats an army.")]
    assert validate_raise(s, NO, 1, 10, 31, RULES) == seats
    pending = TurnOrders(raises=(RaiseArmyOrder(50, 1, 11, 30, 12),))
    assert validate_raise(s, pending, 1, 11, 31, RULES) == seats
    assert validate_raise(s, NO, 1, 12, 31, RULES) == [
        Violation("R-ARMY-1", "Armies are raised from a level-2 city.")
    ]
    assert validate_raise(s, NO, 2, 11, None, RULES) == [
        Violation("R-ARMY-1", "Armies are raised from one of your cities.")
    ]


def test_R_ARMY_2_raise_needs_a_free_general_of_yours() -> None:
    s = _state(generals=[general(30, 1, 20), general(31, 1), general(32, 1, held_by=2)])
    not_free = [Violation("R-ARMY-2", "This general is not one of your free generals.")]
    assert validate_raise(s, NO, 1, 11, 30, RULES) == not_free  # leads an army
    assert validate_raise(s, NO, 1, 11, 32, RULES) == not_free  # a prisoner
    taken = TurnOrders(raises=(RaiseArmyOrder(50, 1, 10, 31, 12),))
    assert validate_raise(s, taken, 1, 11, 31, RULES) == not_free  # taken by a pending raise


def test_R_ARMY_2_raise_with_a_general_recruited_earlier_this_turn() -> None:
    orders = TurnOrders(recruits=(RecruitGeneralOrder(40, 1, 40),))
    assert validate_raise(_state(), orders, 1, 11, 40, RULES) == []


def test_R_ARMY_2_recruit_needs_gold() -> None:
    assert validate_recruit(_state(gold=40), NO, 1, RULES) == []
    assert validate_recruit(_state(gold=39), NO, 1, RULES) == [
        Violation("R-ECO-1", "Not enough gold: this costs 40 and you have 39.")
    ]


# --------------------------------------------------------------------------- upgrade


def test_R_ARMY_3_upgrade_costs_the_next_tiers_price() -> None:
    assert validate_upgrade(_state(gold=8), NO, 1, 20, RULES) == []
    assert validate_upgrade(_state(gold=7), NO, 1, 20, RULES) == [
        Violation("R-ECO-1", "Not enough gold: this costs 8 and you have 7.")
    ]


def test_R_ARMY_3_one_upgrade_per_army_per_turn_and_top_tier() -> None:
    orders = TurnOrders(upgrades=(UpgradeOrder(20, 1, 8),))
    assert validate_upgrade(_state(), orders, 1, 20, RULES) == [
        Violation("R-ARMY-3", "One upgrade per army per turn.")
    ]
    top = _state(armies=[army(20, 1, (0, 0), 6, general_id=30)])
    assert validate_upgrade(top, NO, 1, 20, RULES) == [
        Violation("R-ARMY-3", "This army is already at the top tier.")
    ]
    assert validate_upgrade(_state(), NO, 2, 20, RULES) == [
        Violation("R-ARMY-3", "This is not one of your armies.")
    ]


def test_R_ARMY_6_army_without_general_cannot_be_upgraded() -> None:
    s = _state(armies=[army(20, 1, (0, 0))], generals=[general(30, 1, held_by=2)])
    assert validate_upgrade(s, NO, 1, 20, RULES) == [
        Violation("R-ARMY-6", "An army without a general cannot be upgraded.")
    ]


def test_R_BAT_5_army_in_pending_battle_cannot_be_upgraded() -> None:
    battle = Battle(40, 4, (1, 0), BattleKind.FIELD, side({1}, (20,)), side({2}, (21,)))
    assert validate_upgrade(_state(battles=[battle]), NO, 1, 20, RULES) == [
        Violation("R-BAT-5", "This army is locked in a pending battle.")
    ]


# ---------------------------------------------------------------------- assign general


def test_R_ARMY_2_assigning_a_free_general_costs_nothing_and_is_immediate() -> None:
    s = _state(armies=[army(20, 1, (0, 0))], generals=[general(31, 1)])
    new = assign_general(s, NO, 1, 31, 20)
    assert new == replace(
        s,
        armies={20: Army(20, 1, (0, 0), general_id=31)},
        generals={31: General(31, 1, army_id=20)},
    )


def test_R_ARMY_6_assign_refusals() -> None:
    s = _state(generals=[general(30, 1, 20), general(31, 1), general(32, 2)])
    assert validate_assign_general(s, NO, 1, 31, 20) == [
        Violation("R-ARMY-6", "This army already has a general.")
    ]
    assert assign_general(s, NO, 1, 32, 20) == [
        Violation("R-ARMY-2", "This general is not one of your free generals."),
        Violation("R-ARMY-6", "This army already has a general."),
    ]
    assert validate_assign_general(s, NO, 1, 31, 99) == [
        Violation("R-ARMY-6", "This is not one of your armies.")
    ]


# --------------------------------------------------------------------- faction action


def test_R_FAC_action_available_once_recharged() -> None:
    s = _state(players=[player(1, "empire", action_available_turn=4)])
    assert validate_faction_action(s, NO, 1, RULES) == []
    s = _state(players=[player(1, "empire", action_available_turn=5)])
    assert validate_faction_action(s, NO, 1, RULES) == [
        Violation("R-FAC", "The action can be used again from turn 5.")
    ]


def test_R_FAC_action_once_per_turn_and_factions_without_action() -> None:
    used = TurnOrders(faction_actions=frozenset({1}))
    assert validate_faction_action(_state(), used, 1, RULES) == [
        Violation("R-FAC", "The action is already used this turn.")
    ]
    s = _state(players=[player(1, "high_elves")])
    assert validate_faction_action(s, NO, 1, RULES) == [
        Violation("R-FAC", "Your faction has no action.")
    ]


def test_R_FAC_waaagh_unlocked_by_three_victories() -> None:
    s = _state(players=[player(1, "orcs_goblins", victories=2)])
    assert validate_faction_action(s, NO, 1, RULES) == [
        Violation("R-FAC", "The action needs 3 victories.")
    ]
    s = _state(players=[player(1, "orcs_goblins", victories=3)])
    assert validate_faction_action(s, NO, 1, RULES) == []


# ---------------------------------------------------------------------------- step 5


def test_R_ECO_3_step_5_recruits_raises_upgrades_and_cooldowns() -> None:
    s = replace(
        _state(
            players=[player(1, "empire", 0), player(2, "orcs_goblins", 0, victories=4)],
            generals=[general(30, 1, 20)],
        ),
        next_id=90,
    )
    orders = TurnOrders(
        raises=(RaiseArmyOrder(50, 1, 11, 41, 12),),
        upgrades=(UpgradeOrder(20, 1, 8),),
        recruits=(RecruitGeneralOrder(41, 1, 40),),
        faction_actions=frozenset({1, 2}),
    )
    new, events = apply_army_orders_with_events(s, orders, RULES)
    assert new == replace(
        s,
        players={
            1: replace(s.players[1], action_available_turn=10),  # Call to Arms: 4 + 6
            2: replace(s.players[2], action_available_turn=4, victories=0),  # WAAAGH! resets
        },
        armies={
            20: replace(s.armies[20], tier=2),
            90: Army(90, 1, (2, 0), 1, general_id=41, seat_id=11, raised_turn=5),
        },
        generals={30: s.generals[30], 41: General(41, 1, army_id=90)},
        next_id=91,
    )
    assert events == [
        Event(
            EventKind.ARMY_RAISED,
            "R-ARMY-1",
            frozenset({1}),
            ((2, 0),),
            {"army_id": 90, "city_id": 11},
        ),
        Event(
            EventKind.ARMY_UPGRADED,
            "R-ARMY-3",
            frozenset({1}),
            ((0, 0),),
            {"army_id": 20, "tier": 2},
        ),
    ]
    assert apply_army_orders(s, orders, RULES) == new


def test_R_ARMY_1_raise_whose_city_was_lost_is_refunded_at_the_change() -> None:
    s = _state(
        structures=[city(10, 1, (0, 0), 2, True), city(11, 2, (2, 0), 2)],
        generals=[general(30, 1, 20), general(31, 1)],
    )
    lost = RaiseArmyOrder(50, 1, 11, 31, 12)
    up_gone = UpgradeOrder(99, 1, 8)
    up_ok = UpgradeOrder(20, 1, 8)
    orders = TurnOrders(raises=(lost,), upgrades=(up_gone, up_ok))
    kept, refunds, events = check_army_orders(s, orders, RULES)
    assert kept == TurnOrders(upgrades=(up_ok,))
    assert refunds == [
        LedgerEntry(1, 12, "refund: raise cancelled, the city is no longer yours", "R-ARMY-1"),
        LedgerEntry(1, 8, "refund: upgrade cancelled, the army is gone", "R-ARMY-3"),
    ]
    assert events == [
        Event(
            EventKind.RAISE_CANCELLED,
            "R-ARMY-1",
            frozenset({1}),
            data={"reason": "the city is no longer yours"},
        ),
        Event(
            EventKind.UPGRADE_CANCELLED,
            "R-ARMY-3",
            frozenset({1}),
            data={"army_id": 99, "reason": "the army is gone"},
        ),
    ]


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
