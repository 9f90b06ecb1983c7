"""Lobby and lifecycle over HTTP (R-CAMP)."""

from httpx import AsyncClient

from tests.factories.flows import MakeUser, create_lobby, join, start_game
from tests.helpers import assert_problem


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


async def test_R_HOUSE_2_a_ruleset_variant_is_merged_and_validated(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    campaign = await create_lobby(client, owner, ruleset={"starting_gold": 12})
    ruleset = await client.get(f"/v1/campaigns/{campaign['id']}/ruleset", headers=owner.headers)
    assert (ruleset.json()["starting_gold"], ruleset.json()["costs"]["outpost"]) == (12, 3)
    maps = (await client.get("/v1/maps", headers=owner.headers)).json()["items"]
    bad = await client.post(
        "/v1/campaigns",
        json={
            "name": "Bad",
            "map_id": maps[0]["id"],
            "ruleset": {"starting_gold": -1, "costs": {"port": "eight"}, "nonsense": 1},
        },
        headers=owner.headers,
    )
    body = assert_problem(bad, 422, "R-HOUSE-2")
    assert sorted(v["path"] for v in body["violations"]) == [
        "costs.port",
        "nonsense",
        "starting_gold",
    ]
    listed = (await client.get("/v1/campaigns", headers=owner.headers)).json()
    assert listed["total"] == 1


async def test_R_CAMP_2_lobby_rules_join_pick_leave_and_start(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner, bob, carol = await make_user(), await make_user(), await make_user()
    campaign = await create_lobby(client, owner, settings={"max_players": 2})
    url = f"/v1/campaigns/{campaign['id']}"
    await join(client, campaign, owner, "empire", 0)
    # Dark Elves need a coast slot (the skirmish map's slots 0 and 1 are plains).
    await client.post(
        f"{url}/players", json={"invite_code": campaign["invite_code"]}, headers=bob.headers
    )
    inland = await client.patch(
        f"{url}/players/me", json={"faction": "dark_elves", "slot": 1}, headers=bob.headers
    )
    assert_problem(inland, 422, "R-CAMP-3")
    # Not everyone has picked: the campaign cannot start; only the owner starts it.
    assert_problem(await client.post(f"{url}/start", headers=owner.headers), 409, "R-CAMP-2")
    assert_problem(await client.post(f"{url}/start", headers=bob.headers), 403, "R-CAMP-1")
    # The campaign is full.
    full = await client.post(
        f"{url}/players", json={"invite_code": campaign["invite_code"]}, headers=carol.headers
    )
    assert_problem(full, 409, "R-CAMP-1")
    # Bob leaves, Carol takes the seat with a coast slot for the Dark Elves.
    assert (await client.delete(f"{url}/players/me", headers=bob.headers)).status_code == 204
    assert_problem(await client.get(url, headers=bob.headers), 404, "not_found")
    await join(client, campaign, carol, "dark_elves", 2)
    started = await client.post(f"{url}/start", headers=owner.headers)
    assert started.status_code == 200, started.text
    late = await client.post(
        f"{url}/players", json={"invite_code": campaign["invite_code"]}, headers=bob.headers
    )
    assert_problem(late, 409, "R-CAMP-2")
    players = (await client.get(f"{url}/players", headers=carol.headers)).json()
    assert [(p["number"], p["faction"], p["slot"]) for p in players] == [
        (1, "empire", 0),
        (2, "dark_elves", 2),
    ]


async def test_R_CAMP_4_the_turn_limit_ends_the_campaign(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings={"turn_limit": 1, "auto_resolve": True})
    for p in game.players:
        await client.put(game.url("/turn/ready"), headers=p.headers)
    campaign = (await client.get(game.url(), headers=game.owner.headers)).json()
    assert (campaign["status"], campaign["turn"]) == ("finished", 2)
    late = await client.put(game.url("/turn/ready"), headers=game.players[1].headers)
    assert_problem(late, 409, "R-CAMP-2")
