"""Battles (R-BAT-1…7, R-SEA-3, R-SYS, R-FAC WAAAGH!): forces, reports and field effects."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from app.rules import fog
from app.rules.battles import (
    BattleResolution,
    SideForces,
    abandon,
    apply_battle_result,
    cancel,
    change_leader,
    forces,
    participants,
    pillage,
    round_points,
    sides_of,
    stake,
    validate_report,
)
from app.rules.marches import resolve_movement
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Battle,
    BattleKind,
    BattleReport,
    CampaignState,
    EventKind,
    Fate,
    MapData,
    MoveOrder,
    Options,
    Outcome,
    PendingStake,
    Siege,
    Structure,
    TurnOrders,
    Violation,
)
from tests.factories.engine import (
    AV,
    BATTLEFIELD,
    DRAW,
    DV,
    NE,
    NW,
    SE,
    SW,
    TWO_PLAYERS,
    C,
    E,
    W,
    advanced,
    army,
    attack_from_west,
    attack_on,
    city,
    ev,
    fight,
    general,
    make_map,
    make_state,
    outpost,
    player,
    port,
    resolved,
    retreated,
    ship,
    side,
    stake_won,
    treaty,
)

P2 = frozenset({2})
R = default_ruleset()


def duel(
    a_tier: int = 1,
    d_tier: int = 1,
    *,
    mp: MapData = BATTLEFIELD,
    extra: tuple[Structure, ...] = (),
) -> tuple[CampaignState, Battle]:
    """Army 21 (player 1, on W) attacks army 22 (player 2, on C) in the field."""
    b = fight(side({1}, (21,)), side({2}, (22,)))
    players = (*TWO_PLAYERS, player(3, "orcs_goblins"))
    return attack_from_west(b, a_tier, d_tier, players=players, structures=extra, map=mp), b


def naval_duel(mp: MapData) -> tuple[CampaignState, Battle]:
    """The duel at sea: army 21 aboard ship 51, army 22 aboard ship 52."""
    state, b = duel(mp=mp)
    state = replace(
        state,
        armies={
            21: army(21, 1, W, general_id=11, ship_id=51),
            22: army(22, 2, C, general_id=12, ship_id=52),
        },
        ships={51: ship(51, 1, W, 21), 52: ship(52, 2, C, 22)},
    )
    return state, replace(b, kind=BattleKind.NAVAL)


# ------------------------------------------------------------------------ helpers, leader


def test_R_BAT_5_participants_and_sides() -> None:
    b = fight(side({1, 4}, (21, 25)), side({2}, (22,), structure=31))
    assert participants(b) == frozenset({1, 2, 4})
    assert [sides_of(b, p) for p in (1, 2, 3, 4)] == ["attacker", "defender", None, "attacker"]


def test_R_BAT_3_change_leader_to_another_army_of_the_side() -> None:
    state, b = duel()
    b = replace(b, attacker=side({1}, (21, 23)))
    state = replace(state, armies={**state.armies, 23: army(23, 1, W)}, battles={41: b})
    result = change_leader(state, 41, 1, 23)
    assert result == replace(state, battles={41: replace(b, attacker=side({1}, (21, 23), 23))})


def test_R_BAT_3_change_leader_refusals() -> None:
    state, b = duel()
    b = replace(b, attacker=side({1, 4}, (21, 25)))
    armies = {**state.armies, 25: army(25, 4, W)}
    state = replace(state, armies=armies, battles={41: b})
    not_in = [Violation("R-BAT-3", "You take no part in this battle.")]
    assert change_leader(state, 41, 3, 21) == not_in
    assert change_leader(state, 99, 1, 21) == not_in
    assert change_leader(state, 41, 1, 22) == [
        Violation("R-BAT-3", "That army does not fight on your side of this battle.")
    ]
    assert change_leader(state, 41, 4, 25) == [
        Violation("R-BAT-3", "Only the owner of the leading army may choose another.")
    ]


def test_R_BAT_5_cancel_removes_only_that_battle_without_effects() -> None:
    state, b = duel()
    other = replace(b, id=42)
    state = replace(state, battles={41: b, 42: other})
    assert cancel(state, b) == replace(state, battles={42: other})


# ---------------------------------------------------------------------------------- forces


def test_R_BAT_3_leader_joiners_at_25_pct_allied_joiner_included() -> None:
    state, _ = duel()
    armies = {
        21: army(21, 1, W, 3, general_id=11),
        23: army(23, 1, W, 2),
        25: army(25, 4, W, 1),
        22: army(22, 2, C, 1, general_id=12),
    }
    b = fight(side({1, 4}, (25, 21, 23), leader=21), side({2}, (22,)))
    state = replace(state, armies=armies, treaties={90: treaty(90, "alliance", 1, 4)})
    assert forces(state, b, R) == (
        SideForces(1875, 250, 0, 0, 0, 2125, 21, ((23, 250), (25, 125))),
        SideForces(500, 100, 0, 0, 0, 600, 22, ()),
    )


def test_R_BAT_4_city_garrisons_level_capital_and_dark_elves_capital_port() -> None:
    state, _ = duel()
    cases = [
        (city(31, 2, C, 1), 500),
        (city(31, 2, C, 2), 750),
        (city(31, 2, C, 1, True), 750),
        (city(31, 2, C, 2, True), 1000),
        (city(31, 2, C, 1, True, also_port=True), 750),
    ]
    for structure, garrison in cases:
        s = replace(state, structures={31: structure}, armies={21: state.armies[21]})
        b = attack_on(31, BattleKind.SIEGE, defended=False)
        assert forces(s, b, R)[1] == SideForces(0, 0, garrison, 0, 0, garrison, None, ())


def test_R_BAT_4_outpost_and_port_reinforced_from_game_turn_two() -> None:
    state, _ = duel()
    for structure in (outpost(31, 2, C), port(31, 2, C)):
        s = replace(state, structures={31: structure})
        b = attack_on(31, BattleKind.ASSAULT)
        assert forces(s, b, R)[1] == SideForces(500, 100, 250, 250, 0, 1100, 22, ())


def test_R_SYS_ninth_age_converts_each_figure_and_rounds_the_total_once() -> None:
    state, _ = duel()
    armies = {21: army(21, 1, W, 4), 23: army(23, 1, W, 1), 22: army(22, 2, C)}
    state = replace(state, armies=armies, structures={31: port(31, 2, C)})
    state = replace(state, options=Options(game_system="ninth_age"))
    b = fight(side({1}, (21, 23)), side({2}, (), structure=31), BattleKind.ASSAULT)
    # 2125 × 2.25 = 4781.25 → 4780; 325 × 2.25 = 731.25 → 730; but 2450 × 2.25 = 5512.5 → 5515.
    # Port: 250 × 2.25 = 562.5 → 565 twice, yet 500 × 2.25 = 1125.
    assert forces(state, b, R) == (
        SideForces(4780, 730, 0, 0, 0, 5515, 21, ((23, 280),)),
        SideForces(0, 0, 565, 565, 0, 1125, None, ()),
    )


def test_R_SYS_eighth_edition_coefficient_125() -> None:
    state, _ = duel()
    armies = {21: army(21, 1, W, 3), 23: army(23, 1, W, 2), 22: army(22, 2, C, 1)}
    state = replace(state, armies=armies, options=Options(game_system="whfb8"))
    b = fight(side({1}, (21, 23)), side({2}, (22,)))
    # 1750 × 1.25 = 2187.5 → 2190 and 250 × 1.25 = 312.5 → 315, but 2000 × 1.25 = 2500 exactly.
    assert forces(state, b, R) == (
        SideForces(2190, 315, 0, 0, 0, 2500, 21, ((23, 315),)),
        SideForces(625, 125, 0, 0, 0, 750, 22, ()),
    )


def test_R_SYS_kings_of_war_and_custom_coefficient() -> None:
    state, b = duel()
    kow = replace(state, options=Options(game_system="kings_of_war"))
    assert forces(kow, b, R)[0] == SideForces(500, 100, 0, 0, 0, 600, 21, ())
    custom = replace(state, options=Options(game_system="mordheim", custom_coefficient_pct=133))
    # 500 × 1.33 = 665; 100 × 1.33 = 133 → 135; 600 × 1.33 = 798 → 800.
    assert forces(custom, b, R)[0] == SideForces(665, 135, 0, 0, 0, 800, 21, ())


def test_R_SYS_round_points_nearest_five_halves_up() -> None:
    assert [round_points(n, 10, 5) for n in (0, 24, 25, 26, 74, 75)] == [0, 0, 5, 5, 5, 10]


def test_R_BAT_7_stake_and_R_SIEGE_2_pillage_amounts() -> None:
    state, b = duel()
    assert [stake(state, b, R), stake(state, b, R, DRAW), stake(state, b, R, DV)] == [10, 0, 10]
    state = replace(state, structures={31: city(31, 2, C), 32: city(32, 2, E, 1, True)})
    alone = attack_on(31, BattleKind.SIEGE, defended=False)
    assert [stake(state, alone, R, AV), stake(state, alone, R, DV)] == [0, 10]
    capital = replace(alone, coord=E, defender=side({2}, (), structure=32))
    assault = replace(alone, kind=BattleKind.ASSAULT)
    assert [pillage(state, alone, R), pillage(state, capital, R), pillage(state, b, R)] == [
        20,
        0,
        0,
    ]
    assert pillage(state, assault, R) == 0


# ---------------------------------------------------------------------------------- report


def test_R_BAT_6_valid_reports_pass() -> None:
    state, b = duel()
    assert validate_report(state, b, BattleReport(AV, 0, 100, general_captured=True), R) == []
    assert validate_report(state, b, BattleReport(DRAW, 50, 50), R) == []
    state = replace(state, structures={31: city(31, 2, C, 1, True)})
    siege = attack_on(31, BattleKind.SIEGE)
    assert validate_report(state, siege, BattleReport(AV, 10, 10), R) == []


def test_R_BAT_6_losses_must_be_0_to_100() -> None:
    state, b = duel()
    assert validate_report(state, b, BattleReport(AV, -1, 101), R) == [
        Violation("R-BAT-6", "The attacker's losses must be from 0 to 100 %."),
        Violation("R-BAT-6", "The defender's losses must be from 0 to 100 %."),
    ]


def test_R_BAT_6_fate_only_after_a_won_siege_or_assault() -> None:
    state, b = duel()
    state = replace(state, structures={31: city(31, 2, C)})
    siege = attack_on(31, BattleKind.SIEGE)
    refused = [Violation("R-BAT-6", "A fate is chosen only by a victorious siege or assault.")]
    assert validate_report(state, b, BattleReport(AV, 0, 0, fate=Fate.CAPTURE), R) == refused
    assert validate_report(state, siege, BattleReport(DRAW, 0, 0, fate=Fate.CAPTURE), R) == refused
    assert validate_report(state, siege, BattleReport(DV, 0, 0, fate=Fate.DESTROY), R) == refused
    assert validate_report(state, siege, BattleReport(AV, 0, 0), R) == [
        Violation("R-BAT-6", "Choose the fate of the place: capture or destroy.")
    ]


def test_R_SIEGE_2_capital_fate_refused() -> None:
    state, _ = duel()
    state = replace(state, structures={31: city(31, 2, C, 2, True)})
    siege = attack_on(31, BattleKind.SIEGE)
    refused = [Violation("R-SIEGE-2", "A capital is never captured or destroyed: it repulses.")]
    for fate in Fate:
        assert validate_report(state, siege, BattleReport(AV, 0, 0, fate=fate), R) == refused


def test_R_BAT_6_general_captured_refusals() -> None:
    state, _ = duel()
    state = replace(state, structures={31: outpost(31, 2, C)})
    alone = attack_on(31, BattleKind.ASSAULT, defended=False)
    report = BattleReport(AV, 0, 0, general_captured=True, fate=Fate.CAPTURE)
    assert validate_report(state, alone, report, R) == [
        Violation("R-BAT-6", "The losing side has no general to capture.")
    ]
    assert validate_report(state, alone, BattleReport(DRAW, 0, 0, general_captured=True), R) == [
        Violation("R-BAT-6", "No general is captured in a draw.")
    ]


# ------------------------------------------------------------------------- field effects


def test_R_BAT_7_attacker_victory_defender_retreats_east_attacker_moves_in() -> None:
    state, b = duel()
    report = BattleReport(AV, 20, 30)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={21: army(21, 1, C, general_id=11), 22: army(22, 2, E, general_id=12)},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            retreated(),
            advanced(),
        ),
    )


def test_R_BAT_7_defender_victory_losing_attacker_stays_and_owes_stake() -> None:
    state, b = duel()
    report = BattleReport(DV, 30, 10)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(state, battles={}, stakes=(PendingStake(41, 2, 1, 10, "R-BAT-7"),)),
        (
            resolved(b, report),
            stake_won(winner=2, loser=1),
        ),
    )


def test_R_BAT_7_draw_moves_nobody_tier_lost_at_50_not_at_49() -> None:
    state, b = duel(2, 2)
    report = BattleReport(DRAW, 50, 49)
    res = apply_battle_result(state, b, report, R)
    armies = {21: army(21, 1, W, 1, general_id=11), 22: army(22, 2, C, 2, general_id=12)}
    assert res == BattleResolution(
        replace(state, armies=armies, battles={}),
        (resolved(b, report), ev(EventKind.ARMY_TIER_LOST, "R-BAT-7", (W,), army_id=21, tier=1)),
    )


def test_R_BAT_7_tier_never_below_one() -> None:
    state, b = duel(1, 1)
    report = BattleReport(DV, 99, 0)
    res = apply_battle_result(state, b, report, R)
    assert res.state == replace(state, battles={}, stakes=(PendingStake(41, 2, 1, 10, "R-BAT-7"),))
    assert [e.kind for e in res.events] == ["battle_resolved", "stake_won"]


def test_R_BAT_7_defeated_side_at_100_pct_loses_every_army_winner_only_a_tier() -> None:
    state, _ = duel(2)
    b = fight(side({1}, (21,)), side({2}, (22, 23), leader=23))
    armies = {**state.armies, 23: army(23, 2, C, 3, general_id=13)}
    generals = {**state.generals, 13: general(13, 2, 23)}
    state = replace(state, armies=armies, generals=generals, battles={41: b})
    report = BattleReport(AV, 100, 100)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={21: army(21, 1, C, 1, general_id=11)},
            generals={11: general(11, 1, 21), 12: general(12, 2), 13: general(13, 2)},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            ev(EventKind.ARMY_TIER_LOST, "R-BAT-7", (W,), army_id=21, tier=1),
            ev(EventKind.ARMY_DESTROYED, "R-BAT-7", (C,), army_id=22, owner=2),
            ev(EventKind.GENERAL_FREED, "R-ARMY-2", (), P2, general_id=12),
            ev(EventKind.ARMY_DESTROYED, "R-BAT-7", (C,), army_id=23, owner=2),
            ev(EventKind.GENERAL_FREED, "R-ARMY-2", (), P2, general_id=13),
            advanced(),
        ),
    )


def test_R_BAT_7_retreat_prefers_own_tile_and_skips_one_held_by_a_hostile_army() -> None:
    # E is neutral and free, NW is player 2's but held by player 1: SW, also player 2's, wins.
    state, b = duel(extra=(outpost(31, 2, NW), outpost(32, 2, SW)))
    state = replace(state, armies={**state.armies, 24: army(24, 1, NW)})
    res = apply_battle_result(state, b, BattleReport(AV, 0, 0), R)
    assert res.state.armies == {
        21: army(21, 1, C, general_id=11),
        22: army(22, 2, SW, general_id=12),
        24: army(24, 1, NW),
    }
    assert res.events[2] == retreated(SW)


def test_R_BAT_7_retreat_order_skips_sea_foreign_tile_and_hostile_army() -> None:
    # E is sea, NE holds player 3's outpost, NW player 1's army, W the attacker: SW is first.
    mp = make_map([".....", ".....", "...~.", ".....", "....."])
    state, b = duel(mp=mp, extra=(outpost(31, 3, NE),))
    state = replace(state, armies={**state.armies, 24: army(24, 1, NW)})
    report = BattleReport(AV, 0, 0)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={
                21: army(21, 1, C, general_id=11),
                22: army(22, 2, SW, general_id=12),
                24: army(24, 1, NW),
            },
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            retreated(SW),
            advanced(),
        ),
    )


def test_R_BAT_7_defender_with_nowhere_to_go_is_destroyed_general_freed() -> None:
    mp = make_map([".....", ".....", "...~.", ".....", "....."])
    others = tuple(outpost(30 + i, 3, c) for i, c in enumerate((NE, NW, SW, SE)))
    state, b = duel(mp=mp, extra=others)
    report = BattleReport(AV, 10, 10)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={21: army(21, 1, C, general_id=11)},
            generals={11: general(11, 1, 21), 12: general(12, 2)},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            ev(EventKind.ARMY_DESTROYED, "R-BAT-7", (C,), army_id=22, owner=2),
            ev(EventKind.GENERAL_FREED, "R-ARMY-2", (), P2, general_id=12),
            advanced(),
        ),
    )


def test_R_FOG_3_only_its_owner_hears_which_general_went_free() -> None:
    """Player 3's outposts see the battle tile: like the winner, player 3 learns the battle,
    the stake, the army destroyed and the advance, never which general led it (it goes home)."""
    mp = make_map([".....", ".....", "...~.", ".....", "....."])
    others = tuple(outpost(30 + i, 3, c) for i, c in enumerate((NE, NW, SW, SE)))
    state, b = duel(mp=mp, extra=others)
    res = apply_battle_result(state, b, BattleReport(AV, 10, 10), R)
    seen = fog.summaries(res.events, fog.sights(state, R), fog.sights(res.state, R))
    freed = [e for e in res.events if e.kind is EventKind.GENERAL_FREED]
    assert freed == [ev(EventKind.GENERAL_FREED, "R-ARMY-2", (), P2, general_id=12)]
    unnamed = tuple(e for e in res.events if e.kind is not EventKind.GENERAL_FREED)
    assert seen == {1: unnamed, 2: res.events, 3: unnamed}


# A one-row plain: army 21 (player 1) walks east from (0,0), army 22 (player 2) west from
# (4,0); both try to enter the empty tile (2,0) at tick 2 or swap tiles, as movement makes them.
ROW = make_map(["......"])


def _met_on_the_way(
    path21: tuple[tuple[int, int], ...],
    path22: tuple[tuple[int, int], ...],
    start22: tuple[int, int] = (4, 0),
) -> tuple[CampaignState, Battle]:
    state = make_state(
        ROW,
        TWO_PLAYERS,
        armies=[army(21, 1, (0, 0), general_id=11), army(22, 2, start22, general_id=12)],
        generals=[general(11, 1, 21), general(12, 2, 22)],
        next_id=500,
    )
    orders = TurnOrders(moves={21: MoveOrder(21, path21), 22: MoveOrder(22, path22)})
    moved = resolve_movement(state, orders, R)
    (battle,) = moved.battles
    return moved.state, battle


def test_R_BAT_7_both_entered_an_empty_tile_the_winning_defender_moves_in() -> None:
    """R-BAT-7 / R-BAT-2 from real movement: both stop before (2,0); 21 (lower id) attacks; the
    defender 22 wins and moves into the contested tile; the losing attacker stays."""
    state, b = _met_on_the_way(((1, 0), (2, 0), (3, 0)), ((3, 0), (2, 0), (1, 0)))
    assert (b.coord, b.attacker.army_ids, b.defender.army_ids) == ((2, 0), (21,), (22,))
    assert (state.armies[21].coord, state.armies[22].coord) == ((1, 0), (3, 0))
    report = BattleReport(DV, 30, 10)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={
                21: army(21, 1, (1, 0), general_id=11),
                22: army(22, 2, (2, 0), general_id=12),
            },
            battles={},
            stakes=(PendingStake(b.id, 2, 1, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(winner=2, loser=1, at=(2, 0), battle_id=b.id),
            advanced(army_id=22, start=(3, 0), end=(2, 0)),
        ),
    )


def test_R_BAT_7_both_entered_an_empty_tile_the_winning_attacker_moves_in() -> None:
    """R-BAT-7 from real movement: the attacker 21 wins and moves in; the losing defender
    retreats from where it stopped, (3,0), to its first free neighbour east, (4,0)."""
    state, b = _met_on_the_way(((1, 0), (2, 0), (3, 0)), ((3, 0), (2, 0), (1, 0)))
    report = BattleReport(AV, 10, 60)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={
                21: army(21, 1, (2, 0), general_id=11),
                22: army(22, 2, (4, 0), general_id=12),
            },
            battles={},
            stakes=(PendingStake(b.id, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(at=(2, 0), battle_id=b.id),
            retreated((4, 0), start=(3, 0)),
            advanced(start=(1, 0), end=(2, 0)),
        ),
    )


def test_R_BAT_7_after_a_swap_the_winning_defender_stays() -> None:
    """R-BAT-7 / R-MOVE-3 from real movement: at tick 2, 21 and 22 swap (1,0) and (2,0); both
    stay where they began the tick; the defender wins and nobody moves."""
    state, b = _met_on_the_way(((1, 0), (2, 0)), ((2, 0), (1, 0)), start22=(3, 0))
    assert (b.coord, state.armies[21].coord, state.armies[22].coord) == ((1, 0), (1, 0), (2, 0))
    report = BattleReport(DV, 30, 10)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(state, battles={}, stakes=(PendingStake(b.id, 2, 1, 10, "R-BAT-7"),)),
        (
            resolved(b, report),
            stake_won(winner=2, loser=1, at=(1, 0), battle_id=b.id),
        ),
    )


def test_R_BAT_7_after_a_swap_the_winning_attacker_stays_the_defender_retreats() -> None:
    """R-BAT-7 / R-MOVE-3 from real movement: after the swap the attacker 21 wins on its own
    tile (1,0), where it stays; the defender 22 retreats from (2,0) east to (3,0)."""
    state, b = _met_on_the_way(((1, 0), (2, 0)), ((2, 0), (1, 0)), start22=(3, 0))
    report = BattleReport(AV, 0, 0)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={
                21: army(21, 1, (1, 0), general_id=11),
                22: army(22, 2, (3, 0), general_id=12),
            },
            battles={},
            stakes=(PendingStake(b.id, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(at=(1, 0), battle_id=b.id),
            retreated((3, 0), start=(2, 0)),
        ),
    )


def test_R_BAT_7_general_captured_goes_to_winner_army_keeps_no_general() -> None:
    state, b = duel()
    report = BattleReport(AV, 0, 0, general_captured=True)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={21: army(21, 1, C, general_id=11), 22: army(22, 2, E)},
            generals={11: general(11, 1, 21), 12: general(12, 2, None, held_by=1)},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            ev(EventKind.GENERAL_CAPTURED, "R-BAT-7", (C,), general_id=12, army_id=22, held_by=1),
            retreated(),
            advanced(),
        ),
    )


def test_R_BAT_7_captured_general_of_a_destroyed_army_stays_prisoner() -> None:
    state, b = duel()
    res = apply_battle_result(state, b, BattleReport(DV, 100, 0, general_captured=True), R)
    assert res.state.armies == {22: army(22, 2, C, general_id=12)}
    assert res.state.generals == {11: general(11, 1, None, 2), 12: general(12, 2, 22)}
    assert [e.kind for e in res.events] == [
        "battle_resolved",
        "stake_won",
        "general_captured",
        "army_destroyed",
    ]


def test_R_FAC_orcs_and_goblins_count_a_victory_towards_waaagh() -> None:
    state, b = duel()
    state = replace(
        state,
        armies={**state.armies, 21: army(21, 3, W, general_id=11)},
        players={**state.players, 3: player(3, "orcs_goblins", victories=2)},
    )
    b = fight(side({3}, (21,)), side({2}, (22,)))
    report = BattleReport(AV, 0, 0)
    res = apply_battle_result(state, b, report, R)
    p32 = frozenset({2, 3})
    assert res == BattleResolution(
        replace(
            state,
            armies={21: army(21, 3, C, general_id=11), 22: army(22, 2, E, general_id=12)},
            players={**state.players, 3: player(3, "orcs_goblins", victories=3)},
            battles={},
            stakes=(PendingStake(41, 3, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(winner=3, players=p32),
            ev(EventKind.VICTORY_COUNTED, "R-FAC", (), p32, player=3, victories=3),
            retreated(players=p32),
            advanced(players=p32),
        ),
    )
    lost = apply_battle_result(state, b, BattleReport(DV, 0, 0), R)
    assert lost.state.players == state.players


def test_R_SEA_3_naval_loser_retreats_with_its_ship_winner_sails_in() -> None:
    state, b = naval_duel(make_map(["~~~~~"] * 5))
    report = BattleReport(AV, 0, 0)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={
                21: army(21, 1, C, general_id=11, ship_id=51),
                22: army(22, 2, E, general_id=12, ship_id=52),
            },
            ships={51: ship(51, 1, C, 21), 52: ship(52, 2, E, 22)},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            retreated(rule="R-SEA-3"),
            advanced(),
        ),
    )


def test_R_SEA_3_naval_loser_with_no_free_sea_sinks_with_its_ship() -> None:
    state, b = naval_duel(make_map([".....", ".....", ".~~..", ".....", "....."]))
    report = BattleReport(AV, 0, 0)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={21: army(21, 1, C, general_id=11, ship_id=51)},
            generals={11: general(11, 1, 21), 12: general(12, 2)},
            ships={51: ship(51, 1, C, 21)},
            battles={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            ev(EventKind.ARMY_DESTROYED, "R-BAT-7", (C,), army_id=22, owner=2),
            ev(EventKind.SHIP_DESTROYED, "R-SEA-3", (C,), ship_id=52),
            ev(EventKind.GENERAL_FREED, "R-ARMY-2", (), P2, general_id=12),
            advanced(),
        ),
    )


def test_R_MOVE_3_other_battles_of_a_retreated_army_are_cancelled_and_its_siege_lifted() -> None:
    # Army 22 also fights player 3's army 23 (on E) and besieges player 3's city on SE.
    state, b = duel(extra=(city(33, 3, SE),))
    other = Battle(42, 3, C, BattleKind.FIELD, side({3}, (23,)), side({2}, (22,)))
    state = replace(
        state,
        armies={**state.armies, 23: army(23, 3, E)},
        battles={41: b, 42: other},
        sieges={33: Siege(33, 22, 1)},
    )
    report = BattleReport(AV, 0, 0)
    res = apply_battle_result(state, b, report, R)
    assert res == BattleResolution(
        replace(
            state,
            armies={
                21: army(21, 1, C, general_id=11),
                22: army(22, 2, NE, general_id=12),
                23: army(23, 3, E),
            },
            battles={},
            sieges={},
            stakes=(PendingStake(41, 1, 2, 10, "R-BAT-7"),),
        ),
        (
            resolved(b, report),
            stake_won(),
            retreated(NE),
            advanced(),
            ev(EventKind.SIEGE_LIFTED, "R-SIEGE-3", (SE,), structure_id=33),
            ev(EventKind.BATTLE_CANCELLED, "R-MOVE-3", (C,), frozenset({2, 3}), battle_id=42),
        ),
    )


# --------------------------------------------------------------------------------- abandon


def test_R_BAT_6_abandon_outpost_attacker_takes_it_and_moves_in_no_gold() -> None:
    state, _ = duel(extra=(outpost(31, 2, C),))
    b = attack_on(31, BattleKind.ASSAULT)
    state = replace(state, battles={41: b})
    res = abandon(state, b, 2)
    assert res == BattleResolution(
        replace(
            state,
            armies={21: army(21, 1, C, general_id=11), 22: army(22, 2, E, general_id=12)},
            structures={31: outpost(31, 1, C, since_turn=3)},
            battles={},
        ),
        (
            retreated(),
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


def test_R_BAT_6_abandon_refusals() -> None:
    state, _ = duel(extra=(port(31, 2, C), city(32, 2, E)))
    assault = attack_on(31, BattleKind.ASSAULT, defended=False)
    siege = attack_on(32, BattleKind.SIEGE, defended=False, coord=E)
    assert abandon(state, assault, 1) == [
        Violation("R-BAT-6", "Only the owner of this place can abandon it.")
    ]
    only = [Violation("R-BAT-6", "Only an attacked outpost or port can be abandoned.")]
    assert abandon(state, siege, 2) == only
    assert abandon(state, replace(assault, kind=BattleKind.SIEGE), 2) == only
    assert isinstance(abandon(state, assault, 2), BattleResolution)


# ---------------------------------------------------------------------------- properties


@given(
    outcome=st.sampled_from(list(Outcome)),
    a_loss=st.integers(0, 100),
    d_loss=st.integers(0, 100),
    tiers=st.tuples(st.integers(1, 6), st.integers(1, 6)),
    captured=st.booleans(),
)
def test_R_BAT_7_field_result_is_deterministic_and_keeps_invariants(
    outcome: Outcome, a_loss: int, d_loss: int, tiers: tuple[int, int], captured: bool
) -> None:
    state, b = duel(*tiers)
    report = BattleReport(outcome, a_loss, d_loss, captured and outcome is not DRAW)
    assert validate_report(state, b, report, R) == []
    first = apply_battle_result(state, b, report, R)
    assert first == apply_battle_result(state, b, report, R)
    destroyed = sum(e.kind == "army_destroyed" for e in first.events)
    assert len(first.state.armies) == 2 - destroyed
    start = {21: tiers[0], 22: tiers[1]}
    assert all(1 <= a.tier <= start[i] for i, a in first.state.armies.items())
    assert first.state.battles == {}
    assert len(first.state.stakes) == (0 if outcome is DRAW else 1)


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
    from tests.factories.engine import player, treaty

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

    state, b = duel()
    leaderless = replace(b, attacker=replace(b.attacker, leader_id=None))
    no_general = [Violation("R-BAT-6", "The losing side has no general to capture.")]
    reports = [
        BattleReport(o, 10, 10, True) for o in (Outcome.DEFENDER_VICTORY, Outcome.ATTACKER_VICTORY)
    ]
    assert [validate_report(state, leaderless, r, R) for r in reports] == [no_general, []]
