"""Campaign start (R-CAMP-1..3) and standings (R-CAMP-4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.fog import sight
from app.rules.mapgen import generate_map
from app.rules.ruleset import default_ruleset, parse_ruleset, ruleset_to_dict
from app.rules.setup import PlayerSetup, Standing, standings, start_campaign, validate_setup
from app.rules.state import (
    Army,
    CampaignState,
    General,
    LedgerEntry,
    Options,
    Player,
    SeenTile,
    Structure,
    StructureKind,
    Tag,
    Violation,
)
from tests.factories.engine import army, city, make_map, make_state, outpost, player, port

RULES = default_ruleset()
# slots: (0, 0) a coast tile, (4, 0) and (2, 2) plain
MAP = make_map(["c~~..", "..C..", "....."], slots=[(0, 0), (4, 0), (2, 2)])
EMPIRE = PlayerSetup(7, "empire", (4, 0))
DARK_ELVES = PlayerSetup(3, "dark_elves", (0, 0))


def test_R_CAMP_2_a_valid_lobby_passes() -> None:
    assert validate_setup(MAP, RULES, [EMPIRE, DARK_ELVES]) == []


def test_R_CAMP_1_two_to_max_players() -> None:
    assert validate_setup(MAP, RULES, [EMPIRE]) == [
        Violation("R-CAMP-1", "at least 2 players are needed")
    ]
    two = parse_ruleset({"max_players": 2})
    three = [EMPIRE, DARK_ELVES, PlayerSetup(9, "dwarfs", (2, 2))]
    assert validate_setup(MAP, two, three) == [
        Violation("R-CAMP-1", "at most 2 players may take part")
    ]


def test_R_CAMP_2_factions_slots_and_players_are_unique_and_known() -> None:
    entries = [
        EMPIRE,
        PlayerSetup(8, "empire", (2, 2)),
        PlayerSetup(9, "kislev", (4, 0)),
        PlayerSetup(7, "dwarfs", (1, 1)),
    ]
    assert validate_setup(MAP, RULES, entries) == [
        Violation("R-CAMP-2", "Empire is already taken"),
        Violation("R-CAMP-2", "unknown faction 'kislev'"),
        Violation("R-CAMP-2", "start slot (4, 0) is already taken"),
        Violation("R-CAMP-2", "player 7 is already in the campaign"),
        Violation("R-CAMP-2", "(1, 1) is not a start slot of this map"),
    ]


def test_R_CAMP_3_dark_elves_need_a_coast_slot() -> None:
    inland = PlayerSetup(3, "dark_elves", (2, 2))
    assert validate_setup(MAP, RULES, [EMPIRE, inland]) == [
        Violation("R-CAMP-3", "Dark Elves must start on a coast tile")
    ]


def test_R_CAMP_3_start_gives_capital_army_general_and_gold() -> None:
    options = Options(seasons=True)
    state, ledger = start_campaign(MAP, RULES, [EMPIRE, DARK_ELVES], options)
    assert ledger == [
        LedgerEntry(7, 5, "starting gold", "R-CAMP-3"),
        LedgerEntry(3, 5, "starting gold", "R-CAMP-3"),
    ]
    assert state == CampaignState(
        turn=1,
        map=MAP,
        players={
            3: Player(
                3,
                "dark_elves",
                gold=5,
                capital_id=4,
                explored={
                    (0, 0): SeenTile(1, 3, StructureKind.CITY, 1, 4),
                    (0, 1): SeenTile(1, None, None),
                    (1, 0): SeenTile(1, None, None),
                },
            ),
            7: Player(
                7,
                "empire",
                gold=5,
                capital_id=1,
                explored={
                    (3, 0): SeenTile(1, None, None),
                    (3, 1): SeenTile(1, None, None),
                    (4, 0): SeenTile(1, 7, StructureKind.CITY, 1, 1),
                    (4, 1): SeenTile(1, None, None),
                },
            ),
        },
        structures={
            1: Structure(1, StructureKind.CITY, (4, 0), 7, 1, is_capital=True),
            4: Structure(4, StructureKind.CITY, (0, 0), 3, 1, is_capital=True, also_port=True),
        },
        armies={
            2: Army(2, 7, (4, 0), 1, general_id=3, seat_id=1),
            5: Army(5, 3, (0, 0), 1, general_id=6, seat_id=4),
        },
        generals={3: General(3, 7, army_id=2), 6: General(6, 3, army_id=5)},
        options=options,
        next_id=7,
    )


def test_R_HOUSE_2_starting_gold_comes_from_the_ruleset() -> None:
    rich = parse_ruleset({"starting_gold": 40})
    state, ledger = start_campaign(MAP, rich, [EMPIRE, DARK_ELVES])
    assert [p.gold for p in state.players.values()] == [40, 40]
    assert ledger == [
        LedgerEntry(7, 40, "starting gold", "R-CAMP-3"),
        LedgerEntry(3, 40, "starting gold", "R-CAMP-3"),
    ]


def test_R_CAMP_3_refused_setup_cannot_start() -> None:
    with pytest.raises(ValueError, match="at least 2 players"):
        start_campaign(MAP, RULES, [EMPIRE])


def _standing_state(gold: tuple[int, int, int, int]) -> CampaignState:
    return make_state(
        MAP,
        [
            player(1, "empire", gold[0]),
            player(2, "high_elves", gold[1]),
            player(3, "dwarfs", gold[2]),
            player(4, "dark_elves", gold[3]),
        ],
        [
            city(10, 1, (4, 0), level=2, capital=True),
            outpost(11, 1, (3, 0)),
            city(12, 2, (2, 2), capital=True),
            port(13, 2, (0, 0)),
            outpost(14, 2, (1, 1)),
            city(15, 3, (2, 1), level=2, capital=True),
            city(16, 4, (1, 0), capital=True, also_port=True),
        ],
        [
            army(20, 1, (4, 0), 3),
            army(21, 2, (2, 2), 1),
            army(22, 2, (1, 1), 2),
            army(23, 3, (2, 1), 1),
            army(24, 4, (1, 0), 1),
        ],
    )


def test_R_CAMP_4_score_and_shared_ranks() -> None:
    state = _standing_state((25, 19, 29, 5))
    assert standings(state, RULES) == [
        Standing(1, 2 + 3 * 2 + 3 + 2, 1, 2, 2, 3, 25),
        Standing(2, 3 + 3 * 1 + 3 + 1, 2, 3, 1, 3, 19),
        Standing(3, 1 + 3 * 2 + 1 + 2, 2, 1, 2, 1, 29),
        Standing(4, 1 + 3 * 1 + 1 + 0, 4, 1, 1, 1, 5),
    ]


def test_R_CAMP_4_all_tied_share_rank_one() -> None:
    state = make_state(MAP, [player(2), player(1, "dwarfs")])
    assert standings(state, RULES) == [
        Standing(1, 0, 1, 0, 0, 0, 0),
        Standing(2, 0, 1, 0, 0, 0, 0),
    ]


def test_R_CAMP_4_score_weights_come_from_the_ruleset() -> None:
    state = _standing_state((25, 19, 29, 5))
    variant = parse_ruleset({"score": {"gold_divisor": 5, "city_level": 1}})
    assert standings(state, variant) == [
        Standing(1, 2 + 2 + 3 + 5, 1, 2, 2, 3, 25),
        Standing(2, 3 + 1 + 3 + 3, 2, 3, 1, 3, 19),
        Standing(3, 1 + 2 + 1 + 5, 3, 1, 2, 1, 29),
        Standing(4, 1 + 1 + 1 + 1, 4, 1, 1, 1, 5),
    ]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8), size=st.integers(12, 24))
def test_R_CAMP_3_start_is_sight_consistent(seed: int, players: int, size: int) -> None:
    m = generate_map(size, size, players, seed)
    keys = [f.key for f in RULES.factions if f.key != "dark_elves"]
    entries = [PlayerSetup(100 + i, keys[i], s.coord) for i, s in enumerate(m.slots)]
    if Tag.COAST in m.tiles[m.slots[0].coord].tags:
        entries[0] = PlayerSetup(100, "dark_elves", m.slots[0].coord)
    state, ledger = start_campaign(m, RULES, entries)
    assert sum(e.amount for e in ledger) == RULES.starting_gold * players
    for e in entries:
        p = state.players[e.player]
        assert p.gold == RULES.starting_gold
        visible = sight(state, e.player, RULES)
        assert set(p.explored) == visible
        assert all(seen.turn == 1 for seen in p.explored.values())
        assert p.explored[e.slot] == SeenTile(1, e.player, StructureKind.CITY, 1, p.capital_id)
    assert standings(state, RULES)[0].rank == 1
    assert {s.score for s in standings(state, RULES)} == {1 + 3 + 1 + RULES.starting_gold // 10}


def test_R_CAMP_3_a_capital_port_faction_missing_from_the_ruleset_is_named_by_its_key() -> None:
    """R-CAMP-2/3: a variant without the Dark Elves refuses them as unknown, and their inland
    slot too, naming them by their key."""
    factions = [f for f in ruleset_to_dict(RULES)["factions"] if f["key"] != "dark_elves"]
    variant = parse_ruleset({"factions": factions})
    inland = PlayerSetup(3, "dark_elves", (2, 2))
    assert validate_setup(MAP, variant, [EMPIRE, inland]) == [
        Violation("R-CAMP-2", "unknown faction 'dark_elves'"),
        Violation("R-CAMP-3", "dark_elves must start on a coast tile"),
    ]


def test_R_CAMP_2_a_refused_start_names_every_reason() -> None:
    entries = [EMPIRE, PlayerSetup(7, "kislev", (4, 0))]
    with pytest.raises(
        ValueError,
        match=r"^player 7 is already in the campaign; unknown faction 'kislev'; "
        r"start slot \(4, 0\) is already taken$",
    ):
        start_campaign(MAP, RULES, entries)


def test_R_CAMP_4_weights_multiply_territories_and_army_tiers() -> None:
    """R-CAMP-4: score = territories × 2 + city levels × 3 + army tiers × 4 + gold ÷ 10 here."""
    state = _standing_state((25, 19, 29, 5))
    variant = parse_ruleset({"score": {"territory": 2, "army_tier": 4}})
    assert standings(state, variant) == [
        Standing(1, 4 + 3 * 2 + 12 + 2, 1, 2, 2, 3, 25),
        Standing(2, 6 + 3 * 1 + 12 + 1, 2, 3, 1, 3, 19),
        Standing(3, 2 + 3 * 2 + 4 + 2, 3, 1, 2, 1, 29),
        Standing(4, 2 + 3 * 1 + 4 + 0, 4, 1, 1, 1, 5),
    ]
