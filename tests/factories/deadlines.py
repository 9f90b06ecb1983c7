"""Deadlines a second or two ahead, and waiting for the sweeper to change a campaign's turn."""

import asyncio
import uuid
from datetime import timedelta

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from app.store.models import Campaign
from tests.factories.flows import Game

AUTO = {"turn_deadline_hours": 24, "deadline_auto_change": True}
WAIT = 20.0  # bound of every wait; a passing run takes a second or two


async def turn_of(engine: AsyncEngine, game: Game) -> int:
    """The campaign's turn, as committed."""
    async with engine.connect() as conn:
        turn = await conn.scalar(select(Campaign.turn).where(Campaign.id == uuid.UUID(game.id)))
    assert turn is not None
    return turn


async def changed(engine: AsyncEngine, game: Game) -> None:
    """Return once the campaign has left turn 1 (bound it with a timeout)."""
    while await turn_of(engine, game) == 1:  # noqa: ASYNC110 (the sweeper tells nobody)
        await asyncio.sleep(0.05)


async def deadline_in(engine: AsyncEngine, game: Game, seconds: float) -> None:
    """Move the campaign's turn deadline `seconds` ahead of the database's clock, by SQL."""
    async with engine.begin() as conn:
        await conn.execute(
            update(Campaign)
            .where(Campaign.id == uuid.UUID(game.id))
            .values(turn_deadline_at=func.now() + timedelta(seconds=seconds), deadline_warn_at=None)
        )
