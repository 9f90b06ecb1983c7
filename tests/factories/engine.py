"""Tiny builders for rules-engine test states (shared: add helpers, never change signatures)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from app.rules.battles import participants
from app.rules.hexgrid import Coord, Wrap, from_offset
from app.rules.maps import IMPLIED_TAGS, TERRAIN_CHARS
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BattleReport,
    BattleSide,
    CampaignState,
    Event,
    EventKind,
    General,
    MapData,
    Options,
    Outcome,
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


# ------------------------------------------------------------------ battles and their geometry

# A 5×5 plain; the contested tile C and its neighbours in the retreat order (R-BAT-7).
BATTLEFIELD = make_map(["....."] * 5)
C: Coord = (1, 2)
E, NE, NW, W, SW, SE = (2, 2), (2, 1), (1, 1), (0, 2), (0, 3), (1, 3)
P12 = frozenset({1, 2})
AV, DV, DRAW = Outcome.ATTACKER_VICTORY, Outcome.DEFENDER_VICTORY, Outcome.DRAW
TWO_PLAYERS = (player(1), player(2, "bretonnia"))


def side(
    players: Iterable[int],
    armies: tuple[int, ...],
    leader: int | None = None,
    structure: int | None = None,
) -> BattleSide:
    """A battle side led by `leader`, or by its first army."""
    lead = leader if leader is not None else (armies[0] if armies else None)
    return BattleSide(frozenset(players), armies, lead, structure)


def fight(
    attacker: BattleSide,
    defender: BattleSide,
    kind: BattleKind = BattleKind.FIELD,
    coord: Coord = C,
    draws: int = 0,
) -> Battle:
    """Battle 41 of turn 3, on C unless told."""
    return Battle(41, 3, coord, kind, attacker, defender, draws)


def attack_on(
    place: int, kind: BattleKind, defended: bool = True, coord: Coord = C, draws: int = 0
) -> Battle:
    """Battle 41: army 21 (player 1) attacks player 2's place, held by army 22 if `defended`."""
    defenders = (22,) if defended else ()
    return fight(side({1}, (21,)), side({2}, defenders, structure=place), kind, coord, draws)


def attack_from_west(
    battle: Battle,
    attacker_tier: int = 1,
    defender_tier: int | None = 1,
    *,
    seat_id: int | None = None,
    players: Iterable[Player] = TWO_PLAYERS,
    structures: Iterable[Structure] = (),
    map: MapData = BATTLEFIELD,
) -> CampaignState:
    """Turn 3 with `battle` pending: army 21 (player 1, general 11) on W attacks C, where
    army 22 (player 2, general 12, seated at `seat_id`) stands unless `defender_tier` is None."""
    armies = [army(21, 1, W, attacker_tier, general_id=11)]
    generals = [general(11, 1, 21)]
    if defender_tier is not None:
        armies.append(army(22, 2, C, defender_tier, general_id=12, seat_id=seat_id))
        generals.append(general(12, 2, 22))
    return make_state(map, players, structures, armies, generals, battles=[battle], turn=3)


def ev(
    kind: EventKind,
    rule: str,
    coords: tuple[Coord, ...],
    players: frozenset[int] = P12,
    **data: object,
) -> Event:
    """An event seen by `players` (players 1 and 2 unless told)."""
    return Event(kind, rule, players, coords, data)


def resolved(b: Battle, report: BattleReport) -> Event:
    """The `battle_resolved` event of `b` (R-BAT-7)."""
    return ev(
        EventKind.BATTLE_RESOLVED,
        "R-BAT-7",
        (b.coord,),
        participants(b),
        battle_id=b.id,
        battle_kind=b.kind.value,
        outcome=report.outcome.value,
        attacker_losses_pct=report.attacker_losses_pct,
        defender_losses_pct=report.defender_losses_pct,
    )


def stake_won(
    amount: int = 10,
    winner: int = 1,
    loser: int = 2,
    players: frozenset[int] = P12,
    *,
    at: Coord = C,
    battle_id: int = 41,
) -> Event:
    """The stake of battle 41 on C (unless told) won (R-BAT-7)."""
    return ev(
        EventKind.STAKE_WON,
        "R-BAT-7",
        (at,),
        players,
        battle_id=battle_id,
        winner=winner,
        loser=loser,
        amount=amount,
    )


def advanced(
    rule: str = "R-BAT-7",
    players: frozenset[int] = P12,
    *,
    army_id: int = 21,
    start: Coord = W,
    end: Coord = C,
) -> Event:
    """Army 21 moves in from W onto C (unless told)."""
    return ev(
        EventKind.ARMY_ADVANCED,
        rule,
        (start, end),
        players,
        army_id=army_id,
        from_coord=start,
        to_coord=end,
    )


def retreated(
    to: Coord = E,
    rule: str = "R-BAT-7",
    players: frozenset[int] = P12,
    *,
    army_id: int = 22,
    start: Coord = C,
) -> Event:
    """Army 22 retreats from C (unless told) to `to`."""
    return ev(
        EventKind.ARMY_RETREATED,
        rule,
        (start, to),
        players,
        army_id=army_id,
        from_coord=start,
        to_coord=to,
    )


def soldier(
    id: int, owner: int, coord: Coord, tier: int = 1, *, ship_id: int | None = None
) -> Army:
    """An army led by general `id + 100`."""
    return army(id, owner, coord, tier, general_id=id + 100, ship_id=ship_id)


def plain_state(rows: list[str], *armies: Army, faction: str = "empire") -> CampaignState:
    """Players 1 (`faction`), 2 (dwarfs) and 3 (skaven) on the map `rows`; new ids from 500."""
    players = [player(1, faction), player(2, "dwarfs"), player(3, "skaven")]
    return make_state(make_map(rows), players, armies=armies, next_id=500)


def sea_state(
    row: str,
    *armies: Army,
    faction: str = "empire",
    structures: tuple[Structure, ...] = (),
    ships: tuple[Ship, ...] = (),
) -> CampaignState:
    """Players 1 (`faction`), 2 (high elves) and 3 (lizardmen) on the one-row map `row`."""
    players = [player(1, faction), player(2, "high_elves"), player(3, "lizardmen")]
    return make_state(make_map([row]), players, structures, armies, ships=ships, next_id=500)
