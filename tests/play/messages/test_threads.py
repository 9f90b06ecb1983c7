"""Messages read as threads (issue 44): one per correspondent and one for the table, each with
its newest message and unread count, and a mailbox narrowed to one conversation."""

from typing import Any

from httpx import AsyncClient

from tests.factories.flows import THREE, Game, MakeUser, ok, start_game
from tests.factories.moderation import send


async def threads(client: AsyncClient, game: Game, index: int) -> list[dict[str, Any]]:
    body = await ok(
        await client.get(game.url("/messages/threads"), headers=game.players[index].headers)
    )
    items: list[dict[str, Any]] = body["items"]
    return items


def summary(items: list[dict[str, Any]]) -> list[tuple[int, str | None, int]]:
    """(correspondent number, 0 for the table; newest body; unread) per thread, in order."""
    return [
        (
            t["correspondent"]["number"] if t["correspondent"] else 0,
            t["last"]["body"] if t["last"] else None,
            t["unread"],
        )
        for t in items
    ]


async def bodies(client: AsyncClient, game: Game, index: int, thread: int) -> list[str]:
    page = await ok(
        await client.get(
            game.url(f"/messages?thread={thread}"), headers=game.players[index].headers
        )
    )
    return [m["body"] for m in page["items"]]


async def test_threads_list_every_correspondent_with_the_newest_message_and_unread_count(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    assert summary(await threads(client, game, 0)) == [(0, None, 0), (2, None, 0), (3, None, 0)]
    await send(client, game, 0, [2], "To two.")
    await send(client, game, 1, [1], "Back to one.")
    await send(client, game, 2, "all", "To the table.")
    group = await send(client, game, 2, [1, 2], "To one and two.")
    # The group message is in the thread of each of its other participants.
    assert summary(await threads(client, game, 0)) == [
        (2, "To one and two.", 2),
        (3, "To one and two.", 1),
        (0, "To the table.", 1),
    ]
    third = await threads(client, game, 2)
    assert summary(third) == [
        (1, "To one and two.", 0),
        (2, "To one and two.", 0),
        (0, "To the table.", 0),
    ]
    assert third[0]["correspondent"]["name"] == game.players[0].user.username.title()
    await ok(
        await client.post(
            game.url("/messages/read"), json={"up_to": group["id"]}, headers=game.players[0].headers
        )
    )
    assert [t["unread"] for t in await threads(client, game, 0)] == [0, 0, 0]


async def test_a_thread_holds_only_that_conversation_of_your_own_mailbox(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    await send(client, game, 0, [2], "To two.")
    await send(client, game, 1, [1], "Back to one.")
    await send(client, game, 2, "all", "To the table.")
    await send(client, game, 2, [1, 2], "To one and two.")
    assert await bodies(client, game, 0, 2) == ["To one and two.", "Back to one.", "To two."]
    assert await bodies(client, game, 0, 0) == ["To the table."]
    assert await bodies(client, game, 0, 1) == []  # yourself: no conversation
    # Player 3's thread with 2 holds what 3 was part of, never what 1 and 2 said alone.
    assert await bodies(client, game, 2, 2) == ["To one and two."]
    assert await bodies(client, game, 2, 9) == []


async def test_threads_under_anonymity_name_seats_not_people(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    await send(client, game, 1, [3], "Hello.")
    names = {
        t["correspondent"]["number"]: t["correspondent"]["name"]
        for t in await threads(client, game, 2)
        if t["correspondent"]
    }
    assert names == {1: "Player A", 2: "Player B"}
