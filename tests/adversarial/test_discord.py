"""Discord interactions (issue 46 §3) as an attacker tries them.

The attacker can post anything to the interactions endpoint, but cannot sign as Discord: an
unsigned, forged, tampered, stale or future request is a 401 problem that changes nothing,
before any JSON is parsed. Through Discord itself they can type any code and name anything:
a code links only once, within its ten minutes, and only the account that made it; a campaign
or player named `@everyone` pings nobody and formats nothing; a member of another campaign, or
nobody's, learns nothing of the campaign bound to the channel; anonymity holds in `status`.
"""

import asyncio
import json
import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from nacl.signing import SigningKey
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.db.session import create_sessionmaker
from app.store.models import Campaign, DiscordLinkCode, User
from tests.factories.apps import fresh_app
from tests.factories.discord import (
    CHANNEL,
    URL,
    Discord,
    discord_settings,
    interaction,
    link_code,
    linked,
    new_discord,
)
from tests.factories.flows import AuthUser, Game, MakeUser, start_game
from tests.factories.statements import counted
from tests.helpers import assert_problem

MALLORY = "666666666666666666"
VICTIM = "777777777777777777"
PLAYER = "888888888888888888"


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


async def _is_linked(client: AsyncClient, user: AuthUser) -> bool:
    state = (await client.get("/v1/users/me/discord", headers=user.headers)).json()
    linked: bool = state["linked"]
    return linked


def _link_body(code: str, discord_user: str = MALLORY) -> bytes:
    return json.dumps(interaction(discord_user, "link", code=code)).encode()


# ------------------------------------------------------------------------- the signature


async def test_an_unsigned_interaction_is_refused_and_links_nothing(
    client: AsyncClient, make_user: MakeUser
) -> None:
    victim = await make_user()
    body = _link_body(await link_code(client, victim))
    response = await client.post(URL, content=body, headers={"Content-Type": "application/json"})
    assert_problem(response, 401, "unauthorized")
    assert not await _is_linked(client, victim)


@pytest.mark.parametrize(
    "forge",
    [
        "other_key",
        "tampered_body",
        "random_signature",
        "short_signature",
        "not_hex",
        "timestamp_changed",
        "empty_signature",
        "no_timestamp",
    ],
)
async def test_a_forged_signature_is_refused_and_links_nothing(
    client: AsyncClient, discord: Discord, make_user: MakeUser, forge: str
) -> None:
    victim = await make_user()
    body = _link_body(await link_code(client, victim))
    headers = discord.signed(body)
    if forge == "other_key":
        headers = discord.signed(body, key=SigningKey.generate())
    elif forge == "tampered_body":
        headers = discord.signed(body.replace(MALLORY.encode(), VICTIM.encode()))
    elif forge == "random_signature":
        headers["X-Signature-Ed25519"] = "ab" * 64
    elif forge == "short_signature":
        headers["X-Signature-Ed25519"] = headers["X-Signature-Ed25519"][:-2]
    elif forge == "not_hex":
        headers["X-Signature-Ed25519"] = "zz" + headers["X-Signature-Ed25519"][2:]
    elif forge == "timestamp_changed":
        headers["X-Signature-Timestamp"] = str(int(headers["X-Signature-Timestamp"]) + 1)
    elif forge == "empty_signature":
        headers["X-Signature-Ed25519"] = ""
    elif forge == "no_timestamp":
        del headers["X-Signature-Timestamp"]
    response = await client.post(URL, content=body, headers=headers)
    assert_problem(response, 401, "unauthorized")
    assert not await _is_linked(client, victim)


async def test_a_flood_of_forged_interactions_never_reaches_the_database(
    client: AsyncClient, discord: Discord, connection: AsyncConnection
) -> None:
    # The route has no per-address limit (Discord's few addresses would share it): what makes
    # a flood cheap is that a forged request is refused before any statement is sent.
    body = _link_body("7KQ2M-XW9DA")
    forged = discord.signed(body, key=SigningKey.generate())
    with counted(connection) as statements:
        for _ in range(50):
            response = await client.post(URL, content=body, headers=forged)
            assert response.status_code == 401
    assert statements == []


@pytest.mark.parametrize("offset", [-6 * 60, -3600, 5 * 60, 86400 * 365])
async def test_a_stale_or_future_signed_request_is_refused(
    client: AsyncClient, discord: Discord, make_user: MakeUser, offset: int
) -> None:
    # Captured on the way and replayed later, or signed ahead of time: both out of the window.
    victim = await make_user()
    body = _link_body(await link_code(client, victim))
    response = await client.post(
        URL, content=body, headers=discord.signed(body, at=time.time() + offset)
    )
    assert_problem(response, 401, "unauthorized")
    assert not await _is_linked(client, victim)


@pytest.mark.parametrize("timestamp", ["١٧٦٥٠٠٠٠٠٠", "+1765000000", " 1765000000", "1e9", "9" * 40])
async def test_a_timestamp_that_is_not_plain_unix_seconds_is_refused(
    client: AsyncClient, discord: Discord, timestamp: str
) -> None:
    # Signed for exactly that timestamp: only its form is wrong (Arabic-Indic digits pass
    # `str.isdigit` and `int`; a huge one overflows a date).
    body = b'{"type": 1}'
    signature = discord.key.sign(timestamp.encode() + body).signature.hex()
    headers = {
        b"X-Signature-Ed25519": signature.encode(),
        b"X-Signature-Timestamp": timestamp.encode(),
    }
    response = await client.post(URL, content=body, headers=headers)
    assert_problem(response, 401, "unauthorized")


async def test_a_huge_body_is_refused_before_it_is_read(
    client: AsyncClient, discord: Discord
) -> None:
    body = b'{"type": 1, "pad": "' + b"x" * (128 * 1024) + b'"}'
    response = await client.post(URL, content=body, headers=discord.signed(body))
    assert_problem(response, 413, "content_too_large")


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"\xff\xfe",
        b'{"type": "1"}',
        b"[]",
        b'{"type": 2, "data": {"name": "marchlords", "options": '
        + b"[" * 5000
        + b"]" * 5000
        + b"}}",
        b'{"type": 2, "member": {"user": {"id": "1 OR 1=1"}}}',
        b'{"type": 1e400}',
    ],
)
async def test_a_signed_body_that_is_no_interaction_is_a_422_not_a_500(
    client: AsyncClient, discord: Discord, body: bytes
) -> None:
    response = await client.post(URL, content=body, headers=discord.signed(body))
    assert_problem(response, 422, "invalid_value")


# ------------------------------------------------------------------------------ the codes


async def test_a_wrong_code_links_nothing(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    victim = await make_user()
    real = await link_code(client, victim)
    wrong = ("0" if real[0] != "0" else "1") + real[1:]
    for typed in (wrong, "", "x" * 200, "' OR 1=1 --", "%", real[:-1], real + "0"):
        answer = await discord.command(client, MALLORY, "link", code=typed)
        assert "unknown, used or expired" in answer["content"], typed
    assert not await _is_linked(client, victim)


async def test_an_expired_code_links_nothing(
    client: AsyncClient, discord: Discord, make_user: MakeUser, session: AsyncSession
) -> None:
    victim = await make_user()
    code = await link_code(client, victim)
    await session.execute(
        update(DiscordLinkCode)
        .where(DiscordLinkCode.user_id == victim.id)
        .values(expires_at=utcnow() - timedelta(seconds=1))
    )
    answer = await discord.command(client, MALLORY, "link", code=code)
    assert "unknown, used or expired" in answer["content"]
    assert not await _is_linked(client, victim)


async def test_a_used_code_cannot_be_replayed_by_another_discord_user(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    # Mallory read the code over the victim's shoulder, a moment too late; or replays the
    # victim's signed request itself (same body, within the five minutes).
    victim = await make_user()
    code = await link_code(client, victim)
    await discord.command(client, VICTIM, "link", code=code)
    answer = await discord.command(client, MALLORY, "link", code=code)
    assert "unknown, used or expired" in answer["content"]
    body = _link_body(code, VICTIM)
    replayed = await client.post(URL, content=body, headers=discord.signed(body))
    assert "unknown, used or expired" in replayed.json()["data"]["content"]
    state = (await client.get("/v1/users/me/discord", headers=victim.headers)).json()
    assert state["discord_user_id"] == VICTIM


async def test_one_code_typed_twice_at_once_links_one_discord_user(
    on_settings: Settings,
    discord: Discord,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    # The victim and Mallory (who saw the code) send it in the same instant, each request on
    # its own connection, really committed: the code's single use holds under the race.
    with fresh_app(on_settings) as application:
        application.state.sessionmaker = create_sessionmaker(committing_engine)
        transport = ASGITransport(app=application)
        async with AsyncClient(transport=transport, base_url="http://test") as client:
            victim = await committing_make_user()
            for _round in range(3):
                code = await link_code(client, victim)
                answers = await asyncio.gather(
                    *(discord.command(client, who, "link", code=code) for who in (VICTIM, MALLORY))
                )
                won = [a for a in answers if "now linked" in a["content"]]
                assert len(won) == 1, answers
            state = (await client.get("/v1/users/me/discord", headers=victim.headers)).json()
            assert state["discord_user_id"] in {VICTIM, MALLORY}


async def test_a_code_links_only_the_account_that_made_it(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    mallory = await make_user()
    victim = await make_user()
    await linked(client, discord, victim, VICTIM)
    # Mallory's own code, typed from the victim's... no: from Mallory's Discord user; it
    # links Mallory's account, and the victim's link stands.
    await linked(client, discord, mallory, MALLORY)
    state = (await client.get("/v1/users/me/discord", headers=victim.headers)).json()
    assert state["discord_user_id"] == VICTIM
    mine = (await client.get("/v1/users/me/discord", headers=mallory.headers)).json()
    assert mine["discord_user_id"] == MALLORY


async def test_a_suspended_account_plays_nothing_from_discord(
    client: AsyncClient, discord: Discord, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    await linked(client, discord, game.owner, VICTIM)
    await discord.command(client, VICTIM, "bind", campaign=game.id)
    await session.execute(
        update(User).where(User.id == game.owner.id).values(suspended_at=utcnow())
    )
    answer = await discord.command(client, VICTIM, "ready")
    assert "Link your Marchlords account first" in answer["content"]


# ---------------------------------------------------------------- what the answers show


async def _bound(client: AsyncClient, discord: Discord, make_user: MakeUser, **kw: object) -> Game:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"), **kw)  # type: ignore[arg-type]
    await linked(client, discord, game.owner, VICTIM)
    answer = await discord.command(client, VICTIM, "bind", campaign=game.id)
    assert "now follows" in answer["content"]
    return game


async def test_a_name_with_everyone_pings_nobody_and_formats_nothing(
    client: AsyncClient, discord: Discord, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    name = "@everyone <@&1> **bold** [x](https://evil.example) `tick`\n# Heading"
    await session.execute(update(Campaign).where(Campaign.id == game.id).values(name=name))
    await session.execute(
        update(User).where(User.id == game.players[1].user.id).values(display_name="@here")
    )
    await linked(client, discord, game.owner, VICTIM)
    response = await discord.post(client, interaction(VICTIM, "bind", campaign=game.id))
    data = response.json()["data"]
    assert "flags" not in data  # said in the channel, for all to see: pings nobody still
    assert data["allowed_mentions"] == {"parse": []}
    content = data["content"]
    assert "@everyone" not in content.replace("\\@everyone", "")
    assert "\\@everyone \\<\\@&1\\> \\*\\*bold\\*\\*" in content
    assert "](https" not in content
    assert "\n" not in content
    status = await discord.command(client, VICTIM, "status")
    assert status["allowed_mentions"] == {"parse": []}
    assert "\\@here" in status["content"]
    assert "@here" not in status["content"].replace("\\@here", "")


async def test_status_under_anonymity_names_nobody_but_the_caller(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    game = await _bound(client, discord, make_user, settings={"anonymity": True}, owner_plays=False)
    player, other = game.players[0].user, game.players[1].user
    await linked(client, discord, player, PLAYER)
    answer = await discord.command(client, PLAYER, "status")
    content = answer["content"]
    me = (await client.get("/v1/users/me", headers=player.headers)).json()
    assert me["display_name"] in content
    them = (await client.get("/v1/users/me", headers=other.headers)).json()
    owner = (await client.get("/v1/users/me", headers=game.owner.headers)).json()
    for hidden in (them["display_name"], them["username"], owner["username"]):
        assert hidden not in content
    # What the API shows this player, exactly: the same names.
    turn = (await client.get(game.url("/turn"), headers=player.headers)).json()
    for p in turn["players"]:
        assert p["name"] in content


async def test_a_stranger_in_the_channel_learns_nothing_of_its_campaign(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    game = await _bound(client, discord, make_user)
    stranger = await make_user()
    await linked(client, discord, stranger, MALLORY)
    turn = (await client.get(game.url("/turn"), headers=game.owner.headers)).json()
    for command in ("status", "orders", "map", "ready"):
        answer = await discord.command(client, MALLORY, command)
        assert answer["content"] == "Campaign not found.", command
        assert answer["flags"] == 64
        for p in turn["players"]:
            assert p["name"] not in answer["content"]
    # And nobody unlinked learns more.
    answer = await discord.command(client, "999999999999999999", "status")
    assert "Link your Marchlords account first" in answer["content"]


async def test_another_owner_cannot_take_over_a_bound_channel(
    client: AsyncClient, discord: Discord, make_user: MakeUser
) -> None:
    game = await _bound(client, discord, make_user)
    theirs = await start_game(client, make_user)
    await linked(client, discord, theirs.owner, MALLORY)
    answer = await discord.command(client, MALLORY, "bind", campaign=theirs.id)
    assert "Only the bound campaign's owner" in answer["content"]
    answer = await discord.command(client, MALLORY, "unbind")
    assert "Only the bound campaign's owner" in answer["content"]
    # Someone else's campaign id: as for a campaign that does not exist.
    answer = await discord.command(client, MALLORY, "bind", campaign=game.id, channel="5")
    assert answer["content"] == "Campaign not found."
    answer = await discord.command(client, MALLORY, "bind", campaign="not-a-uuid", channel="5")
    assert answer["content"] == "Campaign not found."
    status = await discord.command(client, VICTIM, "status")
    assert status["content"].startswith("Test campaign: turn 1")
    assert CHANNEL
