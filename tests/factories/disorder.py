"""Campaigns with civil disorder on (R-CAMP-10): settings, reads and the sweeper at a deadline."""

import uuid
from datetime import datetime
from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.play.deadlines.service import sweep
from tests.factories.flows import Game, ok

SETTINGS = {
    "turn_deadline_hours": 24,
    "deadline_auto_change": True,
    "civil_disorder_after_missed": 2,
}


async def turn(client: AsyncClient, game: Game) -> dict[str, Any]:
    body: dict[str, Any] = await ok(await client.get(game.url("/turn"), headers=game.owner.headers))
    return body


async def seat(client: AsyncClient, game: Game, number: int) -> dict[str, Any]:
    players = await ok(await client.get(game.url("/players"), headers=game.players[0].headers))
    found: dict[str, Any] = next(p for p in players if p["number"] == number)
    return found


async def sweep_at_deadline(
    client: AsyncClient, game: Game, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    """The sweeper passes when the turn's deadline is due; the turn changes by itself."""
    before = await turn(client, game)
    deadline = datetime.fromisoformat(before["deadline_at"])
    report = await sweep(sessionmaker, deadline)
    assert report.changed == [uuid.UUID(game.id)]
    assert (await turn(client, game))["number"] == before["number"] + 1
