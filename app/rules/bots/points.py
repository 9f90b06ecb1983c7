"""The points rule (R-BOT-8): how a battle between two bots is decided, if the owner chose it.

Each side's total points are those the battle sheet shows (`battles.forces`: armies, general,
garrison, siege bonus, cover — R-BAT-1..4). The side with more points wins; within a tenth of
the larger total it is a draw. The loser loses 50 % of its points, the winner 20 % (a draw:
30 % each). No general is captured. A victorious siege or assault captures the place, except a
capital, which repulses (R-SIEGE-2). The same battle always gets the same result.
"""

from __future__ import annotations

from app.rules import battles
from app.rules.ruleset import Ruleset
from app.rules.state import Battle, BattleKind, BattleReport, CampaignState, Fate, Outcome


def resolve(state: CampaignState, battle: Battle, ruleset: Ruleset) -> BattleReport:
    """R-BOT-8: the battle's result by points."""
    attacker, defender = battles.forces(state, battle, ruleset)
    a, d = attacker.total_points, defender.total_points
    if abs(a - d) * 10 <= max(a, d):
        return BattleReport(Outcome.DRAW, 30, 30)
    if a > d:
        place = state.structures.get(battle.defender.structure_id or 0)
        takes = battle.kind in (BattleKind.SIEGE, BattleKind.ASSAULT)
        fate = Fate.CAPTURE if takes and place is not None and not place.is_capital else None
        return BattleReport(Outcome.ATTACKER_VICTORY, 20, 50, fate=fate)
    return BattleReport(Outcome.DEFENDER_VICTORY, 50, 20)
