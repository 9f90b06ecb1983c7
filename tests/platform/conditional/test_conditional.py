"""Conditional reads: every game view carries an ETag of what its caller sees, and answers
304 Not Modified to `If-None-Match` with that tag (RFC 9110 §13.1.2)."""

from httpx import AsyncClient, Response

from tests.factories.flows import Game, GamePlayer, MakeUser, my_army, start_game

# Skirmish map: player 1 (Empire) starts at (2, 1), player 2 (Orcs & Goblins) at (7, 1), out of
# each other's sight.
VIEWS = ("/map", "/tiles/2/1", "/armies", "/generals", "/me", "/battles", "/turn", "/turns")


async def view(client: AsyncClient, game: Game, player: GamePlayer, path: str) -> Response:
    response = await client.get(game.url(path), headers=player.headers)
    assert response.status_code == 200, response.text
    return response


async def etags(client: AsyncClient, game: Game, player: GamePlayer) -> dict[str, str]:
    return {path: (await view(client, game, player, path)).headers["etag"] for path in VIEWS}


async def change_turn(client: AsyncClient, game: Game) -> None:
    for player in game.players:
        ready = await client.put(game.url("/turn/ready"), headers=player.headers)
        assert ready.status_code == 200, ready.text
    if (await view(client, game, game.players[0], "/turn")).json()["number"] == 1:
        resolved = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
        assert resolved.status_code == 200, resolved.text
    assert (await view(client, game, game.players[0], "/turn")).json()["number"] == 2


async def test_every_view_answers_304_to_its_current_etag_and_200_to_a_stale_one(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    me = game.players[0]
    for path in VIEWS:
        first = await view(client, game, me, path)
        etag = first.headers["etag"]
        assert etag.startswith('"')
        assert etag.endswith('"')
        assert len(etag) > 8
        assert first.headers["cache-control"] == "private, no-cache"

        for sent in (etag, f'"stale", W/{etag}', "*"):
            again = await client.get(game.url(path), headers={**me.headers, "If-None-Match": sent})
            assert again.status_code == 304, (path, sent)
            assert again.content == b""
            assert again.headers["etag"] == etag

        stale = await client.get(
            game.url(path), headers={**me.headers, "If-None-Match": '"0123456789abcdef"'}
        )
        assert stale.status_code == 200
        assert stale.json() == first.json()
        assert stale.headers["etag"] == etag


async def test_etags_change_with_the_viewers_own_order_and_with_the_turn(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    me = game.players[0]
    before = await etags(client, game, me)

    army = await my_army(client, game, me)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=me.headers
    )
    assert moved.status_code == 200, moved.text
    ordered = await etags(client, game, me)
    # The armies list and the player's panel show the order; a stale tag gets the new view.
    assert ordered["/armies"] != before["/armies"]
    assert ordered["/me"] != before["/me"]
    stale = await client.get(
        game.url("/armies"), headers={**me.headers, "If-None-Match": before["/armies"]}
    )
    assert stale.status_code == 200
    assert stale.json()["mine"][0]["move"] == {"path": [[3, 1]]}

    await change_turn(client, game)
    after = await etags(client, game, me)
    for path in ("/map", "/armies", "/me", "/turn", "/turns"):
        assert after[path] != ordered[path], path


async def test_etags_differ_between_viewers_and_ignore_what_a_viewer_cannot_see(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    me, other = game.players
    mine, theirs = await etags(client, game, me), await etags(client, game, other)
    for path in ("/map", "/armies", "/generals", "/me"):
        assert mine[path] != theirs[path], path

    # The other player's order, out of my sight, changes their views, never mine.
    army = await my_army(client, game, other)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[8, 1]]}, headers=other.headers
    )
    assert moved.status_code == 200, moved.text
    assert await etags(client, game, me) == mine
    assert (await etags(client, game, other))["/armies"] != theirs["/armies"]


async def test_a_304_still_needs_a_member(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    etag = (await view(client, game, game.players[0], "/map")).headers["etag"]
    stranger = await make_user()
    for headers in ({"If-None-Match": etag}, {**stranger.headers, "If-None-Match": etag}):
        refused = await client.get(game.url("/map"), headers=headers)
        assert refused.status_code in (401, 404)
        assert refused.status_code == (401 if "Authorization" not in headers else 404)
