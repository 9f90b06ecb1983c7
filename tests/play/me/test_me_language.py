"""GET /me names the faction and its action in the reader's language; keys never change."""

import pytest
from httpx import AsyncClient

from tests.factories.flows import MakeUser, start_game


@pytest.mark.parametrize(
    ("language", "faction", "action"),
    [("en", "Dwarfs", "Oath of Grudges"), ("fr", "Nains", "Serment de Haine")],
)
async def test_me_names_the_faction_and_its_action_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, language: str, faction: str, action: str
) -> None:
    game = await start_game(client, make_user, ("dwarfs", "empire"))
    headers = {**game.players[0].headers, "Accept-Language": language}

    r = await client.get(game.url("/me"), headers=headers)
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["faction"], body["faction_name"]) == ("dwarfs", faction)
    assert (body["faction_action"]["key"], body["faction_action"]["name"]) == (
        "oath_of_grudges",
        action,
    )


async def test_a_faction_a_variant_renamed_keeps_its_name_in_french(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(
        client,
        make_user,
        ("dwarfs", "empire"),
        ruleset={"factions": {"dwarfs": {"name": "Khazad"}}},
    )
    headers = {**game.players[0].headers, "Accept-Language": "fr"}

    r = await client.get(game.url("/me"), headers=headers)
    assert (r.status_code, r.json()["faction_name"]) == (200, "Khazad"), r.text


@pytest.mark.parametrize(
    ("language", "reason"), [("en", "Dwarfs: +1 per city"), ("fr", "Nains\u00a0: +1 par ville")]
)
async def test_the_forecast_names_the_faction_of_a_bonus_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, language: str, reason: str
) -> None:
    bonus = {"basis": "city", "amount": 1, "per": 1, "terrains": []}
    game = await start_game(
        client,
        make_user,
        ("dwarfs", "empire"),
        ruleset={"factions": {"dwarfs": {"income_bonuses": [bonus]}}},
    )
    headers = {**game.players[0].headers, "Accept-Language": language}

    r = await client.get(game.url("/me"), headers=headers)
    assert r.status_code == 200, r.text
    reasons = [line["reason"] for line in r.json()["forecast"]["income"]]
    assert reason in reasons, reasons
