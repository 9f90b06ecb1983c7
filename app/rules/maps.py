"""Map documents (R-MAP): reading, writing and validating them, and the built-in maps."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeGuard

from app.rules.hexgrid import Coord, Grid, Wrap, from_offset
from app.rules.state import MapData, StartSlot, Tag, Terrain, Tile
from app.rules.texts import _

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
_TERRAINS = {t.value: t for t in Terrain}
_TAGS = {t.value: t for t in Tag}
_NO_TAGS: list[str] = []  # a tile's tags when it has none (only read)
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


def _tile(coord: Coord, terrain: Terrain, tags: set[Tag], name: str | None) -> Tile:
    implied = IMPLIED_TAGS.get(terrain)
    if implied is not None:
        tags.add(implied)  # R-MAP-3: a city tile is a city site, a coast/port tile a coast
    return Tile(coord, terrain, frozenset(tags), name)


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
            self.faults.append((f"{path}.{key}" if path else str(key), _("unknown key")))

    def size(self, data: Mapping[str, Any], key: str) -> int | None:
        value = data.get(key)
        if not _is_int(value):
            self.faults.append((key, _("expected an integer")))
            return None
        ok = MIN_SIZE <= value <= MAX_SIZE
        return (
            value
            if self.check(
                ok, key, _("must be {min_size} to {max_size}", min_size=MIN_SIZE, max_size=MAX_SIZE)
            )
            else None
        )

    def coord(self, item: Mapping[str, Any], path: str) -> Coord | None:
        q, r = item.get("q"), item.get("r")
        self.check(_is_int(q), f"{path}.q", _("expected an integer"))
        self.check(_is_int(r), f"{path}.r", _("expected an integer"))
        return (q, r) if _is_int(q) and _is_int(r) else None

    def name(self, item: Mapping[str, Any], path: str) -> str | None:
        value = item.get("name")
        if value is None or self.check(
            isinstance(value, str), f"{path}.name", _("expected a string")
        ):
            return value
        return None

    def tile(self, item: Any, index: int) -> Tile | None:
        # A map has up to 16,384 tiles: a well-formed one is read without building the texts
        # and paths of the faults it does not have (nor asking `abc` whether a dict is a
        # mapping); any other goes the way that names them.
        if (type(item) is dict or isinstance(item, Mapping)) and item.keys() <= _TILE_KEYS:
            q, r, terrain = item.get("q"), item.get("r"), item.get("terrain")
            name, raw_tags = item.get("name"), item.get("tags", _NO_TAGS)
            if (
                type(q) is int
                and type(r) is int
                and isinstance(terrain, str)
                and terrain in _TERRAINS
                and (name is None or isinstance(name, str))
                and isinstance(raw_tags, list)
                and (not raw_tags or all(isinstance(t, str) and t in _TAGS for t in raw_tags))
            ):
                tags = {_TAGS[t] for t in raw_tags} if raw_tags else set()
                return _tile((q, r), _TERRAINS[terrain], tags, name)
        return self._tile_with_faults(item, f"tiles[{index}]")

    def _tile_with_faults(self, item: Any, path: str) -> Tile | None:
        if not self.check(isinstance(item, Mapping), path, _("expected an object")):
            return None
        self.keys(item, _TILE_KEYS, path)
        coord = self.coord(item, path)
        terrain_value = item.get("terrain")
        terrains = [t.value for t in Terrain]
        ok = self.check(terrain_value in terrains, f"{path}.terrain", _("unknown terrain"))
        raw_tags = item.get("tags", [])
        tags: set[Tag] = set()
        if self.check(isinstance(raw_tags, list), f"{path}.tags", _("expected a list")):
            for i, t in enumerate(raw_tags):
                if self.check(t in [g.value for g in Tag], f"{path}.tags[{i}]", _("unknown tag")):
                    tags.add(Tag(t))
        name = self.name(item, path)
        if coord is None or not ok:
            return None
        return _tile(coord, Terrain(terrain_value), tags, name)

    def slot(self, item: Any, path: str) -> StartSlot | None:
        if not self.check(isinstance(item, Mapping), path, _("expected an object")):
            return None
        self.keys(item, _SLOT_KEYS, path)
        coord = self.coord(item, path)
        name = self.name(item, path)
        return None if coord is None else StartSlot(coord, name)

    def listing(self, data: Mapping[str, Any], key: str) -> list[Any]:
        value = data.get(key)
        if isinstance(value, list):
            return value
        self.faults.append((key, _("expected a list")))
        return []


def map_from_dict(d: Mapping[str, Any]) -> MapData:
    """Parse and validate a map document (R-MAP-4); raise MapError listing every fault."""
    p = _Parser()
    if not isinstance(d, Mapping):
        raise MapError([("$", _("expected an object"))])
    p.keys(d, _MAP_KEYS, "")
    width, height = p.size(d, "width"), p.size(d, "height")
    wrap_value = d.get("wrap", Wrap.NONE.value)
    p.check(wrap_value in [w.value for w in Wrap], "wrap", _("expected none, horizontal or torus"))
    name = d.get("name", "")
    p.check(isinstance(name, str), "name", _("expected a string"))
    raw_tiles, raw_slots = p.listing(d, "tiles"), p.listing(d, "slots")
    tiles = [p.tile(item, i) for i, item in enumerate(raw_tiles)]
    slots = [p.slot(item, f"slots[{i}]") for i, item in enumerate(raw_slots)]
    if p.faults or width is None or height is None:
        raise MapError(p.faults)
    grid = Grid(width, height, Wrap(wrap_value))
    expected = list(grid.coords())
    on_map = set(expected)  # what `grid.contains` says, for each tile at the cost of a lookup
    by_coord: dict[Coord, Tile] = {}
    index: dict[Coord, int] = {}
    for i, tile in enumerate(tiles):
        if tile is None:  # unreachable: parse faults were raised above
            continue
        if tile.coord not in on_map:
            p.faults.append((f"tiles[{i}]", _("off the map")))
        elif tile.coord in by_coord:
            p.faults.append((f"tiles[{i}]", _("duplicate tile {coord}", coord=tile.coord)))
        else:
            by_coord[tile.coord] = tile
            index[tile.coord] = i
    ordered = {c: by_coord[c] for c in expected if c in by_coord}
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
            faults.append(
                (key, _("must be {min_size} to {max_size}", min_size=MIN_SIZE, max_size=MAX_SIZE))
            )
    if m.wrap is Wrap.TORUS and m.height % 2:
        faults.append(("height", _("a torus needs an even height")))
    if faults:
        return faults
    grid = m.grid
    expected = list(grid.coords())
    missing = [c for c in expected if c not in m.tiles]
    if missing:
        shown = ", ".join(f"({q},{r})" for q, r in missing[:5])
        more = _(" and {count} more", count=len(missing) - 5) if len(missing) > 5 else ""
        faults.append(("tiles", _("missing tiles {shown}{more}", shown=shown, more=more)))
    for c in sorted(set(m.tiles) - set(expected)):
        faults.append((where(c), _("off the map")))
    for c in expected:
        tile = m.tiles.get(c)
        # A tile without tags has a fault only if its terrain implies one (most tiles have
        # neither: not checked one by one).
        if tile is not None and (tile.tags or tile.terrain in IMPLIED_TAGS):
            faults.extend(_check_tile(m, grid, tile, where, c))
    faults.extend(_check_slots(m, slots_path))
    return faults


def _check_tile(
    m: MapData, grid: Grid, tile: Tile, where: Callable[[Coord], str], at: Coord
) -> list[Fault]:
    """The faults of the tile `at`, named by `where(at)` (asked only of a tile that has one:
    a map has up to 16,384 tiles)."""
    faults: list[Fault] = []
    implied = IMPLIED_TAGS.get(tile.terrain)
    if implied is not None and implied not in tile.tags:
        faults.append(
            (
                where(at),
                _(
                    "{terrain} terrain must be tagged {tag}",
                    terrain=tile.terrain.value,
                    tag=implied.value,
                ),
            )
        )
    if not tile.is_land:
        faults.extend(
            (where(at), _("a sea tile cannot be tagged {tag}", tag=t.value))
            for t in sorted(tile.tags)
        )
    elif Tag.COAST in tile.tags:
        # A missing neighbour is reported as missing; it does not count as sea.
        neighbours = (m.tiles.get(n) for n in grid.neighbours(tile.coord))
        if not any(n is not None and n.terrain is Terrain.SEA for n in neighbours):
            faults.append((where(at), _("a coast must touch the sea")))
    return faults


def _check_slots(m: MapData, path: str) -> list[Fault]:
    faults: list[Fault] = []
    if len(m.slots) < MIN_SLOTS:
        faults.append((path, _("at least {min_slots} start slots are needed", min_slots=MIN_SLOTS)))
    seen: set[Coord] = set()
    for i, slot in enumerate(m.slots):
        tile = m.tiles.get(slot.coord)
        if not m.grid.contains(slot.coord):
            faults.append((f"{path}[{i}]", _("off the map")))
        elif tile is not None and not tile.is_land:  # a missing tile is reported already
            faults.append((f"{path}[{i}]", _("a start slot must be on land")))
        if slot.coord in seen:
            faults.append((f"{path}[{i}]", _("duplicate start slot")))
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


_BUILTIN_MAPS: dict[str, Callable[[], MapData]] = {
    "old_world": lambda: map_from_picture(
        "The Old World", _OLD_WORLD_ROWS, _OLD_WORLD_SLOTS, _OLD_WORLD_NAMES
    ),
    "skirmish": lambda: map_from_picture("Skirmish", _SKIRMISH_ROWS, _SKIRMISH_SLOTS),
}
BUILTIN_MAP_KEYS = frozenset(_BUILTIN_MAPS)


def builtin_maps() -> dict[str, MapData]:
    """The maps the server ships (R-MAP-4), by key."""
    return {key: build() for key, build in _BUILTIN_MAPS.items()}
