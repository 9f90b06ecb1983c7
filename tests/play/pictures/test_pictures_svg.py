"""The SVG drawing functions (app/play/pictures/svg.py), without a database: wrap-around arrows,
every tile drawn once at every size, text escaped, and the pictures page's sample picture fresh."""

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from app.play.pictures.svg import MapPicture, R, Series, chart_svg, map_svg, move_runs
from app.rules.hexgrid import Grid, Wrap
from app.rules.mapgen import generate_map
from tests.factories.pictures import SVG_NS, parse, svg_world

ROOT = Path(__file__).resolve().parents[3]


def test_a_path_over_the_east_edge_leaves_east_and_comes_back_from_the_west_R_MAP_4() -> None:
    grid = Grid(8, 8, Wrap.HORIZONTAL)
    # (7, 0) is the last column of row 0; its east neighbour is (0, 0), the first column.
    assert move_runs(grid, (7, 0), [(0, 0), (0, 1)]) == [
        [(7, 0), (8, 0)],
        [(-1, 0), (0, 0), (0, 1)],
    ]
    assert move_runs(Grid(8, 8), (3, 3), [(4, 3), (4, 4)]) == [[(3, 3), (4, 3), (4, 4)]]


def test_a_path_over_the_south_edge_of_a_torus_comes_back_from_the_north_R_MAP_4() -> None:
    grid = Grid(8, 8, Wrap.TORUS)
    start = (-2, 7)  # row 7, column 1
    below = grid.normalize((start[0], start[1] + 1))  # south-east, across the edge
    assert below is not None
    assert below[1] == 0
    runs = move_runs(grid, start, [below])
    assert runs == [[start, (-2, 8)], [(below[0], -1), below]]


def _world(size: int, wrap: Wrap = Wrap.NONE) -> dict[str, Any]:
    m = generate_map(size, size, 2, 5, wrap)
    tiles = []
    for i, c in enumerate(m.grid.coords()):
        fog = ("visible", "explored", "unexplored")[i % 3]
        tile: dict[str, Any] = {"q": c[0], "r": c[1], "fog": fog}
        if fog != "unexplored":
            tile["terrain"] = m.tiles[c].terrain.value
        tiles.append(tile)
    return {"turn": 3, "width": size, "height": size, "wrap": wrap.value, "tiles": tiles}


@pytest.mark.parametrize("size", [8, 64])
def test_every_tile_is_drawn_once_at_any_size(size: int) -> None:
    world = _world(size, Wrap.HORIZONTAL)
    world["tiles"][0] |= {
        "name": '<Ork & Goblin\'s "Keep">',
        "owner": 2,
        "structure": {"id": 7, "kind": "city", "level": 2, "capital": True},
        "armies": [{"id": i, "owner": 2, "tier": 1, "at_sea": False} for i in range(5)],
    }
    text = map_svg(MapPicture(world, 1, moves=[((size - 1, 0), [(0, 0)])], coordinates=True))
    drawn = svg_world(text)
    assert [(t["q"], t["r"], t["fog"]) for t in drawn["tiles"]] == [
        (t["q"], t["r"], t["fog"]) for t in world["tiles"]
    ]
    assert len(drawn["tiles"][0]["armies"]) == 5  # two drawn, three behind "+3"
    titles = [e.text for e in parse(text).iter(f"{SVG_NS}title")]
    assert '<Ork & Goblin\'s "Keep"> (0, 0)' in titles
    # The same hexagon size at every map size: a 64 × 64 map is 64 hexes wide, no smaller.
    width = float(parse(text).get("width", "0"))
    assert size * R * 3**0.5 < width < size * R * 3**0.5 + 300
    assert len(text) < 1_000_000


def test_charts_draw_a_line_per_player_and_measure() -> None:
    series = {"gold": [Series(1, [(1, 5), (2, 2)]), Series(2, [(1, 5), (2, 9)])], "income": []}
    root = parse(chart_svg(series, "Turns 1–2"))
    lines = [e for e in root.iter(f"{SVG_NS}g") if e.get("class") == "series"]
    assert [e.get("data-player") for e in lines] == ["1", "2"]
    points = [(e.get("data-turn"), e.get("data-value")) for e in lines[1].iter(f"{SVG_NS}circle")]
    assert points == [("1", "5"), ("2", "9")]


def test_the_readme_sample_picture_is_what_the_script_draws() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        spec = importlib.util.spec_from_file_location(
            "render_sample_map", ROOT / "scripts" / "render_sample_map.py"
        )
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    committed = (ROOT / "docs" / "sample-map.svg").read_text(encoding="utf-8")
    assert committed == module.render(), (
        "docs/sample-map.svg is stale: run scripts/render_sample_map"
    )
    drawn = svg_world(committed)
    assert {t["fog"] for t in drawn["tiles"]} == {"visible", "explored", "unexplored"}
