"""Storms at sea (R-OPT-5): raised at step 5 from the campaign's seed, they batter armies at sea."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import storms
from app.rules.hexgrid import Coord
from app.rules.marches import resolve_movement
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    CampaignState,
    Event,
    EventKind,
    MoveOrder,
    Options,
    Ship,
    Storm,
    Terrain,
    TurnOrders,
)
from tests.factories.engine import make_map, make_state, player, port, ship, soldier

RS = default_ruleset()
ON = Options(storms=True)
# Two rows of sea over a strip of coast: 22 sea tiles, so one chance in three per change.
SEA = make_map(["~~~~~~~~", "~~~~~~~~", "..~~~~~~"])
ROW = make_map(["P~~~~~~."])


def storm(state: CampaignState, center: Coord) -> Storm:
    return storms.storm_at(state, center)


def tier_lost(army_id: int, owner: int, coord: Coord, tier: int) -> Event:
    data = {"army_id": army_id, "tier": tier}
    return Event(EventKind.ARMY_TIER_LOST, "R-OPT-5", frozenset({owner}), (coord,), data)


def row_state(*armies: Army, ships: tuple[Ship, ...] = (), options: Options = ON) -> CampaignState:
    state = make_state(
        ROW,
        [player(1), player(2, "high_elves")],
        [port(40, 1, (0, 0))],
        armies,
        ships=ships,
        options=options,
        next_id=500,
    )
    return replace(state, storms=(storm(state, (3, 0)),))


# ------------------------------------------------------------------------------ the storm


def test_R_OPT_5_a_storm_covers_its_sea_tile_and_sea_neighbours_only() -> None:
    """The storm on (3, 2) covers it and its four sea neighbours, not the coast beside it."""
    state = make_state(SEA, [player(1)], options=ON)
    assert storms.storm_at(state, (3, 2)) == Storm((3, 2), ((3, 2), (2, 2), (3, 1), (4, 1), (4, 2)))
    assert storms.storm_at(state, (0, 0)) == Storm((0, 0), ((0, 0), (0, 1), (1, 0)))


def test_R_OPT_5_one_chance_in_three_per_50_sea_tiles_rounded_up() -> None:
    assert [storms.draws(n) for n in (0, 1, 50, 51, 100, 101)] == [0, 1, 1, 2, 2, 3]


def test_R_OPT_5_step_5_raises_the_storms_of_the_new_turn_from_the_campaign_seed() -> None:
    """Campaign seed 3 raises one storm on (3, 2) for turn 2; the storms of turn 1 end."""
    state = replace(make_state(SEA, [player(1)], options=ON), id_salt=3, turn=2)
    old = replace(state, storms=(storms.storm_at(state, (7, 0)),))
    raised, events = storms.raise_storms(old)
    expected = Storm((3, 2), ((3, 2), (2, 2), (3, 1), (4, 1), (4, 2)))
    assert raised == replace(state, storms=(expected,))
    assert events == [
        Event(EventKind.STORM_ROSE, "R-OPT-5", frozenset(), expected.tiles, {"turn": 2})
    ]
    # Campaign seed 0 raises none at that change: the old storm is simply gone.
    calm = replace(old, id_salt=0)
    assert storms.raise_storms(calm) == (replace(calm, storms=()), [])


def test_R_OPT_5_off_by_default_no_storm_rises() -> None:
    state = replace(make_state(SEA, [player(1)]), id_salt=3, turn=2)
    assert storms.raise_storms(state) == (state, [])


def test_R_OPT_5_about_one_change_in_three_raises_a_storm_on_a_small_sea() -> None:
    """Over 300 campaign seeds, one draw at 1/3 raises a storm about 100 times."""
    state = replace(make_state(SEA, [player(1)], options=ON), turn=2)
    count = sum(len(storms.raise_storms(replace(state, id_salt=s))[0].storms) for s in range(300))
    assert 70 <= count <= 130


# ------------------------------------------------------------------------------ its damage


def test_R_OPT_5_an_army_aboard_ending_its_move_in_a_storm_loses_one_tier() -> None:
    """Army 10 (tier 3) sails from its port into the storm on (2..4, 0): it ends at tier 2."""
    state = row_state(soldier(10, 1, (0, 0), tier=3))
    moved = resolve_movement(state, TurnOrders(moves={10: MoveOrder(10, ((1, 0), (2, 0)))}), RS)
    battered, events = storms.batter(moved.state)
    assert battered == replace(
        moved.state,
        armies={10: replace(state.armies[10], coord=(2, 0), ship_id=500, tier=2)},
        ships={500: Ship(500, 1, (2, 0), 10)},
    )
    assert events == [tier_lost(10, 1, (2, 0), 2)]


def test_R_OPT_5_never_below_tier_1_anchored_ships_and_land_untouched() -> None:
    """Tier 1 aboard stays tier 1; a ship at anchor in the storm and armies on land are whole;
    an army aboard outside the storm too."""
    state = row_state(
        soldier(10, 1, (3, 0), tier=1, ship_id=60),
        soldier(11, 1, (0, 0), tier=3),
        soldier(12, 2, (7, 0), tier=3),
        soldier(13, 2, (6, 0), tier=3, ship_id=62),
        ships=(ship(60, 1, (3, 0), 10), ship(61, 1, (4, 0)), ship(62, 2, (6, 0), 13)),
    )
    assert storms.batter(state) == (state, [])


def test_R_OPT_5_option_off_storms_do_nothing() -> None:
    state = row_state(
        soldier(10, 1, (3, 0), tier=3, ship_id=60),
        ships=(ship(60, 1, (3, 0), 10),),
        options=Options(),
    )
    assert storms.batter(state) == (state, [])


def test_R_OPT_5_the_change_batters_then_raises_and_summaries_follow_sight() -> None:
    """At the change, army 10 aboard in the storm loses a tier (its owner's summary says so,
    player 2 far inland does not see it); seed 1 then raises a storm on (5, 1) for turn 2,
    reported to whoever saw one of its tiles."""
    wide = make_map(["P~~~~~~~........", "~~~~~~~~........", "..~~~~~~........"])
    state = make_state(
        wide,
        [player(1), player(2, "high_elves")],
        [port(40, 1, (0, 0))],
        [soldier(10, 1, (4, 0), tier=2, ship_id=60), soldier(20, 2, (15, 1), tier=1)],
        ships=[ship(60, 1, (4, 0), 10)],
        options=ON,
    )
    state = replace(state, id_salt=1, storms=(storms.storm_at(state, (4, 0)),))
    result = resolve_turn(state, TurnOrders(), RS)
    risen = storms.storm_at(state, (5, 1))
    assert result.state.storms == (risen,)
    assert result.state.armies[10].tier == 1
    lost = tier_lost(10, 1, (4, 0), 1)
    rose = Event(EventKind.STORM_ROSE, "R-OPT-5", frozenset(), risen.tiles, {"turn": 2})
    assert [e for e in result.events if e.rule == "R-OPT-5"] == [lost, rose]
    # Player 1 sees two of its seven tiles, next to their army: only those are reported.
    seen = ((4, 1), (5, 0))
    assert [e for e in result.summaries[1] if e.rule == "R-OPT-5"] == [
        lost,
        replace(rose, coords=seen),
    ]
    assert [e for e in result.summaries[2] if e.rule == "R-OPT-5"] == []


# ------------------------------------------------------------------------------ properties

_SEA_COORDS = sorted(c for c, t in SEA.tiles.items() if t.terrain is Terrain.SEA)
_LAND_COORDS = sorted(c for c, t in SEA.tiles.items() if t.terrain is not Terrain.SEA)


@settings(max_examples=60, derandomize=True)
@given(
    salt=st.integers(0, 2**62),
    turn=st.integers(1, 500),
    centers=st.lists(st.sampled_from(_SEA_COORDS), max_size=4),
    afloat=st.lists(st.tuples(st.sampled_from(_SEA_COORDS), st.integers(1, 5)), max_size=4),
    ashore=st.lists(st.tuples(st.sampled_from(_LAND_COORDS), st.integers(1, 5)), max_size=3),
)
def test_R_OPT_5_property_reproducible_and_storms_never_touch_an_army_on_land(
    salt: int,
    turn: int,
    centers: list[Coord],
    afloat: list[tuple[Coord, int]],
    ashore: list[tuple[Coord, int]],
) -> None:
    armies = [soldier(10 + i, 1, c, tier=t, ship_id=60 + i) for i, (c, t) in enumerate(afloat)]
    armies += [soldier(30 + i, 1, c, tier=t) for i, (c, t) in enumerate(ashore)]
    ships = [ship(60 + i, 1, c, 10 + i) for i, (c, _) in enumerate(afloat)]
    state = make_state(SEA, [player(1)], [], armies, ships=ships, turn=turn, options=ON)
    state = replace(state, id_salt=salt, storms=tuple(storms.storm_at(state, c) for c in centers))
    battered, events = storms.batter(state)
    assert storms.batter(state) == (battered, events)  # reproducible
    stormy = {c for s in state.storms for c in s.tiles}
    for army_id, before in state.armies.items():
        after = battered.armies[army_id]
        if before.ship_id is None:
            assert after == before  # never an army on land
        else:
            lost = 1 if before.coord in stormy and before.tier > 1 else 0
            assert after == replace(before, tier=before.tier - lost)
    raised, risen = storms.raise_storms(state)
    assert storms.raise_storms(state) == (raised, risen)  # the same seed, the same storms
    assert len(raised.storms) <= storms.draws(len(_SEA_COORDS))
    for s in raised.storms:
        assert all(SEA.tiles[c].terrain is Terrain.SEA for c in s.tiles)
        assert s.tiles[0] == s.center


def test_R_OPT_5_a_storm_beside_the_shore_leaves_the_land_out() -> None:
    """R-OPT-5: the storm on (1,1) covers its sea neighbours; (0,2) is land and stays out."""
    from app.rules import storms
    from app.rules.state import Storm
    from tests.factories.engine import make_state, player

    state = make_state(SEA, [player(1)], options=ON)
    assert (0, 2) in SEA.grid.neighbours((1, 1))
    assert storms.storm_at(state, (1, 1)) == Storm(
        (1, 1), ((1, 1), (0, 1), (1, 0), (1, 2), (2, 0), (2, 1))
    )
