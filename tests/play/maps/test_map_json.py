"""The map view's fast encoder (`world_map_json`, fragments encoded once per map) gives exactly
the document `world_map` describes, for every viewer, after turns of play (explored memory,
armies on the move, sieges, storms) and for the game master."""

import json
import random
from dataclasses import replace

import pytest

from app.play.world.schemas import WorldMap
from app.play.world.service import View, world_map, world_map_json
from app.rules import fog, visibility
from app.rules.mapgen import generate_map
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.setup import CAPITAL_PORT_FACTIONS, PlayerSetup, start_campaign
from app.rules.state import CampaignState, MoveOrder, Options, Tag, TurnOrders


def _played(seed: int, players: int, turns: int) -> CampaignState:
    ruleset = replace(default_ruleset(), max_players=players)
    game_map = generate_map(24, 24, players, seed)
    coast = [s.coord for s in game_map.slots if Tag.COAST in game_map.tiles[s.coord].tags]
    inland = [s.coord for s in game_map.slots if s.coord not in coast]
    entries = []
    for number, faction in enumerate([f.key for f in ruleset.factions][:players], start=1):
        pool = coast if faction in CAPITAL_PORT_FACTIONS or not inland else inland
        entries.append(PlayerSetup(number, faction, pool.pop(0)))
    state, _ = start_campaign(game_map, ruleset, entries)
    state = replace(state, options=Options(storms=True, concealment=True))
    rng = random.Random(seed)  # noqa: S311  (a reproducible game, not a secret)
    for _ in range(turns):
        moves = {}
        for army_id, army in sorted(state.armies.items()):
            here, path = army.coord, []
            for _ in range(3):
                land = [n for n in game_map.grid.neighbours(here) if game_map.tiles[n].is_land]
                if not land:
                    break
                here = rng.choice(land)
                path.append(here)
            if path:
                moves[army_id] = MoveOrder(army_id, tuple(path))
        state = resolve_turn(state, TurnOrders(moves=moves), ruleset).state
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fast_map_document_is_the_world_map(seed: int) -> None:
    ruleset = replace(default_ruleset(), max_players=4)
    state = _played(seed, 4, turns=4)
    assert any(p.explored for p in state.players.values())
    viewers: list[int | None] = [*sorted(state.players), None]
    for seat in viewers:
        viewer = visibility.seeing(
            visibility.viewer(seat, owner=seat is None),
            state,
            lambda seat: fog.sight(state, seat, ruleset),
        )
        view = View(None, state, TurnOrders(), ruleset, viewer)  # type: ignore[arg-type]
        fast = world_map_json(view)
        assert json.loads(fast) == world_map(view)
        WorldMap.model_validate_json(fast)
        # Twice: the second document comes from the fragments already encoded.
        assert world_map_json(view) == fast
