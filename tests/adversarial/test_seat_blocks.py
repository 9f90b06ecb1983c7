"""Blocking a seat from the campaign (issue 44) as an attacker tries it.

A player blocks "Player C" under anonymity and looks for who that is: in their blocks by
username, in the seats' list. The blocked seat's holder writes on and looks for any sign of
the block in the answers. A player blocks their own seat, a seat that does not exist, or the
seat of another campaign. A blocked seat's holder moves to another seat of the campaign.
"""

from typing import Any

from httpx import AsyncClient

from tests.factories.flows import THREE, Game, MakeUser, ok, start_game
from tests.factories.moderation import BLOCKS, mailbox_bodies, send
from tests.factories.seat_offers import hand_over_accepted
from tests.helpers import assert_problem


def block_url(game: Game, number: int) -> str:
    return game.url(f"/players/{number}/block")


async def seats(client: AsyncClient, game: Game, index: int) -> dict[int, dict[str, Any]]:
    listed = await ok(await client.get(game.url("/players"), headers=game.players[index].headers))
    return {p["number"]: p for p in listed}


async def test_a_seat_blocked_under_anonymity_names_nobody_and_its_messages_stop(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    second = game.players[1]
    await ok(await client.put(block_url(game, 3), headers=second.headers), 204)
    await ok(await client.put(block_url(game, 3), headers=second.headers), 204)  # idempotent
    # The blocker's lists say "the seat", never the user behind it.
    assert (await ok(await client.get(BLOCKS, headers=second.headers)))["items"] == []
    listed = await seats(client, game, 1)
    assert (listed[3]["name"], listed[3]["blocked"]) == ("Player C", True)
    assert not listed[1]["blocked"]
    # The blocked holder is answered as before and sees nothing of it.
    sent = await send(client, game, 2, [2], "Can you hear me?")
    assert sent["recipients"] == [{"number": 2, "name": "Player B"}]
    assert not any(p["blocked"] for p in (await seats(client, game, 2)).values())
    assert "Can you hear me?" in await mailbox_bodies(client, game, 2)
    # It never reaches the blocker, neither their mailbox nor their threads' counts.
    assert "Can you hear me?" not in await mailbox_bodies(client, game, 1)
    unread = await ok(await client.get(game.url("/messages/unread"), headers=second.headers))
    assert unread["unread"] == 0
    threads = await ok(await client.get(game.url("/messages/threads"), headers=second.headers))
    assert all(t["unread"] == 0 and t["last"] is None for t in threads["items"])
    # Others still hear from the seat.
    await send(client, game, 2, [1], "And you?")
    assert "And you?" in await mailbox_bodies(client, game, 0)


async def test_unblocking_a_seat_lets_its_new_messages_through(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    second = game.players[1]
    await ok(await client.put(block_url(game, 3), headers=second.headers), 204)
    await send(client, game, 2, [2], "While blocked.")
    await ok(await client.delete(block_url(game, 3), headers=second.headers), 204)
    await ok(await client.delete(block_url(game, 3), headers=second.headers), 204)
    assert not (await seats(client, game, 1))[3]["blocked"]
    await send(client, game, 2, [2], "After the unblock.")
    assert await mailbox_bodies(client, game, 1) == ["After the unblock."]


async def test_a_seat_block_refuses_your_own_seat_and_names_no_other_campaigns_seat(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    other = await start_game(client, make_user, THREE)
    second = game.players[1]
    assert_problem(await client.put(block_url(game, 2), headers=second.headers), 422, "self_listed")
    assert_problem(await client.put(block_url(game, 9), headers=second.headers), 404, "not_found")
    assert_problem(
        await client.put(block_url(game, 65), headers=second.headers), 422, "validation_error"
    )
    # Another campaign's seat: not a member there, not found (as any campaign you cannot see).
    assert_problem(await client.put(block_url(other, 1), headers=second.headers), 404, "not_found")
    assert not any(p["blocked"] for p in (await seats(client, game, 1)).values())


async def test_a_seat_block_ends_with_the_holder_and_never_follows_them_to_another_seat(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """Under anonymity, player C blocks seat B; the owner hands seat B to a newcomer, then
    their own seat A to B's former holder. The block was of the seat's holder while they held
    it: were it to follow the user, C's list would mark seat A as blocked (and C's mailbox
    would stay silent from it), telling C that seat A is now played by whoever played B."""
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    first, second, third = game.players
    await ok(await client.put(block_url(game, 2), headers=third.headers), 204)
    assert (await seats(client, game, 2))[2]["blocked"]

    newcomer = await make_user()
    await hand_over_accepted(client, game, 2, newcomer, first.headers)
    await hand_over_accepted(client, game, 1, second.user, first.headers)

    listed = await seats(client, game, 2)
    assert not any(p["blocked"] for p in listed.values()), listed
    # Seat A's new holder is heard like anyone else, and so is seat B's newcomer.
    body = {"to": [3], "body": "From seat A."}
    await ok(await client.post(game.url("/messages"), json=body, headers=second.headers), 201)
    assert "From seat A." in await mailbox_bodies(client, game, 2)
