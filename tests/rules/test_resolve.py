"""Full turn changes (R-TURN-4): whole ledger, events and state of each scenario."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from app.rules import fog
from app.rules.battles import Muster, SideForces, forces
from app.rules.hexgrid import Coord
from app.rules.resolve import TurnResult, resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BuildKind,
    BuildOrder,
    CampaignState,
    Event,
    EventKind,
    General,
    LedgerEntry,
    MoveOrder,
    PendingStake,
    RaiseArmyOrder,
    RecruitGeneralOrder,
    Structure,
    StructureKind,
    Treaty,
    TurnOrders,
    UpgradeOrder,
)
from tests.factories.engine import army, city, general, make_map, make_state, player, side, treaty

RULES = default_ruleset()
NO = TurnOrders()

# Row 0: (0,0) … (7,0); players 1 and 2 sit 7 tiles apart, out of each other's sight.
MAP = make_map(["C.f....C", "........", "........"])


CAPITALS = (city(10, 1, (0, 0), capital=True), city(11, 2, (7, 0), capital=True))
GENERALS = (general(30, 1, 20), general(31, 1, 21), general(32, 2, 22))


def _state(
    gold1: int = 0,
    gold2: int = 10,
    turn: int = 3,
    *,
    structures: Iterable[Structure] = CAPITALS,
    armies: Iterable[Army] | None = None,
    capital_tier: int = 3,
    enemy_at: Coord = (7, 0),
    generals: Iterable[General] = GENERALS,
    treaties: Iterable[Treaty] = (),
    stakes: Iterable[PendingStake] = (),
    next_id: int | None = None,
) -> CampaignState:
    """Army 20 (tier `capital_tier`) seated in player 1's capital, army 21 beside it on (1, 0);
    player 2's army 22 seated in its capital unless it stands `enemy_at` another tile."""
    if armies is None:
        armies = [
            army(20, 1, (0, 0), capital_tier, general_id=30, seat_id=10),
            army(21, 1, (1, 0), general_id=31),
            army(22, 2, enemy_at, general_id=32, seat_id=11),
        ]
    return make_state(
        MAP,
        [player(1, "empire", gold1), player(2, "warriors_of_chaos", gold2)],
        structures,
        armies,
        generals,
        treaties=treaties,
        stakes=stakes,
        turn=turn,
        next_id=next_id,
    )


def _gold(s: CampaignState, **gold: int) -> CampaignState:
    players = {pid: replace(p, gold=gold.get(f"p{pid}", p.gold)) for pid, p in s.players.items()}
    return replace(s, players=players)


def _next(s: CampaignState) -> CampaignState:
    """What step 5 does to every state regardless of orders: turn + 1, memory updated."""
    return fog.remember_all(replace(s, turn=s.turn + 1), RULES)


# Each city of level 1 yields 3; with army 20 at tier 1, player 1 pays for two armies.
INCOME = (
    LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
    LedgerEntry(2, 3, "city level 1 ×1", "R-ECO-2"),
)
UPKEEP = (
    LedgerEntry(1, -2, "upkeep: tier 1 army ×2", "R-ECO-4"),
    LedgerEntry(2, -1, "upkeep: tier 1 army ×1", "R-ECO-4"),
)
# Army 21 places an outpost on (1, 0).
OUTPOST_DONE = Event(
    EventKind.OUTPOST_BUILT,
    "R-ECO-3",
    frozenset({1}),
    ((1, 0),),
    {"build_id": 50, "kind": "outpost", "player": 1},
)


def test_R_TURN_4_income_then_upkeep_then_insolvency() -> None:
    s = _state()
    result = resolve_turn(s, NO, RULES)
    assert result.ledger == (
        *INCOME,
        LedgerEntry(1, -3, "upkeep: paid 3 of 4 (insolvent)", "R-ECO-5"),
        LedgerEntry(2, -1, "upkeep: tier 1 army ×1", "R-ECO-4"),
    )
    assert result.events == (
        Event(
            EventKind.INSOLVENT,
            "R-ECO-5",
            frozenset({1}),
            data={"upkeep": 4, "paid": 3},
        ),
        Event(
            EventKind.ARMY_TIER_LOST,
            "R-ECO-5",
            frozenset({1}),
            ((0, 0),),
            {"army_id": 20, "tier": 2},
        ),
    )
    expected = replace(
        _gold(s, p1=0, p2=12), armies={**s.armies, 20: replace(s.armies[20], tier=2)}
    )
    after = _next(expected)
    sights = {p: fog.sight(after, p, RULES) for p in (1, 2)}
    assert result == TurnResult(
        after, (), {}, result.ledger, result.events, {1: result.events, 2: ()}, sights
    )


def test_R_FOG_3_a_march_seen_from_afar_shows_only_the_tiles_in_sight() -> None:
    """Player 2 sees (6,0) from its capital: of player 1's march it learns that tile alone."""
    s = _state(
        armies=[army(22, 2, (7, 0), general_id=32, seat_id=11), army(23, 1, (3, 0), general_id=33)],
        generals=[general(32, 2, 22), general(33, 1, 23)],
    )
    march = TurnOrders(moves={23: MoveOrder(23, ((4, 0), (5, 0), (6, 0)))})
    result = resolve_turn(s, march, RULES)
    moved = Event(
        EventKind.ARMY_MOVED,
        "R-MOVE-3",
        frozenset({1}),
        ((3, 0), (4, 0), (5, 0), (6, 0)),
        {"army_id": 23},
    )
    assert result.summaries == {1: (moved,), 2: (replace(moved, coords=((6, 0),)),)}
    assert result.events == (replace(moved),)
    # R-FOG-2: the sights it hands over are the new turn's, the march's end in player 1's.
    assert result.sights == {p: fog.sight(result.state, p, RULES) for p in (1, 2)}
    assert (6, 0) in result.sights[1]
    assert (6, 0) not in fog.sight(s, 1, RULES)


def test_R_ECO_3_build_placed_at_step_5_and_yielding_from_the_next_change() -> None:
    # gold 10 - 3 paid for the outpost when ordered (R-BUILD-1)
    s = _state(gold1=7, capital_tier=1, next_id=60)
    order = BuildOrder(50, 1, BuildKind.OUTPOST, (1, 0), 21, 3)
    first = resolve_turn(s, TurnOrders(builds=(order,)), RULES)
    assert first.ledger == (*INCOME, *UPKEEP)
    assert first.events == (OUTPOST_DONE,)
    outpost = Structure(60, StructureKind.OUTPOST, (1, 0), 1, built_by=1, since_turn=3)
    after_first = replace(
        _gold(s, p1=8, p2=12), structures={**s.structures, 60: outpost}, next_id=61
    )
    assert first.state == _next(after_first)

    second = resolve_turn(first.state, NO, RULES)
    assert second.ledger == (
        INCOME[0],
        LedgerEntry(1, 1, "outpost ×1", "R-ECO-2"),
        INCOME[1],
        *UPKEEP,
    )
    assert second.events == ()
    assert second.state == _next(_gold(first.state, p1=10, p2=14))


def test_R_ECO_3_army_raised_this_turn_appears_at_step_5_and_pays_from_the_next_change() -> None:
    structures = [
        city(10, 1, (0, 0), 2, capital=True),
        city(12, 1, (2, 0), 2),
        city(11, 2, (7, 0), capital=True),
    ]
    s = _state(gold1=8, structures=structures, capital_tier=1, next_id=60)
    orders = TurnOrders(
        raises=(RaiseArmyOrder(50, 1, 12, 41, 24),),
        recruits=(RecruitGeneralOrder(41, 1, 80),),
    )
    first = resolve_turn(s, orders, RULES)
    assert first.ledger == (
        LedgerEntry(1, 12, "city level 2 ×2", "R-ECO-2"),
        LedgerEntry(1, 2, "Empire: +1 per city of level ≥ 2", "R-FAC"),
        INCOME[1],
        *UPKEEP,
    )
    assert first.events == (
        Event(
            EventKind.ARMY_RAISED,
            "R-ARMY-1",
            frozenset({1}),
            ((2, 0),),
            {"army_id": 60, "city_id": 12},
        ),
    )
    raised = Army(60, 1, (2, 0), 1, general_id=41, seat_id=12, raised_turn=4)
    expected = replace(
        _gold(s, p1=20, p2=12),
        armies={**s.armies, 60: raised},
        generals={**s.generals, 41: General(41, 1, army_id=60)},
        next_id=61,
    )
    assert first.state == _next(expected)

    second = resolve_turn(first.state, NO, RULES)
    assert second.ledger[-2:] == (
        LedgerEntry(1, -3, "upkeep: tier 1 army ×3", "R-ECO-4"),
        LedgerEntry(2, -1, "upkeep: tier 1 army ×1", "R-ECO-4"),
    )


def test_R_TURN_4_stakes_are_taken_before_income() -> None:
    stakes = [PendingStake(70, 2, 1, 10, "R-BAT-7")]
    s = _state(gold1=4, gold2=0, stakes=stakes, capital_tier=1)
    result = resolve_turn(s, NO, RULES)
    assert result.ledger == (
        LedgerEntry(1, -4, "stake of battle #70", "R-BAT-7"),
        LedgerEntry(2, 4, "stake of battle #70", "R-BAT-7"),
        *INCOME,
        *UPKEEP,
    )
    assert result.events == (
        Event(
            EventKind.STAKE_TAKEN,
            "R-BAT-7",
            frozenset({1, 2}),
            data={"battle_id": 70, "owed": 10, "taken": 4},
        ),
    )
    assert result.state == _next(replace(_gold(s, p1=1, p2=6), stakes=()))


def test_R_DIP_3_broken_treaty_ends_at_step_5() -> None:
    ending = treaty(80, "pact", 1, 2, since_turn=1, ends_turn=4)
    lasting = treaty(81, "embassy", 1, 2, since_turn=1)
    later = treaty(82, "alliance", 1, 2, since_turn=1, ends_turn=5)
    s = _state(gold1=10, treaties=[ending, lasting, later])
    result = resolve_turn(s, NO, RULES)
    assert result.state.treaties == {81: lasting, 82: later}


def test_R_TURN_4_step_6_a_summary_holds_the_events_whose_tiles_its_player_saw() -> None:
    """Player 2's army stands next to (1, 0): it sees player 1's outpost being placed there."""
    s = _state(gold1=7, capital_tier=1, enemy_at=(2, 0), next_id=60)
    order = BuildOrder(50, 1, BuildKind.OUTPOST, (1, 0), 21, 3)
    result = resolve_turn(s, TurnOrders(builds=(order,)), RULES)
    assert result.events == (OUTPOST_DONE,)
    assert result.summaries == {1: (OUTPOST_DONE,), 2: (OUTPOST_DONE,)}


def test_R_BUILD_2_build_refunded_when_its_army_was_stopped_by_a_battle() -> None:
    """Army 21 marches (1,0)→(2,0)→(3,0) to build an outpost; enemy army 22 holds (2,0)."""
    s = _state(gold1=7, capital_tier=1, enemy_at=(2, 0), next_id=60)
    orders = TurnOrders(
        moves={21: MoveOrder(21, ((2, 0), (3, 0)))},
        builds=(BuildOrder(50, 1, BuildKind.OUTPOST, (3, 0), 21, 3),),
    )
    result = resolve_turn(s, orders, RULES)
    assert result.ledger == (
        LedgerEntry(
            1,
            3,
            "refund: outpost cancelled, the army did not end its move on the tile",
            "R-BUILD-2",
        ),
        *INCOME,
        *UPKEEP,
    )
    refund_event = Event(
        EventKind.BUILD_CANCELLED,
        "R-BUILD-2",
        frozenset({1}),
        data={
            "build_id": 50,
            "kind": "outpost",
            "coord": (3, 0),
            "reason": "the army did not end its move on the tile",
            "refund": 3,
        },
    )
    battle = Battle(60, 3, (2, 0), BattleKind.FIELD, side({1}, (21,)), side({2}, (22,)))
    assert result.battles == (battle,)
    assert result.events == (
        Event(
            EventKind.ENCOUNTER,
            "R-MOVE-3",
            frozenset({1, 2}),
            ((2, 0),),
            {"battle_id": 60, "kind": "field"},
        ),
        refund_event,
    )
    # Army 21 stopped on its own tile; nobody moved; the battle waits for its result.
    expected = replace(_gold(s, p1=7 + 3 + 3 - 2, p2=12), battles={60: battle}, next_id=61)
    assert result.state == _next(expected)


def test_R_ARMY_4_forces_are_fixed_when_the_battle_is_declared() -> None:
    """R-ARMY-4 / R-ECO-3: army 21 (tier 1) attacks army 22 (tier 1) on (2,0), whose owner
    ordered its upgrade this turn: the upgrade takes effect at step 5 of this change, after the
    declaration, so the battle's recorded forces are tier 1's 500 + 100, while forces() on the
    new state would read tier 2's 1000 + 175."""
    s = _state(gold1=7, capital_tier=1, enemy_at=(2, 0), next_id=60)
    orders = TurnOrders(moves={21: MoveOrder(21, ((2, 0),))}, upgrades=(UpgradeOrder(22, 2, 8),))
    result = resolve_turn(s, orders, RULES)
    battle = Battle(60, 3, (2, 0), BattleKind.FIELD, side({1}, (21,)), side({2}, (22,)))
    assert result.battles == (battle,)
    assert result.state.armies[22].tier == 2
    tier_1 = SideForces(
        army_points=500,
        general_points=100,
        garrison=0,
        reinforcement=0,
        siege_bonus_pct=0,
        total_points=600,
        leader_army_id=21,
        joiners=(),
    )
    assert result.forces == {
        60: Muster(
            tiers={21: 1, 22: 1},
            attacker=tier_1,
            defender=replace(tier_1, leader_army_id=22),
            stake_attacker_victory=10,
            stake_defender_victory=10,
            pillage=0,
        )
    }
    assert forces(result.state, battle, RULES)[1].army_points == 1000


def test_R_TURN_4_event_kinds_are_one_snake_case_vocabulary() -> None:
    """Every event the engine emits is an EventKind; the vocabulary is snake_case, no spaces."""
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", k.value) for k in EventKind)
    s = _state(gold1=7, capital_tier=2, enemy_at=(2, 0), next_id=60)
    orders = TurnOrders(
        moves={21: MoveOrder(21, ((2, 0), (3, 0)))},
        builds=(BuildOrder(50, 1, BuildKind.OUTPOST, (3, 0), 21, 3),),
    )
    result = resolve_turn(s, orders, RULES)
    assert [e.kind for e in result.events] == [
        EventKind.ENCOUNTER,
        EventKind.BUILD_CANCELLED,
    ]
    assert all(type(e.kind) is EventKind for e in result.events)
