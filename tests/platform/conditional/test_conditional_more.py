"""Conditional reads on the campaign views a client polls besides the game views of
test_conditional.py: standings, players, messages, orders, builds, reachable tiles, the
campaign, its ruleset and house rules, edicts, treaties, seat holders, vacation and webhooks.
Each carries an ETag of what its caller sees and answers 304 to `If-None-Match` with it."""

from typing import Any

from httpx import AsyncClient, Response

from tests.factories.flows import (
    Game,
    GamePlayer,
    MakeUser,
    create_lobby,
    join,
    my_army,
    start_game,
)
from tests.factories.webhook_fog import HOOK_URL

# Skirmish map: player 1 (Empire) starts at (2, 1), player 2 (Orcs & Goblins) at (7, 1), out of
# each other's sight.
VIEWS = (
    "",
    "/standings",
    "/players",
    "/players/1/holders",
    "/ruleset",
    "/house-rules",
    "/house-rules/history",
    "/messages",
    "/messages/unread",
    "/orders",
    "/builds",
    "/edicts",
    "/treaties",
    "/vacation",
)


async def view(client: AsyncClient, game: Game, player: GamePlayer, path: str) -> Response:
    response = await client.get(game.url(path), headers=player.headers)
    assert response.status_code == 200, (path, response.text)
    return response


async def etag(client: AsyncClient, game: Game, player: GamePlayer, path: str) -> str:
    tag: str = (await view(client, game, player, path)).headers["etag"]
    return tag


async def conditional(
    client: AsyncClient, game: Game, player: GamePlayer, path: str, tag: str
) -> Response:
    return await client.get(game.url(path), headers={**player.headers, "If-None-Match": tag})


async def assert_conditional(client: AsyncClient, game: Game, me: GamePlayer, path: str) -> None:
    first = await view(client, game, me, path)
    tag = first.headers["etag"]
    assert tag.startswith('"')
    assert tag.endswith('"')
    assert first.headers["cache-control"] == "private, no-cache"
    again = await conditional(client, game, me, path, tag)
    assert again.status_code == 304, path
    assert again.content == b""
    assert again.headers["etag"] == tag
    stale = await conditional(client, game, me, path, '"0123456789abcdef"')
    assert stale.status_code == 200, path
    assert stale.json() == first.json()
    assert stale.headers["etag"] == tag


async def test_every_polled_view_answers_304_to_its_current_etag(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    me, other = game.players
    army = await my_army(client, game, me)
    sent = await client.post(
        game.url("/edicts"), json={"kind": "embassy", "to": 2}, headers=me.headers
    )
    assert sent.status_code == 201, sent.text
    for path in (*VIEWS, f"/armies/{army['id']}/reachable", f"/edicts/{sent.json()['id']}"):
        await assert_conditional(client, game, me, path)
    # The other player's army is not one of mine: the refusal is the one of an unknown id,
    # tag or no tag.
    theirs = await my_army(client, game, other)
    for army_id in (theirs["id"], 999_999):
        refused = await conditional(client, game, me, f"/armies/{army_id}/reachable", "*")
        assert refused.status_code == 404
        assert "etag" not in refused.headers


async def test_a_message_received_changes_the_mailbox_and_unread_tags(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    me, other = game.players
    before = {
        path: await etag(client, game, me, path) for path in ("/messages", "/messages/unread")
    }

    sent = await client.post(
        game.url("/messages"), json={"to": [me.number], "body": "Parley?"}, headers=other.headers
    )
    assert sent.status_code == 201, sent.text
    for path, tag in before.items():
        fresh = await conditional(client, game, me, path, tag)
        assert fresh.status_code == 200, path
        assert fresh.headers["etag"] != tag
    unread = await conditional(client, game, me, "/messages/unread", before["/messages/unread"])
    assert unread.json()["unread"] == 1
    mailbox = await conditional(client, game, me, "/messages", before["/messages"])
    assert [m["body"] for m in mailbox.json()["items"]] == ["Parley?"]


async def test_orders_tags_follow_the_callers_orders_and_only_theirs(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    me, other = game.players
    paths = ("/orders", "/builds")
    mine = {path: await etag(client, game, me, path) for path in paths}

    # The other player's orders are out of my sight: my tags stay, theirs change.
    theirs = await etag(client, game, other, "/orders")
    their_army = await my_army(client, game, other)
    moved = await client.put(
        game.url(f"/armies/{their_army['id']}/move"), json={"path": [[8, 1]]}, headers=other.headers
    )
    assert moved.status_code == 200, moved.text
    assert await etag(client, game, other, "/orders") != theirs
    for path in paths:
        assert (await conditional(client, game, me, path, mine[path])).status_code == 304, path

    # My own build changes both of my lists, and a stale tag gets the new one.
    army = await my_army(client, game, me)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=me.headers
    )
    assert moved.status_code == 200, moved.text
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
        headers=me.headers,
    )
    assert built.status_code == 201, built.text
    for path in paths:
        fresh = await conditional(client, game, me, path, mine[path])
        assert fresh.status_code == 200, path
        assert fresh.headers["etag"] != mine[path]
        assert built.json()["id"] in [o["id"] for o in fresh.json()]
    builds = await conditional(client, game, me, "/builds", mine["/builds"])
    assert [o["id"] for o in builds.json()] == [built.json()["id"]]


async def test_tags_are_per_viewer_and_an_edict_changes_only_its_parties_tags(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"))
    first, second, third = game.players
    # Views that differ between viewers (`is_you`, one's own score parts) have different tags.
    for path in ("/players", "/standings", ""):
        tags = {await etag(client, game, player, path) for player in game.players}
        assert len(tags) == 3, path

    edicts = {player.number: await etag(client, game, player, "/edicts") for player in game.players}
    sent = await client.post(
        game.url("/edicts"), json={"kind": "embassy", "to": second.number}, headers=first.headers
    )
    assert sent.status_code == 201, sent.text
    for player in (first, second):
        assert await etag(client, game, player, "/edicts") != edicts[player.number]
    unseen = await conditional(client, game, third, "/edicts", edicts[third.number])
    assert unseen.status_code == 304


async def test_a_player_joining_the_lobby_changes_the_players_tag(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    campaign: dict[str, Any] = await create_lobby(client, owner)
    game = Game(campaign["id"], owner, [])
    seat = GamePlayer(owner, await join(client, campaign, owner, "empire", 0), "empire")
    tag = await etag(client, game, seat, "/players")
    assert (await conditional(client, game, seat, "/players", tag)).status_code == 304

    await join(client, campaign, await make_user(), "orcs_goblins", 1)
    fresh = await conditional(client, game, seat, "/players", tag)
    assert fresh.status_code == 200
    assert fresh.headers["etag"] != tag
    assert len(fresh.json()) == 2


async def test_webhook_views_are_conditional_and_per_member(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    me, other = game.players
    created = await client.post(game.url("/webhooks"), json={"url": HOOK_URL}, headers=me.headers)
    assert created.status_code == 201, created.text
    hook = created.json()["id"]
    paths = ("/webhooks", f"/webhooks/{hook}", f"/webhooks/{hook}/deliveries")
    for path in paths:
        await assert_conditional(client, game, me, path)
    tags = {path: await etag(client, game, me, path) for path in paths}

    # Another member's webhook is not in my list.
    theirs = await client.post(game.url("/webhooks"), json={"url": HOOK_URL}, headers=other.headers)
    assert theirs.status_code == 201, theirs.text
    assert (await conditional(client, game, me, "/webhooks", tags["/webhooks"])).status_code == 304

    # A test message queued is a new line of my delivery log.
    pinged = await client.post(game.url(f"/webhooks/{hook}/ping"), headers=me.headers)
    assert pinged.status_code == 202, pinged.text
    log = await conditional(client, game, me, paths[2], tags[paths[2]])
    assert log.status_code == 200
    assert log.headers["etag"] != tags[paths[2]]
    assert [d["id"] for d in log.json()["items"]] == [pinged.json()["id"]]
