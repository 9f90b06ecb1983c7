"""Finding a game (R-CAMP-11) and substitutes (R-CAMP-12) over HTTP: a user finds a public
lobby and joins it with the owner's yes; a substitute takes a seat in civil disorder with the
owner's yes; every refusal is a problem that changes nothing."""

import asyncio
import uuid
from datetime import datetime, timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.platform.db.session import create_sessionmaker
from app.play.deadlines.service import sweep
from app.store.models import CampaignPlayer, JoinRequest
from tests.factories.disorder import SETTINGS, seat, sweep_at_deadline, turn
from tests.factories.flows import AuthUser, Game, MakeUser, create_lobby, ok, start_game
from tests.factories.lobbies import MINE, PUBLIC, answer, ask, inbox_kinds, requests_of
from tests.factories.races import check_books
from tests.helpers import assert_problem

LOBBIES = "/v1/lobbies"
SUBSTITUTE = "/v1/users/me/substitute"


async def lobbies(client: AsyncClient, user: AuthUser, query: str = "") -> list[dict[str, Any]]:
    page = await ok(await client.get(f"{LOBBIES}{query}", headers=user.headers))
    items: list[dict[str, Any]] = page["items"]
    return items


async def seats_and_requests(session: AsyncSession, campaign_id: str) -> tuple[Any, ...]:
    """What a refusal must leave alone: the seats with their holders, and the requests."""
    cid = uuid.UUID(campaign_id)
    seats = await session.execute(
        select(CampaignPlayer.number, CampaignPlayer.user_id, CampaignPlayer.civil_disorder)
        .where(CampaignPlayer.campaign_id == cid)
        .order_by(CampaignPlayer.number)
        .execution_options(populate_existing=True)
    )
    asks = await session.scalar(
        select(func.count()).select_from(JoinRequest).where(JoinRequest.campaign_id == cid)
    )
    return tuple(seats.all()), asks


async def test_R_CAMP_11_a_user_finds_a_public_lobby_and_joins_it_with_the_owners_yes(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner, carol = await make_user(), await make_user()
    public = await create_lobby(
        client, owner, settings={"public": True, "turn_deadline_hours": 24, "max_players": 4}
    )
    await create_lobby(client, owner)  # private: listed nowhere
    found = await lobbies(client, carol)
    assert [c["campaign_id"] for c in found] == [public["id"]]
    listed = found[0]
    assert (listed["status"], listed["game_system"], listed["players"]) == ("lobby", "old_world", 0)
    assert (listed["players_wanted"], listed["turn_deadline_hours"]) == (4, 24)
    assert listed["options"]["anonymity"] is False
    assert (listed["open_seats"], listed["asked"]) == ([], False)
    # The filters narrow the list.
    assert await lobbies(client, carol, "?game_system=ninth_age") == []
    assert await lobbies(client, carol, "?max_deadline_hours=12") == []
    assert await lobbies(client, carol, "?status=active") == []
    assert len(await lobbies(client, carol, "?game_system=old_world&max_deadline_hours=24")) == 1

    asked = await ask(client, carol, public["id"])
    assert (asked["number"], asked["username"], asked["note"]) == (
        None,
        carol.username,
        "Keen, plays weekly.",
    )
    assert (await lobbies(client, carol))[0]["asked"] is True
    assert [r["id"] for r in await ok(await client.get(MINE, headers=carol.headers))] == [
        asked["id"]
    ]
    # Her ask alone makes her no member.
    campaign_url = f"/v1/campaigns/{public['id']}"
    assert_problem(await client.get(campaign_url, headers=carol.headers), 404, "not_found")
    pending = await requests_of(client, public["id"], owner)
    assert [(r["id"], r["username"]) for r in pending] == [(asked["id"], carol.username)]

    player = await ok(await answer(client, public["id"], asked["id"], owner, "accept"))
    assert (player["number"], player["faction"]) == (1, None)
    read = await ok(await client.get(campaign_url, headers=carol.headers))
    assert read["my_player"] == 1
    assert await requests_of(client, public["id"], owner) == []
    assert await ok(await client.get(MINE, headers=carol.headers)) == []
    # She plays like anyone who joined with the invite code.
    chosen = await client.patch(
        f"{campaign_url}/players/me", json={"faction": "empire", "slot": 0}, headers=carol.headers
    )
    assert chosen.status_code == 200, chosen.text
    assert (await lobbies(client, carol))[0]["players_wanted"] == 3


async def test_R_CAMP_11_refusals_are_problems_and_change_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    owner, carol, dave = await make_user(), await make_user(), await make_user()
    public = await create_lobby(client, owner, settings={"public": True, "max_players": 2})
    private = await create_lobby(client, owner)
    cid = public["id"]

    async def refused(response: Any, status: int, code: str) -> None:
        before = await seats_and_requests(session, cid)
        assert_problem(response, status, code)
        assert await seats_and_requests(session, cid) == before

    # A private or unknown campaign takes no asks, and says nothing of existing.
    for target in (private["id"], str(uuid.uuid4())):
        body = {"campaign_id": target}
        await refused(await client.post(MINE, json=body, headers=carol.headers), 404, "not_found")
    own = await client.post(MINE, json={"campaign_id": cid}, headers=owner.headers)
    await refused(own, 409, "R-CAMP-11")
    seat_in_lobby = await client.post(
        MINE, json={"campaign_id": cid, "number": 1}, headers=carol.headers
    )
    await refused(seat_in_lobby, 422, "R-CAMP-11")
    asked = await ask(client, carol, cid)
    # Another place while one ask is pending: refused (the same ask again is that ask).
    other = await client.post(MINE, json={"campaign_id": cid, "number": 2}, headers=carol.headers)
    await refused(other, 409, "join_request_pending")
    # Nobody but the owner answers, and nobody but the asker takes it back.
    dave_asked = await ask(client, dave, cid)
    await refused(await answer(client, cid, asked["id"], dave, "accept"), 404, "not_found")
    await refused(
        await client.delete(f"{MINE}/{asked['id']}", headers=dave.headers), 404, "not_found"
    )
    # The owner fills the lobby: a yes it moved past is refused, and the ask stays.
    for user in (owner, await make_user()):
        joined = await client.post(
            f"/v1/campaigns/{cid}/players",
            json={"invite_code": public["invite_code"]},
            headers=user.headers,
        )
        assert joined.status_code == 201, joined.text
    await refused(await answer(client, cid, asked["id"], owner, "accept"), 409, "R-CAMP-1")
    assert len(await requests_of(client, cid, owner)) == 2
    full = await client.post(MINE, json={"campaign_id": cid}, headers=(await make_user()).headers)
    await refused(full, 409, "R-CAMP-1")
    # A no: gone, nobody seated; a withdrawal likewise.
    declined = await answer(client, cid, asked["id"], owner, "decline")
    assert declined.status_code == 204, declined.text
    assert_problem(await answer(client, cid, asked["id"], owner, "accept"), 404, "not_found")
    withdrawn = await client.delete(f"{MINE}/{dave_asked['id']}", headers=dave.headers)
    assert withdrawn.status_code == 204, withdrawn.text
    assert await requests_of(client, cid, owner) == []
    seats, _ = await seats_and_requests(session, cid)
    assert len(seats) == 2


async def substitute(client: AsyncClient, make_user: MakeUser, systems: list[str]) -> AuthUser:
    user = await make_user()
    body = {"game_systems": systems, "days_per_week": 3}
    listed = await ok(await client.put(SUBSTITUTE, json=body, headers=user.headers))
    assert (listed["game_systems"], listed["days_per_week"]) == (sorted(systems), 3)
    return user


async def test_R_CAMP_12_a_substitute_takes_a_seat_in_civil_disorder_with_the_owners_yes(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(client, make_user, settings=PUBLIC)
    alice, bob = game.players  # alice owns the campaign; bob vanishes
    sent = await client.post(
        game.url("/messages"), json={"to": [2], "body": "Truce?"}, headers=alice.headers
    )
    assert sent.status_code == 201, sent.text
    erin = await substitute(client, make_user, ["old_world", "whfb8"])
    other_system = await substitute(client, make_user, ["ninth_age"])
    assert await lobbies(client, erin) == []  # nothing open yet: no lobby, no open seat

    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    await sweep_at_deadline(client, game, sessionmaker)
    assert (await seat(client, game, 2))["civil_disorder"] is True
    # The substitutes of the campaign's game system are told; members and others are not.
    assert "seat_open" in await inbox_kinds(client, erin)
    assert "seat_open" not in await inbox_kinds(client, other_system)
    assert "seat_open" not in await inbox_kinds(client, alice.user)
    listed = await lobbies(client, erin, "?status=active")
    assert [(c["campaign_id"], c["players_wanted"]) for c in listed] == [(game.id, 0)]
    assert listed[0]["open_seats"] == [
        {"number": 2, "faction": bob.faction, "because": "civil_disorder"}
    ]

    # Only an open seat is asked for.
    not_open = await client.post(
        MINE, json={"campaign_id": game.id, "number": 1}, headers=erin.headers
    )
    assert_problem(not_open, 409, "seat_not_open")
    asked = await ask(client, erin, game.id, 2)
    assert_problem(await client.get(game.url("/turn"), headers=erin.headers), 404, "not_found")
    taken = await ok(await answer(client, game.id, asked["id"], alice.user, "accept"))
    assert (taken["number"], taken["civil_disorder"], taken["missed_in_row"]) == (2, False, 0)

    # The holder history records it; bob is no member any more.
    holders = await ok(await client.get(game.url("/players/2/holders"), headers=erin.headers))
    assert [(h["from_turn"], h["to_turn"], h["is_you"]) for h in holders] == [
        (1, 2, False),
        (2, None, True),
    ]
    assert_problem(await client.get(game.url("/turn"), headers=bob.headers), 404, "not_found")
    # Erin reads the seat's past summaries and messages, and nothing more.
    summary = await client.get(game.url("/turns/1/summary"), headers=erin.headers)
    assert summary.status_code == 200, summary.text
    others = await client.get(game.url("/turns/1/summary?player=1"), headers=erin.headers)
    assert_problem(others, 403, "R-FOG-3")
    inbox = await ok(await client.get(game.url("/messages"), headers=erin.headers))
    assert [m["body"] for m in inbox["items"]] == ["Truce?"]
    # The seat is taken: open no more.
    assert await lobbies(client, erin, "?status=active") == []


async def test_R_CAMP_12_the_owner_opens_a_seat_and_a_returning_holder_closes_it(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings=PUBLIC)
    alice, bob = game.players
    erin = await substitute(client, make_user, ["old_world"])
    assert_problem(
        await client.put(game.url("/players/2/open"), headers=bob.headers), 403, "R-CAMP-1"
    )
    opened = await client.put(game.url("/players/2/open"), headers=alice.headers)
    assert opened.status_code == 204, opened.text
    assert await inbox_kinds(client, erin) == ["seat_open"]
    listed = await lobbies(client, erin)
    assert listed[0]["open_seats"] == [
        {"number": 2, "faction": bob.faction, "because": "opened_by_owner"}
    ]
    asked = await ask(client, erin, game.id, 2)
    closed = await client.delete(game.url("/players/2/open"), headers=alice.headers)
    assert closed.status_code == 204, closed.text
    before = await seats_and_requests(session, game.id)
    refused = await answer(client, game.id, asked["id"], alice.user, "accept")
    assert_problem(refused, 409, "seat_not_open")
    assert await seats_and_requests(session, game.id) == before
    # A private campaign's seats are handed over, not opened.
    private = await start_game(client, make_user, settings=SETTINGS)
    assert_problem(
        await client.put(private.url("/players/2/open"), headers=private.owner.headers),
        409,
        "R-CAMP-12",
    )


async def test_R_CAMP_12_listing_as_a_substitute(client: AsyncClient, make_user: MakeUser) -> None:
    user = await make_user()
    assert_problem(await client.get(SUBSTITUTE, headers=user.headers), 404, "not_found")
    bad = await client.put(
        SUBSTITUTE, json={"game_systems": ["chess"], "days_per_week": 3}, headers=user.headers
    )
    assert_problem(bad, 422, "validation_error")
    await substitute(client, make_user, ["kings_of_war"])
    listed = await client.put(
        SUBSTITUTE, json={"game_systems": ["whfb8"], "days_per_week": 7}, headers=user.headers
    )
    assert listed.status_code == 200, listed.text
    read = await ok(await client.get(SUBSTITUTE, headers=user.headers))
    assert (read["game_systems"], read["days_per_week"]) == (["whfb8"], 7)
    gone = await client.delete(SUBSTITUTE, headers=user.headers)
    assert gone.status_code == 204, gone.text
    assert_problem(await client.get(SUBSTITUTE, headers=user.headers), 404, "not_found")


# ------------------------------------------------------------------------------- race


async def test_R_CAMP_12_an_approval_racing_the_turn_change_loses_nothing_R_ECO_6(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    """The owner's yes to a substitute races the sweeper's change at the deadline: one goes
    first, whole; the seat is the substitute's exactly once, gold = Σ ledger."""
    client = committing_client
    sessionmaker = create_sessionmaker(committing_engine)
    for _ in range(4):
        game: Game = await start_game(client, committing_make_user, settings=PUBLIC)
        alice = game.players[0]
        await sweep_at_deadline(client, game, sessionmaker)
        assert (await seat(client, game, 2))["civil_disorder"] is True
        erin = await committing_make_user()
        asked = await ask(client, erin, game.id, 2)
        deadline = datetime.fromisoformat((await turn(client, game))["deadline_at"])
        accepted, report = await asyncio.gather(
            answer(client, game.id, asked["id"], alice.user, "accept"),
            sweep(sessionmaker, deadline + timedelta(seconds=1)),
        )
        if not report.changed:  # the campaign was locked by the answer: the next pass has it
            report = await sweep(sessionmaker, deadline + timedelta(seconds=2))
        assert report.changed == [uuid.UUID(game.id)]
        await check_books(committing_engine, game.id)
        assert (await turn(client, game))["number"] == 3
        # Either way the seat is open when the yes runs (the change leaves it in disorder).
        assert accepted.status_code == 200, accepted.text
        holders = await ok(await client.get(game.url("/players/2/holders"), headers=erin.headers))
        assert [h["is_you"] for h in holders] == [False, True]
        assert await requests_of(client, game.id, alice.user) == []


async def test_R_CAMP_11_the_same_ask_again_is_answered_with_the_pending_request(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    owner, carol = await make_user(), await make_user()
    public = await create_lobby(client, owner, settings={"public": True, "max_players": 2})
    cid = public["id"]
    asked = await ask(client, carol, cid)
    before = await seats_and_requests(session, cid)
    body = {"campaign_id": cid, "note": "Another word."}
    again = await client.post(MINE, json=body, headers=carol.headers)
    assert again.status_code == 200, again.text
    assert again.json() == asked  # the request as it was: its note unchanged
    assert await seats_and_requests(session, cid) == before
    assert [r["id"] for r in await requests_of(client, cid, owner)] == [asked["id"]]


async def test_R_CAMP_11_two_asks_at_once_make_one_request(
    committing_client: AsyncClient, committing_make_user: MakeUser
) -> None:
    client = committing_client
    owner, carol = await committing_make_user(), await committing_make_user()
    public = await create_lobby(client, owner, settings={"public": True, "max_players": 2})
    body = {"campaign_id": public["id"]}
    both = await asyncio.gather(
        client.post(MINE, json=body, headers=carol.headers),
        client.post(MINE, json=body, headers=carol.headers),
    )
    assert sorted(r.status_code for r in both) == [200, 201], [r.text for r in both]
    assert both[0].json() == both[1].json()
    pending = await requests_of(client, public["id"], owner)
    assert [r["id"] for r in pending] == [both[0].json()["id"]]


async def test_R_TURN_9_R_CAMP_11_a_public_lobby_shows_its_club_nights(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner, carol = await make_user(), await make_user()
    schedule = {
        "entries": [{"weekday": "tue", "time": "20:00"}, {"weekday": "fri", "time": "20:00"}],
        "time_zone": "Europe/Paris",
    }
    await create_lobby(client, owner, settings={"public": True, "turn_schedule": schedule})

    [listed] = await lobbies(client, carol)

    assert (listed["turn_deadline_hours"], listed["turn_schedule"]) == (
        None,
        {
            "entries": [{"weekday": 1, "time": "20:00"}, {"weekday": 4, "time": "20:00"}],
            "time_zone": "Europe/Paris",
            "min_turn_hours": 12,
        },
    )
