"""Concealment (R-OPT-3): an army in forest or marsh may stay hidden from players far from it.

The draw is made for each army at each change (the turn it ends the change in), from the
campaign's seed, the turn and the army id: the same state always hides the same armies, so a
resolution replays exactly and every read of the turn agrees with the others.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from app.rules.hexgrid import Coord
from app.rules.relations import Relations
from app.rules.state import Army, CampaignState, Terrain

RULE = "R-OPT-3"
# Chance in 100 that an army ending the change on the terrain stays hidden.
CHANCE_PCT: Mapping[Terrain, int] = {Terrain.FOREST: 75, Terrain.MARSH: 90}


def draw(state: CampaignState, army: Army) -> bool:
    """Whether the army's draw of this turn hides it (on forest or marsh, option on)."""
    if not state.options.concealment:
        return False
    tile = state.map.tiles.get(army.coord)
    chance = CHANCE_PCT.get(tile.terrain) if tile is not None else None
    if chance is None:
        return False
    # Game draws, not secrets; a str seed is hashed (SHA-512), so draws reveal nothing usable
    # of the salt that also scrambles ids.
    rng = random.Random(f"{state.id_salt}:{state.turn}:conceal:{army.id}")  # noqa: S311
    return rng.randrange(100) < chance


def concealed(state: CampaignState) -> frozenset[int]:
    """The armies whose draw hides them this turn (from whom: `hidden_from`)."""
    if not state.options.concealment:
        return frozenset()
    return frozenset(a.id for _, a in sorted(state.armies.items()) if draw(state, a))


def hidden_from(state: CampaignState, player: int) -> frozenset[int]:
    """The armies the player may not see this turn, though their tiles be in sight (R-OPT-3).

    A concealed army stays visible to its owner's side and to a side that owns its tile, has an
    army or a structure on or next to it, or fights a pending battle against it (the battle
    reveals it). A side is the player and their allies, who share sight (R-FOG-2)."""
    hiding = concealed(state)
    return _hidden_from(state, player, hiding, Relations.of(state)) if hiding else frozenset()


def _hidden_from(
    state: CampaignState, player: int, hiding: frozenset[int], relations: Relations
) -> frozenset[int]:
    """`hidden_from`, given this turn's `concealed` armies and the players' relations."""
    if not hiding:
        return frozenset()
    side = relations.allies_of(player) | {player}
    grid = state.map.grid
    near: set[Coord] = set()
    for s in state.structures.values():
        if s.owner in side:
            near.add(s.coord)
            near.update(grid.neighbours(s.coord))
    for a in state.armies.values():
        if a.owner in side:  # hidden or not, an own army counts
            near.add(a.coord)
            near.update(grid.neighbours(a.coord))
    revealed: set[int] = set()
    for b in state.battles.values():
        players = b.attacker.players | b.defender.players
        if players & side:
            revealed.update(b.attacker.army_ids)
            revealed.update(b.defender.army_ids)
    return frozenset(
        army_id
        for army_id in hiding
        if state.armies[army_id].owner not in side
        and state.armies[army_id].coord not in near
        and army_id not in revealed
    )


def masks(state: CampaignState) -> dict[int, dict[int, Coord]]:
    """For each player, the armies hidden from them and the tile each hides on."""
    if not state.options.concealment:
        return {}
    hiding, relations = concealed(state), Relations.of(state)  # the same for every player
    return {
        pid: {a: state.armies[a].coord for a in sorted(_hidden_from(state, pid, hiding, relations))}
        for pid in sorted(state.players)
    }
