"""R-MOVE-1 / R-SEA-1: every tile `reachable` lists comes with a path (`reachable_routes`) that a
move order may give as it is: `validate_move` accepts it, at exactly the listed cost."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.rules.hexgrid import Coord
from app.rules.movement import MovePlan, reachable, reachable_routes, validate_move
from app.rules.ruleset import default_ruleset
from app.rules.state import CampaignState, TurnOrders
from tests.factories.engine import outpost, plain_state, port, sea_state, ship, soldier, treaty

RS = default_ruleset()


def _land_and_port() -> CampaignState:
    state = sea_state("f..P~~.~", soldier(10, 1, (3, 0)))
    return replace(state, structures={40: port(40, 1, (3, 0))})


def _unknown_and_pact() -> tuple[CampaignState, frozenset[Coord]]:
    state = replace(
        plain_state([".....f.", "......."], soldier(10, 1, (0, 0))),
        structures={40: outpost(40, 2, (0, 1))},
        treaties={1: treaty(1, "pact", 1, 2)},
    )
    return state, frozenset({(0, 0), (1, 0), (0, 1), (2, 0), (3, 0), (4, 0), (5, 0)})


def _cases() -> list[tuple[str, CampaignState, frozenset[Coord]]]:
    aboard = sea_state(
        "~~~..", soldier(10, 1, (0, 0), ship_id=60), ships=(ship(60, 1, (0, 0), 10),)
    )
    anchored = sea_state(".~~~c.", soldier(10, 1, (0, 0)), ships=(ship(60, 1, (1, 0)),))
    from_port = sea_state("P~~~c", soldier(10, 1, (0, 0)), structures=(port(40, 1, (0, 0)),))
    land = _land_and_port()
    fogged, sight = _unknown_and_pact()
    everything = [
        (name, s, frozenset(s.map.tiles))
        for name, s in (
            ("land and a port", land),
            ("aboard at sea", aboard),
            ("an anchored ship", anchored),
            ("from a port", from_port),
        )
    ]
    return [*everything, ("unknown tiles and a pact", fogged, sight)]


@pytest.mark.parametrize(("name", "state", "sight"), _cases(), ids=lambda v: str(v)[:30])
def test_R_MOVE_1_every_reachable_tile_has_a_path_the_move_order_accepts(
    name: str, state: CampaignState, sight: frozenset[Coord]
) -> None:
    routes = reachable_routes(state, 1, 10, sight, RS, False)
    assert routes, name
    assert {c: cost for c, (cost, _) in routes.items()} == reachable(state, 1, 10, sight, RS, False)
    for coord, (cost, path) in routes.items():
        assert path[-1] == coord, (name, coord, path)
        plan = validate_move(state, TurnOrders(), 1, 10, path, sight, RS, False)
        assert isinstance(plan, MovePlan), (name, coord, path, plan)
        assert plan.cost == cost, (name, coord, path, plan)


def test_R_MOVE_2_no_route_for_a_foreign_army() -> None:
    state = _land_and_port()
    assert reachable_routes(state, 2, 10, frozenset(state.map.tiles), RS, False) == {}
