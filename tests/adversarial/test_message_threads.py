"""Marking a message thread read (issue 44) as an attacker tries it.

A player marks a thread with another player's message id (to learn it exists, or to clear
someone else's count), with a message of another thread, their own seat's thread, a seat that
does not exist, out-of-range numbers, from outside the campaign; and under anonymity looks for
who holds a seat in the answer.
"""

from httpx import AsyncClient

from tests.factories.flows import THREE, Game, MakeUser, ok, start_game
from tests.factories.moderation import send
from tests.helpers import assert_problem


def thread_url(game: Game, thread: int) -> str:
    return game.url(f"/messages/threads/{thread}/read")


async def counts(client: AsyncClient, game: Game, index: int) -> dict[int, int]:
    listed = await ok(
        await client.get(game.url("/messages/threads"), headers=game.players[index].headers)
    )
    return {
        (t["correspondent"]["number"] if t["correspondent"] else 0): t["unread"]
        for t in listed["items"]
    }


async def test_another_players_message_marks_nothing_and_answers_like_no_message(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    attacker = game.players[0].headers
    secret = await send(client, game, 1, [3], "Between two and three.")
    await send(client, game, 1, [1], "To one.")
    before = await counts(client, game, 2)
    answers = []
    for thread, up_to in ((2, secret["id"]), (3, secret["id"]), (2, secret["id"] + 1), (2, 10**15)):
        response = await client.post(
            thread_url(game, thread), json={"up_to": up_to}, headers=attacker
        )
        body = assert_problem(response, 404, "not_found")
        answers.append((body["title"], body["detail"]))
    assert answers == [answers[0]] * 4
    assert await counts(client, game, 2) == before == {0: 0, 1: 0, 2: 1}
    assert (await counts(client, game, 0))[2] == 1  # the attacker's own thread is untouched


async def test_a_message_of_another_thread_cannot_mark_this_one(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    from_three = await send(client, game, 2, [1], "Three to one.")
    await send(client, game, 1, [1], "Two to one.")
    response = await client.post(
        thread_url(game, 2), json={"up_to": from_three["id"]}, headers=game.players[0].headers
    )
    assert_problem(response, 404, "not_found")
    table = await send(client, game, 1, "all", "To all.")
    response = await client.post(
        thread_url(game, 3), json={"up_to": table["id"]}, headers=game.players[0].headers
    )
    assert_problem(response, 404, "not_found")
    assert await counts(client, game, 0) == {0: 1, 2: 1, 3: 1}


async def test_only_threads_with_another_seat_or_the_table_can_be_marked(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    mine = await send(client, game, 0, [2], "One to two.")
    me = game.players[0].headers
    for thread in (1, 4, 9, 64):  # your own seat, seats that are not there
        response = await client.post(thread_url(game, thread), json={"up_to": 0}, headers=me)
        assert_problem(response, 404, "not_found")
    response = await client.post(thread_url(game, 1), json={"up_to": mine["id"]}, headers=me)
    assert_problem(response, 404, "not_found")
    for thread, body in (
        (65, {"up_to": 0}),
        (-1, {"up_to": 0}),
        (2, {"up_to": -1}),
        (2, {"up_to": 2**53}),
        (2, {"up_to": "x"}),
        (2, {"up_to": 0, "player": 2}),
        (2, {}),
    ):
        response = await client.post(thread_url(game, thread), json=body, headers=me)
        assert_problem(response, 422, "validation_error")
    # Nothing was stored: the marks answer as before any.
    assert await ok(await client.post(thread_url(game, 2), json={"up_to": 0}, headers=me)) == {
        "thread": 2,
        "unread": 0,
        "read_up_to": 0,
        "mailbox_unread": 0,
    }


async def test_outsiders_cannot_mark_a_campaigns_threads(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    other = await start_game(client, make_user, THREE)
    message = await send(client, game, 1, [1], "Two to one.")
    stranger = await make_user()
    response = await client.post(
        thread_url(game, 2), json={"up_to": message["id"]}, headers=stranger.headers
    )
    assert_problem(response, 404, "not_found")
    # A player of another campaign, with this campaign's message id, in their own campaign.
    response = await client.post(
        thread_url(other, 2), json={"up_to": message["id"]}, headers=other.players[0].headers
    )
    assert_problem(response, 404, "not_found")
    assert (await counts(client, game, 0))[2] == 1


async def test_under_anonymity_a_thread_is_a_seat_and_the_answer_names_nobody(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    message = await send(client, game, 2, [1], "Three to one.")
    response = await client.post(
        thread_url(game, 3), json={"up_to": message["id"]}, headers=game.players[0].headers
    )
    body = await ok(response)
    assert body == {"thread": 3, "unread": 0, "read_up_to": message["id"], "mailbox_unread": 0}
    for player in game.players:
        assert player.user.username not in response.text
        assert player.user.username.title() not in response.text
