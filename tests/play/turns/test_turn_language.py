"""The turn's `blocked_by` is said in the reader's language (the saved one, else the browser's)."""

import pytest
from httpx import AsyncClient

from tests.factories.flows import MakeUser, start_game


@pytest.mark.parametrize(
    ("language", "blocked_by"),
    [("en", ["2 player(s) not ready"]), ("fr", ["2 joueur(s) pas prêt(s)"])],
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
    assert (r.status_code, r.json()["blocked_by"]) == (200, ["1 joueur(s) pas prêt(s)"]), r.text
