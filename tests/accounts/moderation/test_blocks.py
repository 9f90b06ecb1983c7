"""Blocks and bans over HTTP: a blocked user's messages, join requests, seat offers and open
seats stop reaching the blocker, and the blocked user is answered as before; an owner's ban
refuses a user's join requests (R-CAMP-11)."""

from typing import Any

from httpx import AsyncClient

from tests.factories.flows import THREE, MakeUser, create_lobby, ok, start_game
from tests.factories.lobbies import MINE, PUBLIC, ask, inbox_kinds, requests_of
from tests.factories.moderation import BANNED, BLOCKS, block, mailbox_bodies, send
from tests.helpers import assert_problem


def _same_shape(a: dict[str, Any], b: dict[str, Any], *varying: str) -> None:
    """Two answers that differ only in their ids and times."""
    assert a.keys() == b.keys()
    assert {k: v for k, v in a.items() if k not in varying} == {
        k: v for k, v in b.items() if k not in varying
    }


async def test_a_blocked_players_messages_stop_reaching_the_blocker_who_is_not_told(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    first, second = game.players[0], game.players[1]
    before = await send(client, game, 0, "all", "Before the block.")
    await block(client, second.user, first.user)
    after = await send(client, game, 0, "all", "After the block.")
    # The sender's answer is the same as before the block: both recipients, nothing else.
    _same_shape(before, after, "id", "body", "sent_at")
    assert [r["number"] for r in after["recipients"]] == [2, 3]
    assert await mailbox_bodies(client, game, 0) == ["After the block.", "Before the block."]
    # It reaches the third player, not the blocker; nor does it count as unread for them.
    assert await mailbox_bodies(client, game, 2) == ["After the block.", "Before the block."]
    assert await mailbox_bodies(client, game, 1) == ["Before the block."]
    unread = await ok(await client.get(game.url("/messages/unread"), headers=second.headers))
    assert unread["unread"] == 1
    # Named alone, it is not in the blocker's mailbox either (404 as another's message).
    mark = await client.post(
        game.url("/messages/read"), json={"up_to": after["id"]}, headers=second.headers
    )
    assert_problem(mark, 404, "not_found")
    # Unblocked, what is sent from now on reaches them again.
    await ok(await client.delete(f"{BLOCKS}/{first.user.username}", headers=second.headers), 204)
    await send(client, game, 0, [2], "After the unblock.")
    assert await mailbox_bodies(client, game, 1) == ["After the unblock.", "Before the block."]


async def test_the_block_list_is_kept_by_username_and_refuses_what_names_nobody(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice, bob, carol = await make_user(), await make_user(), await make_user()
    await block(client, alice, bob)
    await block(client, alice, bob)  # again: nothing changes
    upper = await client.put(f"{BLOCKS}/{carol.username.upper()}", headers=alice.headers)
    assert upper.status_code == 204
    page = await ok(await client.get(BLOCKS, headers=alice.headers))
    assert page["total"] == 2
    assert sorted(u["username"] for u in page["items"]) == sorted([bob.username, carol.username])
    assert (await ok(await client.get(BLOCKS, headers=bob.headers)))["total"] == 0
    assert_problem(
        await client.put(f"{BLOCKS}/nobody_here", headers=alice.headers), 404, "not_found"
    )
    assert_problem(
        await client.put(f"{BLOCKS}/{alice.username}", headers=alice.headers), 422, "self_listed"
    )
    await ok(await client.delete(f"{BLOCKS}/{bob.username}", headers=alice.headers), 204)
    again = await client.delete(f"{BLOCKS}/{bob.username}", headers=alice.headers)
    assert_problem(again, 404, "not_found")
    page = await ok(await client.get(BLOCKS, headers=alice.headers))
    assert [u["username"] for u in page["items"]] == [carol.username]


async def test_join_requests_of_a_blocked_user_do_not_reach_the_owner_and_look_sent(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner, carol, dave = await make_user(), await make_user(), await make_user()
    public = await create_lobby(client, owner, settings=PUBLIC)
    await block(client, owner, carol)
    asked = await ask(client, carol, public["id"])
    other = await ask(client, dave, public["id"])
    _same_shape(asked, other, "id", "username", "display_name", "made_at")
    # Carol sees her request pending, as anyone does; the owner never hears of it.
    mine = await ok(await client.get(MINE, headers=carol.headers))
    assert [r["id"] for r in mine] == [asked["id"]]
    assert [r["username"] for r in await requests_of(client, public["id"], owner)] == [
        dave.username
    ]
    assert (await inbox_kinds(client, owner)).count("join_requested") == 1


async def test_seat_offers_of_a_blocked_owner_are_not_listed_to_the_blocker(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    carol = await make_user()
    await block(client, carol, game.owner)
    offered = await client.post(
        game.url("/players/2/handover"),
        json={"username": carol.username},
        headers=game.owner.headers,
    )
    assert offered.status_code == 201, offered.text  # the owner is answered as ever
    page = await ok(await client.get("/v1/users/me/seat-offers", headers=carol.headers))
    assert page["items"] == []


async def test_an_owners_ban_refuses_the_users_join_requests_until_lifted(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner, carol = await make_user(), await make_user()
    public = await create_lobby(client, owner, settings=PUBLIC)
    await ok(await client.put(f"{BANNED}/{carol.username}", headers=owner.headers), 204)
    listed = await ok(await client.get(BANNED, headers=owner.headers))
    assert [u["username"] for u in listed["items"]] == [carol.username]
    body = {"campaign_id": public["id"]}
    refused = await client.post(MINE, json=body, headers=carol.headers)
    problem = assert_problem(refused, 403, "R-CAMP-11")
    assert "does not take your requests" in problem["detail"]
    assert await requests_of(client, public["id"], owner) == []
    await ok(await client.delete(f"{BANNED}/{carol.username}", headers=owner.headers), 204)
    await ask(client, carol, public["id"])
    assert len(await requests_of(client, public["id"], owner)) == 1
