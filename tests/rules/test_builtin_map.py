"""R-MAP-4 / R-CAMP-1: the built-in maps are pinned tile by tile, slot by slot.

The pictures below are copies, not imports: changing a coordinate, a terrain, a slot or a name
of a shipped map (which running campaigns reference by coordinate) fails here until the copy is
changed with it.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter

from app.rules.hexgrid import Wrap, from_offset, to_offset
from app.rules.maps import IMPLIED_TAGS, TERRAIN_CHARS, builtin_maps, map_to_dict
from app.rules.state import MapData, StartSlot, Tag, Terrain, Tile

OLD_WORLD_ROWS = (
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

OLD_WORLD_SLOTS = (  # (column, row) offset coordinates, as the map's picture
    ((3, 5), "Naggaroth coast"),
    ((4, 17), "Lustrian coast"),
    ((6, 9), "Ulthuan"),
    ((9, 8), "Bretonnian coast"),
    ((15, 5), "Reikland"),
    ((12, 11), "Athel Loren"),
    ((19, 3), "Drakwald"),
    ((16, 0), "Chaos Wastes"),
    ((23, 1), "Realm of Chaos gate"),
    ((26, 5), "Great Bastion"),
    ((26, 9), "Mountains of Mourn"),
    ((26, 12), "Plain of Zharr"),
    ((23, 10), "World's Edge Mountains"),
    ((20, 8), "Sylvania"),
    ((13, 14), "Blighted Marshes"),
    ((20, 15), "Badlands"),
    ((18, 18), "Land of the Dead"),
)

OLD_WORLD_NAMES = {
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

# Every city site of the Old World, (column, row): the `C` of the picture, each named (the two
# other names are the ports Marienburg Docks and L'Anguille).
OLD_WORLD_CITY_SITES = [
    (1, 1), (1, 5), (1, 9), (2, 16), (3, 18), (6, 12), (7, 11), (10, 0), (10, 6), (10, 13),
    (10, 14), (12, 3), (13, 17), (14, 6), (15, 14), (16, 8), (16, 11), (16, 17), (17, 4),
    (20, 0), (21, 9), (21, 18), (22, 3), (22, 12), (22, 16), (24, 14), (24, 17), (25, 7),
    (26, 1), (26, 3), (27, 11),
]  # fmt: skip

OLD_WORLD_TERRAINS = {
    Terrain.PLAIN: 175,
    Terrain.SEA: 110,
    Terrain.FOREST: 50,
    Terrain.MOUNTAIN: 50,
    Terrain.COAST: 48,
    Terrain.DESERT: 47,
    Terrain.MARSH: 43,
    Terrain.CITY: 31,
    Terrain.OASIS: 4,
    Terrain.PORT: 2,
}

# sha256 of the map's JSON document (keys sorted): what the API serves and campaigns store.
OLD_WORLD_DIGEST = "e1348cae4b91282dc2dc095909981a1e65317f60641be41845401827a48b7116"

SKIRMISH_ROWS = (
    ".f..C..f..",
    ".m......m.",
    "C.f....f.C",
    ".c~~~~~c..",
    ".c~~~~~c..",
    "..f....f.C",
    "C.m.....m.",
    ".f..C..f..",
)
SKIRMISH_SLOTS = (
    ((2, 1), "North-west"),
    ((7, 1), "North-east"),
    ((1, 4), "West shore"),
    ((7, 4), "East shore"),
)


def expected_map(
    name: str,
    rows: tuple[str, ...],
    slots: tuple[tuple[tuple[int, int], str], ...],
    names: dict[tuple[int, int], str],
) -> MapData:
    """The map the picture describes, built here independently of map_from_picture."""
    tiles = {}
    for row, line in enumerate(rows):
        for col, char in enumerate(line):
            c = from_offset(col, row)
            terrain = TERRAIN_CHARS[char]
            tags = frozenset({IMPLIED_TAGS[terrain]}) if terrain in IMPLIED_TAGS else frozenset()
            tiles[c] = Tile(c, terrain, tags, names.get((col, row)))
    return MapData(
        width=len(rows[0]),
        height=len(rows),
        wrap=Wrap.NONE,
        tiles=tiles,
        slots=tuple(StartSlot(from_offset(*at), label) for at, label in slots),
        name=name,
    )


def digest(m: MapData) -> str:
    return hashlib.sha256(json.dumps(map_to_dict(m), sort_keys=True).encode()).hexdigest()


def test_R_MAP_4_the_old_world_is_pinned_tile_by_tile() -> None:
    m = builtin_maps()["old_world"]
    assert m == expected_map("The Old World", OLD_WORLD_ROWS, OLD_WORLD_SLOTS, OLD_WORLD_NAMES)
    assert digest(m) == OLD_WORLD_DIGEST


def test_R_CAMP_1_the_old_world_slots_sites_and_terrain_counts() -> None:
    """R-CAMP-1 / R-MAP-3: 17 named slots, 31 city sites (all `city` terrain), the terrain mix."""
    m = builtin_maps()["old_world"]
    assert [(to_offset(s.coord), s.name) for s in m.slots] == list(OLD_WORLD_SLOTS)
    sites = sorted(to_offset(c) for c, t in m.tiles.items() if Tag.CITY_SITE in t.tags)
    assert sites == OLD_WORLD_CITY_SITES
    assert Counter(t.terrain for t in m.tiles.values()) == OLD_WORLD_TERRAINS
    assert Counter(tag for t in m.tiles.values() for tag in t.tags) == {
        Tag.CITY_SITE: 31,
        Tag.COAST: 50,
    }
    named = {to_offset(c): t.name for c, t in m.tiles.items() if t.name is not None}
    assert named == OLD_WORLD_NAMES


def test_R_MAP_4_the_skirmish_map_is_pinned_tile_by_tile() -> None:
    m = builtin_maps()["skirmish"]
    assert m == expected_map("Skirmish", SKIRMISH_ROWS, SKIRMISH_SLOTS, {})
