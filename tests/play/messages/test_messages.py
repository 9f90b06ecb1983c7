"""Messages between players (R-DIP-1): recipients, word limit, coordinates under anonymity
(R-CAMP-5), cursor pages, read marks and the live `message_received` event."""

import asyncio
import uuid
from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy import text as sql
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.platform.db.session import create_sessionmaker
from app.play.campaigns.access import load_membership
from app.play.messages import service
from app.play.messages.schemas import MessageCreate
from app.store.models import CampaignEvent, Message, User
from tests.factories.flows import THREE, Game, MakeUser, start_game
from tests.helpers import assert_problem


async def send(
    client: AsyncClient, game: Game, index: int, to: list[int] | str, body: str
) -> dict[str, Any]:
    response = await client.post(
        game.url("/messages"), json={"to": to, "body": body}, headers=game.players[index].headers
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


async def mailbox(client: AsyncClient, game: Game, index: int, query: str = "") -> dict[str, Any]:
    response = await client.get(game.url(f"/messages{query}"), headers=game.players[index].headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def stored(session: AsyncSession, game: Game) -> int:
    return (
        await session.scalar(
            select(func.count()).select_from(Message).where(Message.campaign_id == game.id)
        )
        or 0
    )


def names(game: Game) -> list[str]:
    return [p.user.username.title() for p in game.players]


async def test_R_DIP_1_message_to_one_player_is_seen_by_sender_and_recipient_only(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    a, b, _c = names(game)
    created = await send(client, game, 0, [2], "Shall we talk about the border?")
    expected = {
        "id": created["id"],
        "turn": 1,
        "sender": {"number": 1, "name": a},
        "recipients": [{"number": 2, "name": b}],
        "to_all": False,
        "body": "Shall we talk about the border?",
        "sent_at": created["sent_at"],
        "sent_by_you": True,
        "read": True,
    }
    assert created == expected

    inbox = await mailbox(client, game, 1)
    assert inbox == {
        "items": [{**expected, "sent_by_you": False, "read": False}],
        "limit": 50,
        "has_more": False,
        "next_before": None,
        "newest_id": created["id"],
    }
    assert (await mailbox(client, game, 0))["items"] == [expected]
    assert (await mailbox(client, game, 2))["items"] == []


async def test_R_DIP_1_message_to_several_and_to_all(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE)
    several = await send(client, game, 1, [3, 1, 3], "An alliance against the dwarfs?")
    assert [r["number"] for r in several["recipients"]] == [1, 3]
    assert several["to_all"] is False
    everyone = await send(client, game, 2, "all", "The mountains are mine.")
    assert [r["number"] for r in everyone["recipients"]] == [1, 2]
    assert everyone["to_all"] is True
    first = await mailbox(client, game, 0)
    assert [m["id"] for m in first["items"]] == [everyone["id"], several["id"]]
    third = await mailbox(client, game, 2)
    assert [(m["id"], m["sent_by_you"]) for m in third["items"]] == [
        (everyone["id"], True),
        (several["id"], False),
    ]


async def test_R_DIP_1_message_received_event_goes_to_recipients_without_the_body(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE)
    created = await send(client, game, 0, [3], "Secret plans")
    events = (
        await session.scalars(
            select(CampaignEvent).where(
                CampaignEvent.campaign_id == game.id, CampaignEvent.kind == "message_received"
            )
        )
    ).all()
    assert [(e.audience, e.payload) for e in events] == [
        ([3], {"message_id": created["id"], "sender": 1, "to_all": False})
    ]


async def test_R_DIP_1_word_limit_refuses_longer_messages_and_stores_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"message_word_limit": 5})
    response = await client.post(
        game.url("/messages"),
        json={"to": [2], "body": "one two three four five six"},
        headers=game.players[0].headers,
    )
    body = assert_problem(response, 422, "R-DIP-1")
    assert body["detail"] == "A message may hold at most 5 words; this one has 6."
    assert (body["word_limit"], body["words"]) == (5, 6)
    assert await stored(session, game) == 0
    # Exactly at the limit is fine.
    await send(client, game, 0, [2], "one two three four five")
    assert await stored(session, game) == 1


async def test_R_CAMP_5_coordinates_are_refused_under_anonymity(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"anonymity": True})
    for text in (
        "Meet me at 12,7",
        "my army is at (3, -4)",
        "look at q=3 r=4",
        "tile [5 6] is weak",
        "go to 4/5 now",
    ):
        response = await client.post(
            game.url("/messages"), json={"to": [2], "body": text}, headers=game.players[0].headers
        )
        # The refusal's code is the rule that refused it (R-CAMP-5), not the messages' rule.
        body = assert_problem(response, 422, "R-CAMP-5")
        assert body["violations"] == [
            {
                "rule": "R-CAMP-5",
                "message": "With anonymity on, messages may not contain map coordinates.",
            }
        ], text
    assert await stored(session, game) == 0
    await send(client, game, 0, [2], "I have 3 armies and 12 gold.")
    assert await stored(session, game) == 1


async def test_R_DIP_1_coordinates_are_allowed_without_anonymity(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    created = await send(client, game, 0, [2], "Meet me at (3, 4)")
    assert created["body"] == "Meet me at (3, 4)"


async def test_R_DIP_1_both_faults_are_listed(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(
        client, make_user, settings={"anonymity": True, "message_word_limit": 2}
    )
    response = await client.post(
        game.url("/messages"),
        json={"to": "all", "body": "come to 3,4 now"},
        headers=game.players[1].headers,
    )
    body = assert_problem(response, 422, "R-DIP-1")
    assert [v["rule"] for v in body["violations"]] == ["R-DIP-1", "R-CAMP-5"]


async def test_R_CAMP_5_sender_and_recipients_are_anonymous(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    a, b, c = names(game)
    await send(client, game, 1, "all", "Hello")
    seen_by_c = (await mailbox(client, game, 2))["items"][0]
    assert seen_by_c["sender"] == {"number": 2, "name": "Player B"}
    assert seen_by_c["recipients"] == [
        {"number": 1, "name": "Player A"},
        {"number": 3, "name": c},
    ]
    seen_by_b = (await mailbox(client, game, 1))["items"][0]
    assert seen_by_b["sender"] == {"number": 2, "name": b}
    assert seen_by_b["recipients"][0] == {"number": 1, "name": "Player A"}
    assert a not in str(seen_by_c) + str(seen_by_b)


async def test_R_DIP_1_bad_recipients_are_refused(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    headers = game.players[0].headers
    for to, detail in (
        ([1], "You cannot write to yourself."),
        ([2, 9], "No player number 9 in this campaign."),
    ):
        response = await client.post(
            game.url("/messages"), json={"to": to, "body": "hi"}, headers=headers
        )
        assert assert_problem(response, 422, "R-DIP-1")["detail"] == detail
    for payload in ({"to": [], "body": "hi"}, {"to": [2], "body": ""}, {"to": "some", "body": "x"}):
        response = await client.post(game.url("/messages"), json=payload, headers=headers)
        assert_problem(response, 422, "validation_error")
    assert await stored(session, game) == 0


async def test_messages_need_membership_and_a_player(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, ("empire", "dwarfs"), owner_plays=False)
    stranger = await make_user()
    response = await client.get(game.url("/messages"), headers=stranger.headers)
    assert_problem(response, 404, "not_found")
    response = await client.post(
        game.url("/messages"), json={"to": [1], "body": "hi"}, headers=stranger.headers
    )
    assert_problem(response, 404, "not_found")
    # The owner who does not play has no mailbox.
    response = await client.get(game.url("/messages"), headers=game.owner.headers)
    assert_problem(response, 403, "R-CAMP-2")


async def test_messages_cursor_pages_newest_first_with_a_hard_cap(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    ids = [(await send(client, game, 0, [2], f"message {i}"))["id"] for i in range(5)]
    page = await mailbox(client, game, 1, "?limit=2")
    assert [m["id"] for m in page["items"]] == [ids[4], ids[3]]
    assert (page["has_more"], page["next_before"], page["newest_id"]) == (True, ids[3], ids[4])
    page = await mailbox(client, game, 1, f"?limit=2&before={page['next_before']}")
    assert [m["id"] for m in page["items"]] == [ids[2], ids[1]]
    page = await mailbox(client, game, 1, f"?limit=2&before={page['next_before']}")
    assert [m["id"] for m in page["items"]] == [ids[0]]
    assert (page["has_more"], page["next_before"]) == (False, None)

    # Polling: what came after an id, the closest ones first, shown newest first.
    page = await mailbox(client, game, 1, f"?limit=2&after={ids[1]}")
    assert [m["id"] for m in page["items"]] == [ids[3], ids[2]]
    assert page["has_more"] is True
    page = await mailbox(client, game, 1, f"?after={ids[4]}")
    assert page["items"] == []
    assert (page["has_more"], page["newest_id"]) == (False, ids[4])

    capped = await mailbox(client, game, 1, "?limit=100000")
    assert capped["limit"] == 100
    response = await client.get(game.url("/messages?limit=0"), headers=game.players[1].headers)
    assert_problem(response, 422, "validation_error")


async def test_unread_count_and_read_mark(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user, THREE)
    ids = [(await send(client, game, 0, [2], f"m{i}"))["id"] for i in range(3)]
    await send(client, game, 1, [1], "reply")  # sent by player 2: never unread for them
    await send(client, game, 2, [1], "not for player 2")
    headers = game.players[1].headers

    response = await client.get(game.url("/messages/unread"), headers=headers)
    assert response.json() == {"unread": 3, "read_up_to": 0}

    response = await client.post(
        game.url("/messages/read"), json={"up_to": ids[1]}, headers=headers
    )
    assert response.status_code == 200, response.text
    assert response.json() == {"unread": 1, "read_up_to": ids[1]}
    items = (await mailbox(client, game, 1))["items"]
    assert [(m["body"], m["read"]) for m in items] == [
        ("reply", True),
        ("m2", False),
        ("m1", True),
        ("m0", True),
    ]
    # A mark never moves back; it names a message of the reader's own mailbox, and any other
    # id (player 3's message to player 1, or none at all) is "not found" alike (R-FOG-3).
    response = await client.post(game.url("/messages/read"), json={"up_to": 0}, headers=headers)
    assert response.json() == {"unread": 1, "read_up_to": ids[1]}
    response = await client.post(
        game.url("/messages/read"), json={"up_to": ids[0]}, headers=headers
    )
    assert response.json() == {"unread": 1, "read_up_to": ids[1]}
    others = (await mailbox(client, game, 2))["items"][0]
    assert others["body"] == "not for player 2"
    refusals = []
    for up_to in (others["id"], 10**12, 2**53 - 1):
        response = await client.post(
            game.url("/messages/read"), json={"up_to": up_to}, headers=headers
        )
        refusals.append((response.status_code, response.json()))
    assert refusals[0][0] == 404
    assert refusals == [refusals[0]] * 3
    newest = (await mailbox(client, game, 1))["items"][0]["id"]
    response = await client.post(
        game.url("/messages/read"), json={"up_to": newest}, headers=headers
    )
    assert response.json() == {"unread": 0, "read_up_to": newest}
    later = await send(client, game, 0, [2], "later")
    response = await client.get(game.url("/messages/unread"), headers=headers)
    assert response.json() == {"unread": 1, "read_up_to": newest}
    assert (await mailbox(client, game, 1))["items"][0]["id"] == later["id"]
    # Too big to be an id at all: a validation error, never a database error.
    response = await client.post(
        game.url("/messages/read"), json={"up_to": 10**30}, headers=headers
    )
    assert_problem(response, 422, "validation_error")


async def test_message_ids_tell_nothing_of_other_players_messages_R_FOG_3(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """Player 1 writes, players 2 and 3 exchange four messages, player 1 writes again: the
    gap between player 1's two ids does not count them, and a cursor from another mailbox is
    refused like an id that never was.

    BUG: ids came from one counter, so the second id was the first plus five.
    """
    game = await start_game(client, make_user, THREE)
    first = await send(client, game, 0, [2], "one")
    between = [await send(client, game, 1 + i % 2, [3 - i % 2], f"b{i}") for i in range(4)]
    second = await send(client, game, 0, [2], "two")
    assert second["id"] - first["id"] != len(between) + 1
    assert all(0 < m["id"] < 2**53 for m in [first, second, *between])
    # Pages by player 1's own ids work both ways...
    page = await mailbox(client, game, 0, f"?before={second['id']}")
    assert [m["body"] for m in page["items"]] == ["one"]
    page = await mailbox(client, game, 0, f"?after={first['id']}")
    assert [m["body"] for m in page["items"]] == ["two"]
    # ...and another player's id is no cursor for them.
    foreign = await client.get(
        game.url(f"/messages?before={between[0]['id']}"), headers=game.players[0].headers
    )
    unknown = await client.get(game.url("/messages?before=12345"), headers=game.players[0].headers)
    assert_problem(foreign, 404, "not_found")
    assert (foreign.status_code, foreign.json() | {"instance": ""}) == (
        unknown.status_code,
        unknown.json() | {"instance": ""},
    )


async def _blocked_or_done(engine: AsyncEngine, task: "asyncio.Task[Any]") -> None:
    """Wait until `task` finished or some backend of the test database waits for a lock."""
    for _ in range(1000):
        if task.done():
            return
        async with engine.connect() as conn:
            waiting = await conn.scalar(
                sql(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
                )
            )
        if waiting:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("neither done nor waiting")


async def test_polling_with_after_never_skips_a_message_committed_late(
    committing_client: AsyncClient, committing_make_user: MakeUser, committing_engine: AsyncEngine
) -> None:
    """Player 2's message is stored but not yet committed (a slow request) when player 3's is
    sent. Player 1 polls, then polls again `after` the newest id seen: between the two polls
    both messages arrive, whatever order they commit in.

    BUG: ids came from a sequence at insert, and sending takes no campaign lock: player 3's
    message (higher id) committed first, and the poll after it never returned player 2's.
    """
    client = committing_client
    game = await start_game(client, committing_make_user, THREE)
    p1, p2, p3 = game.players
    url = game.url("/messages")
    async with create_sessionmaker(committing_engine)() as slow, slow.begin():
        user = await slow.get_one(User, p2.user.id)
        membership = await load_membership(slow, uuid.UUID(game.id), user)
        await service.send(slow, membership, MessageCreate(to=[1], body="slow"))
        quick = asyncio.create_task(
            client.post(url, json={"to": [1], "body": "quick"}, headers=p3.headers)
        )
        await _blocked_or_done(committing_engine, quick)
        first = (await client.get(url, headers=p1.headers)).json()
    assert (await asyncio.wait_for(quick, 10)).status_code == 201
    after = first["newest_id"] or 0
    second = (await client.get(f"{url}?after={after}", headers=p1.headers)).json()
    bodies = [m["body"] for m in first["items"]] + [m["body"] for m in second["items"]]
    assert sorted(bodies) == ["quick", "slow"]
