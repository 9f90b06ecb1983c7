"""BattleScribe-shaped rosters: New Recruit's JSON export and the `.rosz`/`.ros` XML.

Both carry a roster (`name`, `gameSystemName`, `costs`) with forces (`catalogueName`, nested
`forces`) holding selections (`name`, `number`, `type`, `costs`, `categories`, nested
`selections`). A force's top-level selections are its units; a unit's points are its own
costs plus those of every selection below it (BattleScribe writes each selection's own cost),
its options the names of those selections. The general is the unit in a `General` category
or with a selection named `General`. Only costs named like points (`pts`, `points`) count.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from app.play.rosters.formats.bounded import (
    Element,
    decode_text,
    load_json,
    parse_xml,
    unzip_single,
)
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

MAX_SELECTIONS = 5_000


@dataclass
class _Selection:
    name: str
    number: int
    type: str
    points: int
    categories: list[str]
    children: list["_Selection"]


def _is_points(cost_name: str) -> bool:
    key = cost_name.strip().lower()
    return key in {"pts", "pt", "points", "point"}


def _walk(s: _Selection) -> Iterator[_Selection]:
    for c in s.children:
        yield c
        yield from _walk(c)


def _unit(s: _Selection) -> RosterUnit:
    below = list(_walk(s))
    models = [c.number for c in below if c.type == "model"]
    count = s.number if s.type == "model" or not models else sum(models)
    options = ", ".join(
        c.name if c.number <= 1 else f"{c.number}× {c.name}" for c in below if c.type != "model"
    )
    general = any(c.lower() == "general" for c in s.categories) or any(
        c.name.strip().lower() == "general" for c in below
    )
    return RosterUnit(
        name=clip(s.name, MAX_NAME_CHARS) or "(unnamed)",
        count=max(count, 1),
        points=s.points + sum(c.points for c in below),
        options=clip(options, MAX_OPTIONS_CHARS),
        general=general,
    )


def _roster(
    fmt: RosterFormat,
    name: str,
    game_system: str,
    declared: int | None,
    forces: list[tuple[str, list[_Selection]]],
) -> ParsedRoster:
    units = [_unit(s) for _, selections in forces for s in selections]
    faction = next((f for f, _ in forces if f), "")
    return finish(fmt, name, faction, game_system, units, declared, [])


# ---------------------------------------------------------------------------- JSON (New Recruit)


def _text(d: dict[str, Any], key: str, where: str) -> str:
    value = d.get(key, "")
    if not isinstance(value, str):
        raise RosterUnreadable("must be text", f"{where}.{key}")
    return value


def _list(d: dict[str, Any], key: str, where: str) -> list[Any]:
    value = d.get(key, [])
    if not isinstance(value, list):
        raise RosterUnreadable("must be a list", f"{where}.{key}")
    return value


def _obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RosterUnreadable("must be an object", where)
    return value


def _json_points(d: dict[str, Any], where: str) -> int | None:
    total: int | None = None
    for i, cost in enumerate(_list(d, "costs", where)):
        c = _obj(cost, f"{where}.costs[{i}]")
        if _is_points(_text(c, "name", f"{where}.costs[{i}]")):
            total = (total or 0) + points_value(c.get("value"), f"{where}.costs[{i}].value")
    return total


class _Budget:
    def __init__(self) -> None:
        self.left = MAX_SELECTIONS

    def take(self, where: str) -> None:
        self.left -= 1
        if self.left < 0:
            raise RosterUnreadable(f"more than {MAX_SELECTIONS} selections", where)


def _json_selection(value: Any, where: str, budget: _Budget) -> _Selection:
    budget.take(where)
    d = _obj(value, where)
    number = d.get("number", 1)
    whole = isinstance(number, int) and not isinstance(number, bool)
    if not whole or not 0 <= number <= MAX_ENTRY_MODELS:
        raise RosterUnreadable(
            f"must be a whole number from 0 to {MAX_ENTRY_MODELS}", f"{where}.number"
        )
    categories = [
        _text(_obj(c, f"{where}.categories[{i}]"), "name", f"{where}.categories[{i}]")
        for i, c in enumerate(_list(d, "categories", where))
    ]
    return _Selection(
        name=_text(d, "name", where),
        number=number,
        type=_text(d, "type", where),
        points=_json_points(d, where) or 0,
        categories=categories,
        children=[
            _json_selection(c, f"{where}.selections[{i}]", budget)
            for i, c in enumerate(_list(d, "selections", where))
        ],
    )


def _json_forces(value: Any, where: str, budget: _Budget) -> list[tuple[str, list[_Selection]]]:
    out: list[tuple[str, list[_Selection]]] = []
    for i, force in enumerate(value):
        fw = f"{where}[{i}]"
        f = _obj(force, fw)
        selections = [
            _json_selection(s, f"{fw}.selections[{j}]", budget)
            for j, s in enumerate(_list(f, "selections", fw))
        ]
        out.append((_text(f, "catalogueName", fw), selections))
        out.extend(_json_forces(_list(f, "forces", fw), f"{fw}.forces", budget))
    return out


def parse_new_recruit(data: bytes) -> ParsedRoster:
    document = _obj(load_json(decode_text(data)), "$")
    roster = _obj(document.get("roster"), "roster")
    forces = _json_forces(_list(roster, "forces", "roster"), "roster.forces", _Budget())
    return _roster(
        RosterFormat.NEW_RECRUIT,
        _text(roster, "name", "roster"),
        _text(roster, "gameSystemName", "roster"),
        _json_points(roster, "roster"),
        forces,
    )


# ------------------------------------------------------------------------------- XML (.rosz)


def _xml_points(e: Element) -> int | None:
    total: int | None = None
    for cost in e.all("costs"):
        if cost.tag == "cost" and _is_points(cost.attrs.get("name", "")):
            raw = cost.attrs.get("value", "")
            try:
                value = float(raw)
            except ValueError:
                raise RosterUnreadable(
                    f"cost value {raw!r} is not a number", f"line {cost.line}"
                ) from None
            total = (total or 0) + points_value(value, f"line {cost.line}")
    return total


def _xml_selection(e: Element) -> _Selection:
    raw = e.attrs.get("number", "1")
    if not raw.isdigit() or int(raw) > MAX_ENTRY_MODELS:
        raise RosterUnreadable(f"number {raw!r} is not a whole number", f"line {e.line}")
    return _Selection(
        name=e.attrs.get("name", ""),
        number=int(raw),
        type=e.attrs.get("type", ""),
        points=_xml_points(e) or 0,
        categories=[c.attrs.get("name", "") for c in e.all("categories") if c.tag == "category"],
        children=[_xml_selection(c) for c in e.all("selections") if c.tag == "selection"],
    )


def _xml_forces(forces: list[Element]) -> list[tuple[str, list[_Selection]]]:
    out: list[tuple[str, list[_Selection]]] = []
    for f in forces:
        if f.tag != "force":
            continue
        selections = [_xml_selection(s) for s in f.all("selections") if s.tag == "selection"]
        if len(selections) > MAX_UNITS:
            raise RosterUnreadable(f"more than {MAX_UNITS} units", f"line {f.line}")
        out.append((f.attrs.get("catalogueName", ""), selections))
        out.extend(_xml_forces(f.all("forces")))
    return out


def parse_rosz(data: bytes) -> ParsedRoster:
    """A `.rosz` (zip of one `.ros`) or a bare `.ros` XML document."""
    xml = unzip_single(data) if data[:4] == b"PK\x03\x04" else data
    root = parse_xml(xml)
    if root.tag != "roster":
        raise RosterUnreadable(f"the document is a <{root.tag}>, not a <roster>", "line 1")
    return _roster(
        RosterFormat.ROSZ,
        root.attrs.get("name", ""),
        root.attrs.get("gameSystemName", ""),
        _xml_points(root),
        _xml_forces(root.all("forces")),
    )
