"""Battles that don't stall: play-by dates (R-BAT-8), automatic confirmation (R-BAT-9) and
edited reports (R-BAT-10), over HTTP on the real database.

The clock is injected (`get_now` for the endpoints, `now` for the sweeper): no test sleeps.
"""

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.platform.dependencies import get_now
from app.play.deadlines.service import sweep
from app.store.models import CampaignEvent
from tests.factories.battles import act, field_battle, get_battle, result
from tests.factories.flows import THREE, Game, MakeUser, gold_and_ledger, start_game
from tests.factories.planting import place, where
from tests.helpers import assert_problem

T0 = datetime(2030, 6, 1, 12, 0, tzinfo=UTC)
AUTO = {"battle_auto_confirm_hours": 24}


def set_clock(app: FastAPI, now: datetime) -> None:
    app.dependency_overrides[get_now] = lambda: now


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def parse(value: str) -> datetime:
    return datetime.fromisoformat(value)


async def events(session: AsyncSession, game: Game, kind: str) -> list[tuple[Any, Any]]:
    rows = await session.scalars(
        select(CampaignEvent)
        .where(CampaignEvent.campaign_id == uuid.UUID(game.id), CampaignEvent.kind == kind)
        .order_by(CampaignEvent.id)
    )
    return [(e.audience, e.payload) for e in rows]


async def propose(
    client: AsyncClient, game: Game, headers: dict[str, str], bid: int, date: datetime | str
) -> Any:
    body = {"date": date if isinstance(date, str) else iso(date)}
    return await client.post(game.url(f"/battles/{bid}/play-by"), json=body, headers=headers)


async def accept(
    client: AsyncClient, game: Game, headers: dict[str, str], bid: int, date: datetime
) -> Any:
    return await client.post(
        game.url(f"/battles/{bid}/play-by/accept"), json={"date": iso(date)}, headers=headers
    )


# ----------------------------------------------------------------------- play-by dates


async def test_R_BAT_8_one_side_proposes_the_other_accepts_counter_proposals_replace(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    p1, p2, p3 = game.players
    set_clock(app, T0)
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    assert (battle["play_by"], battle["play_by_proposal"]) == (None, None)

    first, second = T0 + timedelta(days=3), T0 + timedelta(days=5, hours=2)
    r = await propose(client, game, p1.headers, bid, first)
    assert r.status_code == 200, r.text
    assert r.json()["play_by_proposal"] == {"date": iso(first), "side": "attacker"}
    # Nobody accepts their own side's proposal.
    assert_problem(await accept(client, game, p1.headers, bid, first), 403, "R-BAT-8")
    # The other side counter-proposes: it replaces the one waiting.
    r = await propose(client, game, p2.headers, bid, second)
    assert r.json()["play_by_proposal"] == {"date": iso(second), "side": "defender"}
    assert_problem(await accept(client, game, p2.headers, bid, second), 403, "R-BAT-8")
    # Accepting names the date: the one replaced is refused.
    r = await accept(client, game, p1.headers, bid, first)
    assert "another date" in assert_problem(r, 409, "R-BAT-8")["detail"]
    r = await accept(client, game, p1.headers, bid, second)
    assert r.status_code == 200, r.text
    assert (r.json()["play_by"], r.json()["play_by_proposal"]) == (iso(second), None)
    # A retried acceptance changes nothing; with nothing waiting, another date is refused.
    assert (await accept(client, game, p1.headers, bid, second)).json()["play_by"] == iso(second)
    assert_problem(await accept(client, game, p1.headers, bid, first), 409, "R-BAT-8")

    # Both sides see the date; so does an onlooker who sees the battle (R-FOG-4)...
    assert (await get_battle(client, game, p2, bid))["play_by"] == iso(second)
    assert_problem(
        await client.get(game.url(f"/battles/{bid}"), headers=p3.headers), 404, "not_found"
    )
    # ...and a player who cannot see it is refused as for a battle that does not exist.
    r = await propose(client, game, p3.headers, bid, first)
    assert_problem(r, 404, "not_found")
    r = await propose(client, game, p3.headers, 999_999, first)
    assert_problem(r, 404, "not_found")
    await place(session, game, 3, (6, 0))
    seen = await get_battle(client, game, p3, bid)
    assert (seen["play_by"], seen["auto_confirm_at"]) == (iso(second), None)
    assert_problem(await propose(client, game, p3.headers, bid, first), 403, "R-BAT-8")

    # The participants were told, nobody else (R-FOG-3).
    assert await events(session, game, "battle_date_proposed") == [
        ([1, 2], {"battle_id": bid, "date": iso(first).replace("Z", "+00:00"), "side": "attacker"}),
        (
            [1, 2],
            {"battle_id": bid, "date": iso(second).replace("Z", "+00:00"), "side": "defender"},
        ),
    ]
    assert await events(session, game, "battle_date_agreed") == [
        ([1, 2], {"battle_id": bid, "date": iso(second).replace("Z", "+00:00")})
    ]


async def test_R_BAT_8_dates_are_in_the_future_within_90_days_and_only_while_pending(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    set_clock(app, T0)
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    assert_problem(await propose(client, game, p1.headers, bid, T0), 422, "R-BAT-8")
    late = T0 + timedelta(days=90, seconds=1)
    assert_problem(await propose(client, game, p1.headers, bid, late), 422, "R-BAT-8")
    # A date without its offset is not a date: the field is invalid.
    r = await propose(client, game, p1.headers, bid, "2030-06-03T12:00:00")
    assert_problem(r, 422, "validation_error")
    r = await propose(client, game, p1.headers, bid, "0001-01-01T00:00:00+01:00")
    assert_problem(r, 422, "validation_error")
    # Any offset is the same instant, kept in UTC to the second.
    r = await propose(client, game, p1.headers, bid, "2030-06-03T14:00:00.750+02:00")
    assert r.json()["play_by_proposal"]["date"] == "2030-06-03T12:00:00Z"
    ok = T0 + timedelta(days=90)
    assert (await propose(client, game, p1.headers, bid, ok)).status_code == 200
    # A proposal that passed before it was accepted is refused.
    set_clock(app, ok + timedelta(minutes=1))
    assert_problem(await accept(client, game, p2.headers, bid, ok), 422, "R-BAT-8")

    set_clock(app, T0)
    r = await act(client, game, p1.headers, bid, "report", result("draw", 0, 0))
    assert r.status_code == 200, r.text
    assert (await act(client, game, p2.headers, bid, "confirm")).status_code == 200
    r = await propose(client, game, p1.headers, bid, T0 + timedelta(days=1))
    assert_problem(r, 409, "R-BAT-8")


async def test_R_BAT_8_a_retried_proposal_with_its_idempotency_key_is_replayed(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    game = await start_game(client, make_user)
    p1 = game.players[0]
    set_clock(app, T0)
    battle, _, _ = await field_battle(client, session, game)
    url = game.url(f"/battles/{battle['id']}/play-by")
    headers = {**p1.headers, "Idempotency-Key": "date-1"}
    body = {"date": iso(T0 + timedelta(days=2))}
    first = await client.post(url, json=body, headers=headers)
    again = await client.post(url, json=body, headers=headers)
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert len(await events(session, game, "battle_date_proposed")) == 1


async def test_R_BAT_8_a_seat_held_by_a_steward_agrees_no_date_R_CAMP_7(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    set_clock(app, T0)
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    date = T0 + timedelta(days=2)
    assert (await propose(client, game, p1.headers, bid, date)).status_code == 200
    r = await client.patch(
        game.url("/players/2"), json={"inactive": True}, headers=game.owner.headers
    )
    assert r.status_code == 200, r.text
    assert_problem(await accept(client, game, p2.headers, bid, date), 409, "R-CAMP-7")
    assert_problem(await propose(client, game, p2.headers, bid, date), 409, "R-CAMP-7")


# ---------------------------------------------------------------------- edited reports


async def test_R_BAT_10_the_reporter_edits_until_answered_the_other_side_is_told(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    set_clock(app, T0)
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    url = game.url(f"/battles/{bid}/report")
    # Nothing to edit before a report.
    r = await client.put(url, json=result("draw", 0, 0), headers=p1.headers)
    assert_problem(r, 409, "R-BAT-10")
    r = await act(client, game, p1.headers, bid, "report", result("attacker_victory", 10, 50))
    assert r.json()["report"]["version"] == 1
    # Only the reporter edits.
    r = await client.put(url, json=result("defender_victory", 50, 10), headers=p2.headers)
    assert_problem(r, 403, "R-BAT-10")
    edited = await client.put(url, json=result("attacker_victory", 20, 50), headers=p1.headers)
    assert edited.status_code == 200, edited.text
    report = edited.json()["report"]
    assert (report["version"], report["attacker_losses_pct"]) == (2, 20)
    # The same report again is no edit: no new version, nobody told again.
    same = await client.put(url, json=result("attacker_victory", 20, 50), headers=p1.headers)
    assert same.json()["report"]["version"] == 2
    assert await events(session, game, "battle_report_edited") == [
        ([1, 2], {"battle_id": bid, "status": "reported", "reported_by": 1, "version": 2})
    ]
    # An edit is checked like a report (R-BAT-6: losses are percentages).
    r = await client.put(url, json=result("draw", 101, 0), headers=p1.headers)
    assert_problem(r, 422, "R-BAT-6")

    # A confirmation naming a version confirms only that one.
    stale = await client.post(game.url(f"/battles/{bid}/confirm?version=1"), headers=p2.headers)
    assert "version 2" in assert_problem(stale, 409, "R-BAT-10")["detail"]
    r = await client.post(game.url(f"/battles/{bid}/confirm?version=2"), headers=p2.headers)
    assert r.status_code == 200, r.text
    assert r.json()["report"]["attacker_losses_pct"] == 20
    # Answered: no more edits.
    r = await client.put(url, json=result("draw", 0, 0), headers=p1.headers)
    assert_problem(r, 409, "R-BAT-5")


async def test_R_BAT_10_a_rejected_report_is_not_edited_but_reported_again(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    await act(client, game, p1.headers, bid, "report", result("attacker_victory", 10, 50))
    r = await act(client, game, p2.headers, bid, "reject", {"reason": "No."})
    assert r.status_code == 200, r.text
    url = game.url(f"/battles/{bid}/report")
    r = await client.put(url, json=result("draw", 0, 0), headers=p1.headers)
    assert_problem(r, 409, "R-BAT-10")
    r = await act(client, game, p1.headers, bid, "report", result("draw", 0, 0))
    assert r.json()["report"]["version"] == 2


# --------------------------------------------------------------- automatic confirmation


async def test_R_BAT_9_an_unanswered_report_confirms_itself_once_an_edit_restarts_the_clock(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    app: FastAPI,
) -> None:
    game = await start_game(client, make_user, THREE, settings=AUTO)
    p1, p2, p3 = game.players
    set_clock(app, T0)
    battle, a1, a2 = await field_battle(client, session, game)
    bid = battle["id"]
    assert battle["auto_confirm_at"] is None
    r = await act(client, game, p1.headers, bid, "report", result("attacker_victory", 0, 60))
    assert parse(r.json()["auto_confirm_at"]) == T0 + timedelta(hours=24)
    # An onlooker sees the battle, not its clock (like its report).
    await place(session, game, 3, (6, 0))
    assert (await get_battle(client, game, p3, bid))["auto_confirm_at"] is None

    assert (await sweep(sessionmaker, T0 + timedelta(hours=23))).auto_confirmed == {}
    # Edited at hour 20: the other side gets its full 24 hours again.
    set_clock(app, T0 + timedelta(hours=20))
    url = game.url(f"/battles/{bid}/report")
    r = await client.put(url, json=result("attacker_victory", 0, 70), headers=p1.headers)
    assert parse(r.json()["auto_confirm_at"]) == T0 + timedelta(hours=44)
    assert (await sweep(sessionmaker, T0 + timedelta(hours=25))).auto_confirmed == {}
    assert (await get_battle(client, game, p2, bid))["status"] == "reported"

    report = await sweep(sessionmaker, T0 + timedelta(hours=44))
    assert report.auto_confirmed == {uuid.UUID(game.id): [bid]}
    # The effects of a confirmation (R-BAT-7): the beaten defender lost a tier and retreated,
    # the winner advanced; the same live event as a confirmation by hand.
    body = await get_battle(client, game, p2, bid)
    assert (body["status"], body["auto_confirm_at"], body["report"]["version"]) == (
        "confirmed",
        None,
        2,
    )
    assert await where(session, game, a1) == (5, 1, 1)
    assert await where(session, game, a2) != (5, 1, 1)
    assert await events(session, game, "battle_confirmed") == [
        ([1, 2], {"battle_id": bid, "status": "confirmed", "outcome": "attacker_victory"})
    ]
    # Exactly once: a later pass finds nothing, and the other side's answer comes too late.
    assert (await sweep(sessionmaker, T0 + timedelta(hours=50))).auto_confirmed == {}
    r = await act(client, game, p2.headers, bid, "reject", {"reason": "Too late?"})
    assert_problem(r, 409, "R-BAT-5")
    for number in (1, 2):
        gold, ledger = await gold_and_ledger(session, game, number)
        assert gold == ledger


async def test_R_BAT_9_a_rejection_before_the_time_stops_the_clock(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    app: FastAPI,
) -> None:
    game = await start_game(client, make_user, settings=AUTO)
    p1, p2 = game.players
    set_clock(app, T0)
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    await act(client, game, p1.headers, bid, "report", result("attacker_victory", 0, 60))
    r = await act(client, game, p2.headers, bid, "reject", {"reason": "We drew."})
    assert (r.json()["status"], r.json()["auto_confirm_at"]) == ("disputed", None)
    assert (await sweep(sessionmaker, T0 + timedelta(days=3))).auto_confirmed == {}
    assert (await get_battle(client, game, p2, bid))["status"] == "disputed"


async def test_R_BAT_9_off_without_the_setting_and_paused_campaigns_shift_the_clock(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    app: FastAPI,
) -> None:
    game = await start_game(client, make_user)
    set_clock(app, T0)
    battle, _, _ = await field_battle(client, session, game)
    p1 = game.players[0]
    r = await act(client, game, p1.headers, battle["id"], "report", result("draw", 0, 0))
    assert r.json()["auto_confirm_at"] is None
    assert (await sweep(sessionmaker, T0 + timedelta(days=30))).auto_confirmed == {}

    game = await start_game(client, make_user, settings={"battle_auto_confirm_hours": 10})
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    p1, p2 = game.players
    await act(client, game, p1.headers, bid, "report", result("draw", 0, 0))
    set_clock(app, T0 + timedelta(hours=2))
    assert (await client.post(game.url("/pause"), headers=game.owner.headers)).status_code == 200
    # Paused: nothing confirms itself...
    assert (await sweep(sessionmaker, T0 + timedelta(hours=11))).auto_confirmed == {}
    set_clock(app, T0 + timedelta(hours=7))
    assert (await client.post(game.url("/resume"), headers=game.owner.headers)).status_code == 200
    # ...and the five hours paused are given back.
    body = await get_battle(client, game, p2, bid)
    assert parse(body["auto_confirm_at"]) == T0 + timedelta(hours=15)
    assert (await sweep(sessionmaker, T0 + timedelta(hours=14))).auto_confirmed == {}
    report = await sweep(sessionmaker, T0 + timedelta(hours=15))
    assert report.auto_confirmed == {uuid.UUID(game.id): [bid]}


async def test_R_BAT_9_the_setting_has_a_published_range(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    maps = (await client.get("/v1/maps", headers=owner.headers)).json()["items"]
    body = {
        "name": "Too long",
        "map_id": maps[0]["id"],
        "settings": {"battle_auto_confirm_hours": 24 * 30 + 1},
    }
    r = await client.post("/v1/campaigns", json=body, headers=owner.headers)
    assert_problem(r, 422, "validation_error")
