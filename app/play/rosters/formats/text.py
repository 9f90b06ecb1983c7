"""Plain-text lists, one unit a line (the format players paste):

    Name: Reikland border patrol        (headers, each optional, any order, once)
    Faction: Empire
    System: Warhammer: The Old World
    Total: 1000                         (if given, checked against the units' sum)
    # a comment; blank lines are ignored
    * General of the Empire (barded warhorse, full plate) - 150 pts   (* marks the general)
    20x State Troops (halberds, standard) - 140 pts
    Great Cannon: 125                   ("- N pts", ": N", "[N]" all end a unit line)

Anything else is refused with its line number.
"""

import re

from app.play.rosters.formats.bounded import decode_text
from app.play.rosters.formats.model import (
    MAX_NAME_CHARS,
    MAX_OPTIONS_CHARS,
    ParsedRoster,
    RosterFormat,
    RosterUnit,
    RosterUnreadable,
    clip,
    finish,
    points_value,
)

MAX_LINES = 1_000
MAX_LINE_CHARS = 500

_HEADER = re.compile(
    r"(?P<key>name|faction|army|system|game system|total)\s*:\s*(?P<value>.*)", re.I
)
_UNIT = re.compile(
    r"(?P<general>\*\s*)?"
    r"(?:(?P<count>\d{1,5})\s*[x×]\s+)?"
    r"(?P<name>[^()\[\]]+?)"
    r"\s*(?:\((?P<options>[^()]*)\))?"
    r"\s*(?:[-–—:]\s*(?P<points>\d{1,7})\s*(?:pts?|points)?\.?|\[(?P<bracket>\d{1,7})\s*(?:pts?|points)?\])",
    re.I,
)
_KEYS = {
    "name": "name",
    "faction": "faction",
    "army": "faction",
    "system": "system",
    "game system": "system",
    "total": "total",
}


def parse_text(data: bytes) -> ParsedRoster:
    lines = decode_text(data).splitlines()
    if len(lines) > MAX_LINES:
        raise RosterUnreadable(f"more than {MAX_LINES} lines", f"line {MAX_LINES + 1}")
    headers: dict[str, str] = {}
    units: list[RosterUnit] = []
    for number, raw in enumerate(lines, start=1):
        where = f"line {number}"
        line = raw.strip()
        if len(line) > MAX_LINE_CHARS:
            raise RosterUnreadable(f"longer than {MAX_LINE_CHARS} characters", where)
        if not line or line.startswith("#"):
            continue
        unit = _UNIT.fullmatch(line)
        header = _HEADER.fullmatch(line)
        if header is not None and (unit is None or header["key"].lower() == "total"):
            key = _KEYS[header["key"].lower()]
            if key in headers:
                raise RosterUnreadable(f"a second {header['key']!r} line", where)
            headers[key] = header["value"].strip()
            if key == "total" and not headers[key].isdigit():
                raise RosterUnreadable("Total must be a whole number of points", where)
            continue
        if unit is None:
            raise RosterUnreadable(
                "not a unit line: write 'N x Name (options) - P pts', or a header "
                "(Name:, Faction:, System:, Total:)",
                where,
            )
        points = points_value(int(unit["points"] or unit["bracket"]), where)
        count = int(unit["count"] or 1)
        name = unit["name"].strip()
        options = (unit["options"] or "").strip()
        general = unit["general"] is not None or name.lower() == "general"
        units.append(
            RosterUnit(
                name=clip(name, MAX_NAME_CHARS),
                count=max(count, 1),
                points=points,
                options=clip(options, MAX_OPTIONS_CHARS),
                general=general,
            )
        )
    total = points_value(int(headers["total"]), "Total") if "total" in headers else None
    return finish(
        RosterFormat.TEXT,
        headers.get("name", ""),
        headers.get("faction", ""),
        headers.get("system", ""),
        units,
        total,
        [],
    )
