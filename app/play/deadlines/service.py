"""Deadlines, pauses and absent players (R-TURN-3, R-CAMP-4).

Time is a parameter everywhere (`now`), so tests move the clock instead of sleeping.
The sweeper runs in every server process: it reads the due campaigns' ids without a lock, then
takes each campaign's lock and checks it is still due (`claim_due`) in its own transaction, so
several processes never act twice on one campaign (and on Citus each lock is one node's), and
the turn change itself stays the normal `change_turn`.
"""

import asyncio
import logging
import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Integer, and_, bindparam, func, or_, select, update
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm.attributes import set_committed_value

from app.platform import metrics
from app.platform.answering import give_way
from app.platform.db.base import table_of, utcnow
from app.platform.db.outage import is_database_outage
from app.platform.errors import Conflict, NotFound
from app.platform.i18n import _, ngettext
from app.platform.jobs import Job, run_job
from app.play.battles import service as battle_service
from app.play.campaigns.access import Membership, claim_due_with, due_campaigns
from app.play.campaigns.clock import (
    call_off_change,
    move_turn_deadline,
    on_schedule,
    warning_window,
)
from app.play.campaigns.disorder import fall_into_disorder, seat_state
from app.play.deadlines.alarm import Alarm
from app.play.lobbies import substitutes
from app.play.seats import vacations
from app.play.turns.service import TurnGate, change_turn, change_turn_if_due, turn_gate
from app.rules import disorder
from app.rules.ids import entity_counter
from app.store.events.kinds import AppEventKind
from app.store.events.publish import Event, publish, publish_all
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus
from app.store.models.world import PENDING_BATTLE_STATUSES, BattleRow, BattleStatus

logger = logging.getLogger(__name__)

SWEEP_INTERVAL_SECONDS = 30.0
# At most this long before each campaign, the sweeper waits for this process's requests to be
# answered: under a steady load it still starts 100 changes a second per process.
GIVE_WAY_SECONDS = 0.01
# While the database is unreachable: first retry after this, then doubling up to the interval.
OUTAGE_FIRST_RETRY_SECONDS = 1.0


# ------------------------------------------------------------------------ owner controls


async def pause(session: AsyncSession, m: Membership, now: datetime) -> None:
    """Stop the deadlines' clocks (owner)."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    if m.campaign.paused_at is not None:
        raise Conflict(_("The campaign is already paused."), code="R-TURN-3")
    m.campaign.paused_at = now
    await session.flush()
    await publish(session, m.campaign.id, AppEventKind.CAMPAIGN_PAUSED, {"turn": m.campaign.turn})


async def resume(session: AsyncSession, m: Membership, now: datetime) -> None:
    """Restart the clocks: every deadline moves by the time spent paused (owner); with a
    schedule the turn deadline then lands on the next scheduled time (R-TURN-9)."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    c = m.campaign
    if c.paused_at is None:
        raise Conflict(_("The campaign is not paused."), code="R-TURN-3")
    shift = max(now - c.paused_at, timedelta(0))
    if c.turn_deadline_at is not None:
        moved = on_schedule(c, c.turn_deadline_at + shift)
        if c.deadline_warn_at is not None:  # not re-armed if it was sent already
            c.deadline_warn_at += moved - c.turn_deadline_at
        c.turn_deadline_at = moved
    if c.battle_deadline_at is not None:
        c.battle_deadline_at += shift
    await battle_service.shift_auto_confirm(session, c, shift)
    c.paused_at = None
    await session.flush()
    await publish(session, c.id, AppEventKind.CAMPAIGN_RESUMED, _deadlines_payload(c))


async def extend(session: AsyncSession, m: Membership, hours: int) -> None:
    """Push the turn deadline back (owner); the `deadline_near` warning is re-armed. With a
    schedule it lands on the next scheduled time at or after that (R-TURN-9)."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    c = m.campaign
    if c.turn_deadline_at is None:
        raise Conflict(_("This campaign has no turn deadline."), code="R-TURN-3")
    move_turn_deadline(c, c.turn_deadline_at + timedelta(hours=hours))
    if c.settings.turn_schedule is None and not c.settings.turn_deadline_hours:
        # A deadline without its setting (imported): the extension's length sets the warning.
        c.deadline_warn_at = c.turn_deadline_at - warning_window(hours)
    await session.flush()
    await publish(session, c.id, AppEventKind.DEADLINE_EXTENDED, _deadlines_payload(c))


def _deadlines_payload(c: Campaign) -> dict[str, Any]:
    return {
        "turn": c.turn,
        "deadline_at": c.turn_deadline_at.isoformat() if c.turn_deadline_at else None,
        "battle_deadline_at": c.battle_deadline_at.isoformat() if c.battle_deadline_at else None,
    }


async def set_inactive(
    session: AsyncSession, m: Membership, number: int, inactive: bool, now: datetime
) -> None:
    """Mark a player inactive (always ready) or active again (owner, R-CAMP-4).

    With `auto_resolve`, marking the last player who held the turn up changes it.
    """
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    player = await session.scalar(
        select(CampaignPlayer).where(
            CampaignPlayer.campaign_id == m.campaign.id, CampaignPlayer.number == number
        )
    )
    if player is None or player.faction is None:
        raise NotFound(_("Player not found."))
    if inactive and player.bot:
        # A bot is ready at each change (R-BOT-4): a steward would do nothing but outlive it,
        # keeping the seat of the person who takes it back always ready.
        raise Conflict(
            _("A bot plays this seat: it never misses a turn and takes no steward (R-BOT)."),
            code="R-BOT",
        )
    if player.inactive == inactive:
        return
    player.inactive = inactive
    if not inactive:
        player.missed_in_row = 0  # R-CAMP-7: back from a steward, the count starts again
    await session.flush()
    await publish(
        session, m.campaign.id, AppEventKind.PLAYER_STATUS, {"player": number, "inactive": inactive}
    )
    if inactive:
        await change_turn_if_due(session, m.campaign, now)


async def force(session: AsyncSession, m: Membership, now: datetime) -> list[int]:
    """The owner forces the change after the turn deadline (R-TURN-3); returns the late."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    return await force_change(session, m.campaign, now)


async def force_change(
    session: AsyncSession, campaign: Campaign, now: datetime, gate: TurnGate | None = None
) -> list[int]:
    """Change the turn for players who did not declare ready; their orders stand as given.

    The caller holds the campaign row lock; `gate`: the turn gate, if the caller has just read
    it under that lock. Each late player's `missed_turns` grows by one.
    """
    if campaign.paused_at is not None:
        raise Conflict(_("The campaign is paused: resume it first."), code="R-TURN-3")
    if campaign.turn_deadline_at is None:
        raise Conflict(_("This campaign has no turn deadline."), code="R-TURN-3")
    if now < campaign.turn_deadline_at:
        raise Conflict(_("The turn deadline has not passed yet."), code="R-TURN-3")
    gate = gate or await turn_gate(session, campaign)
    if gate.battles:
        raise Conflict(
            ngettext(
                "The turn cannot change yet: {battles} battle waiting for a result.",
                "The turn cannot change yet: {battles} battles waiting for a result.",
                gate.battles,
                battles=gate.battles,
            ),
            code="R-TURN-3",
        )
    # R-CAMP-8: a seat on vacation is not late.
    late = [p for p in gate.waiting if not vacations.on_vacation(p, now)]
    numbers = [p.number for p in late]
    if late:
        await _count_missed(session, campaign, late)
    forced = Event(AppEventKind.TURN_FORCED, {"turn": campaign.turn, "late": numbers})
    if _publishes_before_the_change(campaign, late):
        await publish_all(session, campaign.id, [forced])
        announced = []
    else:
        # Nothing else is published before the change's own events: `turn_forced` goes with
        # them, in the same statement, still first.
        announced = [forced]
    await _steward_absent_seats(session, campaign, late)
    await _civil_disorder_for_absent_seats(session, campaign, late)
    await change_turn(
        session, campaign, now, players=gate.players, late=numbers, announced=announced
    )
    return numbers


_MISSED = (
    update(table_of(CampaignPlayer))
    .where(
        table_of(CampaignPlayer).c.campaign_id == bindparam("campaign"),
        table_of(CampaignPlayer).c.number == func.any(bindparam("late", type_=ARRAY(Integer))),
    )
    .values(
        missed_turns=table_of(CampaignPlayer).c.missed_turns + 1,
        missed_in_row=table_of(CampaignPlayer).c.missed_in_row + 1,
        updated_at=bindparam("at"),
    )
)


async def _count_missed(
    session: AsyncSession, campaign: Campaign, late: list[CampaignPlayer]
) -> None:
    """Each late seat's `missed_turns` and `missed_in_row` grow by one: one statement, built
    once, for all of them (the ORM's flush sends the server an UPDATE per seat), and the
    seats' objects, read under the lock, take the values written."""
    now = utcnow()
    params = {"campaign": campaign.id, "late": [p.number for p in late], "at": now}
    await session.execute(_MISSED, params)
    for seat in late:
        set_committed_value(seat, "missed_turns", seat.missed_turns + 1)
        set_committed_value(seat, "missed_in_row", seat.missed_in_row + 1)
        set_committed_value(seat, "updated_at", now)


def _publishes_before_the_change(campaign: Campaign, late: list[CampaignPlayer]) -> bool:
    """Whether anything may publish between `turn_forced` and the change's own events: a late
    seat given to a steward (R-CAMP-7) or falling into civil disorder (R-CAMP-10), or bots'
    battles settled by points during the change (R-BOT-8). Erring towards yes only costs the
    `turn_forced` event a statement of its own."""
    steward = campaign.settings.steward_after_missed
    fall = campaign.settings.civil_disorder_after_missed
    return campaign.settings.bot_battles_by_points or any(
        (steward is not None and not seat.inactive and seat.missed_in_row >= steward)
        or disorder.falls_into_disorder(seat_state(seat), fall)
        for seat in late
    )


async def _steward_absent_seats(
    session: AsyncSession, campaign: Campaign, late: list[CampaignPlayer]
) -> None:
    """R-CAMP-7: a seat that missed K deadlines in a row goes to a steward (inactive)."""
    limit = campaign.settings.steward_after_missed
    if limit is None:
        return
    for seat in late:
        if seat.inactive or seat.missed_in_row < limit:
            continue
        seat.inactive = True
        await session.flush()
        await publish(
            session,
            campaign.id,
            AppEventKind.SEAT_STEWARDED,
            {"player": seat.number, "missed_in_row": seat.missed_in_row, "turn": campaign.turn},
        )
        await publish(
            session,
            campaign.id,
            AppEventKind.PLAYER_STATUS,
            {"player": seat.number, "inactive": True},
        )


async def _civil_disorder_for_absent_seats(
    session: AsyncSession, campaign: Campaign, late: list[CampaignPlayer]
) -> None:
    """R-CAMP-10: a seat that missed N deadlines in a row falls into civil disorder (after
    R-CAMP-7: a seat just given to a steward stays the steward's)."""
    limit = campaign.settings.civil_disorder_after_missed
    fallen = [seat for seat in late if disorder.falls_into_disorder(seat_state(seat), limit)]
    if not fallen:
        return
    await fall_into_disorder(session, campaign, fallen)
    await substitutes.tell_of_open_seats(session, campaign, [seat.number for seat in fallen])


# ------------------------------------------------------------------------------ battles


async def owner_cancel_battle(
    session: AsyncSession, m: Membership, battle_id: int, now: datetime
) -> None:
    """After a deadline the owner may cancel any battle, their own included (R-TURN-3)."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    battle = await session.scalar(
        select(BattleRow).where(BattleRow.campaign_id == m.campaign.id, BattleRow.id == battle_id)
    )
    if battle is None:
        raise NotFound(_("Battle not found."))
    if battle.status not in PENDING_BATTLE_STATUSES:
        raise Conflict(_("This battle is no longer pending."), code="R-TURN-3")
    c = m.campaign
    passed = [d for d in (c.turn_deadline_at, c.battle_deadline_at) if d is not None and d <= now]
    if not passed or c.paused_at is not None:
        raise Conflict(_("No deadline has passed yet."), code="R-TURN-3")
    await battle_service.cancel_as_master(session, c, battle.id)


async def settle_battles(session: AsyncSession, campaign: Campaign) -> list[int]:
    """At the battle deadline: reports stand as reported, battles without one are cancelled."""
    rows = await session.scalars(
        select(BattleRow).where(
            BattleRow.campaign_id == campaign.id,
            BattleRow.status.in_(PENDING_BATTLE_STATUSES),
        )
    )
    # Cleared first: settling the last battle may change the turn, which sets a new one.
    campaign.battle_deadline_at = None
    settled = []
    # In declaration order (R-MOVE-3): the ids are scrambled, their counters are not.
    for battle in sorted(rows.all(), key=lambda b: entity_counter(campaign.id_salt, b.id)):
        if battle.status is BattleStatus.AWAITING_REPORT:
            await battle_service.cancel_as_master(session, campaign, battle.id)
            settled.append(battle.id)
        elif battle.status is BattleStatus.REPORTED:
            await battle_service.apply_reported_battle(session, campaign, battle)
            settled.append(battle.id)
        # A disputed battle waits for the owner, who may now arbitrate or cancel it.
    await session.flush()
    return settled


# ------------------------------------------------------------------------------ sweeper


@dataclass
class SweepReport:
    """What one pass of the sweeper did, by campaign id."""

    warned: list[uuid.UUID] = field(default_factory=list)
    changed: list[uuid.UUID] = field(default_factory=list)
    battles_settled: dict[uuid.UUID, list[int]] = field(default_factory=dict)
    auto_confirmed: dict[uuid.UUID, list[int]] = field(default_factory=dict)


def _due(now: datetime) -> ColumnElement[bool]:
    return and_(
        Campaign.status == CampaignStatus.ACTIVE,
        Campaign.paused_at.is_(None),
        or_(
            Campaign.deadline_warn_at <= now,
            Campaign.battle_deadline_at <= now,
            Campaign.change_due_at <= now,
            battle_service.auto_confirm_due(now),
            and_(
                Campaign.turn_deadline_at <= now,
                Campaign.settings["deadline_auto_change"].as_boolean().is_(True),
            ),
        ),
    )


async def _warn(session: AsyncSession, campaign: Campaign, now: datetime) -> bool:
    """Tell the players who are not ready that the deadline is near, once per turn."""
    campaign.deadline_warn_at = None
    deadline = campaign.turn_deadline_at
    if deadline is None or deadline <= now:
        return False
    waiting = [p.number for p in (await turn_gate(session, campaign)).waiting]
    if not waiting:
        return False
    await publish(
        session,
        campaign.id,
        AppEventKind.DEADLINE_NEAR,
        {"turn": campaign.turn, "deadline_at": deadline.isoformat()},
        audience=waiting,
    )
    return True


async def process_campaign(
    session: AsyncSession,
    campaign: Campaign,
    now: datetime,
    report: SweepReport,
    confirm_due: bool = True,
) -> None:
    """Everything due for one locked campaign: reports confirming themselves (if
    `confirm_due`: the claim's statement tells), battle deadline, warning, automatic change."""
    if confirm_due:
        confirmed = await battle_service.auto_confirm_reports(session, campaign, now)
        if confirmed:
            report.auto_confirmed[campaign.id] = confirmed
    if campaign.battle_deadline_at is not None and campaign.battle_deadline_at <= now:
        report.battles_settled[campaign.id] = await settle_battles(session, campaign)
    warn_at = campaign.deadline_warn_at
    if warn_at is not None and warn_at <= now and await _warn(session, campaign, now):
        report.warned.append(campaign.id)
    if campaign.change_due_at is not None and campaign.change_due_at <= now:
        await _change_after_grace(session, campaign, now, report)
    deadline = campaign.turn_deadline_at
    if campaign.settings.deadline_auto_change and deadline is not None and deadline <= now:
        gate = await turn_gate(session, campaign)  # read once: the change goes by it
        if not gate.battles:
            metrics.deadline_lag(now - deadline)
            await force_change(session, campaign, now, gate)
            report.changed.append(campaign.id)
    await session.flush()


async def _change_after_grace(
    session: AsyncSession, campaign: Campaign, now: datetime, report: SweepReport
) -> None:
    """R-TURN-7: the grace period is over; the change runs if nothing waits for it again."""
    gate = await turn_gate(session, campaign) if campaign.status is CampaignStatus.ACTIVE else None
    if gate is not None and gate.open:
        await change_turn(session, campaign, now, players=gate.players)
        report.changed.append(campaign.id)
    else:
        await call_off_change(session, campaign)


@metrics.counted_sweep
async def sweep(
    sessionmaker: async_sessionmaker[AsyncSession], now: datetime, concurrency: int = 1
) -> SweepReport:
    """One pass over the due campaigns, one transaction each (safe across processes), at most
    `concurrency` of them at once."""
    report = SweepReport()
    gate = asyncio.Semaphore(concurrency)
    # Built once per pass, not per campaign. Whether a report's time to answer ran out is read
    # with the claim's check, so a campaign without one costs no statement for it.
    due = _due(now)
    confirm = battle_service.auto_confirm_due(now).label("confirm")
    outages: list[BaseException] = []

    async def one(campaign_id: uuid.UUID) -> None:
        try:
            async with sessionmaker() as session, session.begin():
                claimed = await claim_due_with(session, campaign_id, due, confirm)
                if claimed is not None:
                    campaign, row = claimed
                    await process_campaign(session, campaign, now, report, row.confirm)
        except Exception as exc:
            if is_database_outage(exc):
                outages.append(exc)  # the database itself is gone (run_sweeper waits)
                return
            # One broken campaign must not stop the others; its transaction rolled back.
            logger.exception("deadline sweep failed", extra={"campaign_id": str(campaign_id)})
        finally:
            gate.release()

    # The ids are read without a lock; each campaign is then locked in its own transaction
    # (`claim_due`), never a lock across campaigns (on Citus, one node's each).
    # Every process sweeps the same due campaigns: each takes them in its own random order, so
    # two processes mostly change different campaigns instead of queueing on the same locks.
    ids = [campaign_id async for campaign_id in due_campaigns(sessionmaker, due)]
    random.shuffle(ids)
    running: set[asyncio.Task[None]] = set()
    try:
        for campaign_id in ids:
            await gate.acquire()
            # The readers first: a turn change started while this process answers requests
            # would hold their event loop (and a core) while they wait.
            await give_way(GIVE_WAY_SECONDS)
            if outages:
                gate.release()
                break
            task = asyncio.create_task(one(campaign_id))
            running.add(task)
            task.add_done_callback(running.discard)
    except BaseException:  # cancelled (shutdown): the changes under way roll back
        for task in running:
            task.cancel()
        raise
    finally:
        if running:
            await asyncio.gather(*running, return_exceptions=True)
    if outages:
        raise outages[0]
    return report


async def run_sweeper(
    sessionmaker: async_sessionmaker[AsyncSession],
    interval: float = SWEEP_INTERVAL_SECONDS,
    clock: Callable[[], datetime] = utcnow,
    *,
    first_retry: float = OUTAGE_FIRST_RETRY_SECONDS,
    concurrency: int = 1,
    alarm: Alarm | None = None,
) -> None:
    """Sweep forever, as the job `deadline sweeper` (app/platform/jobs.py: the app's lifespan
    starts it and cancels it at shutdown; backs off while the database is unreachable).

    Between passes it sleeps until the next due time, at most `interval` (`alarm`: whoever
    hears of published events calls its `wake`)."""
    alarm = alarm or Alarm(sessionmaker, clock)

    async def one_pass() -> bool:
        alarm.passed(None)
        now = clock()
        await sweep(sessionmaker, now, concurrency)
        alarm.passed(now)
        return False

    job = Job("deadline sweeper", one_pass, interval, first_retry=first_retry, wait=alarm.wait)
    await run_job(job)
