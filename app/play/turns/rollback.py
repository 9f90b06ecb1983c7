"""The owner's rollback of the last turn change (R-TURN-6), exactly once under the lock.

The snapshot the change kept (`app/store/persistence/snapshots.py`) is written back; gold returns
through reversing ledger entries (the ledger never loses a line); the army lists lose what the
battles confirmed since wrote on them; the change leaves the turn history for `turn_rollbacks`,
with what each player was told of it; everyone is told.
"""

from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.errors import Conflict
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate
from app.play.campaigns.access import Membership
from app.play.campaigns.clock import call_off_change, start_turn_clock
from app.play.campaigns.service import players_of
from app.play.ledger import service as ledger
from app.play.rosters import service as rosters
from app.play.seats import vacations
from app.play.turns.schemas import RollbackPage, RollbackRead
from app.play.turns.service import pending_battles
from app.rules.state import LedgerEntry
from app.store.events.kinds import AppEventKind
from app.store.events.publish import publish
from app.store.models.campaign import CampaignPlayer, CampaignStatus
from app.store.models.reliability import SeatBattleRecord
from app.store.models.snapshot import TurnRollback, TurnSnapshot
from app.store.models.turn import TurnRecord, TurnSummaryRow
from app.store.models.world import BattleRow, BattleStatus
from app.store.persistence import snapshots

RULE = "R-TURN-6"


async def rollback_turn(session: AsyncSession, m: Membership, now: datetime) -> None:
    """Return the campaign to the end of the turn before the last change (lock held)."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    campaign = m.campaign
    cid = campaign.id
    number = campaign.turn - 1
    record = await session.scalar(
        select(TurnRecord).where(TurnRecord.campaign_id == cid, TurnRecord.number == number)
    )
    document = await snapshots.load_snapshot_document(session, cid, number)
    if record is None or document is None:
        raise Conflict(
            _(
                "There is no turn change left to roll back: the campaign is at its first turn, "
                "or the change before was made without a snapshot."
            ),
            code=RULE,
        )
    # A change the grace period had scheduled (R-TURN-7) is the next turn's: called off. The
    # turn played again changes when a player says ready again or the owner confirms.
    await call_off_change(session, campaign)
    summaries = (
        await session.scalars(
            select(TurnSummaryRow)
            .where(TurnSummaryRow.campaign_id == cid, TurnSummaryRow.number == number)
            .order_by(TurnSummaryRow.player)
        )
    ).all()
    revision = await session.scalar(
        select(func.count())
        .select_from(TurnRollback)
        .where(TurnRollback.campaign_id == cid, TurnRollback.number == number)
    )
    session.add(
        TurnRollback(
            campaign_id=cid,
            number=number,
            revision=(revision or 0) + 1,
            resolved_at=record.resolved_at,
            summaries={str(s.player): s.events for s in summaries},
        )
    )
    await session.execute(
        delete(TurnSummaryRow).where(
            TurnSummaryRow.campaign_id == cid, TurnSummaryRow.number == number
        )
    )
    await session.execute(
        delete(TurnRecord).where(TurnRecord.campaign_id == cid, TurnRecord.number == number)
    )
    # Gold: one reversing line per player whose gold moved since the snapshot (R-ECO-6).
    gold_now = dict(
        (
            await session.execute(
                select(CampaignPlayer.number, CampaignPlayer.gold).where(
                    CampaignPlayer.campaign_id == cid
                )
            )
        ).all()
    )
    reason = _("Turn {number}'s change rolled back", number=number)
    entries = [
        LedgerEntry(p["number"], p["gold"] - gold_now[p["number"]], reason, RULE)
        for p in document["players"]
        if p["number"] in gold_now
    ]
    await ledger.record(session, cid, number, entries)
    await snapshots.restore(session, campaign, document)
    # The army lists are not in the snapshot (uploads since stay): what the confirmations it
    # undoes wrote on them is taken back (R-ARMY-7).
    await rosters.undo_confirmations(session, campaign)
    # A battle the restored state leaves unconfirmed takes back its seats' judgement too
    # (R-CAMP-14): it is judged anew when confirmed again, with the same id (the record's key).
    confirmed = select(BattleRow.id).where(
        BattleRow.campaign_id == cid, BattleRow.status == BattleStatus.CONFIRMED
    )
    await session.execute(
        delete(SeatBattleRecord).where(
            SeatBattleRecord.campaign_id == cid, SeatBattleRecord.battle_id.not_in(confirmed)
        )
    )
    # The snapshot is the turn now being played again; later ones belong to undone changes.
    await session.execute(
        delete(TurnSnapshot).where(TurnSnapshot.campaign_id == cid, TurnSnapshot.number >= number)
    )
    # The turn played again starts now, as a turn change starts one: its clocks restart and
    # the deadline moves back by what is left of each running vacation (R-CAMP-8).
    start_turn_clock(campaign, now, battles_declared=bool(await pending_battles(session, cid)))
    vacations.push_new_deadline(campaign, await players_of(session, cid), now)
    await session.flush()
    await publish(session, cid, AppEventKind.TURN_ROLLED_BACK, {"turn": number})


async def list_rollbacks(session: AsyncSession, m: Membership, page: PageParams) -> RollbackPage:
    query = (
        select(TurnRollback)
        .where(TurnRollback.campaign_id == m.campaign.id)
        .order_by(TurnRollback.rolled_back_at, TurnRollback.number, TurnRollback.revision)
    )
    rows, total = await paginate(session, query, page)
    items = [
        RollbackRead(
            number=r.number,
            revision=r.revision,
            resolved_at=r.resolved_at,
            rolled_back_at=r.rolled_back_at,
        )
        for r in rows
    ]
    return RollbackPage.of(items, total, page)
