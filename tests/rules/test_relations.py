"""Hostility (R-OWN-2) from the treaties in force (R-DIP-2, R-DIP-3)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.relations import Relations, allies_of, are_allied, have_pact, in_force, is_hostile
from app.rules.state import CampaignState, Treaty, TreatyKind
from tests.factories.engine import make_map, make_state, player, treaty

MAP = make_map(["..", ".."])


def _state(*treaties: Treaty, turn: int = 3) -> CampaignState:
    players = [player(i) for i in range(1, 7)]
    return make_state(MAP, players, treaties=treaties, turn=turn)


def test_R_DIP_3_treaty_in_force_from_its_first_turn_until_its_end() -> None:
    t = treaty(1, "alliance", 1, 2, since_turn=3)
    assert [in_force(t, turn) for turn in (2, 3, 9)] == [False, True, True]
    ended = treaty(1, "alliance", 1, 2, since_turn=3, ends_turn=5)
    assert [in_force(ended, turn) for turn in (3, 4, 5, 6)] == [True, True, False, False]


def test_R_OWN_2_players_are_hostile_by_default() -> None:
    state = _state()
    assert is_hostile(state, 1, 2)
    assert not is_hostile(state, 1, 1)
    assert not are_allied(state, 1, 2)
    assert not have_pact(state, 1, 2)
    assert allies_of(state, 1) == {1}


def test_R_OWN_2_alliance_and_vassalage_make_allies_both_ways() -> None:
    state = _state(treaty(10, "alliance", 1, 2), treaty(11, "vassalage", 3, 1))
    assert [are_allied(state, 1, p) for p in range(1, 7)] == [True, True, True, False, False, False]
    assert are_allied(state, 2, 1)
    assert are_allied(state, 3, 1)
    assert not are_allied(state, 2, 3)  # alliances are not transitive
    assert not is_hostile(state, 2, 1)
    assert is_hostile(state, 2, 3)
    assert allies_of(state, 1) == {1, 2, 3}
    assert allies_of(state, 2) == {1, 2}


def test_R_OWN_2_a_pact_stops_hostility_without_alliance() -> None:
    state = _state(treaty(10, "pact", 4, 5))
    assert have_pact(state, 4, 5)
    assert have_pact(state, 5, 4)
    assert not have_pact(state, 4, 4)
    assert not is_hostile(state, 4, 5)
    assert not are_allied(state, 4, 5)
    assert allies_of(state, 4) == {4}


def test_R_OWN_2_embassies_and_trade_routes_leave_players_hostile() -> None:
    state = _state(treaty(10, "embassy", 1, 2), treaty(11, "trade", 1, 2, city_a=1, city_b=2))
    assert is_hostile(state, 1, 2)
    assert allies_of(state, 1) == {1}


def test_R_DIP_3_ended_or_future_treaties_do_not_bind() -> None:
    state = _state(
        treaty(10, "alliance", 1, 2, since_turn=1, ends_turn=3),
        treaty(11, "pact", 1, 3, since_turn=4),
        turn=3,
    )
    assert is_hostile(state, 1, 2)
    assert is_hostile(state, 1, 3)
    assert allies_of(state, 1) == {1}


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(list(TreatyKind)),
            st.integers(1, 7),  # 7: a player not in the campaign
            st.integers(1, 7),
            st.integers(1, 5),
            st.sampled_from([None, 2, 3, 4, 5]),
        ),
        max_size=8,
    ),
    st.integers(1, 6),
)
def test_R_OWN_2_the_relations_table_answers_as_the_treaties_do(
    rows: list[tuple[TreatyKind, int, int, int, int | None]], turn: int
) -> None:
    treaties = [
        treaty(i, kind, a, b, since, ends_turn=ends)
        for i, (kind, a, b, since, ends) in enumerate(rows)
    ]
    state = _state(*treaties, turn=turn)
    table = Relations.of(state)
    for a in range(1, 8):
        assert table.allies_of(a) == allies_of(state, a)
        for b in range(1, 8):
            assert table.are_allied(a, b) == are_allied(state, a, b)
            assert table.have_pact(a, b) == have_pact(state, a, b)
            assert table.is_hostile(a, b) == is_hostile(state, a, b)
