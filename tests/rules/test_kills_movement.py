"""Reach over land and from the sea (R-MOVE-1, R-SEA-1, R-FAC WAAAGH!): scenarios mutation
testing found untested (docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

from app.rules.movement import reachable
from app.rules.ruleset import default_ruleset
from app.rules.state import CampaignState
from tests.rules.builders import army, make_map, make_state, player, ship

RS = default_ruleset()


def _state(row: str, faction: str = "empire", **armed: int) -> CampaignState:
    """Army 10 of player 1 on (0,0), aboard ship 60 if `aboard=1`."""
    aboard = armed.get("aboard")
    ships = [ship(60, 1, (0, 0), army_id=10)] if aboard else []
    armies = [army(10, 1, (0, 0), general_id=110, ship_id=60 if aboard else None)]
    return make_state(make_map([row]), [player(1, faction)], (), armies, ships=ships)


def _reach(state: CampaignState, waaagh: bool = False) -> dict[tuple[int, int], int]:
    return reachable(state, 1, 10, frozenset(state.map.tiles), RS, waaagh)


def test_R_MOVE_1_a_path_over_land_is_limited_by_the_tile_where_it_ends() -> None:
    """R-MOVE-1: Empire, 4 tiles to a plain (+1), 3 to a forest: the forest 4 away is out."""
    assert _reach(_state(".....")) == {(1, 0): 1, (2, 0): 2, (3, 0): 3, (4, 0): 4}
    assert _reach(_state("....f")) == {(1, 0): 1, (2, 0): 2, (3, 0): 3}


def test_R_FAC_waaagh_reaches_two_tiles_further_over_any_terrain() -> None:
    """R-FAC: WAAAGH! gives Orcs & Goblins 2 more land tiles and ignores the forest's -1."""
    orcs = _state("........f", "orcs_goblins")
    assert _reach(orcs) == {(1, 0): 1, (2, 0): 2, (3, 0): 3, (4, 0): 4}
    assert _reach(orcs, waaagh=True) == {(q, 0): q for q in range(1, 7)}
    forest = _state("fffffff", "orcs_goblins")
    assert _reach(forest) == {(1, 0): 1, (2, 0): 2}
    assert _reach(forest, waaagh=True) == {(q, 0): q for q in range(1, 6)}


def test_R_SEA_1_an_army_aboard_at_sea_reaches_sea_and_coast_in_half_steps() -> None:
    """R-SEA-1: from the sea, 1 half-step per sea tile, 2 per land tile; no WAAAGH! aboard."""
    at_sea = _state("~~~..", aboard=1)
    assert _reach(at_sea) == {(1, 0): 1, (2, 0): 2, (3, 0): 4, (4, 0): 6}
    orcs = _state("~~~....", "orcs_goblins", aboard=1)
    expected = {(1, 0): 1, (2, 0): 2, (3, 0): 4, (4, 0): 6, (5, 0): 8}
    assert _reach(orcs, waaagh=True) == _reach(orcs) == expected


def test_R_MAP_1_distances_are_whole_tiles_on_every_wrap() -> None:
    """R-MAP-1 / R-OPT-2: a distance is a number of tiles, an int, also across a torus's seams."""
    from app.rules.hexgrid import Grid, Wrap

    for wrap in Wrap:
        grid = Grid(8, 6, wrap)
        distances = [grid.distance((0, 0), c) for c in grid.coords()]
        assert all(type(d) is int for d in distances), wrap
    torus = Grid(8, 6, Wrap.TORUS)
    assert [torus.distance((0, 0), c) for c in [(5, 5), (0, 3), (7, 0), (-3, 5)]] == [1, 3, 1, 1]


def test_R_MOVE_3_allies_swapping_tiles_pass_each_other() -> None:
    """R-MOVE-3 / R-OWN-2: a swap is a meeting only between hostile players; allies pass."""
    from dataclasses import replace as _replace

    from app.rules.marches import resolve_movement
    from tests.rules.builders import treaty
    from tests.rules.test_movement import _plain_state, moves, soldier

    state = _plain_state(["....."], soldier(10, 1, (1, 0)), soldier(20, 2, (2, 0)))
    allied = _replace(state, treaties={90: treaty(90, "alliance", 1, 2)})
    result = resolve_movement(allied, moves((10, ((2, 0), (3, 0))), (20, ((1, 0), (0, 0)))), RS)
    assert result.battles == ()
    assert {a.id: a.coord for a in result.state.armies.values()} == {10: (3, 0), 20: (0, 0)}
