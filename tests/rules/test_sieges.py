"""Sieges, assaults and the fate of cities (R-SIEGE-1…4, R-BAT-4/7, R-ARMY-5)."""

from __future__ import annotations

from dataclasses import replace

from app.rules.battles import BattleResolution, SideForces, apply_battle_result, forces
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.sieges import choose_leader, declare_sieges
from app.rules.state import (
    Battle,
    BattleKind,
    BattleReport,
    BattleSide,
    CampaignState,
    Event,
    EventKind,
    Fate,
    PendingStake,
    Siege,
    Structure,
    TurnOrders,
)
from tests.factories.engine import (
    AV,
    DRAW,
    DV,
    C,
    E,
    W,
    advanced,
    army,
    attack_from_west,
    attack_on,
    city,
    ev,
    make_map,
    make_state,
    outpost,
    player,
    port,
    resolved,
    retreated,
    side,
    stake_won,
    treaty,
)
from tests.factories.engine import treaty as make_treaty

R = default_ruleset()


def besiege(
    place: Structure, defended: bool, draws: int = 0, kind: BattleKind = BattleKind.SIEGE
) -> tuple[CampaignState, Battle]:
    """Army 21 (player 1, on W) attacks player 2's place on C, held by army 22 if `defended`."""
    b = attack_on(place.id, kind, defended, draws=draws)
    state = attack_from_west(b, 2, 1 if defended else None, seat_id=place.id, structures=[place])
    return state, b


def captured(rule: str) -> Event:
    """Player 1 takes player 2's place 31 on C."""
    return ev(EventKind.STRUCTURE_CAPTURED, rule, (C,), structure_id=31, from_player=2, to_player=1)


# ------------------------------------------------------------------------------ siege won


def test_R_SIEGE_2_capture_level_2_city_drops_to_1_at_50_pct_seat_lost_siege_ends() -> None:
    state, b = besiege(city(31, 2, C, 2), defended=True, draws=1)
    state = replace(state, sieges={31: Siege(31, 21, 1)})
    report = BattleReport(AV, 10, 50, fate=Fate.CAPTURE)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            structures={31: city(31, 1, C, 1, since_turn=3)},
            armies={21: army(21, 1, C, 2, general_id=11), 22: army(22, 2, E, general_id=12)},
            sieges={},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            retreated(),
            captured("R-SIEGE-2"),
            ev(EventKind.ARMY_SEAT_LOST, "R-ARMY-5", (C,), army_id=22),
            ev(EventKind.CITY_LEVEL_LOST, "R-SIEGE-4", (C,), structure_id=31, level=1),
            advanced("R-SIEGE-2"),
        ),
    )


def test_R_SIEGE_4_captured_level_2_city_keeps_its_level_below_50_pct() -> None:
    state, b = besiege(city(31, 2, C, 2), defended=True)
    res = apply_battle_result(state, b, BattleReport(AV, 10, 49, fate=Fate.CAPTURE), R)
    assert res.state.structures == {31: city(31, 1, C, 2, since_turn=3)}
    assert "city_level_lost" not in [e.kind for e in res.events]


def test_R_SIEGE_2_destroy_pillages_20_on_top_of_the_victory_stake() -> None:
    state, b = besiege(city(31, 2, C), defended=True)
    report = BattleReport(AV, 0, 20, fate=Fate.DESTROY)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            structures={},
            armies={21: army(21, 1, C, 2, general_id=11), 22: army(22, 2, E, general_id=12)},
            battles={},
            stakes=(
                PendingStake(41, 1, 2, 10, "R-BAT-7"),
                PendingStake(41, 1, 2, 20, "R-SIEGE-2"),
            ),
        ),
        (
            resolved(b, report),
            stake_won(),
            ev(
                EventKind.PILLAGE_WON, "R-SIEGE-2", (C,), battle_id=41, winner=1, loser=2, amount=20
            ),
            retreated(),
            ev(EventKind.STRUCTURE_DESTROYED, "R-SIEGE-2", (C,), structure_id=31, owner=2),
            ev(EventKind.ARMY_SEAT_LOST, "R-ARMY-5", (C,), army_id=22),
            advanced("R-SIEGE-2"),
        ),
    )


def test_R_BAT_7_victory_over_a_garrison_alone_earns_no_stake() -> None:
    state, b = besiege(city(31, 2, C), defended=False)
    report = BattleReport(AV, 30, 0, fate=Fate.CAPTURE)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            structures={31: city(31, 1, C, since_turn=3)},
            armies={21: army(21, 1, C, 2, general_id=11)},
            battles={},
        ),
        (
            resolved(b, report),
            captured("R-SIEGE-2"),
            advanced("R-SIEGE-2"),
        ),
    )


def test_R_SIEGE_2_destroying_an_undefended_city_pillages_only() -> None:
    state, b = besiege(city(31, 2, C), defended=False)
    res = apply_battle_result(state, b, BattleReport(AV, 0, 0, fate=Fate.DESTROY), R)
    assert res.state.stakes == (PendingStake(41, 1, 2, 20, "R-SIEGE-2"),)
    assert res.state.structures == {}


def test_R_SIEGE_3_garrison_repels_attacker_wins_stake_and_lifts_the_siege() -> None:
    state, b = besiege(city(31, 2, C), defended=False, draws=2)
    state = replace(state, sieges={31: Siege(31, 21, 2)})
    report = BattleReport(DV, 60, 0)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={21: army(21, 1, W, 1, general_id=11)},
            sieges={},
            battles={},
            stakes=(PendingStake(41, 2, 1, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(winner=2, loser=1),
            ev(EventKind.ARMY_TIER_LOST, "R-BAT-7", (W,), army_id=21, tier=1),
            ev(EventKind.SIEGE_LIFTED, "R-SIEGE-3", (C,), structure_id=31),
        ),
    )


# ------------------------------------------------------------------------------- capitals


def test_R_SIEGE_2_capital_repulses_defended_stake_and_defender_retreats() -> None:
    state, b = besiege(city(31, 2, C, 1, True), defended=True)
    report = BattleReport(AV, 10, 20)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={**state.armies, 22: army(22, 2, E, general_id=12, seat_id=31)},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            retreated(),
            ev(EventKind.CAPITAL_REPULSED, "R-SIEGE-2", (C,), structure_id=31),
        ),
    )


def test_R_SIEGE_2_undefended_capital_repulses_without_stake() -> None:
    state, b = besiege(city(31, 2, C, 2, True), defended=False)
    report = BattleReport(AV, 0, 0)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(state, battles={}),
        (resolved(b, report), ev(EventKind.CAPITAL_REPULSED, "R-SIEGE-2", (C,), structure_id=31)),
    )


# -------------------------------------------------------------------------------- assault


def test_R_SIEGE_4_outpost_captured_no_stake_without_army() -> None:
    state, b = besiege(outpost(31, 2, C), defended=False, kind=BattleKind.ASSAULT)
    report = BattleReport(AV, 10, 0, fate=Fate.CAPTURE)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            structures={31: outpost(31, 1, C, since_turn=3)},
            armies={21: army(21, 1, C, 2, general_id=11)},
            battles={},
        ),
        (
            resolved(b, report),
            captured("R-SIEGE-4"),
            advanced("R-SIEGE-4"),
        ),
    )


def test_R_SIEGE_4_port_destroyed_no_pillage() -> None:
    state, b = besiege(port(31, 2, C), defended=True, kind=BattleKind.ASSAULT)
    state = replace(state, armies={**state.armies, 22: army(22, 2, C, general_id=12)})
    report = BattleReport(AV, 10, 10, fate=Fate.DESTROY)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            structures={},
            armies={21: army(21, 1, C, 2, general_id=11), 22: army(22, 2, E, general_id=12)},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            retreated(),
            ev(EventKind.STRUCTURE_DESTROYED, "R-SIEGE-4", (C,), structure_id=31, owner=2),
            advanced("R-SIEGE-4"),
        ),
    )


def test_R_SIEGE_4_drawn_assault_changes_nothing() -> None:
    state, b = besiege(outpost(31, 2, C), defended=True, kind=BattleKind.ASSAULT)
    report = BattleReport(DRAW, 10, 10)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(replace(state, battles={}), (resolved(b, report),))


# ---------------------------------------------------------------------------- drawn sieges


def test_R_SIEGE_3_first_drawn_siege_besieges_the_city() -> None:
    state, b = besiege(city(31, 2, C), defended=False)
    report = BattleReport(DRAW, 10, 10)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(state, battles={}, sieges={31: Siege(31, 21, 1)}),
        (
            resolved(b, report),
            ev(EventKind.CITY_BESIEGED, "R-SIEGE-3", (C,), structure_id=31, army_id=21, draws=1),
        ),
    )


def test_R_SIEGE_3_each_drawn_siege_counts() -> None:
    state, b = besiege(city(31, 2, C), defended=True, draws=2)
    state = replace(state, sieges={31: Siege(31, 21, 2)})
    res = apply_battle_result(state, b, BattleReport(DRAW, 0, 0), R)
    assert res.state == replace(state, battles={}, sieges={31: Siege(31, 21, 3)})


def test_R_SIEGE_3_siege_bonus_10_pct_per_draw_capped_at_30() -> None:
    expected = {0: (0, 1175), 1: (10, 1295), 2: (20, 1410), 3: (30, 1530), 4: (30, 1530)}
    for draws, (pct, total) in expected.items():
        state, b = besiege(city(31, 2, C), defended=False, draws=draws)
        # Tier 2: 1000 + 175 = 1175, × 1.1 = 1292.5 → 1295, × 1.3 = 1527.5 → 1530.
        assert forces(state, b, R) == (
            SideForces(1000, 175, 0, 0, pct, total, 21, ()),
            SideForces(0, 0, 500, 0, 0, 500, None, ()),
        )


# ------------------------------------------------------------------------ declare_sieges


def test_R_BAT_3_choose_leader_highest_tier_then_lowest_id() -> None:
    armies = [army(5, 1, C, 2), army(3, 1, C, 2), army(1, 1, C, 1)]
    assert choose_leader(armies) == 3
    assert choose_leader([]) is None


def test_R_SIEGE_3_continuing_siege_declared_with_allies_and_draw_count() -> None:
    state, _ = besiege(city(31, 2, C), defended=True)
    state = replace(
        state,
        players={**state.players, 4: player(4, "dwarfs")},
        armies={**state.armies, 25: army(25, 4, W, 3), 26: army(26, 4, E)},
        treaties={90: make_treaty(90, "alliance", 1, 4)},
        sieges={31: Siege(31, 21, 2)},
        battles={},
        next_id=50,
    )
    new_state, declared = declare_sieges(state, R)
    battle = Battle(
        50,
        3,
        C,
        BattleKind.SIEGE,
        BattleSide(frozenset({1, 4}), (21, 25), 25),
        BattleSide(frozenset({2}), (22,), 22, 31),
        2,
    )
    assert declared == (battle,)
    assert new_state == replace(state, battles={50: battle}, next_id=51)


def test_R_SIEGE_3_sieges_lifted_when_army_gone_moved_no_longer_hostile_or_city_gone() -> None:
    mp = make_map(["......"] * 6)
    state = make_state(
        mp,
        [player(1), player(2, "bretonnia"), player(3, "dwarfs")],
        [city(31, 2, (1, 1)), city(32, 2, (3, 1)), city(33, 3, (1, 3))],
        [army(21, 1, (4, 4)), army(22, 1, (2, 3))],
        sieges=[
            Siege(31, 99, 1),  # its army is gone
            Siege(32, 21, 1),  # its army moved away
            Siege(33, 22, 1),  # a pact now binds the players
            Siege(34, 22, 1),  # the city is gone
        ],
        treaties=[make_treaty(90, "pact", 1, 3)],
        turn=3,
    )
    assert declare_sieges(state, R) == (replace(state, sieges={}), ())


def test_R_SIEGE_3_siege_already_being_fought_is_not_declared_twice() -> None:
    state, _ = besiege(city(31, 2, C), defended=False, draws=1)
    state = replace(state, sieges={31: Siege(31, 21, 1)})
    assert declare_sieges(state, R) == (state, ())


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
    from tests.factories.engine import outpost, resolved, stake_won

    state, b = besiege(outpost(31, 2, C), defended=True, kind=BattleKind.ASSAULT)
    report = BattleReport(Outcome.DEFENDER_VICTORY, 20, 10)
    assert apply_battle_result(state, b, report, R) == BattleResolution(
        replace(state, battles={}, stakes=(PendingStake(41, 2, 1, 10, "R-BAT-7"),)),
        (resolved(b, report), stake_won(winner=2, loser=1, battle_id=41)),
    )
