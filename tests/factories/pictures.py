"""Reading a map picture back: the SVG's `data-*` attributes as a `WorldMap`-shaped document.

The fog checkers (`tests.factories.walk.leaks`) then judge a picture exactly as they judge the JSON
map: every tile's fog, every structure, army and ship it draws.
"""

import xml.etree.ElementTree as ET
from typing import Any

SVG_NS = "{http://www.w3.org/2000/svg}"
WORLD_MAP_SCHEMA = {"$ref": "#/components/schemas/WorldMap"}


def _classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def _int(element: ET.Element, name: str) -> int:
    return int(element.get(f"data-{name}", "0"))


def parse(text: str) -> ET.Element:
    """An SVG document from the server under test, as XML (it must parse)."""
    return ET.fromstring(text.encode())  # noqa: S314 - the app's own output, no entities


def svg_world(text: str) -> dict[str, Any]:
    """The tiles an SVG map picture shows, in the JSON map's shape."""
    root = parse(text)
    assert root.tag == f"{SVG_NS}svg", root.tag
    board = next(e for e in root.iter(f"{SVG_NS}g") if "map" in _classes(e))
    tiles: dict[tuple[int, int], dict[str, Any]] = {}
    for e in root.iter():
        classes = _classes(e)
        if e.tag == f"{SVG_NS}use" and "t" in classes and e.get("data-q") is not None:
            q, r = _int(e, "q"), _int(e, "r")
            tile: dict[str, Any] = {"q": q, "r": r, "fog": e.get("data-fog")}
            if e.get("data-terrain"):
                tile["terrain"] = e.get("data-terrain")
            if e.get("data-seen-turn"):
                tile["seen_turn"] = _int(e, "seen-turn")
            assert (q, r) not in tiles, f"tile {(q, r)} drawn twice"
            tiles[(q, r)] = tile
    for e in root.iter(f"{SVG_NS}g"):
        classes = _classes(e)
        if not classes & {"structure", "army", "ship"}:
            continue
        tile = tiles[(_int(e, "q"), _int(e, "r"))]
        owner = _int(e, "owner") if e.get("data-owner") else None
        if "structure" in classes:
            structure: dict[str, Any] = {"kind": e.get("data-kind"), "level": _int(e, "level")}
            if e.get("data-id"):
                structure["id"] = _int(e, "id")
            tile["structure"] = structure
            if owner is not None:
                tile["owner"] = owner
        elif "army" in classes:
            army = {"id": _int(e, "id"), "owner": owner, "tier": _int(e, "tier")}
            army["at_sea"] = e.get("data-at-sea") == "true"
            tile.setdefault("armies", []).append(army)
        else:
            tile.setdefault("ships", []).append({"id": _int(e, "id"), "owner": owner})
    # Storms as the JSON map lists them (`WorldStorm`), so that they are judged like it.
    storms = [
        {"tiles": [{"q": _int(u, "q"), "r": _int(u, "r")} for u in e.iter(f"{SVG_NS}use")]}
        for e in root.iter(f"{SVG_NS}g")
        if "storm" in _classes(e)
    ]
    return {
        "turn": _int(board, "turn"),
        "width": _int(board, "width"),
        "height": _int(board, "height"),
        "wrap": board.get("data-wrap"),
        "tiles": [tiles[c] for c in sorted(tiles, key=lambda c: (c[1], c[0]))],
        "storms": storms,
    }


def battle_frames(text: str) -> list[tuple[int, int]]:
    """The tiles a map picture frames as pending battles."""
    return [
        (_int(e, "q"), _int(e, "r"))
        for e in parse(text).iter(f"{SVG_NS}g")
        if "battle" in _classes(e)
    ]


def comparable(world: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    """A JSON map's tiles reduced to what a picture draws (names and flags are in titles)."""
    out = {}
    for t in world["tiles"]:
        tile = {k: t[k] for k in ("q", "r", "fog", "terrain", "seen_turn", "owner") if k in t}
        if "structure" in t:
            s = t["structure"]
            tile["structure"] = {k: s[k] for k in ("id", "kind", "level") if k in s}
        if t.get("armies"):
            tile["armies"] = [
                {k: a[k] for k in ("id", "owner", "tier", "at_sea")} for a in t["armies"]
            ]
        if t.get("ships"):
            tile["ships"] = t["ships"]
        out[(t["q"], t["r"])] = tile
    return out
