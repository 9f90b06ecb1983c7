"""Continuing sieges (R-SIEGE-3): who fights on each side and what the turn change tells,
scenarios that mutation testing found untested (docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

from dataclasses import replace

from app.rules.resolve import resolve_turn
from app.rules.sieges import declare_sieges
from app.rules.state import (
    Battle,
    BattleKind,
    BattleSide,
    CampaignState,
    Event,
    EventKind,
    Siege,
    TurnOrders,
)
from tests.rules.builders import C, W, army, city, player, side, treaty
from tests.rules.test_sieges import R, besiege


def _crowded() -> CampaignState:
    """Army 21 (player 1, on W) besieges player 2's city 31 on C, held by army 22.

    On W: player 3, allied to 1 but at peace (pact) with 2. On C: player 4, allied to 2;
    player 5, allied to both 2 and 1; player 6, allied to nobody.
    """
    state, _ = besiege(city(31, 2, C), defended=True)
    return replace(
        state,
        players={
            **state.players,
            3: player(3, "dwarfs"),
            4: player(4, "lizardmen"),
            5: player(5, "high_elves"),
            6: player(6, "skaven"),
        },
        armies={
            **state.armies,
            25: army(25, 3, W),
            26: army(26, 4, C),
            27: army(27, 5, C),
            28: army(28, 6, C),
        },
        treaties={
            90: treaty(90, "alliance", 1, 3),
            91: treaty(91, "pact", 3, 2),
            92: treaty(92, "alliance", 2, 4),
            93: treaty(93, "alliance", 2, 5),
            94: treaty(94, "alliance", 5, 1),
        },
        sieges={31: Siege(31, 21, 2)},
        battles={},
        next_id=50,
    )


SIEGE = Battle(
    50,
    3,
    C,
    BattleKind.SIEGE,
    BattleSide(frozenset({1}), (21,), 21),
    BattleSide(frozenset({2, 4}), (22, 26), 22, 31),
    2,
)


def test_R_SIEGE_3_each_side_is_the_allies_on_its_tile_hostile_to_the_other() -> None:
    """R-SIEGE-3: an ally at peace with the city stays out; on the city's tile only its
    owner's allies hostile to the besieger defend it."""
    state = _crowded()
    assert declare_sieges(state, R) == (replace(state, battles={50: SIEGE}, next_id=51), (SIEGE,))


def test_R_SIEGE_3_the_turn_change_tells_both_sides_the_siege_continues() -> None:
    result = resolve_turn(_crowded(), TurnOrders(), R)
    assert result.battles == (SIEGE,)
    assert [e for e in result.events if e.kind is EventKind.SIEGE_CONTINUES] == [
        Event(
            EventKind.SIEGE_CONTINUES,
            "R-SIEGE-3",
            frozenset({1, 2, 4}),
            (C,),
            {"battle_id": 50, "siege_draws": 2},
        )
    ]


def test_R_SIEGE_3_a_besieger_fighting_elsewhere_still_besieges() -> None:
    """R-SIEGE-3: only a battle against this very city stops a second siege battle."""
    state, _ = besiege(city(31, 2, C), defended=True)
    elsewhere = Battle(49, 3, W, BattleKind.FIELD, side({1}, (21,)), side({2}, (23,)))
    other_city = Battle(48, 3, C, BattleKind.SIEGE, side({3}, (24,)), side({2}, (22,), 22, 31))
    state = replace(
        state, sieges={31: Siege(31, 21, 1)}, battles={48: other_city, 49: elsewhere}, next_id=50
    )
    new_state, declared = declare_sieges(state, R)
    assert [b.id for b in declared] == [50]
    assert new_state.battles.keys() == {48, 49, 50}


def test_R_SIEGE_4_an_outpost_held_against_an_assault_stays_with_nothing_to_lift() -> None:
    """R-SIEGE-4 / R-BAT-7: the defender wins an assault on its outpost, never besieged: the
    place and both armies stay, the winner takes the stake."""
    from app.rules.battles import BattleResolution, apply_battle_result
    from app.rules.state import BattleReport, Outcome, PendingStake
    from tests.rules.builders import outpost, resolved, stake_won

    state, b = besiege(outpost(31, 2, C), defended=True, kind=BattleKind.ASSAULT)
    report = BattleReport(Outcome.DEFENDER_VICTORY, 20, 10)
    assert apply_battle_result(state, b, report, R) == BattleResolution(
        replace(state, battles={}, stakes=(PendingStake(41, 2, 1, 10, "R-BAT-7"),)),
        (resolved(b, report), stake_won(winner=2, loser=1, battle_id=41)),
    )
