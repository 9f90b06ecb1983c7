"""What the turn change needs from battles, kept in app.play.turns: app.play.battles builds on the
turns, and the turn change never imports app.play.battles.

- the forces each side fields, fixed when the battle is declared (R-ARMY-4);
- turn-summary events of battles settled during a turn, queued for the next summary.
"""

import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of
from app.rules import battles
from app.rules.ruleset import Ruleset
from app.rules.state import Battle, CampaignState, Event
from app.store.models.campaign import Campaign
from app.store.models.roster import BattleRosterRow, RosterRow
from app.store.models.summary_event import PendingSummaryEvent
from app.store.models.world import BattleRow
from app.store.persistence import event_to_json
from app.store.persistence.battles import muster_to_json, tiers_from_json


def fixed_forces(
    state: CampaignState,
    battle: Battle,
    ruleset: Ruleset,
    stored: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The `forces` document after a leader change (R-BAT-3): the engine recomputes it with the
    tiers recorded at declaration (`stored`, the row's document), never the live ones."""
    return muster_to_json(battles.muster(state, battle, ruleset, tiers_from_json(stored)))


async def store_declared_forces(
    session: AsyncSession, campaign: Campaign, declared: Mapping[int, battles.Muster]
) -> None:
    """Store what each newly declared battle's sides field, as the engine fixed it when it
    declared the battle (R-ARMY-4, `TurnResult.forces`): one source for the number."""
    if not declared:
        return
    # One statement for all of them (the rows save_state inserted are not in the session).
    await session.execute(
        update(BattleRow),
        [
            {"campaign_id": campaign.id, "id": battle_id, "forces": muster_to_json(muster)}
            for battle_id, muster in sorted(declared.items())
        ],
    )


async def snapshot_rosters(
    session: AsyncSession, campaign: Campaign, state: CampaignState, battle_ids: Iterable[int]
) -> None:
    """Keep the lists the armies of newly declared battles field, as they stand now (R-ARMY-4):
    the battle and its history show them whatever the lists become. An id a rollback freed
    and a later change reused forgets what its earlier battle kept."""
    declared = sorted(i for i in battle_ids if i in state.battles)
    if not declared:
        return
    await session.execute(
        delete(BattleRosterRow).where(
            BattleRosterRow.campaign_id == campaign.id, BattleRosterRow.battle_id.in_(declared)
        )
    )
    sides = {
        (battle_id, army_id): side
        for battle_id in declared
        for side, force in (
            ("attacker", state.battles[battle_id].attacker),
            ("defender", state.battles[battle_id].defender),
        )
        for army_id in force.army_ids
    }
    army_ids = sorted({army_id for _, army_id in sides})
    rosters = {
        r.army_id: r
        for r in await session.scalars(
            select(RosterRow).where(
                RosterRow.campaign_id == campaign.id, RosterRow.army_id.in_(army_ids)
            )
        )
    }
    session.add_all(
        BattleRosterRow(
            campaign_id=campaign.id,
            battle_id=battle_id,
            army_id=army_id,
            side=side,
            roster={
                **rosters[army_id].shape(),
                "owner": state.armies[army_id].owner,
                "tier": state.armies[army_id].tier,
            },
        )
        for (battle_id, army_id), side in sorted(sides.items())
        if army_id in rosters and army_id in state.armies
    )


def queue_summary_events(
    session: AsyncSession, campaign_id: uuid.UUID, summaries: Mapping[int, Iterable[Event]]
) -> None:
    """Keep each player's view of a settled battle for their next turn summary (R-FOG-3)."""
    session.add_all(
        PendingSummaryEvent(campaign_id=campaign_id, player=player, event=event_to_json(view))
        for player, views in sorted(summaries.items())
        for view in views
    )


_TAKE = (
    delete(table_of(PendingSummaryEvent))
    .where(table_of(PendingSummaryEvent).c.campaign_id == bindparam("campaign_id"))
    .returning(*table_of(PendingSummaryEvent).c["id", "player", "event"])
)


async def take_summary_events(
    session: AsyncSession, campaign_id: uuid.UUID
) -> dict[int, list[dict[str, Any]]]:
    """Events queued since the last turn change, by player, oldest first; the queue empties.

    One statement, built once: the rows deleted and returned (in no order, sorted here)."""
    rows = sorted((await session.execute(_TAKE, {"campaign_id": campaign_id})).all())
    out: dict[int, list[dict[str, Any]]] = {}
    for _, player, event in rows:
        out.setdefault(player, []).append(event)
    return out
