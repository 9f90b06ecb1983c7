"""WAAAGH! in winter over HTTP (R-MOVE-1, R-OPT-1, R-FAC): the modifier counts the season."""

import uuid

from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Campaign, CampaignPlayer
from tests.factories.flows import MakeUser, army_of, start_game
from tests.helpers import assert_problem

# Six plain tiles from (9, 0) west along the skirmish map's row 1, ending on the plain (3, 1).
PATH = [[8, 0], [7, 1], [6, 1], [5, 1], [4, 1], [3, 1]]


async def test_R_OPT_1_waaagh_in_winter_budget_counts_the_season(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Orcs ending on a plain (+1): WAAAGH! gives 3 + max(0, +1 − 1) + 2 = 5 tiles in winter
    (turn 4 with seasons on), so six tiles are refused and five accepted."""
    game = await start_game(client, make_user, settings={"seasons": True})
    orcs = game.players[1]
    assert orcs.faction == "orcs_goblins"
    cid = uuid.UUID(game.id)
    await session.execute(update(Campaign).where(Campaign.id == cid).values(turn=4))
    await session.execute(
        update(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == cid, CampaignPlayer.number == orcs.number)
        .values(victories=3)
    )
    army = await army_of(session, game, orcs.number)
    army.q, army.r = 9, 0
    await session.flush()
    used = await client.post(game.url("/faction-action"), headers=orcs.headers)
    assert used.status_code == 201, used.text

    url = game.url(f"/armies/{army.id}/move")
    refused = await client.put(url, json={"path": PATH}, headers=orcs.headers)
    body = assert_problem(refused, 422, "R-MOVE-1")
    assert body["detail"] == "The path needs 6 tiles; the budget is 5."
    accepted = await client.put(url, json={"path": PATH[:5]}, headers=orcs.headers)
    assert accepted.status_code == 200, accepted.text
    assert (accepted.json()["budget"], accepted.json()["left"]) == (5, 0)
