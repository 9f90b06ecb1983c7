"""May this viewer see X (R-FOG-1/3/4, R-OPT-3, R-OPT-5): decided here, asked by every channel.

A viewer is a player number, or None for the game master (the owner who does not play, who
sees everything, R-FOG-5). `sight` is the viewer's sight (allies' included, R-FOG-2); `hidden`
the armies concealed from them (`concealment.hidden_from`, R-OPT-3).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from app.rules.hexgrid import Coord
from app.rules.state import Battle, Storm


def storm_tiles_seen(
    storm: Storm, viewer: int | None, sight: frozenset[Coord]
) -> tuple[Coord, ...]:
    """The tiles of a storm the viewer is shown (R-OPT-5): exactly those they see now, never an
    unexplored one (its terrain, sea, would be given away), in the storm's order."""
    if viewer is None:
        return storm.tiles
    return tuple(c for c in storm.tiles if c in sight)


def storms_seen(
    storms: Iterable[Storm], viewer: int | None, sight: frozenset[Coord]
) -> list[tuple[Coord, ...]]:
    """Each storm the viewer sees a tile of, as the tiles they see of it (R-OPT-5)."""
    seen = (storm_tiles_seen(s, viewer, sight) for s in storms)
    return [tiles for tiles in seen if tiles]


def battle_concealed(
    players: frozenset[int], army_ids: Iterable[int], viewer: int | None, hidden: frozenset[int]
) -> bool:
    """A battle that does not exist for the viewer because it would name an army concealed from
    them (R-OPT-3): the battle reveals its armies to its participants only."""
    if viewer is None or viewer in players:
        return False
    return not hidden.isdisjoint(army_ids)


def battle_seen(
    players: frozenset[int],
    army_ids: Iterable[int],
    coord: Coord,
    viewer: int | None,
    sight: frozenset[Coord],
    hidden: frozenset[int],
) -> bool:
    """Whether the viewer is told of a battle (R-FOG-3/4, R-OPT-3): its participants and the game
    master always; anyone else who sees its tile, unless one of its armies is concealed from
    them (only the count of pending battles then, R-FOG-4)."""
    if viewer is None or viewer in players:
        return True
    return coord in sight and not battle_concealed(players, army_ids, viewer, hidden)


def battle_seen_in(
    battle: Battle, viewer: int | None, sight: frozenset[Coord], hidden: frozenset[int]
) -> bool:
    """`battle_seen` of an engine battle."""
    return battle_seen(
        battle_players(battle), battle_armies(battle), battle.coord, viewer, sight, hidden
    )


def battle_armies(battle: Battle) -> frozenset[int]:
    return frozenset(battle.attacker.army_ids) | frozenset(battle.defender.army_ids)


def battle_players(battle: Battle) -> frozenset[int]:
    return battle.attacker.players | battle.defender.players


def concealed_battles(
    battles: Iterable[Battle], hidden: Mapping[int, Iterable[int]]
) -> dict[int, frozenset[int]]:
    """For each player of `hidden` (army ids concealed from them), the battles concealed from
    them (`battle_concealed`)."""
    battles = tuple(battles)
    out: dict[int, frozenset[int]] = {}
    for pid, armies in hidden.items():
        concealed = frozenset(armies)
        out[pid] = frozenset(
            b.id
            for b in battles
            if battle_concealed(battle_players(b), battle_armies(b), pid, concealed)
        )
    return out
