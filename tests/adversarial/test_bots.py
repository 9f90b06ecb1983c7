"""Attacks on bots on seats (R-BOT): who may put one on or take it off, on which seat, with
what body; and whether anyone but the seat's own holder or a new holder can take a bot's seat.

Every refusal is an RFC 9457 problem that changes nothing.
"""

import uuid
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import CampaignPlayer
from app.store.models.world import ArmyRow
from tests.factories.flows import AuthUser, MakeUser, create_lobby, join, ok, start_game
from tests.helpers import assert_problem

BOT = {"difficulty": "easy", "personality": "raider"}
NEW_SEAT = {**BOT, "faction": "dwarfs", "slot": 2}


async def _seats(session: AsyncSession, campaign_id: str) -> list[tuple[Any, ...]]:
    rows = await session.execute(
        select(
            CampaignPlayer.number,
            CampaignPlayer.user_id,
            CampaignPlayer.faction,
            CampaignPlayer.bot_difficulty,
            CampaignPlayer.bot_personality,
        )
        .where(CampaignPlayer.campaign_id == uuid.UUID(campaign_id))
        .order_by(CampaignPlayer.number)
        .execution_options(populate_existing=True)
    )
    return [tuple(r) for r in rows.all()]


async def _lobby(
    client: AsyncClient, make_user: MakeUser
) -> tuple[dict[str, Any], AuthUser, AuthUser]:
    owner, member = await make_user(), await make_user()
    campaign = await create_lobby(client, owner)
    await join(client, campaign, owner, "empire", 0)
    await join(client, campaign, member, "orcs_goblins", 1)
    return campaign, owner, member


async def test_only_the_owner_puts_or_removes_a_bot_and_a_stranger_learns_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    campaign, owner, member = await _lobby(client, make_user)
    url = f"/v1/campaigns/{campaign['id']}/seats/3/bot"
    before = await _seats(session, campaign["id"])
    assert_problem(await client.put(url, json=NEW_SEAT, headers=member.headers), 403, "R-CAMP-1")
    stranger = await make_user()
    missing = await client.put(url, json=NEW_SEAT, headers=stranger.headers)
    unknown = await client.put(
        f"/v1/campaigns/{uuid.uuid4()}/seats/3/bot", json=NEW_SEAT, headers=stranger.headers
    )
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")
    assert (unknown.status_code, unknown.json()["detail"]) == (404, missing.json()["detail"])
    assert await _seats(session, campaign["id"]) == before
    await ok(await client.put(url, json=NEW_SEAT, headers=owner.headers))
    assert_problem(await client.delete(url, headers=member.headers), 403, "R-CAMP-1")
    assert (await _seats(session, campaign["id"]))[2][3:] == ("easy", "raider")


async def test_a_bot_never_takes_a_seat_a_person_plays(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    campaign, owner, _member = await _lobby(client, make_user)
    cid = campaign["id"]
    before = await _seats(session, cid)
    for number in (1, 2):  # the owner's own seat and another player's, in the lobby
        put = await client.put(
            f"/v1/campaigns/{cid}/seats/{number}/bot", json=BOT, headers=owner.headers
        )
        assert_problem(put, 409, "R-BOT")
    assert await _seats(session, cid) == before
    game = await start_game(client, make_user)
    running = await client.put(game.url("/seats/2/bot"), json=BOT, headers=game.owner.headers)
    assert_problem(running, 409, "R-BOT")  # held and playing: not in civil disorder
    gone = await client.put(game.url("/seats/9/bot"), json=BOT, headers=game.owner.headers)
    assert_problem(gone, 404, "not_found")


async def test_a_bots_seat_follows_the_lobby_rules_and_refuses_bad_bodies(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    campaign, owner, _member = await _lobby(client, make_user)
    cid = campaign["id"]
    url = f"/v1/campaigns/{cid}/seats/3/bot"
    before = await _seats(session, cid)
    taken = {**BOT, "faction": "empire", "slot": 2}
    assert_problem(await client.put(url, json=taken, headers=owner.headers), 409, "R-CAMP-2")
    slot_taken = {**BOT, "faction": "dwarfs", "slot": 0}
    assert_problem(await client.put(url, json=slot_taken, headers=owner.headers), 409, "R-CAMP-2")
    assert_problem(await client.put(url, json=BOT, headers=owner.headers), 422, "R-BOT")
    far = f"/v1/campaigns/{cid}/seats/99/bot"
    assert_problem(await client.put(far, json=NEW_SEAT, headers=owner.headers), 422, "R-CAMP-1")
    for body in (
        {**NEW_SEAT, "difficulty": "godlike"},
        {**NEW_SEAT, "personality": "' OR 1=1 --"},
        {**NEW_SEAT, "user_id": str(owner.id)},
        {**NEW_SEAT, "slot": 2**63},
        {**NEW_SEAT, "faction": "x" * 5000},
        {"difficulty": "easy"},
        {**NEW_SEAT, "faction": "dwarfs\u202e"},
        {**NEW_SEAT, "faction": "dwarfs\r\nX-Evil: 1"},
    ):
        response = await client.put(url, json=body, headers=owner.headers)
        assert response.status_code == 422, (body, response.text)
        assert response.headers["content-type"] == "application/problem+json"
    bad_faction = {**NEW_SEAT, "faction": "zombies"}
    assert_problem(await client.put(url, json=bad_faction, headers=owner.headers), 422, "R-CAMP-2")
    assert await _seats(session, cid) == before


async def test_nobody_but_a_holder_or_an_accepted_newcomer_takes_a_bots_seat(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """A member cannot order for the bot's seat, a running bot seat nobody holds is not taken
    off by a DELETE (it would stall the turn), and a running campaign keeps seats' factions."""
    campaign, owner, member = await _lobby(client, make_user)
    cid = campaign["id"]
    url = f"/v1/campaigns/{cid}/seats/3/bot"
    await ok(await client.put(url, json=NEW_SEAT, headers=owner.headers))
    await ok(await client.post(f"/v1/campaigns/{cid}/start", headers=owner.headers))
    before = await _seats(session, cid)
    assert_problem(await client.delete(url, headers=owner.headers), 409, "R-BOT")
    moved = await client.put(url, json={**BOT, "faction": "skaven"}, headers=owner.headers)
    assert_problem(moved, 422, "R-BOT")
    # The member's writes are their own seat's: nothing addresses the bot's seat.
    bots_army = await session.scalar(
        select(ArmyRow.id).where(ArmyRow.campaign_id == uuid.UUID(cid), ArmyRow.owner == 3)
    )
    hijack = await client.put(
        f"/v1/campaigns/{cid}/armies/{bots_army}/move",
        json={"path": [[0, 0]]},
        headers=member.headers,
    )
    assert hijack.status_code in (404, 422), hijack.text
    assert await _seats(session, cid) == before
    # Changing the bot's difficulty is the owner's, and does not make it a user's.
    await ok(await client.put(url, json={**BOT, "difficulty": "normal"}, headers=owner.headers))
    after = await _seats(session, cid)
    assert after[2][1] is None
    assert after[2][3] == "normal"


async def test_a_bots_seat_takes_no_steward_that_would_outlive_the_bot(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """A steward (R-CAMP-7) on a bot's seat does nothing while the bot plays, then keeps the
    person who takes the seat back always ready: refused, and nothing changes."""
    campaign, owner, _member = await _lobby(client, make_user)
    cid = campaign["id"]
    await ok(
        await client.put(f"/v1/campaigns/{cid}/seats/3/bot", json=NEW_SEAT, headers=owner.headers)
    )
    await ok(await client.post(f"/v1/campaigns/{cid}/start", headers=owner.headers))
    steward = await client.patch(
        f"/v1/campaigns/{cid}/players/3", json={"inactive": True}, headers=owner.headers
    )
    assert_problem(steward, 409, "R-BOT")
    inactive = await session.scalar(
        select(CampaignPlayer.inactive)
        .where(CampaignPlayer.campaign_id == uuid.UUID(cid), CampaignPlayer.number == 3)
        .execution_options(populate_existing=True)
    )
    assert inactive is False
    # A person's seat still takes one.
    await ok(
        await client.patch(
            f"/v1/campaigns/{cid}/players/2", json={"inactive": True}, headers=owner.headers
        )
    )
