"""Stream presence (issue 28) as one row per user and campaign per process (issue 31)."""

import asyncio
import uuid

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications import presence
from app.store.models.notification import StreamPresence
from tests.factories.flows import MakeUser, start_game


async def _rows(session: AsyncSession) -> list[tuple[uuid.UUID, uuid.UUID]]:
    rows = await session.scalars(select(StreamPresence))
    return [(row.campaign_id, row.user_id) for row in rows]


async def test_many_streams_of_one_user_are_one_row_until_the_last_closes(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    """Ten streams of p2 on the campaign write one row (not ten), which stays while any of them
    is open and goes with the last; p1's stream has its own row."""
    game = await start_game(client, make_user)
    p1, p2 = game.players
    campaign_id = uuid.UUID(game.id)
    opened: list[asyncio.Event] = [asyncio.Event() for _ in range(10)]
    release = [asyncio.Event() for _ in range(10)]

    async def stream(index: int) -> None:
        async with presence.present(sessionmaker, campaign_id, p2.user.id):
            opened[index].set()
            await release[index].wait()

    tasks = [asyncio.create_task(stream(i)) for i in range(10)]
    await asyncio.gather(*(event.wait() for event in opened))
    async with presence.present(sessionmaker, campaign_id, p1.user.id):
        assert sorted(await _rows(session)) == sorted(
            [(campaign_id, p2.user.id), (campaign_id, p1.user.id)]
        )
    assert await _rows(session) == [(campaign_id, p2.user.id)]
    for event in release[:9]:
        event.set()
    await asyncio.gather(*tasks[:9])
    assert await _rows(session) == [(campaign_id, p2.user.id)]
    tasks[9].cancel()  # the last stream's client goes away: the stream is cancelled
    await asyncio.gather(tasks[9], return_exceptions=True)
    assert await _rows(session) == []
