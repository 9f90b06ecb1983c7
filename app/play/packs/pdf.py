"""A battle pack as a printable PDF (R-PACK), drawn with ReportLab from the pack's JSON.

One page per side the reader sees in full (their own; both for the game master): the field,
the deployment map, that side's forces, what it knows of the enemy (exactly what the JSON
gives, R-PACK-3: the PDF is drawn from the very document the JSON view sends), the stakes,
the scenario, the seed and a QR code to the battle's report page. Every word is said in the
reader's language.

The work is bounded (like the pictures'): it runs in a replay worker (app/play/pictures/
rendering.py), every text is cut to `MAX_TEXT` characters and stripped of control
characters, and a list prints as many units as its page holds, then says how many more.
Names are drawn as plain strings (ReportLab's canvas reads no markup) in the PDF's standard
Helvetica, so a character outside Windows-1252 prints as "?".
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

import segno
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from app.platform.i18n import Language, Text, _, say
from app.play.pictures.svg import TERRAIN_COLOURS, TERRAIN_NAMES

MAX_TEXT = 80
PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 36.0  # points (half an inch)
QR_SIZE = 72.0  # an inch
ENEMY_LINES = 12  # the other side's armies listed on a page, at most

PIECE_COLOURS: dict[str, str] = {
    "wood": "#4f8a3c",
    "hill": "#b59b6b",
    "marsh": "#6f9a8a",
    "rocks": "#7d7d7d",
    "dunes": "#e2c77d",
    "pond": "#7fb1d8",
    "ruins": "#a39a8f",
    "building": "#8c6d5a",
    "fields": "#d9cf7a",
    "walls": "#555555",
    "tower": "#444444",
    "sea": "#8fb9de",
    "ship": "#6b4e2e",
}
RECTANGLES = frozenset({"walls", "sea", "building", "fields", "ship", "tower"})

KINDS: dict[str, Text] = {
    "field": _("field battle"),
    "landing": _("landing from the sea"),
    "siege_assault": _("assault on the walls"),
    "sally": _("sally of the besieged"),
    "naval": _("battle at sea"),
}
PIECES: dict[str, Text] = {
    "wood": _("wood"),
    "hill": _("hill"),
    "marsh": _("marsh"),
    "rocks": _("rocks (impassable)"),
    "dunes": _("dunes"),
    "pond": _("pond"),
    "ruins": _("ruins"),
    "building": _("building"),
    "fields": _("fields"),
    "walls": _("walls"),
    "tower": _("tower"),
    "sea": _("sea"),
    "ship": _("ship"),
}
SIZES: dict[str, Text] = {
    "small": _("small"),
    "medium": _("medium"),
    "large": _("large"),
    "huge": _("huge"),
}
EFFECTS: dict[str, Text] = {
    "defender_retreats": _("the defender retreats"),
    "winner_moves_in": _("the winner moves into the hex"),
    "attacker_stays": _("the attacker stays where it stopped"),
    "capture_or_destroy": _("the attacker captures or destroys the structure"),
    "capital_repulses": _("the capital repulses the attacker"),
    "siege_goes_on": _("the siege goes on"),
    "nothing_moves": _("nobody moves"),
}
OUTCOMES: dict[str, Text] = {
    "attacker_victory": _("Attacker's victory"),
    "draw": _("Draw"),
    "defender_victory": _("Defender's victory"),
}
SIDES: dict[str, Text] = {"attacker": _("Attacker"), "defender": _("Defender")}


def clean(value: object, limit: int = MAX_TEXT) -> str:
    """A text fit to print: no control or format characters, at most `limit` characters,
    Windows-1252 only (Helvetica's), anything else as "?"."""
    text = "".join(
        " " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch for ch in str(value)
    )
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.encode("cp1252", "replace").decode("cp1252")


def fit(text: str, font: str, size: float, width: float) -> str:
    """`text` cut (with "…") to `width` points in `font` at `size`."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


class _Page:
    """A page being written top-down, in points."""

    def __init__(self, canvas: Canvas, width: float, height: float) -> None:
        self.c = canvas
        self.width = width
        self.y = height - MARGIN

    def line(self, text: str, size: float = 9, bold: bool = False, indent: float = 0) -> None:
        """One line, cut to the page's width (and clear of the QR code near the bottom)."""
        font = "Helvetica-Bold" if bold else "Helvetica"
        right = self.width - MARGIN - (QR_SIZE + 12 if self.y < MARGIN + QR_SIZE + 30 else 0)
        text = fit(clean(text, 160), font, size, right - MARGIN - indent)
        self.c.setFont(font, size)
        self.c.drawString(MARGIN + indent, self.y - size, text)
        self.y -= size * 1.35

    def room(self, needed: float) -> bool:
        return self.y - needed > MARGIN


def render(pack: Mapping[str, Any], language: Language, paper: str, report_url: str) -> bytes:
    """The pack's PDF (see the module's docstring); `pack` is the JSON view's document."""
    width, height = PAPERS[paper]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=True, pageCompression=1)
    canvas.setTitle(clean(say(_("Battle pack"), language)))
    canvas.setCreator("Marchlords")
    qr = segno.make(report_url, error="m")
    for side in pack["sides"]:
        if side["in_full"]:
            _page(canvas, width, height, pack, side, language, qr, report_url)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _page(
    canvas: Canvas,
    width: float,
    height: float,
    pack: Mapping[str, Any],
    side: Mapping[str, Any],
    language: Language,
    qr: segno.QRCode,
    report_url: str,
) -> None:
    def t(text: Text) -> str:
        return say(text, language)

    page = _Page(canvas, width, height)
    field = pack["field"]
    page.line(
        t(
            _(
                "Battle pack: {kind}, turn {turn}",
                kind=KINDS[field["kind"]],
                turn=str(pack["turn"]),
            )
        ),
        14,
        bold=True,
    )
    page.line(
        t(
            _(
                "Battle {id} at hex {q},{r} — {terrain} — {side}",
                id=str(pack["battle_id"]),
                q=str(pack["q"]),
                r=str(pack["r"]),
                terrain=TERRAIN_NAMES[field["terrain"]],
                side=SIDES[side["side"]],
            )
        )
    )
    scenario = field["scenario"]
    if scenario is not None:
        page.line(
            t(
                _(
                    "Suggested scenario: {name} ({reference})",
                    name=scenario["name"],
                    reference=scenario["reference"],
                )
            )
        )
    table = field["table"]
    page.line(
        t(
            _(
                'Table: {width}" × {depth}". Seed: {seed}',
                width=str(table["width"]),
                depth=str(table["depth"]),
                seed=field["seed"],
            )
        )
    )
    page.y -= 4
    _map(page, field, language)
    page.y -= 4
    stakes = pack["stakes"]
    for outcome, label in OUTCOMES.items():
        said = ", ".join(t(EFFECTS[e]) for e in stakes[outcome])
        page.line(t(_("{outcome}: {effects}", outcome=label, effects=said)))
    page.y -= 6
    enemy = next(s for s in pack["sides"] if s["side"] != side["side"])
    page.line(
        t(
            _(
                "{side}: {points} points, {size}",
                side=SIDES[side["side"]],
                points=str(side["points"]),
                size=SIZES[side["size"]],
            )
        ),
        11,
        bold=True,
    )
    shown = enemy["armies"][:ENEMY_LINES]
    # Room kept below this side's forces for the other side's lines.
    _forces(page, side, language, reserve=12.2 * (len(shown) + 3) + 24)
    page.y -= 4
    page.line(
        t(
            _(
                "{side}: {points} points, {size}",
                side=SIDES[enemy["side"]],
                points=str(enemy["points"]),
                size=SIZES[enemy["size"]],
            )
        ),
        11,
        bold=True,
    )
    # The other side as sight gives it (R-PACK-3); the game master has its own page for it.
    for army in shown:
        page.line(
            t(
                _(
                    "Army {id}: tier {tier}, {size}",
                    id=str(army["army_id"]),
                    tier=str(army["tier"]),
                    size=SIZES[army["size"]],
                )
            ),
            indent=8,
        )
    if len(enemy["armies"]) > len(shown):
        more = str(len(enemy["armies"]) - len(shown))
        page.line(t(_("… and {count} more armies", count=more)), indent=8)
    _qr(canvas, width, qr, report_url, language)


def _forces(page: _Page, side: Mapping[str, Any], language: Language, reserve: float) -> None:
    """A side's armies in full, their lists' units while the page holds them."""
    armies: Sequence[Mapping[str, Any]] = side["armies"]
    for index, army in enumerate(armies):
        if not page.room(reserve + 12):
            more = str(len(armies) - index)
            page.line(say(_("… and {count} more armies", count=more), language), indent=8)
            break
        fits = army.get("fits")
        fit = "" if fits is None else say(_("fits") if fits else _("exceeds its caps"), language)
        page.line(
            say(
                _(
                    "Army {id}: tier {tier}, {points} points, general {general}, "
                    "{battles} battles fought",
                    id=str(army["army_id"]),
                    tier=str(army["tier"]),
                    points=str(army["points"]),
                    general=str(army.get("general_id") or "—"),
                    battles=str(army.get("battles_fought") or 0),
                ),
                language,
            ),
            indent=8,
        )
        roster = army.get("roster")
        if roster is None:
            continue
        page.line(f"{roster['name']} — {roster['total_points']} — {fit}", indent=16, bold=True)
        units: Sequence[Mapping[str, Any]] = roster["units"]
        for position, unit in enumerate(units):
            if not page.room(reserve):
                left = str(len(units) - position)
                page.line(say(_("… and {count} more units", count=left), language), indent=16)
                break
            page.line(f"{unit['count']} × {unit['name']} — {unit['points']}", 8, indent=16)


def _map(page: _Page, field: Mapping[str, Any], language: Language) -> None:
    """The table from above: the defender's edge at the top, zones shaded, the pieces."""
    c = page.c
    table = field["table"]
    scale = (page.width - 2 * MARGIN) / table["width"]
    w, d = table["width"] * scale, table["depth"] * scale
    left, top = MARGIN, page.y
    bottom = top - d
    c.setFillColor(TERRAIN_COLOURS.get(field["terrain"], "#d6e6a3"))
    c.setStrokeColor("#333333")
    c.rect(left, bottom, w, d, fill=1, stroke=1)
    for zone in field["zones"]:
        c.setFillColor("#ffffff", alpha=0.35)
        depth = zone["depth"] * scale
        y = top - depth if zone["side"] == "defender" else bottom
        c.rect(left, y, w, depth, fill=1, stroke=0)
    for piece in field["pieces"]:
        c.saveState()
        c.translate(left + piece["x"] * scale, top - piece["y"] * scale)
        c.rotate(-piece["rotation"])
        c.setFillColor(PIECE_COLOURS[piece["kind"]])
        pw, pd = piece["width"] * scale, piece["depth"] * scale
        if piece["kind"] in RECTANGLES:
            c.rect(-pw / 2, -pd / 2, pw, pd, fill=1, stroke=0)
        else:
            c.ellipse(-pw / 2, -pd / 2, pw / 2, pd / 2, fill=1, stroke=0)
        c.restoreState()
    c.setFont("Helvetica", 7)
    x = left
    for kind in sorted({p["kind"] for p in field["pieces"]}):
        c.setFillColor(PIECE_COLOURS[kind])
        c.rect(x, bottom - 9, 7, 7, fill=1, stroke=0)
        c.setFillColor("#000000")
        name = clean(say(PIECES[kind], language))
        c.drawString(x + 9, bottom - 8, name)
        x += 9 + stringWidth(name, "Helvetica", 7) + 8
    c.drawRightString(left + w, top + 2, clean(say(SIDES["defender"], language)))
    c.drawRightString(left + w, bottom - 9, clean(say(SIDES["attacker"], language)))
    page.y = bottom - 14


def _qr(canvas: Canvas, width: float, qr: segno.QRCode, url: str, language: Language) -> None:
    """The QR code of the report page, bottom right, with its address under it."""
    matrix = qr.matrix
    module = QR_SIZE / len(matrix)
    x0, y0 = width - MARGIN - QR_SIZE, MARGIN + 10
    canvas.setFillColor("#000000")
    for row, cells in enumerate(matrix):
        for col, dark in enumerate(cells):
            if dark:
                canvas.rect(
                    x0 + col * module,
                    y0 + QR_SIZE - (row + 1) * module,
                    module,
                    module,
                    fill=1,
                    stroke=0,
                )
    canvas.setFont("Helvetica", 7)
    canvas.drawRightString(width - MARGIN, MARGIN, clean(url, 120))
    canvas.drawRightString(
        width - MARGIN, y0 + QR_SIZE + 4, clean(say(_("Report the result"), language))
    )
