"""Seats and their holders (R-CAMP-6), missed deadlines and stewards (R-CAMP-7), vacations
(R-CAMP-8) and the grace period (R-TURN-7), over HTTP on the real database.

The clock is injected as in test_deadlines: endpoints take `now` from `get_now`, the sweeper
takes it as an argument.
"""

import uuid
from datetime import datetime, timedelta
from typing import Any

from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.platform.dependencies import get_now
from app.play.deadlines.service import sweep
from app.store.models import Campaign, CampaignEvent, TurnRecord
from tests.factories.battles import declare_field_battle
from tests.factories.flows import THREE, AuthUser, Game, MakeUser, army_of, ok, start_game
from tests.factories.seat_offers import accept, hand_over_accepted
from tests.helpers import assert_problem

DAY = timedelta(days=1)


def parse(value: str) -> datetime:
    return datetime.fromisoformat(value)


def set_clock(app: FastAPI, now: datetime) -> None:
    app.dependency_overrides[get_now] = lambda: now


async def started_at(client: AsyncClient, game: Game) -> datetime:
    return parse((await ok(await client.get(game.url(), headers=game.owner.headers)))["started_at"])


async def player(client: AsyncClient, game: Game, number: int) -> dict[str, Any]:
    players = await ok(await client.get(game.url("/players"), headers=game.owner.headers))
    found: dict[str, Any] = next(p for p in players if p["number"] == number)
    return found


async def events(session: AsyncSession, game: Game, kind: str) -> list[tuple[Any, Any]]:
    rows = await session.scalars(
        select(CampaignEvent)
        .where(CampaignEvent.campaign_id == uuid.UUID(game.id), CampaignEvent.kind == kind)
        .order_by(CampaignEvent.id)
    )
    return [(e.audience, e.payload) for e in rows]


async def hand_over(
    client: AsyncClient, game: Game, number: int, user: AuthUser, headers: dict[str, str]
) -> Any:
    return await client.post(
        game.url(f"/players/{number}/handover"), json={"username": user.username}, headers=headers
    )


# ------------------------------------------------------------------------ seats, holders


async def test_R_CAMP_6_a_seat_handed_over_keeps_everything_and_the_new_holder_sees_it(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice, bob = game.players
    orcs = await army_of(session, game, 2)
    await ok(
        await client.put(
            game.url(f"/armies/{orcs.id}/move"), json={"path": [[7, 2]]}, headers=bob.headers
        )
    )
    sent = {"to": [2], "body": "to the orcs' seat"}
    await ok(await client.post(game.url("/messages"), json=sent, headers=alice.headers), 201)
    seen = {
        path: await ok(await client.get(game.url(path), headers=bob.headers))
        for path in ("/me", "/map", "/armies", "/orders", "/messages")
    }
    carol = await make_user()

    body = await hand_over_accepted(client, game, 2, carol, game.owner.headers)
    assert (body["number"], body["name"], body["faction"]) == (
        2,
        carol.username.title(),
        "orcs_goblins",
    )

    # The new holder sees exactly what the seat saw: gold, map, armies, orders, messages.
    for path, before in seen.items():
        after = await ok(await client.get(game.url(path), headers=carol.headers))
        if path != "/messages":
            assert after == before, path
            continue
        # The same messages; the seat's name is now its new holder's.
        assert [m["recipients"][0]["name"] for m in after["items"]] == [carol.username.title()]
        kept = [(m["id"], m["body"]) for m in after["items"]]
        assert kept == [(m["id"], m["body"]) for m in before["items"]]
        assert [body for _, body in kept] == ["to the orcs' seat"]
    mine = await ok(await client.get("/v1/campaigns", headers=carol.headers))
    assert [(c["id"], c["my_player"]) for c in mine["items"]] == [(game.id, 2)]
    # The previous holder has no seat any more: the campaign is unknown to them.
    for path in ("", "/me", "/map", "/messages"):
        assert_problem(await client.get(game.url(path), headers=bob.headers), 404, "not_found")
    assert (await ok(await client.get("/v1/campaigns", headers=bob.headers)))["items"] == []
    # Everyone is told, by seat number only.
    assert await events(session, game, "seat_handed_over") == [(None, {"player": 2, "turn": 1})]
    holders = await ok(await client.get(game.url("/players/2/holders"), headers=alice.headers))
    assert holders == [
        {"name": bob.user.username.title(), "from_turn": 1, "to_turn": 1, "is_you": False},
        {"name": carol.username.title(), "from_turn": 1, "to_turn": None, "is_you": False},
    ]
    standings = await ok(await client.get(game.url("/standings"), headers=alice.headers))
    assert [(p["name"], p["former_holders"]) for p in standings["players"] if p["player"] == 2] == [
        (carol.username.title(), [bob.user.username.title()])
    ]
    # The new holder plays the seat: the order stands and may be changed by them.
    await ok(await client.delete(game.url(f"/armies/{orcs.id}/move"), headers=carol.headers), 204)


async def test_R_CAMP_6_the_new_holder_reads_the_seats_past_summaries_and_vacation(
    client: AsyncClient, make_user: MakeUser, app: FastAPI
) -> None:
    game = await start_game(client, make_user, settings={"vacation_days": 4})
    alice, bob = game.players
    for p in game.players:
        await ok(await client.put(game.url("/turn/ready"), headers=p.headers))
    await ok(await client.post(game.url("/turn/resolve"), headers=alice.headers))
    summary = await ok(await client.get(game.url("/turns/1/summary"), headers=bob.headers))
    now = await started_at(client, game) + timedelta(hours=1)
    set_clock(app, now)
    await ok(await client.post(game.url("/vacation"), json={"days": 3}, headers=bob.headers))
    carol = await make_user()
    set_clock(app, now + timedelta(hours=12))
    await hand_over_accepted(client, game, 2, carol, alice.headers)

    assert await ok(await client.get(game.url("/turns/1/summary"), headers=carol.headers)) == (
        summary
    )
    # The vacation ends with the handover: the 2 whole days not taken come back to the seat.
    vacation = await ok(await client.get(game.url("/vacation"), headers=carol.headers))
    assert (vacation["until"], vacation["days_used"], vacation["days_left"]) == (None, 1, 3)
    holders = await ok(await client.get(game.url("/players/2/holders"), headers=carol.headers))
    assert [(h["from_turn"], h["to_turn"], h["is_you"]) for h in holders] == [
        (1, 2, False),
        (2, None, True),
    ]


async def test_R_CAMP_6_a_player_offers_their_seat_and_takes_the_offer_back(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    bob = game.players[1]
    assert (await ok(await client.put(game.url("/players/me/offer"), headers=bob.headers)))[
        "offered"
    ] is True
    assert (await player(client, game, 2))["offered"] is True
    assert (await ok(await client.delete(game.url("/players/me/offer"), headers=bob.headers)))[
        "offered"
    ] is False
    await ok(await client.put(game.url("/players/me/offer"), headers=bob.headers))
    assert await events(session, game, "seat_offered") == [
        (None, {"player": 2, "offered": True}),
        (None, {"player": 2, "offered": False}),
        (None, {"player": 2, "offered": True}),
    ]
    # The handover takes the offer away with the seat.
    dave = await make_user()
    assert (await hand_over_accepted(client, game, 2, dave, game.owner.headers))["offered"] is False


async def test_R_CAMP_6_handover_refusals(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user, THREE)
    alice, bob, carol = game.players
    stranger = await make_user()
    # Only the owner hands seats over.
    assert_problem(await hand_over(client, game, 2, stranger, bob.headers), 403, "R-CAMP-1")
    # To someone who exists, does not hold it already and holds no other seat here.
    response = await client.post(
        game.url("/players/2/handover"), json={"username": "nobody_here"}, headers=alice.headers
    )
    assert_problem(response, 422, "R-CAMP-6")
    assert_problem(await hand_over(client, game, 2, bob.user, alice.headers), 409, "R-CAMP-6")
    assert_problem(await hand_over(client, game, 2, carol.user, alice.headers), 409, "R-CAMP-6")
    assert_problem(await hand_over(client, game, 9, stranger, alice.headers), 404, "not_found")
    response = await client.post(
        game.url("/players/2/handover"), json={"username": "x"}, headers=alice.headers
    )
    assert_problem(response, 422, "validation_error")
    # A stranger cannot offer a seat they do not hold: the campaign is unknown to them.
    response = await client.put(game.url("/players/me/offer"), headers=stranger.headers)
    assert_problem(response, 404, "not_found")
    assert [
        p["name"] for p in await ok(await client.get(game.url("/players"), headers=alice.headers))
    ] == [p.user.username.title() for p in game.players]


async def test_R_CAMP_6_handover_with_an_idempotency_key_is_done_once(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    carol = await make_user()
    headers = {**game.owner.headers, "Idempotency-Key": "handover-1"}
    first = await hand_over(client, game, 2, carol, headers)
    again = await hand_over(client, game, 2, carol, headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    await accept(client, carol, game.id)
    holders = await ok(await client.get(game.url("/players/2/holders"), headers=carol.headers))
    assert [h["to_turn"] for h in holders] == [1, None]


async def test_R_CAMP_5_holders_are_named_only_to_the_owner_and_to_themselves(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    alice, bob, carol = game.players
    dave = await make_user()
    await hand_over_accepted(client, game, 2, dave, alice.headers)
    url = game.url("/players/2/holders")
    owner_view = await ok(await client.get(url, headers=alice.headers))
    assert [h["name"] for h in owner_view] == [bob.user.username.title(), dave.username.title()]
    assert [h["name"] for h in await ok(await client.get(url, headers=carol.headers))] == [
        None,
        None,
    ]
    dave_view = await ok(await client.get(url, headers=dave.headers))
    assert [(h["name"], h["is_you"]) for h in dave_view] == [
        (None, False),
        (dave.username.title(), True),
    ]
    standings = await ok(await client.get(game.url("/standings"), headers=carol.headers))
    assert all("former_holders" not in p for p in standings["players"])
    standings = await ok(await client.get(game.url("/standings"), headers=alice.headers))
    assert {p["player"]: p.get("former_holders") for p in standings["players"]} == {
        1: None,
        2: [bob.user.username.title()],
        3: None,
    }
    # The seat's name in the player list stays "Player B" for the other players.
    names = [
        p["name"] for p in await ok(await client.get(game.url("/players"), headers=carol.headers))
    ]
    assert names[1] == "Player B"


# --------------------------------------------------------------- missed turns, stewards


async def test_R_CAMP_7_a_seat_missing_K_deadlines_in_a_row_goes_to_a_steward(
    client: AsyncClient, make_user: MakeUser, app: FastAPI, session: AsyncSession
) -> None:
    settings = {"turn_deadline_hours": 24, "steward_after_missed": 2}
    game = await start_game(client, make_user, settings=settings)
    alice, bob = game.players
    clock = await started_at(client, game)

    async def force() -> None:
        nonlocal clock
        clock += timedelta(hours=25)
        set_clock(app, clock)
        await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
        await ok(await client.post(game.url("/turn/force"), headers=alice.headers))

    await force()
    assert [(p["missed_in_row"], p["inactive"]) for p in [await player(client, game, 2)]] == [
        (1, False)
    ]
    # A ready resets the count in a row; the total stays.
    await ok(await client.put(game.url("/turn/ready"), headers=bob.headers))
    await ok(await client.delete(game.url("/turn/ready"), headers=bob.headers))
    assert (await player(client, game, 2))["missed_in_row"] == 0
    await force()
    assert (await player(client, game, 2))["inactive"] is False
    await force()
    seat = await player(client, game, 2)
    assert (seat["missed_turns"], seat["missed_in_row"], seat["inactive"]) == (3, 2, True)
    assert await events(session, game, "seat_stewarded") == [
        (None, {"player": 2, "missed_in_row": 2, "turn": 3})
    ]
    assert (None, {"player": 2, "inactive": True}) in await events(session, game, "player_status")

    # The steward gives no orders, spends nothing, signs nothing; it is always ready.
    orcs = await army_of(session, game, 2)
    refused = [
        await client.put(
            game.url(f"/armies/{orcs.id}/move"), json={"path": [[7, 2]]}, headers=bob.headers
        ),
        await client.post(game.url(f"/armies/{orcs.id}/upgrade"), headers=bob.headers),
        await client.put(game.url("/turn/ready"), headers=bob.headers),
        await client.post(
            game.url("/edicts"), json={"kind": "embassy", "to": 1}, headers=bob.headers
        ),
        await client.post(game.url("/vacation"), json={"days": 1}, headers=bob.headers),
    ]
    for response in refused:
        assert_problem(response, 409, "R-CAMP-7")
    assert (await ok(await client.get(game.url("/me"), headers=bob.headers)))["gold"] >= 0
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    turn = await ok(await client.get(game.url("/turn"), headers=alice.headers))
    assert (turn["blocked_by"], turn["awaiting_owner"]) == ([], True)
    # The owner makes the seat active again: its holder plays again, the count starts anew.
    body = await ok(
        await client.patch(game.url("/players/2"), json={"inactive": False}, headers=alice.headers)
    )
    assert (body["inactive"], body["missed_in_row"], body["missed_turns"]) == (False, 0, 3)
    await ok(
        await client.put(
            game.url(f"/armies/{orcs.id}/move"), json={"path": [[7, 2]]}, headers=bob.headers
        )
    )


async def test_R_CAMP_7_without_the_setting_no_seat_goes_to_a_steward(
    client: AsyncClient, make_user: MakeUser, app: FastAPI
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    clock = await started_at(client, game)
    for _ in range(3):
        clock += timedelta(hours=25)
        set_clock(app, clock)
        await ok(await client.post(game.url("/turn/force"), headers=game.owner.headers))
    seat = await player(client, game, 2)
    assert (seat["missed_turns"], seat["missed_in_row"], seat["inactive"]) == (3, 3, False)


async def test_R_CAMP_7_handing_a_stewards_seat_over_makes_it_active(
    client: AsyncClient, make_user: MakeUser, app: FastAPI, session: AsyncSession
) -> None:
    settings = {"turn_deadline_hours": 24, "steward_after_missed": 1}
    game = await start_game(client, make_user, settings=settings)
    set_clock(app, await started_at(client, game) + timedelta(hours=25))
    await ok(await client.post(game.url("/turn/force"), headers=game.owner.headers))
    assert (await player(client, game, 2))["inactive"] is True
    erin = await make_user()
    body = await hand_over_accepted(client, game, 2, erin, game.owner.headers)
    assert (body["inactive"], body["missed_in_row"], body["missed_turns"]) == (False, 0, 1)
    orcs = await army_of(session, game, 2)
    await ok(
        await client.put(
            game.url(f"/armies/{orcs.id}/move"), json={"path": [[7, 2]]}, headers=erin.headers
        )
    )


async def test_R_CAMP_7_a_stewards_battles_are_settled_by_the_owner(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    bob = game.players[1]
    battle_id = await declare_field_battle(client, session, game)
    await ok(
        await client.patch(
            game.url("/players/2"), json={"inactive": True}, headers=game.owner.headers
        )
    )
    url = game.url(f"/battles/{battle_id}")
    report = {"outcome": "attacker_victory", "attacker_losses_pct": 0, "defender_losses_pct": 30}
    response = await client.post(url + "/report", json=report, headers=bob.headers)
    assert_problem(response, 409, "R-CAMP-7")
    ruling = {"report": report}
    body = await ok(await client.post(url + "/arbitrate", json=ruling, headers=game.owner.headers))
    assert body["status"] == "confirmed"


# ----------------------------------------------------------------------------- vacations


async def test_R_CAMP_8_a_vacation_pushes_the_deadline_back_and_ending_it_gives_days_back(
    client: AsyncClient, make_user: MakeUser, app: FastAPI, session: AsyncSession
) -> None:
    settings = {"turn_deadline_hours": 24, "vacation_days": 5}
    game = await start_game(client, make_user, settings=settings)
    bob = game.players[1]
    start = await started_at(client, game)
    deadline = start + timedelta(hours=24)
    now = start + timedelta(hours=2)
    set_clock(app, now)

    body = await ok(await client.post(game.url("/vacation"), json={"days": 3}, headers=bob.headers))
    assert (parse(body["until"]), body["days_used"], body["days_left"]) == (now + 3 * DAY, 3, 2)
    assert parse(body["deadline_at"]) == deadline + 3 * DAY
    turn = await ok(await client.get(game.url("/turn"), headers=bob.headers))
    assert parse(turn["deadline_at"]) == deadline + 3 * DAY
    seat = await player(client, game, 2)  # shown to all
    assert (seat["vacation_days_used"], parse(seat["vacation_until"])) == (3, now + 3 * DAY)
    assert_problem(
        await client.post(game.url("/vacation"), json={"days": 1}, headers=bob.headers),
        409,
        "R-CAMP-8",
    )
    # Back after a day and an hour: one whole day unused (1 d 23 h were left) comes back.
    now += DAY + timedelta(hours=1)
    set_clock(app, now)
    body = await ok(await client.delete(game.url("/vacation"), headers=bob.headers))
    assert (body["until"], body["days_used"], body["days_left"]) == (None, 2, 3)
    assert parse(body["deadline_at"]) == deadline + 2 * DAY
    assert_problem(await client.delete(game.url("/vacation"), headers=bob.headers), 409, "R-CAMP-8")
    # Never past the days left.
    response = await client.post(game.url("/vacation"), json={"days": 4}, headers=bob.headers)
    assert_problem(response, 422, "R-CAMP-8")
    assert [
        (e[1]["player"], e[1]["days_used"]) for e in await events(session, game, "vacation_started")
    ] == [(2, 3)]
    assert [
        (e[1]["player"], e[1]["until"]) for e in await events(session, game, "vacation_ended")
    ] == [(2, None)]


async def test_R_CAMP_8_a_turn_starting_during_a_vacation_gets_the_days_still_to_come(
    client: AsyncClient, make_user: MakeUser, app: FastAPI
) -> None:
    settings = {"turn_deadline_hours": 24, "vacation_days": 5}
    game = await start_game(client, make_user, settings=settings)
    alice, bob = game.players
    # Bob declares ready, then leaves for two days; the turn changes without him.
    away = await started_at(client, game) + timedelta(hours=1)
    set_clock(app, away)
    await ok(await client.put(game.url("/turn/ready"), headers=bob.headers))
    until = parse(
        (await ok(await client.post(game.url("/vacation"), json={"days": 2}, headers=bob.headers)))[
            "until"
        ]
    )
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    turn = await ok(await client.post(game.url("/turn/resolve"), headers=alice.headers))
    assert turn["number"] == 2
    assert parse(turn["deadline_at"]) == until + timedelta(hours=24)


async def test_R_CAMP_8_without_vacation_days_none_is_taken(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    bob = game.players[1]
    response = await client.post(game.url("/vacation"), json={"days": 1}, headers=bob.headers)
    assert_problem(response, 422, "R-CAMP-8")
    response = await client.post(game.url("/vacation"), json={"days": 0}, headers=bob.headers)
    assert_problem(response, 422, "validation_error")
    body = await ok(await client.get(game.url("/vacation"), headers=bob.headers))
    assert body == {"until": None, "days_used": 0, "days_left": 0, "deadline_at": None}


# -------------------------------------------------------------------------- grace period


async def due_at(session: AsyncSession, game: Game) -> datetime | None:
    return await session.scalar(
        select(Campaign.change_due_at)
        .where(Campaign.id == uuid.UUID(game.id))
        .execution_options(populate_existing=True)
    )


async def test_R_TURN_7_the_change_waits_the_grace_period_and_a_withdrawal_calls_it_off(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(client, make_user, settings={"auto_resolve": True, "grace_minutes": 10})
    alice, bob = game.players
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    assert await due_at(session, game) is None
    turn = await ok(await client.put(game.url("/turn/ready"), headers=bob.headers))
    assert turn["number"] == 1
    first_due = await due_at(session, game)
    assert first_due is not None
    assert parse(turn["change_due_at"]) == first_due
    assert (turn["blocked_by"], turn["awaiting_owner"]) == ([], False)
    # Anyone may withdraw meanwhile: the change is called off, the sweeper finds nothing due.
    await ok(await client.delete(game.url("/turn/ready"), headers=alice.headers))
    assert await due_at(session, game) is None
    assert (await sweep(sessionmaker, first_due + timedelta(minutes=1))).changed == []
    # Ready again: a new grace period; the sweeper changes the turn when it is over, once.
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    due = await due_at(session, game)
    assert due is not None
    assert due >= first_due
    assert (await sweep(sessionmaker, due - timedelta(seconds=1))).changed == []
    assert (await sweep(sessionmaker, due)).changed == [uuid.UUID(game.id)]
    assert (await sweep(sessionmaker, due + timedelta(minutes=1))).changed == []
    turn = await ok(await client.get(game.url("/turn"), headers=alice.headers))
    assert turn["number"] == 2
    assert await due_at(session, game) is None
    records = await session.scalars(
        select(TurnRecord.number).where(TurnRecord.campaign_id == uuid.UUID(game.id))
    )
    assert list(records) == [1]
    scheduled = await events(session, game, "turn_change_scheduled")
    assert [(a, p["turn"]) for a, p in scheduled] == [(None, 1), (None, 1)]
    assert await events(session, game, "turn_change_called_off") == [(None, {"turn": 1})]


async def test_R_TURN_7_without_a_grace_period_the_last_ready_changes_the_turn_at_once(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"auto_resolve": True})
    for p in game.players:
        turn = await ok(await client.put(game.url("/turn/ready"), headers=p.headers))
    assert turn["number"] == 2
    assert await events(session, game, "turn_change_scheduled") == []
