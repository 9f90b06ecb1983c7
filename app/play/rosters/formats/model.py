"""The server's own small shape of an army list, and the error every parser raises.

No rules text is kept: names, counts, points and the chosen options as one line of text.
"""

from dataclasses import asdict, dataclass
from enum import StrEnum

from pydantic import ValidationError

from app.platform.fields import is_name
from app.play.rosters.formats.limits import (
    MAX_ENTRY_MODELS,
    MAX_FILE_BYTES,
    MAX_NAME_CHARS,
    MAX_OPTIONS_CHARS,
    MAX_POINTS,
    MAX_UNCOMPRESSED_BYTES,
    MAX_UNITS,
    ListShape,
)

__all__ = [
    "MAX_ENTRY_MODELS",
    "MAX_FILE_BYTES",
    "MAX_NAME_CHARS",
    "MAX_OPTIONS_CHARS",
    "MAX_POINTS",
    "MAX_UNCOMPRESSED_BYTES",
    "MAX_UNITS",
    "ParsedRoster",
    "RosterFormat",
    "RosterUnit",
    "RosterUnreadable",
    "clip",
    "finish",
    "points_value",
]


class RosterFormat(StrEnum):
    OWB = "owb"  # Old World Builder "Export as JSON" (.owb.json)
    NEW_RECRUIT = "new_recruit"  # New Recruit's JSON export
    ROSZ = "rosz"  # BattleScribe / New Recruit roster XML, zipped (.rosz) or not (.ros)
    TEXT = "text"  # plain text, one unit a line (see app/play/rosters/formats/text.py)


class RosterUnreadable(ValueError):
    """The file is not a list the server can read; `where` names the line or field."""

    def __init__(self, message: str, where: str = "file") -> None:
        super().__init__(f"{where}: {message}")
        self.message = message
        self.where = where


@dataclass(frozen=True, slots=True)
class RosterUnit:
    name: str
    count: int
    points: int  # the whole unit with its options
    options: str  # the chosen options, comma-separated
    general: bool = False


@dataclass(frozen=True, slots=True)
class ParsedRoster:
    format: RosterFormat
    name: str
    faction: str
    game_system: str
    total_points: int
    general_points: int  # the points of the unit that leads (0: none marked)
    units: tuple[RosterUnit, ...]
    warnings: tuple[str, ...] = ()


def clip(text: str, limit: int) -> str:
    """One line of at most `limit` characters (control characters become spaces)."""
    flat = "".join(c if c.isprintable() else " " for c in text)
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def points_value(value: object, where: str) -> int:
    """A points figure: a finite non-negative number up to MAX_POINTS, rounded to a whole."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RosterUnreadable("points must be a number", where)
    if value != value or not 0 <= value <= MAX_POINTS:  # NaN, negative, absurd
        raise RosterUnreadable(f"points must be between 0 and {MAX_POINTS}", where)
    return round(value)


def finish(
    fmt: RosterFormat,
    name: str,
    faction: str,
    game_system: str,
    units: list[RosterUnit],
    declared_total: int | None,
    warnings: list[str],
) -> ParsedRoster:
    """The roster with its totals: the declared total when the file has one, else the sum.

    The list's name, faction and game system are names like those typed in the API
    (app/platform/fields.py): a control character, line break or direction override is refused.
    """
    for where, text in (("name", name), ("faction", faction), ("game system", game_system)):
        if not is_name(text):
            raise RosterUnreadable("a control character, line break or direction override", where)
    if not units:
        raise RosterUnreadable("the list has no units", "units")
    if len(units) > MAX_UNITS:
        raise RosterUnreadable(f"more than {MAX_UNITS} units", "units")
    summed = sum(u.points for u in units)
    total = summed if declared_total is None else declared_total
    if declared_total is not None and declared_total != summed:
        warnings.append(f"the list says {declared_total} points, its units add up to {summed}")
    generals = [u for u in units if u.general]
    if len(generals) > 1:
        warnings.append("more than one unit is marked as the general: the first one counts")
    roster = ParsedRoster(
        format=fmt,
        name=clip(name, MAX_NAME_CHARS),
        faction=clip(faction, MAX_NAME_CHARS),
        game_system=clip(game_system, MAX_NAME_CHARS),
        total_points=total,
        general_points=generals[0].points if generals else 0,
        units=tuple(units),
        warnings=tuple(warnings),
    )
    within_bounds(roster)
    return roster


def within_bounds(roster: ParsedRoster) -> None:
    """Refuse a list past the bounds the server keeps lists within (`limits.ListShape`, the
    campaign document's too): what an upload accepts always exports."""
    shape = asdict(roster)
    del shape["format"]
    try:
        ListShape.model_validate(shape)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in error["loc"])
        limit = (error.get("ctx") or {}).get("le")
        message = f"more than {limit}" if limit is not None else error["msg"]
        unit = error["loc"][1] if error["loc"][:1] == ("units",) else None
        if isinstance(unit, int) and unit < len(roster.units):
            message += f" (unit {roster.units[unit].name!r})"
        raise RosterUnreadable(message, where.lstrip(".")) from None
