"""Tiny builders for rules-engine test states (shared: add helpers, never change signatures)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from app.rules.hexgrid import Coord, Wrap, from_offset
from app.rules.maps import IMPLIED_TAGS, TERRAIN_CHARS
from app.rules.state import (
    Army,
    Battle,
    CampaignState,
    General,
    MapData,
    Options,
    PendingStake,
    Player,
    SeenTile,
    Ship,
    Siege,
    StartSlot,
    Structure,
    StructureKind,
    Tag,
    Terrain,
    Tile,
    Treaty,
    TreatyKind,
)

# R-MAP-3: these terrains carry their tag implicitly.
AUTO_TAGS: Mapping[Terrain, frozenset[Tag]] = {
    t: frozenset({tag}) for t, tag in IMPLIED_TAGS.items()
}


def make_map(
    rows: list[str],
    wrap: Wrap = Wrap.NONE,
    tags: Mapping[Coord, Iterable[Tag | str]] | None = None,
    slots: Iterable[Coord] = (),
    *,
    names: Mapping[Coord, str] | None = None,
    name: str = "test",
) -> MapData:
    """A map from an ASCII picture: one char per tile, rows in odd-r offset layout."""
    width = len(rows[0])
    assert all(len(row) == width for row in rows), "all rows must have the same width"
    extra = {c: frozenset(Tag(t) for t in ts) for c, ts in (tags or {}).items()}
    names = names or {}
    tiles: dict[Coord, Tile] = {}
    for row_index, row in enumerate(rows):
        for col, char in enumerate(row):
            coord = from_offset(col, row_index)
            terrain = TERRAIN_CHARS[char]
            tile_tags = AUTO_TAGS.get(terrain, frozenset()) | extra.get(coord, frozenset())
            tiles[coord] = Tile(coord, terrain, tile_tags, names.get(coord))
    unknown = sorted(set(extra) - set(tiles))
    assert not unknown, f"tags on off-map coords {unknown}"
    return MapData(
        width=width,
        height=len(rows),
        wrap=wrap,
        tiles=tiles,
        slots=tuple(StartSlot(c) for c in slots),
        name=name,
    )


def player(
    id: int,
    faction: str = "empire",
    gold: int = 0,
    capital_id: int | None = None,
    *,
    action_available_turn: int = 1,
    victories: int = 0,
    infamy: int = 0,
    inactive: bool = False,
    explored: Mapping[Coord, SeenTile] | None = None,
) -> Player:
    """A player; the other Player fields by keyword."""
    return Player(
        id=id,
        faction=faction,
        gold=gold,
        capital_id=capital_id,
        action_available_turn=action_available_turn,
        victories=victories,
        infamy=infamy,
        inactive=inactive,
        explored={} if explored is None else explored,
    )


def army(
    id: int,
    owner: int,
    coord: Coord,
    tier: int = 1,
    *,
    general_id: int | None = None,
    seat_id: int | None = None,
    ship_id: int | None = None,
    raised_turn: int = 0,
) -> Army:
    return Army(id, owner, coord, tier, general_id, seat_id, ship_id, raised_turn)


def general(id: int, owner: int, army_id: int | None = None, held_by: int | None = None) -> General:
    return General(id, owner, army_id, held_by)


def city(
    id: int,
    owner: int,
    coord: Coord,
    level: int = 1,
    capital: bool = False,
    *,
    also_port: bool = False,
    built_by: int | None = None,
    since_turn: int = 0,
) -> Structure:
    return Structure(
        id, StructureKind.CITY, coord, owner, level, capital, also_port, built_by, since_turn
    )


def outpost(
    id: int, owner: int, coord: Coord, built_by: int | None = None, since_turn: int = 0
) -> Structure:
    return Structure(
        id, StructureKind.OUTPOST, coord, owner, built_by=built_by, since_turn=since_turn
    )


def port(
    id: int, owner: int, coord: Coord, built_by: int | None = None, since_turn: int = 0
) -> Structure:
    return Structure(id, StructureKind.PORT, coord, owner, built_by=built_by, since_turn=since_turn)


def ship(id: int, owner: int, coord: Coord, army_id: int | None = None) -> Ship:
    return Ship(id, owner, coord, army_id)


def treaty(
    id: int,
    kind: TreatyKind | str,
    a: int,
    b: int,
    since_turn: int = 1,
    *,
    ends_turn: int | None = None,
    city_a: int | None = None,
    city_b: int | None = None,
) -> Treaty:
    return Treaty(id, TreatyKind(kind), a, b, since_turn, ends_turn, city_a, city_b)


def make_state(
    map: MapData,
    players: Iterable[Player] = (),
    structures: Iterable[Structure] = (),
    armies: Iterable[Army] = (),
    generals: Iterable[General] = (),
    *,
    ships: Iterable[Ship] = (),
    sieges: Iterable[Siege] = (),
    treaties: Iterable[Treaty] = (),
    battles: Iterable[Battle] = (),
    stakes: Iterable[PendingStake] = (),
    turn: int = 1,
    options: Options = Options(),  # noqa: B008 - frozen dataclass, safe as a default
    next_id: int | None = None,
) -> CampaignState:
    """A state from lists (dicts keyed by id); next_id defaults to above every id used.

    A player without `capital_id` gets the id of the capital city they own, if any.
    """
    structure_map = {s.id: s for s in structures}
    capitals = {s.owner: s.id for s in structure_map.values() if s.is_capital}
    player_map: dict[int, Player] = {}
    for given in players:
        missing_capital = given.capital_id is None and given.id in capitals
        p = replace(given, capital_id=capitals[given.id]) if missing_capital else given
        player_map[p.id] = p
    army_map = {a.id: a for a in armies}
    general_map = {g.id: g for g in generals}
    ship_map = {s.id: s for s in ships}
    siege_map = {s.structure_id: s for s in sieges}
    treaty_map = {t.id: t for t in treaties}
    battle_map = {b.id: b for b in battles}
    used = [
        0,
        *player_map,
        *structure_map,
        *army_map,
        *general_map,
        *ship_map,
        *treaty_map,
        *battle_map,
    ]
    return CampaignState(
        turn=turn,
        map=map,
        players=player_map,
        structures=structure_map,
        armies=army_map,
        generals=general_map,
        ships=ship_map,
        sieges=siege_map,
        treaties=treaty_map,
        stakes=tuple(stakes),
        battles=battle_map,
        options=options,
        next_id=max(used) + 1 if next_id is None else next_id,
    )
