"""The battle pack (R-PACK): what two players need to set a declared battle up on their table.

Pure functions of plain data. `encounter` reads what the map says of a battle (its hex, the
neighbours, the structure, the season, where the attacker came from); `kind_of` derives the
battle's kind from it (R-PACK-1); `deploy` places the terrain pieces on the table with a
generator seeded by `pack_seed` (R-PACK-2): the same battle gives the same table every time,
and the seed printed on the pack lets a dispute cite it; `scenario` suggests one of the game
system's own scenarios by name and reference only (R-PACK-1); `stakes` says what winning,
drawing or losing does on the map (R-BAT-7, R-SIEGE). What each side is told of the other
(R-PACK-3) is `app.rules.visibility.pack_side_view`.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from enum import StrEnum

from app.rules.hexgrid import DIRECTIONS, Coord, Grid
from app.rules.state import (
    Battle,
    BattleKind,
    CampaignState,
    Season,
    StructureKind,
    Terrain,
)

__all__ = [
    "Encounter",
    "PackKind",
    "Piece",
    "PieceKind",
    "Scenario",
    "Size",
    "Table",
    "Zone",
    "deploy",
    "encounter",
    "kind_of",
    "pack_seed",
    "rough_size",
    "scenario",
    "stakes",
    "table_for",
]


class PackKind(StrEnum):
    """The battle as played on the table (R-PACK-1)."""

    FIELD = "field"  # armies meet in the open
    LANDING = "landing"  # the attacker comes ashore from its ships
    SIEGE_ASSAULT = "siege_assault"  # the attacker storms a city's walls, an outpost or a port
    SALLY = "sally"  # the besieged come out against a siege already drawn (R-SIEGE-3)
    NAVAL = "naval"  # armies at sea (R-SEA-3)


class PieceKind(StrEnum):
    WOOD = "wood"
    HILL = "hill"
    MARSH = "marsh"
    ROCKS = "rocks"  # impassable
    DUNES = "dunes"
    POND = "pond"
    RUINS = "ruins"
    BUILDING = "building"
    FIELDS = "fields"
    WALLS = "walls"
    TOWER = "tower"
    SEA = "sea"  # the coast's water along a table edge
    SHIP = "ship"


class Size(StrEnum):
    """An army's rough size, as seen from afar (R-PACK-3)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"


@dataclass(frozen=True, slots=True)
class Encounter:
    """What the map says of a battle, turned to the table: neighbours are given relative to
    the attacker's edge (0: behind the attacker, 3: behind the defender, 1–2 on the right,
    4–5 on the left, going round), None where the map ends."""

    battle_id: int
    battle_kind: BattleKind
    terrain: Terrain
    neighbours: tuple[Terrain | None, ...]  # six, relative to the attacker's edge
    structure: StructureKind | None = None
    capital: bool = False
    siege_draws: int = 0
    season: Season | None = None  # None: the campaign plays without seasons (R-OPT-1)
    landing: bool = False  # the attacker came ashore from a ship beside the hex


@dataclass(frozen=True, slots=True)
class Table:
    """A table in inches (a 6'×4' table is 72×48)."""

    width: int
    depth: int


@dataclass(frozen=True, slots=True)
class Piece:
    """A terrain piece: its kind and its footprint (an ellipse or a rectangle), in inches from
    the table's top-left corner (the defender's edge is the top, the attacker's the bottom)."""

    kind: PieceKind
    x: float
    y: float
    width: float
    depth: float
    rotation: int  # degrees


@dataclass(frozen=True, slots=True)
class Zone:
    """A side's deployment zone: a band along its edge, `depth` inches deep."""

    side: str  # "attacker" (bottom edge) or "defender" (top edge)
    depth: int


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario of the game system's own rules: its name and where to find it, no text."""

    name: str
    reference: str


# ------------------------------------------------------------------------------ the field


def encounter(state: CampaignState, battle: Battle, seed: str) -> Encounter:
    """The battle's encounter as the map tells it (R-PACK-1).

    The attacker's edge faces the neighbour it came from, as both sides see it: the first
    neighbour (E, NE, NW, W, SW, SE) holding one of its ships at anchor (then it is a landing,
    if the hex is land), else one of its armies; else a neighbour drawn from the `seed`
    (`pack_seed`) — never from what lies further, which the defender may not see."""
    grid = state.map.grid
    tile = state.map.tiles.get(battle.coord)
    terrain = tile.terrain if tile is not None else Terrain.PLAIN
    around = [_step(grid, battle.coord, d) for d in range(6)]
    players = battle.attacker.players
    anchored = {s.coord for s in state.ships.values() if s.owner in players and s.army_id is None}
    armies = {state.armies[i].coord for i in battle.attacker.army_ids if i in state.armies}
    ships = [d for d, c in enumerate(around) if c is not None and c in anchored]
    landing = bool(ships) and terrain is not Terrain.SEA and battle.kind is not BattleKind.NAVAL
    came = ships or [d for d, c in enumerate(around) if c is not None and c in armies]
    attacker_dir = came[0] if came else _drawn_side(seed)
    neighbours = tuple(_terrain(state, around[(attacker_dir + i) % 6]) for i in range(6))
    structure = None
    capital = False
    sid = battle.defender.structure_id
    if sid is not None and sid in state.structures:
        structure = state.structures[sid].kind
        capital = state.structures[sid].is_capital
    return Encounter(
        battle_id=battle.id,
        battle_kind=battle.kind,
        terrain=terrain,
        neighbours=neighbours,
        structure=structure,
        capital=capital,
        siege_draws=battle.siege_draws,
        season=state.season if state.options.seasons else None,
        landing=landing,
    )


def _drawn_side(seed: str) -> int:
    """A neighbour's direction (0–5) drawn from the seed."""
    return int(hashlib.sha256(f"side:{seed}".encode()).hexdigest(), 16) % 6


def _step(grid: Grid, c: Coord, direction: int) -> Coord | None:
    dq, dr = DIRECTIONS[direction]
    n = grid.normalize((c[0] + dq, c[1] + dr))
    return None if n is None or n == c else n


def _terrain(state: CampaignState, c: Coord | None) -> Terrain | None:
    if c is None:
        return None
    tile = state.map.tiles.get(c)
    return tile.terrain if tile is not None else None


def kind_of(e: Encounter) -> PackKind:
    """The battle's kind on the table (R-PACK-1): at sea, naval; against a structure, an
    assault on it, or a sally once a siege of it was drawn; else a landing if the attacker
    came ashore, a field battle otherwise."""
    if e.battle_kind is BattleKind.NAVAL or e.terrain is Terrain.SEA:
        return PackKind.NAVAL
    if e.battle_kind in (BattleKind.SIEGE, BattleKind.ASSAULT):
        return PackKind.SALLY if e.siege_draws > 0 else PackKind.SIEGE_ASSAULT
    return PackKind.LANDING if e.landing else PackKind.FIELD


def sea_edges(e: Encounter) -> tuple[int, ...]:
    """The table edges with the sea along them (0 bottom, 1 right, 2 top, 3 left): a sea
    neighbour behind a side, or beside it; a landing's attacker always has the sea behind."""
    edges: set[int] = set()
    for i, t in enumerate(e.neighbours):
        if t is Terrain.SEA:
            edges.add(_EDGE_OF[i])
    if kind_of(e) is PackKind.LANDING:
        edges.add(0)
    if kind_of(e) is PackKind.NAVAL:
        return ()
    return tuple(sorted(edges))


_EDGE_OF = (0, 1, 1, 2, 3, 3)  # a relative neighbour → the table edge it lies beyond

# ------------------------------------------------------------------------- the table


# Every listed system plays on a 6'×4' table; a system not listed too (R-PACK-2).
TABLES: dict[str, Table] = {
    "old_world": Table(72, 48),
    "ninth_age": Table(72, 48),
    "whfb8": Table(72, 48),
    "kings_of_war": Table(72, 48),
}
DEFAULT_TABLE = Table(72, 48)


def table_for(game_system: str) -> Table:
    return TABLES.get(game_system, DEFAULT_TABLE)


def pack_seed(salt: int, battle_id: int) -> str:
    """The deployment's seed (R-PACK-2): from the campaign's secret salt and the battle id,
    one way, so that the seed printed on a pack tells nothing of the salt."""
    return hashlib.sha256(f"marchlords-pack:{salt}:{battle_id}".encode()).hexdigest()[:16]


# Pieces drawn on a hex of each terrain: how many (at least, at most) and their kinds: half of
# them (rounded up) of the first, the others each kind as often as it is listed (R-PACK-2).
DENSITY: dict[Terrain, tuple[int, int, tuple[PieceKind, ...]]] = {
    Terrain.PLAIN: (4, 6, (PieceKind.HILL, PieceKind.WOOD, PieceKind.FIELDS, PieceKind.BUILDING)),
    Terrain.FOREST: (8, 10, (PieceKind.WOOD,) * 4 + (PieceKind.HILL,)),
    Terrain.MOUNTAIN: (7, 9, (PieceKind.HILL,) * 2 + (PieceKind.ROCKS,)),
    Terrain.MARSH: (6, 8, (PieceKind.MARSH,) * 3 + (PieceKind.POND, PieceKind.WOOD)),
    Terrain.DESERT: (3, 5, (PieceKind.DUNES,) * 2 + (PieceKind.ROCKS, PieceKind.RUINS)),
    Terrain.COAST: (4, 6, (PieceKind.HILL, PieceKind.ROCKS, PieceKind.BUILDING)),
    Terrain.OASIS: (4, 6, (PieceKind.DUNES, PieceKind.WOOD, PieceKind.POND)),
    Terrain.CITY: (5, 7, (PieceKind.BUILDING,) * 3 + (PieceKind.FIELDS, PieceKind.RUINS)),
    Terrain.PORT: (5, 7, (PieceKind.BUILDING,) * 2 + (PieceKind.RUINS,)),
    Terrain.SEA: (2, 4, (PieceKind.ROCKS,)),
}
# A neighbour's terrain puts one piece of its kind near the edge it lies beyond.
NEIGHBOUR_PIECE: dict[Terrain, PieceKind] = {
    Terrain.FOREST: PieceKind.WOOD,
    Terrain.MOUNTAIN: PieceKind.HILL,
    Terrain.MARSH: PieceKind.MARSH,
    Terrain.DESERT: PieceKind.DUNES,
    Terrain.CITY: PieceKind.BUILDING,
}
_SIZES: dict[PieceKind, tuple[int, int]] = {  # smallest and largest side, inches
    PieceKind.WOOD: (6, 10),
    PieceKind.HILL: (6, 12),
    PieceKind.MARSH: (5, 9),
    PieceKind.ROCKS: (3, 6),
    PieceKind.DUNES: (6, 10),
    PieceKind.POND: (4, 7),
    PieceKind.RUINS: (4, 7),
    PieceKind.BUILDING: (3, 6),
    PieceKind.FIELDS: (6, 9),
    PieceKind.TOWER: (3, 4),
    PieceKind.SHIP: (3, 4),
}
SEA_DEPTH = 8  # inches of water along a sea edge
MAX_TRIES = 40  # attempts to place one piece clear of the others


def zones(kind: PackKind) -> tuple[Zone, Zone]:
    """Each side's deployment zone (R-PACK-2): 12" bands; a city's defenders hold 16"
    behind their walls, a landing comes ashore on a 8" beach."""
    attacker = 8 if kind is PackKind.LANDING else 12
    defender = 16 if kind in (PackKind.SIEGE_ASSAULT, PackKind.SALLY) else 12
    return Zone("attacker", attacker), Zone("defender", defender)


def deploy(e: Encounter, seed: str, table: Table) -> tuple[Piece, ...]:
    """The terrain pieces on the table (R-PACK-2), drawn by a generator seeded with `seed`:
    the sea along its edges, the structure (walls across the defender's zone, or a tower),
    then pieces whose number and kinds follow the hex's terrain and one per neighbouring
    forest, mountain, marsh, desert or city, each clear of the others and of the zones'
    middle where it can be. The same inputs give the same pieces."""
    rng = random.Random(f"{seed}:{e.battle_id}")  # noqa: S311 — a table, not a secret
    kind = kind_of(e)
    w, d = table.width, table.depth
    pieces: list[Piece] = []
    for edge in sea_edges(e):
        pieces.append(_sea(edge, w, d))
    _, defender_zone = zones(kind)
    if kind in (PackKind.SIEGE_ASSAULT, PackKind.SALLY):
        if e.structure is StructureKind.CITY:
            pieces.append(Piece(PieceKind.WALLS, w / 2, defender_zone.depth, w * 2 / 3, 1, 0))
        else:
            pieces.append(Piece(PieceKind.TOWER, w / 2, defender_zone.depth / 2, 4, 4, 0))
    if kind is PackKind.NAVAL:
        pieces.append(Piece(PieceKind.SHIP, w / 2, 6, 4, 10, 90))
        pieces.append(Piece(PieceKind.SHIP, w / 2, d - 6, 4, 10, 90))
    low, high, kinds = DENSITY[e.terrain]
    count = rng.randint(low, high)
    # The terrain's own kind (listed first) makes at least half of them.
    wanted = [kinds[0]] * ((count + 1) // 2)
    wanted += [rng.choice(kinds) for _ in range(count - len(wanted))]
    near: list[tuple[PieceKind, int]] = [
        (NEIGHBOUR_PIECE[t], _EDGE_OF[i])
        for i, t in enumerate(e.neighbours)
        if t is not None and t in NEIGHBOUR_PIECE
    ]
    if e.season is Season.WINTER:  # marshes are frozen
        wanted = [PieceKind.POND if k is PieceKind.MARSH else k for k in wanted]
        near = [(PieceKind.POND if k is PieceKind.MARSH else k, edge) for k, edge in near]
    for k in wanted:
        _place(rng, pieces, k, None, table)
    for k, edge in near:
        _place(rng, pieces, k, edge, table)
    return tuple(pieces)


def _sea(edge: int, w: int, d: int) -> Piece:
    if edge in (0, 2):
        y = d - SEA_DEPTH / 2 if edge == 0 else SEA_DEPTH / 2
        return Piece(PieceKind.SEA, w / 2, y, w, SEA_DEPTH, 0)
    x = w - SEA_DEPTH / 2 if edge == 1 else SEA_DEPTH / 2
    return Piece(PieceKind.SEA, x, d / 2, SEA_DEPTH, d, 0)


def _overlaps(a: Piece, x: float, y: float, pw: float, pd: float) -> bool:
    reach_a = max(a.width, a.depth) / 2
    reach_b = max(pw, pd) / 2
    if a.kind in (PieceKind.SEA, PieceKind.WALLS):  # long bands: their rectangle
        return abs(a.x - x) < a.width / 2 + reach_b and abs(a.y - y) < a.depth / 2 + reach_b
    return (a.x - x) ** 2 + (a.y - y) ** 2 < (reach_a + reach_b + 1) ** 2


def _place(
    rng: random.Random, pieces: list[Piece], kind: PieceKind, edge: int | None, table: Table
) -> None:
    """One piece, clear of the others (given up after `MAX_TRIES`: the table is full)."""
    small, large = _SIZES[kind]
    for _ in range(MAX_TRIES):
        pw, pd = rng.randint(small, large), rng.randint(small, large)
        margin = max(pw, pd) / 2
        x = rng.uniform(margin, table.width - margin)
        y = rng.uniform(margin, table.depth - margin)
        if edge == 0:
            y = rng.uniform(table.depth - 12, table.depth - margin)
        elif edge == 2:
            y = rng.uniform(margin, 12)
        elif edge == 1:
            x = rng.uniform(table.width - 16, table.width - margin)
        elif edge == 3:
            x = rng.uniform(margin, 16)
        if not any(_overlaps(p, x, y, pw, pd) for p in pieces):
            pieces.append(Piece(kind, round(x, 1), round(y, 1), pw, pd, rng.randrange(0, 180, 15)))
            return


# --------------------------------------------------------------------------- scenarios


_SCENARIOS: dict[str, dict[PackKind, str]] = {
    "old_world": {
        PackKind.FIELD: "Upon the Field of Glory",
        PackKind.LANDING: "A Chance Encounter",
        PackKind.SIEGE_ASSAULT: "Close Quarters",
        PackKind.SALLY: "Drawn Battlelines",
        PackKind.NAVAL: "Upon the Field of Glory",
    },
    "ninth_age": {
        PackKind.FIELD: "Frontline, Hold the Ground",
        PackKind.LANDING: "Dawn Assault, Breakthrough",
        PackKind.SIEGE_ASSAULT: "Encircle, Secure Target",
        PackKind.SALLY: "Counterthrust, Breakthrough",
        PackKind.NAVAL: "Refused Flank, King of the Hill",
    },
    "whfb8": {
        PackKind.FIELD: "Battleline",
        PackKind.LANDING: "Dawn Attack",
        PackKind.SIEGE_ASSAULT: "The Watchtower",
        PackKind.SALLY: "Blood and Glory",
        PackKind.NAVAL: "Meeting Engagement",
    },
    "kings_of_war": {
        PackKind.FIELD: "Kill",
        PackKind.LANDING: "Invade",
        PackKind.SIEGE_ASSAULT: "Dominate",
        PackKind.SALLY: "Pillage",
        PackKind.NAVAL: "Control",
    },
}
_REFERENCES: dict[str, str] = {
    "old_world": "Warhammer: The Old World rulebook, Scenarios",
    "ninth_age": "The 9th Age rulebook, Deployment Types and Secondary Objectives",
    "whfb8": "Warhammer 8th edition rulebook, Pitched Battles",
    "kings_of_war": "Kings of War rulebook, Scenarios",
}


def scenario(game_system: str, kind: PackKind) -> Scenario | None:
    """The suggested scenario of the campaign's game system for the kind (R-PACK-1); None
    for a system not listed (the players choose)."""
    names = _SCENARIOS.get(game_system)
    if names is None:
        return None
    return Scenario(names[kind], _REFERENCES[game_system])


# ----------------------------------------------------------------------- forces, stakes


def rough_size(points: int, coefficient_pct: int) -> Size:
    """An army's size as seen from afar (R-PACK-3), by its points in The Old World's."""
    old_world = points * 100 // max(coefficient_pct, 1)
    if old_world < 1000:
        return Size.SMALL
    if old_world < 2000:
        return Size.MEDIUM
    if old_world < 3000:
        return Size.LARGE
    return Size.HUGE


class Effect(StrEnum):
    """What an outcome does on the map (R-BAT-7, R-SIEGE)."""

    DEFENDER_RETREATS = "defender_retreats"  # R-BAT-7
    WINNER_MOVES_IN = "winner_moves_in"  # R-BAT-7, after a field battle
    ATTACKER_STAYS = "attacker_stays"  # R-BAT-7: a beaten attacker stays where it stopped
    CAPTURE_OR_DESTROY = "capture_or_destroy"  # R-SIEGE-2/4
    CAPITAL_REPULSES = "capital_repulses"  # R-SIEGE-2
    SIEGE_GOES_ON = "siege_goes_on"  # R-SIEGE-3: a drawn siege
    NOTHING_MOVES = "nothing_moves"  # R-BAT-7: after a draw


def stakes(e: Encounter) -> dict[str, tuple[Effect, ...]]:
    """Each outcome's effects on the map (R-BAT-7, R-SIEGE): the pack's stakes."""
    against_structure = e.battle_kind in (BattleKind.SIEGE, BattleKind.ASSAULT)
    won: tuple[Effect, ...]
    if not against_structure:
        won = (Effect.DEFENDER_RETREATS, Effect.WINNER_MOVES_IN)
    elif e.capital:
        won = (Effect.CAPITAL_REPULSES,)
    else:
        won = (Effect.CAPTURE_OR_DESTROY,)
    drawn = (
        (Effect.SIEGE_GOES_ON,) if e.battle_kind is BattleKind.SIEGE else (Effect.NOTHING_MOVES,)
    )
    lost = (Effect.ATTACKER_STAYS,)
    return {"attacker_victory": won, "draw": drawn, "defender_victory": lost}
