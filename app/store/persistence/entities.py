"""One codec per engine entity: how each is stored (its table's row, or its JSON document).

The row codecs are derived from the dataclasses (app.store.persistence.codec); only what is stored
otherwise than by name and type is declared here. The JSON documents (explored memories,
storms, battle sides) keep their compact stored forms, written by hand once.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.hexgrid import Coord
from app.rules.state import (
    Army,
    Battle,
    BattleSide,
    General,
    PendingStake,
    Player,
    SeenTile,
    Ship,
    Siege,
    Storm,
    Structure,
    StructureKind,
    Treaty,
)
from app.store.persistence.codec import Column, Converted, RowCodec

# ---------------------------------------------------------------------------- JSON documents


def _coord_key(c: Coord) -> str:
    return f"{c[0]},{c[1]}"


@functools.lru_cache(maxsize=1 << 16)  # the tiles of a few of the largest maps
def _parse_coord_key(key: str) -> Coord:
    q, r = key.split(",")
    return int(q), int(r)


def explored_from_json(data: Mapping[str, Any]) -> dict[Coord, SeenTile]:
    """A player's explored memory (`campaign_players.explored`): `{"q,r": [turn, owner,
    structure, level(, structure id)]}`. Written by hand: a large map's memories are parsed
    tile by tile, the costliest part of a state. Equal memories (every empty tile seen in the
    same turn) are one frozen object."""
    seen: dict[tuple[Any, ...], SeenTile] = {}
    explored = {}
    for k, v in data.items():
        values = tuple(v)
        memory = seen.get(values)
        if memory is None:
            memory = seen[values] = SeenTile(
                turn=v[0],
                owner=v[1],
                structure=StructureKind(v[2]) if v[2] else None,
                level=v[3],
                structure_id=v[4] if len(v) > 4 else None,  # older memories have no id
            )
        explored[_parse_coord_key(k)] = memory
    return explored


def _seen_json(s: SeenTile) -> list[Any]:
    kind = s.structure.value if s.structure else None
    if s.structure_id is None:
        return [s.turn, s.owner, kind, s.level]
    return [s.turn, s.owner, kind, s.level, s.structure_id]


def explored_to_json(explored: Mapping[Coord, SeenTile]) -> dict[str, Any]:
    return {_coord_key(c): _seen_json(s) for c, s in sorted(explored.items())}


def storms_from_json(data: Sequence[Sequence[Sequence[int]]]) -> tuple[Storm, ...]:
    """R-OPT-5: each storm stored as its tiles, its centre first."""
    storms = []
    for tiles in data:
        coords = tuple((t[0], t[1]) for t in tiles)
        storms.append(Storm(coords[0], coords))
    return tuple(storms)


def storms_to_json(storms: Sequence[Storm]) -> list[list[list[int]]]:
    return [[[q, r] for q, r in s.tiles] for s in storms]


def side_to_json(side: BattleSide) -> dict[str, Any]:
    return {
        "players": sorted(side.players),
        "army_ids": list(side.army_ids),
        "leader_id": side.leader_id,
        "structure_id": side.structure_id,
        "entrenched": list(side.entrenched),
    }


def side_from_json(data: Mapping[str, Any]) -> BattleSide:
    return BattleSide(
        players=frozenset(data["players"]),
        army_ids=tuple(data["army_ids"]),
        leader_id=data["leader_id"],
        structure_id=data["structure_id"],
        entrenched=tuple(data.get("entrenched", ())),  # R-OPT-4; older rows have none
    )


# ------------------------------------------------------------------------------------ rows

STRUCTURES = RowCodec(Structure)
ARMIES = RowCodec(Army)
GENERALS = RowCodec(General)
SHIPS = RowCodec(Ship)
SIEGES = RowCodec(Siege, structure_id=Column("id"))  # a siege's row is its city's id
TREATIES = RowCodec(Treaty)
STAKES = RowCodec(PendingStake)  # rows numbered by their place in the state's tuple
BATTLES = RowCodec(
    Battle,
    attacker=Converted("attacker", side_from_json, side_to_json),
    defender=Converted("defender", side_from_json, side_to_json),
)
PLAYERS = RowCodec(
    Player,
    id=Column("number"),
    faction=Converted("faction", lambda faction: faction or "", lambda faction: faction),
    explored=Converted("explored", lambda data: explored_from_json(data or {}), explored_to_json),
)
# What a turn change writes of a player: neither the faction (chosen at the start) nor the
# whole memory (only what it gained is merged in, app.store.persistence.state).
PLAYER_UNWRITTEN = ("faction", "explored")
