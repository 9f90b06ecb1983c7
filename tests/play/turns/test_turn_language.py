"""The turn's `blocked_by` is said in the reader's language (the saved one, else the browser's),
its counts with their noun in the singular or the plural as that language says them."""

import pytest
from httpx import AsyncClient

from tests.factories.flows import MakeUser, start_game


@pytest.mark.parametrize(
    ("language", "blocked_by"),
    [("en", ["2 players not ready"]), ("fr", ["2 joueurs pas prêts"])],
)
async def test_the_turn_says_what_blocks_it_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, language: str, blocked_by: list[str]
) -> None:
    game = await start_game(client, make_user)
    headers = {**game.players[0].headers, "Accept-Language": language}

    r = await client.get(game.url("/turn"), headers=headers)
    assert (r.status_code, r.json()["blocked_by"]) == (200, blocked_by), r.text
    assert r.headers["content-language"] == language
    assert "Accept-Language" in r.headers["vary"]


async def test_ready_answers_in_the_players_saved_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    r = await client.patch("/v1/users/me", json={"language": "fr"}, headers=alice.headers)
    assert r.status_code == 200, r.text

    r = await client.put(game.url("/turn/ready"), headers=alice.headers)
    assert (r.status_code, r.json()["blocked_by"]) == (200, ["1 joueur pas prêt"]), r.text


@pytest.mark.parametrize(
    ("language", "blocked_by"), [("en", ["1 player not ready"]), ("fr", ["1 joueur pas prêt"])]
)
async def test_one_player_not_ready_is_said_in_the_singular(
    client: AsyncClient, make_user: MakeUser, language: str, blocked_by: list[str]
) -> None:
    game = await start_game(client, make_user)
    first, second = game.players[0], game.players[1]
    r = await client.put(game.url("/turn/ready"), headers=first.headers)
    assert r.status_code == 200, r.text

    r = await client.get(game.url("/turn"), headers={**second.headers, "Accept-Language": language})
    assert (r.status_code, r.json()["blocked_by"]) == (200, blocked_by), r.text
