"""Consent (R-CAMP-6, R-CAMP-9, R-FOG-5): a seat given by an import or a handover is an offer
its user accepts or declines; until they accept they are no member and appear nowhere. The
owner who hands their own seat away is the game master for good, and everyone is told.

Over HTTP on the real database; the races on committing connections, at the same instant.
"""

import asyncio
import uuid
from typing import Any

import pytest
from httpx import AsyncClient, Response
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.store.models import CampaignEvent, CampaignPlayer, SeatOffer
from app.store.models.campaign import SeatHolder
from tests.factories.flows import AuthUser, Game, MakeUser, create_lobby, join, ok, start_game
from tests.factories.races import Race, at_once, check_books, lock_waiters, rounds, turn_number
from tests.factories.seat_offers import OFFERS, accept, hand_over_accepted, offer_of, offers_to
from tests.helpers import assert_problem

FEED = "/v1/users/me/calendar-feed"


async def events(session: AsyncSession, campaign_id: str, kind: str) -> list[tuple[Any, Any]]:
    rows = await session.scalars(
        select(CampaignEvent)
        .where(CampaignEvent.campaign_id == uuid.UUID(campaign_id), CampaignEvent.kind == kind)
        .order_by(CampaignEvent.id)
    )
    return [(e.audience, e.payload) for e in rows]


async def hand_over(
    client: AsyncClient, game: Game, number: int, user: AuthUser, owner: AuthUser | None = None
) -> Response:
    return await client.post(
        game.url(f"/players/{number}/handover"),
        json={"username": user.username},
        headers=(owner or game.owner).headers,
    )


async def calendar(client: AsyncClient, user: AuthUser) -> str:
    created = await ok(await client.post(FEED, headers=user.headers), 201)
    body = await client.get(created["url"])
    assert body.status_code == 200, body.text
    return body.text


async def imported_copy(
    client: AsyncClient, make_user: MakeUser, **settings: Any
) -> tuple[str, AuthUser, AuthUser, AuthUser]:
    """A played campaign exported and imported by a new user who names two others."""
    game = await start_game(client, make_user, owner_plays=False, settings=settings or None)
    document = await ok(await client.get(game.url("/export"), headers=game.owner.headers))
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    body = {"document": document, "seats": {"1": carol.username, "2": dave.username}}
    copy = await ok(
        await client.post("/v1/campaigns/import", json=body, headers=importer.headers), 201
    )
    return copy["id"], importer, carol, dave


# ------------------------------------------------------------------------------ imports


async def test_R_CAMP_9_a_user_named_by_an_import_sees_nothing_until_they_accept(
    client: AsyncClient, make_user: MakeUser
) -> None:
    copy_id, importer, carol, dave = await imported_copy(client, make_user, turn_deadline_hours=48)
    url = f"/v1/campaigns/{copy_id}"

    # Carol is asked, not enrolled: the campaign is unknown to her on every channel.
    for path in ("", "/me", "/map", "/players", "/events", "/messages", "/standings"):
        assert_problem(await client.get(url + path, headers=carol.headers), 404, "not_found")
    assert_problem(
        await client.delete(url + "/players/me", headers=carol.headers), 404, "not_found"
    )
    assert (await ok(await client.get("/v1/campaigns", headers=carol.headers)))["items"] == []
    assert copy_id not in await calendar(client, carol)
    # Nor is she named to the campaign: her seat is vacant to the importer too.
    players = await ok(await client.get(url + "/players", headers=importer.headers))
    assert [(p["number"], p["name"], p["vacant"]) for p in players] == [
        (1, "Seat 1 (vacant)", True),
        (2, "Seat 2 (vacant)", True),
    ]
    text = str(players) + str(
        await ok(await client.get(url + "/standings", headers=importer.headers))
    )
    assert carol.username.title() not in text
    assert await ok(await client.get(url + "/players/1/holders", headers=importer.headers)) == []

    # She sees her offer (and only hers), the importer sees both.
    offer = await offer_of(client, carol, copy_id)
    assert {k: offer[k] for k in ("number", "faction", "origin", "campaign_status")} == {
        "number": 1,
        "faction": "empire",
        "origin": "import",
        "campaign_status": "active",
    }
    assert offer["offered_by"] == importer.username.title()
    assert [o["number"] for o in await offers_to(client, dave)] == [2]
    made = await ok(await client.get(url + "/seat-offers", headers=importer.headers))
    assert [(o["number"], o["username"]) for o in made] == [
        (1, carol.username),
        (2, dave.username),
    ]
    # Nobody else answers it: Dave's answer to Carol's offer is 404, as to an unknown one.
    for verb in ("accept", "decline"):
        response = await client.post(f"{OFFERS}/{offer['id']}/{verb}", headers=dave.headers)
        assert_problem(response, 404, "not_found")

    # Accepted: the seat is hers, she is a member everywhere.
    campaign = await accept(client, carol, copy_id)
    assert (campaign["id"], campaign["my_player"], campaign["is_owner"]) == (copy_id, 1, False)
    assert (await ok(await client.get(url + "/me", headers=carol.headers)))["gold"] >= 0
    mine = await ok(await client.get("/v1/campaigns", headers=carol.headers))
    assert [c["id"] for c in mine["items"]] == [copy_id]
    assert copy_id in await calendar(client, carol)
    assert await offers_to(client, carol) == []
    # Dave has still not answered: still nothing for him.
    assert_problem(await client.get(url, headers=dave.headers), 404, "not_found")
    assert (await ok(await client.get("/v1/campaigns", headers=dave.headers)))["items"] == []


async def test_R_CAMP_9_the_importer_named_for_a_seat_takes_it_at_once(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    document = await ok(await client.get(game.url("/export"), headers=game.owner.headers))
    importer, carol = await make_user(), await make_user()
    body = {"document": document, "seats": {"1": importer.username, "2": carol.username}}
    copy = await ok(
        await client.post("/v1/campaigns/import", json=body, headers=importer.headers), 201
    )
    mine = await ok(await client.get(f"/v1/campaigns/{copy['id']}", headers=importer.headers))
    assert (mine["is_owner"], mine["my_player"]) == (True, 1)
    assert await offers_to(client, importer) == []
    assert [o["number"] for o in await offers_to(client, carol)] == [2]


async def test_R_CAMP_9_a_declined_import_seat_goes_back_to_the_importer(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    copy_id, importer, carol, _dave = await imported_copy(client, make_user)
    url = f"/v1/campaigns/{copy_id}"
    offer = await offer_of(client, carol, copy_id)
    await ok(await client.post(f"{OFFERS}/{offer['id']}/decline", headers=carol.headers), 204)
    # Declined once: the offer is gone, a second answer is 404.
    for verb in ("accept", "decline"):
        response = await client.post(f"{OFFERS}/{offer['id']}/{verb}", headers=carol.headers)
        assert_problem(response, 404, "not_found")
    assert_problem(await client.get(url, headers=carol.headers), 404, "not_found")
    # The importer (the game master: no seat) is told, and offers the seat to someone else.
    assert await events(session, copy_id, "seat_offer_declined") == [
        ([], {"player": 1, "seat_removed": False})
    ]
    made = await ok(await client.get(url + "/seat-offers", headers=importer.headers))
    assert [o["number"] for o in made] == [2]
    erin = await make_user()
    copy = Game(copy_id, importer, [])
    seat = await hand_over_accepted(client, copy, 1, erin, importer.headers)
    assert (seat["name"], seat["vacant"]) == (erin.username.title(), False)
    holders = await ok(await client.get(url + "/players/1/holders", headers=erin.headers))
    assert [(h["from_turn"], h["to_turn"], h["is_you"]) for h in holders] == [(1, None, True)]


async def test_R_CAMP_9_a_lobby_import_waits_for_its_seats_and_a_declined_one_frees_its_place(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner, bob, eve = await make_user(), await make_user(), await make_user()
    lobby = await create_lobby(client, owner)
    cid = lobby["id"]
    await join(client, lobby, bob, "empire", 0)
    await join(client, lobby, eve, "orcs_goblins", 1)
    document = await ok(await client.get(f"/v1/campaigns/{cid}/export", headers=owner.headers))
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    body = {"document": document, "seats": {"1": carol.username, "2": dave.username}}
    copy = await ok(
        await client.post("/v1/campaigns/import", json=body, headers=importer.headers), 201
    )
    url = f"/v1/campaigns/{copy['id']}"
    # Not started while a seat's user has not answered.
    assert_problem(await client.post(url + "/start", headers=importer.headers), 409, "R-CAMP-2")
    await accept(client, carol, copy["id"])
    offer = await offer_of(client, dave, copy["id"])
    await ok(await client.post(f"{OFFERS}/{offer['id']}/decline", headers=dave.headers), 204)
    # In the lobby the declined seat is gone: its place is free for the invite code.
    players = await ok(await client.get(url + "/players", headers=importer.headers))
    assert [(p["number"], p["vacant"]) for p in players] == [(1, False)]


# ---------------------------------------------------------------------------- handovers


async def test_R_CAMP_6_a_handed_seat_stays_with_its_holder_until_the_new_one_accepts(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice, bob = game.players
    carol = await make_user()
    offered = await ok(await hand_over(client, game, 2, carol), 201)
    assert (offered["number"], offered["username"], offered["origin"]) == (
        2,
        carol.username,
        "handover",
    )
    # Pending: Bob still plays the seat, Carol sees nothing of the campaign.
    assert (await ok(await client.get(game.url("/me"), headers=bob.headers)))["gold"] >= 0
    assert_problem(await client.get(game.url(), headers=carol.headers), 404, "not_found")
    assert (await ok(await client.get("/v1/campaigns", headers=carol.headers)))["items"] == []
    players = await ok(await client.get(game.url("/players"), headers=alice.headers))
    assert carol.username.title() not in str(players)
    # The offer is its maker's and its recipient's only: a player gets 403, a stranger 404.
    assert_problem(await client.get(game.url("/seat-offers"), headers=bob.headers), 403, "R-CAMP-1")
    stranger = await make_user()
    assert_problem(
        await client.get(game.url("/seat-offers"), headers=stranger.headers), 404, "not_found"
    )
    assert await offers_to(client, stranger) == []
    # One offer per seat, and per user in a campaign.
    dave = await make_user()
    assert_problem(await hand_over(client, game, 2, dave), 409, "R-CAMP-6")
    # Declined: it goes back to its maker, the owner (who plays seat 1), and the seat's holder.
    await ok(await client.post(f"{OFFERS}/{offered['id']}/decline", headers=carol.headers), 204)
    assert await events(session, game.id, "seat_offer_declined") == [
        ([1, 2], {"player": 2, "seat_removed": False})
    ]
    assert await events(session, game.id, "seat_handed_over") == []
    assert (await ok(await client.get(game.url("/me"), headers=bob.headers)))["gold"] >= 0
    # Withdrawn by the owner before an answer: accepting it then is 404.
    again = await ok(await hand_over(client, game, 2, dave), 201)
    assert (await ok(await client.get(game.url("/seat-offers"), headers=alice.headers)))[0][
        "id"
    ] == again["id"]
    await ok(
        await client.delete(game.url(f"/seat-offers/{again['id']}"), headers=alice.headers), 204
    )
    response = await client.post(f"{OFFERS}/{again['id']}/accept", headers=dave.headers)
    assert_problem(response, 404, "not_found")
    assert (await ok(await client.get(game.url("/me"), headers=bob.headers)))["gold"] >= 0


async def test_R_CAMP_6_a_handovers_offer_is_void_once_the_campaign_ends(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    bob, carol = game.players[1], await make_user()
    offer = await ok(await hand_over(client, game, 2, carol), 201)
    await ok(await client.post(game.url("/end"), headers=game.owner.headers))
    assert await offers_to(client, carol) == []
    response = await client.post(f"{OFFERS}/{offer['id']}/accept", headers=carol.headers)
    assert_problem(response, 409, "R-CAMP-6")
    assert_problem(await client.get(game.url(), headers=carol.headers), 404, "not_found")
    assert (await ok(await client.get(game.url(), headers=bob.headers)))["my_player"] == 2


async def test_R_CAMP_6_accept_and_decline_take_an_idempotency_key(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    carol = await make_user()
    offer = await ok(await hand_over(client, game, 2, carol), 201)
    headers = {**carol.headers, "Idempotency-Key": "take-seat-2"}
    first = await client.post(f"{OFFERS}/{offer['id']}/accept", headers=headers)
    again = await client.post(f"{OFFERS}/{offer['id']}/accept", headers=headers)
    assert (first.status_code, again.status_code) == (200, 200), again.text
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()


# ----------------------------------------------------------------------------- R-FOG-5


async def test_R_FOG_5_a_seat_the_owner_hands_away_never_comes_back_and_all_are_told(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"))
    alice, bob, _ = game.players
    helper = await make_user()
    # While her offer waits, Alice still plays seat 1: no game master's view.
    await ok(await hand_over(client, game, 1, helper), 201)
    assert_problem(await client.get(game.url("/export"), headers=alice.headers), 403, "R-FOG-5")
    await accept(client, helper, game.id)
    # Seat 1 is the helper's; Alice is the game master, and every player is told.
    told = await events(session, game.id, "owner_became_game_master")
    assert told == [(None, {"player": 1, "turn": 1})]
    assert (await ok(await client.get(game.url("/export"), headers=alice.headers)))["seats"]
    # No seat comes back to her while the campaign is active, hers or another.
    for number in (1, 2, 3):
        assert_problem(await hand_over(client, game, number, alice.user), 409, "R-CAMP-6")
    assert (await ok(await client.get(game.url(), headers=alice.headers)))["my_player"] is None
    # Bob's seat changing hands tells nobody that: only the owner's own seat does.
    carol = await make_user()
    await hand_over_accepted(client, game, 2, carol, alice.headers)
    assert len(await events(session, game.id, "owner_became_game_master")) == 1
    assert_problem(await client.get(game.url("/me"), headers=bob.headers), 404, "not_found")


# -------------------------------------------------------------------------------- races


@pytest.fixture(name="race")
def race_fixture(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> Race:
    return Race(committing_client, committing_engine, committing_make_user)


async def _holder(engine: AsyncEngine, game: Game, number: int) -> uuid.UUID | None:
    async with engine.connect() as conn:
        holder: uuid.UUID | None = await conn.scalar(
            select(CampaignPlayer.user_id).where(
                CampaignPlayer.campaign_id == uuid.UUID(game.id), CampaignPlayer.number == number
            )
        )
        return holder


async def _pending(engine: AsyncEngine, game: Game) -> int:
    async with engine.connect() as conn:
        rows = await conn.execute(
            select(SeatOffer.id).where(SeatOffer.campaign_id == uuid.UUID(game.id))
        )
        return len(rows.all())


async def test_R_CAMP_6_accept_and_decline_held_at_the_offer_answer_once(race: Race) -> None:
    """Both answers of one offer, made to meet: a transaction holds the offer's row while both
    are in flight, until each waits for a lock (read from PostgreSQL, not guessed). Each then
    reads the offer after the campaign lock, so the second finds it gone (404). Reading it
    before the lock, both would answer it, and the seat would be both taken and declined."""
    client = race.client
    game = await race.start()
    bob, carol = game.players[1], await race.make_user()
    offer = await ok(await hand_over(client, game, 2, carol), 201)
    async with race.engine.connect() as holder:
        await holder.execute(
            text("SELECT 1 FROM seat_offers WHERE campaign_id = :c AND id = :o FOR UPDATE"),
            {"c": uuid.UUID(game.id), "o": uuid.UUID(offer["id"])},
        )
        answers = [
            asyncio.create_task(
                client.post(f"{OFFERS}/{offer['id']}/{verb}", headers=carol.headers)
            )
            for verb in ("accept", "decline")
        ]
        async with race.engine.connect() as look:
            while await lock_waiters(look) < len(answers):
                assert not all(a.done() for a in answers), [a.result().text for a in answers]
                await asyncio.sleep(0.02)
        await holder.rollback()
    accepted, declined = await asyncio.gather(*answers)
    codes = sorted((accepted.status_code, declined.status_code))
    assert codes in ([200, 404], [204, 404]), (accepted.text, declined.text)
    holder_now = await _holder(race.engine, game, 2)
    assert holder_now == (carol.id if accepted.status_code == 200 else bob.user.id)
    assert await _pending(race.engine, game) == 0


@rounds
async def test_R_CAMP_6_accept_racing_decline_answers_once(round_: int, race: Race) -> None:
    """Both answers of one offer at once: exactly one wins, the other finds no offer (404),
    and the seat is where the winner left it."""
    client = race.client
    game = await race.start()
    bob, carol = game.players[1], await race.make_user()
    offer = await ok(await hand_over(client, game, 2, carol), 201)
    accepted, declined = await at_once(
        client.post(f"{OFFERS}/{offer['id']}/accept", headers=carol.headers),
        client.post(f"{OFFERS}/{offer['id']}/decline", headers=carol.headers),
    )
    assert sorted((accepted.status_code, declined.status_code)) in ([200, 404], [204, 404])
    holder = await _holder(race.engine, game, 2)
    if accepted.status_code == 200:
        assert holder == carol.id
    else:
        assert_problem(accepted, 404, "not_found")
        assert holder == bob.user.id
    assert await _pending(race.engine, game) == 0


@rounds
async def test_R_CAMP_6_accept_racing_the_owners_withdrawal_answers_once(
    round_: int, race: Race
) -> None:
    """The owner takes the offer back (to offer the seat to someone else) as its user accepts
    it: either the seat is the user's and the withdrawal finds nothing, or the other way."""
    client = race.client
    game = await race.start()
    bob, carol, dave = game.players[1], await race.make_user(), await race.make_user()
    offer = await ok(await hand_over(client, game, 2, carol), 201)
    accepted, withdrawn = await at_once(
        client.post(f"{OFFERS}/{offer['id']}/accept", headers=carol.headers),
        client.delete(game.url(f"/seat-offers/{offer['id']}"), headers=game.owner.headers),
    )
    assert sorted((accepted.status_code, withdrawn.status_code)) in ([200, 404], [204, 404])
    expected = carol.id if accepted.status_code == 200 else bob.user.id
    assert await _holder(race.engine, game, 2) == expected
    # The second offer goes to the seat as it stands now.
    second = await ok(await hand_over(client, game, 2, dave), 201)
    assert second["number"] == 2
    await accept(client, dave, game.id)
    assert await _holder(race.engine, game, 2) == dave.id


@rounds
async def test_R_CAMP_6_accept_racing_the_turn_change_keeps_both_right(
    round_: int, race: Race
) -> None:
    """The owner's turn change and the seat's new holder accepting, at once: either the turn
    changes first (the history shows the old holder through turn 2), or the seat changes hands
    first, which clears its ready flag, so the change waits (409). The books stay right."""
    client = race.client
    game = await race.start()
    carol = await race.make_user()
    offer = await ok(await hand_over(client, game, 2, carol), 201)
    for p in game.players:
        await ok(await client.put(game.url("/turn/ready"), headers=p.headers))
    accepted, resolved = await at_once(
        client.post(f"{OFFERS}/{offer['id']}/accept", headers=carol.headers),
        client.post(game.url("/turn/resolve"), headers=game.owner.headers),
    )
    assert accepted.status_code == 200, accepted.text
    async with race.engine.connect() as conn:
        to_turn = await conn.scalar(
            select(SeatHolder.to_turn).where(
                SeatHolder.campaign_id == uuid.UUID(game.id), SeatHolder.number == 2
            )
        )
    if resolved.status_code == 200:
        assert (await turn_number(client, game), to_turn) == (2, 2)
    else:
        assert_problem(resolved, 409, "R-TURN-3")
        assert (await turn_number(client, game), to_turn) == (1, 1)
    assert await _holder(race.engine, game, 2) == carol.id
    await check_books(race.engine, game.id)


@rounds
async def test_R_CAMP_6_two_seats_offered_to_one_user_at_once_give_one_seat(
    round_: int, race: Race
) -> None:
    """A lobby import offers Carol a seat while she joins the lobby with the invite code: she
    ends with one seat, whichever comes first (the other is refused 409)."""
    client = race.client
    owner, bob, eve = await race.make_user(), await race.make_user(), await race.make_user()
    lobby = await create_lobby(client, owner)
    await join(client, lobby, bob, "empire", 0)
    await join(client, lobby, eve, "orcs_goblins", 1)
    document = await ok(
        await client.get(f"/v1/campaigns/{lobby['id']}/export", headers=owner.headers)
    )
    importer, carol, dave = await race.make_user(), await race.make_user(), await race.make_user()
    body = {"document": document, "seats": {"1": carol.username, "2": dave.username}}
    copy = await ok(
        await client.post("/v1/campaigns/import", json=body, headers=importer.headers), 201
    )
    offer = await offer_of(client, carol, copy["id"])
    accepted, joined = await at_once(
        client.post(f"{OFFERS}/{offer['id']}/accept", headers=carol.headers),
        client.post(
            f"/v1/campaigns/{copy['id']}/players",
            json={"invite_code": copy["invite_code"]},
            headers=carol.headers,
        ),
    )
    codes = sorted((accepted.status_code, joined.status_code))
    assert codes in ([200, 409], [201, 409]), (accepted.text, joined.text)
    async with race.engine.connect() as conn:
        seats = (
            await conn.scalars(
                select(CampaignPlayer.number).where(
                    CampaignPlayer.campaign_id == uuid.UUID(copy["id"]),
                    CampaignPlayer.user_id == carol.id,
                )
            )
        ).all()
    assert len(seats) == 1
