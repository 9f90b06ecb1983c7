"""Bots on seats over HTTP (R-BOT): the owner fills seats with bots, plays against them, and a
returning player takes a bot's seat back."""

import uuid
from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.store.models import CampaignPlayer
from app.store.models.orders import OrderRow
from tests.factories.disorder import SETTINGS, seat, sweep_at_deadline
from tests.factories.flows import (
    AuthUser,
    Game,
    MakeUser,
    create_lobby,
    gold_and_ledger,
    join,
    ok,
    start_game,
)

BOT = {"difficulty": "normal", "personality": "builder"}


async def _players(client: AsyncClient, campaign_id: str, user: AuthUser) -> list[dict[str, Any]]:
    url = f"/v1/campaigns/{campaign_id}/players"
    body: list[dict[str, Any]] = await ok(await client.get(url, headers=user.headers))
    return body


async def _bot_lobby(
    client: AsyncClient, make_user: MakeUser, settings: dict[str, Any] | None = None
) -> tuple[dict[str, Any], AuthUser, AuthUser]:
    """A skirmish lobby: the owner and one other player seated, seats 3 and 4 bots."""
    owner, other = await make_user(), await make_user()
    campaign = await create_lobby(client, owner, settings=settings)
    await join(client, campaign, owner, "empire", 0)
    await join(client, campaign, other, "orcs_goblins", 1)
    url = f"/v1/campaigns/{campaign['id']}/seats"
    for number, (faction, slot, personality) in {
        3: ("dwarfs", 2, "raider"),
        4: ("high_elves", 3, "turtle"),
    }.items():
        body = {**BOT, "personality": personality, "faction": faction, "slot": slot}
        put = await ok(await client.put(f"{url}/{number}/bot", json=body, headers=owner.headers))
        assert put["bot"] == {"difficulty": "normal", "personality": personality}
        assert (put["number"], put["faction"], put["vacant"]) == (number, faction, False)
    return campaign, owner, other


async def test_R_BOT_the_owner_fills_empty_seats_with_bots_and_they_never_block_a_turn(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    campaign, owner, other = await _bot_lobby(client, make_user, {"auto_resolve": True})
    cid = campaign["id"]
    await ok(await client.post(f"/v1/campaigns/{cid}/start", headers=owner.headers))
    players = await _players(client, cid, other)
    # Every member is told which seats bots play; only the owner what they are.
    hidden = {"difficulty": None, "personality": None}
    assert [p["bot"] for p in players] == [None, None, hidden, hidden]
    assert [p["name"] for p in players][2:] == ["Player C", "Player D"]
    for turn in range(1, 5):
        for user in (owner, other):
            await ok(await client.put(f"/v1/campaigns/{cid}/turn/ready", headers=user.headers))
        body = await ok(await client.get(f"/v1/campaigns/{cid}/turn", headers=owner.headers))
        assert body["number"] == turn + 1, body  # the two humans' ready was enough
        assert [p["bot"] for p in body["players"]] == [False, False, True, True]
    given = await session.scalar(
        select(func.count())
        .select_from(OrderRow)
        .where(OrderRow.campaign_id == uuid.UUID(cid), OrderRow.player.in_((3, 4)))
    )
    assert given  # the bots gave orders through the orders table, like players
    game = Game(cid, owner, [])
    for number in (1, 2, 3, 4):
        gold, ledger = await gold_and_ledger(session, game, number)
        assert gold == ledger >= 0


async def test_R_BOT_a_bot_stands_in_for_a_seat_in_civil_disorder_until_its_holder_acts(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(client, make_user, settings=SETTINGS)
    alice, bob = game.players
    url = game.url("/seats/2/bot")
    refused = await client.put(url, json=BOT, headers=alice.headers)
    assert refused.status_code == 409, refused.text  # bob plays it: no bot yet
    assert refused.json()["code"] == "R-BOT"
    for _ in range(2):
        await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
        await sweep_at_deadline(client, game, sessionmaker)
    assert (await seat(client, game, 2))["civil_disorder"] is True
    put = await ok(await client.put(url, json=BOT, headers=alice.headers))
    assert put["bot"] == BOT
    assert put["name"] == (await seat(client, game, 2))["name"]  # the holder's name stays
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    await sweep_at_deadline(client, game, sessionmaker)
    # Bob comes back by acting: his seat is his again, the bot gone.
    await ok(await client.put(game.url("/turn/ready"), headers=bob.headers))
    body = await seat(client, game, 2)
    assert (body["civil_disorder"], body["bot"]) == (False, None)
    row = await session.get(CampaignPlayer, (uuid.UUID(game.id), 2), populate_existing=True)
    assert row is not None
    assert (row.bot_difficulty, row.bot_personality) == (None, None)


async def test_R_BOT_the_owner_takes_a_bot_off_a_lobby_seat_and_the_seat_goes(
    client: AsyncClient, make_user: MakeUser
) -> None:
    campaign, owner, _other = await _bot_lobby(client, make_user)
    cid = campaign["id"]
    response = await client.delete(f"/v1/campaigns/{cid}/seats/4/bot", headers=owner.headers)
    assert response.status_code == 204, response.text
    assert [p["number"] for p in await _players(client, cid, owner)] == [1, 2, 3]
    again = await client.delete(f"/v1/campaigns/{cid}/seats/4/bot", headers=owner.headers)
    assert again.status_code == 404, again.text


async def test_R_BOT_6_two_bots_accepting_in_one_change_make_two_treaties(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """Found by scripts/bench_selfplay (turn 34 on The Old World): a second bot's acceptance
    in the same change reused the first one's treaty id (a state read before it): a 500."""
    campaign, owner, other = await _bot_lobby(client, make_user, {"auto_resolve": True})
    cid = campaign["id"]
    await ok(await client.post(f"/v1/campaigns/{cid}/start", headers=owner.headers))
    for user, bot in ((owner, 3), (other, 4)):
        edict = {"kind": "embassy", "to": bot}
        sent = await client.post(f"/v1/campaigns/{cid}/edicts", json=edict, headers=user.headers)
        assert sent.status_code == 201, sent.text
    for user in (owner, other):
        await ok(await client.put(f"/v1/campaigns/{cid}/turn/ready", headers=user.headers))
    body = await ok(await client.get(f"/v1/campaigns/{cid}/turn", headers=owner.headers))
    assert body["number"] == 2
    mine = await ok(await client.get(f"/v1/campaigns/{cid}/treaties", headers=owner.headers))
    theirs = await ok(await client.get(f"/v1/campaigns/{cid}/treaties", headers=other.headers))
    assert [(t["kind"], sorted((t["a"], t["b"]))) for t in mine] == [("embassy", [1, 3])]
    assert [(t["kind"], sorted((t["a"], t["b"]))) for t in theirs] == [("embassy", [2, 4])]
