"""Movement (R-MOVE): budgets, move orders, reachable tiles and resolution on land, DATC style."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.rules.hexgrid import Coord
from app.rules.marches import resolve_movement
from app.rules.movement import (
    MovePlan,
    land_budget,
    reachable,
    sea_budget,
    uses_waaagh,
    validate_move,
)
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BuildKind,
    BuildOrder,
    CampaignState,
    Event,
    EventKind,
    MoveOrder,
    Options,
    Season,
    SeenTile,
    Siege,
    Terrain,
    Tile,
    TurnOrders,
    Violation,
    season_of,
)
from tests.factories.engine import (
    army,
    city,
    make_map,
    make_state,
    outpost,
    plain_state,
    player,
    port,
    ship,
    side,
    soldier,
    treaty,
)

RS = default_ruleset()

# R-FAC terrain table, transcribed from RULES.md independently of ruleset.py.
TERRAIN_TABLE: dict[str, dict[str, int]] = {
    "empire": {"plain": 1},
    "bretonnia": {"plain": 1},
    "high_elves": {"marsh": -1, "coast": 1},
    "wood_elves": {"forest": 1},
    "dwarfs": {"mountain": 1},
    "orcs_goblins": {"plain": 1, "forest": -1},
    "warriors_of_chaos": {"marsh": 1},
    "daemons": {"marsh": 1},
    "beastmen": {"forest": 1, "mountain": -1, "marsh": 1},
    "vampire_counts": {"marsh": 1},
    "tomb_kings": {"plain": 1, "forest": -1, "mountain": -1, "desert": 1},
    "chaos_dwarfs": {"mountain": 1},
    "dark_elves": {"forest": -1, "marsh": 1, "coast": 1},
    "lizardmen": {"forest": 1, "desert": 1, "coast": 1},
    "skaven": {"mountain": 1},
    "ogre_kingdoms": {"mountain": 1},
    "grand_cathay": {"plain": 1},
}
SEA_BONUS = {"dark_elves": 2}


def moves(
    *orders: tuple[int, tuple[Coord, ...]], actions: frozenset[int] = frozenset()
) -> TurnOrders:
    return TurnOrders(moves={a: MoveOrder(a, path) for a, path in orders}, faction_actions=actions)


def line(n: int) -> tuple[Coord, ...]:
    """The path (1,0) … (n,0) along a one-row map."""
    return tuple((q, 0) for q in range(1, n + 1))


def everything(state: CampaignState) -> frozenset[Coord]:
    return frozenset(state.map.tiles)


def moved(state: CampaignState, **coords: Coord) -> dict[int, Army]:
    """The state's armies with the given ones (`a10=(1, 0)`) moved."""
    out = dict(state.armies)
    for key, coord in coords.items():
        out[int(key[1:])] = replace(out[int(key[1:])], coord=coord)
    return out


def went(army_id: int, owner: int, *coords: Coord) -> Event:
    return Event(EventKind.ARMY_MOVED, "R-MOVE-3", frozenset({owner}), coords, {"army_id": army_id})


def met(battle: Battle) -> Event:
    players = battle.attacker.players | battle.defender.players
    data = {"battle_id": battle.id, "kind": battle.kind.value}
    return Event(EventKind.ENCOUNTER, "R-MOVE-3", players, (battle.coord,), data)


# ------------------------------------------------------------------------------- budgets


def _budget_state(faction: str, turn: int = 1, seasons: bool = False) -> CampaignState:
    return make_state(make_map(["."]), [player(1, faction)], turn=turn, options=Options(seasons))


@pytest.mark.parametrize("faction", sorted(TERRAIN_TABLE))
@pytest.mark.parametrize("terrain", list(Terrain))
def test_R_MOVE_1_budget_for_every_faction_and_terrain(faction: str, terrain: Terrain) -> None:
    """R-MOVE-1 / R-FAC / R-SEA-1: 3 + the table's modifier; oasis, city, port, sea neutral."""
    state = _budget_state(faction)
    tile = Tile((0, 0), terrain)
    modifier = TERRAIN_TABLE[faction].get(terrain.value, 0)
    assert land_budget(state, 1, tile, RS, waaagh=False) == 3 + modifier
    assert sea_budget(state, 1, tile, RS) == 2 * (3 + modifier) + SEA_BONUS.get(faction, 0)


def test_R_MOVE_1_modifier_clamped_to_minus_one_plus_one() -> None:
    """R-MOVE-1: a house-rule modifier of ±3 still gives 2 to 4 tiles."""
    empire = replace(RS.faction("empire"), terrain_modifiers={"plain": 3, "forest": -3})
    ruleset = replace(RS, factions=(empire,))
    state = _budget_state("empire")
    budgets = [
        land_budget(state, 1, Tile((0, 0), t), ruleset, waaagh=False)
        for t in (Terrain.PLAIN, Terrain.FOREST, Terrain.MARSH)
    ]
    assert budgets == [4, 2, 3]


def test_R_OPT_1_winter_takes_one_more_tile_inside_the_clamp() -> None:
    """R-OPT-1: in winter −1 inside [−1, +1] on land; a path ending at sea is not a land move."""
    winter = _budget_state("tomb_kings", turn=4, seasons=True)
    autumn = _budget_state("tomb_kings", turn=3, seasons=True)
    no_seasons = _budget_state("tomb_kings", turn=4, seasons=False)
    terrains = (Terrain.PLAIN, Terrain.FOREST, Terrain.OASIS, Terrain.SEA)
    assert [land_budget(winter, 1, Tile((0, 0), t), RS, False) for t in terrains] == [3, 2, 2, 3]
    assert [land_budget(autumn, 1, Tile((0, 0), t), RS, False) for t in terrains] == [4, 2, 3, 3]
    assert [land_budget(no_seasons, 1, Tile((0, 0), t), RS, False) for t in terrains] == [
        4,
        2,
        3,
        3,
    ]
    assert sea_budget(winter, 1, Tile((0, 0), Terrain.SEA), RS) == 6


def test_R_FAC_waaagh_adds_two_and_ignores_penalties_but_not_winter_nor_at_sea() -> None:
    """R-FAC WAAAGH!: 3 + max(0, modifier) + 2, the modifier counting winter (R-MOVE-1,
    R-OPT-1): plain +1 − 1 = 0 in winter; sea budgets unaffected."""
    summer = _budget_state("orcs_goblins", turn=2, seasons=True)
    winter = _budget_state("orcs_goblins", turn=4, seasons=True)
    plain, forest, sea = (Tile((0, 0), t) for t in (Terrain.PLAIN, Terrain.FOREST, Terrain.SEA))
    assert [land_budget(summer, 1, t, RS, waaagh=True) for t in (plain, forest, sea)] == [6, 5, 5]
    assert [land_budget(winter, 1, t, RS, waaagh=True) for t in (plain, forest, sea)] == [5, 5, 5]
    assert [land_budget(winter, 1, t, RS, waaagh=False) for t in (plain, forest, sea)] == [3, 2, 3]
    assert sea_budget(summer, 1, plain, RS) == 8
    # Only a faction whose action moves armies gets it (Empire's action is Call to Arms).
    empire = replace(summer, players={1: player(1, "empire")})
    assert land_budget(empire, 1, plain, RS, waaagh=True) == 4


def test_R_FAC_uses_waaagh_only_when_the_action_was_used_this_turn() -> None:
    """R-FAC: the resolver asks whether the orcs used WAAAGH! this turn."""
    state = make_state(make_map(["."]), [player(1, "orcs_goblins"), player(2, "empire")])
    used = moves(actions=frozenset({1, 2}))
    assert [uses_waaagh(state, used, p, RS) for p in (1, 2)] == [True, False]
    assert uses_waaagh(state, moves(), 1, RS) is False


# --------------------------------------------------------------------------- move orders


def test_R_MOVE_1_accepted_plan_reports_budget_cost_and_left() -> None:
    """R-MOVE-1: Empire ending on a plain has 4 tiles."""
    state = plain_state(["......"], soldier(10, 1, (0, 0)))
    plan = validate_move(state, moves(), 1, 10, line(3), everything(state), RS, False)
    assert plan == MovePlan(10, line(3), budget=4, cost=3, left=1, at_sea=False)


def test_R_MOVE_1_path_too_long_is_refused() -> None:
    """R-MOVE-1: 5 tiles against a budget of 4."""
    state = plain_state(["......"], soldier(10, 1, (0, 0)))
    result = validate_move(state, moves(), 1, 10, line(5), everything(state), RS, False)
    assert result == [Violation("R-MOVE-1", "The path needs 5 tiles; the budget is 4.")]


def test_R_MOVE_1_budget_comes_from_the_last_tile_not_the_path() -> None:
    """R-MOVE-1: Empire crossing forest to end on plain has 4; ending on the forest, 3."""
    state = plain_state([".ff.f."], soldier(10, 1, (0, 0)))
    on_plain = validate_move(state, moves(), 1, 10, line(3), everything(state), RS, False)
    on_forest = validate_move(state, moves(), 1, 10, line(4), everything(state), RS, False)
    assert on_plain == MovePlan(10, line(3), 4, 3, 1, False)
    assert on_forest == [Violation("R-MOVE-1", "The path needs 4 tiles; the budget is 3.")]


def test_R_MOVE_1_steps_must_be_adjacent_and_on_the_map() -> None:
    """R-MOVE-1: a path of adjacent tiles from the army's tile; nothing else."""
    state = plain_state(["......"], soldier(10, 1, (0, 0)))
    visible = everything(state)
    jump = validate_move(state, moves(), 1, 10, ((1, 0), (3, 0)), visible, RS, False)
    off_map = validate_move(state, moves(), 1, 10, ((-1, 0),), visible, RS, False)
    own_tile = validate_move(state, moves(), 1, 10, ((0, 0), (1, 0)), visible, RS, False)
    empty = validate_move(state, moves(), 1, 10, (), visible, RS, False)
    assert jump == [Violation("R-MOVE-1", "Step 2 is not next to the tile before it.")]
    assert off_map == [Violation("R-MOVE-1", "Step 1 is not next to the tile before it.")]
    assert own_tile == [Violation("R-MOVE-1", "Step 1 is not next to the tile before it.")]
    assert empty == [Violation("R-MOVE-1", "A move order needs at least one step.")]


def test_R_MOVE_1_unknown_last_tile_accepts_the_largest_budget() -> None:
    """R-MOVE-1: an unexplored last tile takes the faction's best budget (Empire: 4)."""
    state = plain_state(["....f."], soldier(10, 1, (0, 0)))
    sight = frozenset({(0, 0), (1, 0)})
    plan = validate_move(state, moves(), 1, 10, line(4), sight, RS, False)
    too_long = validate_move(state, moves(), 1, 10, line(5), sight, RS, False)
    assert plan == MovePlan(10, line(4), budget=4, cost=4, left=0, at_sea=False)
    assert too_long == [Violation("R-MOVE-1", "The path needs 5 tiles; the budget is 4.")]


def test_R_FOG_1_explored_last_tile_terrain_is_known() -> None:
    """R-FOG-1 / R-MOVE-1: an explored (not visible) forest is known to be a forest."""
    state = plain_state(["....f."], soldier(10, 1, (0, 0)))
    seen = {(4, 0): SeenTile(turn=1, owner=None, structure=None)}
    state = replace(state, players={**state.players, 1: replace(state.players[1], explored=seen)})
    result = validate_move(state, moves(), 1, 10, line(4), frozenset({(0, 0)}), RS, False)
    assert result == [Violation("R-MOVE-1", "The path needs 4 tiles; the budget is 3.")]


def test_R_FAC_waaagh_order_may_go_six_tiles() -> None:
    """R-FAC: orcs under WAAAGH! ending on a plain: 3 + 1 + 2."""
    state = plain_state(
        [
            ".......",
        ],
        soldier(10, 1, (0, 0)),
        faction="orcs_goblins",
    )
    plan = validate_move(state, moves(), 1, 10, line(6), everything(state), RS, True)
    assert plan == MovePlan(10, line(6), budget=6, cost=6, left=0, at_sea=False)


def test_R_MOVE_2_army_refusals() -> None:
    """R-MOVE-2 / R-ARMY-6 / R-BUILD-5: someone else's army, no general, battle, busy building."""
    locked = soldier(11, 1, (0, 0))
    battle = Battle(90, 1, (1, 0), BattleKind.FIELD, side({1}, (11,), 11), side({2}, (20,), 20))
    state = replace(
        plain_state(
            ["......"],
            soldier(10, 1, (0, 0)),
            locked,
            army(12, 1, (0, 0)),
            soldier(20, 2, (1, 0)),
        ),
        battles={90: battle},
    )
    visible = everything(state)
    building = TurnOrders(builds=(BuildOrder(7, 1, BuildKind.FOUND_CITY, (0, 0), 10, 10),))
    assert validate_move(state, moves(), 1, 20, line(1), visible, RS, False) == [
        Violation("R-MOVE-2", "You have no such army.")
    ]
    assert validate_move(state, moves(), 1, 99, line(1), visible, RS, False) == [
        Violation("R-MOVE-2", "You have no such army.")
    ]
    assert validate_move(state, moves(), 1, 12, line(1), visible, RS, False) == [
        Violation("R-ARMY-6", "An army without a general cannot move.")
    ]
    assert validate_move(state, moves(), 1, 11, line(1), visible, RS, False) == [
        Violation("R-MOVE-2", "This army is locked in a pending battle.")
    ]
    assert validate_move(state, building, 1, 10, line(1), visible, RS, False) == [
        Violation("R-BUILD-5", "This army is founding a city or building a port this turn.")
    ]
    outposting = TurnOrders(builds=(BuildOrder(7, 1, BuildKind.OUTPOST, (1, 0), 10, 3),))
    assert validate_move(state, outposting, 1, 10, line(1), visible, RS, False) == MovePlan(
        10, line(1), 4, 1, 3, False
    )


def test_R_MOVE_4_visible_pact_partner_tile_is_refused_but_an_ally_is_free() -> None:
    """R-MOVE-4: into a pact partner's tile refused if visible; an ally's territory is free."""
    state = replace(
        plain_state(["......"], soldier(10, 1, (0, 0))),
        structures={40: outpost(40, 2, (2, 0)), 41: outpost(41, 3, (1, 0))},
        treaties={1: treaty(1, "pact", 1, 2), 2: treaty(2, "alliance", 1, 3)},
    )
    refused = validate_move(state, moves(), 1, 10, line(3), everything(state), RS, False)
    unseen = validate_move(state, moves(), 1, 10, line(3), frozenset({(0, 0)}), RS, False)
    through_ally = validate_move(state, moves(), 1, 10, line(1), everything(state), RS, False)
    assert refused == [Violation("R-MOVE-4", "Step 2 enters a pact partner's territory.")]
    assert unseen == MovePlan(10, line(3), 4, 3, 1, False)
    assert through_ally == MovePlan(10, line(1), 4, 1, 3, False)


def test_R_MOVE_3_visible_sea_without_port_or_ship_is_refused_unknown_sea_accepted() -> None:
    """R-SEA-1 / R-MOVE-3: a known sea tile needs a way aboard; an unknown one is found later."""
    state = plain_state(["..~.."], soldier(10, 1, (0, 0)))
    refused = validate_move(state, moves(), 1, 10, line(3), everything(state), RS, False)
    unknown = validate_move(state, moves(), 1, 10, line(3), frozenset({(0, 0), (1, 0)}), RS, False)
    assert refused == [
        Violation("R-SEA-1", "Step 2 puts to sea without one of your ports or ships.")
    ]
    assert unknown == MovePlan(10, line(3), 4, 3, 1, False)


# ------------------------------------------------------------------------------ reachable


def test_R_MOVE_1_reachable_tiles_on_land_and_aboard() -> None:
    """R-MOVE-1 / R-SEA-1: tiles in steps over land, half-steps for those reached by ship."""
    state = replace(
        plain_state(["f..P~~.~"], soldier(10, 1, (3, 0))),
        structures={40: port(40, 1, (3, 0))},
    )
    found = reachable(state, 1, 10, everything(state), RS, False)
    # Land: forest (0,0) is 3 tiles, Empire's forest budget is 3. Aboard: (6,0) costs
    # 1 + 1 + 2 = 4 half-steps of 8; (7,0) is sea again but the ship was left at (5,0).
    assert found == {(0, 0): 3, (1, 0): 2, (2, 0): 1, (4, 0): 1, (5, 0): 2, (6, 0): 4}


def test_R_MOVE_1_reachable_with_unknown_tiles_pacts_and_budget_by_destination() -> None:
    """R-MOVE-1 / R-MOVE-4: unknown tiles get the best budget; visible pact tiles are out."""
    state = replace(
        plain_state([".....f.", "......."], soldier(10, 1, (0, 0))),
        structures={40: outpost(40, 2, (0, 1))},
        treaties={1: treaty(1, "pact", 1, 2)},
    )
    sight = frozenset({(0, 0), (1, 0), (0, 1), (2, 0), (3, 0), (4, 0), (5, 0)})
    found = reachable(state, 1, 10, sight, RS, False)
    # Row 1 (odd, shifted right) holds (c, 1); (0,1) is the partner's outpost. Unknown row-1
    # tiles get the best budget (4). The forest (5,0) is 5 tiles away with a budget of 3: out.
    assert found == {
        (1, 0): 1,
        (2, 0): 2,
        (3, 0): 3,
        (4, 0): 4,
        (1, 1): 2,
        (2, 1): 3,
        (3, 1): 4,
    }


def test_R_MOVE_2_reachable_is_empty_for_a_locked_or_foreign_army() -> None:
    """R-MOVE-2 / R-ARMY-6: nothing to reach without a general or for someone else's army."""
    state = plain_state(["..."], army(12, 1, (0, 0)), soldier(20, 2, (2, 0)))
    assert reachable(state, 1, 12, everything(state), RS, False) == {}
    assert reachable(state, 1, 20, everything(state), RS, False) == {}


# ------------------------------------------------------------------------- resolution


def test_R_MOVE_1_path_cut_at_resolution_by_the_real_last_tile() -> None:
    """R-MOVE-1: ordered blind onto a forest, the path is cut after 3 steps (summary says so)."""
    state = plain_state(["....f."], soldier(10, 1, (0, 0)))
    result = resolve_movement(state, moves((10, line(4))), RS)
    assert result.state == replace(state, armies=moved(state, a10=(3, 0)))
    assert result.battles == ()
    assert result.events == (
        Event(
            EventKind.PATH_CUT,
            "R-MOVE-1",
            frozenset({1}),
            (),
            {"army_id": 10, "ordered": 4, "kept": 3},
        ),
        went(10, 1, (0, 0), (1, 0), (2, 0), (3, 0)),
    )


def test_R_FAC_waaagh_at_resolution_walks_six_tiles() -> None:
    """R-FAC: orcs who used WAAAGH! this turn walk 6 tiles; without it the path is cut to 4."""
    state = plain_state(["......."], soldier(10, 1, (0, 0)), faction="orcs_goblins")
    waaagh = resolve_movement(state, moves((10, line(6)), actions=frozenset({1})), RS)
    plain = resolve_movement(state, moves((10, line(6))), RS)
    assert waaagh.state.armies[10].coord == (6, 0)
    assert waaagh.events == (went(10, 1, *((q, 0) for q in range(7))),)
    assert plain.state.armies[10].coord == (4, 0)
    assert [e.kind for e in plain.events] == ["path_cut", "army_moved"]


def test_R_OPT_1_waaagh_in_winter_counts_the_season_at_resolution() -> None:
    """R-OPT-1 / R-FAC: in winter a WAAAGH! path of 6 plain tiles is cut to 5 (3 + max(0, +1 − 1)
    + 2); in summer it walks all 6."""
    winter = replace(
        plain_state(["......."], soldier(10, 1, (0, 0)), faction="orcs_goblins"),
        turn=4,
        options=Options(seasons=True),
    )
    summer = replace(winter, turn=2)
    orders = moves((10, line(6)), actions=frozenset({1}))
    cut = resolve_movement(winter, orders, RS)
    walked = resolve_movement(summer, orders, RS)
    assert cut.state.armies[10].coord == (5, 0)
    assert cut.events == (
        Event(
            EventKind.PATH_CUT,
            "R-MOVE-1",
            frozenset({1}),
            (),
            {"army_id": 10, "ordered": 6, "kept": 5},
        ),
        went(10, 1, *((q, 0) for q in range(6))),
    )
    assert walked.state.armies[10].coord == (6, 0)
    assert walked.events == (went(10, 1, *((q, 0) for q in range(7))),)


def test_R_MOVE_3_same_tile_meeting_both_stop_before_it() -> None:
    """R-MOVE-3 / R-BAT-2: both enter (2,0) at tick 2; both stop before; lower leader attacks."""
    state = plain_state(["......"], soldier(10, 1, (0, 0)), soldier(20, 2, (4, 0)))
    result = resolve_movement(state, moves((10, line(3)), (20, ((3, 0), (2, 0), (1, 0)))), RS)
    battle = Battle(500, 1, (2, 0), BattleKind.FIELD, side({1}, (10,), 10), side({2}, (20,), 20))
    assert result.battles == (battle,)
    assert result.state == replace(
        state,
        armies=moved(state, a10=(1, 0), a20=(3, 0)),
        battles={500: battle},
        next_id=501,
    )
    assert result.events == (
        went(10, 1, (0, 0), (1, 0)),
        went(20, 2, (4, 0), (3, 0)),
        met(battle),
    )


def test_R_MOVE_3_swap_both_stay_where_they_began_the_tick() -> None:
    """R-MOVE-3 / R-BAT-7: a swap; the battle sits on the attacker's own tile (none moves in)."""
    state = plain_state(["....."], soldier(10, 1, (1, 0)), soldier(20, 2, (2, 0)))
    result = resolve_movement(state, moves((10, ((2, 0), (3, 0))), (20, ((1, 0), (0, 0)))), RS)
    battle = Battle(500, 1, (1, 0), BattleKind.FIELD, side({1}, (10,), 10), side({2}, (20,), 20))
    assert result.state == replace(state, battles={500: battle}, next_id=501)
    assert result.battles == (battle,)
    assert result.events == (met(battle),)


def test_R_MOVE_3_entering_a_tile_held_by_a_hostile_army() -> None:
    """R-MOVE-3 / R-BAT-2: the mover stops before; it attacks, the holder defends."""
    state = plain_state(["....."], soldier(10, 1, (0, 0)), soldier(20, 2, (2, 0), tier=3))
    result = resolve_movement(state, moves((10, line(3))), RS)
    battle = Battle(500, 1, (2, 0), BattleKind.FIELD, side({1}, (10,), 10), side({2}, (20,), 20))
    assert result.state == replace(
        state, armies=moved(state, a10=(1, 0)), battles={500: battle}, next_id=501
    )
    assert result.events == (went(10, 1, (0, 0), (1, 0)), met(battle))


def test_R_SIEGE_1_moving_onto_a_hostile_city_declares_a_siege_with_past_draws() -> None:
    """R-SIEGE-1 / R-SIEGE-3: an empty hostile city: siege, garrison alone, draws carried."""
    state = replace(
        plain_state(["....."], soldier(10, 1, (0, 0)), soldier(11, 1, (3, 0))),
        structures={30: city(30, 2, (2, 0))},
        sieges={30: Siege(30, 11, draws=2)},
    )
    result = resolve_movement(state, moves((10, line(3))), RS)
    battle = Battle(
        500, 1, (2, 0), BattleKind.SIEGE, side({1}, (10,), 10), side({2}, (), None, 30), 2
    )
    assert result.state == replace(
        state, armies=moved(state, a10=(1, 0)), battles={500: battle}, next_id=501
    )
    assert result.events == (went(10, 1, (0, 0), (1, 0)), met(battle))


def test_R_BAT_2_hostile_outpost_or_port_is_an_assault_and_allies_defend_it() -> None:
    """R-BAT-2: outposts and ports are assaulted; the owner's ally on the tile joins it."""
    state = replace(
        plain_state(
            ["......", "......"],
            soldier(10, 1, (0, 0), tier=2),
            soldier(11, 1, (0, 1)),
            soldier(30, 3, (2, 0)),
        ),
        structures={40: outpost(40, 2, (2, 0)), 41: port(41, 2, (2, 1))},
        treaties={1: treaty(1, "alliance", 2, 3)},
    )
    result = resolve_movement(state, moves((10, line(2)), (11, ((1, 1), (2, 1)))), RS)
    first = Battle(
        500, 1, (2, 0), BattleKind.ASSAULT, side({1}, (10,), 10), side({2, 3}, (30,), 30, 40)
    )
    second = Battle(
        501, 1, (2, 1), BattleKind.ASSAULT, side({1}, (11,), 11), side({2}, (), None, 41)
    )
    assert result.battles == (first, second)
    assert result.state == replace(
        state,
        armies=moved(state, a10=(1, 0), a11=(1, 1)),
        battles={500: first, 501: second},
        next_id=502,
    )
    assert result.events == (
        went(10, 1, (0, 0), (1, 0)),
        went(11, 1, (0, 1), (1, 1)),
        met(first),
        met(second),
    )


def test_R_MOVE_3_three_players_at_one_tile_fight_one_battle_per_pair() -> None:
    """R-MOVE-3: P1 and P2 walk into P3's tile at the same tick: three battles."""
    state = plain_state(
        ["......"], soldier(10, 1, (0, 0)), soldier(20, 2, (4, 0)), soldier(30, 3, (2, 0))
    )
    result = resolve_movement(state, moves((10, line(2)), (20, ((3, 0), (2, 0)))), RS)
    p1, p2, p3 = side({1}, (10,), 10), side({2}, (20,), 20), side({3}, (30,), 30)
    battles = (
        Battle(500, 1, (2, 0), BattleKind.FIELD, p1, p3),
        Battle(501, 1, (2, 0), BattleKind.FIELD, p2, p3),
        Battle(502, 1, (2, 0), BattleKind.FIELD, p1, p2),
    )
    assert result.battles == battles
    assert result.state == replace(
        state,
        armies=moved(state, a10=(1, 0), a20=(3, 0)),
        battles={b.id: b for b in battles},
        next_id=503,
    )
    assert result.events == (
        went(10, 1, (0, 0), (1, 0)),
        went(20, 2, (4, 0), (3, 0)),
        *(met(b) for b in battles),
    )


def test_R_BAT_3_allies_entering_together_form_one_side_led_by_highest_tier() -> None:
    """R-BAT-3 / R-MOVE-3: allied entrants are one side; leader = highest tier, then lowest id."""
    state = replace(
        plain_state(
            ["......", "......"],
            soldier(10, 1, (0, 0), tier=2),
            soldier(12, 1, (0, 0), tier=3),
            soldier(31, 3, (1, 1), tier=3),
            soldier(20, 2, (2, 0)),
        ),
        treaties={1: treaty(1, "alliance", 1, 3)},
    )
    # (1,1) in row 1 touches (1,0) and (2,0) — (2,0) is its NE neighbour.
    result = resolve_movement(state, moves((10, line(2)), (12, line(2)), (31, ((2, 0),))), RS)
    battle = Battle(
        500,
        1,
        (2, 0),
        BattleKind.FIELD,
        side({1, 3}, (10, 12, 31), 12),
        side({2}, (20,), 20),
    )
    assert result.battles == (battle,)
    assert result.state == replace(
        state,
        armies=moved(state, a10=(1, 0), a12=(1, 0)),
        battles={500: battle},
        next_id=501,
    )
    assert result.events == (
        went(10, 1, (0, 0), (1, 0)),
        went(12, 1, (0, 0), (1, 0)),
        met(battle),
    )


def test_R_MOVE_3_a_pact_partner_forms_its_own_side_and_never_joins_its_partners_battle() -> None:
    """R-MOVE-3 / R-OWN-2: P2 and P3 (a pact) enter P1's tile together: two battles, one per
    pact partner against P1, none between the partners; neither joins the other's side."""
    state = replace(
        plain_state(
            ["......"], soldier(10, 1, (2, 0)), soldier(20, 2, (0, 0)), soldier(30, 3, (4, 0))
        ),
        treaties={1: treaty(1, "pact", 2, 3)},
    )
    result = resolve_movement(state, moves((20, line(2)), (30, ((3, 0), (2, 0)))), RS)
    p1, p2, p3 = side({1}, (10,), 10), side({2}, (20,), 20), side({3}, (30,), 30)
    battles = (
        Battle(500, 1, (2, 0), BattleKind.FIELD, p2, p1),
        Battle(501, 1, (2, 0), BattleKind.FIELD, p3, p1),
    )
    assert result.battles == battles
    assert result.state == replace(
        state,
        armies=moved(state, a20=(1, 0), a30=(3, 0)),
        battles={b.id: b for b in battles},
        next_id=502,
    )
    assert result.events == (
        went(20, 2, (0, 0), (1, 0)),
        went(30, 3, (4, 0), (3, 0)),
        *(met(b) for b in battles),
    )


def test_R_MOVE_3_allies_by_vassalage_share_a_side() -> None:
    """R-MOVE-3: a vassal and its overlord entering together are one side (25 % joiner)."""
    state = replace(
        plain_state(
            ["......"], soldier(10, 1, (2, 0)), soldier(20, 2, (0, 0)), soldier(30, 3, (4, 0))
        ),
        treaties={1: treaty(1, "vassalage", 3, 2)},
    )
    result = resolve_movement(state, moves((20, line(2)), (30, ((3, 0), (2, 0)))), RS)
    battle = Battle(
        500, 1, (2, 0), BattleKind.FIELD, side({2, 3}, (20, 30), 20), side({1}, (10,), 10)
    )
    assert result.battles == (battle,)
    assert result.state == replace(
        state,
        armies=moved(state, a20=(1, 0), a30=(3, 0)),
        battles={500: battle},
        next_id=501,
    )
    assert result.events == (
        went(20, 2, (0, 0), (1, 0)),
        went(30, 3, (4, 0), (3, 0)),
        met(battle),
    )


def test_R_OWN_2_allies_share_a_tile_without_battle() -> None:
    """R-OWN-2 / R-MOVE-4: an ally's army and territory are passed through and shared freely."""
    state = replace(
        plain_state(["......"], soldier(10, 1, (0, 0)), soldier(20, 2, (2, 0))),
        structures={40: outpost(40, 2, (1, 0))},
        treaties={1: treaty(1, "alliance", 1, 2)},
    )
    result = resolve_movement(state, moves((10, line(2))), RS)
    assert result.state == replace(state, armies=moved(state, a10=(2, 0)))
    assert result.battles == ()
    assert result.events == (went(10, 1, (0, 0), (1, 0), (2, 0)),)


def test_R_MOVE_4_pact_partner_tile_discovered_at_resolution_halts_before_it() -> None:
    """R-MOVE-4: an order blind into a pact partner's outpost halts on the tile before it."""
    state = replace(
        plain_state(["......"], soldier(10, 1, (0, 0))),
        structures={40: outpost(40, 2, (2, 0))},
        treaties={1: treaty(1, "pact", 1, 2)},
    )
    result = resolve_movement(state, moves((10, line(3))), RS)
    assert result.state == replace(state, armies=moved(state, a10=(1, 0)))
    assert result.battles == ()
    assert result.events == (
        Event(
            EventKind.HALTED,
            "R-MOVE-4",
            frozenset({1}),
            ((1, 0),),
            {"army_id": 10, "reason": "pact"},
        ),
        went(10, 1, (0, 0), (1, 0)),
    )


def test_R_MOVE_3_unknown_sea_tile_halts_an_army_without_ship() -> None:
    """R-MOVE-3: the order ran blind into the sea; the army halts before it."""
    state = plain_state(["..~.."], soldier(10, 1, (0, 0)))
    result = resolve_movement(state, moves((10, line(3))), RS)
    assert result.state == replace(state, armies=moved(state, a10=(1, 0)))
    assert result.events == (
        Event(
            EventKind.HALTED,
            "R-MOVE-3",
            frozenset({1}),
            ((1, 0),),
            {"army_id": 10, "reason": "sea"},
        ),
        went(10, 1, (0, 0), (1, 0)),
    )


def test_R_MOVE_3_bounced_army_steps_back_and_detection_repeats() -> None:
    """R-MOVE-3: 10 bounces off 20 back to (1,0), which 30 was entering: 30 bounces too."""
    state = plain_state(
        ["....."], soldier(30, 3, (0, 0)), soldier(10, 1, (1, 0)), soldier(20, 2, (2, 0))
    )
    result = resolve_movement(state, moves((10, ((2, 0),)), (30, ((1, 0),))), RS)
    at_1 = Battle(500, 1, (1, 0), BattleKind.FIELD, side({3}, (30,), 30), side({1}, (10,), 10))
    at_2 = Battle(501, 1, (2, 0), BattleKind.FIELD, side({1}, (10,), 10), side({2}, (20,), 20))
    assert result.state == replace(state, battles={500: at_1, 501: at_2}, next_id=502)
    assert result.battles == (at_1, at_2)
    assert result.events == (met(at_1), met(at_2))


def test_R_MOVE_3_an_army_following_a_leaver_into_its_tile_meets_nobody() -> None:
    """R-MOVE-3: 20 leaves (2,0) as 10 enters it; they never share a tile nor swap."""
    state = plain_state(["......"], soldier(10, 1, (0, 0)), soldier(20, 2, (2, 0)))
    result = resolve_movement(state, moves((10, line(2)), (20, ((3, 0), (4, 0)))), RS)
    assert result.state == replace(state, armies=moved(state, a10=(2, 0), a20=(4, 0)))
    assert result.events == (
        went(10, 1, (0, 0), (1, 0), (2, 0)),
        went(20, 2, (2, 0), (3, 0), (4, 0)),
    )


def test_R_MOVE_2_locked_busy_and_generalless_armies_do_not_move() -> None:
    """R-MOVE-2 / R-ARMY-6 / R-BUILD-5: such orders are ignored at resolution."""
    battle = Battle(90, 1, (5, 0), BattleKind.FIELD, side({1}, (11,), 11), side({2}, (20,), 20))
    state = replace(
        plain_state(
            ["......"],
            soldier(10, 1, (0, 0)),
            soldier(11, 1, (0, 0)),
            army(12, 1, (0, 0)),
            soldier(20, 2, (5, 0)),
        ),
        battles={90: battle},
    )
    orders = replace(
        moves((10, line(1)), (11, line(1)), (12, line(1))),
        builds=(BuildOrder(7, 1, BuildKind.FOUND_CITY, (0, 0), 10, 10),),
    )
    result = resolve_movement(state, orders, RS)
    assert result == type(result)(state, (), ())


def test_R_SIEGE_3_a_move_order_lifts_the_siege() -> None:
    """R-SIEGE-3: giving the besieging army a move order lifts the siege."""
    state = replace(
        plain_state(["....."], soldier(10, 1, (1, 0))),
        structures={30: city(30, 2, (2, 0))},
        sieges={30: Siege(30, 10, draws=1)},
    )
    result = resolve_movement(state, moves((10, ((0, 0),))), RS)
    assert result.state == replace(state, armies=moved(state, a10=(0, 0)), sieges={})
    assert result.events == (
        went(10, 1, (1, 0), (0, 0)),
        Event(
            EventKind.SIEGE_LIFTED,
            "R-SIEGE-3",
            frozenset({1, 2}),
            ((2, 0),),
            {"structure_id": 30, "army_id": 10},
        ),
    )


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


def test_R_MOVE_3_allies_swapping_tiles_pass_each_other() -> None:
    """R-MOVE-3 / R-OWN-2: a swap is a meeting only between hostile players; allies pass."""
    from dataclasses import replace as _replace

    from app.rules.marches import resolve_movement
    from tests.factories.engine import treaty

    state = plain_state(["....."], soldier(10, 1, (1, 0)), soldier(20, 2, (2, 0)))
    allied = _replace(state, treaties={90: treaty(90, "alliance", 1, 2)})
    result = resolve_movement(allied, moves((10, ((2, 0), (3, 0))), (20, ((1, 0), (0, 0)))), RS)
    assert result.battles == ()
    assert {a.id: a.coord for a in result.state.armies.values()} == {10: (3, 0), 20: (0, 0)}


def test_R_OPT_1_seasons_cycle_from_spring() -> None:
    s, u, a, w = Season.SPRING, Season.SUMMER, Season.AUTUMN, Season.WINTER
    assert [season_of(t) for t in range(1, 11)] == [s, u, a, w, s, u, a, w, s, u]
