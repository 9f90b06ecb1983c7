"""The seats the server names itself (R-CAMP-5: every other seat under anonymity; R-BOT: a
bot's seat nobody holds) are named in the reader's language, "Player B" or "Joueur B": the
client shows the name as it is. A person's name is never translated."""

import pytest
from httpx import AsyncClient

from tests.factories.flows import MakeUser, start_game

THREE = ("empire", "orcs_goblins", "dwarfs")


@pytest.mark.parametrize(
    ("language", "first", "third"),
    [("en", "Player A", "Player C"), ("fr", "Joueur A", "Joueur C")],
)
async def test_R_CAMP_5_a_hidden_seat_is_named_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, language: str, first: str, third: str
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    viewer = game.players[1]
    headers = {**viewer.headers, "Accept-Language": language}

    players = (await client.get(game.url("/players"), headers=headers)).json()
    turn = (await client.get(game.url("/turn"), headers=headers)).json()

    me = next(p["name"] for p in players if p["number"] == 2)
    assert [p["name"] for p in players] == [first, me, third]
    assert [p["name"] for p in turn["players"]] == [first, me, third]
    assert me not in (first, third)  # the viewer's own name, as it is
    # Anonymity hides whose seat is the owner's, in every language.
    assert [p["is_owner"] for p in players] == [False, False, False]


async def test_R_CAMP_5_the_seat_name_follows_the_users_saved_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    viewer = game.players[1]
    r = await client.patch("/v1/users/me", json={"language": "fr"}, headers=viewer.headers)
    assert r.status_code == 200, r.text

    players = (await client.get(game.url("/players"), headers=viewer.headers)).json()

    assert [p["name"] for p in players][::2] == ["Joueur A", "Joueur C"]


async def test_the_owner_reads_real_names_and_their_own_seat_in_any_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    headers = {**game.owner.headers, "Accept-Language": "fr"}

    players = (await client.get(game.url("/players"), headers=headers)).json()

    assert not any(p["name"].startswith(("Joueur ", "Player ")) for p in players)
    assert [p["is_owner"] for p in players] == [True, False, False]
