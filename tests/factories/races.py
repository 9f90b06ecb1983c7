"""Races between connections for API tests: requests that really commit, fired at once
(`at_once`, `rounds`), and the books checked afterwards (`check_books`)."""

import asyncio
import os
import uuid
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from httpx import AsyncClient, Response
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.platform.db.session import create_sessionmaker
from app.store.models import ArmyRow, Campaign, CampaignPlayer, LedgerRow, TurnRecord
from tests.factories.citus_sql import LOCK_WAITERS_SQL
from tests.factories.flows import Game, MakeUser, start_game

ROUNDS = int(os.environ.get("MARCHLORDS_RACE_ROUNDS", "6"))


rounds = pytest.mark.parametrize("round_", range(ROUNDS))


AUTO_RESOLVE = {"auto_resolve": True}


@dataclass(frozen=True)
class Race:
    """An app whose requests really commit, each on its own connection."""

    client: AsyncClient
    engine: AsyncEngine
    make_user: MakeUser

    async def start(self, factions: Sequence[str] = ("empire", "orcs_goblins"), **kw: Any) -> Game:
        return await start_game(self.client, self.make_user, factions, **kw)


@pytest.fixture
def race(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> Race:
    return Race(committing_client, committing_engine, committing_make_user)


async def at_once(*writes: Awaitable[Response]) -> list[Response]:
    return list(await asyncio.gather(*writes))


async def check_books(engine: AsyncEngine, game_id: str) -> None:
    """gold ≥ 0 and gold = Σ ledger for every player; turns 1..turn-1 each changed once."""
    cid = uuid.UUID(game_id)
    async with engine.connect() as conn:
        gold = dict(
            (
                await conn.execute(
                    select(CampaignPlayer.number, CampaignPlayer.gold).where(
                        CampaignPlayer.campaign_id == cid
                    )
                )
            ).all()
        )
        ledger = dict(
            (
                await conn.execute(
                    select(LedgerRow.player, func.sum(LedgerRow.amount))
                    .where(LedgerRow.campaign_id == cid)
                    .group_by(LedgerRow.player)
                )
            ).all()
        )
        turn = await conn.scalar(select(Campaign.turn).where(Campaign.id == cid))
        changes = (
            await conn.scalars(
                select(TurnRecord.number)
                .where(TurnRecord.campaign_id == cid)
                .order_by(TurnRecord.number)
            )
        ).all()
    assert all(g >= 0 for g in gold.values()), gold
    assert gold == {p: int(ledger.get(p, 0)) for p in gold}, (gold, ledger)
    assert list(changes) == list(range(1, (turn or 1))), (changes, turn)


async def turn_number(client: AsyncClient, game: Game) -> int:
    number: int = (await client.get(game.url("/turn"), headers=game.owner.headers)).json()["number"]
    return number


async def ready_of(client: AsyncClient, game: Game, number: int) -> bool:
    players = (await client.get(game.url("/turn"), headers=game.owner.headers)).json()["players"]
    return bool(next(p["ready"] for p in players if p["number"] == number))


async def everyone_ready_but_last(client: AsyncClient, game: Game) -> None:
    for p in game.players[:-1]:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200


async def declare_battle(client: AsyncClient, engine: AsyncEngine, game: Game) -> str:
    """Put the armies side by side, attack, change the turn: one pending battle's url."""
    p1 = game.players[0]
    cid = uuid.UUID(game.id)
    async with create_sessionmaker(engine)() as session, session.begin():
        armies = {
            a.owner: a
            for a in await session.scalars(select(ArmyRow).where(ArmyRow.campaign_id == cid))
        }
        armies[1].q, armies[1].r, armies[1].tier = 4, 1, 3
        armies[2].q, armies[2].r = 5, 1
        attacker = armies[1].id
    moved = await client.put(
        game.url(f"/armies/{attacker}/move"), json={"path": [[5, 1]]}, headers=p1.headers
    )
    assert moved.status_code == 200, moved.text
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    if not (await client.get(game.url("/turn"), headers=p1.headers)).json()["auto_resolve"]:
        resolved = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
        assert resolved.status_code == 200, resolved.text
    battles = (await client.get(game.url("/battles"), headers=p1.headers)).json()["items"]
    assert len(battles) == 1, battles
    url = game.url(f"/battles/{battles[0]['id']}")
    report = {"outcome": "attacker_victory", "attacker_losses_pct": 0, "defender_losses_pct": 0}
    reported = await client.post(url + "/report", json=report, headers=p1.headers)
    assert reported.status_code == 200, reported.text
    return url


async def lock_waiters(conn: AsyncConnection) -> int:
    """Backends of this database waiting for a lock, now: the transaction ends after each
    look (PostgreSQL keeps the activity it first saw for the rest of a transaction)."""
    count = await conn.scalar(text(LOCK_WAITERS_SQL))
    await conn.rollback()
    return int(count or 0)
