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


async def mark_thread(
    client: AsyncClient, game: Game, index: int, thread: int, up_to: int
) -> dict[str, Any]:
    body: dict[str, Any] = await ok(
        await client.post(
            game.url(f"/messages/threads/{thread}/read"),
            json={"up_to": up_to},
            headers=game.players[index].headers,
        )
    )
    return body


async def unread_counts(client: AsyncClient, game: Game, index: int) -> dict[int, int]:
    """Unread messages per thread (0: the table), as the thread list says."""
    return {number: unread for number, _, unread in summary(await threads(client, game, index))}


async def mailbox_unread(client: AsyncClient, game: Game, index: int) -> int:
    body = await ok(
        await client.get(game.url("/messages/unread"), headers=game.players[index].headers)
    )
    count: int = body["unread"]
    return count


async def test_reading_one_thread_leaves_the_others_unread(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """Issue 44: opening the conversation with player 2 clears its count only; the total
    follows. BUG: one mark per player, so reading up to 2's message read 3's older one too."""
    game = await start_game(client, make_user, THREE)
    await send(client, game, 2, [1], "From three.")
    await send(client, game, 2, "all", "To the table.")
    from_two = await send(client, game, 1, [1], "From two.")
    assert await unread_counts(client, game, 0) == {0: 1, 2: 1, 3: 1}
    answer = await mark_thread(client, game, 0, 2, from_two["id"])
    assert answer == {"thread": 2, "unread": 0, "read_up_to": from_two["id"], "mailbox_unread": 2}
    assert await unread_counts(client, game, 0) == {0: 1, 2: 0, 3: 1}
    assert await mailbox_unread(client, game, 0) == 2
    page = await ok(
        await client.get(game.url("/messages?thread=3"), headers=game.players[0].headers)
    )
    assert [m["read"] for m in page["items"]] == [False]
    page = await ok(
        await client.get(game.url("/messages?thread=2"), headers=game.players[0].headers)
    )
    assert [m["read"] for m in page["items"]] == [True]
    # A new message in the thread read is unread again, alone.
    await send(client, game, 1, [1], "And again.")
    assert await unread_counts(client, game, 0) == {0: 1, 2: 1, 3: 1}


async def test_a_thread_mark_is_idempotent_and_never_moves_back(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    first = await send(client, game, 1, [1], "One.")
    second = await send(client, game, 1, [1], "Two.")
    marked = await mark_thread(client, game, 0, 2, second["id"])
    assert marked["unread"] == 0
    assert await mark_thread(client, game, 0, 2, second["id"]) == marked
    assert await mark_thread(client, game, 0, 2, first["id"]) == marked  # older: no change
    assert await mark_thread(client, game, 0, 2, 0) == marked
    assert await unread_counts(client, game, 0) == {0: 0, 2: 0, 3: 0}


async def test_a_group_message_read_in_one_thread_is_read_in_the_others(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    await send(client, game, 2, [1], "Three alone.")
    group = await send(client, game, 1, [1, 3], "Two to one and three.")
    assert await unread_counts(client, game, 0) == {0: 0, 2: 1, 3: 2}
    answer = await mark_thread(client, game, 0, 2, group["id"])
    # Read once, it is read: three's own older message stays unread.
    assert await unread_counts(client, game, 0) == {0: 0, 2: 0, 3: 1}
    assert answer["mailbox_unread"] == await mailbox_unread(client, game, 0) == 1


async def test_marking_the_table_and_mark_all_read_still_clear_what_they_name(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    table = await send(client, game, 1, "all", "To all.")
    newest = await send(client, game, 2, [1], "From three.")
    assert (await mark_thread(client, game, 0, 0, table["id"]))["unread"] == 0
    assert await unread_counts(client, game, 0) == {0: 0, 2: 0, 3: 1}
    # The table's reader marks only their own: player 3 has the table message unread.
    assert (await unread_counts(client, game, 2))[0] == 1
    await ok(
        await client.post(
            game.url("/messages/read"),
            json={"up_to": newest["id"]},
            headers=game.players[0].headers,
        )
    )
    assert await unread_counts(client, game, 0) == {0: 0, 2: 0, 3: 0}
