"""Battles over HTTP for API tests: declare one (the engine does, at a real turn change), read
it, act on it (report, confirm, ...)."""

import uuid
from typing import Any

from httpx import AsyncClient, Response
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import BattleRow
from tests.factories.flows import Game, GamePlayer, army_of, change_turn
from tests.factories.planting import place, planted


async def move(
    client: AsyncClient, game: Game, player: GamePlayer, army_id: int, *path: tuple[int, int]
) -> None:
    r = await client.put(
        game.url(f"/armies/{army_id}/move"),
        json={"path": [list(c) for c in path]},
        headers=player.headers,
    )
    assert r.status_code == 200, r.text


async def declared(client: AsyncClient, game: Game, player: GamePlayer) -> dict[str, Any]:
    """Change the turn and return the one pending battle, as `player` sees it."""
    await change_turn(client, game)
    r = await client.get(game.url("/battles?status=awaiting_report"), headers=player.headers)
    assert r.status_code == 200, r.text
    items: list[dict[str, Any]] = r.json()["items"]
    assert len(items) == 1, items
    return items[0]


async def get_battle(
    client: AsyncClient, game: Game, player: GamePlayer, battle_id: int
) -> dict[str, Any]:
    r = await client.get(game.url(f"/battles/{battle_id}"), headers=player.headers)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


async def act(
    client: AsyncClient,
    game: Game,
    headers: dict[str, str],
    battle_id: int,
    action: str,
    body: dict[str, Any] | None = None,
) -> Response:
    return await client.post(game.url(f"/battles/{battle_id}/{action}"), json=body, headers=headers)


def result(outcome: str, att: int, dfn: int, **extra: Any) -> dict[str, Any]:
    return {"outcome": outcome, "attacker_losses_pct": att, "defender_losses_pct": dfn, **extra}


async def field_battle(
    client: AsyncClient,
    session: AsyncSession,
    game: Game,
    *,
    defender_tier: int = 1,
) -> tuple[dict[str, Any], int, int]:
    """Player 1's army at (4, 1) attacks player 2's army standing at (5, 1)."""
    a1 = await place(session, game, 1, (4, 1))
    a2 = await place(session, game, 2, (5, 1), tier=defender_tier)
    await move(client, game, game.players[0], a1, (5, 1))
    return await declared(client, game, game.players[0]), a1, a2


async def declare_field_battle(client: AsyncClient, session: AsyncSession, game: Game) -> int:
    """Player 1's army at (4, 1) attacks player 2's at (5, 1); the owner confirms the turn."""
    a1, a2 = await army_of(session, game, 1), await army_of(session, game, 2)
    a1.q, a1.r, a2.q, a2.r = 4, 1, 5, 1
    await planted(session, game)
    response = await client.put(
        game.url(f"/armies/{a1.id}/move"), json={"path": [[5, 1]]}, headers=game.players[0].headers
    )
    assert response.status_code == 200, response.text
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    battle = await session.scalar(
        select(BattleRow).where(BattleRow.campaign_id == uuid.UUID(game.id))
    )
    assert battle is not None
    assert battle.status == "awaiting_report"
    return battle.id


async def battle_status(session: AsyncSession, game: Game, battle_id: int) -> str:
    row = await session.get_one(BattleRow, (uuid.UUID(game.id), battle_id), populate_existing=True)
    return row.status
