"""An army list against its army's caps (R-ARMY-4, R-SYS).

The tier caps what an army fields: its army points and its general's points (the ruleset's
tier table — a campaign's variant included, R-HOUSE-2), converted by the campaign's game
system and each rounded once to the nearest `points_rounding` (R-SYS), as a battle's forces
are (`battles._side_forces`). A roster's army points are its total less its general's points,
the same split as a battle's `army_points` and `general_points`.

After a confirmed battle its casualties go onto the lists (R-ARMY-7): each unit's models lost
add up, and a unit is lost when none are left, below half when fewer than half are; a rollback
takes them back (R-TURN-6).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.rules.battles import coefficient_pct, round_points
from app.rules.ruleset import Ruleset
from app.rules.state import Options
from app.rules.texts import _

_PCT = 100


@dataclass(frozen=True, slots=True)
class ArmyCaps:
    """What an army of a tier may field, in the campaign's game system's points."""

    tier: int
    army_points: int
    general_points: int


@dataclass(frozen=True, slots=True)
class RosterCheck:
    caps: ArmyCaps
    army_points: int
    general_points: int
    army_excess: int  # points over the army cap (0: within it)
    general_excess: int

    @property
    def fits(self) -> bool:
        return self.army_excess == 0 and self.general_excess == 0


def army_caps(tier: int, options: Options, ruleset: Ruleset) -> ArmyCaps:
    """The caps of an army of `tier` in the campaign's game system (R-ARMY-4, R-SYS)."""
    t = ruleset.tier(min(max(tier, 1), ruleset.max_tier))
    coef = coefficient_pct(options, ruleset)
    step = ruleset.battles.points_rounding
    return ArmyCaps(
        tier=t.tier,
        army_points=round_points(t.army_points * coef, _PCT, step),
        general_points=round_points(t.general_points * coef, _PCT, step),
    )


def check_roster(
    total_points: int, general_points: int, tier: int, options: Options, ruleset: Ruleset
) -> RosterCheck:
    """Whether a list of `total_points`, `general_points` of them its general's, fits an army
    of `tier`, and by how much it exceeds each cap (R-ARMY-4)."""
    caps = army_caps(tier, options, ruleset)
    general = min(general_points, total_points)
    army = total_points - general
    return RosterCheck(
        caps=caps,
        army_points=army,
        general_points=general,
        army_excess=max(army - caps.army_points, 0),
        general_excess=max(general - caps.general_points, 0),
    )


# ------------------------------------------------------------------ casualties (R-ARMY-7)

MAX_CASUALTIES = 200  # lines of one report: more units than any list fields


@dataclass(frozen=True, slots=True)
class Casualty:
    """Models of one unit of one army's list lost in a battle (R-ARMY-7)."""

    army_id: int
    unit: int  # the unit's position in the list's units, from 0
    lost: int


@dataclass(frozen=True, slots=True)
class CasualtyFault:
    """A casualty line that does not fit the lists fielded: its index and the field at fault."""

    index: int
    field: str
    message: str


def casualty_faults(
    fielded: Mapping[int, Sequence[int]], casualties: Sequence[Casualty]
) -> list[CasualtyFault]:
    """Why casualties do not fit the lists fielded in the battle (`fielded`: army id → each
    unit's model count), line by line (R-ARMY-7): an army without a list in the battle, a unit
    not in its list, more models lost than the unit has, a unit named twice."""
    faults: list[CasualtyFault] = []
    seen: set[tuple[int, int]] = set()
    for index, c in enumerate(casualties):
        units = fielded.get(c.army_id)
        if units is None:
            faults.append(CasualtyFault(index, "army_id", _("no list of this army was fielded")))
        elif not 0 <= c.unit < len(units):
            faults.append(
                CasualtyFault(index, "unit", _("the list has units 0…{last}", last=len(units) - 1))
            )
        elif not 0 <= c.lost <= units[c.unit]:
            faults.append(
                CasualtyFault(index, "lost", _("the unit has {count} models", count=units[c.unit]))
            )
        elif (c.army_id, c.unit) in seen:
            faults.append(CasualtyFault(index, "unit", _("this unit is named twice")))
        seen.add((c.army_id, c.unit))
    return faults


class UnitState(StrEnum):
    """What is left of a unit after its battles (R-ARMY-7)."""

    WHOLE = "whole"  # half its models or more
    BELOW_HALF = "below_half"
    LOST = "lost"  # every model fell


def unit_state(count: int, lost: int) -> UnitState:
    """A unit of `count` models that has lost `lost` of them (R-ARMY-7)."""
    left = count - lost
    if left <= 0:
        return UnitState.LOST
    return UnitState.BELOW_HALF if 2 * left < count else UnitState.WHOLE


def losses_after(
    counts: Sequence[int], lost: Sequence[int], casualties: Mapping[int, int]
) -> tuple[int, ...]:
    """Each unit's models lost after a battle's `casualties` (unit → models) are added to what it
    had lost before, never more than it has (R-ARMY-7)."""
    return tuple(
        min(count, before + casualties.get(unit, 0))
        for unit, (count, before) in enumerate(zip(counts, lost, strict=True))
    )


def losses_added(before: Sequence[int], after: Sequence[int]) -> dict[int, int]:
    """Unit → the models it lost going from `before` to `after` (`losses_after`'s): what a
    battle wrote on a list, kept for a rollback to take back (R-TURN-6)."""
    return {unit: n - b for unit, (b, n) in enumerate(zip(before, after, strict=True)) if n > b}


def losses_taken_back(lost: Sequence[int], written: Mapping[int, int]) -> tuple[int, ...]:
    """Each unit's models lost once a rolled back battle's losses (unit → the models that
    `losses_after` added) are taken back (R-TURN-6): what it had lost before that battle. Battles
    confirmed since it are taken back with it, in any order: the sums are the same."""
    return tuple(max(0, n - written.get(unit, 0)) for unit, n in enumerate(lost))
