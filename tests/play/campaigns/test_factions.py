"""The factions a player may pick, named in the reader's language (issue 44: the lobby)."""

from httpx import AsyncClient

from tests.factories.flows import MakeUser, ok, start_game


async def test_factions_are_named_in_the_readers_language_keys_unchanged(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    headers = game.players[0].headers
    english = await ok(await client.get(game.url("/factions"), headers=headers))
    french = await client.get(game.url("/factions"), headers={**headers, "Accept-Language": "fr"})
    assert french.headers["Content-Language"] == "fr"
    assert {"key": "dwarfs", "name": "Dwarfs"} in english
    assert {"key": "dwarfs", "name": "Nains"} in french.json()
    assert {"key": "orcs_goblins", "name": "Orcs et Gobelins"} in french.json()
    assert [f["key"] for f in english] == [f["key"] for f in french.json()]
