"""The personal calendar feed (iCalendar): a secret URL per user, created, rotated and revoked
over the API, read without the Authorization header; turn deadlines (R-TURN-3) and agreed
battle play-by dates (R-BAT-8), names as the battle shows them (R-CAMP-5), nothing else."""

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from asgi_lifespan import LifespanManager
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from icalendar import Calendar
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.main import create_app
from app.platform.config import Settings
from app.platform.dependencies import get_now
from app.store.models import CalendarFeed
from tests.conftest import truncate_all
from tests.factories.battles import field_battle
from tests.factories.flows import THREE, AuthUser, MakeUser, register_and_login, start_game
from tests.factories.tracing import exporter, no_otel_env
from tests.helpers import assert_problem

__all__ = ["exporter", "no_otel_env"]  # fixtures, used by name

FEED = "/v1/users/me/calendar-feed"
T0 = datetime(2030, 6, 1, 12, 0, tzinfo=UTC)


async def create_feed(client: AsyncClient, user: AuthUser) -> dict[str, Any]:
    r = await client.post(FEED, headers=user.headers)
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def path_of(created: dict[str, Any]) -> str:
    url: str = created["url"]
    return url.removeprefix("http://test")


async def events_of(client: AsyncClient, created: dict[str, Any]) -> dict[str, Any]:
    """The feed's events by UID, read without any Authorization header."""
    r = await client.get(path_of(created))
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "text/calendar; charset=utf-8"
    calendar = Calendar.from_ical(r.content)
    return {str(e["UID"]): e for e in calendar.walk("VEVENT")}


async def test_R_BAT_8_R_TURN_3_the_feed_lists_deadlines_and_agreed_battle_dates_R_CAMP_5(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    app.dependency_overrides[get_now] = lambda: T0
    settings = {"anonymity": True, "turn_deadline_hours": 48}
    game = await start_game(client, make_user, THREE, settings=settings)
    p1, p2, p3 = game.players
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    date = T0 + timedelta(days=4)
    body = {"date": date.isoformat()}
    r = await client.post(game.url(f"/battles/{bid}/play-by"), json=body, headers=p1.headers)
    assert r.status_code == 200, r.text

    created = await create_feed(client, p2.user)
    assert created["url"] == f"http://test/v1/calendar/{created['token']}.ics"
    # A proposal is not a date yet: only the turn deadline is listed.
    deadline = datetime.fromisoformat(
        (await client.get(game.url("/turn"), headers=p2.headers)).json()["deadline_at"]
    )
    events = await events_of(client, created)
    turn_uid = f"turn-{game.id}-2@marchlords"
    assert list(events) == [turn_uid]
    assert events[turn_uid].decoded("DTSTART") == deadline.replace(microsecond=0)
    assert str(events[turn_uid]["SUMMARY"]) == "Test campaign: turn 2 deadline"

    r = await client.post(game.url(f"/battles/{bid}/play-by/accept"), json=body, headers=p2.headers)
    assert r.status_code == 200, r.text
    events = await events_of(client, created)
    battle_uid = f"battle-{game.id}-{bid}@marchlords"
    assert list(events) == [turn_uid, battle_uid]
    assert events[battle_uid].decoded("DTSTART") == date
    # The two sides see each other's real names, even with anonymity (R-CAMP-5).
    assert str(events[battle_uid]["SUMMARY"]) == (
        f"Test campaign: battle against {p1.user.username.title()}"
    )
    assert "(5, 1)" in str(events[battle_uid]["DESCRIPTION"])
    # Stable UIDs: the same events the next time.
    assert list(await events_of(client, created)) == [turn_uid, battle_uid]

    # Player 3 fights no battle: their feed has the deadline only, and nobody's names.
    third = await create_feed(client, p3.user)
    r = await client.get(path_of(third))
    assert list(await events_of(client, third)) == [turn_uid]
    assert p1.user.username.title().encode() not in r.content
    assert p2.user.username.title().encode() not in r.content
    # A stranger's feed lists nothing of the campaign.
    stranger = await make_user()
    assert list(await events_of(client, await create_feed(client, stranger))) == []
    # A paused campaign's clock stands still: no deadline to show.
    assert (await client.post(game.url("/pause"), headers=game.owner.headers)).status_code == 200
    assert list(await events_of(client, created)) == [battle_uid]


async def test_the_feed_secret_is_rotated_and_revoked_and_stored_hashed(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    alice = await make_user()
    assert_problem(await client.get(FEED, headers=alice.headers), 404, "not_found")
    assert_problem(await client.delete(FEED, headers=alice.headers), 404, "not_found")
    first = await create_feed(client, alice)
    assert (await client.get(path_of(first))).status_code == 200
    read = await client.get(FEED, headers=alice.headers)
    assert read.json() == {"issued_at": first["issued_at"]}
    # Only the digest is stored.
    stored = await session.scalar(
        select(CalendarFeed.token_hash).where(CalendarFeed.user_id == alice.id)
    )
    assert stored is not None
    assert first["token"] not in stored

    second = await create_feed(client, alice)
    assert second["token"] != first["token"]
    assert_problem(await client.get(path_of(first)), 404, "not_found")
    assert (await client.get(path_of(second))).status_code == 200

    r = await client.delete(FEED, headers=alice.headers)
    assert r.status_code == 204
    assert_problem(await client.get(path_of(second)), 404, "not_found")
    assert_problem(await client.get(FEED, headers=alice.headers), 404, "not_found")
    # Unknown and malformed secrets are refused; managing a feed needs a bearer token.
    assert_problem(await client.get(f"/v1/calendar/{'A' * 43}.ics"), 404, "not_found")
    assert_problem(await client.get("/v1/calendar/short.ics"), 422, "validation_error")
    assert_problem(await client.post(FEED), 401, "unauthorized")


async def test_the_access_log_never_shows_the_feed_secret(
    client: AsyncClient, make_user: MakeUser, caplog: pytest.LogCaptureFixture
) -> None:
    created = await create_feed(client, await make_user())
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="app.access"):
        assert (await client.get(path_of(created))).status_code == 200
    access = [r for r in caplog.records if r.name == "app.access"]
    assert [getattr(r, "path", None) for r in access] == ["/v1/calendar/***.ics"]
    assert all(created["token"] not in r.getMessage() for r in access)


async def test_R_TURN_3_the_game_master_sees_the_deadlines_of_the_campaigns_they_run(
    client: AsyncClient, make_user: MakeUser
) -> None:
    games = [
        await start_game(client, make_user, settings={"turn_deadline_hours": h}, owner_plays=False)
        for h in (24, 48)
    ]
    master = await create_feed(client, games[0].owner)
    assert list(await events_of(client, master)) == [f"turn-{games[0].id}-1@marchlords"]
    player = await create_feed(client, games[1].players[0].user)
    assert list(await events_of(client, player)) == [f"turn-{games[1].id}-1@marchlords"]


async def test_a_traced_feed_request_keeps_the_secret_out_of_its_span(
    settings: Settings,
    database_url: str,
    fast_password_hashing: None,
    exporter: InMemorySpanExporter,
) -> None:
    """With tracing on, the server span of a feed read shows the path masked (like the log)."""
    app = create_app(settings)
    try:
        async with LifespanManager(app):
            transport = ASGITransport(app=app)
            async with AsyncClient(transport=transport, base_url="http://test") as client:
                created = await create_feed(client, await register_and_login(client))
                assert (await client.get(path_of(created))).status_code == 200
    finally:
        await truncate_all(database_url)
    spans = exporter.get_finished_spans()
    [server] = [
        s for s in spans if s.kind is SpanKind.SERVER and s.name.startswith("GET /v1/calendar/")
    ]
    attributes = dict(server.attributes or {})
    assert "/v1/calendar/***.ics" in attributes.values()
    assert not [s for s in spans if created["token"] in str(dict(s.attributes or {}))]


async def test_the_feed_speaks_its_owners_saved_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """A calendar application fetches the feed, not the user: its entries are in the owner's
    saved language whatever the fetch's `Accept-Language`."""
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    p1 = game.players[0]
    created = await create_feed(client, p1.user)
    uid = f"turn-{game.id}-1@marchlords"
    english = (await events_of(client, created))[uid]
    assert str(english["SUMMARY"]) == "Test campaign: turn 1 deadline"

    saved = await client.patch("/v1/users/me", json={"language": "fr"}, headers=p1.headers)
    assert saved.status_code == 200, saved.text
    french = (await events_of(client, created))[uid]
    assert str(french["SUMMARY"]) == "Test campaign\u00a0: échéance du tour 1"
    assert str(french["DESCRIPTION"]) == (
        "L'échéance du tour\u00a0: déclarez-vous prêt avant elle (R-TURN-3)."
    )
