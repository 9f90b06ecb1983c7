"""Map documents (R-MAP): validation, the built-in maps and the seeded map generator."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeGuard

from app.rules.hexgrid import Coord, Grid, Wrap, from_offset
from app.rules.state import MapData, StartSlot, Tag, Terrain, Tile

MIN_SIZE = 2
MAX_SIZE = 128
MIN_SLOTS = 2

Fault = tuple[str, str]

# R-MAP-3: these terrains always carry their tag.
IMPLIED_TAGS: Mapping[Terrain, Tag] = {
    Terrain.CITY: Tag.CITY_SITE,
    Terrain.COAST: Tag.COAST,
    Terrain.PORT: Tag.COAST,
}

_TILE_KEYS = frozenset({"q", "r", "terrain", "tags", "name"})
_SLOT_KEYS = frozenset({"q", "r", "name"})
_MAP_KEYS = frozenset({"name", "width", "height", "wrap", "tiles", "slots"})


class MapError(ValueError):
    """A map document that does not validate: every fault as (path, message)."""

    def __init__(self, faults: list[Fault]) -> None:
        super().__init__("; ".join(f"{path}: {message}" for path, message in faults))
        self.faults = faults


# ------------------------------------------------------------------------- documents


def map_to_dict(m: MapData) -> dict[str, Any]:
    """The map as a JSON-safe document (tiles in row order, tags sorted)."""
    tiles: list[dict[str, Any]] = []
    for c in m.grid.coords():
        tile = m.tiles[c]
        entry: dict[str, Any] = {"q": c[0], "r": c[1], "terrain": tile.terrain.value}
        if tile.tags:
            entry["tags"] = sorted(t.value for t in tile.tags)
        if tile.name is not None:
            entry["name"] = tile.name
        tiles.append(entry)
    slots: list[dict[str, Any]] = []
    for s in m.slots:
        slot: dict[str, Any] = {"q": s.coord[0], "r": s.coord[1]}
        if s.name is not None:
            slot["name"] = s.name
        slots.append(slot)
    return {
        "name": m.name,
        "width": m.width,
        "height": m.height,
        "wrap": m.wrap.value,
        "tiles": tiles,
        "slots": slots,
    }


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class _Parser:
    def __init__(self) -> None:
        self.faults: list[Fault] = []

    def check(self, condition: bool, path: str, message: str) -> bool:
        if not condition:
            self.faults.append((path, message))
        return condition

    def keys(self, data: Mapping[str, Any], known: frozenset[str], path: str) -> None:
        for key in sorted(set(data) - known, key=str):
            self.faults.append((f"{path}.{key}" if path else str(key), "unknown key"))

    def size(self, data: Mapping[str, Any], key: str) -> int | None:
        value = data.get(key)
        if not _is_int(value):
            self.faults.append((key, "expected an integer"))
            return None
        ok = MIN_SIZE <= value <= MAX_SIZE
        return value if self.check(ok, key, f"must be {MIN_SIZE} to {MAX_SIZE}") else None

    def coord(self, item: Mapping[str, Any], path: str) -> Coord | None:
        q, r = item.get("q"), item.get("r")
        self.check(_is_int(q), f"{path}.q", "expected an integer")
        self.check(_is_int(r), f"{path}.r", "expected an integer")
        return (q, r) if _is_int(q) and _is_int(r) else None

    def name(self, item: Mapping[str, Any], path: str) -> str | None:
        value = item.get("name")
        if value is None or self.check(isinstance(value, str), f"{path}.name", "expected a string"):
            return value
        return None

    def tile(self, item: Any, path: str) -> Tile | None:
        if not self.check(isinstance(item, Mapping), path, "expected an object"):
            return None
        self.keys(item, _TILE_KEYS, path)
        coord = self.coord(item, path)
        terrain_value = item.get("terrain")
        terrains = [t.value for t in Terrain]
        ok = self.check(terrain_value in terrains, f"{path}.terrain", "unknown terrain")
        raw_tags = item.get("tags", [])
        tags: set[Tag] = set()
        if self.check(isinstance(raw_tags, list), f"{path}.tags", "expected a list"):
            for i, t in enumerate(raw_tags):
                if self.check(t in [g.value for g in Tag], f"{path}.tags[{i}]", "unknown tag"):
                    tags.add(Tag(t))
        name = self.name(item, path)
        if coord is None or not ok:
            return None
        terrain = Terrain(terrain_value)
        implied = IMPLIED_TAGS.get(terrain)
        if implied is not None:
            tags.add(implied)  # R-MAP-3: a city tile is a city site, a coast/port tile a coast
        return Tile(coord, terrain, frozenset(tags), name)

    def slot(self, item: Any, path: str) -> StartSlot | None:
        if not self.check(isinstance(item, Mapping), path, "expected an object"):
            return None
        self.keys(item, _SLOT_KEYS, path)
        coord = self.coord(item, path)
        name = self.name(item, path)
        return None if coord is None else StartSlot(coord, name)

    def listing(self, data: Mapping[str, Any], key: str) -> list[Any]:
        value = data.get(key)
        if isinstance(value, list):
            return value
        self.faults.append((key, "expected a list"))
        return []


def map_from_dict(d: Mapping[str, Any]) -> MapData:
    """Parse and validate a map document (R-MAP-4); raise MapError listing every fault."""
    p = _Parser()
    if not isinstance(d, Mapping):
        raise MapError([("$", "expected an object")])
    p.keys(d, _MAP_KEYS, "")
    width, height = p.size(d, "width"), p.size(d, "height")
    wrap_value = d.get("wrap", Wrap.NONE.value)
    p.check(wrap_value in [w.value for w in Wrap], "wrap", "expected none, horizontal or torus")
    name = d.get("name", "")
    p.check(isinstance(name, str), "name", "expected a string")
    raw_tiles, raw_slots = p.listing(d, "tiles"), p.listing(d, "slots")
    tiles = [p.tile(item, f"tiles[{i}]") for i, item in enumerate(raw_tiles)]
    slots = [p.slot(item, f"slots[{i}]") for i, item in enumerate(raw_slots)]
    if p.faults or width is None or height is None:
        raise MapError(p.faults)
    grid = Grid(width, height, Wrap(wrap_value))
    by_coord: dict[Coord, Tile] = {}
    index: dict[Coord, int] = {}
    for i, tile in enumerate(tiles):
        if tile is None:  # unreachable: parse faults were raised above
            continue
        if not p.check(grid.contains(tile.coord), f"tiles[{i}]", "off the map"):
            continue
        if p.check(tile.coord not in by_coord, f"tiles[{i}]", f"duplicate tile {tile.coord}"):
            by_coord[tile.coord] = tile
            index[tile.coord] = i
    ordered = {c: by_coord[c] for c in grid.coords() if c in by_coord}
    m = MapData(
        width=width,
        height=height,
        wrap=grid.wrap,
        tiles=ordered,
        slots=tuple(s for s in slots if s is not None),
        name=name,
    )
    p.faults.extend(_check_map(m, lambda c: f"tiles[{index[c]}]", "slots"))
    if p.faults:
        raise MapError(p.faults)
    return m


def validate_map(m: MapData) -> list[Fault]:
    """Every fault of an already-built map (size, tiles, tags, slots), paths by coordinate."""
    return _check_map(m, lambda c: f"tiles({c[0]},{c[1]})", "slots")


def _check_map(m: MapData, where: Callable[[Coord], str], slots_path: str) -> list[Fault]:
    faults: list[Fault] = []
    for key, size in (("width", m.width), ("height", m.height)):
        if not MIN_SIZE <= size <= MAX_SIZE:
            faults.append((key, f"must be {MIN_SIZE} to {MAX_SIZE}"))
    if m.wrap is Wrap.TORUS and m.height % 2:
        faults.append(("height", "a torus needs an even height"))
    if faults:
        return faults
    grid = m.grid
    expected = list(grid.coords())
    missing = [c for c in expected if c not in m.tiles]
    if missing:
        shown = ", ".join(f"({q},{r})" for q, r in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        faults.append(("tiles", f"missing tiles {shown}{more}"))
    for c in sorted(set(m.tiles) - set(expected)):
        faults.append((where(c), "off the map"))
    for c in expected:
        if c in m.tiles:
            faults.extend(_check_tile(m, grid, m.tiles[c], where(c)))
    faults.extend(_check_slots(m, slots_path))
    return faults


def _check_tile(m: MapData, grid: Grid, tile: Tile, path: str) -> list[Fault]:
    faults: list[Fault] = []
    implied = IMPLIED_TAGS.get(tile.terrain)
    if implied is not None and implied not in tile.tags:
        faults.append((path, f"{tile.terrain.value} terrain must be tagged {implied.value}"))
    if not tile.is_land:
        faults.extend((path, f"a sea tile cannot be tagged {t.value}") for t in sorted(tile.tags))
    elif Tag.COAST in tile.tags:
        # A missing neighbour is reported as missing; it does not count as sea.
        neighbours = (m.tiles.get(n) for n in grid.neighbours(tile.coord))
        if not any(n is not None and n.terrain is Terrain.SEA for n in neighbours):
            faults.append((path, "a coast must touch the sea"))
    return faults


def _check_slots(m: MapData, path: str) -> list[Fault]:
    faults: list[Fault] = []
    if len(m.slots) < MIN_SLOTS:
        faults.append((path, f"at least {MIN_SLOTS} start slots are needed"))
    seen: set[Coord] = set()
    for i, slot in enumerate(m.slots):
        tile = m.tiles.get(slot.coord)
        if not m.grid.contains(slot.coord):
            faults.append((f"{path}[{i}]", "off the map"))
        elif tile is not None and not tile.is_land:  # a missing tile is reported already
            faults.append((f"{path}[{i}]", "a start slot must be on land"))
        if slot.coord in seen:
            faults.append((f"{path}[{i}]", "duplicate start slot"))
        seen.add(slot.coord)
    return faults


# ------------------------------------------------------------------------ built-ins

# The one-character notation of map pictures (built-in maps here, test maps in tests/rules).
TERRAIN_CHARS: Mapping[str, Terrain] = {
    ".": Terrain.PLAIN,
    "f": Terrain.FOREST,
    "m": Terrain.MOUNTAIN,
    "w": Terrain.MARSH,
    "d": Terrain.DESERT,
    "c": Terrain.COAST,
    "o": Terrain.OASIS,
    "C": Terrain.CITY,
    "P": Terrain.PORT,
    "~": Terrain.SEA,
}


def map_from_picture(
    name: str,
    rows: Iterable[str],
    slots: Iterable[tuple[int, int, str]],
    names: Mapping[tuple[int, int], str] | None = None,
    wrap: Wrap = Wrap.NONE,
) -> MapData:
    """A map from an ASCII picture (odd-r offset rows); slots and names by (column, row)."""
    picture = list(rows)
    names = names or {}
    tiles: dict[Coord, Tile] = {}
    for row, line in enumerate(picture):
        for col, char in enumerate(line):
            terrain = TERRAIN_CHARS[char]
            implied = IMPLIED_TAGS.get(terrain)
            tags = frozenset() if implied is None else frozenset({implied})
            c = from_offset(col, row)
            tiles[c] = Tile(c, terrain, tags, names.get((col, row)))
    return MapData(
        width=len(picture[0]),
        height=len(picture),
        wrap=wrap,
        tiles=tiles,
        slots=tuple(StartSlot(from_offset(col, row), label) for col, row, label in slots),
        name=name,
    )


# A loose Old World: Naggaroth and Lustria to the west, Ulthuan in the Great Ocean, the Empire,
# Bretonnia and Kislev in the middle, the Chaos Wastes north, the Dark Lands and Cathay east,
# Araby and Nehekhara south. Four slots are on coast tiles (the Dark Elves need one).
_OLD_WORLD_ROWS = (
    "mmwc~~~~~mC.fmwwwwmmCwwwmmww",
    "mC.c~~~~~f..ccwwdwwmmww.wmCm",
    "m..c~~~~~~~~~~~wwww.ww..w.mm",
    "w..c~~~~~cc.CcP.f.ff..C.mmC.",
    "wf.c~~~~~c.ff.f..Cf.f.mm.m..",
    "wC.c~~~~~P..f.f.f..f..m..m..",
    "m..c~~~~~cC.f.C..f.....w.m..",
    "mf.c~~~~~c.f....f.f.ww.m.C..",
    "m..c~~~~~c.f.f.fC..wwwm.m...",
    "wC.c~~cc~c..f...f...wCm.m...",
    "m..c~cf.~c.fff...f...mmm.dd.",
    "f..c~c.C~c.ff...C.....m.d.dC",
    "m..c~~Cc~c.f.f....f..mCm.dd.",
    "f..c~~~~~cC.www.....m.m.dddd",
    "w.c~~~~~~~C.wwwC..f...mmCddd",
    "ff.c~~~~~~~~~~~~~~~..m.d.ddo",
    "fwC.c~~~~~~ccddcccc..fC.ddod",
    "f.f.c~~~~~c.dCd.Cdodd.ddCddd",
    "ff.C.c~~~~~c.d.d.ddodCd.ddmm",
    "fff..c~~~~~~c.dd.d.d.dd.dmmm",
)

_OLD_WORLD_SLOTS: tuple[tuple[int, int, str], ...] = (
    (3, 5, "Naggaroth coast"),
    (4, 17, "Lustrian coast"),
    (6, 9, "Ulthuan"),
    (9, 8, "Bretonnian coast"),
    (15, 5, "Reikland"),
    (12, 11, "Athel Loren"),
    (19, 3, "Drakwald"),
    (16, 0, "Chaos Wastes"),
    (23, 1, "Realm of Chaos gate"),
    (26, 5, "Great Bastion"),
    (26, 9, "Mountains of Mourn"),
    (26, 12, "Plain of Zharr"),
    (23, 10, "World's Edge Mountains"),
    (20, 8, "Sylvania"),
    (13, 14, "Blighted Marshes"),
    (20, 15, "Badlands"),
    (18, 18, "Land of the Dead"),
)

_OLD_WORLD_NAMES: Mapping[tuple[int, int], str] = {
    (10, 0): "Norsca",
    (20, 0): "Sarl Hold",
    (1, 1): "Clar Karond",
    (26, 1): "Kurgan Steppe",
    (12, 3): "Marienburg",
    (14, 3): "Marienburg Docks",
    (9, 5): "L'Anguille",
    (22, 3): "Kislev",
    (26, 3): "Wei-Jin",
    (17, 4): "Middenheim",
    (1, 5): "Naggarond",
    (10, 6): "Couronne",
    (14, 6): "Altdorf",
    (25, 7): "Shang-Yang",
    (16, 8): "Nuln",
    (1, 9): "Har Ganeth",
    (21, 9): "Drakenhof",
    (7, 11): "Lothern",
    (16, 11): "Averheim",
    (22, 12): "Karaz-a-Karak",
    (6, 12): "Tor Yvresse",
    (27, 11): "Fort of Blood",
    (10, 13): "Magritta",
    (10, 14): "Miragliano",
    (15, 14): "Skavenblight",
    (24, 14): "Zharr-Naggrund",
    (2, 16): "Hexoatl",
    (22, 16): "Black Crag",
    (13, 17): "Al-Haikk",
    (16, 17): "Lybaras",
    (24, 17): "Khemri",
    (3, 18): "Itza",
    (21, 18): "Zandri",
}

_SKIRMISH_ROWS = (
    ".f..C..f..",
    ".m......m.",
    "C.f....f.C",
    ".c~~~~~c..",
    ".c~~~~~c..",
    "..f....f.C",
    "C.m.....m.",
    ".f..C..f..",
)

_SKIRMISH_SLOTS: tuple[tuple[int, int, str], ...] = (
    (2, 1, "North-west"),
    (7, 1, "North-east"),
    (1, 4, "West shore"),
    (7, 4, "East shore"),
)


def builtin_maps() -> dict[str, MapData]:
    """The maps the server ships (R-MAP-4), by key."""
    return {
        "old_world": map_from_picture(
            "The Old World", _OLD_WORLD_ROWS, _OLD_WORLD_SLOTS, _OLD_WORLD_NAMES
        ),
        "skirmish": map_from_picture("Skirmish", _SKIRMISH_ROWS, _SKIRMISH_SLOTS),
    }


# ------------------------------------------------------------------------ generator

_LAND_SHARE_PCT = 60
_REGION_SIZE = 10  # tiles per terrain region, on average
_REGION_TERRAINS: tuple[tuple[Terrain, int], ...] = (
    (Terrain.PLAIN, 40),
    (Terrain.FOREST, 25),
    (Terrain.MOUNTAIN, 12),
    (Terrain.MARSH, 12),
    (Terrain.DESERT, 11),
)
_COAST_PCT = 70  # share of sea-touching land drawn as coast terrain
_PORT_PCT = 10  # share of coast terrain drawn as port sites
_OASIS_PCT = 8
_CITY_TERRAIN_PCT = 50  # city sites drawn as `city` terrain rather than a tag
_SITES_PER_SLOT = 3
_SITE_RADIUS = 4  # a slot's own city sites lie 2..4 tiles away
_WILD_SITE_EVERY = 12  # one more city site per this many tiles far from every slot
_COAST_SLOTS = 2
_ATTEMPTS = 50
TILES_PER_PLAYER = 4
"""The generator places at most one player per this many tiles."""


class _Gen:
    """One generation run: the grid, its neighbour table and the seeded random source."""

    def __init__(self, grid: Grid, rng: random.Random) -> None:
        self.grid = grid
        self.rng = rng
        self.coords = list(grid.coords())
        self.order = {c: i for i, c in enumerate(self.coords)}
        self.nbrs = {c: grid.neighbours(c) for c in self.coords}
        self.nbr_index = [[self.order[n] for n in self.nbrs[c]] for c in self.coords]

    def distances(self, start: Coord) -> dict[Coord, int]:
        """Hex distance from `start` to every tile (breadth-first over the wrapped grid)."""
        # Integer indices keep this hot loop fast (17 runs on a 64x64 map).
        dist = [-1] * len(self.coords)
        first = self.order[start]
        dist[first] = 0
        queue = deque([first])
        while queue:
            i = queue.popleft()
            for n in self.nbr_index[i]:
                if dist[n] < 0:
                    dist[n] = dist[i] + 1
                    queue.append(n)
        return dict(zip(self.coords, dist, strict=True))

    def grow_land(self, target: int) -> set[Coord]:
        """A connected land mass of `target` tiles, grown at random from one tile."""
        start = self.rng.choice(self.coords)
        land = {start}
        frontier = list(self.nbrs[start])
        while len(land) < target and frontier:
            i = self.rng.randrange(len(frontier))
            frontier[i], frontier[-1] = frontier[-1], frontier[i]
            c = frontier.pop()
            if c in land:
                continue
            land.add(c)
            frontier.extend(n for n in self.nbrs[c] if n not in land)
        return land

    def regions(self, land: list[Coord]) -> dict[Coord, Terrain]:
        """Land terrain in blobs: a breadth-first race from random region seeds."""
        names = [t for t, _ in _REGION_TERRAINS]
        weights = [w for _, w in _REGION_TERRAINS]
        seeds = self.rng.sample(land, max(1, len(land) // _REGION_SIZE))
        terrain = {s: self.rng.choices(names, weights)[0] for s in seeds}
        queue = deque(seeds)
        land_set = set(land)
        while queue:
            c = queue.popleft()
            for n in self.nbrs[c]:
                if n in land_set and n not in terrain:
                    terrain[n] = terrain[c]
                    queue.append(n)
        return terrain

    def farthest(self, candidates: list[Coord], nearest: dict[Coord, int]) -> Coord:
        best = max(nearest[c] for c in candidates)
        return self.rng.choice([c for c in candidates if nearest[c] == best])

    def pick_slots(
        self, land: list[Coord], coasts: list[Coord], players: int
    ) -> tuple[list[Coord], list[dict[Coord, int]]]:
        """Slots spread by farthest-point sampling; the first two on coast tiles."""
        slots = [self.rng.choice(coasts)]
        dists = [self.distances(slots[0])]
        nearest = dict(dists[0])
        while len(slots) < players:
            pool = coasts if len(slots) < _COAST_SLOTS else land
            slot = self.farthest([c for c in pool if c not in slots], nearest)
            slots.append(slot)
            dists.append(self.distances(slot))
            for c, d in dists[-1].items():
                nearest[c] = min(nearest[c], d)
        return slots, dists

    def city_sites(
        self,
        land: list[Coord],
        slots: list[Coord],
        dists: list[dict[Coord, int]],
        blocked: set[Coord],
    ) -> list[Coord]:
        """Each slot's own sites (2..4 away, strictly nearest to it), then wild ones far off."""
        sites: list[Coord] = []
        site_set: set[Coord] = set()
        taken: set[Coord] = set(slots) | blocked

        def take(c: Coord) -> bool:
            if c in taken or any(n in site_set for n in self.nbrs[c]):
                return False
            sites.append(c)
            site_set.add(c)
            return True

        own: list[list[Coord]] = [[] for _ in slots]
        nearest: dict[Coord, int] = {}
        for c in land:
            ds = [d[c] for d in dists]
            nearest[c] = min(ds)
            if ds.count(nearest[c]) == 1 and 2 <= nearest[c] <= _SITE_RADIUS:
                own[ds.index(nearest[c])].append(c)
        for candidates in own:
            self.rng.shuffle(candidates)
            mine = 0
            for c in candidates:
                if mine < _SITES_PER_SLOT and take(c):
                    mine += 1
        wild = [c for c in land if nearest[c] > _SITE_RADIUS]
        self.rng.shuffle(wild)
        budget = len(wild) // _WILD_SITE_EVERY
        for c in wild:
            if budget > 0 and take(c):
                budget -= 1
        return sorted(sites, key=self.order.__getitem__)

    def percent(self, pct: int) -> bool:
        return self.rng.randrange(100) < pct


def generation_faults(width: int, height: int, players: int, wrap: Wrap) -> list[Fault]:
    """Why these generator settings are refused (R-MAP-4), by parameter; empty if they are not."""
    faults: list[Fault] = []
    for key, size in (("width", width), ("height", height)):
        if not MIN_SIZE <= size <= MAX_SIZE:
            faults.append((key, f"must be {MIN_SIZE} to {MAX_SIZE}"))
    if wrap is Wrap.TORUS and height % 2:
        faults.append(("height", "a torus needs an even height"))
    most = width * height // TILES_PER_PLAYER
    if not MIN_SLOTS <= players <= most:
        room = f"{MIN_SLOTS} to {most}" if most >= MIN_SLOTS else f"at least {MIN_SLOTS}, no room"
        faults.append(("players", f"must be {room} on a {width}x{height} map"))
    return faults


def generate_map(
    width: int, height: int, players: int, seed: int | str, wrap: Wrap = Wrap.NONE
) -> MapData:
    """A random map, the same for the same arguments (R-MAP-4); raise MapError if impossible."""
    faults = generation_faults(width, height, players, wrap)
    if faults:
        raise MapError(faults)
    gen = _Gen(Grid(width, height, wrap), random.Random(seed))  # noqa: S311 - layout, not secrets
    total = width * height
    target = min(total - 1, max(total * _LAND_SHARE_PCT // 100, players * 3))
    for _ in range(_ATTEMPTS):
        built = _generate_once(gen, target, players, f"Generated {width}x{height} #{seed}")
        if built is not None:
            return built
    raise MapError([("seed", "no playable map found with these settings; try another seed")])


def _generate_once(gen: _Gen, target: int, players: int, name: str) -> MapData | None:
    land_set = gen.grow_land(target)
    land = [c for c in gen.coords if c in land_set]
    coasts = [c for c in land if any(n not in land_set for n in gen.nbrs[c])]
    if len(coasts) < _COAST_SLOTS or len(land) < players:
        return None
    terrain = gen.regions(land)
    slots, dists = gen.pick_slots(land, coasts, players)
    coast_slots = set(slots[:_COAST_SLOTS])
    tags: dict[Coord, set[Tag]] = {c: set() for c in gen.coords}
    for c in coasts:
        if c in coast_slots or (c not in slots and gen.percent(_COAST_PCT)):
            terrain[c] = (
                Terrain.PORT if c not in slots and gen.percent(_PORT_PCT) else Terrain.COAST
            )
            tags[c].add(Tag.COAST)
    for c in land:
        if terrain[c] is Terrain.DESERT and c not in slots and gen.percent(_OASIS_PCT):
            terrain[c] = Terrain.OASIS
    ports = {c for c in land if terrain[c] is Terrain.PORT}
    for c in gen.city_sites(land, slots, dists, ports):
        tags[c].add(Tag.CITY_SITE)
        if terrain[c] is not Terrain.COAST and gen.percent(_CITY_TERRAIN_PCT):
            terrain[c] = Terrain.CITY
    tiles = {c: Tile(c, terrain.get(c, Terrain.SEA), frozenset(tags[c])) for c in gen.coords}
    return MapData(
        width=gen.grid.width,
        height=gen.grid.height,
        wrap=gen.grid.wrap,
        tiles=tiles,
        slots=tuple(StartSlot(c, f"Slot {i + 1}") for i, c in enumerate(slots)),
        name=name,
    )
