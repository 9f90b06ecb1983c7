"""When the deadline sweeper passes next: at the earliest due time, or sooner when woken.

Between passes the sweeper sleeps until the earliest time something falls due after its last
pass (a warning, a battle deadline, a scheduled change, an automatic turn change, a report's
time to answer), read in one statement, and never longer than its interval. Deadlines set or
moved after that read (by a request, in this process or another) come with a published event:
the process's event listener calls `wake`, and the alarm reads the earliest due time again —
at most once per `least_gap` seconds, so a flood of edits costs a few statements a second,
never a busy loop. A due time that a pass could not act on (a battle still pending, a
campaign whose change failed) waits for the interval, as before.
"""

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import ColumnElement, SQLColumnExpression, and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.platform.db.base import utcnow
from app.store.models.campaign import Campaign, CampaignStatus
from app.store.models.world import BattleRow, BattleStatus

logger = logging.getLogger(__name__)

# After a wake, the earliest due time is read again no sooner than this after the last read.
LEAST_GAP_SECONDS = 0.25


def _after(column: SQLColumnExpression[datetime | None], after: datetime) -> ColumnElement[bool]:
    return and_(column.is_not(None), column > after)


def next_due_statement(after: datetime) -> ColumnElement[datetime | None]:
    """The earliest time after `after` at which the sweep's `_due` holds for some campaign."""
    live = and_(Campaign.status == CampaignStatus.ACTIVE, Campaign.paused_at.is_(None))
    auto_change = Campaign.settings["deadline_auto_change"].as_boolean().is_(True)
    confirm = (
        select(func.min(BattleRow.auto_confirm_at))
        .join(Campaign, Campaign.id == BattleRow.campaign_id)
        .where(
            live,
            BattleRow.status == BattleStatus.REPORTED,
            _after(BattleRow.auto_confirm_at, after),
        )
        .scalar_subquery()
    )
    campaigns = (
        select(
            func.least(
                func.min(Campaign.deadline_warn_at).filter(
                    _after(Campaign.deadline_warn_at, after)
                ),
                func.min(Campaign.battle_deadline_at).filter(
                    _after(Campaign.battle_deadline_at, after)
                ),
                func.min(Campaign.change_due_at).filter(_after(Campaign.change_due_at, after)),
                func.min(Campaign.turn_deadline_at).filter(
                    and_(_after(Campaign.turn_deadline_at, after), auto_change)
                ),
            )
        )
        .where(live)
        .scalar_subquery()
    )
    # LEAST ignores NULLs: NULL only when nothing at all is due later.
    return func.least(campaigns, confirm)


class Alarm:
    """The sweeper's wait between passes (`Job.wait`); `wake` says a deadline may have moved."""

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        clock: Callable[[], datetime] = utcnow,
        *,
        least_gap: float = LEAST_GAP_SECONDS,
    ) -> None:
        self.sessionmaker = sessionmaker
        self.clock = clock
        self.least_gap = least_gap
        # The clock of the last pass that went through: what fell due until then was swept.
        # None after a failed pass (the database may be gone: the job's backoff decides).
        self.swept_at: datetime | None = None
        self.reads = 0  # statements run to find the next due time (tests, benchmarks)
        self._woken: asyncio.Event | None = None

    def _event(self) -> asyncio.Event:
        if self._woken is None:
            self._woken = asyncio.Event()
        return self._woken

    def wake(self) -> None:
        """Something changed (an event was published): read the next due time again."""
        self._event().set()

    def passed(self, now: datetime | None) -> None:
        """A pass with clock `now` went through (`None`: it failed)."""
        self.swept_at = now

    async def next_due(self) -> datetime | None:
        """The earliest due time after the last pass, or None (nothing, or no reading)."""
        if self.swept_at is None:
            return None
        self.reads += 1
        async with self.sessionmaker() as session, session.begin():
            due: datetime | None = await session.scalar(select(next_due_statement(self.swept_at)))
        return due

    async def wait(self, longest: float) -> None:
        """Sleep until the next due time, at most `longest` seconds; woken, look again."""
        loop = asyncio.get_running_loop()
        until = loop.time() + longest
        woken = self._event()
        while True:
            woken.clear()  # before the read: a wake during it is not lost
            read_at = loop.time()
            try:
                due = await self.next_due()
            except Exception as exc:  # the job's pass reports outages and bugs alike
                logger.debug("deadline alarm: next due time not read: %r", exc)
                due = None
            end = until
            if due is not None:
                end = min(until, loop.time() + max((due - self.clock()).total_seconds(), 0.0))
            remaining = end - loop.time()
            if remaining <= 0:
                return
            try:
                async with asyncio.timeout(remaining):
                    await woken.wait()
            except TimeoutError:
                return
            # Woken: read again, but not sooner than `least_gap` after the last read.
            pause = read_at + self.least_gap - loop.time()
            if pause > 0:
                await asyncio.sleep(min(pause, max(until - loop.time(), 0.0)))
            if loop.time() >= until:
                return
