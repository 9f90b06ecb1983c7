"""R-TURN-6: per-turn snapshots, the owner's rollback of the last turn change."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.models import Campaign
from app.turns.mapping import load_orders, load_state
from app.turns.snapshots import load_snapshot, load_snapshot_document, orders_from_document
from tests.api.game import Game, my_army, start_game
from tests.helpers import MakeUser


async def _campaign(session: AsyncSession, game: Game) -> Campaign:
    row = await session.scalar(
        select(Campaign).where(Campaign.id == game.id).execution_options(populate_existing=True)
    )
    assert row is not None
    return row


async def _play_turn(client: AsyncClient, game: Game) -> dict[str, Any]:
    """Alice marches and builds an outpost; everyone is ready; the owner confirms."""
    alice = game.players[0]
    army = await my_army(client, game, alice)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
    )
    assert moved.status_code == 200, moved.text
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
        headers=alice.headers,
    )
    assert built.status_code == 201, built.text
    for p in game.players:
        ready = await client.put(game.url("/turn/ready"), headers=p.headers)
        assert ready.status_code == 200, ready.text
    return army


async def test_R_TURN_7_each_change_keeps_the_end_of_its_turn(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    await _play_turn(client, game)
    campaign = await _campaign(session, game)
    before = await load_state(session, campaign)
    orders = await load_orders(session, campaign)
    assert orders.moves and orders.builds
    assert await load_snapshot(session, campaign.id, 1) is None

    changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert changed.status_code == 200, changed.text

    campaign = await _campaign(session, game)
    assert campaign.turn == 2
    assert await load_snapshot(session, campaign.id, 1) == before
    document = await load_snapshot_document(session, campaign.id, 1)
    assert document is not None
    assert orders_from_document(document) == orders
    assert [p["ready"] for p in document["players"]] == [True, True]
    assert await load_state(session, campaign) != before
