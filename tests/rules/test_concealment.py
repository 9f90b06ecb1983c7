"""Concealment (R-OPT-3): armies in forest or marsh hidden from players with nothing near them."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import concealment
from app.rules.hexgrid import Coord
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    CampaignState,
    Event,
    EventKind,
    MoveOrder,
    Options,
    Structure,
    TreatyKind,
    TurnOrders,
)
from tests.factories.engine import (
    city,
    fight,
    make_map,
    make_state,
    outpost,
    player,
    side,
    soldier,
    treaty,
)

RS = default_ruleset()
ON = Options(concealment=True)
# A mountain, a plain, a forest (2, 0), a plain, a marsh (4, 0), a plain.
ROW = make_map(["m.f.w."])
PLAYERS = (player(1), player(2, "bretonnia"), player(3, "dwarfs"))


def row_state(
    *armies: Army, salt: int, turn: int = 1, structures: tuple[Structure, ...] = ()
) -> CampaignState:
    state = make_state(ROW, PLAYERS, structures, armies, turn=turn, options=ON)
    return replace(state, id_salt=salt)


# Campaign seed 1 at turn 1 hides both armies 10 (forest) and 11 (marsh); seed 2 only 11.
FOREST, MARSH = soldier(10, 1, (2, 0)), soldier(11, 1, (4, 0))


def test_R_OPT_3_the_draw_hides_forest_and_marsh_armies_from_players_with_nothing_near() -> None:
    state = row_state(FOREST, MARSH, salt=1)
    assert concealment.concealed(state) == frozenset({10, 11})
    assert {p: concealment.hidden_from(state, p) for p in (1, 2, 3)} == {
        1: frozenset(),  # its owner always sees it
        2: frozenset({10, 11}),
        3: frozenset({10, 11}),
    }
    other_seed = row_state(FOREST, MARSH, salt=2)
    assert concealment.hidden_from(other_seed, 2) == frozenset({11})


def test_R_OPT_3_drawn_anew_at_each_change() -> None:
    """The same armies and seed: turn 1 hides army 10, turn 2 (seed 5) none of them."""
    assert concealment.concealed(row_state(FOREST, MARSH, salt=5, turn=2)) == frozenset()
    assert concealment.concealed(row_state(FOREST, MARSH, salt=0, turn=2)) == frozenset({10, 11})
    assert concealment.concealed(row_state(FOREST, MARSH, salt=0, turn=1)) == frozenset({10})


def test_R_OPT_3_an_army_or_structure_adjacent_or_an_ally_s_sees_it() -> None:
    """Player 2's army next to the forest sees army 10 (not the far marsh army 11); player 3,
    allied to 2, sees it too; an outpost of player 3 next to the marsh reveals army 11 to 3."""
    state = row_state(
        FOREST,
        MARSH,
        soldier(20, 2, (1, 0)),
        salt=1,
        structures=(outpost(30, 3, (5, 0)),),
    )
    assert concealment.hidden_from(state, 2) == frozenset({11})
    assert concealment.hidden_from(state, 3) == frozenset({10})
    allied = replace(state, treaties={40: treaty(40, TreatyKind.ALLIANCE, 2, 3)})
    assert concealment.hidden_from(allied, 2) == frozenset()
    assert concealment.hidden_from(allied, 3) == frozenset()


def test_R_OPT_3_the_owner_of_the_tile_sees_it() -> None:
    """Player 2's city on the forest tile: army 10 of player 1 standing there (a siege) is seen."""
    state = row_state(FOREST, MARSH, salt=1, structures=(city(30, 2, (2, 0)),))
    assert concealment.hidden_from(state, 2) == frozenset({11})


def test_R_OPT_3_a_battle_reveals_it_to_its_participants() -> None:
    state = row_state(FOREST, MARSH, soldier(20, 2, (3, 0)), salt=1)
    far = replace(state, armies={**state.armies, 20: soldier(20, 2, (0, 0))})
    assert concealment.hidden_from(far, 2) == frozenset({10, 11})
    battle = fight(side({2}, (20,)), side({1}, (10,)), coord=(2, 0))
    fought = replace(far, battles={battle.id: battle})
    assert concealment.hidden_from(fought, 2) == frozenset({11})
    assert concealment.hidden_from(fought, 3) == frozenset({10, 11})


def test_R_OPT_3_plain_never_hides_and_the_option_is_off_by_default() -> None:
    plain = row_state(soldier(10, 1, (1, 0)), soldier(11, 1, (3, 0)), salt=1)
    assert concealment.concealed(plain) == frozenset()
    off = replace(row_state(FOREST, MARSH, salt=1), options=Options())
    assert concealment.concealed(off) == frozenset()
    assert concealment.masks(off) == {}


def test_R_OPT_3_chances_are_75_in_forest_and_90_in_marsh() -> None:
    """Over 2000 armies of one campaign seed, the shares hidden are close to 75 % and 90 %."""
    forest = [soldier(i, 1, (2, 0)) for i in range(1, 2001)]
    marsh = [soldier(i, 1, (4, 0)) for i in range(1, 2001)]
    in_forest = len(concealment.concealed(row_state(*forest, salt=9)))
    in_marsh = len(concealment.concealed(row_state(*marsh, salt=9)))
    assert 1420 <= in_forest <= 1580
    assert 1730 <= in_marsh <= 1870


def test_R_OPT_3_a_summary_loses_a_march_into_hiding() -> None:
    """Player 2 on the mountain sees two tiles around it, (1, 0) and the forest (2, 0). Army 10
    marches from (4, 0) into the forest, where seed 0 hides it at turn 2: player 2's summary
    has nothing of the march, as if the forest were out of sight; without concealment it shows
    the army on the forest tile."""
    start = row_state(soldier(10, 1, (4, 0)), soldier(20, 2, (0, 0)), salt=0)
    orders = TurnOrders(moves={10: MoveOrder(10, ((3, 0), (2, 0)))})
    result = resolve_turn(start, orders, RS)
    assert concealment.hidden_from(result.state, 2) == frozenset({10})
    march = Event(
        EventKind.ARMY_MOVED, "R-MOVE-3", frozenset({1}), ((4, 0), (3, 0), (2, 0)), {"army_id": 10}
    )
    assert march in result.summaries[1]
    assert [e for e in result.summaries[2] if e.data.get("army_id") == 10] == []
    plain = resolve_turn(replace(start, options=Options()), orders, RS)
    assert [e for e in plain.summaries[2] if e.data.get("army_id") == 10] == [
        replace(march, coords=((2, 0),))
    ]


_COORDS = sorted(ROW.tiles)


@settings(max_examples=80, derandomize=True)
@given(
    salt=st.integers(0, 2**62),
    turn=st.integers(1, 300),
    placed=st.lists(
        st.tuples(st.sampled_from((1, 2, 3)), st.sampled_from(_COORDS)), min_size=1, max_size=6
    ),
)
def test_R_OPT_3_property_reproducible_and_never_hidden_from_those_near(
    salt: int, turn: int, placed: list[tuple[int, Coord]]
) -> None:
    armies = [soldier(10 + i, owner, c) for i, (owner, c) in enumerate(placed)]
    state = row_state(*armies, salt=salt, turn=turn)
    grid = state.map.grid
    for p in (1, 2, 3):
        hidden = concealment.hidden_from(state, p)
        assert concealment.hidden_from(state, p) == hidden  # the same seed, the same draw
        near = {c for a in armies if a.owner == p for c in (a.coord, *grid.neighbours(a.coord))}
        for army_id in hidden:
            a = state.armies[army_id]
            assert a.owner != p
            assert ROW.tiles[a.coord].terrain.value in ("forest", "marsh")
            assert a.coord not in near


@settings(max_examples=25, derandomize=True)
@given(salt=st.integers(0, 2**62), turn=st.integers(1, 300))
def test_R_OPT_3_R_OPT_4_R_OPT_5_property_a_resolution_with_a_fixed_seed_is_reproducible(
    salt: int, turn: int
) -> None:
    """With every War Orders option on, the same state, orders and seed give the same change."""
    board = make_map(["~~~~w.f.", "~~~~.f.m", "~~~~~..."])
    state = make_state(
        board,
        PLAYERS,
        (),
        (soldier(10, 1, (4, 0)), soldier(20, 2, (7, 0)), soldier(30, 3, (6, 1))),
        turn=turn,
        options=Options(concealment=True, cover=True, storms=True),
    )
    state = replace(state, id_salt=salt)
    orders = TurnOrders(moves={10: MoveOrder(10, ((5, 0), (6, 0)))}, entrench=frozenset({20}))
    first = resolve_turn(state, orders, RS)
    assert resolve_turn(state, orders, RS) == first


def test_R_OPT_3_no_draw_hides_anything_with_the_option_off_or_off_the_map() -> None:
    forest = soldier(10, 1, (2, 0))
    off = replace(row_state(forest, salt=1), options=Options())
    assert concealment.draw(off, forest) is False
    nowhere = soldier(12, 1, (40, 0))
    assert concealment.draw(row_state(nowhere, salt=1), nowhere) is False


def test_R_OPT_3_a_forest_army_hides_on_a_draw_below_75_only() -> None:
    """R-OPT-3: the draw is 0..99 and hides below the chance: army 20 draws exactly 75 and
    stays seen; army 404 draws 34 (after a first 7-bit value of 100 that is drawn again)."""
    draw = random.Random  # the engine's own game draws, replayed
    assert draw("0:1:conceal:20").randrange(100) == 75
    assert draw("0:1:conceal:404").getrandbits(7) == 100
    assert draw("0:1:conceal:404").randrange(100) == 34
    state = row_state(soldier(20, 1, (2, 0)), soldier(404, 1, (2, 0)), salt=0)
    assert concealment.concealed(state) == frozenset({404})
