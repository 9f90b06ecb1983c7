"""The turn change happens exactly once under concurrent requests (R-TURN-4).

These tests need real, committed transactions on separate connections, so they use their
own app and engine instead of the rolled-back `client` fixture, and empty the tables after.
"""

import asyncio

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from app.store.models import CampaignPlayer, LedgerRow, TurnRecord
from tests.factories.flows import MakeUser, start_game

# Dark Elves first: they need a coast slot, and the Old World map's first slots are coasts.
ALL_FACTIONS = (
    "dark_elves", "empire", "bretonnia", "high_elves", "wood_elves", "dwarfs", "orcs_goblins",
    "warriors_of_chaos", "daemons", "beastmen", "vampire_counts", "tomb_kings",
    "chaos_dwarfs", "lizardmen", "skaven", "ogre_kingdoms", "grand_cathay",
)  # fmt: skip


async def test_R_TURN_4_seventeen_simultaneous_ready_change_the_turn_once(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    client = committing_client
    game = await start_game(
        client,
        committing_make_user,
        ALL_FACTIONS,
        map_key="old_world",
        settings={"auto_resolve": True, "max_players": 17},
        ruleset={"max_players": 17},
    )
    responses = await asyncio.gather(
        *(client.put(game.url("/turn/ready"), headers=p.headers) for p in game.players)
    )
    assert [r.status_code for r in responses] == [200] * 17

    async with committing_engine.connect() as conn:
        turns = (await conn.execute(select(TurnRecord.number))).scalars().all()
        gold = dict((await conn.execute(select(CampaignPlayer.number, CampaignPlayer.gold))).all())
        ledger = dict(
            (
                await conn.execute(
                    select(LedgerRow.player, func.sum(LedgerRow.amount)).group_by(LedgerRow.player)
                )
            ).all()
        )
    assert turns == [1]
    assert gold == ledger
    campaign = (await client.get(game.url(), headers=game.owner.headers)).json()
    assert campaign["turn"] == 2


async def test_R_TURN_4_racing_confirmations_change_the_turn_once(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    client = committing_client
    game = await start_game(client, committing_make_user, ("empire", "dwarfs"))
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    results = await asyncio.gather(
        *(client.post(game.url("/turn/resolve"), headers=game.owner.headers) for _ in range(5))
    )
    codes = sorted(r.status_code for r in results)
    assert codes == [200, 409, 409, 409, 409], [r.text for r in results]
    async with committing_engine.connect() as conn:
        assert (await conn.execute(select(TurnRecord.number))).scalars().all() == [1]
