"""When a turn's clocks start: the turn deadline (hours after the start, or the next
scheduled time, R-TURN-9), its warning, and the battle deadline; moving the turn deadline; and
calling off a turn change that the grace period held back.

Kept free of service imports so the turn change, the seats and the campaign start can call it.
"""

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from app.rules import schedule
from app.store.events.kinds import AppEventKind
from app.store.events.publish import publish
from app.store.models.campaign import Campaign

# `deadline_near` goes out within 10 % of the turn's time or one hour, whichever is shorter.
WARNING_SHARE = 10
WARNING_CAP = timedelta(hours=1)


def warning_window(hours: int) -> timedelta:
    """How long before the turn deadline the `deadline_near` warning is sent."""
    return min(WARNING_CAP, timedelta(hours=hours) / WARNING_SHARE)


def on_schedule(campaign: Campaign, deadline: datetime) -> datetime:
    """R-TURN-9: a turn deadline moved to `deadline` (vacation, extension, resume) lands on the
    first scheduled time at or after it; without a schedule it stays where it is."""
    plan = campaign.settings.turn_schedule
    return deadline if plan is None else schedule.next_scheduled(plan.weekly(), deadline)


def move_turn_deadline(campaign: Campaign, deadline: datetime) -> None:
    """Move the turn deadline to `deadline` (on the schedule, if any) and re-arm its warning."""
    campaign.turn_deadline_at = on_schedule(campaign, deadline)
    hours = campaign.settings.turn_deadline_hours
    if campaign.settings.turn_schedule is not None:
        campaign.deadline_warn_at = campaign.turn_deadline_at - WARNING_CAP
    elif hours:
        campaign.deadline_warn_at = campaign.turn_deadline_at - warning_window(hours)


def start_turn_clock(campaign: Campaign, now: datetime, *, battles_declared: bool) -> None:
    """Record the deadlines of the turn that starts now (none if the settings set none)."""
    settings = campaign.settings
    hours = settings.turn_deadline_hours
    plan = settings.turn_schedule
    if plan is not None:
        # R-TURN-9: the first club night at least the minimum turn length away.
        deadline = schedule.turn_deadline(plan.weekly(), now, plan.min_length)
        campaign.turn_deadline_at = deadline
        campaign.deadline_warn_at = deadline - min(WARNING_CAP, (deadline - now) / WARNING_SHARE)
    elif hours:
        campaign.turn_deadline_at = now + timedelta(hours=hours)
        campaign.deadline_warn_at = campaign.turn_deadline_at - warning_window(hours)
    else:
        campaign.turn_deadline_at = campaign.deadline_warn_at = None
    battle_hours = settings.battle_deadline_hours
    if battle_hours and battles_declared:
        campaign.battle_deadline_at = now + timedelta(hours=battle_hours)
    else:
        campaign.battle_deadline_at = None
    if campaign.paused_at is not None:
        # A paused campaign's new clocks start paused: resuming shifts them from now on.
        campaign.paused_at = now


async def call_off_change(session: AsyncSession, campaign: Campaign) -> None:
    """A ready withdrawn (or a seat handed over) in the grace period: no change (R-TURN-7)."""
    if campaign.change_due_at is None:
        return
    campaign.change_due_at = None
    await session.flush()
    await publish(
        session, campaign.id, AppEventKind.TURN_CHANGE_CALLED_OFF, {"turn": campaign.turn}
    )
