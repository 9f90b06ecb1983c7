"""Diplomacy over HTTP for API tests: edicts posted and answered, capitals, gold and the
diplomatic ledger read back."""

from typing import Any

from httpx import AsyncClient, Response
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import undefer

from app.store.models.campaign import CampaignPlayer
from app.store.models.event import CampaignEvent
from app.store.models.ledger import LedgerRow
from app.store.models.world import StructureRow
from tests.factories.flows import Game


async def post_edict(client: AsyncClient, game: Game, index: int, body: dict[str, Any]) -> Response:
    return await client.post(game.url("/edicts"), json=body, headers=game.players[index].headers)


async def answer(client: AsyncClient, game: Game, index: int, edict_id: int, verb: str) -> Response:
    return await client.post(
        game.url(f"/edicts/{edict_id}/{verb}"), headers=game.players[index].headers
    )


async def gold(session: AsyncSession, game: Game) -> dict[int, int]:
    """Each player's gold, checked against their ledger (R-ECO-6)."""
    rows = await session.execute(
        select(CampaignPlayer.number, CampaignPlayer.gold).where(
            CampaignPlayer.campaign_id == game.id
        )
    )
    golds = {row[0]: row[1] for row in rows.all()}
    sums = await session.execute(
        select(LedgerRow.player, func.sum(LedgerRow.amount))
        .where(LedgerRow.campaign_id == game.id)
        .group_by(LedgerRow.player)
    )
    assert {p: int(total) for p, total in sums.all()} == golds
    return golds


async def dip_ledger(session: AsyncSession, game: Game) -> list[tuple[int, int, int, str]]:
    """Diplomacy's ledger lines: (player, turn, amount, reason), in order."""
    rows = await session.execute(
        select(LedgerRow.player, LedgerRow.turn, LedgerRow.amount, LedgerRow.reason)
        .where(LedgerRow.campaign_id == game.id, LedgerRow.rule == "R-DIP-2")
        .order_by(LedgerRow.id)
    )
    return [(r[0], r[1], r[2], r[3]) for r in rows.all()]


async def events(session: AsyncSession, game: Game, *kinds: str) -> list[tuple[str, Any, Any]]:
    rows = await session.execute(
        select(CampaignEvent.kind, CampaignEvent.audience, CampaignEvent.payload)
        .where(CampaignEvent.campaign_id == game.id, CampaignEvent.kind.in_(kinds))
        .order_by(CampaignEvent.id)
    )
    return [(r[0], r[1], r[2]) for r in rows.all()]


async def names(client: AsyncClient, game: Game) -> dict[int, str]:
    players = (await client.get(game.url("/players"), headers=game.owner.headers)).json()
    return {p["number"]: p["name"] for p in players}


async def capitals(session: AsyncSession, game: Game) -> tuple[int, int]:
    rows = await session.execute(
        select(StructureRow.owner, StructureRow.id).where(
            StructureRow.campaign_id == game.id, StructureRow.is_capital
        )
    )
    by_owner = {row[0]: row[1] for row in rows.all()}
    return by_owner[1], by_owner[2]


async def remember_city(
    session: AsyncSession, game: Game, player: int, coord: tuple[int, int], owner: int
) -> None:
    """The player remembers a city of `owner` on `coord` (R-FOG-1 explored memory)."""
    row = await session.get_one(
        CampaignPlayer, (game.id, player), options=[undefer(CampaignPlayer.explored)]
    )
    row.explored = {**row.explored, f"{coord[0]},{coord[1]}": [1, owner, "city", 1]}
    await session.flush()
