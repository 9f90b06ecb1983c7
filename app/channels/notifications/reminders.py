"""Reminders before deadlines, to the players who have not acted (campaign setting
`reminder_hours`).

`reminder_hours` before the turn deadline, every seated player who is not ready (nor
inactive) is reminded; before the battle deadline, every player a pending battle waits for
(a report not made, a report of the other side not confirmed); before a reported battle
confirms itself (R-BAT-9, `auto_confirm_at`), its other side. Once per deadline: the
`notification_reminders` key (campaign, turn, kind, deadline) is the backstop, and a deadline
that moves (an extension, a pause) is a new one. Each campaign is claimed like the deadline
sweeper's (`claim_due`: ids read without a lock, then each campaign locked and checked again),
so several processes never remind twice.
"""

import logging
import uuid
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, DateTime, and_, exists, func, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import InstrumentedAttribute

from app.channels.notifications import messages
from app.channels.notifications.outbox import Audience, deliver, members, read_audience
from app.platform.db.outage import is_database_outage
from app.play.campaigns.access import claim_due, due_campaigns
from app.play.turns.service import turn_gate
from app.rules import visibility
from app.store.models.campaign import Campaign, CampaignStatus
from app.store.models.notification import NotificationReminder
from app.store.models.world import BattleRow, BattleStatus
from app.store.persistence import battle_from_row

logger = logging.getLogger(__name__)

TURN = "turn"
BATTLE = "battle"


def _hours() -> ColumnElement[int]:
    hours: ColumnElement[int] = Campaign.settings["reminder_hours"].as_integer()
    return hours


def _window_open(
    deadline: InstrumentedAttribute[datetime | None], now: datetime
) -> ColumnElement[bool]:
    start = deadline - func.make_interval(0, 0, 0, 0, _hours())
    return and_(deadline > now, start.cast(DateTime(timezone=True)) <= now)


def _not_sent(kind: str, deadline: InstrumentedAttribute[datetime | None]) -> ColumnElement[bool]:
    return ~exists(
        select(NotificationReminder.turn).where(
            NotificationReminder.campaign_id == Campaign.id,
            NotificationReminder.turn == Campaign.turn,
            NotificationReminder.kind == kind,
            NotificationReminder.deadline_at == deadline,
        )
    )


def _confirm_kind(battle_id: int) -> str:
    """The reminder's key kind for one battle's automatic confirmation (R-BAT-9)."""
    return f"b{battle_id}"


def _confirm_due(now: datetime) -> ColumnElement[bool]:
    """A reported battle of the campaign confirms itself soon, and nobody was reminded."""
    deadline = BattleRow.auto_confirm_at
    start = deadline - func.make_interval(0, 0, 0, 0, _hours())
    reminded = exists(
        select(NotificationReminder.turn)
        .where(
            # The battle's campaign, not the outer query's: Citus pushes a subquery down to
            # the shards only when each level joins the one around it on the campaign.
            NotificationReminder.campaign_id == BattleRow.campaign_id,
            NotificationReminder.turn == Campaign.turn,
            NotificationReminder.kind == func.concat("b", BattleRow.id),
            NotificationReminder.deadline_at == deadline,
        )
        # Both enclosing queries' rows (not a `campaigns` of its own, all campaigns).
        .correlate(Campaign, BattleRow)
    )
    return exists(
        select(BattleRow.id).where(
            BattleRow.campaign_id == Campaign.id,
            BattleRow.status == BattleStatus.REPORTED,
            deadline > now,
            start.cast(DateTime(timezone=True)) <= now,
            ~reminded,
        )
    )


def _due(now: datetime) -> ColumnElement[bool]:
    return and_(
        Campaign.status == CampaignStatus.ACTIVE,
        Campaign.paused_at.is_(None),
        _hours().is_not(None),
        or_(
            and_(
                _window_open(Campaign.turn_deadline_at, now),
                _not_sent(TURN, Campaign.turn_deadline_at),
            ),
            and_(
                _window_open(Campaign.battle_deadline_at, now),
                _not_sent(BATTLE, Campaign.battle_deadline_at),
            ),
            _confirm_due(now),
        ),
    )


async def _mark(session: AsyncSession, campaign: Campaign, kind: str, deadline: datetime) -> bool:
    """Record the reminder; False if it was already sent."""
    statement = (
        insert(NotificationReminder)
        .values(campaign_id=campaign.id, turn=campaign.turn, kind=kind, deadline_at=deadline)
        .on_conflict_do_nothing()
        .returning(NotificationReminder.turn)
    )
    return (await session.execute(statement)).first() is not None


async def _battle_waits_for(session: AsyncSession, campaign_id: uuid.UUID) -> set[int]:
    rows = await session.scalars(
        select(BattleRow).where(
            BattleRow.campaign_id == campaign_id,
            BattleRow.status.in_((BattleStatus.AWAITING_REPORT, BattleStatus.REPORTED)),
        )
    )
    seats: set[int] = set()
    for row in rows:
        players = set(visibility.battle_players(battle_from_row(row)))
        if row.status is BattleStatus.REPORTED:
            players.discard(row.reported_by)
        seats |= players
    return seats


async def _remind(
    session: AsyncSession,
    campaign: Campaign,
    heard: Audience,
    waiting: set[int],
    deadline: datetime,
    now: datetime,
    *,
    battle: bool,
) -> None:
    data = messages.deadline_reminder(
        campaign.id, campaign.name, campaign.turn, deadline, battle=battle
    )
    viewers = members(campaign, heard.seats)
    per_user = {u: [data] for u, v in viewers.items() if visibility.event_addressed(v, waiting)}
    await deliver(session, campaign, per_user, heard.endpoints, now, heard.recipients)


async def remind_campaign(session: AsyncSession, campaign: Campaign, now: datetime) -> None:
    """The reminders due for one locked campaign."""
    hours = campaign.settings.reminder_hours
    if hours is None:
        return
    heard = await read_audience(session, campaign, now)
    window = timedelta(hours=hours)
    deadline = campaign.turn_deadline_at
    if (
        deadline is not None
        and deadline - window <= now < deadline
        and await _mark(session, campaign, TURN, deadline)
    ):
        gate = await turn_gate(session, campaign)
        waiting = {p.number for p in gate.waiting}
        await _remind(session, campaign, heard, waiting, deadline, now, battle=False)
    deadline = campaign.battle_deadline_at
    if (
        deadline is not None
        and deadline - window <= now < deadline
        and await _mark(session, campaign, BATTLE, deadline)
    ):
        waiting = await _battle_waits_for(session, campaign.id)
        await _remind(session, campaign, heard, waiting, deadline, now, battle=True)
    await _remind_confirmations(session, campaign, heard, window, now)
    await session.flush()


async def _remind_confirmations(
    session: AsyncSession,
    campaign: Campaign,
    heard: Audience,
    window: timedelta,
    now: datetime,
) -> None:
    """R-BAT-9: a report confirms itself at `auto_confirm_at`; the other side is reminded."""
    rows = await session.scalars(
        select(BattleRow).where(
            BattleRow.campaign_id == campaign.id,
            BattleRow.status == BattleStatus.REPORTED,
            BattleRow.auto_confirm_at > now,
            BattleRow.auto_confirm_at <= now + window,
        )
    )
    for battle in rows.all():
        deadline = battle.auto_confirm_at
        if deadline is None or not await _mark(
            session, campaign, _confirm_kind(battle.id), deadline
        ):
            continue
        players = set(visibility.battle_players(battle_from_row(battle)))
        players.discard(battle.reported_by)
        data = messages.deadline_reminder(
            campaign.id, campaign.name, campaign.turn, deadline, battle=True, battle_id=battle.id
        )
        viewers = members(campaign, heard.seats)
        per_user = {u: [data] for u, v in viewers.items() if visibility.event_addressed(v, players)}
        await deliver(session, campaign, per_user, heard.endpoints, now, heard.recipients)


async def send_reminders(
    sessionmaker: async_sessionmaker[AsyncSession], now: datetime
) -> list[uuid.UUID]:
    """One pass over the campaigns with a reminder due; returns those reminded."""
    done: list[uuid.UUID] = []
    async for campaign_id in due_campaigns(sessionmaker, _due(now)):
        try:
            async with sessionmaker() as session, session.begin():
                campaign = await claim_due(session, campaign_id, _due(now))
                if campaign is None:
                    continue
                done.append(campaign_id)
                await remind_campaign(session, campaign, now)
        except Exception as exc:
            if is_database_outage(exc):
                raise
            # One broken campaign must not stop the others; its transaction rolled back.
            logger.exception("reminders failed", extra={"campaign_id": str(campaign_id)})
    return done
