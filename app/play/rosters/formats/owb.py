"""Old World Builder's "Export as JSON" (`.owb.json`).

A list (`name`, `game`, `army`, `points` = the list's points *limit*) keeps its units in
categories (`characters`, `core`, `special`, `rare`, `mercenaries`, `allies`, …). A unit has
`points` per model and `strength` (models), and lists of choices — `options`, `equipment`,
`armor`, `mounts`, `command` — each `{name_en, points, active, perModel}`, plus magic `items`
(`[{selected: [{name_en, points, amount}]}]`). A unit's points are its models' points and its
active choices' (per model when `perModel`), as the builder adds them; the general is the unit
whose `command` entry `General` is active. A choice marked `hidden` counts for the points but
its name is never kept (the opponent does not learn it from the options text).
"""

from typing import Any

from app.play.rosters.formats.bounded import decode_text, load_json
from app.play.rosters.formats.model import (
    MAX_ENTRY_MODELS,
    MAX_NAME_CHARS,
    MAX_OPTIONS_CHARS,
    MAX_UNITS,
    ParsedRoster,
    RosterFormat,
    RosterUnit,
    RosterUnreadable,
    clip,
    finish,
    points_value,
)

CATEGORIES = ("characters", "lords", "heroes", "core", "special", "rare", "mercenaries", "allies")
CHOICE_LISTS = ("options", "equipment", "armor", "mounts", "command")


def _name(d: dict[str, Any], where: str) -> str:
    for key in ("name_en", "name"):
        value = d.get(key)
        if isinstance(value, str) and value:
            return value
        if value is not None and not isinstance(value, str):
            raise RosterUnreadable("must be text", f"{where}.{key}")
    return ""


def _obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RosterUnreadable("must be an object", where)
    return value


def _list(d: dict[str, Any], key: str, where: str) -> list[Any]:
    value = d.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise RosterUnreadable("must be a list", f"{where}.{key}")
    return value


def _whole(value: Any, where: str, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ENTRY_MODELS:
        raise RosterUnreadable(f"must be a whole number from 0 to {MAX_ENTRY_MODELS}", where)
    return value


def _unit(d: dict[str, Any], where: str) -> RosterUnit:
    strength = _whole(d.get("strength"), f"{where}.strength", 1) or 1
    points = points_value(d.get("points", 0), f"{where}.points") * strength
    chosen: list[str] = []
    general = False
    for key in CHOICE_LISTS:
        for i, raw in enumerate(_list(d, key, where)):
            cw = f"{where}.{key}[{i}]"
            choice = _obj(raw, cw)
            if choice.get("active") is not True:
                continue
            name = _name(choice, cw)
            cost = points_value(choice.get("points", 0), f"{cw}.points")
            points += cost * strength if choice.get("perModel") is True else cost
            if key == "command" and name.strip().lower() == "general":
                general = True
            if choice.get("hidden") is not True:
                chosen.append(name)
    for i, raw in enumerate(_list(d, "items", where)):
        iw = f"{where}.items[{i}]"
        for j, item in enumerate(_list(_obj(raw, iw), "selected", iw)):
            sw = f"{iw}.selected[{j}]"
            selected = _obj(item, sw)
            amount = _whole(selected.get("amount"), f"{sw}.amount", 1)
            points += points_value(selected.get("points", 0), f"{sw}.points") * amount
            if selected.get("hidden") is not True:
                chosen.append(_name(selected, sw))
    return RosterUnit(
        name=clip(_name(d, where), MAX_NAME_CHARS) or "(unnamed)",
        count=strength,
        points=points,
        options=clip(", ".join(c for c in chosen if c), MAX_OPTIONS_CHARS),
        general=general,
    )


def parse_owb(data: bytes) -> ParsedRoster:
    document = _obj(load_json(decode_text(data)), "$")
    units: list[RosterUnit] = []
    for category in CATEGORIES:
        for i, raw in enumerate(_list(document, category, "$")):
            if len(units) >= MAX_UNITS:
                raise RosterUnreadable(f"more than {MAX_UNITS} units", f"{category}[{i}]")
            units.append(_unit(_obj(raw, f"{category}[{i}]"), f"{category}[{i}]"))
    texts = {}
    for key in ("name", "game", "army"):
        value = document.get(key, "")
        if not isinstance(value, str):
            raise RosterUnreadable("must be text", key)
        texts[key] = value
    return finish(RosterFormat.OWB, texts["name"], texts["army"], texts["game"], units, None, [])
