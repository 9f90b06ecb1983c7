"""A turn changed by the deadline sweeper sends few statements (issue 48 §2: ten thousand
campaigns may share one deadline, and each statement costs the server and PostgreSQL CPU)."""

import uuid
from datetime import datetime, timedelta

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, async_sessionmaker

from app.play.deadlines.service import sweep
from app.store.models import CampaignEvent
from tests.factories.flows import MakeUser, start_game
from tests.factories.statements import counted, executions

# Measured on this game (2 players, nobody ready): 28 before issue 48's cuts, 19 after them.
# The lock (2), the claim's check, the turn gate, the late seats' counts, then the change itself.
MOST_STATEMENTS = 19


async def test_R_TURN_3_a_deadline_change_sends_at_most_19_statements(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    connection: AsyncConnection,
    session: AsyncSession,
) -> None:
    game = await start_game(
        client, make_user, settings={"turn_deadline_hours": 24, "deadline_auto_change": True}
    )
    started = (await client.get(game.url(), headers=game.owner.headers)).json()["started_at"]
    now = datetime.fromisoformat(started) + timedelta(hours=24)
    warned = await sweep(sessionmaker, now - timedelta(hours=1))  # "the deadline is near"
    assert warned.warned == [uuid.UUID(game.id)]
    with counted(connection) as statements:
        report = await sweep(sessionmaker, now)
    assert report.changed == [uuid.UUID(game.id)]
    # The ids of the due campaigns are read before, in a transaction of their own.
    change = [s for s in statements if not s.lstrip().startswith("SELECT campaigns.id \nFROM")]
    assert len(change) <= MOST_STATEMENTS, "\n\n".join(change)
    # `turn_forced` went with the change's own events, still first, each numbered once.
    kinds = await session.scalars(
        select(CampaignEvent.kind)
        .where(CampaignEvent.campaign_id == uuid.UUID(game.id))
        .order_by(CampaignEvent.seq.desc())
        .limit(2)
    )
    assert list(kinds)[::-1] == ["turn_forced", "turn_changed"]


async def test_R_TURN_3_a_deadline_change_runs_each_statement_once_not_once_per_seat(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    connection: AsyncConnection,
) -> None:
    # Issue 48 §2: the late seats' missed counts, their reliability records and the players'
    # summaries went to the server once per seat (an executemany); eight seats, eight times.
    game = await start_game(
        client, make_user, settings={"turn_deadline_hours": 24, "deadline_auto_change": True}
    )
    started = (await client.get(game.url(), headers=game.owner.headers)).json()["started_at"]
    with executions(connection) as statements:
        report = await sweep(sessionmaker, datetime.fromisoformat(started) + timedelta(hours=24))
    assert report.changed == [uuid.UUID(game.id)]
    # The notifications' rows are their subscriber's (tests/channels/notifications).
    repeated = [
        f"{times}× {statement}"
        for statement, times in statements
        if times > 1 and "notification" not in statement
    ]
    assert not repeated, "\n\n".join(repeated)
    seats = (await client.get(game.url("/players"), headers=game.owner.headers)).json()
    assert [(p["missed_turns"], p["missed_in_row"]) for p in seats] == [(1, 1), (1, 1)]
