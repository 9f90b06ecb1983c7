"""Battles (R-BAT-3, R-BAT-6, R-SEA-2): scenarios that mutation testing found untested
(docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

from dataclasses import replace

from app.rules.battles import BattleResolution, abandon, change_leader
from app.rules.state import BattleKind, EventKind, Violation
from tests.rules.builders import (
    C,
    W,
    advanced,
    army,
    attack_from_west,
    attack_on,
    city,
    ev,
    make_map,
    outpost,
    port,
    ship,
    side,
)
from tests.rules.test_battles import duel


def test_R_BAT_3_the_defender_s_leader_changes_the_defending_side_only() -> None:
    state, b = duel()
    b = replace(b, defender=side({2}, (22, 24)))
    state = replace(state, armies={**state.armies, 24: army(24, 2, C)}, battles={41: b})
    assert change_leader(state, 41, 2, 24) == replace(
        state, battles={41: replace(b, defender=side({2}, (22, 24), 24))}
    )


def test_R_BAT_6_a_city_cannot_be_abandoned_nor_a_place_with_no_attacker_left() -> None:
    state, _ = duel(extra=(city(31, 2, C), outpost(32, 2, C)))
    assaulted_city = attack_on(31, BattleKind.ASSAULT)
    assert abandon(state, assaulted_city, 2) == [
        Violation("R-BAT-6", "Only an attacked outpost or port can be abandoned.")
    ]
    gone = replace(state, armies={22: state.armies[22]})
    assert abandon(gone, attack_on(32, BattleKind.ASSAULT), 2) == [
        Violation("R-BAT-6", "No attacker is left to take this place.")
    ]


def test_R_SEA_2_an_attacker_landing_in_an_abandoned_port_leaves_its_ship_at_anchor() -> None:
    """R-BAT-6 / R-SEA-2: the army aboard goes ashore into the port; its ship stays on W."""
    mp = make_map([".....", ".....", ".~...", ".....", "....."])
    b = attack_on(31, BattleKind.ASSAULT, defended=False)
    state = attack_from_west(b, 1, None, structures=[port(31, 2, C)], map=mp)
    state = replace(
        state,
        armies={21: replace(state.armies[21], ship_id=51)},
        ships={51: ship(51, 1, W, 21)},
    )
    assert abandon(state, b, 2) == BattleResolution(
        replace(
            state,
            armies={21: army(21, 1, C, general_id=11)},
            ships={51: ship(51, 1, W)},
            structures={31: port(31, 1, C, since_turn=3)},
            battles={},
        ),
        (
            ev(
                EventKind.STRUCTURE_ABANDONED,
                "R-BAT-6",
                (C,),
                structure_id=31,
                from_player=2,
                to_player=1,
            ),
            advanced("R-BAT-6"),
        ),
    )


def _defender_won_with(*extra: object) -> tuple[int, int]:
    """Where the winning defender 22 ends when both armies stopped before (2,0) and `extra`
    (structures and armies of players 3, hostile to 2, and 4, allied to 2) stand around."""
    from app.rules.battles import apply_battle_result
    from app.rules.state import Army, BattleReport, Outcome, Structure
    from tests.rules.builders import player, treaty
    from tests.rules.test_battles import R, _met_on_the_way

    state, b = _met_on_the_way(((1, 0), (2, 0), (3, 0)), ((3, 0), (2, 0), (1, 0)))
    state = replace(
        state,
        players={**state.players, 3: player(3, "dwarfs"), 4: player(4, "lizardmen")},
        structures={s.id: s for s in extra if isinstance(s, Structure)},
        armies={**state.armies, **{a.id: a for a in extra if isinstance(a, Army)}},
        treaties={90: treaty(90, "alliance", 2, 4)},
    )
    res = apply_battle_result(state, b, BattleReport(Outcome.DEFENDER_VICTORY, 30, 10), R)
    return res.state.armies[22].coord


def test_R_BAT_7_the_winning_defender_moves_in_unless_a_hostile_force_holds_the_tile() -> None:
    """R-BAT-7: the contested tile (2,0) held by a hostile site or army keeps the winner out;
    an ally's site or army there, or a hostile site elsewhere, does not."""
    assert _defender_won_with() == (2, 0)
    assert _defender_won_with(outpost(60, 3, (2, 0))) == (3, 0)
    assert _defender_won_with(army(61, 3, (2, 0))) == (3, 0)
    assert _defender_won_with(outpost(60, 4, (2, 0)), outpost(62, 3, (5, 0))) == (2, 0)
    assert _defender_won_with(army(61, 4, (2, 0)), army(63, 3, (5, 0))) == (2, 0)


def test_R_BAT_6_a_general_is_captured_only_from_the_losing_side_s_leader() -> None:
    """R-BAT-6: the defender wins against an attacking side with no leader: no general to
    capture; the attacker winning captures the defender's leader."""
    from app.rules.battles import validate_report
    from app.rules.state import BattleReport, Outcome
    from tests.rules.test_battles import R

    state, b = duel()
    leaderless = replace(b, attacker=replace(b.attacker, leader_id=None))
    no_general = [Violation("R-BAT-6", "The losing side has no general to capture.")]
    reports = [
        BattleReport(o, 10, 10, True) for o in (Outcome.DEFENDER_VICTORY, Outcome.ATTACKER_VICTORY)
    ]
    assert [validate_report(state, leaderless, r, R) for r in reports] == [no_general, []]
