"""The battle pack's engine (issue 47, R-PACK): the encounter read from the map, the kind of
battle, the seeded deployment, the suggested scenario and the stakes, scenario by scenario;
then random encounters, every pack valid and the same for the same inputs (R-PACK-2)."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.battle_pack import (
    DENSITY,
    NEIGHBOUR_PIECE,
    Effect,
    Encounter,
    PackKind,
    Piece,
    PieceKind,
    Scenario,
    Size,
    Table,
    Zone,
    deploy,
    encounter,
    kind_of,
    pack_seed,
    rough_size,
    scenario,
    sea_edges,
    stakes,
    table_for,
    zones,
)
from app.rules.state import BattleKind, Options, Season, StructureKind, Terrain
from tests.factories.engine import (
    C,
    W,
    army,
    attack_from_west,
    attack_on,
    city,
    fight,
    make_map,
    make_state,
    outpost,
    player,
    ship,
    side,
)

PLAIN = Terrain.PLAIN
TABLE = Table(72, 48)
BANDS = (PieceKind.SEA, PieceKind.WALLS)


def test_R_PACK_1_a_field_battle_faces_the_attackers_army_on_the_neighbour() -> None:
    state = attack_from_west(fight(side({1}, (21,)), side({2}, (22,))))
    found = encounter(state, state.battles[41], "seed")
    # The attacker stands on W: the table's bottom edge faces W; BATTLEFIELD's (0, 2) W of
    # C is on the map, (−1, 3) (SW of W's side) too, all plain.
    assert found == Encounter(
        battle_id=41,
        battle_kind=BattleKind.FIELD,
        terrain=PLAIN,
        neighbours=(PLAIN,) * 6,
        structure=None,
        capital=False,
        siege_draws=0,
        season=None,
        landing=False,
    )
    assert kind_of(found) is PackKind.FIELD
    assert sea_edges(found) == ()
    assert zones(PackKind.FIELD) == (Zone("attacker", 12), Zone("defender", 12))
    assert stakes(found) == {
        "attacker_victory": (Effect.DEFENDER_RETREATS, Effect.WINNER_MOVES_IN),
        "draw": (Effect.NOTHING_MOVES,),
        "defender_victory": (Effect.ATTACKER_STAYS,),
    }


def test_R_PACK_1_an_attacker_whose_ship_lies_beside_the_hex_lands_from_the_sea() -> None:
    # Row 2 is "f~..." with C = (1, 2) at column 2: W = (0, 2) is the sea, NW a forest.
    rows = [".f...", ".....", ".~...", ".....", "....."]
    state = make_state(
        make_map(rows),
        [player(1), player(2, "bretonnia")],
        armies=[army(21, 1, C), army(22, 2, C)],
        ships=[ship(31, 1, W)],
        battles=[fight(side({1}, (21,)), side({2}, (22,)))],
        options=Options(seasons=True),
        turn=4,  # winter
    )
    found = encounter(state, state.battles[41], "seed")
    assert found.landing
    assert found.season is Season.WINTER
    # Relative to W (direction 3): W, SW, SE, E, NE, NW.
    assert found.neighbours == (Terrain.SEA, PLAIN, PLAIN, PLAIN, PLAIN, PLAIN)
    assert kind_of(found) is PackKind.LANDING
    assert sea_edges(found) == (0,)
    assert zones(PackKind.LANDING) == (Zone("attacker", 8), Zone("defender", 12))
    pieces = deploy(found, "0123456789abcdef", TABLE)
    assert pieces[0] == Piece(PieceKind.SEA, 36, 44, 72, 8, 0)


def test_R_PACK_1_a_city_is_assaulted_then_sallies_once_a_siege_was_drawn() -> None:
    walls = city(5, 2, C, capital=True)
    for draws, kind in ((0, PackKind.SIEGE_ASSAULT), (2, PackKind.SALLY)):
        battle = attack_on(5, BattleKind.SIEGE, draws=draws)
        state = attack_from_west(battle, structures=[walls])
        found = encounter(state, battle, "seed")
        assert (found.structure, found.capital, found.siege_draws) == (
            StructureKind.CITY,
            True,
            draws,
        )
        assert kind_of(found) is kind
        assert stakes(found) == {
            "attacker_victory": (Effect.CAPITAL_REPULSES,),
            "draw": (Effect.SIEGE_GOES_ON,),
            "defender_victory": (Effect.ATTACKER_STAYS,),
        }
        assert zones(kind) == (Zone("attacker", 12), Zone("defender", 16))
        wall = deploy(found, pack_seed(7, 41), TABLE)[0]
        assert wall == Piece(PieceKind.WALLS, 36, 16, 48, 1, 0)


def test_R_PACK_1_an_outpost_is_assaulted_and_may_be_captured_or_destroyed() -> None:
    battle = attack_on(5, BattleKind.ASSAULT)
    state = attack_from_west(battle, structures=[outpost(5, 2, C)])
    found = encounter(state, battle, "seed")
    assert kind_of(found) is PackKind.SIEGE_ASSAULT
    assert stakes(found)["attacker_victory"] == (Effect.CAPTURE_OR_DESTROY,)
    assert stakes(found)["draw"] == (Effect.NOTHING_MOVES,)
    assert deploy(found, "seed", TABLE)[0] == Piece(PieceKind.TOWER, 36, 8, 4, 4, 0)


def test_R_PACK_1_a_battle_at_sea_is_naval_with_two_ships_and_no_shore() -> None:
    found = Encounter(41, BattleKind.NAVAL, Terrain.SEA, (Terrain.SEA,) * 6)
    assert kind_of(found) is PackKind.NAVAL
    assert sea_edges(found) == ()
    pieces = deploy(found, "seed", TABLE)
    assert [p.kind for p in pieces[:2]] == [PieceKind.SHIP, PieceKind.SHIP]
    assert {p.kind for p in pieces[2:]} <= {PieceKind.ROCKS}


def test_R_PACK_1_the_scenario_of_each_listed_game_system_and_none_for_another() -> None:
    assert scenario("old_world", PackKind.FIELD) == Scenario(
        "Upon the Field of Glory", "Warhammer: The Old World rulebook, Scenarios"
    )
    assert scenario("kings_of_war", PackKind.LANDING) == Scenario(
        "Invade", "Kings of War rulebook, Scenarios"
    )
    assert scenario("whfb8", PackKind.SIEGE_ASSAULT) is not None
    assert scenario("ninth_age", PackKind.SALLY) is not None
    assert scenario("my_own_game", PackKind.FIELD) is None
    assert table_for("my_own_game") == table_for("old_world") == Table(72, 48)


def test_R_PACK_2_a_forest_hex_is_a_forest_battle() -> None:
    forest = Encounter(41, BattleKind.FIELD, Terrain.FOREST, (PLAIN,) * 6)
    for battle_id in range(1, 30):
        pieces = deploy(replace(forest, battle_id=battle_id), pack_seed(99, battle_id), TABLE)
        woods = [p for p in pieces if p.kind is PieceKind.WOOD]
        assert len(pieces) <= 10
        assert len(woods) * 2 >= len(pieces), pieces
    desert = Encounter(41, BattleKind.FIELD, Terrain.DESERT, (PLAIN,) * 6)
    assert not any(p.kind is PieceKind.WOOD for p in deploy(desert, "seed", TABLE))


def test_R_PACK_2_a_neighbouring_forest_puts_a_wood_beyond_its_edge() -> None:
    # The neighbour behind the defender (3) is a forest: a wood within the top 12".
    plain = Encounter(41, BattleKind.FIELD, Terrain.DESERT, (PLAIN,) * 6)
    wooded = replace(plain, neighbours=(PLAIN, PLAIN, PLAIN, Terrain.FOREST, PLAIN, PLAIN))
    pieces = deploy(wooded, "seed", TABLE)
    assert any(p.kind is PieceKind.WOOD and p.y <= 12 for p in pieces), pieces


def test_R_PACK_2_winter_freezes_the_marshes() -> None:
    marsh = Encounter(41, BattleKind.FIELD, Terrain.MARSH, (PLAIN,) * 6)
    for battle_id in range(1, 20):
        summer = deploy(replace(marsh, battle_id=battle_id, season=Season.SUMMER), "s", TABLE)
        winter = deploy(replace(marsh, battle_id=battle_id, season=Season.WINTER), "s", TABLE)
        assert not any(p.kind is PieceKind.MARSH for p in winter)
        assert len(winter) == len(summer)


def test_R_PACK_2_the_seed_comes_from_the_salt_and_the_battle_and_hides_the_salt() -> None:
    salt = 123_456_789_012
    seed = pack_seed(salt, 41)
    assert seed == pack_seed(salt, 41)
    assert len(seed) == 16
    assert int(seed, 16) >= 0
    assert str(salt) not in seed
    assert len({seed, pack_seed(salt, 42), pack_seed(salt + 1, 41)}) == 3


def test_R_PACK_3_a_rough_size_by_old_world_points() -> None:
    assert rough_size(600, 100) is Size.SMALL
    assert rough_size(1350, 225) is Size.SMALL  # 600 The Old World points in The 9th Age
    assert rough_size(1500, 100) is Size.MEDIUM
    assert rough_size(2500, 100) is Size.LARGE
    assert rough_size(3500, 100) is Size.HUGE


# ---------------------------------------------------------------------- random encounters

terrains = st.sampled_from(list(Terrain))
encounters = st.builds(
    Encounter,
    battle_id=st.integers(1, 2**31 - 1),
    battle_kind=st.sampled_from(list(BattleKind)),
    terrain=terrains,
    neighbours=st.tuples(*[st.none() | terrains] * 6),
    structure=st.none() | st.sampled_from(list(StructureKind)),
    capital=st.booleans(),
    siege_draws=st.integers(0, 5),
    season=st.none() | st.sampled_from(list(Season)),
    landing=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(
    encounters,
    st.text(alphabet="0123456789abcdef", min_size=16, max_size=16),
    st.sampled_from(["old_world", "ninth_age", "whfb8", "kings_of_war", "other"]),
)
def test_R_PACK_2_every_random_pack_is_valid_and_the_same_every_time(
    e: Encounter, seed: str, system: str
) -> None:
    table = table_for(system)
    pieces = deploy(e, seed, table)
    assert pieces == deploy(e, seed, table)  # deterministic
    kind = kind_of(e)
    assert kind in PackKind
    assert (scenario(system, kind) is None) == (system == "other")
    assert set(stakes(e)) == {"attacker_victory", "draw", "defender_victory"}
    _low, high, _ = DENSITY[e.terrain]
    near = sum(1 for t in e.neighbours if t is not None and t in NEIGHBOUR_PIECE)
    fixed = [p for p in pieces if p.kind in (*BANDS, PieceKind.TOWER, PieceKind.SHIP)]
    drawn = [p for p in pieces if p not in fixed]
    assert len(drawn) <= high + near
    assert len(fixed) <= 4 + 2
    for p in pieces:
        # Every piece stands on the table: its centre, and the circle around it for a drawn one.
        assert 0 <= p.x <= table.width
        assert 0 <= p.y <= table.depth
        if p in drawn:
            reach = max(p.width, p.depth) / 2
            assert reach <= p.x <= table.width - reach + 0.05
            assert reach <= p.y <= table.depth - reach + 0.05
    for i, a in enumerate(drawn):  # drawn pieces never overlap one another
        for b in drawn[i + 1 :]:
            apart = (a.x - b.x) ** 2 + (a.y - b.y) ** 2
            assert apart >= ((max(a.width, a.depth) + max(b.width, b.depth)) / 2) ** 2
    if kind in (PackKind.SIEGE_ASSAULT, PackKind.SALLY):
        assert any(p.kind in (PieceKind.WALLS, PieceKind.TOWER) for p in pieces)
    if kind is PackKind.LANDING:
        assert 0 in sea_edges(e)
    if e.season is Season.WINTER:
        assert not any(p.kind is PieceKind.MARSH for p in pieces)


def test_R_PACK_1_an_attacker_on_the_hex_faces_a_side_drawn_from_the_seed_alone() -> None:
    # Row 1 is "f...." with C = (1, 2)'s NW (1, 1) at column 1 of row 1: only NW is a forest.
    rows = [".....", ".f...", ".....", ".....", "....."]
    battle = fight(side({1}, (21,)), side({2}, (22,)))
    players = [player(1), player(2)]
    far = make_state(
        make_map(rows), players, [city(9, 1, (4, 4))], [army(21, 1, C), army(22, 2, C)]
    )
    near = make_state(
        make_map(rows), players, [city(9, 1, (0, 0))], [army(21, 1, C), army(22, 2, C)]
    )
    seen = {
        encounter(state, battle, pack_seed(5, n)).neighbours.index(Terrain.FOREST)
        for n in range(1, 40)
        for state in (far, near)
    }
    assert seen == set(range(6))  # every side comes up, whatever the seed
    for n in range(1, 40):  # and the attacker's structures far away change nothing
        seed = pack_seed(5, n)
        assert encounter(far, battle, seed) == encounter(near, battle, seed)
