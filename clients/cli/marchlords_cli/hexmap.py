"""A compact text drawing of a hex map (axial coordinates): the tile (q, r) is drawn in column
2q + r of row r, so each row is shifted by half a tile and neighbours touch as on the board."""

from collections.abc import Iterable
from dataclasses import dataclass

TERRAIN = {
    "plain": ".",
    "forest": "f",
    "mountain": "^",
    "marsh": ",",
    "desert": ":",
    "oasis": "o",
    "sea": "~",
    "coast": "-",
    "city": "c",
    "port": "p",
}
STRUCTURES = {"city": "C", "outpost": "T", "port": "P"}
UNKNOWN = "?"  # a terrain this CLI does not know, or an explored tile whose terrain is unknown
# Every glyph `draw` can write, explained (a test checks that none is missing).
LEGEND = (
    "@ your army  ! another's army  C city  T outpost  P port  a digit after a tile: its owner\n"
    ". plain  f forest  ^ mountain  , marsh  : desert  o oasis  ~ sea  - coast\n"
    "c city site  p port site (terrains where a city or a port may stand; none stands yet)\n"
    "# unexplored  ? terrain not known"
)


@dataclass(frozen=True)
class Cell:
    """What one tile shows: a glyph, and below it an owner number (or a space)."""

    q: int
    r: int
    glyph: str
    mark: str = " "


def cell(tile: dict[str, object], me: int | None) -> Cell:
    """The cell of one tile of the map document (`GET …/map`), under the caller's fog."""
    q, r = int(str(tile["q"])), int(str(tile["r"]))
    fog = tile.get("fog")
    if fog == "unexplored":
        return Cell(q, r, "#")
    armies = tile.get("armies") or []
    owner = tile.get("owner")
    mark = str(owner % 10) if isinstance(owner, int) else " "
    if isinstance(armies, list) and armies:
        owners = {a.get("owner") for a in armies if isinstance(a, dict)}
        return Cell(q, r, "@" if me in owners else "!", mark)
    structure = tile.get("structure")
    if isinstance(structure, dict):
        return Cell(q, r, STRUCTURES.get(str(structure.get("kind")), UNKNOWN), mark)
    return Cell(q, r, TERRAIN.get(str(tile.get("terrain")), UNKNOWN), mark)


def draw(tiles: Iterable[dict[str, object]], me: int | None) -> str:
    """The map as text, one line per row; an owner's number follows its structure or tile."""
    cells = [cell(tile, me) for tile in tiles]
    if not cells:
        return ""
    columns = {(c.q, c.r): 2 * c.q + c.r for c in cells}
    left = min(columns.values())
    width = max(columns.values()) - left + 2
    lines: list[str] = []
    for r in sorted({c.r for c in cells}):
        row = [" "] * width
        for c in cells:
            if c.r == r:
                x = columns[(c.q, c.r)] - left
                row[x], row[x + 1] = c.glyph, c.mark
        lines.append("".join(row).rstrip())
    return "\n".join(lines)
