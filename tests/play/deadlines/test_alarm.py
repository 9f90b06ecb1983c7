"""The sweeper wakes at the next due time, and when a deadline moves (issue 48 §2).

Real sweep loops on a committing database, with an interval far longer than the tests: only
the alarm can have made them pass in time. Waits are bounded; what is asserted is the outcome.
"""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from datetime import timedelta

from httpx import AsyncClient
from sqlalchemy import func, update
from sqlalchemy.ext.asyncio import AsyncEngine

from app.channels.stream.hub import EventHub
from app.platform.db.base import utcnow
from app.platform.db.embedded import asyncpg_dsn
from app.platform.db.session import create_sessionmaker
from app.play.deadlines.alarm import Alarm
from app.play.deadlines.service import run_sweeper
from app.store.events import publish as events
from app.store.events.kinds import AppEventKind
from app.store.models import Campaign
from tests.factories.deadlines import AUTO, WAIT, changed, deadline_in, turn_of
from tests.factories.flows import MakeUser, start_game

NEVER = 3600.0  # the sweepers' interval here: a test that relied on it would time out


@contextlib.asynccontextmanager
async def sweeping(engine: AsyncEngine, alarm: Alarm) -> AsyncIterator[asyncio.Task[None]]:
    task = asyncio.create_task(run_sweeper(alarm.sessionmaker, interval=NEVER, alarm=alarm))
    try:
        yield task
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_R_TURN_3_a_deadline_a_second_ahead_changes_the_turn_then_not_a_sweep_later(
    committing_client: AsyncClient,
    committing_make_user: MakeUser,
    committing_engine: AsyncEngine,
) -> None:
    game = await start_game(committing_client, committing_make_user, settings=AUTO)
    await deadline_in(committing_engine, game, 1.0)
    alarm = Alarm(create_sessionmaker(committing_engine))
    async with sweeping(committing_engine, alarm), asyncio.timeout(WAIT):
        await changed(committing_engine, game)
    assert await turn_of(committing_engine, game) == 2


async def test_R_TURN_3_a_deadline_moved_while_the_sweeper_sleeps_wakes_it(
    committing_client: AsyncClient,
    committing_make_user: MakeUser,
    committing_engine: AsyncEngine,
    database_url: str,
) -> None:
    # The sweeper has read the next due time (hours away) and sleeps; then a request moves the
    # deadline a second ahead and publishes its event: the listener's wake makes it look again.
    game = await start_game(committing_client, committing_make_user, settings=AUTO)
    sessionmaker = create_sessionmaker(committing_engine)
    alarm = Alarm(sessionmaker)
    hub = EventHub(asyncpg_dsn(database_url))
    hub.watch(alarm.wake)
    await hub.start()
    try:
        await hub.wait_listening(WAIT)
        async with sweeping(committing_engine, alarm), asyncio.timeout(WAIT):
            while not alarm.reads:  # noqa: ASYNC110 (the first pass done, it sleeps)
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)
            assert await turn_of(committing_engine, game) == 1
            async with sessionmaker() as session, session.begin():
                await session.execute(
                    update(Campaign)
                    .where(Campaign.id == uuid.UUID(game.id))
                    .values(turn_deadline_at=func.now() + timedelta(seconds=1))
                )
                await events.publish(
                    session, uuid.UUID(game.id), AppEventKind.DEADLINE_EXTENDED, {"turn": 1}
                )
            await changed(committing_engine, game)
    finally:
        await hub.stop()
    assert await turn_of(committing_engine, game) == 2


async def test_a_flood_of_wakes_reads_the_next_due_time_a_few_times_a_second(
    committing_engine: AsyncEngine,
) -> None:
    # Thousands of events (a storm of edits) must not turn the sleeping sweeper into a loop of
    # statements: at most one read per `least_gap`.
    alarm = Alarm(create_sessionmaker(committing_engine), least_gap=0.25)
    alarm.passed(utcnow())
    loop = asyncio.get_running_loop()
    waiting = asyncio.create_task(alarm.wait(1.0))
    started = loop.time()
    while not waiting.done():
        alarm.wake()
        await asyncio.sleep(0.001)
    assert loop.time() - started >= 0.9  # woken a thousand times, it still slept its interval
    assert alarm.reads <= 1 + 1.0 / 0.25 + 1
