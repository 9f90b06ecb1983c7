"""Maps (R-MAP): documents and their validation, built-in maps, the seeded generator."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from app.rules.hexgrid import Coord, Wrap, from_offset
from app.rules.mapgen import generate_map
from app.rules.maps import MapError, builtin_maps, map_from_dict, map_to_dict, validate_map
from app.rules.state import MapData, StartSlot, Tag, Terrain, Tile
from tests.factories.engine import make_map

SMALL = make_map(["c~", ".C"], slots=[(0, 0), (0, 1)], names={(0, 1): "Home"})


def _doc(**changes: Any) -> dict[str, Any]:
    return {**map_to_dict(SMALL), **changes}


def _faults(document: Any) -> list[tuple[str, str]]:
    with pytest.raises(MapError) as info:
        map_from_dict(document)
    return info.value.faults


def _land_components(m: MapData) -> int:
    land = {c for c, t in m.tiles.items() if t.is_land}
    seen: set[Coord] = set()
    components = 0
    for start in sorted(land):
        if start in seen:
            continue
        components += 1
        stack = [start]
        seen.add(start)
        while stack:
            for n in m.grid.neighbours(stack.pop()):
                if n in land and n not in seen:
                    seen.add(n)
                    stack.append(n)
    return components


def test_R_MAP_4_map_document_shape() -> None:
    assert map_to_dict(SMALL) == {
        "name": "test",
        "width": 2,
        "height": 2,
        "wrap": "none",
        "tiles": [
            {"q": 0, "r": 0, "terrain": "coast", "tags": ["coast"]},
            {"q": 1, "r": 0, "terrain": "sea"},
            {"q": 0, "r": 1, "terrain": "plain", "name": "Home"},
            {"q": 1, "r": 1, "terrain": "city", "tags": ["city_site"]},
        ],
        "slots": [{"q": 0, "r": 0}, {"q": 0, "r": 1}],
    }
    assert map_from_dict(map_to_dict(SMALL)) == SMALL


def test_R_MAP_3_terrain_implies_its_tag() -> None:
    document = _doc(
        tiles=[
            {"q": 0, "r": 0, "terrain": "port"},
            {"q": 1, "r": 0, "terrain": "sea"},
            {"q": 0, "r": 1, "terrain": "forest", "tags": ["city_site"]},
            {"q": 1, "r": 1, "terrain": "city"},
        ]
    )
    assert map_from_dict(document).tiles == {
        (0, 0): Tile((0, 0), Terrain.PORT, frozenset({Tag.COAST})),
        (1, 0): Tile((1, 0), Terrain.SEA),
        (0, 1): Tile((0, 1), Terrain.FOREST, frozenset({Tag.CITY_SITE})),
        (1, 1): Tile((1, 1), Terrain.CITY, frozenset({Tag.CITY_SITE})),
    }


def test_R_MAP_4_structural_faults_are_all_listed() -> None:
    assert _faults(
        {"width": 1, "height": True, "wrap": "sphere", "tiles": {}, "slots": None, "x": 1}
    ) == [
        ("x", "unknown key"),
        ("width", "must be 2 to 128"),
        ("height", "expected an integer"),
        ("wrap", "expected none, horizontal or torus"),
        ("tiles", "expected a list"),
        ("slots", "expected a list"),
    ]
    assert _faults(_doc(width=129)) == [("width", "must be 2 to 128")]
    assert _faults(["not a map"]) == [("$", "expected an object")]


def test_R_MAP_4_tile_entries_are_checked() -> None:
    tiles = [
        {"q": 0, "r": 0, "terrain": "lava", "tags": ["harbour"], "height": 3},
        {"q": "1", "r": 0, "terrain": "sea", "name": 7},
        "tile",
    ]
    assert _faults(_doc(tiles=tiles)) == [
        ("tiles[0].height", "unknown key"),
        ("tiles[0].terrain", "unknown terrain"),
        ("tiles[0].tags[0]", "unknown tag"),
        ("tiles[1].q", "expected an integer"),
        ("tiles[1].name", "expected a string"),
        ("tiles[2]", "expected an object"),
    ]


def test_R_MAP_4_every_tile_exactly_once() -> None:
    tiles = map_to_dict(SMALL)["tiles"]
    document = _doc(tiles=[tiles[0], tiles[1], tiles[1], {"q": 5, "r": 0, "terrain": "sea"}])
    assert _faults(document) == [
        ("tiles[2]", "duplicate tile (1, 0)"),
        ("tiles[3]", "off the map"),
        ("tiles", "missing tiles (0,1), (1,1)"),
    ]


def test_R_MAP_3_coast_must_touch_the_sea_and_tags_only_on_land() -> None:
    document = _doc(
        tiles=[
            {"q": 0, "r": 0, "terrain": "coast"},
            {"q": 1, "r": 0, "terrain": "plain"},
            {"q": 0, "r": 1, "terrain": "plain", "tags": ["coast"]},
            {"q": 1, "r": 1, "terrain": "sea", "tags": ["city_site", "coast"]},
        ]
    )
    assert _faults(document) == [
        ("tiles[0]", "a coast must touch the sea"),
        ("tiles[3]", "a sea tile cannot be tagged city_site"),
        ("tiles[3]", "a sea tile cannot be tagged coast"),
    ]
    document["tiles"][3] = {"q": 1, "r": 1, "terrain": "plain"}
    assert _faults(document) == [
        ("tiles[0]", "a coast must touch the sea"),
        ("tiles[2]", "a coast must touch the sea"),
    ]


def test_R_MAP_4_start_slots_on_land_distinct_at_least_two() -> None:
    assert _faults(_doc(slots=[{"q": 1, "r": 0}])) == [
        ("slots", "at least 2 start slots are needed"),
        ("slots[0]", "a start slot must be on land"),
    ]
    slots = [{"q": 0, "r": 0}, {"q": 0, "r": 0, "name": "again"}, {"q": 9, "r": 9}, {"r": 0}]
    assert _faults(_doc(slots=slots)) == [("slots[3].q", "expected an integer")]
    assert _faults(_doc(slots=slots[:3])) == [
        ("slots[1]", "duplicate start slot"),
        ("slots[2]", "off the map"),
    ]


def test_R_MAP_4_a_torus_needs_an_even_height() -> None:
    m = make_map([".~", "c.", ".."], wrap=Wrap.TORUS, slots=[(0, 0), (1, 1)])
    assert validate_map(m) == [("height", "a torus needs an even height")]
    assert _faults(map_to_dict(m)) == [("height", "a torus needs an even height")]
    assert validate_map(make_map([".~", "c."], wrap=Wrap.TORUS, slots=[(0, 0), (0, 1)])) == []


def test_R_MAP_3_validate_map_wants_implied_tags_on_built_maps() -> None:
    tiles = dict(SMALL.tiles)
    tiles[(1, 1)] = Tile((1, 1), Terrain.CITY)
    bare = MapData(2, 2, Wrap.NONE, tiles, SMALL.slots)
    assert validate_map(bare) == [("tiles(1,1)", "city terrain must be tagged city_site")]


# ----------------------------------------------------------------------------- built-ins


def test_R_MAP_4_builtin_maps_validate_and_round_trip() -> None:
    maps = builtin_maps()
    assert sorted(maps) == ["old_world", "skirmish"]
    for m in maps.values():
        assert validate_map(m) == []
        assert map_from_dict(map_to_dict(m)) == m


def _slot_report(m: MapData) -> list[tuple[int, int]]:
    """Per slot: city sites within 1 and within 4."""
    sites = [c for c, t in m.tiles.items() if Tag.CITY_SITE in t.tags]
    return [
        (
            sum(m.grid.distance(c, s.coord) <= 1 for c in sites),
            sum(m.grid.distance(c, s.coord) <= 4 for c in sites),
        )
        for s in m.slots
    ]


def test_R_CAMP_1_old_world_has_17_fair_slots() -> None:
    m = builtin_maps()["old_world"]
    assert (m.width, m.height, m.wrap, len(m.slots)) == (28, 20, Wrap.NONE, 17)
    assert {t.terrain for t in m.tiles.values()} == set(Terrain)
    coords = [s.coord for s in m.slots]
    assert len(set(coords)) == 17
    assert min(m.grid.distance(a, b) for a in coords for b in coords if a != b) >= 3
    assert all(m.tiles[c].terrain is not Terrain.CITY and m.tiles[c].is_land for c in coords)
    for near, within_four in _slot_report(m):
        assert near == 0
        assert within_four >= 2
    # R-CAMP-3: the Dark Elves need a coast slot; several are offered
    assert sum(Tag.COAST in m.tiles[c].tags for c in coords) >= 4
    names = {t.name for t in m.tiles.values() if t.name}
    assert {"Altdorf", "Couronne", "Karaz-a-Karak", "Naggarond", "Lothern"} <= names
    assert m.tiles[from_offset(14, 6)] == Tile(
        from_offset(14, 6), Terrain.CITY, frozenset({Tag.CITY_SITE}), "Altdorf"
    )
    assert m.slots[0] == StartSlot(from_offset(3, 5), "Naggaroth coast")


def test_R_MAP_4_skirmish_is_small_with_four_slots() -> None:
    m = builtin_maps()["skirmish"]
    assert (m.width, m.height, len(m.slots)) == (10, 8, 4)
    assert _land_components(m) == 1
    assert _slot_report(m) == [(0, 2), (0, 3), (0, 2), (0, 3)]
    assert sum(Tag.COAST in m.tiles[s.coord].tags for s in m.slots) == 2


# ----------------------------------------------------------------------------- generator


def test_R_MAP_4_generation_is_deterministic_from_the_seed() -> None:
    a = generate_map(20, 16, 4, seed=7)
    assert a == generate_map(20, 16, 4, seed=7)
    assert a != generate_map(20, 16, 4, seed=8)
    assert a.name == "Generated 20x16 #7"
    assert [s.name for s in a.slots] == ["Slot 1", "Slot 2", "Slot 3", "Slot 4"]


def test_R_MAP_4_large_generated_map_is_valid_and_fair() -> None:
    m = generate_map(64, 64, 17, seed=2024)
    assert validate_map(m) == []
    assert _land_components(m) == 1
    grid = m.grid
    coords = [s.coord for s in m.slots]
    assert min(grid.distance(a, b) for a in coords for b in coords if a != b) >= 6
    sites = [c for c, t in m.tiles.items() if Tag.CITY_SITE in t.tags]
    own = []
    for s in coords:
        mine = [
            c
            for c in sites
            if grid.distance(c, s) <= 4
            and all(grid.distance(c, o) > grid.distance(c, s) for o in coords if o != s)
        ]
        own.append(len(mine))
    assert min(own) >= 2
    assert max(own) <= 3
    for c in sites:  # no site within 4 of a slot is as close to another slot
        ds = sorted(grid.distance(c, s) for s in coords)
        assert ds[0] > 4 or ds[0] < ds[1]
    for near, _ in _slot_report(m):
        assert near == 0


def _generation_faults(*args: Any, **kwargs: Any) -> list[tuple[str, str]]:
    with pytest.raises(MapError) as info:
        generate_map(*args, **kwargs)
    return info.value.faults


def test_R_MAP_4_generator_refuses_impossible_settings_naming_them() -> None:
    assert _generation_faults(8, 7, 2, seed=1, wrap=Wrap.TORUS) == [
        ("height", "a torus needs an even height")
    ]
    assert _generation_faults(4, 4, 5, seed=1) == [("players", "must be 2 to 4 on a 4x4 map")]
    assert _generation_faults(8, 8, 17, seed=1) == [("players", "must be 2 to 16 on a 8x8 map")]
    assert _generation_faults(8, 8, 1, seed=1) == [("players", "must be 2 to 16 on a 8x8 map")]
    assert _generation_faults(2, 3, 2, seed=1) == [
        ("players", "must be at least 2, no room on a 2x3 map")
    ]
    assert _generation_faults(129, 8, 2, seed=1) == [("width", "must be 2 to 128")]


def test_R_MAP_3_a_coast_next_to_a_missing_tile_is_a_fault_not_a_crash() -> None:
    """The missing tile is reported; the coast beside it is judged on the tiles present."""
    tiles = map_to_dict(SMALL)["tiles"]  # (0,0) coast, (1,0) sea, (0,1) plain, (1,1) city
    assert _faults(_doc(tiles=[tiles[0], tiles[2], tiles[3]])) == [
        ("tiles", "missing tiles (1,0)"),
        ("tiles[0]", "a coast must touch the sea"),
    ]
    assert _faults(_doc(tiles=[tiles[0], tiles[1], tiles[3]])) == [
        ("tiles", "missing tiles (0,1)"),
    ]


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(2, 30),
    half_height=st.integers(1, 12),
    odd=st.booleans(),
    wrap=st.sampled_from(list(Wrap)),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_R_MAP_4_generated_maps_always_validate_with_connected_land(
    width: int, half_height: int, odd: bool, wrap: Wrap, seed: int, data: st.DataObject
) -> None:
    height = 2 * half_height + (1 if odd and wrap is not Wrap.TORUS else 0)
    players = data.draw(st.integers(2, max(2, min(17, width * height // 4))))
    assume(players * 4 <= width * height)
    m = generate_map(width, height, players, seed, wrap)
    assert validate_map(m) == []
    assert _land_components(m) == 1
    assert len(m.slots) == players
    assert sum(Tag.COAST in m.tiles[s.coord].tags for s in m.slots) >= 2


def test_R_MAP_4_a_map_error_names_every_fault() -> None:
    error = MapError([("width", "must be 2 to 128"), ("tiles[3]", "off the map")])
    assert str(error) == "width: must be 2 to 128; tiles[3]: off the map"
    assert error.faults == [("width", "must be 2 to 128"), ("tiles[3]", "off the map")]


def test_R_MAP_4_unknown_keys_of_any_type_are_named_in_order() -> None:
    assert _faults({**_doc(), 7: 1, "x": 2}) == [("7", "unknown key"), ("x", "unknown key")]
    slots: list[Any] = [{"q": 0, "r": 0, 1: 1, "b": 2}, {"q": 0, "r": 1}]
    assert _faults(_doc(slots=slots)) == [
        ("slots[0].1", "unknown key"),
        ("slots[0].b", "unknown key"),
    ]


def test_R_MAP_4_the_largest_map_is_accepted() -> None:
    big = {
        "width": 128,
        "height": 2,
        "tiles": [
            {"q": q - r // 2, "r": r, "terrain": "plain"} for r in range(2) for q in range(128)
        ],
        "slots": [{"q": 0, "r": 0}, {"q": 5, "r": 0}],
    }
    m = map_from_dict(big)
    assert (m.width, m.height, m.wrap, m.name, len(m.tiles)) == (128, 2, Wrap.NONE, "", 256)
    assert m.slots == (StartSlot((0, 0)), StartSlot((5, 0)))


def test_R_MAP_4_wrap_and_name_default_to_none_and_empty() -> None:
    document = map_to_dict(SMALL)
    del document["wrap"], document["name"]
    assert map_from_dict(document) == MapData(
        width=2, height=2, wrap=Wrap.NONE, tiles=SMALL.tiles, slots=SMALL.slots, name=""
    )


def test_R_MAP_4_entries_of_the_wrong_type_are_named() -> None:
    tiles = map_to_dict(SMALL)["tiles"]
    assert _faults(
        _doc(
            name=5,
            tiles=[{**tiles[0], "r": "0"}, {**tiles[1], "tags": "coast"}, *tiles[2:]],
            slots=["home", {"q": 0, "r": 1, "name": 3}],
        )
    ) == [
        ("name", "expected a string"),
        ("tiles[0].r", "expected an integer"),
        ("tiles[1].tags", "expected a list"),
        ("slots[0]", "expected an object"),
        ("slots[1].name", "expected a string"),
    ]


def test_R_MAP_4_a_tile_off_the_map_does_not_hide_the_tiles_after_it() -> None:
    tiles = map_to_dict(SMALL)["tiles"]
    assert _faults(_doc(tiles=[{"q": 9, "r": 9, "terrain": "sea"}, *tiles])) == [
        ("tiles[0]", "off the map")
    ]
    named = map_from_dict(_doc(slots=[{"q": 0, "r": 0, "name": "Port"}, {"q": 0, "r": 1}]))
    assert named.slots == (StartSlot((0, 0), "Port"), StartSlot((0, 1)))
    assert named.tiles[(1, 1)] == Tile((1, 1), Terrain.CITY, SMALL.tiles[(1, 1)].tags)


def test_R_MAP_4_a_built_map_out_of_size_is_named_by_its_dimension() -> None:
    from app.rules.maps import validate_map
    from tests.factories.engine import make_map

    flat = make_map([".."])
    assert validate_map(flat) == [("height", "must be 2 to 128")]


def test_R_MAP_4_faults_of_a_built_map_name_tiles_by_coordinate_and_count_the_missing() -> None:
    """R-MAP-4 / R-MAP-3: a built map's faulty tile is named by (q,r); more than five missing
    tiles are shown as the first five and a count."""
    from dataclasses import replace as _replace

    from app.rules.maps import validate_map
    from tests.factories.engine import make_map

    coast_inland = make_map(["...c", "...."], slots=[(0, 0), (1, 0)])
    assert validate_map(coast_inland) == [("tiles(3,0)", "a coast must touch the sea")]
    full = make_map(["....", "....", "...."], slots=[(0, 0), (1, 0)])
    kept = {c: t for c, t in full.tiles.items() if c[1] == 0}
    assert validate_map(_replace(full, tiles=kept)) == [
        ("tiles", "missing tiles (0,1), (1,1), (2,1), (3,1), (-1,2) and 3 more")
    ]


def test_R_MAP_4_a_built_map_s_slot_faults_are_under_slots() -> None:
    from app.rules.maps import validate_map
    from tests.factories.engine import make_map

    assert validate_map(make_map(["....", "...."])) == [
        ("slots", "at least 2 start slots are needed")
    ]
