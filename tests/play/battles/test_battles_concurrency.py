"""Racing confirmations of one battle apply its effects exactly once (R-BAT-5, R-BAT-7).

Real committed transactions on separate connections, like tests/play/turns/test_turn_concurrency.py:
the campaign row lock serialises the requests; the second sees the battle confirmed.
"""

import asyncio
import uuid

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from app.platform.db.session import create_sessionmaker
from app.store.models import ArmyRow, BattleRow, StakeRow
from tests.factories.flows import MakeUser, start_game


async def test_R_BAT_5_two_racing_confirmations_apply_the_result_once(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    client = committing_client
    game = await start_game(client, committing_make_user)
    p1, p2 = game.players
    cid = uuid.UUID(game.id)
    sessions = create_sessionmaker(committing_engine)
    async with sessions() as session, session.begin():
        armies = {
            a.owner: a
            for a in await session.scalars(select(ArmyRow).where(ArmyRow.campaign_id == cid))
        }
        armies[1].q, armies[1].r, armies[1].tier = 4, 1, 3
        armies[2].q, armies[2].r = 5, 1
        a1 = armies[1].id
    r = await client.put(
        game.url(f"/armies/{a1}/move"), json={"path": [[5, 1]]}, headers=p1.headers
    )
    assert r.status_code == 200, r.text
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    assert (await client.post(game.url("/turn/resolve"), headers=p1.headers)).status_code == 200
    battle = (await client.get(game.url("/battles"), headers=p1.headers)).json()["items"][0]
    report = {"outcome": "attacker_victory", "attacker_losses_pct": 50, "defender_losses_pct": 0}
    url = game.url(f"/battles/{battle['id']}")
    assert (await client.post(url + "/report", json=report, headers=p1.headers)).status_code == 200

    results = await asyncio.gather(
        *(client.post(url + "/confirm", headers=p2.headers) for _ in range(3))
    )
    assert sorted(r.status_code for r in results) == [200, 409, 409], [r.text for r in results]

    async with committing_engine.connect() as conn:
        tier = await conn.scalar(
            select(ArmyRow.tier).where(ArmyRow.campaign_id == cid, ArmyRow.id == a1)
        )
        stakes = (await conn.execute(select(StakeRow.amount, StakeRow.winner))).all()
        status = await conn.scalar(select(BattleRow.status).where(BattleRow.campaign_id == cid))
    assert tier == 2  # one tier lost, once (R-BAT-7)
    assert [tuple(s) for s in stakes] == [(10, 1)]
    assert status == "confirmed"
