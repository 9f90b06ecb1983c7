"""The sea (R-SEA-1, R-SEA-2): ports, own ships at anchor and the reach aboard, scenarios that
mutation testing found untested (docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

from app.rules.movement import reachable
from app.rules.sea import afloat, own_anchored_coords, own_port_coords
from tests.rules.builders import city, port, ship
from tests.rules.test_sea import RS, everything, sea_state, soldier


def test_R_SEA_1_ports_are_own_ports_and_own_capital_ports_only() -> None:
    """R-SEA-1: a city launches ships only if it is also a port; another player's port never."""
    state = sea_state(
        "P~c~c~P~",
        soldier(10, 1, (2, 0)),
        structures=(
            port(40, 1, (0, 0)),
            city(41, 1, (2, 0)),
            city(42, 1, (4, 0), capital=True, also_port=True),
            port(43, 2, (6, 0)),
        ),
    )
    assert own_port_coords(state, 1) == frozenset({(0, 0), (4, 0)})
    assert own_port_coords(state, 2) == frozenset({(6, 0)})
    assert own_port_coords(state, 3) == frozenset()


def test_R_SEA_1_a_city_that_is_no_port_launches_nothing() -> None:
    """R-SEA-1: from an own city that is not a port, only land is in reach."""
    state = sea_state(".c~~~", soldier(10, 1, (1, 0)), structures=(city(41, 1, (1, 0)),))
    assert reachable(state, 1, 10, everything(state), RS, False) == {(0, 0): 1}


def test_R_SEA_2_own_ships_at_anchor_are_the_empty_ones_of_that_player() -> None:
    state = sea_state(
        ".~~~~",
        soldier(10, 1, (2, 0), ship_id=61),
        ships=(ship(60, 1, (1, 0)), ship(61, 1, (2, 0), army_id=10), ship(62, 2, (3, 0))),
    )
    assert own_anchored_coords(state, 1) == frozenset({(1, 0)})
    assert own_anchored_coords(state, 2) == frozenset({(3, 0)})


def test_R_SEA_1_an_own_ship_at_anchor_takes_the_army_aboard_from_any_coast() -> None:
    """R-SEA-1 / R-SEA-2: next to its own empty ship the army reaches the sea in half-steps;
    next to another player's ship, or with no ship, it stays on land."""
    own = sea_state(".~~~", soldier(10, 1, (0, 0)), ships=(ship(60, 1, (1, 0)),))
    assert reachable(own, 1, 10, everything(own), RS, False) == {(1, 0): 1, (2, 0): 2, (3, 0): 3}
    theirs = sea_state("..~~", soldier(10, 1, (1, 0)), ships=(ship(60, 2, (2, 0)),))
    assert reachable(theirs, 1, 10, everything(theirs), RS, False) == {(0, 0): 1}
    none = sea_state("..~~", soldier(10, 1, (1, 0)))
    assert reachable(none, 1, 10, everything(none), RS, False) == {(0, 0): 1}


def test_R_SEA_1_reach_aboard_up_to_the_budget_of_the_tile_where_the_path_ends() -> None:
    """R-SEA-1: Empire, 2 × 3 = 6 half-steps for a path ending at sea, 2 × 4 = 8 ending on a
    plain (+1), 6 on a forest: the sixth sea tile and a plain at 8 are in reach, a forest at 8
    is not."""
    long = sea_state("P~~~~~~.", soldier(10, 1, (0, 0)), structures=(port(40, 1, (0, 0)),))
    assert reachable(long, 1, 10, everything(long), RS, False) == {
        (1, 0): 1,
        (2, 0): 2,
        (3, 0): 3,
        (4, 0): 4,
        (5, 0): 5,
        (6, 0): 6,
        (7, 0): 8,
    }
    short = sea_state("P~~~.f", soldier(10, 1, (0, 0)), structures=(port(40, 1, (0, 0)),))
    assert reachable(short, 1, 10, everything(short), RS, False) == {
        (1, 0): 1,
        (2, 0): 2,
        (3, 0): 3,
        (4, 0): 5,
    }


def test_R_SEA_1_an_army_on_a_sea_tile_is_afloat_even_without_its_ship() -> None:
    """R-SEA-1: standing on the sea, with or without a ship recorded, the army moves by sea."""
    state = sea_state(".~~", soldier(10, 1, (1, 0)), soldier(11, 1, (0, 0)))
    assert [afloat(state, state.armies[a]) for a in (10, 11)] == [True, False]


def test_R_OPT_5_a_storm_beside_the_shore_leaves_the_land_out() -> None:
    """R-OPT-5: the storm on (1,1) covers its sea neighbours; (0,2) is land and stays out."""
    from app.rules import storms
    from app.rules.state import Storm
    from tests.rules.builders import make_state, player
    from tests.rules.test_storms import ON, SEA

    state = make_state(SEA, [player(1)], options=ON)
    assert (0, 2) in SEA.grid.neighbours((1, 1))
    assert storms.storm_at(state, (1, 1)) == Storm(
        (1, 1), ((1, 1), (0, 1), (1, 0), (1, 2), (2, 0), (2, 1))
    )
