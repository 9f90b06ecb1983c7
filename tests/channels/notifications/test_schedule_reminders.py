"""A club's reminders in its players' inboxes (R-TURN-9, R-TURN-10), over HTTP: Tuesdays and
Fridays at 20:00 Paris time, a day before each deadline, across the autumn change (the
Tuesday after it is 19:00 UTC, not 18:00), to the players who are not ready only."""

from datetime import timedelta
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications.reminders import send_reminders
from app.play.deadlines.service import sweep
from tests.factories.flows import GamePlayer, MakeUser
from tests.play.deadlines.test_schedule_deadlines import club, deadline, start_at, utc


async def reminders(client: AsyncClient, player: GamePlayer) -> list[tuple[Any, Any]]:
    response = await client.get("/v1/notifications", headers=player.headers)
    assert response.status_code == 200, response.text
    items = response.json()["items"]
    return sorted(
        (item["deadline_at"], item["text"]) for item in items if item["kind"] == "deadline_reminder"
    )


async def test_R_TURN_10_a_day_before_each_club_night_across_the_autumn_change(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = club(deadline_auto_change=True, reminder_hours=24)
    # Thursday 22 October 2026, 14:00 in Paris; the clocks go back on Sunday 25 October.
    game = await start_at(client, make_user, monkeypatch, utc(2026, 10, 22, 12), settings)
    p1, p2 = game.players
    friday = await deadline(client, game)
    assert await send_reminders(sessionmaker, friday - timedelta(hours=24)) != []
    assert (await sweep(sessionmaker, friday)).changed != []

    tuesday = await deadline(client, game)
    assert (await client.put(game.url("/turn/ready"), headers=p1.headers)).is_success
    assert await send_reminders(sessionmaker, tuesday - timedelta(hours=24, minutes=1)) == []
    assert await send_reminders(sessionmaker, tuesday - timedelta(hours=24)) != []

    friday_text = "Deadline: 2026-10-23 18:00 UTC."  # 20:00 in Paris, summer time
    tuesday_text = "Deadline: 2026-10-27 19:00 UTC."  # 20:00 in Paris, winter time
    mine = await reminders(client, p1)
    assert [(at, text.endswith(friday_text)) for at, text in mine] == [
        ("2026-10-23T18:00:00Z", True)
    ]
    # The player not ready hears of Tuesday (a new reminder replaces the unread one before it).
    theirs = await reminders(client, p2)
    assert theirs[-1][0] == "2026-10-27T19:00:00Z"
    assert theirs[-1][1].endswith(tuesday_text)
