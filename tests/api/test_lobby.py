"""Lobby and lifecycle over HTTP (R-CAMP)."""

from httpx import AsyncClient

from tests.api.game import create_lobby, join, start_game
from tests.helpers import MakeUser


async def test_R_CAMP_3_start_gives_capital_army_and_gold(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, ("empire", "dwarfs"))
    alice, bob = game.players
    campaign = (await client.get(game.url(), headers=alice.headers)).json()
    assert (campaign["status"], campaign["turn"], campaign["is_owner"]) == ("active", 1, True)
    players = (await client.get(game.url("/players"), headers=bob.headers)).json()
    assert [(p["number"], p["faction"], p["is_you"]) for p in players] == [
        (1, "empire", False),
        (2, "dwarfs", True),
    ]
    orders = await client.get(game.url("/orders"), headers=alice.headers)
    assert orders.status_code == 200
    assert orders.json() == []


async def test_R_CAMP_2_faction_is_unique(client: AsyncClient, make_user: MakeUser) -> None:
    owner, other = await make_user(), await make_user()
    campaign = await create_lobby(client, owner)
    await join(client, campaign, owner, "empire", 0)
    joined = await client.post(
        f"/v1/campaigns/{campaign['id']}/players",
        json={"invite_code": campaign["invite_code"]},
        headers=other.headers,
    )
    assert joined.status_code == 201
    taken = await client.patch(
        f"/v1/campaigns/{campaign['id']}/players/me",
        json={"faction": "empire", "slot": 1},
        headers=other.headers,
    )
    assert taken.status_code == 409
    assert taken.json()["code"] == "R-CAMP-2"


async def test_wrong_invite_code_looks_like_unknown_campaign(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner, stranger = await make_user(), await make_user()
    campaign = await create_lobby(client, owner)
    wrong = await client.post(
        f"/v1/campaigns/{campaign['id']}/players",
        json={"invite_code": "WRONG123"},
        headers=stranger.headers,
    )
    assert wrong.status_code == 404
    hidden = await client.get(f"/v1/campaigns/{campaign['id']}", headers=stranger.headers)
    assert hidden.status_code == 404


async def test_R_TURN_3_owner_confirms_turn_change(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, ("empire", "dwarfs"))
    alice, bob = game.players
    for p in game.players:
        r = await client.put(game.url("/turn/ready"), headers=p.headers)
        assert r.status_code == 200, r.text
    turn = (await client.get(game.url("/turn"), headers=bob.headers)).json()
    assert turn["awaiting_owner"] is True
    assert turn["blocked_by"] == []
    refused = await client.post(game.url("/turn/resolve"), headers=bob.headers)
    assert refused.status_code == 403
    changed = await client.post(game.url("/turn/resolve"), headers=alice.headers)
    assert changed.status_code == 200, changed.text
    assert changed.json()["number"] == 2
    assert all(not p["ready"] for p in changed.json()["players"])
