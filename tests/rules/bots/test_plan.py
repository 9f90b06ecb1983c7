"""The bots' engine (R-BOT-1..5): fog-blind, seeded, and never giving an invalid order."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules.bots.plan import (
    BotOrders,
    BuildIntent,
    Difficulty,
    EntrenchIntent,
    MoveIntent,
    Personality,
    RaiseIntent,
    seed_of,
)
from app.rules.bots.selfplay import Bot, Given, give, orders_of, play_turn, seat_view
from app.rules.fog import sight
from app.rules.hexgrid import from_offset
from app.rules.mapgen import generate_map
from app.rules.ruleset import default_ruleset
from app.rules.setup import PlayerSetup, start_campaign
from app.rules.state import BuildKind, CampaignState, Options, TurnOrders
from tests.factories.engine import army, city, general, make_map, make_state, player
from tests.rules.test_properties import campaigns

RULES = default_ruleset()
BOTS = [Bot(d, p) for d in Difficulty for p in Personality]


def _duel(enemy_at: tuple[int, int], enemy_tier: int = 1, enemy_gold: int = 0) -> CampaignState:
    """Player 1 in the west of a wide plain, player 2's capital far east; player 2's army
    wherever the test puts it."""
    m = make_map(["." * 16] * 5, tags={from_offset(3, 2): ["city_site"]})
    west, east = from_offset(1, 2), from_offset(15, 2)
    return make_state(
        m,
        [player(1, "empire", 40), player(2, "orcs_goblins", enemy_gold)],
        [city(1, 1, west, level=2, capital=True), city(2, 2, east, capital=True)],
        [
            army(10, 1, west, general_id=11, seat_id=1),
            army(20, 2, enemy_at, enemy_tier, general_id=21),
        ],
        [general(11, 1, 10), general(21, 2, 20)],
    )


def _orders(state: CampaignState, bot: Bot, seat: int = 1, salt: int = 7) -> BotOrders:
    return orders_of(state, seat, bot, RULES, salt)


def test_R_BOT_2_orders_are_identical_whatever_the_hidden_enemy_armies() -> None:
    """Where an army out of sight stands, its tier, and its owner's gold change nothing."""
    assert from_offset(12, 0) not in sight(_duel(from_offset(12, 0)), 1, RULES)
    hidden = [
        (from_offset(c, r), tier, gold)
        for c in (10, 12, 14)
        for r in (0, 4)
        for tier, gold in ((1, 0), (5, 900))
    ]
    for bot in BOTS:
        seen = {repr(_orders(_duel(at, tier, gold), bot)) for at, tier, gold in hidden}
        assert len(seen) == 1, bot


def test_R_BOT_2_the_view_holds_nothing_out_of_sight() -> None:
    state = _duel(from_offset(12, 0), enemy_gold=500)
    view = seat_view(state, 1, RULES)
    assert 20 not in view.armies
    assert 21 not in view.generals
    assert view.players[2].gold == 0
    assert view.id_salt == 0
    assert 2 not in view.structures  # the enemy capital is far out of sight


def test_R_BOT_2_a_seen_enemy_army_does_change_a_raiders_orders() -> None:
    """The fog test above is not vacuous: what the bot sees, it acts on."""
    raider = Bot(Difficulty.NORMAL, Personality.RAIDER)
    far = _orders(_duel(from_offset(12, 0)), raider)
    near = _orders(_duel(from_offset(2, 2)), raider)
    assert far != near


def test_R_BOT_3_the_same_seed_gives_the_same_orders_and_the_seed_is_the_salts() -> None:
    state = _duel(from_offset(12, 0))
    easy = Bot(Difficulty.EASY, Personality.RAIDER)
    assert repr(_orders(state, easy, salt=5)) == repr(_orders(state, easy, salt=5))
    assert seed_of(5, 1, 3) == seed_of(5, 1, 3)
    assert len({seed_of(s, 1, 3) for s in range(50)}) == 50
    assert seed_of(5, 1, 3) != seed_of(5, 2, 3) != seed_of(5, 1, 4)


def test_R_BOT_5_a_builder_founds_a_city_on_the_free_site_it_stands_on() -> None:
    state = _duel(from_offset(12, 0))
    site = from_offset(3, 2)
    state = replace(state, armies={**state.armies, 10: replace(state.armies[10], coord=site)})
    out = _orders(state, Bot(Difficulty.NORMAL, Personality.BUILDER))
    assert BuildIntent(BuildKind.FOUND_CITY, site, 10) in out.intents


def test_R_BOT_5_a_raider_marches_at_the_hostile_army_it_sees() -> None:
    enemy = from_offset(2, 2)
    state = _duel(enemy)
    out = _orders(state, Bot(Difficulty.NORMAL, Personality.RAIDER))
    moves = [i for i in out.intents if isinstance(i, MoveIntent)]
    grid = state.map.grid
    assert moves
    start = from_offset(1, 2)
    assert grid.distance(moves[0].path[-1], enemy) < grid.distance(start, enemy)


def test_R_BOT_5_a_turtle_entrenches_when_a_hostile_army_comes_near_with_cover() -> None:
    state = replace(_duel(from_offset(2, 2)), options=Options(cover=True))
    out = _orders(state, Bot(Difficulty.NORMAL, Personality.TURTLE))
    assert EntrenchIntent(10) in out.intents
    assert not any(isinstance(i, MoveIntent) for i in out.intents)


def test_R_BOT_5_a_raider_raises_an_army_from_a_free_level_2_city() -> None:
    state = _duel(from_offset(12, 0))
    second = city(3, 1, from_offset(1, 0), level=2)
    state = replace(state, structures={**state.structures, 3: second})
    state = replace(state, players={**state.players, 1: replace(state.players[1], gold=200)})
    out = _orders(state, Bot(Difficulty.NORMAL, Personality.RAIDER))
    assert RaiseIntent(3) in out.intents


def test_R_BOT_1_a_normal_bot_keeps_next_turns_upkeep_an_easy_one_does_not() -> None:
    """With just the price of a city upgrade in hand and an upkeep to pay, only the easy bot
    spends it."""
    state = _duel(from_offset(12, 0))
    state = replace(
        state,
        structures={**state.structures, 1: replace(state.structures[1], level=1)},
        armies={**state.armies, 10: replace(state.armies[10], tier=4)},
        players={**state.players, 1: replace(state.players[1], gold=RULES.costs.upgrade_city)},
    )
    upgrade = BuildIntent(BuildKind.UPGRADE_CITY, from_offset(1, 2), None)
    from app.rules.economy import forecast

    assert forecast(seat_view(state, 1, RULES), TurnOrders(), 1, RULES).net < 0
    assert upgrade in _orders(state, Bot(Difficulty.EASY, Personality.TURTLE)).intents
    assert upgrade not in _orders(state, Bot(Difficulty.NORMAL, Personality.TURTLE)).intents


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaigns(), st.sampled_from(BOTS), st.integers(0, 2**32))
def test_R_BOT_4_bot_orders_always_pass_the_players_validation(
    state: CampaignState, bot: Bot, salt: int
) -> None:
    """Every order a bot gives on its view is accepted on the full state, as a player's."""
    g = Given(state, TurnOrders(), [], [])
    for seat in sorted(state.players):
        give(g, seat, orders_of(g.state, seat, bot, RULES, salt), RULES)
    assert g.refused == []
    assert all(p.gold >= 0 for p in g.state.players.values())


def test_R_BOT_a_small_all_bot_game_keeps_every_invariant() -> None:
    """Four bots on a generated map for 25 turns: no order refused, gold never negative and
    always the ledger's sum, something built."""
    m = generate_map(20, 14, 4, 11)
    factions = sorted(f.key for f in RULES.factions)
    entries = [PlayerSetup(i + 1, factions[i], s.coord) for i, s in enumerate(m.slots[:4])]
    state, ledger = start_campaign(m, RULES, entries)
    bots = {i + 1: BOTS[(i * 2 + 1) % len(BOTS)] for i in range(4)}
    sums = {e.player: 0 for e in ledger}
    for e in ledger:
        sums[e.player] += e.amount
    structures = len(state.structures)
    for _turn in range(25):
        played = play_turn(state, bots, RULES, salt=99)
        assert played.refused == ()
        for e in played.ledger:
            sums[e.player] = sums.get(e.player, 0) + e.amount
        state = played.state
        assert all(p.gold >= 0 for p in state.players.values())
        assert {pid: p.gold for pid, p in state.players.items()} == sums
    assert len(state.structures) > structures
