"""Vacations and the turn deadline (R-CAMP-8); free of service imports, so the turn change
and the deadline sweeper can call it."""

from collections.abc import Iterable
from datetime import datetime, timedelta

from app.play.campaigns.clock import move_turn_deadline
from app.store.models.campaign import Campaign, CampaignPlayer

DAY = timedelta(days=1)


def on_vacation(seat: CampaignPlayer, now: datetime) -> bool:
    return seat.vacation_until is not None and seat.vacation_until > now


def shift_deadline(c: Campaign, delta: timedelta) -> None:
    """Move the turn deadline (and re-arm its warning) by `delta`; with a schedule, on to the
    next scheduled time (R-TURN-9)."""
    if c.turn_deadline_at is None or not delta:
        return
    move_turn_deadline(c, c.turn_deadline_at + delta)


def push_new_deadline(c: Campaign, seats: Iterable[CampaignPlayer], now: datetime) -> None:
    """A turn starting now: its deadline moves back by what is left of each vacation; the
    vacations that are over are cleared. `seats`: the campaign's, read under its lock."""
    for seat in seats:
        if seat.vacation_until is None:
            continue
        if on_vacation(seat, now):
            shift_deadline(c, seat.vacation_until - now)
        else:
            seat.vacation_until = None
