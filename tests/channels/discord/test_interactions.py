"""Discord interactions (issue 46 §3): a player links their account with a one-time code and
plays from a channel bound to the campaign, through the API's own services."""

from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.discord.messages import EPHEMERAL
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.store.models import DiscordLinkCode
from tests.factories.apps import fresh_app
from tests.factories.discord import (
    PUBLIC_URL,
    URL,
    Discord,
    discord_settings,
    interaction,
    link_code,
    linked,
    new_discord,
)
from tests.factories.flows import Game, MakeUser, create_lobby, start_game
from tests.helpers import assert_problem

ALICE = "111111111111111111"
BOB = "222222222222222222"


@pytest.fixture(scope="module")
def discord() -> Discord:
    return new_discord()


@pytest.fixture(scope="module")
def on_settings(settings: Settings, discord: Discord) -> Settings:
    return discord_settings(settings, discord)


@pytest.fixture
def app(
    on_settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> Iterator[FastAPI]:
    with fresh_app(on_settings) as application:
        application.state.sessionmaker = sessionmaker
        yield application


async def _bound_game(client: AsyncClient, discord: Discord, make_user: MakeUser) -> Game:
    """A started game of two; its owner (player 1) linked as ALICE, player 2 as BOB, the
    channel bound to it by the owner."""
    game = await start_game(client, make_user)
    await linked(client, discord, game.owner, ALICE)
    await linked(client, discord, game.players[1].user, BOB)
    answer = await discord.command(client, ALICE, "bind", campaign=game.id)
    assert "now follows" in answer["content"], answer
    return game


async def test_discord_ping_is_answered_with_a_pong(client: AsyncClient, discord: Discord) -> None:
    response = await discord.post(client, {"type": 1, "id": "1", "application_id": "2"})
    assert response.status_code == 200
    assert response.json() == {"type": 1}


async def test_the_endpoint_is_404_while_no_public_key_is_set(
    client: AsyncClient, app: FastAPI, discord: Discord
) -> None:
    app.state.settings = app.state.settings.model_copy(update={"discord_public_key": None})
    response = await discord.post(client, {"type": 1})
    assert_problem(response, 404, "not_found")


async def test_a_link_code_links_the_discord_user_who_types_it(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    alice = await make_user(display_name="Alice")
    assert (await client.get("/v1/users/me/discord", headers=alice.headers)).json() == {
        "linked": False,
        "discord_user_id": None,
        "linked_at": None,
    }
    made = await client.post("/v1/users/me/discord/link-code", headers=alice.headers)
    assert made.status_code == 201
    body = made.json()
    assert set(body) == {"code", "expires_at"}
    # Typed as a person types it: lower case, without the dash.
    typed = body["code"].lower().replace("-", "")
    answer = await discord.command(client, ALICE, "link", code=typed)
    assert answer["content"] == "Your Discord account is now linked to Alice."
    assert answer["flags"] == EPHEMERAL
    assert answer["allowed_mentions"] == {"parse": []}
    state = (await client.get("/v1/users/me/discord", headers=alice.headers)).json()
    assert state["linked"] is True
    assert state["discord_user_id"] == ALICE
    # Unlinked, the Discord user is nobody again.
    unlink = await client.delete("/v1/users/me/discord", headers=alice.headers)
    assert unlink.status_code == 204
    state = (await client.get("/v1/users/me/discord", headers=alice.headers)).json()
    assert state["linked"] is False
    answer = await discord.command(client, ALICE, "status")
    assert "Link your Marchlords account first" in answer["content"]
    again = await client.delete("/v1/users/me/discord", headers=alice.headers)
    assert_problem(again, 404, "not_found")


async def test_a_new_code_retires_the_previous_one(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    alice = await make_user()
    first = await link_code(client, alice)
    await link_code(client, alice)
    answer = await discord.command(client, ALICE, "link", code=first)
    assert "unknown, used or expired" in answer["content"]


async def test_link_codes_are_limited_per_hour(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user()
    for _ in range(5):
        await link_code(client, alice)
    refused = await client.post("/v1/users/me/discord/link-code", headers=alice.headers)
    assert_problem(refused, 429, "too_many_requests")
    assert 0 < int(refused.headers["Retry-After"]) <= 3600


async def test_codes_older_than_the_hour_no_longer_count_and_are_dropped(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    alice = await make_user()
    for _ in range(5):
        await link_code(client, alice)
    await session.execute(
        update(DiscordLinkCode)
        .where(DiscordLinkCode.user_id == alice.id)
        .values(created_at=utcnow() - timedelta(hours=1, seconds=1))
    )
    await link_code(client, alice)
    kept = await session.scalar(select(func.count()).where(DiscordLinkCode.user_id == alice.id))
    assert kept == 1


async def test_ready_from_discord_makes_the_linked_player_ready(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    game = await _bound_game(client, discord, make_user)
    answer = await discord.command(client, BOB, "ready")
    assert answer["content"] == "You are ready for turn 1 of Test campaign."
    assert answer["flags"] == EPHEMERAL
    turn = (await client.get(game.url("/turn"), headers=game.owner.headers)).json()
    ready = {p["number"]: p["ready"] for p in turn["players"]}
    assert ready == {1: False, 2: True}


async def test_status_shows_the_turn_and_who_is_ready_in_the_callers_language(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    game = await _bound_game(client, discord, make_user)
    put = await client.put(game.url("/turn/ready"), headers=game.owner.headers)
    assert put.status_code == 200
    answer = await discord.command(client, BOB, "status", locale="fr")
    lines = answer["content"].split("\n")
    assert lines[0] == "Test campaign\u00a0: tour 1"
    assert answer["flags"] == EPHEMERAL
    names = [p["name"] for p in put.json()["players"]]
    assert f"✅ {names[0]}" in lines
    assert f"⏳ {names[1]}" in lines


async def test_a_refused_ready_is_said_as_text_and_changes_nothing(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    game = await _bound_game(client, discord, make_user)
    outsider = await make_user()
    await linked(client, discord, outsider, "333333333333333333")
    answer = await discord.command(client, "333333333333333333", "ready", locale="fr")
    assert answer["content"] == "Campagne introuvable."
    turn = (await client.get(game.url("/turn"), headers=game.owner.headers)).json()
    assert not any(p["ready"] for p in turn["players"])


async def test_a_rules_refusal_is_said_in_the_callers_language(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    # The owner's campaign is still in its lobby: `ready` is refused by the same rule as
    # `PUT …/turn/ready` (409 R-CAMP-2 over HTTP), said here in French, and nothing changes.
    owner = await make_user()
    lobby = await create_lobby(client, owner)
    await linked(client, discord, owner, ALICE)
    await discord.command(client, ALICE, "bind", campaign=lobby["id"])
    over_http = await client.put(f"/v1/campaigns/{lobby['id']}/turn/ready", headers=owner.headers)
    assert_problem(over_http, 409, "R-CAMP-2")
    answer = await discord.command(client, ALICE, "ready", locale="fr")
    assert answer["content"] == (
        "Cela n'est possible que lorsque la campagne est en cours\u202f; elle est dans son salon."
    )


async def test_orders_and_map_answer_the_callers_own_game(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    game = await _bound_game(client, discord, make_user)
    answer = await discord.command(client, BOB, "orders")
    assert answer["content"] == "You gave no orders this turn."
    answer = await discord.command(client, BOB, "map")
    assert answer["content"] == f"Your map: <{PUBLIC_URL}/campaigns/{game.id}>"
    assert answer["flags"] == EPHEMERAL


async def test_only_the_owner_binds_and_the_owner_unbinds(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    game = await _bound_game(client, discord, make_user)
    answer = await discord.command(client, BOB, "bind", campaign=game.id, channel="9")
    assert answer["content"] == "Only the campaign's owner may do this."
    answer = await discord.command(client, BOB, "unbind")
    assert "Only the bound campaign's owner" in answer["content"]
    answer = await discord.command(client, ALICE, "unbind")
    assert answer["content"] == "This channel follows no campaign any more."
    answer = await discord.command(client, BOB, "status")
    assert "No campaign is bound to this channel" in answer["content"]


async def test_an_unknown_subcommand_is_answered_not_refused(
    client: AsyncClient, discord: Discord
) -> None:
    response = await discord.post(client, interaction(ALICE, "dance"))
    assert response.status_code == 200
    assert "Unknown command" in response.json()["data"]["content"]
    assert URL.startswith("/v1/")
