"""The sea (R-SEA): boarding, sailing, landing, hostile ships at anchor, naval battles."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.hexgrid import Coord
from app.rules.marches import MovementResult, resolve_movement
from app.rules.movement import MovePlan, reachable, validate_move
from app.rules.ruleset import default_ruleset
from app.rules.sea import afloat, own_anchored_coords, own_port_coords
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    CampaignState,
    Event,
    EventKind,
    MapData,
    MoveOrder,
    Ship,
    Terrain,
    TurnOrders,
    Violation,
)
from tests.factories.engine import (
    city,
    make_map,
    make_state,
    player,
    port,
    sea_state,
    ship,
    side,
    soldier,
    treaty,
)

RS = default_ruleset()


def moves(*orders: tuple[int, tuple[Coord, ...]]) -> TurnOrders:
    return TurnOrders(moves={a: MoveOrder(a, path) for a, path in orders})


def line(first: int, last: int) -> tuple[Coord, ...]:
    """The path (first,0) … (last,0) along a one-row map."""
    step = 1 if last >= first else -1
    return tuple((q, 0) for q in range(first, last + step, step))


def everything(state: CampaignState) -> frozenset[Coord]:
    return frozenset(state.map.tiles)


def went(army_id: int, owner: int, *coords: Coord) -> Event:
    return Event(EventKind.ARMY_MOVED, "R-MOVE-3", frozenset({owner}), coords, {"army_id": army_id})


def boarded(army_id: int, ship_id: int, owner: int, land: Coord, sea: Coord) -> Event:
    data = {"army_id": army_id, "ship_id": ship_id}
    return Event(EventKind.EMBARKED, "R-SEA-1", frozenset({owner}), (land, sea), data)


def met(battle: Battle) -> Event:
    players = battle.attacker.players | battle.defender.players
    data = {"battle_id": battle.id, "kind": battle.kind.value}
    return Event(EventKind.ENCOUNTER, "R-MOVE-3", players, (battle.coord,), data)


# -------------------------------------------------------------------------------- boarding


def test_R_SEA_1_an_army_is_afloat_aboard_a_ship_or_on_the_sea() -> None:
    """An army moves by sea when aboard (even in port) or on a sea tile; on land it walks."""
    state = sea_state(
        "P.~~",
        soldier(10, 1, (0, 0), ship_id=60),
        soldier(11, 1, (1, 0)),
        soldier(12, 1, (2, 0), ship_id=61),
        structures=(port(40, 1, (0, 0)),),
        ships=(ship(60, 1, (0, 0), army_id=10), ship(61, 1, (2, 0), army_id=12)),
    )
    assert {a: afloat(state, state.armies[a]) for a in (10, 11, 12)} == {
        10: True,
        11: False,
        12: True,
    }


def test_R_SEA_1_fresh_army_sails_six_sea_tiles_from_its_port() -> None:
    """R-SEA-1: a port gives a fresh ship; a path ending at sea has 2 × 3 = 6 half-steps."""
    state = sea_state("P~~~~~~~", soldier(10, 1, (0, 0)), structures=(port(40, 1, (0, 0)),))
    visible = everything(state)
    assert validate_move(state, moves(), 1, 10, line(1, 6), visible, RS, False) == MovePlan(
        10, line(1, 6), budget=6, cost=6, left=0, at_sea=True
    )
    assert validate_move(state, moves(), 1, 10, line(1, 7), visible, RS, False) == [
        Violation("R-MOVE-1", "The path needs 7 half-steps; the budget is 6.")
    ]
    result = resolve_movement(state, moves((10, line(1, 6))), RS)
    assert result.state == replace(
        state,
        armies={10: replace(state.armies[10], coord=(6, 0), ship_id=500)},
        ships={500: Ship(500, 1, (6, 0), 10)},
        next_id=501,
    )
    assert result.battles == ()
    assert result.events == (boarded(10, 500, 1, (0, 0), (1, 0)), went(10, 1, *line(0, 6)))


def test_R_SEA_1_dark_elves_sail_two_more_from_their_capital_port() -> None:
    """R-SEA-1 / R-CAMP-3: the Dark Elves' capital-port launches ships; +2 sea tiles (8)."""
    capital = city(40, 1, (0, 0), capital=True, also_port=True)
    state = sea_state(
        "c~~~~~~~~~c", soldier(10, 1, (0, 0)), faction="dark_elves", structures=(capital,)
    )
    visible = everything(state)
    assert validate_move(state, moves(), 1, 10, line(1, 8), visible, RS, False) == MovePlan(
        10, line(1, 8), budget=8, cost=8, left=0, at_sea=True
    )
    assert validate_move(state, moves(), 1, 10, line(1, 9), visible, RS, False) == [
        Violation("R-MOVE-1", "The path needs 9 half-steps; the budget is 8.")
    ]
    # Landing on the far coast: 9 sea steps + 1 land step = 11 of 2 × (3 + 1) + 2 = 10.
    assert validate_move(state, moves(), 1, 10, line(1, 10), visible, RS, False) == [
        Violation("R-MOVE-1", "The path needs 11 half-steps; the budget is 10.")
    ]
    result = resolve_movement(state, moves((10, line(1, 8))), RS)
    assert result.state.armies[10] == replace(state.armies[10], coord=(8, 0), ship_id=500)
    assert result.state.ships == {500: Ship(500, 1, (8, 0), 10)}


def test_R_SEA_1_no_port_no_ship_no_sailing() -> None:
    """R-SEA-1: a coast without a port of yours (an ally's port neither) launches nothing."""
    state = replace(
        sea_state("c~~~", soldier(10, 1, (0, 0)), structures=(port(40, 3, (0, 0)),)),
        treaties={1: treaty(1, "alliance", 1, 3)},
    )
    assert validate_move(state, moves(), 1, 10, line(1, 2), everything(state), RS, False) == [
        Violation("R-SEA-1", "Step 1 puts to sea without one of your ports or ships.")
    ]


def test_R_SEA_1_boarding_an_own_anchored_ship_from_any_coast() -> None:
    """R-SEA-1: stepping onto an own ship at anchor takes it; no new ship."""
    state = sea_state(".~~~", soldier(10, 1, (0, 0)), ships=(ship(60, 1, (1, 0)),))
    plan = validate_move(state, moves(), 1, 10, line(1, 3), everything(state), RS, False)
    assert plan == MovePlan(10, line(1, 3), budget=6, cost=3, left=3, at_sea=True)
    result = resolve_movement(state, moves((10, line(1, 3))), RS)
    assert result.state == replace(
        state,
        armies={10: replace(state.armies[10], coord=(3, 0), ship_id=60)},
        ships={60: Ship(60, 1, (3, 0), 10)},
    )
    assert result.events == (boarded(10, 60, 1, (0, 0), (1, 0)), went(10, 1, *line(0, 3)))


def test_R_SEA_1_one_army_per_ship_the_second_halts() -> None:
    """R-SEA-1: two armies step onto the same anchored ship; the lower id takes it."""
    state = sea_state(
        ".~~~", soldier(10, 1, (0, 0)), soldier(11, 1, (0, 0)), ships=(ship(60, 1, (1, 0)),)
    )
    result = resolve_movement(state, moves((10, line(1, 2)), (11, line(1, 2))), RS)
    assert result.state == replace(
        state,
        armies={**state.armies, 10: replace(state.armies[10], coord=(2, 0), ship_id=60)},
        ships={60: Ship(60, 1, (2, 0), 10)},
    )
    assert result.events == (
        Event(
            EventKind.HALTED,
            "R-MOVE-3",
            frozenset({1}),
            ((0, 0),),
            {"army_id": 11, "reason": "sea"},
        ),
        boarded(10, 60, 1, (0, 0), (1, 0)),
        went(10, 1, *line(0, 2)),
    )


def test_R_SEA_2_landing_leaves_the_ship_at_anchor_and_it_can_be_reboarded() -> None:
    """R-SEA-2: the army lands on an adjacent tile; its ship stays anchored on the sea tile."""
    state = sea_state("~~~..", soldier(10, 1, (0, 0), ship_id=60), ships=(ship(60, 1, (0, 0), 10),))
    # 1 + 1 + 2 half-steps, of 2 × 4 for a plain.
    plan = validate_move(state, moves(), 1, 10, line(1, 3), everything(state), RS, False)
    assert plan == MovePlan(10, line(1, 3), budget=8, cost=4, left=4, at_sea=True)
    result = resolve_movement(state, moves((10, line(1, 3))), RS)
    assert result.state == replace(
        state,
        armies={10: replace(state.armies[10], coord=(3, 0), ship_id=None)},
        ships={60: Ship(60, 1, (2, 0), None)},
    )
    assert result.events == (
        Event(
            EventKind.DISEMBARKED,
            "R-SEA-2",
            frozenset({1}),
            ((2, 0), (3, 0)),
            {"army_id": 10, "ship_id": 60},
        ),
        went(10, 1, *line(0, 3)),
    )
    back = resolve_movement(result.state, moves((10, ((2, 0), (1, 0)))), RS)
    assert back.state.armies[10] == replace(state.armies[10], coord=(1, 0), ship_id=60)
    assert back.state.ships == {60: Ship(60, 1, (1, 0), 10)}


def test_R_SEA_1_reachable_aboard_counts_half_steps() -> None:
    """R-SEA-1: from a port, sea tiles up to 6 half-steps, the far coast at 2 per land step."""
    state = sea_state("P~~~c", soldier(10, 1, (0, 0)), structures=(port(40, 1, (0, 0)),))
    # Empire on the coast: 2 × 3; (4,0) costs 1 + 1 + 1 + 2 = 5.
    assert reachable(state, 1, 10, everything(state), RS, False) == {
        (1, 0): 1,
        (2, 0): 2,
        (3, 0): 3,
        (4, 0): 5,
    }


# -------------------------------------------------------------------------- hostile ships


def test_R_SEA_3_sailing_onto_a_hostile_anchored_ship_destroys_it() -> None:
    """R-SEA-3: the hostile ship at anchor is destroyed; an ally's ship is left alone."""
    state = replace(
        sea_state(
            "~~~~",
            soldier(10, 1, (0, 0), ship_id=60),
            ships=(ship(60, 1, (0, 0), 10), ship(70, 2, (2, 0)), ship(80, 3, (1, 0))),
        ),
        treaties={1: treaty(1, "alliance", 1, 3)},
    )
    result = resolve_movement(state, moves((10, line(1, 3))), RS)
    assert result.state == replace(
        state,
        armies={10: replace(state.armies[10], coord=(3, 0))},
        ships={60: Ship(60, 1, (3, 0), 10), 80: Ship(80, 3, (1, 0))},
    )
    assert result.battles == ()
    assert result.events == (
        Event(
            EventKind.SHIP_DESTROYED,
            "R-SEA-3",
            frozenset({1, 2}),
            ((2, 0),),
            {"ship_id": 70, "army_id": 10},
        ),
        went(10, 1, *line(0, 3)),
    )


def test_R_SEA_3_hostile_armies_meeting_at_sea_fight_a_naval_battle() -> None:
    """R-SEA-3 / R-MOVE-3: both fleets enter (2,0); both stop before it; ships stay aboard."""
    state = sea_state(
        "~~~~~",
        soldier(10, 1, (0, 0), ship_id=60),
        soldier(20, 2, (4, 0), ship_id=70),
        ships=(ship(60, 1, (0, 0), 10), ship(70, 2, (4, 0), 20)),
    )
    result = resolve_movement(state, moves((10, line(1, 2)), (20, line(3, 2))), RS)
    battle = Battle(500, 1, (2, 0), BattleKind.NAVAL, side({1}, (10,), 10), side({2}, (20,), 20))
    assert result.state == replace(
        state,
        armies={
            10: replace(state.armies[10], coord=(1, 0)),
            20: replace(state.armies[20], coord=(3, 0)),
        },
        ships={60: Ship(60, 1, (1, 0), 10), 70: Ship(70, 2, (3, 0), 20)},
        battles={500: battle},
        next_id=501,
    )
    assert result.events == (went(10, 1, (0, 0), (1, 0)), went(20, 2, (4, 0), (3, 0)), met(battle))


def test_R_SEA_3_naval_swap_is_fought_where_the_attacker_stands() -> None:
    """R-SEA-3 / R-MOVE-3: two fleets swapping sea tiles: a naval battle, nobody moves."""
    state = sea_state(
        "~~~~",
        soldier(10, 1, (1, 0), ship_id=60),
        soldier(20, 2, (2, 0), ship_id=70),
        ships=(ship(60, 1, (1, 0), 10), ship(70, 2, (2, 0), 20)),
    )
    result = resolve_movement(state, moves((10, line(2, 3)), (20, line(1, 0))), RS)
    battle = Battle(500, 1, (1, 0), BattleKind.NAVAL, side({1}, (10,), 10), side({2}, (20,), 20))
    assert result.state == replace(state, battles={500: battle}, next_id=501)
    assert result.events == (met(battle),)


def test_R_SEA_1_army_bounced_back_to_port_gets_no_ship() -> None:
    """R-SEA-1 / R-MOVE-3: sailing into a hostile fleet: stops on the port, no ship is made."""
    state = sea_state(
        "P~~",
        soldier(10, 1, (0, 0)),
        soldier(20, 2, (1, 0), ship_id=70),
        structures=(port(40, 1, (0, 0)),),
        ships=(ship(70, 2, (1, 0), 20),),
    )
    result = resolve_movement(state, moves((10, line(1, 2))), RS)
    battle = Battle(500, 1, (1, 0), BattleKind.NAVAL, side({1}, (10,), 10), side({2}, (20,), 20))
    assert result == MovementResult(
        replace(state, battles={500: battle}, next_id=501), (battle,), (met(battle),)
    )


# ----------------------------------------------------------------------------- properties

TERRAINS = st.sampled_from([".", ".", "f", "c", "~", "~", "m"])


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[CampaignState, TurnOrders]:
    """A small random map with ports, ships and armies, and random walks as orders."""
    width, height = draw(st.integers(3, 7)), draw(st.integers(1, 4))
    rows = ["".join(draw(TERRAINS) for _ in range(width)) for _ in range(height)]
    board = make_map(rows)
    coords = sorted(board.tiles)
    land = [c for c in coords if board.tiles[c].terrain is not Terrain.SEA]
    factions = ["empire", "dark_elves", "orcs_goblins"]
    players = [player(p, factions[p - 1]) for p in (1, 2, 3)]
    structures = (
        [
            port(40 + i, draw(st.integers(1, 3)), c)
            for i, c in enumerate(draw(st.lists(st.sampled_from(land), unique=True, max_size=3)))
        ]
        if land
        else []
    )
    armies: list[Army] = []
    ships: list[Ship] = []
    for i, c in enumerate(draw(st.lists(st.sampled_from(coords), max_size=6))):
        owner = draw(st.integers(1, 3))
        aboard = board.tiles[c].terrain is Terrain.SEA
        armies.append(soldier(10 + i, owner, c, ship_id=60 + i if aboard else None))
        if aboard:
            ships.append(ship(60 + i, owner, c, 10 + i))
    for i, c in enumerate(draw(st.lists(st.sampled_from(coords), max_size=3))):
        if board.tiles[c].terrain is Terrain.SEA:
            ships.append(ship(80 + i, draw(st.integers(1, 3)), c))
    pacts = [treaty(1, "pact", 1, 2)] if draw(st.booleans()) else []
    state = make_state(board, players, structures, armies, ships=ships, treaties=pacts, next_id=500)
    orders: dict[int, MoveOrder] = {}
    for a in armies:
        here, path = a.coord, []
        for direction in draw(st.lists(st.integers(0, 5), max_size=8)):
            neighbours = board.grid.neighbours(here)
            if neighbours:
                here = neighbours[direction % len(neighbours)]
                path.append(here)
        if path:
            orders[a.id] = MoveOrder(a.id, tuple(path))
    used = draw(st.frozensets(st.integers(1, 3)))
    return state, TurnOrders(moves=orders, faction_actions=used)


def _aboard_consistent(state: CampaignState) -> None:
    for a in state.armies.values():
        at_sea = state.map.tiles[a.coord].terrain is Terrain.SEA
        if at_sea:
            assert a.ship_id is not None, f"army {a.id} at sea without a ship"
            assert state.ships[a.ship_id] == Ship(a.ship_id, a.owner, a.coord, a.id)
        else:
            assert a.ship_id is None, f"army {a.id} on land still aboard"
    carried = [s.army_id for s in state.ships.values() if s.army_id is not None]
    assert len(carried) == len(set(carried))
    assert all(state.armies[a].ship_id is not None for a in carried)


@settings(max_examples=300, deadline=None)
@given(scenarios())
def test_R_SEA_2_property_no_army_at_sea_without_ship_and_deterministic(
    scenario: tuple[CampaignState, TurnOrders],
) -> None:
    """R-SEA-2 / R-MOVE-3: random orders never strand an army at sea; same input, same output."""
    state, orders = scenario
    _aboard_consistent(state)
    first = resolve_movement(state, orders, RS)
    second = resolve_movement(state, orders, RS)
    assert first == second
    assert repr(first) == repr(second)
    _aboard_consistent(first.state)
    ids = [b.id for b in first.battles]
    assert ids == sorted(set(ids))
    assert all(i >= state.next_id for i in ids)
    assert first.state.next_id > max([state.next_id - 1, *ids, *first.state.ships])
    for b in first.battles:
        assert not set(b.attacker.army_ids) & set(b.defender.army_ids)
        assert b.attacker.players.isdisjoint(b.defender.players)


# ---------------------------------------------------------------------------- performance


def _big_state(seed: int) -> tuple[CampaignState, TurnOrders]:
    rng = random.Random(seed)  # noqa: S311 - a seeded benchmark map, not cryptography
    rows = ["".join(rng.choice("..f.mwd") for _ in range(64)) for _ in range(64)]
    board: MapData = make_map(rows)
    coords = sorted(board.tiles)
    factions = sorted({f.key for f in RS.factions})
    players = [player(p, factions[p - 1]) for p in range(1, 18)]
    armies = [soldier(100 + i, 1 + i % 17, rng.choice(coords)) for i in range(170)]
    orders: dict[int, MoveOrder] = {}
    for a in armies:
        here, path = a.coord, []
        for _ in range(4):
            here = rng.choice(board.grid.neighbours(here))
            path.append(here)
        orders[a.id] = MoveOrder(a.id, tuple(path))
    return make_state(board, players, armies=armies), TurnOrders(moves=orders)


def test_R_MOVE_3_170_armies_on_64x64_resolve_deterministically() -> None:
    """R-MOVE-3: 170 armies, 4 steps each, 17 players on a 64×64 map; same input, same result.

    Its speed is measured by scripts/bench_resolve, not asserted here.
    """
    state, orders = _big_state(7)
    result = resolve_movement(state, orders, RS)
    assert result == resolve_movement(state, orders, RS)
    assert len(result.state.armies) == len(state.armies)


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
