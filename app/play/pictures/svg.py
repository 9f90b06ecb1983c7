"""Pictures as SVG, drawn with drawsvg from plain view data (no database, no requests).

`map_svg` draws a `WorldMap` document — the very dicts the JSON view sends, so the picture
can show nothing the JSON does not (R-FOG-1/3) — plus the viewer's own move orders and the
pending battles they may see. `chart_svg` draws a few numbers per turn as line charts.

Every element that stands for something in the game carries its data as `data-*` attributes
(`data-q`, `data-fog`, `data-id`, `data-owner`, …), so a program (or a test) can read the
picture back; players appear only as numbers and colours, never by name (R-CAMP-5). Every
word a picture writes (legend, captions, `<title>`s) is said in the picture's `language`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import drawsvg as dw  # type: ignore[import-untyped]  # no stubs or py.typed

from app.platform.i18n import DEFAULT_LANGUAGE, Language, Text, _, say
from app.rules.hexgrid import DIRECTIONS, Coord, Grid, Wrap, to_offset
from app.rules.kind_texts import kind_text

# Radius of a hex (centre to corner) in SVG user units, whatever the map size: a 64 × 64 map is
# about 2,300 wide (and its legend 220 more), an 8 × 8 one about 330.
R = 20.0
HEX_W = math.sqrt(3) * R
ROW_H = 1.5 * R
MARGIN = R
LEGEND_W = 210.0
FONT = "DejaVu Sans, Verdana, sans-serif"

TERRAIN_COLOURS: dict[str, str] = {
    "plain": "#d6e6a3",
    "forest": "#6a9f58",
    "mountain": "#a39583",
    "marsh": "#86a191",
    "desert": "#ead89a",
    "coast": "#e9deb3",
    "oasis": "#a6d8a0",
    "city": "#cdc4b8",
    "port": "#bccad3",
    "sea": "#8fb9de",
}
UNEXPLORED = "#f2f2f0"

# What the pictures call the game's things (the data attributes keep the plain names).
TERRAIN_NAMES: dict[str, Text] = {
    "plain": _("plain"),
    "forest": _("forest"),
    "mountain": _("mountain"),
    "marsh": _("marsh"),
    "desert": _("desert"),
    "coast": _("coast"),
    "oasis": _("oasis"),
    "city": _("city"),
    "port": _("port"),
    "sea": _("sea"),
}
WRAP_NAMES: dict[str, Text] = {"horizontal": _("horizontal"), "torus": _("torus")}
MEASURE_NAMES: dict[str, Text] = {
    "gold": _("gold"),
    "income": _("income"),
    "territories": _("territories"),
    "score": _("score"),
}
STORM = _("storm at sea")
PENDING_BATTLE = _("pending battle")

# 17 players at most; distinct hues first, darker ones after.
PLAYER_COLOURS: tuple[str, ...] = (
    "#d62728",
    "#1f77b4",
    "#ff7f0e",
    "#9467bd",
    "#2ca02c",
    "#e377c2",
    "#17becf",
    "#bcbd22",
    "#8c564b",
    "#393b79",
    "#637939",
    "#843c39",
    "#7b4173",
    "#3182bd",
    "#e6550d",
    "#31a354",
    "#636363",
)


def player_colour(number: int) -> str:
    return PLAYER_COLOURS[(number - 1) % len(PLAYER_COLOURS)]


@dataclass(frozen=True)
class MapPicture:
    """What one viewer's map picture shows; every field has passed their fog already."""

    world: Mapping[str, Any]  # a `WorldMap` document (app/play/world/service.py::world_map)
    viewer: int | None  # the viewer's player number; None: the game master
    moves: Sequence[tuple[Coord, Sequence[Coord]]] = ()  # own move orders: (start, path)
    battles: Sequence[Coord] = ()  # tiles of the pending battles the viewer may see
    pending_battles: int = 0  # how many battles are pending in all (public, R-FOG-4)
    coordinates: bool = False
    caption: str = ""  # a `Text` is said in `language`; empty: "Turn N"
    language: Language = DEFAULT_LANGUAGE  # what the legend, caption and titles are said in


def centre(c: Coord) -> tuple[float, float]:
    """Pixel centre of an axial coordinate (odd-r layout); works off the map too (wraps)."""
    col, row = to_offset(c)
    return MARGIN + HEX_W * (col + 0.5 + 0.5 * (row & 1)), MARGIN + R + ROW_H * row


def _corners(cx: float, cy: float, radius: float = R) -> list[float]:
    points: list[float] = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points += [round(cx + radius * math.cos(angle), 2), round(cy + radius * math.sin(angle), 2)]
    return points


def _map_size(width: int, height: int) -> tuple[float, float]:
    w = 2 * MARGIN + HEX_W * (width + 0.5)
    h = 2 * MARGIN + 2 * R + ROW_H * (height - 1)
    return w, h


# --------------------------------------------------------------------------- map elements


def _css() -> str:
    """Shared styles: a 64 × 64 map has 4,096 tiles, so each says only what differs."""
    rules = [
        f"text{{font-family:{FONT}}}",
        ".t{stroke:#ffffff;stroke-width:.8}",
        f".t.unexplored{{fill:{UNEXPLORED};stroke:#d8d8d2}}",
        ".t.explored{fill-opacity:.45}",
        ".seen{opacity:.6}",
        ".ol{stroke:#222222;stroke-width:1}",
        ".num{fill:#ffffff;font-weight:bold;text-anchor:middle;dominant-baseline:central}",
        ".coord{fill:#333333;text-anchor:middle;dominant-baseline:central}",
        ".tag{fill:none;stroke-width:.9}",
    ]
    rules += [f".t.{terrain}{{fill:{colour}}}" for terrain, colour in TERRAIN_COLOURS.items()]
    rules += [f".p{i}{{fill:{colour}}}" for i, colour in enumerate(PLAYER_COLOURS, start=1)]
    return "\n".join(rules)


def _r(v: float) -> float:
    return round(v, 1)


def _owner_class(owner: int | None) -> str:
    return f"ol p{(owner - 1) % len(PLAYER_COLOURS) + 1}" if owner is not None else "ol"


def _structure(
    s: Mapping[str, Any], owner: int | None, q: int, r: int, language: Language
) -> dw.Group:
    kind, level = s["kind"], s["level"]
    cx, cy = centre((q, r))
    cy -= 2
    attrs: dict[str, Any] = {"data_q": q, "data_r": r, "data_kind": kind, "data_level": level}
    if "id" in s:
        attrs["data_id"] = s["id"]
    if owner is not None:
        attrs["data_owner"] = owner
    g = dw.Group(class_="structure", **attrs)
    size = R * 0.55
    fill = _owner_class(owner)
    if owner is None:
        fill += " neutral"
    if kind == "city":
        if s.get("capital"):
            g.append(
                dw.Rectangle(
                    _r(cx - size / 2 - 2),
                    _r(cy - size / 2 - 2),
                    _r(size + 4),
                    _r(size + 4),
                    fill="none",
                    class_="ol",
                )
            )
        g.append(
            dw.Rectangle(_r(cx - size / 2), _r(cy - size / 2), _r(size), _r(size), class_=fill)
        )
        g.append(dw.Text(str(level), R * 0.45, _r(cx), _r(cy), class_="num"))
    elif kind == "port":
        g.append(dw.Circle(_r(cx), _r(cy), _r(size * 0.55), class_=fill))
        g.append(
            dw.Line(_r(cx), _r(cy - size * 0.35), _r(cx), _r(cy + size * 0.35), stroke="#ffffff")
        )
    else:  # outpost
        h = size * 0.9
        g.append(
            dw.Lines(
                _r(cx),
                _r(cy - h / 2),
                _r(cx + h / 2),
                _r(cy + h / 2),
                _r(cx - h / 2),
                _r(cy + h / 2),
                close=True,
                class_=fill,
            )
        )
    if s.get("also_port"):
        g.append(
            dw.Circle(_r(cx + size * 0.7), _r(cy - size * 0.6), 2.5, fill="#ffffff", class_="ol")
        )
    if s.get("besieged"):
        g.append(
            dw.Circle(
                _r(cx),
                _r(cy),
                _r(size * 0.95),
                fill="none",
                stroke="#b00000",
                stroke_dasharray="2,2",
            )
        )
    name = kind_text(kind)
    what = (
        _("capital {kind} level {level}", kind=name, level=level)
        if s.get("capital")
        else _("{kind} level {level}", kind=name, level=level)
    )
    if owner is not None:
        what = _("{what} of player {owner}", what=what, owner=owner)
    g.append_title(say(what, language))
    return g


def _army(a: Mapping[str, Any], q: int, r: int, x: float, y: float, language: Language) -> dw.Group:
    owner, tier = a["owner"], a["tier"]
    g = dw.Group(
        class_="army", data_q=q, data_r=r, data_id=a["id"], data_owner=owner, data_tier=tier
    )
    if a.get("at_sea"):
        g.args["data_at_sea"] = "true"
    ring = {"stroke": "#0b3d91", "stroke_width": 2} if a.get("at_sea") else {}
    g.append(dw.Circle(_r(x), _r(y), _r(R * 0.3), class_=_owner_class(owner), **ring))
    g.append(dw.Text(str(tier), R * 0.4, _r(x), _r(y), class_="num"))
    what = (
        _("army of player {owner}, tier {tier}, at sea", owner=owner, tier=tier)
        if a.get("at_sea")
        else _("army of player {owner}, tier {tier}", owner=owner, tier=tier)
    )
    g.append_title(say(what, language))
    return g


def _ship(s: Mapping[str, Any], q: int, r: int, x: float, y: float, language: Language) -> dw.Group:
    owner = s["owner"]
    g = dw.Group(class_="ship", data_q=q, data_r=r, data_id=s["id"], data_owner=owner)
    w, h = R * 0.5, R * 0.22
    g.append(
        dw.Lines(
            _r(x - w / 2),
            _r(y),
            _r(x + w / 2),
            _r(y),
            _r(x + w / 3),
            _r(y + h),
            _r(x - w / 3),
            _r(y + h),
            close=True,
            class_=_owner_class(owner),
        )
    )
    g.append(dw.Line(_r(x), _r(y), _r(x), _r(y - h * 1.6), stroke="#111111"))
    g.append_title(say(_("ship of player {owner}", owner=owner), language))
    return g


def _tags(tags: Sequence[str], cx: float, cy: float) -> list[dw.DrawingElement]:
    out: list[dw.DrawingElement] = []
    if "city_site" in tags:
        out.append(
            dw.Circle(_r(cx - R * 0.5), _r(cy - R * 0.45), 2.2, stroke="#444444", class_="tag")
        )
    if "coast" in tags:
        x, y = cx + R * 0.5, cy - R * 0.45
        out.append(
            dw.Path(d=f"M{x - 3:.1f},{y:.1f}q1.5,-2 3,0t3,0", stroke="#1f5fa8", class_="tag")
        )
    return out


def _tile(
    t: Mapping[str, Any], hexagon: dw.DrawingElement, coordinates: bool, language: Language
) -> tuple[dw.DrawingElement, list[Any]]:
    """The tile's hexagon (its data as attributes), and what stands on it drawn above."""
    q, r, fog = t["q"], t["r"], t["fog"]
    cx, cy = centre((q, r))
    terrain = t.get("terrain")
    classes = f"t {terrain} {fog}" if terrain else f"t {fog}"
    attrs: dict[str, Any] = {"class_": classes, "data_q": q, "data_r": r, "data_fog": fog}
    if terrain:
        attrs["data_terrain"] = terrain
    if "seen_turn" in t:
        attrs["data_seen_turn"] = t["seen_turn"]
    cell = dw.Use(hexagon, _r(cx), _r(cy), **attrs)
    name = t.get("name")
    if name:
        cell.append_title(f"{name} ({q}, {r})")
    out: list[Any] = []
    if coordinates:
        out.append(dw.Text(f"{q},{r}", R * 0.32, _r(cx), _r(cy - R * 0.68), class_="coord"))
    if fog == "unexplored":
        return cell, out
    things: list[Any] = _tags(t.get("tags", ()), cx, cy)
    if t.get("structure") is not None:
        things.append(_structure(t["structure"], t.get("owner"), q, r, language))
    armies = t.get("armies", ())
    shown = armies if len(armies) <= 3 else armies[:2]
    x0 = cx - (len(shown) - 1) * R * 0.33
    for i, a in enumerate(shown):
        things.append(_army(a, q, r, x0 + i * R * 0.66, cy + R * 0.5, language))
    if len(armies) > len(shown):
        x, y = cx + R * 0.55, cy + R * 0.5
        things.append(
            dw.Text(f"+{len(armies) - len(shown)}", R * 0.42, _r(x), _r(y), class_="coord")
        )
        for a in armies[len(shown) :]:  # not drawn, still there for programs
            hidden = _army(a, q, r, x, y, language)
            hidden.args["visibility"] = "hidden"
            things.append(hidden)
    for i, s in enumerate(t.get("ships", ())):
        things.append(_ship(s, q, r, cx - R * 0.55 + i * 3, cy + R * 0.05, language))
    if fog == "explored" and things:
        # What stands here is as last seen (R-FOG-1): drawn faded.
        seen = dw.Group(class_="seen")
        seen.extend(things)
        things = [seen]
    return cell, out + things


def _step_direction(grid: Grid, a: Coord, b: Coord) -> Coord | None:
    for dq, dr in DIRECTIONS:
        if grid.normalize((a[0] + dq, a[1] + dr)) == b:
            return dq, dr
    return None


def move_runs(grid: Grid, start: Coord, path: Sequence[Coord]) -> list[list[Coord]]:
    """A path cut where it crosses a wrapping edge, each run in unwrapped coordinates.

    A step over the east edge is drawn leaving east from the last column (to a point off the
    board) and, as a new run, entering from the west into the first column.
    """
    runs: list[list[Coord]] = [[start]]
    here = start
    for step in path:
        d = _step_direction(grid, here, step)
        if d is None:  # not a step to a neighbour: drawn as the jump it is
            runs[-1].append(step)
        else:
            beyond = (here[0] + d[0], here[1] + d[1])
            runs[-1].append(beyond)
            if beyond != step:
                runs.append([(step[0] - d[0], step[1] - d[1]), step])
        here = step
    return runs


def _moves(picture: MapPicture, grid: Grid) -> dw.Group:
    g = dw.Group(class_="moves")
    if not picture.moves:
        return g
    arrow = dw.Marker(-0.1, -0.5, 0.9, 0.5, scale=5, orient="auto")
    arrow.append(dw.Lines(-0.1, -0.5, -0.1, 0.5, 0.9, 0, close=True, fill="#111111"))
    for start, path in picture.moves:
        runs = move_runs(grid, start, path)
        move = dw.Group(
            class_="move",
            data_from=f"{start[0]},{start[1]}",
            data_path=" ".join(f"{q},{r}" for q, r in path),
        )
        for i, run in enumerate(runs):
            points = [_r(v) for c in run for v in centre(c)]
            end = {"marker_end": arrow} if i == len(runs) - 1 else {}
            move.append(
                dw.Lines(
                    *points,
                    fill="none",
                    stroke="#111111",
                    stroke_width=1.8,
                    stroke_dasharray="4,2",
                    stroke_linecap="round",
                    **end,
                )
            )
        g.append(move)
    return g


def _storms(
    storms: Sequence[Mapping[str, Any]], hexagon: dw.DrawingElement, language: Language
) -> dw.Group:
    g = dw.Group(class_="storms")
    title = say(STORM, language)
    for storm in storms:
        one = dw.Group(
            class_="storm",
            fill="#5b4a8a",
            fill_opacity=0.35,
            stroke="#3c2f66",
            stroke_dasharray="3,2",
        )
        for t in storm["tiles"]:
            cx, cy = centre((t["q"], t["r"]))
            one.append(dw.Use(hexagon, _r(cx), _r(cy), data_q=t["q"], data_r=t["r"]))
        one.append_title(title)
        g.append(one)
    return g


def _battles(battles: Sequence[Coord], hexagon: dw.DrawingElement, language: Language) -> dw.Group:
    """A red frame around the tile and a small cross beside what stands on it."""
    g = dw.Group(class_="battles", stroke="#b00000", fill="none")
    title = say(PENDING_BATTLE, language)
    for q, r in sorted(set(battles)):
        cx, cy = centre((q, r))
        b = dw.Group(class_="battle", data_q=q, data_r=r)
        b.append(dw.Use(hexagon, _r(cx), _r(cy), stroke_width=2.5))
        x, y, s = cx + R * 0.62, cy - R * 0.05, R * 0.17
        b.append(dw.Line(_r(x - s), _r(y - s), _r(x + s), _r(y + s), stroke_width=2))
        b.append(dw.Line(_r(x - s), _r(y + s), _r(x + s), _r(y - s), stroke_width=2))
        b.append_title(title)
        g.append(b)
    return g


def _wrap_edges(grid: Grid, width: float, height: float) -> dw.Group:
    """Dashed lines along the edges that join (R-MAP-4)."""
    g = dw.Group(
        class_="wrap",
        data_wrap=grid.wrap.value,
        stroke="#555555",
        stroke_width=1.5,
        stroke_dasharray="6,4",
    )
    lo_x, hi_x, lo_y, hi_y = MARGIN / 2, width - MARGIN / 2, MARGIN / 2, height - MARGIN / 2
    if grid.wrap in (Wrap.HORIZONTAL, Wrap.TORUS):
        g.append(dw.Line(lo_x, lo_y, lo_x, hi_y))
        g.append(dw.Line(hi_x, lo_y, hi_x, hi_y))
    if grid.wrap is Wrap.TORUS:
        g.append(dw.Line(lo_x, lo_y, hi_x, lo_y))
        g.append(dw.Line(lo_x, hi_y, hi_x, hi_y))
    return g


@dataclass
class _Legend:
    x: float
    y: float = MARGIN
    items: list[dw.DrawingElement] = field(default_factory=list)

    def heading(self, text: str) -> None:
        self.y += 6
        self.items.append(dw.Text(text, 12, self.x, self.y + 8, font_weight="bold"))
        self.y += 16

    def line(self, swatch: dw.DrawingElement | None, text: str) -> None:
        if swatch is not None:
            self.items.append(swatch)
        self.items.append(dw.Text(text, 11, self.x + 22, self.y + 6, dominant_baseline="central"))
        self.y += 16

    @property
    def mid(self) -> float:
        return self.y + 6


def _legend(
    picture: MapPicture, x: float, hexagon: dw.DrawingElement, owners: Sequence[int]
) -> _Legend:
    world = picture.world
    language = picture.language

    def said(text: str) -> str:
        return say(text, language)

    legend = _Legend(x)
    title = said(picture.caption or _("Turn {turn}", turn=world["turn"]))
    legend.items.append(dw.Text(title, 14, x, legend.y + 10, font_weight="bold"))
    legend.y += 20
    if picture.viewer is not None:
        legend.line(None, said(_("You are player {number}", number=picture.viewer)))
    legend.line(None, said(_("Pending battles: {count}", count=picture.pending_battles)))
    if world["wrap"] != "none":
        legend.line(
            dw.Line(
                x + 2,
                legend.mid,
                x + 16,
                legend.mid,
                stroke="#555555",
                stroke_width=1.5,
                stroke_dasharray="6,4",
            ),
            said(_("edges join ({wrap})", wrap=WRAP_NAMES.get(world["wrap"], world["wrap"]))),
        )
    legend.heading(said(_("Terrain")))
    small = "scale(0.45)"
    for terrain in sorted({t["terrain"] for t in world["tiles"] if "terrain" in t}):
        cell = dw.Use(
            hexagon,
            0,
            0,
            class_=f"t {terrain}",
            transform=f"translate({x + 8},{legend.mid}) {small}",
        )
        legend.line(cell, said(TERRAIN_NAMES.get(terrain, terrain)))
    for classes, text in (
        ("t unexplored", _("unexplored")),
        ("t plain explored", _("explored: as seen")),
    ):
        cell = dw.Use(
            hexagon,
            0,
            0,
            class_=classes,
            transform=f"translate({x + 8},{legend.mid}) {small}",
        )
        legend.line(cell, said(text))
    legend.heading(said(_("On the map")))
    m = legend.mid
    legend.line(
        dw.Rectangle(x + 4, m - 4, 8, 8, class_="ol", fill="#888888"),
        said(_("city, its level; framed: capital")),
    )
    m = legend.mid
    legend.line(dw.Circle(x + 8, m, 4, class_="ol", fill="#888888"), said(kind_text("port")))
    m = legend.mid
    legend.line(
        dw.Lines(
            x + 8, m - 4, x + 12, m + 4, x + 4, m + 4, close=True, class_="ol", fill="#888888"
        ),
        said(kind_text("outpost")),
    )
    m = legend.mid
    legend.line(dw.Circle(x + 8, m, 5, class_="ol", fill="#888888"), said(_("army, its tier")))
    m = legend.mid
    legend.line(
        dw.Lines(
            x + 4,
            m,
            x + 12,
            m,
            x + 10,
            m + 3,
            x + 6,
            m + 3,
            close=True,
            class_="ol",
            fill="#888888",
        ),
        said(_("ship at anchor")),
    )
    m = legend.mid
    legend.line(
        dw.Line(x + 2, m, x + 16, m, stroke="#111111", stroke_width=1.8, stroke_dasharray="4,2"),
        said(_("your move orders")),
    )
    m = legend.mid
    legend.line(
        dw.Use(
            hexagon,
            0,
            0,
            fill="none",
            stroke="#b00000",
            stroke_width=2.5,
            transform=f"translate({x + 8},{m}) scale(0.45)",
        ),
        said(PENDING_BATTLE),
    )
    m = legend.mid
    legend.line(dw.Circle(x + 8, m, 5, fill="#5b4a8a", fill_opacity=0.35), said(STORM))
    m = legend.mid
    legend.line(dw.Circle(x + 8, m, 2.5, stroke="#444444", class_="tag"), said(_("city site")))
    m = legend.mid
    legend.line(
        dw.Path(d=f"M{x + 5:.1f},{m:.1f}q1.5,-2 3,0t3,0", stroke="#1f5fa8", class_="tag"),
        said(TERRAIN_NAMES["coast"]),
    )
    if owners:
        legend.heading(said(_("Players")))
        for owner in owners:
            name = (
                _("player {number} (you)", number=owner)
                if owner == picture.viewer
                else _("player {number}", number=owner)
            )
            swatch = dw.Rectangle(
                x + 3, legend.y + 1, 10, 10, class_=_owner_class(owner), data_player=owner
            )
            legend.line(swatch, said(name))
    return legend


def map_svg(picture: MapPicture) -> str:
    """The picture as an SVG document."""
    world = picture.world
    grid = Grid(world["width"], world["height"], Wrap(world["wrap"]))
    map_w, map_h = _map_size(grid.width, grid.height)
    owners: set[int] = set()
    for t in world["tiles"]:
        if t.get("owner") is not None:
            owners.add(t["owner"])
        owners.update(a["owner"] for a in t.get("armies", ()))
        owners.update(s["owner"] for s in t.get("ships", ()))
    if picture.viewer is not None:
        owners.add(picture.viewer)
    hexagon = dw.Lines(*_corners(0, 0), close=True, id="hex")
    legend = _legend(picture, map_w + 10, hexagon, sorted(owners))
    width, height = _r(map_w + 10 + LEGEND_W), _r(max(map_h, legend.y + MARGIN))
    d = dw.Drawing(width, height, id_prefix="m")
    d.append_css(_css())
    d.append_def(hexagon)
    d.append(dw.Rectangle(0, 0, width, height, fill="#ffffff"))
    clip = dw.ClipPath()  # arrows leaving over a wrapping edge stop at the board's edge
    clip.append(dw.Rectangle(0, 0, _r(map_w), _r(map_h)))
    board = dw.Group(
        class_="map",
        clip_path=clip,
        data_width=grid.width,
        data_height=grid.height,
        data_wrap=grid.wrap.value,
        data_turn=world["turn"],
    )
    tiles, above = dw.Group(class_="tiles"), dw.Group(class_="things")
    for t in world["tiles"]:
        cell, things = _tile(t, hexagon, picture.coordinates, picture.language)
        tiles.append(cell)
        above.extend(things)
    board.append(tiles)
    board.append(above)
    board.append(_storms(world.get("storms", ()), hexagon, picture.language))
    board.append(_battles(picture.battles, hexagon, picture.language))
    board.append(_moves(picture, grid))
    board.append(_wrap_edges(grid, map_w, map_h))
    d.append(board)
    legend_group = dw.Group(class_="legend", fill="#222222")
    legend_group.extend(legend.items)
    d.append(legend_group)
    return str(d.as_svg())


# ---------------------------------------------------------------------------------- charts

CHART_W, CHART_H = 300.0, 150.0
PAD_L, PAD_R, PAD_T, PAD_B = 42.0, 12.0, 24.0, 28.0


@dataclass(frozen=True)
class Series:
    """One player's values of one measure, by turn."""

    player: int
    points: Sequence[tuple[int, int]]  # (turn, value)


def _nice_top(value: int) -> int:
    if value <= 5:
        return 5
    magnitude = int(10 ** (len(str(value)) - 1))
    for step in (1, 2, 5, 10):
        top = step * magnitude
        if top >= value:
            return top
    return value


def _chart(
    measure: str,
    series: Sequence[Series],
    turns: tuple[int, int],
    x0: float,
    y0: float,
    language: Language,
) -> dw.Group:
    """One measure; `turns`: the first and last turn of the horizontal axis (every chart's)."""
    g = dw.Group(class_="chart", data_measure=measure)
    title = say(MEASURE_NAMES.get(measure, measure), language)
    g.append(
        dw.Text(
            title, 12, x0 + PAD_L, y0 + 14, font_family=FONT, font_weight="bold", fill="#222222"
        )
    )
    values = [v for s in series for _, v in s.points]
    first, last = turns
    low = min(0, *values) if values else 0
    top = _nice_top(max([*values, 1]) - low) + low if values else 5
    inner_w, inner_h = CHART_W - PAD_L - PAD_R, CHART_H - PAD_T - PAD_B

    def x(turn: int) -> float:
        return x0 + PAD_L + (inner_w * (turn - first) / (last - first) if last > first else 0)

    def y(value: int) -> float:
        return y0 + PAD_T + inner_h * (1 - (value - low) / (top - low))

    axis = {"stroke": "#888888", "stroke_width": 1}
    g.append(dw.Line(x0 + PAD_L, y0 + PAD_T, x0 + PAD_L, y0 + PAD_T + inner_h, **axis))
    g.append(dw.Line(x0 + PAD_L, y(low), x0 + PAD_L + inner_w, y(low), **axis))
    for value in sorted({low, top, 0}):
        g.append(
            dw.Text(
                str(value),
                9,
                x0 + PAD_L - 4,
                y(value),
                text_anchor="end",
                dominant_baseline="central",
                font_family=FONT,
                fill="#444444",
            )
        )
    for turn in sorted({first, last}):
        g.append(
            dw.Text(
                say(_("turn {turn}", turn=turn), language),
                9,
                x(turn),
                y0 + PAD_T + inner_h + 12,
                text_anchor="middle",
                font_family=FONT,
                fill="#444444",
            )
        )
    for s in series:
        colour = player_colour(s.player)
        line = dw.Group(class_="series", data_player=s.player)
        if len(s.points) > 1:
            points = [v for t, value in s.points for v in (x(t), y(value))]
            line.append(dw.Lines(*points, fill="none", stroke=colour, stroke_width=2))
        for t, value in s.points:
            dot = dw.Circle(
                x(t), y(value), 2.5, fill=colour, class_="point", data_turn=t, data_value=value
            )
            point = _("player {player}, turn {turn}: {value}", player=s.player, turn=t, value=value)
            dot.append_title(say(point, language))
            line.append(dot)
        g.append(line)
    return g


def chart_svg(
    measures: Mapping[str, Sequence[Series]], caption: str, language: Language = DEFAULT_LANGUAGE
) -> str:
    """One small line chart per measure (gold, income, …), two per row, players by colour, its
    words (`caption` too, if a `Text`) said in `language`."""
    names = list(measures)
    rows = (len(names) + 1) // 2
    players = sorted({s.player for series in measures.values() for s in series})
    turns = [t for series in measures.values() for s in series for t, _ in s.points]
    span = (min(turns), max(turns)) if turns else (1, 1)
    legend_h = 22.0
    width, height = 2 * CHART_W + 10, 30 + rows * CHART_H + legend_h
    d = dw.Drawing(width, height, id_prefix="c")
    d.append(dw.Rectangle(0, 0, width, height, fill="#ffffff"))
    caption = say(caption, language)
    d.append(dw.Text(caption, 14, 10, 20, font_family=FONT, font_weight="bold", fill="#111111"))
    for i, name in enumerate(names):
        x, y = (i % 2) * (CHART_W + 10), 30 + (i // 2) * CHART_H
        d.append(_chart(name, measures[name], span, x, y, language))
    x = 10.0
    for p in players:
        d.append(
            dw.Rectangle(
                x, height - 16, 10, 10, fill=player_colour(p), class_="player", data_player=p
            )
        )
        d.append(
            dw.Text(
                say(_("player {number}", number=p), language),
                11,
                x + 14,
                height - 11,
                dominant_baseline="central",
                font_family=FONT,
                fill="#222222",
            )
        )
        x += 80
    return str(d.as_svg())
