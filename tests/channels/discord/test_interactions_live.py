"""Discord interactions on a live server (issue 46 "Done when"): a server process started with
the public key of a Discord application made here, as an operator starts one; every request
is real HTTP, signed as Discord signs it (Ed25519 over the timestamp and the raw body).

A player links their Discord account with the one-time code the web client shows, the owner
binds the channel, and a signed `/marchlords ready` makes that player ready, read back through
the API; an unsigned, badly signed or stale one is 401 and changes nothing.
"""

import asyncio
import itertools
import json
import time
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
from nacl.signing import SigningKey

from tests.conftest import _run, truncate_all
from tests.factories.discord import (
    PUBLIC_URL,
    URL,
    Discord,
    interaction,
    link_code,
    new_discord,
)
from tests.factories.flows import AuthUser, Game, register_and_login, start_game
from tests.factories.servers import WAIT, ServerProcess, server_process, wait_ready
from tests.helpers import assert_problem

OWNER = "111111111111111111"
PLAYER = "222222222222222222"
_channels = itertools.count(200000000000000100)


@pytest.fixture(scope="module")
def discord() -> Discord:
    return new_discord()


@pytest.fixture(scope="module")
def live(database_url: str, discord: Discord) -> Iterator[ServerProcess]:
    with server_process(
        "discord", database_url, discord_public_key=discord.public_key, public_url=PUBLIC_URL
    ) as server:
        yield server
    _run(lambda: truncate_all(database_url))


@pytest.fixture
async def client(live: ServerProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with asyncio.timeout(WAIT):
        await wait_ready(live)
    async with httpx.AsyncClient(base_url=live.base_url, timeout=WAIT) as found:
        yield found


async def bound_game(client: httpx.AsyncClient, discord: Discord) -> tuple[Game, str]:
    """A started game of two; each player linked by the code their web client shows (a
    Discord user linked again moves to the new account), a new channel bound to the campaign
    by its owner; the game and the channel."""

    async def make_user(username: str | None = None, **_: object) -> AuthUser:
        return await register_and_login(client)

    game = await start_game(client, make_user)
    for player, discord_user in zip(game.players, (OWNER, PLAYER), strict=True):
        code = await link_code(client, player.user)  # POST /v1/users/me/discord/link-code
        answer = await discord.command(client, discord_user, "link", code=code)
        assert "linked" in answer["content"], answer
        state = await client.get("/v1/users/me/discord", headers=player.headers)
        assert state.json()["linked"] is True
    channel = str(next(_channels))
    bound = await discord.command(client, OWNER, "bind", channel=channel, campaign=game.id)
    assert "now follows" in bound["content"], bound
    return game, channel


async def readiness(client: httpx.AsyncClient, game: Game) -> dict[int, bool]:
    turn = await client.get(game.url("/turn"), headers=game.owner.headers)
    assert turn.status_code == 200, turn.text
    return {p["number"]: p["ready"] for p in turn.json()["players"]}


async def test_a_signed_ready_from_a_linked_discord_user_makes_that_player_ready(
    client: httpx.AsyncClient, discord: Discord
) -> None:
    game, channel = await bound_game(client, discord)
    assert await readiness(client, game) == {1: False, 2: False}
    answer = await discord.command(client, PLAYER, "ready", channel=channel)
    assert answer["content"] == "You are ready for turn 1 of Test campaign."
    assert await readiness(client, game) == {1: False, 2: True}


@pytest.mark.parametrize("forge", ["unsigned", "other_key", "tampered", "stale"])
async def test_an_unsigned_badly_signed_or_stale_ready_is_401_and_changes_nothing(
    client: httpx.AsyncClient, discord: Discord, forge: str
) -> None:
    game, channel = await bound_game(client, discord)
    body = json.dumps(interaction(PLAYER, "ready", channel=channel)).encode()
    headers = {
        "unsigned": {"Content-Type": "application/json"},
        "other_key": discord.signed(body, key=SigningKey.generate()),
        # Signed for the owner's Discord user, sent as the player's.
        "tampered": discord.signed(body.replace(PLAYER.encode(), OWNER.encode())),
        # Captured on the way and replayed ten minutes later.
        "stale": discord.signed(body, at=time.time() - 600),
    }[forge]
    response = await client.post(URL, content=body, headers=headers)
    assert_problem(response, 401, "unauthorized")
    assert await readiness(client, game) == {1: False, 2: False}
