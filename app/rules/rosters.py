"""An army list against its army's caps (R-ARMY-4, R-SYS).

The tier caps what an army fields: its army points and its general's points (the ruleset's
tier table — a campaign's variant included, R-HOUSE-2), converted by the campaign's game
system and each rounded once to the nearest `points_rounding` (R-SYS), as a battle's forces
are (`battles._side_forces`). A roster's army points are its total less its general's points,
the same split as a battle's `army_points` and `general_points`.
"""

from dataclasses import dataclass

from app.rules.battles import coefficient_pct, round_points
from app.rules.ruleset import Ruleset
from app.rules.state import Options

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
