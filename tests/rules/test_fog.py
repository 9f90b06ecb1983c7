"""Fog of war (R-FOG): sight, allies' shared sight, explored memory, the exploration edict."""

from __future__ import annotations

from dataclasses import replace

from app.rules.fog import (
    Visibility,
    explore,
    own_sight,
    remember,
    remember_all,
    sight,
    structures_by_coord,
    summaries,
    visibility,
)
from app.rules.hexgrid import Wrap
from app.rules.ruleset import default_ruleset, parse_ruleset
from app.rules.state import Event, EventKind, SeenTile, StructureKind
from tests.factories.engine import (
    army,
    city,
    make_map,
    make_state,
    outpost,
    player,
    ship,
    treaty,
)

RULES = default_ruleset()
# axial coords of this picture: row 0 → (c, 0); row 1 → (c, 1); rows 2 and 3 → (c - 1, r)
MAP = make_map(
    [
        ".....",
        ".m...",
        "....~",
        "...~~",
    ]
)
PLAYERS = [player(1, "empire"), player(2, "dwarfs"), player(3, "skaven")]


def test_R_FOG_2_owned_tiles_and_their_neighbours() -> None:
    state = make_state(MAP, PLAYERS, [outpost(10, 1, (0, 0)), city(11, 2, (3, 0))])
    assert own_sight(state, 1, RULES) == {(0, 0), (1, 0), (0, 1)}


def test_R_FOG_2_army_sees_within_one() -> None:
    state = make_state(MAP, PLAYERS, armies=[army(20, 1, (2, 0)), army(21, 2, (0, 3))])
    assert own_sight(state, 1, RULES) == {(1, 0), (1, 1), (2, 0), (2, 1), (3, 0)}


def test_R_FOG_2_army_on_a_mountain_sees_within_two() -> None:
    state = make_state(MAP, PLAYERS, armies=[army(20, 1, (1, 1))])
    assert own_sight(state, 1, RULES) == {
        (-1, 2),
        (-1, 3),
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 0),
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 0),
        (2, 1),
        (2, 2),
        (3, 0),
        (3, 1),
    }


def test_R_FOG_2_sight_radius_comes_from_the_ruleset() -> None:
    state = make_state(MAP, PLAYERS, armies=[army(20, 1, (2, 0))])
    wide = parse_ruleset({"movement": {"sight": 2}})
    assert own_sight(state, 1, wide) == {
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
        (3, 0),
        (3, 1),
        (4, 0),
    }


def test_R_FOG_2_a_ship_at_anchor_sees_within_one() -> None:
    state = make_state(MAP, PLAYERS, ships=[ship(30, 1, (3, 2)), ship(31, 2, (2, 3))])
    assert own_sight(state, 1, RULES) == {(2, 2), (2, 3), (3, 1), (3, 2), (3, 3), (4, 1)}


def test_R_FOG_2_allies_share_sight_pacts_and_ended_alliances_do_not() -> None:
    state = make_state(
        MAP,
        [*PLAYERS, player(4, "ogre_kingdoms")],
        [outpost(10, 1, (0, 0)), outpost(11, 2, (4, 0)), outpost(12, 3, (2, 2))],
        armies=[army(20, 4, (-1, 3))],
        treaties=[
            treaty(40, "alliance", 1, 2),
            treaty(41, "pact", 1, 3),
            treaty(42, "alliance", 1, 4, since_turn=1, ends_turn=2),
        ],
        turn=2,
    )
    assert sight(state, 1, RULES) == {(0, 0), (1, 0), (0, 1), (4, 0), (3, 0), (3, 1), (4, 1)}
    assert sight(state, 2, RULES) == sight(state, 1, RULES)
    assert sight(state, 3, RULES) == own_sight(state, 3, RULES)
    assert sight(state, 4, RULES) == {(-1, 3), (-1, 2), (0, 2), (0, 3)}


def test_R_FOG_2_vassalage_shares_sight() -> None:
    state = make_state(
        MAP,
        PLAYERS,
        [outpost(10, 1, (0, 0)), outpost(11, 2, (4, 0))],
        treaties=[treaty(40, "vassalage", 2, 1)],
    )
    assert sight(state, 1, RULES) == {(0, 0), (1, 0), (0, 1), (4, 0), (3, 0), (3, 1), (4, 1)}


def test_R_MAP_4_sight_wraps_around_a_torus() -> None:
    torus = make_map(["....", "....", "....", "...."], wrap=Wrap.TORUS)
    state = make_state(torus, PLAYERS, armies=[army(20, 1, (0, 0))])
    assert own_sight(state, 1, RULES) == {
        (0, 0),
        (1, 0),
        (-1, 3),
        (2, 3),
        (3, 0),
        (3, 1),
        (0, 1),
    }


def test_R_FOG_1_three_states() -> None:
    p1 = player(1, explored={(4, 0): SeenTile(1, None, None)})
    state = make_state(MAP, [p1], armies=[army(20, 1, (0, 0))])
    visible = sight(state, 1, RULES)
    assert visibility(state, 1, (0, 0), visible) is Visibility.VISIBLE
    assert visibility(state, 1, (4, 0), visible) is Visibility.EXPLORED
    assert visibility(state, 1, (2, 2), visible) is Visibility.UNEXPLORED


def test_R_FOG_1_remember_records_what_each_visible_tile_holds() -> None:
    old = {(3, 3): SeenTile(1, 3, StructureKind.OUTPOST, 1)}
    state = make_state(
        MAP,
        [player(1, explored=old), player(2, "dwarfs")],
        [outpost(10, 2, (1, 0)), city(11, 2, (0, 1), level=2, capital=True)],
        armies=[army(20, 1, (0, 0))],
        turn=4,
    )
    assert remember(state, 1, sight(state, 1, RULES)) == replace(
        state.players[1],
        explored={
            (0, 0): SeenTile(4, None, None, 0),
            (0, 1): SeenTile(4, 2, StructureKind.CITY, 2, 11),
            (1, 0): SeenTile(4, 2, StructureKind.OUTPOST, 1, 10),
            (3, 3): SeenTile(1, 3, StructureKind.OUTPOST, 1),
        },
    )


def test_R_FOG_1_explored_shows_the_owner_as_last_seen() -> None:
    seen = make_state(MAP, PLAYERS, [outpost(10, 2, (1, 0))], armies=[army(20, 1, (0, 0))])
    seen = replace(seen, players={**seen.players, 1: remember(seen, 1, sight(seen, 1, RULES))})
    # Player 1's army leaves; player 3 captures the outpost on turn 3.
    later = replace(
        seen,
        turn=3,
        armies={20: army(20, 1, (-1, 3))},
        structures={10: replace(seen.structures[10], owner=3, since_turn=3)},
    )
    visible = sight(later, 1, RULES)
    assert visibility(later, 1, (1, 0), visible) is Visibility.EXPLORED
    assert later.players[1].explored[(1, 0)] == SeenTile(1, 2, StructureKind.OUTPOST, 1, 10)
    back = replace(later, armies={20: army(20, 1, (0, 0))})
    assert remember(back, 1, sight(back, 1, RULES)).explored[(1, 0)] == SeenTile(
        3, 3, StructureKind.OUTPOST, 1, 10
    )


def test_R_TURN_4_remember_all_updates_every_player() -> None:
    state = make_state(
        MAP,
        PLAYERS[:2],
        [outpost(10, 2, (4, 0))],
        armies=[army(20, 1, (0, 0))],
        turn=2,
    )
    assert remember_all(state, RULES) == replace(
        state,
        players={
            1: replace(
                state.players[1],
                explored={
                    (0, 0): SeenTile(2, None, None),
                    (0, 1): SeenTile(2, None, None),
                    (1, 0): SeenTile(2, None, None),
                },
            ),
            2: replace(
                state.players[2],
                explored={
                    (3, 0): SeenTile(2, None, None),
                    (3, 1): SeenTile(2, None, None),
                    (4, 0): SeenTile(2, 2, StructureKind.OUTPOST, 1, 10),
                    (4, 1): SeenTile(2, None, None),
                },
            ),
        },
    )


def test_R_DIP_2_exploration_marks_tiles_explored_as_they_are_now() -> None:
    state = make_state(MAP, PLAYERS, [city(10, 3, (2, 2))], turn=5)
    assert explore(state, 1, [(2, 2), (3, 2), (9, 9)]) == replace(
        state.players[1],
        explored={
            (2, 2): SeenTile(5, 3, StructureKind.CITY, 1, 10),
            (3, 2): SeenTile(5, None, None),
        },
    )


def test_R_BUILD_3_structures_by_coord_indexes_tiles() -> None:
    state = make_state(MAP, PLAYERS, [outpost(10, 1, (0, 0)), city(11, 2, (3, 0))])
    assert structures_by_coord(state) == {
        (0, 0): state.structures[10],
        (3, 0): state.structures[11],
    }


def test_R_FOG_3_summaries_show_each_player_what_they_saw_before_or_after() -> None:
    """The players an event concerns see all of it; others only the tiles they saw, before the
    change or after it; a player who saw none of it gets nothing."""
    march = Event(
        EventKind.ARMY_MOVED, "R-MOVE-3", frozenset({1}), ((0, 0), (1, 0), (2, 0)), {"id": 7}
    )
    raid = Event(EventKind.PILLAGE_WON, "R-SIEGE-2", frozenset({3}), ((5, 5),), {})
    before = {1: frozenset({(0, 0)}), 2: frozenset({(1, 0)}), 3: frozenset({(9, 9)})}
    after = {1: frozenset({(2, 0)}), 2: frozenset({(2, 0)}), 3: frozenset({(9, 9)})}
    assert summaries([march, raid], before, after) == {
        1: (march,),
        2: (replace(march, coords=((1, 0), (2, 0))),),
        3: (raid,),
    }
