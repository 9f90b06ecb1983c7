"""Map documents (R-MAP-4): parser faults and defaults that mutation testing found untested
(docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

from typing import Any

from app.rules.hexgrid import Wrap
from app.rules.maps import MapError, map_from_dict, map_to_dict
from app.rules.state import MapData, StartSlot, Terrain, Tile
from tests.rules.test_maps import SMALL, _doc, _faults


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
    from tests.rules.builders import make_map

    flat = make_map([".."])
    assert validate_map(flat) == [("height", "must be 2 to 128")]


def test_R_MAP_4_faults_of_a_built_map_name_tiles_by_coordinate_and_count_the_missing() -> None:
    """R-MAP-4 / R-MAP-3: a built map's faulty tile is named by (q,r); more than five missing
    tiles are shown as the first five and a count."""
    from dataclasses import replace as _replace

    from app.rules.maps import validate_map
    from tests.rules.builders import make_map

    coast_inland = make_map(["...c", "...."], slots=[(0, 0), (1, 0)])
    assert validate_map(coast_inland) == [("tiles(3,0)", "a coast must touch the sea")]
    full = make_map(["....", "....", "...."], slots=[(0, 0), (1, 0)])
    kept = {c: t for c, t in full.tiles.items() if c[1] == 0}
    assert validate_map(_replace(full, tiles=kept)) == [
        ("tiles", "missing tiles (0,1), (1,1), (2,1), (3,1), (-1,2) and 3 more")
    ]


def test_R_MAP_4_a_built_map_s_slot_faults_are_under_slots() -> None:
    from app.rules.maps import validate_map
    from tests.rules.builders import make_map

    assert validate_map(make_map(["....", "...."])) == [
        ("slots", "at least 2 start slots are needed")
    ]
