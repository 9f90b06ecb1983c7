"""Economy (R-ECO, R-FAC passives and actions, R-DIP-2 trade and tribute, R-BAT-7 stakes)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from app.rules.economy import (
    Forecast,
    apply_ledger,
    collect,
    forecast,
    income_lines,
    trade_lines,
    upkeep_lines,
)
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    CampaignState,
    Event,
    EventKind,
    LedgerEntry,
    PendingStake,
    Siege,
    Structure,
    TurnOrders,
)
from tests.factories.engine import (
    army,
    city,
    make_map,
    make_state,
    outpost,
    player,
    port,
    side,
    treaty,
)

RULES = default_ruleset()
NO_ORDERS = TurnOrders()

# (0,0) city site, (1,0) plain, (2,0) forest, (3,0) marsh, (4,0) coast, (5,0) sea; row 1 alike.
MAP = make_map(
    [
        "C.fwc~",
        "..fwc~",
        "....c~",
        "......",
    ]
)


def _state(
    faction: str = "warriors_of_chaos",
    structures: tuple[Structure, ...] = (),
    gold: int = 0,
    *,
    armies: Iterable[Army] = (),
    sieges: Iterable[Siege] = (),
    turn: int = 1,
) -> CampaignState:
    return make_state(MAP, [player(1, faction, gold)], structures, armies, sieges=sieges, turn=turn)


# ----------------------------------------------------------------------------- income


def test_R_ECO_2_base_income_one_line_per_kind() -> None:
    s = _state(
        structures=(
            city(10, 1, (0, 0), capital=True),
            city(11, 1, (0, 1)),
            city(12, 1, (1, 1), level=2),
            outpost(13, 1, (1, 0)),
            outpost(14, 1, (2, 0)),
            port(15, 1, (4, 0), built_by=1),
        )
    )
    assert income_lines(s, 1, RULES, action_used=False) == [
        LedgerEntry(1, 6, "city level 1 ×2", "R-ECO-2"),
        LedgerEntry(1, 6, "city level 2 ×1", "R-ECO-2"),
        LedgerEntry(1, 2, "outpost ×2", "R-ECO-2"),
        LedgerEntry(1, 4, "port ×1", "R-ECO-2"),
    ]


def test_R_ECO_2_other_players_structures_do_not_count() -> None:
    s = make_state(
        MAP,
        [player(1, "warriors_of_chaos"), player(2, "warriors_of_chaos")],
        [city(10, 1, (0, 0)), outpost(11, 2, (1, 0))],
    )
    assert income_lines(s, 1, RULES, False) == [LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2")]
    assert income_lines(s, 2, RULES, False) == [LedgerEntry(2, 1, "outpost ×1", "R-ECO-2")]


def test_R_ECO_3_structure_yields_from_the_change_after_it_was_placed() -> None:
    """since_turn = first turn with this owner; it yields at a change T→T+1 iff since_turn ≤ T."""
    placed_at_last_change = outpost(11, 1, (1, 0), built_by=1, since_turn=3)
    captured_this_turn = outpost(12, 1, (2, 0), since_turn=3)
    not_yet = outpost(13, 1, (3, 0), built_by=1, since_turn=4)
    s = _state(structures=(placed_at_last_change, captured_this_turn, not_yet), turn=3)
    assert income_lines(s, 1, RULES, False) == [LedgerEntry(1, 2, "outpost ×2", "R-ECO-2")]


def test_R_SIEGE_3_besieged_city_yields_nothing_not_even_faction_bonus() -> None:
    s = _state(
        "grand_cathay",
        (city(10, 1, (0, 0), capital=True), city(11, 1, (0, 1), level=2)),
        sieges=(Siege(11, 99),),
    )
    assert income_lines(s, 1, RULES, False) == [
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(1, 1, "Grand Cathay: +1 per city", "R-FAC"),
    ]


def test_R_BUILD_6_dark_elves_capital_port_yields_city_and_port_but_is_not_built() -> None:
    s = _state(
        "dark_elves",
        (
            city(10, 1, (4, 0), capital=True, also_port=True),
            port(11, 1, (4, 1), built_by=1),
            port(12, 1, (3, 2), built_by=2),  # captured: built by someone else
        ),
    )
    assert income_lines(s, 1, RULES, False) == [
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(1, 12, "port ×3", "R-ECO-2"),
        LedgerEntry(1, 2, "Dark Elves: +2 per port built", "R-FAC"),
    ]


def test_R_FAC_capital_port_counts_as_a_port_for_port_bonuses() -> None:
    s = _state("lizardmen", (city(10, 1, (4, 0), capital=True, also_port=True),))
    assert income_lines(s, 1, RULES, False) == [
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(1, 4, "port ×1", "R-ECO-2"),
        LedgerEntry(1, 2, "Lizardmen: +2 per port", "R-FAC"),
    ]


# One holding for every faction: a level-2 capital on a city site, a level-1 city on forest,
# outposts on marsh, forest and plain, and a port the player built on the coast.
HOLDING = (
    city(10, 1, (0, 0), level=2, capital=True),
    city(11, 1, (2, 0)),
    outpost(12, 1, (3, 0), built_by=1),
    outpost(13, 1, (2, 1), built_by=1),
    outpost(14, 1, (1, 1), built_by=1),
    port(15, 1, (4, 0), built_by=1),
)
BASE = [
    LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
    LedgerEntry(1, 6, "city level 2 ×1", "R-ECO-2"),
    LedgerEntry(1, 3, "outpost ×3", "R-ECO-2"),
    LedgerEntry(1, 4, "port ×1", "R-ECO-2"),
]
FACTION_BONUS = {
    "empire": [(1, "Empire: +1 per city of level ≥ 2")],
    "bretonnia": [],
    "high_elves": [(2, "High Elves: +2 per port")],
    "wood_elves": [(2, "Wood Elves: +1 per structure on forest")],
    "dwarfs": [],
    "orcs_goblins": [],
    "warriors_of_chaos": [],
    "daemons": [(1, "Daemons: +1 per territory on marsh")],
    "beastmen": [(3, "Beastmen: +1 per structure on forest or marsh")],
    "vampire_counts": [],
    "tomb_kings": [],
    "chaos_dwarfs": [],
    "dark_elves": [(2, "Dark Elves: +2 per port built")],
    "lizardmen": [(2, "Lizardmen: +2 per port")],
    "skaven": [(1, "Skaven: +1 per 4 territories")],
    "ogre_kingdoms": [],
    "grand_cathay": [(2, "Grand Cathay: +1 per city")],
}


@pytest.mark.parametrize("faction", sorted(FACTION_BONUS))
def test_R_FAC_income_passive_of_every_faction(faction: str) -> None:
    s = _state(faction, HOLDING)
    expected = BASE + [LedgerEntry(1, n, why, "R-FAC") for n, why in FACTION_BONUS[faction]]
    assert income_lines(s, 1, RULES, action_used=False) == expected


def test_R_FAC_rat_swarm_adds_one_per_territory_this_turn() -> None:
    s = _state("skaven", HOLDING)
    assert income_lines(s, 1, RULES, action_used=True) == [
        *BASE,
        LedgerEntry(1, 1, "Skaven: +1 per 4 territories", "R-FAC"),
        LedgerEntry(1, 6, "Rat Swarm: +1 per territory", "R-FAC"),
    ]


# ----------------------------------------------------------------------------- upkeep


def _armies_state(faction: str, tiers: tuple[int, ...], turn: int = 5) -> CampaignState:
    return _state(
        faction, armies=[army(20 + i, 1, (1, 0), t) for i, t in enumerate(tiers)], turn=turn
    )


ALL_TIERS = (1, 2, 3, 4, 5, 6)  # upkeep 1 + 2 + 3 + 5 + 7 + 10 = 28
UPKEEP_TOTAL = {
    ("empire", False): 28,
    ("empire", True): 22,  # Call to Arms: −1 per army
    ("bretonnia", False): 24,  # −1 per army of tier ≥ 3
    ("bretonnia", True): 20,  # Vow of Chivalry stacks
    ("high_elves", False): 28,
    ("wood_elves", False): 28,
    ("dwarfs", False): 22,
    ("dwarfs", True): 17,  # Oath of Grudges: −2 per army
    ("orcs_goblins", False): 22,  # tiers 1-3 free
    ("orcs_goblins", True): 22,  # WAAAGH! does not touch upkeep
    ("warriors_of_chaos", False): 28,
    ("warriors_of_chaos", True): 0,  # Cursed Pact
    ("daemons", False): 22,
    ("beastmen", False): 28,
    ("vampire_counts", False): 18,  # (28 × 65 + 50) div 100
    ("tomb_kings", False): 18,
    ("chaos_dwarfs", False): 24,  # −1 per army of tier 1-4
    ("dark_elves", False): 28,
    ("lizardmen", False): 28,
    ("skaven", False): 26,  # −1 per army of tier 1-2
    ("skaven", True): 26,
    ("ogre_kingdoms", False): 22,
    ("grand_cathay", False): 28,
}


@pytest.mark.parametrize(("faction", "action"), sorted(UPKEEP_TOTAL))
def test_R_ECO_4_upkeep_of_every_faction(faction: str, action: bool) -> None:
    lines = upkeep_lines(_armies_state(faction, ALL_TIERS), 1, RULES, action)
    assert all(e.amount < 0 and e.rule == "R-ECO-4" and e.player == 1 for e in lines)
    assert -sum(e.amount for e in lines) == UPKEEP_TOTAL[(faction, action)]


def test_R_ECO_4_upkeep_lines_by_tier() -> None:
    s = _armies_state("dwarfs", (1, 2, 2, 4))
    assert upkeep_lines(s, 1, RULES, False) == [
        LedgerEntry(1, -2, "upkeep: tier 2 army ×2", "R-ECO-4"),
        LedgerEntry(1, -4, "upkeep: tier 4 army ×1", "R-ECO-4"),
    ]


def test_R_ECO_4_percent_applies_to_the_sum_halves_up() -> None:
    s = _armies_state("vampire_counts", (1, 1))  # 2 × 65 % = 1.3 → 1
    assert upkeep_lines(s, 1, RULES, False) == [
        LedgerEntry(1, -1, "upkeep: 2 armies, 2 × 65 %", "R-ECO-4")
    ]
    s = _armies_state("vampire_counts", (3, 4))  # 8 × 65 % = 5.2 → 5
    assert upkeep_lines(s, 1, RULES, False) == [
        LedgerEntry(1, -5, "upkeep: 2 armies, 8 × 65 %", "R-ECO-4")
    ]
    s = _armies_state("vampire_counts", (2, 2, 3, 3, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    # 2+2+3+3+7+13 = 30 → 30 × 65 = 1950 → 19.5 halves up → 20
    assert upkeep_lines(s, 1, RULES, False) == [
        LedgerEntry(1, -20, "upkeep: 18 armies, 30 × 65 %", "R-ECO-4")
    ]


def test_R_ECO_4_reduction_never_below_zero_per_army() -> None:
    """A −2 reduction on a tier-1 army (upkeep 1) does not lower the other armies' upkeep."""
    s = _armies_state("dwarfs", (1, 3))
    assert upkeep_lines(s, 1, RULES, action_used=True) == [
        LedgerEntry(1, -1, "upkeep: tier 3 army ×1", "R-ECO-4")
    ]


def test_R_ECO_3_army_pays_upkeep_from_the_change_after_it_appeared() -> None:
    """Raised in turn 4, it exists from turn 5 (raised_turn 5) and pays at the change 5 → 6."""
    s = _state(
        armies=[army(20, 1, (1, 0), raised_turn=5), army(21, 1, (1, 0), raised_turn=6)], turn=5
    )
    assert upkeep_lines(s, 1, RULES, False) == [
        LedgerEntry(1, -1, "upkeep: tier 1 army ×1", "R-ECO-4")
    ]


# ---------------------------------------------------------------------------- trade


def _trade_state(distance_col: int, *, battles: Iterable[Battle] = ()) -> CampaignState:
    wide = make_map(["." * 30, "." * 30])
    return make_state(
        wide,
        [player(1, "warriors_of_chaos"), player(2, "warriors_of_chaos")],
        [city(10, 1, (0, 0)), city(11, 2, (distance_col, 0))],
        treaties=[treaty(30, "trade", 1, 2, city_a=10, city_b=11)],
        battles=battles,
    )


@pytest.mark.parametrize(
    ("distance", "earned"), [(1, 1), (4, 1), (5, 2), (14, 3), (15, 4), (29, 4)]
)
def test_R_DIP_2_trade_route_earns_base_plus_one_per_full_five_tiles_max_three(
    distance: int, earned: int
) -> None:
    s = _trade_state(distance)
    assert trade_lines(s, 1, RULES) == [LedgerEntry(1, earned, "trade route #30", "R-DIP-2")]
    assert trade_lines(s, 2, RULES) == [LedgerEntry(2, earned, "trade route #30", "R-DIP-2")]


def test_R_DIP_2_trade_route_stops_when_a_city_changes_hands() -> None:
    s = _trade_state(5)
    s = replace(s, structures={**s.structures, 11: replace(s.structures[11], owner=1)})
    assert trade_lines(s, 1, RULES) == []
    assert trade_lines(s, 2, RULES) == []


def test_R_DIP_2_trade_route_stops_while_the_two_players_fight_a_battle() -> None:
    battle = Battle(40, 1, (3, 1), BattleKind.FIELD, side({2}, (50,)), side({1}, (51,)))
    assert trade_lines(_trade_state(5, battles=[battle]), 1, RULES) == []


def test_R_DIP_3_trade_route_not_in_force_after_its_end() -> None:
    s = _trade_state(5)
    s = replace(s, treaties={30: replace(s.treaties[30], ends_turn=1)})
    assert trade_lines(s, 1, RULES) == []


# --------------------------------------------------------------------------- collect


def test_R_TURN_4_step_3_collect_income_then_upkeep() -> None:
    s = _state(
        "empire",
        (city(10, 1, (0, 0), capital=True),),
        gold=5,
        armies=[army(20, 1, (0, 0), 2)],
        turn=2,
    )
    new, ledger, events = collect(s, NO_ORDERS, RULES)
    assert ledger == [
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(1, -2, "upkeep: tier 2 army ×1", "R-ECO-4"),
    ]
    assert events == []
    assert new == replace(s, players={1: replace(s.players[1], gold=6)})


def test_R_BAT_7_stake_taken_first_and_capped_at_the_losers_gold() -> None:
    s = make_state(
        MAP,
        [player(1, "warriors_of_chaos", 4), player(2, "warriors_of_chaos", 1)],
        stakes=[PendingStake(40, 2, 1, 10, "R-BAT-7"), PendingStake(41, 2, 1, 20, "R-SIEGE-2")],
    )
    new, ledger, events = collect(s, NO_ORDERS, RULES)
    assert ledger == [
        LedgerEntry(1, -4, "stake of battle #40", "R-BAT-7"),
        LedgerEntry(2, 4, "stake of battle #40", "R-BAT-7"),
    ]
    assert events == [
        Event(
            EventKind.STAKE_TAKEN,
            "R-BAT-7",
            frozenset({1, 2}),
            data={"battle_id": 40, "owed": 10, "taken": 4},
        ),
        Event(
            EventKind.STAKE_TAKEN,
            "R-SIEGE-2",
            frozenset({1, 2}),
            data={"battle_id": 41, "owed": 20, "taken": 0},
        ),
    ]
    assert new == replace(
        s,
        players={1: replace(s.players[1], gold=0), 2: replace(s.players[2], gold=5)},
        stakes=(),
    )


def test_R_ECO_5_insolvency_drops_strongest_army_one_tier() -> None:
    """Gold 0 + income 3 < upkeep 3 + 3 + 1: gold ends at 0; the oldest tier-3 army drops."""
    s = _state(
        "warriors_of_chaos",
        (city(10, 1, (0, 0), capital=True),),
        armies=[army(20, 1, (0, 0), 1), army(22, 1, (1, 0), 3), army(21, 1, (2, 0), 3)],
    )
    new, ledger, events = collect(s, NO_ORDERS, RULES)
    assert ledger == [
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(1, -3, "upkeep: paid 3 of 7 (insolvent)", "R-ECO-5"),
    ]
    assert events == [
        Event(EventKind.INSOLVENT, "R-ECO-5", frozenset({1}), data={"upkeep": 7, "paid": 3}),
        Event(
            EventKind.ARMY_TIER_LOST,
            "R-ECO-5",
            frozenset({1}),
            ((2, 0),),
            {"army_id": 21, "tier": 2},
        ),
    ]
    assert new == replace(
        s,
        players={1: replace(s.players[1], gold=0)},
        armies={**s.armies, 21: replace(s.armies[21], tier=2)},
    )


def test_R_ECO_5_insolvent_with_tier_1_armies_only_loses_the_gold() -> None:
    s = _state(gold=1, armies=[army(20, 1, (0, 0)), army(21, 1, (1, 0))])
    new, ledger, events = collect(s, NO_ORDERS, RULES)
    assert ledger == [LedgerEntry(1, -1, "upkeep: paid 1 of 2 (insolvent)", "R-ECO-5")]
    assert events == [
        Event(EventKind.INSOLVENT, "R-ECO-5", frozenset({1}), data={"upkeep": 2, "paid": 1})
    ]
    assert new == replace(s, players={1: replace(s.players[1], gold=0)})


def test_R_ECO_5_gold_exactly_equal_to_upkeep_is_solvent() -> None:
    s = _state(gold=2, armies=[army(20, 1, (0, 0), 2)])
    new, ledger, events = collect(s, NO_ORDERS, RULES)
    assert ledger == [LedgerEntry(1, -2, "upkeep: tier 2 army ×1", "R-ECO-4")]
    assert events == []
    assert new.players[1].gold == 0
    assert new.armies == s.armies


def test_R_FAC_cursed_pact_ordered_this_turn_means_no_upkeep() -> None:
    s = _state(gold=0, armies=[army(20, 1, (0, 0), 6)])
    new, ledger, events = collect(s, TurnOrders(faction_actions=frozenset({1})), RULES)
    assert (ledger, events, new) == ([], [], s)


def test_R_DIP_2_trade_and_vassal_tribute_in_collection_order() -> None:
    """Vassal 2 earns city 6 + trade 2 = 8, pays 25 % rounded down = 2 to overlord 1."""
    wide = make_map(["." * 8, "." * 8])
    s = make_state(
        wide,
        [player(1, "warriors_of_chaos", 0), player(2, "warriors_of_chaos", 0)],
        [city(10, 1, (0, 0)), city(11, 2, (5, 0), level=2)],
        [army(20, 2, (5, 0), 2)],
        treaties=[
            treaty(30, "trade", 1, 2, city_a=10, city_b=11),
            treaty(31, "vassalage", 2, 1),
        ],
    )
    new, ledger, events = collect(s, NO_ORDERS, RULES)
    assert ledger == [
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(2, 6, "city level 2 ×1", "R-ECO-2"),
        LedgerEntry(1, 2, "trade route #30", "R-DIP-2"),
        LedgerEntry(2, 2, "trade route #30", "R-DIP-2"),
        LedgerEntry(2, -2, "tribute to player 1", "R-DIP-2"),
        LedgerEntry(1, 2, "tribute from player 2", "R-DIP-2"),
        LedgerEntry(2, -2, "upkeep: tier 2 army ×1", "R-ECO-4"),
    ]
    assert events == []
    assert {p: new.players[p].gold for p in new.players} == {1: 7, 2: 4}


def test_R_ECO_6_gold_changes_exactly_by_the_ledger() -> None:
    s = make_state(
        MAP,
        [player(1, "skaven", 3), player(2, "bretonnia", 0)],
        HOLDING,
        [army(20, 1, (0, 0), 4), army(21, 2, (1, 0), 5)],
        stakes=[PendingStake(40, 1, 2, 10, "R-BAT-7")],
    )
    new, ledger, _ = collect(s, TurnOrders(faction_actions=frozenset({1})), RULES)
    for pid in s.players:
        delta = new.players[pid].gold - s.players[pid].gold
        assert delta == sum(e.amount for e in ledger if e.player == pid)
        assert new.players[pid].gold >= 0


# -------------------------------------------------------------------------- forecast


def test_forecast_shows_income_upkeep_net_and_insolvency() -> None:
    s = _state(
        "empire",
        (city(10, 1, (0, 0), level=2, capital=True),),
        gold=0,
        armies=[army(20, 1, (0, 0), 4), army(21, 1, (1, 0), 2)],
    )
    assert forecast(s, NO_ORDERS, 1, RULES) == Forecast(
        income=[
            LedgerEntry(1, 6, "city level 2 ×1", "R-ECO-2"),
            LedgerEntry(1, 1, "Empire: +1 per city of level ≥ 2", "R-FAC"),
        ],
        upkeep=[
            LedgerEntry(1, -2, "upkeep: tier 2 army ×1", "R-ECO-4"),
            LedgerEntry(1, -5, "upkeep: tier 4 army ×1", "R-ECO-4"),
        ],
        net=0,
        insolvent=False,
    )
    ordered = TurnOrders(faction_actions=frozenset({1}))
    assert forecast(s, ordered, 1, RULES).net == 2  # Call to Arms: −1 per army
    poorer = replace(s, armies={**s.armies, 22: army(22, 1, (1, 0), 1)})
    assert forecast(poorer, NO_ORDERS, 1, RULES).insolvent is True


def test_R_BAT_7_R_FOG_3_forecast_of_a_stake_won_shows_what_is_owed_not_the_losers_gold() -> None:
    # Player 2 won 10 and 20 from player 1, who holds 4: the change would take 4 then 0, which
    # would tell player 2 that player 1 holds 4. Player 2's forecast shows what is owed.
    s = make_state(
        MAP,
        [player(1, "empire", 4), player(2, "bretonnia", 1)],
        HOLDING,
        [army(21, 2, (1, 0), 2)],
        stakes=[PendingStake(40, 2, 1, 10, "R-BAT-7"), PendingStake(41, 2, 1, 20, "R-SIEGE-2")],
    )
    assert forecast(s, NO_ORDERS, 2, RULES) == Forecast(
        income=[
            LedgerEntry(2, 10, "stake of battle #40", "R-BAT-7"),
            LedgerEntry(2, 20, "stake of battle #41", "R-SIEGE-2"),
        ],
        upkeep=[LedgerEntry(2, -2, "upkeep: tier 2 army ×1", "R-ECO-4")],
        net=28,
        insolvent=False,
    )
    # The loser knows their own purse: their lines are what the change would really take.
    assert forecast(s, NO_ORDERS, 1, RULES) == Forecast(
        income=[
            LedgerEntry(1, -4, "stake of battle #40", "R-BAT-7"),
            *BASE,
            LedgerEntry(1, 1, "Empire: +1 per city of level ≥ 2", "R-FAC"),
        ],
        upkeep=[],
        net=13,
        insolvent=False,
    )


def test_R_DIP_2_forecast_of_an_overlord_and_a_vassal_is_their_share_of_the_collection() -> None:
    """Overlord 1 of vassals 2 and 3: each one's forecast holds exactly their lines of the
    collection, in its order (the forecast works out only the incomes that reach them)."""
    wide = make_map(["." * 8, "." * 8])
    s = make_state(
        wide,
        [player(n, "warriors_of_chaos", 0) for n in (1, 2, 3, 4)],
        [
            city(10, 1, (0, 0)),
            city(11, 2, (5, 0), level=2),
            city(12, 3, (2, 1), level=2),
            city(13, 4, (7, 1), level=2),
        ],
        [army(20, 2, (5, 0), 2)],
        treaties=[
            treaty(30, "trade", 1, 2, city_a=10, city_b=11),
            treaty(31, "vassalage", 2, 1),
            treaty(32, "vassalage", 3, 1),
            treaty(33, "vassalage", 4, 3),
        ],
    )
    assert forecast(s, NO_ORDERS, 1, RULES) == Forecast(
        income=[
            LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
            LedgerEntry(1, 2, "trade route #30", "R-DIP-2"),
            LedgerEntry(1, 2, "tribute from player 2", "R-DIP-2"),
            LedgerEntry(1, 1, "tribute from player 3", "R-DIP-2"),
        ],
        upkeep=[],
        net=8,
        insolvent=False,
    )
    assert forecast(s, NO_ORDERS, 3, RULES) == Forecast(
        income=[
            LedgerEntry(3, 6, "city level 2 ×1", "R-ECO-2"),
            LedgerEntry(3, -1, "tribute to player 1", "R-DIP-2"),
            LedgerEntry(3, 1, "tribute from player 4", "R-DIP-2"),
        ],
        upkeep=[],
        net=6,
        insolvent=False,
    )
    _, ledger, _ = collect(s, NO_ORDERS, RULES)
    for pid in s.players:
        mine = forecast(s, NO_ORDERS, pid, RULES)
        assert mine.income + mine.upkeep == [e for e in ledger if e.player == pid]


def test_apply_ledger_moves_gold_and_refuses_to_go_below_zero() -> None:
    s = _state(gold=2)
    assert apply_ledger(s, [LedgerEntry(1, 3, "refund", "R-BUILD-2")]).players[1].gold == 5
    with pytest.raises(ValueError, match="below 0"):
        apply_ledger(s, [LedgerEntry(1, -3, "x", "R-ECO-1")])


def _battle(bid: int, attackers: set[int], defenders: set[int]) -> Battle:
    return Battle(
        bid, 1, (3, 1), BattleKind.FIELD, side(attackers, (bid,)), side(defenders, (bid + 1,))
    )


def test_R_DIP_2_a_route_pays_while_its_partners_fight_others_or_side_by_side() -> None:
    """R-DIP-2: battles of either partner against a third player, or of both on one side, do
    not stop their route; player 1 attacking player 2 does."""
    others = [
        _battle(40, {1}, {3}),
        _battle(42, {3}, {2}),
        _battle(44, {2}, {3}),
        _battle(46, {3}, {1, 2}),
        _battle(48, {1, 2}, {3}),
    ]
    paid = [LedgerEntry(1, 2, "trade route #30", "R-DIP-2")]
    assert trade_lines(_trade_state(5, battles=others), 1, RULES) == paid
    at_war = _trade_state(5, battles=[*others, _battle(50, {1}, {2})])
    assert trade_lines(at_war, 1, RULES) == []


def test_R_DIP_2_a_route_needs_two_cities_an_outpost_or_port_at_either_end_stops_it() -> None:
    """R-DIP-2: the route's city razed to an outpost (or made a port) at either end pays nothing."""
    from dataclasses import replace

    from app.rules.state import StructureKind

    for end in (10, 11):
        s = _trade_state(5)
        for kind in (StructureKind.OUTPOST, StructureKind.PORT):
            changed = replace(s.structures[end], kind=kind)
            t = replace(s, structures={**s.structures, end: changed})
            assert trade_lines(t, 1, RULES) == [], (end, kind)
