"""Storms at sea (R-OPT-5): raised at step 5 of a change, they batter armies at sea a turn later.

Every draw comes from a `random.Random` seeded by the campaign's secret (`id_salt`), the turn
and what is drawn, so a resolution is deterministic and replayable.
"""

from __future__ import annotations

import random
from dataclasses import replace

from app.rules.hexgrid import Coord
from app.rules.state import CampaignState, Event, EventKind, Storm, Terrain

RULE = "R-OPT-5"
SEA_TILES_PER_DRAW = 50  # one chance in three per 50 sea tiles, rounded up
CHANCE_IN = 3


def generator(state: CampaignState, turn: int, what: str) -> random.Random:
    """The campaign's random generator for one kind of draw at one turn's change."""
    # Game draws, not secrets; a str seed is hashed (SHA-512), so draws reveal nothing usable
    # of the salt that also scrambles ids.
    return random.Random(f"{state.id_salt}:{turn}:{what}")  # noqa: S311


def sea_tiles(state: CampaignState) -> list[Coord]:
    return sorted(c for c, t in state.map.tiles.items() if t.terrain is Terrain.SEA)


def storm_at(state: CampaignState, center: Coord) -> Storm:
    """The storm rising on `center`: that tile and its sea neighbours."""
    tiles = state.map.tiles
    around = sorted(
        {
            c
            for c in state.map.grid.neighbours(center)
            if c != center and c in tiles and tiles[c].terrain is Terrain.SEA
        }
    )
    return Storm(center, (center, *around))


def draws(sea_count: int) -> int:
    """How many chances of a storm a map with that many sea tiles has at each change."""
    return -(-sea_count // SEA_TILES_PER_DRAW)


def raise_storms(state: CampaignState) -> tuple[CampaignState, list[Event]]:
    """Step 5 (R-OPT-5), on the state of the new turn: this turn's storms replace the last.

    Each is an event on its tiles for everyone who sees one of them (R-FOG-3)."""
    if not state.options.storms:
        return (replace(state, storms=()) if state.storms else state), []
    sea = sea_tiles(state)
    rng = generator(state, state.turn, "storms")
    centers: list[Coord] = []
    for _ in range(draws(len(sea))):
        if rng.randrange(CHANCE_IN) == 0:
            center = sea[rng.randrange(len(sea))]
            if center not in centers:
                centers.append(center)
    storms = tuple(storm_at(state, c) for c in centers)
    events = [
        Event(EventKind.STORM_ROSE, RULE, frozenset(), s.tiles, {"turn": state.turn})
        for s in storms
    ]
    return replace(state, storms=storms), events


def batter(state: CampaignState) -> tuple[CampaignState, list[Event]]:
    """After movement (step 1): every army aboard a ship at sea inside a storm loses one tier,
    never below 1 (R-OPT-5). Ships at anchor (no army aboard) and armies on land are untouched."""
    if not state.options.storms or not state.storms:
        return state, []
    stormy = frozenset(c for s in state.storms for c in s.tiles)
    tiles = state.map.tiles
    armies = dict(state.armies)
    events: list[Event] = []
    for army_id, army in sorted(state.armies.items()):
        tile = tiles.get(army.coord)
        at_sea = army.ship_id is not None and tile is not None and tile.terrain is Terrain.SEA
        if not at_sea or army.coord not in stormy or army.tier <= 1:
            continue
        armies[army_id] = replace(army, tier=army.tier - 1)
        events.append(
            Event(
                EventKind.ARMY_TIER_LOST,
                RULE,
                frozenset({army.owner}),
                (army.coord,),
                {"army_id": army_id, "tier": army.tier - 1},
            )
        )
    if not events:
        return state, []
    return replace(state, armies=armies), events
