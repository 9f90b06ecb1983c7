"""A generated, populated campaign for benchmarks: a seeded map, every player seated, armies
spread around their capitals, and a move order for every army."""

from __future__ import annotations

import random
from dataclasses import replace

from app.rules.hexgrid import Coord
from app.rules.mapgen import generate_map
from app.rules.ruleset import Ruleset, default_ruleset
from app.rules.setup import CAPITAL_PORT_FACTIONS, PlayerSetup, start_campaign
from app.rules.state import Army, CampaignState, General, MoveOrder, Tag, TurnOrders


def sample_ruleset(players: int) -> Ruleset:
    return replace(default_ruleset(), max_players=max(players, 2))


def sample_state(size: int, players: int, armies_per_player: int, seed: int = 7) -> CampaignState:
    """A started campaign on a `size`×`size` generated map with extra armies near capitals."""
    ruleset = sample_ruleset(players)
    game_map = generate_map(size, size, players, seed)
    coast_slots = [s.coord for s in game_map.slots if Tag.COAST in game_map.tiles[s.coord].tags]
    other_slots = [s.coord for s in game_map.slots if s.coord not in coast_slots]
    factions = [f.key for f in ruleset.factions][:players]
    entries = []
    for number, faction in enumerate(factions, start=1):
        wants_coast = faction in CAPITAL_PORT_FACTIONS
        pool = coast_slots if wants_coast or not other_slots else other_slots
        entries.append(PlayerSetup(number, faction, pool.pop(0)))
    state, _ = start_campaign(game_map, ruleset, entries)
    rng = random.Random(seed)
    grid = game_map.grid
    armies = dict(state.armies)
    generals = dict(state.generals)
    next_id = state.next_id
    for player in sorted(state.players):
        capital = state.structures[state.players[player].capital_id or 0].coord
        land = [c for c in grid.within(capital, 3) if game_map.tiles[c].is_land]
        for _ in range(armies_per_player - 1):
            army_id, general_id, next_id = next_id, next_id + 1, next_id + 2
            generals[general_id] = General(general_id, player, army_id)
            armies[army_id] = Army(army_id, player, rng.choice(land), general_id=general_id)
    return replace(state, armies=armies, generals=generals, next_id=next_id)


def random_walks(state: CampaignState, seed: int = 11, steps: int = 3) -> TurnOrders:
    """A land path of up to `steps` tiles for every army (resolution cuts what is too long)."""
    rng = random.Random(seed)
    grid = state.map.grid
    moves: dict[int, MoveOrder] = {}
    for army_id, army in sorted(state.armies.items()):
        path: list[Coord] = []
        here = army.coord
        for _ in range(steps):
            options = [n for n in grid.neighbours(here) if state.map.tiles[n].is_land]
            if not options:
                break
            here = rng.choice(options)
            path.append(here)
        if path:
            moves[army_id] = MoveOrder(army_id, tuple(path))
    return TurnOrders(moves=moves)
