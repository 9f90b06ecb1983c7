"""Web Push (issue 46), one channel of the notification pipeline: its key and subscriptions over
HTTP, and the pipeline's rules (per-kind preferences, quiet hours, vacation, the collapse
window) on what a local push service receives, decrypted as the browser would."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.main import create_app
from app.platform.config import Settings
from app.platform.db.base import utcnow
from tests.factories.flows import MakeUser, change_turn, start_game
from tests.factories.push import Browser, PushService, send, subscribe
from tests.factories.push import app as app  # a fixture
from tests.factories.push import push_service as push_service  # a fixture
from tests.factories.push import push_settings as push_settings  # a fixture
from tests.helpers import assert_problem

SUBSCRIPTIONS = "/v1/users/me/push-subscriptions"


async def test_with_no_vapid_key_push_is_off_and_subscribing_is_refused(
    settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    make_user: MakeUser,
    client: AsyncClient,
    fast_password_hashing: None,
) -> None:
    off: FastAPI = create_app(settings)
    off.state.sessionmaker = sessionmaker
    user = await make_user()  # through the push app; the database is the same
    async with AsyncClient(transport=ASGITransport(app=off), base_url="http://test") as other:
        key = await other.get("/v1/push/key")
        assert key.status_code == 200
        assert key.json() == {"enabled": False, "public_key": None}
        refused = await other.post(
            SUBSCRIPTIONS,
            json=Browser().subscription("https://push.example.org/x"),
            headers=user.headers,
        )
        assert_problem(refused, 409, "push_disabled")


async def test_the_key_is_an_uncompressed_p256_point_readable_without_signing_in(
    client: AsyncClient,
) -> None:
    answer = await client.get("/v1/push/key")
    assert answer.status_code == 200
    found = answer.json()
    assert found["enabled"] is True
    raw = __import__("base64").urlsafe_b64decode(found["public_key"] + "=")
    assert len(raw) == 65
    assert raw[0] == 4


async def test_subscriptions_are_listed_kept_once_and_deleted(
    client: AsyncClient, make_user: MakeUser, push_service: PushService
) -> None:
    user = await make_user()
    browser = Browser()
    created = await subscribe(client, user, browser, push_service.url("/b"))
    assert created["user_agent"] == "Firefox/140"
    assert created["endpoint"] == push_service.url("/b")
    listed = (await client.get(SUBSCRIPTIONS, headers=user.headers)).json()
    assert [s["id"] for s in listed["items"]] == [created["id"]]
    gone = await client.delete(f"{SUBSCRIPTIONS}/{created['id']}", headers=user.headers)
    assert gone.status_code == 204
    assert (await client.get(SUBSCRIPTIONS, headers=user.headers)).json() == {"items": []}
    again = await client.delete(f"{SUBSCRIPTIONS}/{created['id']}", headers=user.headers)
    assert_problem(again, 404, "not_found")


async def test_push_follows_the_per_kind_preference(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    p2 = game.players[1]
    browser = Browser()
    await subscribe(client, p2.user, browser, push_service.url("/p2"))
    wishes = {"kinds": {"turn_started": {"push": "off"}, "last_not_ready": {"push": "off"}}}
    saved = await client.put("/v1/users/me/notifications", json=wishes, headers=p2.headers)
    assert saved.status_code == 200, saved.text
    assert saved.json()["kinds"]["turn_started"]["push"] == "off"
    await change_turn(client, game)
    await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    tags = [browser.read(m)["tag"] for m in push_service.of("/p2")]
    assert tags == [f"{game.id}:summary_ready:turn"]


async def test_push_waits_out_quiet_hours_and_is_muted_on_vacation(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    await subscribe(client, p1.user, Browser(), push_service.url("/p1"))
    await subscribe(client, p2.user, Browser(), push_service.url("/p2"))
    paris = datetime.now(ZoneInfo("Europe/Paris"))
    begin, end = (paris - timedelta(hours=1)).time(), (paris + timedelta(hours=2)).time()
    quiet = {
        "time_zone": "Europe/Paris",
        "quiet_start": begin.strftime("%H:%M"),
        "quiet_end": end.strftime("%H:%M"),
    }
    assert (
        await client.put("/v1/users/me/notifications", json=quiet, headers=p2.headers)
    ).is_success
    away = {"vacation": True}
    assert (
        await client.put("/v1/users/me/notifications", json=away, headers=p1.headers)
    ).is_success
    await change_turn(client, game)
    report = await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    assert push_service.received == []
    assert report.postponed != []  # p2's: they go when the quiet hours end
    assert report.muted != []  # p1's: never
    await send(sessionmaker, push_settings, utcnow() + timedelta(hours=2, minutes=5))
    assert push_service.of("/p2") != []
    assert push_service.of("/p1") == []


async def test_a_newer_notice_about_the_same_subject_replaces_one_not_sent(
    client: AsyncClient,
    make_user: MakeUser,
    push_service: PushService,
    sessionmaker: async_sessionmaker[AsyncSession],
    push_settings: Settings,
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    p2 = game.players[1]
    browser = Browser()
    await subscribe(client, p2.user, browser, push_service.url("/p2"))
    await change_turn(client, game)
    await change_turn(client, game)  # before any push: replaces turn 2's
    await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=1))
    started = [
        browser.read(m)
        for m in push_service.of("/p2")
        if browser.read(m)["tag"].endswith(":turn_started:turn")
    ]
    assert len(started) == 1
    assert "3" in started[0]["body"]
    # Within the window of the one delivered: held back (the inbox has it).
    await change_turn(client, game)
    before = len(push_service.of("/p2"))
    await send(sessionmaker, push_settings, utcnow() + timedelta(seconds=2))
    tags = [browser.read(m)["tag"] for m in push_service.of("/p2")[before:]]
    assert not any(t.endswith(":turn_started:turn") for t in tags)
