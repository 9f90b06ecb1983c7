"""What the turn change needs from battles, kept apart so `app.turns` can import it freely.

- the forces each side fields, fixed when the battle is declared (R-ARMY-4);
- turn-summary events of battles settled during a turn, queued for the next summary.
"""

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.models.campaign import Campaign
from app.models.summary_event import PendingSummaryEvent
from app.models.world import BattleRow
from app.rules import battles
from app.rules.ruleset import Ruleset
from app.rules.state import Battle, CampaignState, Event, Outcome
from app.turns.mapping import event_to_json, forces_to_json, load_ruleset


def _with_tiers(state: CampaignState, tiers: Mapping[str, int]) -> CampaignState:
    """The state with the battle's armies at the tiers they had when it was declared."""
    armies = {
        i: replace(a, tier=tiers[str(i)]) if str(i) in tiers else a for i, a in state.armies.items()
    }
    return replace(state, armies=armies)


def fixed_forces(
    state: CampaignState,
    battle: Battle,
    ruleset: Ruleset,
    tiers: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """The `forces` document of a battle row (R-ARMY-4, R-BAT-1/3/4, R-SIEGE-3, R-SYS).

    `tiers` (from an earlier document) keeps the declared tiers when the leader changes.
    """
    if tiers is None:
        ids = sorted(set(battle.attacker.army_ids) | set(battle.defender.army_ids))
        tiers = {str(i): state.armies[i].tier for i in ids if i in state.armies}
    at = _with_tiers(state, tiers)
    attacker, defender = battles.forces(at, battle, ruleset)
    return {
        "tiers": dict(tiers),
        "attacker": forces_to_json(attacker),
        "defender": forces_to_json(defender),
        "stake": {
            "attacker_victory": battles.stake(at, battle, ruleset, Outcome.ATTACKER_VICTORY),
            "defender_victory": battles.stake(at, battle, ruleset, Outcome.DEFENDER_VICTORY),
        },
        "pillage": battles.pillage(at, battle, ruleset),
    }


async def fix_declared_forces(
    session: AsyncSession, campaign: Campaign, before: CampaignState, declared: Iterable[Battle]
) -> None:
    """Store what each newly declared battle's sides field (R-ARMY-4).

    `before` is the state the turn change started from: movement changes no tier and no
    structure, and what step 5 raises first counts at the next change (R-ECO-3), so it gives
    exactly the post-movement figures.
    """
    declared = list(declared)
    if not declared:
        return
    ruleset = load_ruleset(campaign)
    await session.flush()  # the new battle rows were added by save_state
    for battle in declared:
        row = await session.get_one(BattleRow, (campaign.id, battle.id))
        row.forces = fixed_forces(before, battle, ruleset)


def queue_summary_events(
    session: AsyncSession, campaign_id: uuid.UUID, summaries: Mapping[int, Iterable[Event]]
) -> None:
    """Keep each player's view of a settled battle for their next turn summary (R-FOG-3)."""
    session.add_all(
        PendingSummaryEvent(campaign_id=campaign_id, player=player, event=event_to_json(view))
        for player, views in sorted(summaries.items())
        for view in views
    )


async def take_summary_events(
    session: AsyncSession, campaign_id: uuid.UUID
) -> dict[int, list[dict[str, Any]]]:
    """Events queued since the last turn change, by player, oldest first; the queue empties."""
    rows = (
        await session.scalars(
            select(PendingSummaryEvent)
            .where(PendingSummaryEvent.campaign_id == campaign_id)
            .order_by(PendingSummaryEvent.id)
        )
    ).all()
    out: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        out.setdefault(row.player, []).append(row.event)
    if rows:
        await session.execute(
            delete(PendingSummaryEvent).where(PendingSummaryEvent.campaign_id == campaign_id)
        )
    return out
