"""Hex grid (R-MAP-1, R-MAP-4): neighbours, distance, areas and paths under each wrap mode."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.rules.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Grid,
    Wrap,
    axial_distance,
    from_offset,
    to_offset,
)


def test_R_MAP_1_directions_are_e_ne_nw_w_sw_se() -> None:
    assert DIRECTION_NAMES == ("E", "NE", "NW", "W", "SW", "SE")
    assert DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def test_R_MAP_1_offset_round_trip_and_odd_rows_shift_right() -> None:
    assert from_offset(0, 0) == (0, 0)
    assert from_offset(0, 1) == (0, 1)
    assert from_offset(0, 2) == (-1, 2)
    assert from_offset(3, 3) == (2, 3)
    for row in range(6):
        for col in range(6):
            assert to_offset(from_offset(col, row)) == (col, row)


def test_R_MAP_1_coords_cover_the_rectangle_once_in_row_order() -> None:
    assert list(Grid(3, 2).coords()) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


def test_R_MAP_1_interior_neighbours_in_order() -> None:
    assert Grid(5, 5).neighbours((1, 2)) == [(2, 2), (2, 1), (1, 1), (0, 2), (0, 3), (1, 3)]


def test_R_MAP_1_corner_neighbours_without_wrap() -> None:
    grid = Grid(4, 4)
    assert grid.neighbours((0, 0)) == [(1, 0), (0, 1)]
    # bottom-right corner, odd row 3 (col 3 → q = 2)
    assert grid.neighbours((2, 3)) == [(2, 2), (1, 3)]


def test_R_MAP_4_horizontal_wrap_reenters_on_the_other_side() -> None:
    grid = Grid(4, 4, Wrap.HORIZONTAL)
    assert grid.neighbours((0, 0)) == [(1, 0), (3, 0), (3, 1), (0, 1)]
    assert grid.normalize((4, 0)) == (0, 0)
    assert grid.normalize((0, -1)) is None
    assert grid.normalize((0, 4)) is None


def test_R_MAP_4_torus_corner_has_six_neighbours() -> None:
    grid = Grid(4, 4, Wrap.TORUS)
    assert grid.neighbours((0, 0)) == [(1, 0), (-1, 3), (2, 3), (3, 0), (3, 1), (0, 1)]
    # leaving south re-enters north in the same column
    assert grid.normalize((-2, 4)) == (0, 0)
    assert to_offset(grid.normalize((5, -4)) or (99, 99)) == to_offset((3, 0))


def test_R_MAP_1_distance_without_wrap_is_axial() -> None:
    grid = Grid(8, 8)
    assert grid.distance((0, 0), (3, 0)) == 3
    assert grid.distance((0, 0), (-2, 4)) == 4
    assert grid.distance((1, 2), (1, 2)) == 0
    assert axial_distance((0, 0), (2, -1)) == 2


def test_R_MAP_4_distance_wraps_horizontally() -> None:
    grid = Grid(6, 4, Wrap.HORIZONTAL)
    assert grid.distance((0, 0), (5, 0)) == 1
    assert Grid(6, 4).distance((0, 0), (5, 0)) == 5
    # rows do not wrap
    assert grid.distance((0, 0), from_offset(0, 3)) == 3


def test_R_MAP_4_distance_wraps_on_a_torus() -> None:
    grid = Grid(6, 6, Wrap.TORUS)
    top, bottom = from_offset(2, 0), from_offset(2, 5)
    assert grid.distance(top, bottom) == 1
    assert grid.adjacent(top, bottom)
    assert grid.distance(from_offset(0, 0), from_offset(5, 5)) == 1


def test_R_MAP_1_within_and_ring_in_the_interior() -> None:
    grid = Grid(9, 9)
    centre = from_offset(4, 4)
    assert grid.within(centre, 0) == [centre]
    assert grid.within(centre, 1) == sorted([centre, *grid.neighbours(centre)])
    assert len(grid.within(centre, 2)) == 19
    assert len(grid.ring(centre, 2)) == 12
    assert grid.ring(centre, 1) == sorted(grid.neighbours(centre))


def test_R_MAP_1_within_is_clipped_at_the_edge() -> None:
    assert Grid(4, 4).within((0, 0), 1) == [(0, 0), (0, 1), (1, 0)]


def test_R_MAP_4_within_wraps_on_a_torus() -> None:
    grid = Grid(8, 8, Wrap.TORUS)
    area = grid.within((0, 0), 2)
    assert len(area) == 19
    assert all(grid.contains(c) and grid.distance((0, 0), c) <= 2 for c in area)


def test_R_MAP_1_paths_are_adjacent_on_map_steps() -> None:
    grid = Grid(4, 4)
    assert grid.is_path((0, 0), ((1, 0), (2, 0), (1, 1)))
    assert grid.is_path((0, 0), ())
    assert not grid.is_path((0, 0), ((2, 0),))  # a gap
    assert not grid.is_path((0, 0), ((-1, 0),))  # off the map
    assert not grid.is_path((0, 0), ((0, 0),))  # standing still is no step


def test_R_MAP_4_paths_cross_the_wrapped_edge_in_normal_form() -> None:
    grid = Grid(4, 4, Wrap.HORIZONTAL)
    assert grid.is_path((0, 0), ((3, 0), (2, 0)))
    assert not grid.is_path((0, 0), ((-1, 0),))  # steps must be written on-map


@given(
    width=st.integers(3, 9),
    half_height=st.integers(2, 5),
    wrap=st.sampled_from(list(Wrap)),
    data=st.data(),
)
def test_R_MAP_4_adjacency_is_symmetric_and_means_distance_one(
    width: int, half_height: int, wrap: Wrap, data: st.DataObject
) -> None:
    grid = Grid(width, 2 * half_height, wrap)
    tiles = list(grid.coords())
    a = data.draw(st.sampled_from(tiles))
    b = data.draw(st.sampled_from(tiles))
    assert grid.contains(a)
    assert grid.distance(a, b) == grid.distance(b, a)
    assert grid.adjacent(a, b) == grid.adjacent(b, a)
    assert grid.adjacent(a, b) == (grid.distance(a, b) == 1)
    neighbours = grid.neighbours(a)
    assert len(neighbours) == len(set(neighbours))
    if wrap is Wrap.TORUS:
        assert len(neighbours) == 6
    assert set(grid.within(a, 1)) == {a, *neighbours}


def test_R_MAP_1_distances_are_whole_tiles_on_every_wrap() -> None:
    """R-MAP-1 / R-OPT-2: a distance is a number of tiles, an int, also across a torus's seams."""
    from app.rules.hexgrid import Grid, Wrap

    for wrap in Wrap:
        grid = Grid(8, 6, wrap)
        distances = [grid.distance((0, 0), c) for c in grid.coords()]
        assert all(type(d) is int for d in distances), wrap
    torus = Grid(8, 6, Wrap.TORUS)
    assert [torus.distance((0, 0), c) for c in [(5, 5), (0, 3), (7, 0), (-3, 5)]] == [1, 3, 1, 1]
