"""The inbox (issue 28): every notification a user receives is listed for them, with read
marks, whether or not they registered any webhook, and never what they may not see."""

import uuid
from collections import Counter
from datetime import timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications import inbox as inbox_store
from app.channels.notifications import messages
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.store.models import InboxItem
from tests.factories.battles import declare_field_battle
from tests.factories.flows import AuthUser, MakeUser, change_turn, start_game
from tests.factories.webhook_fog import webhook_leaks
from tests.factories.webhooks import Receiver, deliver, register
from tests.factories.webhooks import app as app
from tests.factories.webhooks import loopback_settings as loopback_settings
from tests.factories.webhooks import receiver as receiver
from tests.helpers import assert_problem


async def inbox(client: AsyncClient, user: AuthUser, **params: Any) -> dict[str, Any]:
    response = await client.get("/v1/notifications", params=params, headers=user.headers)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


async def test_a_player_without_any_webhook_finds_the_turn_in_their_inbox(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    _p1, p2 = game.players
    await change_turn(client, game)
    listed = await inbox(client, p2.user)
    # Newest first: the turn change's two, the alert that the turn waited for p2 alone
    # (p1 declared ready first), then the campaign's start.
    assert [i["kind"] for i in listed["items"]] == [
        "turn_started",
        "summary_ready",
        "last_not_ready",
        "campaign_started",
    ]
    assert listed["total"] == 4
    assert listed["unread"] == 4
    turn_started, summary, _alone, started = listed["items"]
    assert turn_started["campaign"] == {"id": game.id, "name": "Test campaign"}
    assert turn_started["turn"] == 2
    assert turn_started["link"] == f"/v1/campaigns/{game.id}/turn"
    assert turn_started["deadline_at"] is not None
    assert "Turn 2 of Test campaign has begun" in turn_started["text"]
    assert summary["link"] == f"/v1/campaigns/{game.id}/turns/1/summary"
    assert started["turn"] == 1
    assert not any(i["read"] for i in listed["items"])
    # Someone else's inbox is theirs: a user who plays nowhere has nothing.
    stranger = await make_user()
    assert (await inbox(client, stranger))["total"] == 0


async def test_inbox_items_match_what_the_personal_webhook_gets(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    loopback_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    hook = await register(client, game, p2.headers, receiver.url("/p2"))
    await change_turn(client, game)
    await deliver(sessionmaker, loopback_settings, utcnow() + timedelta(seconds=1))
    posted = [m.json()["data"] for m in receiver.of("/p2")]
    assert hook["kinds"]
    listed = (await inbox(client, p2.user))["items"]
    # The three of the turn, oldest first like the posts (the start came before the hook).
    mine = [{k: i[k] for k in ("kind", "text", "link", "turn")} for i in reversed(listed[:3])]
    assert mine == [{k: d[k] for k in ("kind", "text", "link", "turn")} for d in posted]


async def test_a_player_gets_no_inbox_item_about_a_battle_they_may_not_see(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Player 1 attacks player 2: player 3 hears of the turn, not of the battle."""
    game = await start_game(
        client,
        make_user,
        ("empire", "orcs_goblins", "dwarfs"),
        settings={"anonymity": True, "auto_resolve": False},
    )
    battle_id = await declare_field_battle(client, session, game)
    p1, p2, p3 = game.players
    for player in (p1, p2):
        items = (await inbox(client, player.user))["items"]
        battles = [i for i in items if i["kind"] == "battle_awaits_report"]
        assert len(battles) == 1
        assert battles[0]["battle_id"] == battle_id
        assert battles[0]["link"] == f"/v1/campaigns/{game.id}/battles/{battle_id}"
    third = (await inbox(client, p3.user))["items"]
    assert "battle_awaits_report" not in {i["kind"] for i in third}
    assert {"turn_started", "summary_ready"} <= {i["kind"] for i in third}
    assert all(i["battle_id"] is None for i in third)
    assert all("battles/" not in i["link"] for i in third)
    # Nor does anyone's inbox name a player under anonymity.
    names = {p.user.username for p in game.players}
    for player in game.players:
        response = await client.get("/v1/notifications", headers=player.headers)
        assert not any(n in response.text for n in names)


async def test_pages_read_marks_and_the_unread_count(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    for _ in range(3):
        await change_turn(client, game)
    p2 = game.players[1]
    everything = await inbox(client, p2.user, limit=100)
    # Started; summary and turn for turns 2, 3 and 4; the last "you alone are not ready"
    # (each replaced the one before while unread).
    assert everything["total"] == 8
    assert [i["kind"] for i in everything["items"]].count("last_not_ready") == 1
    ids = [i["id"] for i in everything["items"]]
    assert len(set(ids)) == 8
    first = await inbox(client, p2.user, limit=3)
    second = await inbox(client, p2.user, limit=3, offset=3)
    assert [i["id"] for i in first["items"] + second["items"]] == ids[:6]
    assert first["total"] == 8
    assert first["limit"] == 3

    # The page size is capped by the server, whatever is asked.
    capped = await client.get("/v1/notifications?limit=100000", headers=p2.headers)
    assert capped.json()["limit"] == 100

    marked = await client.post(f"/v1/notifications/{ids[1]}/read", headers=p2.headers)
    assert marked.status_code == 200, marked.text
    assert marked.json()["read"] is True
    assert marked.json()["read_at"] is not None
    again = await client.post(f"/v1/notifications/{ids[1]}/read", headers=p2.headers)
    assert again.json()["read_at"] == marked.json()["read_at"]
    after = await inbox(client, p2.user)
    assert after["unread"] == 7
    assert [i["read"] for i in after["items"]][:3] == [False, True, False]
    unread = await inbox(client, p2.user, unread_only=True)
    assert unread["total"] == 7
    assert ids[1] not in {i["id"] for i in unread["items"]}

    # Another user's notification is not found, exactly like one that does not exist.
    p1 = game.players[0]
    theirs = (await inbox(client, p1.user))["items"][0]["id"]
    refused = await client.post(f"/v1/notifications/{theirs}/read", headers=p2.headers)
    assert_problem(refused, 404, "not_found")
    missing = await client.post("/v1/notifications/12345/read", headers=p2.headers)
    assert_problem(missing, 404, "not_found")
    assert (await inbox(client, p1.user))["unread"] == 7

    everything_read = await client.post("/v1/notifications/read", headers=p2.headers)
    assert everything_read.json() == {"marked": 7, "unread": 0}
    assert (await inbox(client, p2.user))["unread"] == 0
    assert (await inbox(client, p1.user))["unread"] == 7
    count = await session.scalar(
        select(func.count()).select_from(InboxItem).where(InboxItem.read_at.is_(None))
    )
    assert count is not None
    assert count >= 7


async def test_the_inbox_requires_signing_in(client: AsyncClient) -> None:
    assert_problem(await client.get("/v1/notifications"), 401, "unauthorized")
    assert_problem(await client.post("/v1/notifications/read"), 401, "unauthorized")


async def test_the_fog_games_checker_reads_the_inbox_and_catches_a_planted_leak(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The random fog games' checker (tests/factories/webhook_fog.py) covers the inbox: clean after
    a battle between players 1 and 2, and a battle item planted in player 3's is reported."""
    game = await start_game(
        client, make_user, ("empire", "orcs_goblins", "dwarfs"), settings={"anonymity": True}
    )
    users = {p.number: p.user for p in game.players}
    battle_id = await declare_field_battle(client, session, game)
    tally: Counter[str] = Counter()
    names = {u.username for u in users.values()}
    assert await webhook_leaks(session, game.id, users, names, tally) == []
    assert tally["inbox battle_awaits_report"] == 2
    cid = uuid.UUID(game.id)
    told = messages.battle_awaits(cid, "Test campaign", 2, battle_id, confirmation=False)
    await inbox_store.write(session, cid, [(users[3].id, told)], utcnow())
    await session.flush()
    found = await webhook_leaks(session, game.id, users, names, tally)
    assert found == [f"inbox battle_awaits_report to player 3: battle {battle_id} is not theirs"]


async def test_a_message_is_in_its_recipients_inbox_only_and_names_nobody(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(
        client, make_user, ("empire", "orcs_goblins", "dwarfs"), settings={"anonymity": True}
    )
    p1, p2, p3 = game.players
    sent = await client.post(
        game.url("/messages"), json={"to": [2], "body": "Secret pact?"}, headers=p1.headers
    )
    assert sent.status_code == 201, sent.text
    items = (await inbox(client, p2.user))["items"]
    assert items[0]["kind"] == "message_received"
    assert items[0]["link"] == f"/v1/campaigns/{game.id}/messages"
    assert "Secret pact" not in items[0]["text"]
    for other in (p1, p3):
        kinds = [i["kind"] for i in (await inbox(client, other.user))["items"]]
        assert "message_received" not in kinds
    response = await client.get("/v1/notifications", headers=p2.headers)
    assert all(p.user.username not in response.text for p in game.players)


async def test_the_inbox_is_read_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """One stored notification, said when read: in French with `Accept-Language: fr` (or the
    user's saved French), in English otherwise."""
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    _p1, p2 = game.players
    await change_turn(client, game)

    def texts(listed: dict[str, Any]) -> dict[str, str]:
        return {i["kind"]: i["text"] for i in listed["items"]}

    english = texts(await inbox(client, p2.user))
    response = await client.get(
        "/v1/notifications", headers={**p2.headers, "Accept-Language": "fr-FR, en;q=0.5"}
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-language"] == "fr"
    assert "Accept-Language" in response.headers["vary"]
    french = texts(response.json())
    assert english["summary_ready"] == "Your summary of turn 1 of Test campaign is ready."
    assert french["summary_ready"] == "Votre résumé du tour 1 de Test campaign est prêt."
    assert english["turn_started"].startswith(
        "Turn 2 of Test campaign has begun: your orders are open. Deadline: "
    )
    assert french["turn_started"].startswith(
        "Le tour 2 de Test campaign a commencé\u00a0: vos ordres sont ouverts. Échéance\u00a0: "
    )
    assert french["campaign_started"].startswith("Test campaign a commencé\u00a0: le tour 1")
    # The user's saved choice wins over the browser's, marking read included.
    saved = await client.patch("/v1/users/me", json={"language": "fr"}, headers=p2.headers)
    assert saved.status_code == 200, saved.text
    english_browser = {**p2.headers, "Accept-Language": "en"}
    listed = await client.get("/v1/notifications", headers=english_browser)
    assert texts(listed.json()) == french
    item = listed.json()["items"][0]
    marked = await client.post(f"/v1/notifications/{item['id']}/read", headers=english_browser)
    assert marked.json()["text"] == item["text"] == french[item["kind"]]
