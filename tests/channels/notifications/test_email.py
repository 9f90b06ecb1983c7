"""Email (issue 28) through a real SMTP server in the test process (aiosmtpd on 127.0.0.1):
confirmation by a single-use expiring link, delivery with text and HTML parts, the RFC 8058
one-click unsubscribe headers and POST, retries after a refusal, quiet hours in the user's
time zone across its midnight."""

import re
import uuid
from datetime import datetime, time, timedelta
from email.message import EmailMessage
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications import messages, outbox, presence
from app.channels.notifications.email import CONFIRMATION, send_due
from app.channels.password_reset.service import RESET_PER_ACCOUNT, RESET_PER_ADDRESS
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.store.models import Campaign, EmailDelivery, PasswordReset, UserEmail
from app.store.models.notification import DeliveryStatus, StreamPresence
from tests.factories.flows import AuthUser, Game, MakeUser, change_turn, start_game
from tests.factories.mail import PUBLIC, Mailbox
from tests.factories.mail import email_settings as email_settings  # a fixture
from tests.factories.mail import mailbox as mailbox  # a fixture
from tests.factories.mail import smtp as smtp  # a fixture
from tests.factories.webhooks import Receiver, deliver, register
from tests.factories.webhooks import receiver as receiver  # a fixture
from tests.helpers import assert_problem


@pytest.fixture
def app(
    email_settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> FastAPI:
    application = create_app(email_settings)
    application.state.sessionmaker = sessionmaker
    return application


def _body(message: EmailMessage, subtype: str) -> str:
    part = message.get_body(preferencelist=(subtype,))
    assert part is not None, f"no text/{subtype} part"
    assert isinstance(part, EmailMessage)
    content: str = part.get_content()
    return content


def _link(message: EmailMessage, path: str) -> str:
    found = re.search(re.escape(f"{PUBLIC}{path}") + r"([A-Za-z0-9_\-]+)", _body(message, "plain"))
    assert found, _body(message, "plain")
    return found.group(1)


async def _set_address(client: AsyncClient, user: AuthUser, address: str) -> dict[str, Any]:
    response = await client.put(
        "/v1/users/me/email", json={"address": address}, headers=user.headers
    )
    assert response.status_code == 202, response.text
    found: dict[str, Any] = response.json()
    return found


async def _confirmed(
    client: AsyncClient,
    user: AuthUser,
    address: str,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
) -> None:
    await _set_address(client, user, address)
    await send_due(sessionmaker, settings, utcnow() + timedelta(seconds=1))
    token = _link(mailbox.to(address)[-1], "/v1/email/confirm/")
    assert (await client.post(f"/v1/email/confirm/{token}")).status_code == 200


async def _queued(session: AsyncSession, user: AuthUser) -> int:
    count = await session.scalar(
        select(func.count())
        .select_from(EmailDelivery)
        .where(EmailDelivery.user_id == user.id, EmailDelivery.kind != CONFIRMATION)
    )
    return count or 0


async def test_an_address_is_confirmed_by_its_link_before_anything_else_is_sent(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    shown = await _set_address(client, p2.user, "p2@example.org")
    assert shown == {
        "address": "p2@example.org",
        "confirmed": False,
        "confirmed_at": None,
        "unsubscribed": False,
    }
    await change_turn(client, game)
    assert await _queued(session, p2.user) == 0  # unconfirmed: nothing but the confirmation
    report = await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    assert len(report.delivered) == 1
    (confirmation,) = mailbox.to("p2@example.org")
    assert confirmation["Subject"] == "Confirm your email address for Marchlords"
    assert confirmation["From"] == "Marchlords <noreply@marchlords.test>"
    token = _link(confirmation, "/v1/email/confirm/")
    assert f"{PUBLIC}/v1/email/confirm/{token}" in _body(confirmation, "html")

    # The link's page changes nothing (prefetchers and scanners GET links); its button posts.
    page = await client.get(f"/v1/email/confirm/{token}")
    assert page.status_code == 200
    assert "<form method='post'" in page.text
    me = await client.get("/v1/users/me/email", headers=p2.headers)
    assert me.json()["confirmed"] is False
    confirmed = await client.post(f"/v1/email/confirm/{token}")  # no sign-in needed
    assert confirmed.status_code == 200, confirmed.text
    me = await client.get("/v1/users/me/email", headers=p2.headers)
    assert me.json()["confirmed"] is True
    # Single use.
    assert_problem(await client.post(f"/v1/email/confirm/{token}"), 404, "not_found")
    # The sent message's bodies (holding the link) are gone from the database.
    row = await session.scalar(select(EmailDelivery).where(EmailDelivery.kind == CONFIRMATION))
    assert row is not None
    await session.refresh(row)
    assert row.text_body == ""
    assert row.status is DeliveryStatus.DELIVERED


async def test_notifications_arrive_with_both_parts_and_one_click_unsubscribe(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    p2 = game.players[1]
    address = "p2@example.org"
    await _confirmed(client, p2.user, address, mailbox, sessionmaker, email_settings)
    await change_turn(client, game)
    report = await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    assert len(report.delivered) == 3
    # p2 declared ready last. The three are sent side by side (MARCHLORDS_SMTP_MAX_CONCURRENT),
    # so they may arrive in any order: taken by subject (Everyone…, Turn…, Your summary…).
    alone, turn, summary = sorted(mailbox.to(address)[1:], key=lambda m: str(m["Subject"]))
    assert alone["Subject"].startswith("Test campaign: Everyone else in Test campaign is ready")
    assert turn["Subject"].startswith("Test campaign: Turn 2 of Test campaign has begun")
    assert summary["Subject"] == "Test campaign: Your summary of turn 1 of Test campaign is ready."
    for message in (summary, turn):
        assert message.is_multipart()
        assert message.get_content_type() == "multipart/alternative"
        unsubscribe = message["List-Unsubscribe"]
        assert re.fullmatch(
            re.escape(f"<{PUBLIC}/v1/email/unsubscribe/") + r"[\w\-]+>", unsubscribe
        )
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"{PUBLIC}/v1/campaigns/{game.id}/turn" in _body(turn, "plain")
    assert f'href="{PUBLIC}/v1/campaigns/{game.id}/turn"' in _body(turn, "html")
    # Each message has its own unsubscribe link.
    assert summary["List-Unsubscribe"] != turn["List-Unsubscribe"]

    # One click, as a mail client does it (RFC 8058): a POST of the form, without signing in.
    url = turn["List-Unsubscribe"].strip("<>").removeprefix(PUBLIC)
    page = await client.get(url)
    assert page.status_code == 200
    assert "Unsubscribe" in page.text
    assert (await client.get("/v1/users/me/email", headers=p2.headers)).json()[
        "unsubscribed"
    ] is False
    clicked = await client.post(
        url,
        content="List-Unsubscribe=One-Click",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert clicked.status_code == 200, clicked.text
    assert (await client.get("/v1/users/me/email", headers=p2.headers)).json()[
        "unsubscribed"
    ] is True
    before = await _queued(session, p2.user)
    await change_turn(client, game)
    assert await _queued(session, p2.user) == before  # nothing more is written
    assert_problem(await client.post("/v1/email/unsubscribe/" + "x" * 43), 404, "not_found")


async def test_an_expired_confirmation_link_confirms_nothing(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    user = await make_user()
    await _set_address(client, user, "late@example.org")
    await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    token = _link(mailbox.to("late@example.org")[0], "/v1/email/confirm/")
    row = await session.get(UserEmail, user.id)
    assert row is not None
    row.confirm_expires_at = utcnow() - timedelta(seconds=1)
    await session.flush()
    assert_problem(await client.post(f"/v1/email/confirm/{token}"), 404, "not_found")
    assert (await client.get("/v1/users/me/email", headers=user.headers)).json()[
        "confirmed"
    ] is False


async def test_a_refused_message_is_retried_later_and_a_final_refusal_given_up(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    user = await make_user()
    mailbox.refuse = ["451 4.3.0 Try again later"]
    await _set_address(client, user, "retry@example.org")
    now = utcnow() + timedelta(seconds=1)
    first = await send_due(sessionmaker, email_settings, now)
    assert len(first.failed) == 1
    assert first.given_up == []
    assert mailbox.messages == []
    row = await session.scalar(select(EmailDelivery).where(EmailDelivery.user_id == user.id))
    assert row is not None
    await session.refresh(row)
    assert row.status is DeliveryStatus.PENDING
    assert row.attempts == 1
    assert row.last_error is not None
    assert "451" in row.last_error
    assert row.next_attempt_at > now  # backoff: not due at once
    assert (await send_due(sessionmaker, email_settings, now)).delivered == []
    later = await send_due(sessionmaker, email_settings, now + timedelta(hours=1))
    assert later.delivered == [row.id]
    assert len(mailbox.to("retry@example.org")) == 1

    other = await make_user()
    mailbox.refuse = ["550 5.1.1 No such user"]
    await _set_address(client, other, "gone@example.org")
    final = await send_due(sessionmaker, email_settings, now + timedelta(hours=2))
    assert len(final.given_up) == 1
    assert (await send_due(sessionmaker, email_settings, now + timedelta(days=1))).delivered == []


async def test_email_waits_out_quiet_hours_across_the_users_midnight(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    game: Game = await start_game(client, make_user)
    p2 = game.players[1]
    address = "night@example.org"
    await _confirmed(client, p2.user, address, mailbox, sessionmaker, email_settings)
    zone = ZoneInfo("America/New_York")
    prefs = {"time_zone": "America/New_York", "quiet_start": "22:00", "quiet_end": "07:00"}
    response = await client.put("/v1/users/me/notifications", json=prefs, headers=p2.headers)
    assert response.status_code == 200, response.text
    await change_turn(client, game)
    tomorrow = (utcnow().astimezone(zone) + timedelta(days=1)).date()
    evening = datetime.combine(tomorrow, time(22, 30), tzinfo=zone)  # local day D, UTC D+1
    after_midnight = datetime.combine(tomorrow + timedelta(days=1), time(0, 30), tzinfo=zone)
    morning = datetime.combine(tomorrow + timedelta(days=1), time(7, 0), tzinfo=zone)
    sent_before = len(mailbox.messages)
    held = await send_due(sessionmaker, email_settings, evening)
    assert len(held.postponed) == 3  # p2 alone not ready, the summary, the new turn
    assert held.delivered == []
    assert (await send_due(sessionmaker, email_settings, after_midnight)).delivered == []
    assert len(mailbox.messages) == sent_before
    woke = await send_due(sessionmaker, email_settings, morning)
    assert len(woke.delivered) == 3


async def test_an_address_cannot_be_set_when_email_is_off(
    client: AsyncClient, make_user: MakeUser, settings: Settings, app: FastAPI
) -> None:
    app.state.settings = settings  # no SMTP host
    user = await make_user()
    response = await client.put(
        "/v1/users/me/email", json={"address": "a@example.org"}, headers=user.headers
    )
    assert_problem(response, 409, "email_disabled")
    bad = await client.put(
        "/v1/users/me/email", json={"address": "not an address"}, headers=user.headers
    )
    assert bad.status_code == 422


# ------------------------------------------------------------------------ password reset

RESET_ANSWER = {
    "detail": "If this is the confirmed address of an account, a reset link was sent to it."
}


def _reset_token(message: EmailMessage) -> str:
    # The link opens the web client's page, which posts the token with the new password.
    found = re.search(r"/reset-password\?token=([A-Za-z0-9_\-]+)", _body(message, "plain"))
    assert found, _body(message, "plain")
    return found.group(1)


async def _ask_reset(client: AsyncClient, address: str) -> None:
    response = await client.post("/v1/auth/password-reset", json={"address": address})
    assert response.status_code == 202, response.text
    assert response.json() == RESET_ANSWER


async def _resets(session: AsyncSession, user: AuthUser) -> int:
    count = await session.scalar(
        select(func.count()).select_from(PasswordReset).where(PasswordReset.user_id == user.id)
    )
    return count or 0


async def test_a_reset_link_sets_a_new_password_once_and_signs_out_everywhere(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    user = await make_user()
    address = "forgetful@example.org"
    await _confirmed(client, user, address, mailbox, sessionmaker, email_settings)
    second = await client.post(
        "/v1/auth/token", data={"username": user.username, "password": user.password}
    )
    other_headers = {"Authorization": f"Bearer {second.json()['access_token']}"}
    # Unknown, and known in other letters: the same answer.
    await _ask_reset(client, "nobody@example.org")
    await _ask_reset(client, "Forgetful@Example.ORG")
    await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    messages = mailbox.to(address)
    # The confirmation, the second sign-in's notice (issue 42; sent side by side), the reset.
    assert sorted(m["Subject"] for m in messages) == [
        "Confirm your email address for Marchlords",
        "New sign-in to Marchlords",
        "Reset your Marchlords password",
    ]
    assert mailbox.to("nobody@example.org") == []
    token = _reset_token(next(m for m in messages if m["Subject"].startswith("Reset")))

    done = await client.post(
        "/v1/auth/password-reset/confirm",
        json={"token": token, "new_password": "a brand new secret"},
    )
    assert done.status_code == 204, done.text
    # Every token of the account is revoked (open streams recheck theirs and close).
    for headers in (user.headers, other_headers):
        assert_problem(await client.get("/v1/users/me", headers=headers), 401, "unauthorized")
    old = await client.post(
        "/v1/auth/token", data={"username": user.username, "password": user.password}
    )
    assert old.status_code == 401
    new = await client.post(
        "/v1/auth/token", data={"username": user.username, "password": "a brand new secret"}
    )
    assert new.status_code == 200, new.text
    # Single use.
    again = await client.post(
        "/v1/auth/password-reset/confirm",
        json={"token": token, "new_password": "yet another secret"},
    )
    assert_problem(again, 400, "invalid_reset_token")


async def test_an_expired_or_unknown_reset_link_changes_nothing(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    user = await make_user()
    await _confirmed(client, user, "slow@example.org", mailbox, sessionmaker, email_settings)
    await _ask_reset(client, "slow@example.org")
    await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    token = _reset_token(mailbox.to("slow@example.org")[-1])
    row = await session.scalar(select(PasswordReset).where(PasswordReset.user_id == user.id))
    assert row is not None
    row.expires_at = utcnow() - timedelta(seconds=1)
    await session.flush()
    for secret in (token, "z" * 43):
        refused = await client.post(
            "/v1/auth/password-reset/confirm",
            json={"token": secret, "new_password": "a brand new secret"},
        )
        assert_problem(refused, 400, "invalid_reset_token")
    assert (await client.get("/v1/users/me", headers=user.headers)).status_code == 200


async def test_resets_are_limited_per_account_and_per_address_and_need_a_confirmed_one(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    shared = "family@example.org"
    alice, bob = await make_user(), await make_user()
    await _confirmed(client, alice, shared, mailbox, sessionmaker, email_settings)
    await _confirmed(client, bob, shared, mailbox, sessionmaker, email_settings)
    for _ in range(6):
        await _ask_reset(client, shared)  # always the same answer
    # Per address: 5 an hour in all; per account: 3 (one of them got 3, the other 2).
    counts = sorted([await _resets(session, alice), await _resets(session, bob)])
    assert counts == [RESET_PER_ADDRESS - RESET_PER_ACCOUNT, RESET_PER_ACCOUNT]
    # An address set but never confirmed gets no reset link.
    carol = await make_user()
    await _set_address(client, carol, "carol@example.org")
    await _ask_reset(client, "carol@example.org")
    assert await _resets(session, carol) == 0


# ------------------------------------------------------------------------ no noise


async def test_nothing_is_pushed_to_a_player_whose_stream_is_open_on_the_campaign(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """While p2 has a stream open (the stream's own presence block), their webhook and their
    email hear nothing of the campaign, their inbox lists it all; p1, not looking, is told."""
    game = await start_game(client, make_user)
    p1, p2 = game.players
    for player in (p1, p2):
        await register(client, game, player.headers, receiver.url(f"/p{player.number}"))
        address = f"p{player.number}@example.org"
        await _confirmed(client, player.user, address, mailbox, sessionmaker, email_settings)
    inbox_before = (await client.get("/v1/notifications", headers=p2.headers)).json()["total"]
    async with presence.present(sessionmaker, uuid.UUID(game.id), p2.user.id):
        await change_turn(client, game)
    await deliver(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    assert receiver.of("/p2") == []
    assert len(mailbox.to("p2@example.org")) == 1  # the confirmation only
    assert [m.json()["type"] for m in receiver.of("/p1")] == ["summary_ready", "turn_started"]
    assert len(mailbox.to("p1@example.org")) == 3
    inbox_after = (await client.get("/v1/notifications", headers=p2.headers)).json()["total"]
    assert inbox_after == inbox_before + 3  # alone not ready, the summary, the new turn
    # The stream closed: its row is gone, and the next turn reaches p2 again.
    rows = await session.scalars(select(StreamPresence))
    assert list(rows) == []
    await change_turn(client, game)
    await deliver(sessionmaker, email_settings, utcnow() + timedelta(seconds=2))
    told = [m.json()["type"] for m in receiver.of("/p2")]
    assert told == ["last_not_ready", "summary_ready", "turn_started"]


async def test_a_stale_presence_row_of_a_dead_process_mutes_nobody(
    client: AsyncClient,
    make_user: MakeUser,
    receiver: Receiver,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    await register(client, game, p2.headers, receiver.url("/p2"))
    session.add(
        StreamPresence(
            campaign_id=uuid.UUID(game.id),
            user_id=p2.user.id,
            stream_id=uuid.uuid4(),
            seen_at=utcnow() - presence.STALE_AFTER - timedelta(seconds=1),
        )
    )
    await session.flush()
    await change_turn(client, game)
    await deliver(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    told = [m.json()["type"] for m in receiver.of("/p2")]
    assert told == ["last_not_ready", "summary_ready", "turn_started"]


async def _inbox_kinds(client: AsyncClient, user: AuthUser) -> list[str]:
    response = await client.get("/v1/notifications", headers=user.headers)
    return [i["kind"] for i in response.json()["items"]]


async def test_the_last_one_not_ready_is_told_once_per_turn(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"))
    p1, p2, p3 = game.players

    async def ready(player: Any, value: bool) -> None:
        response = await client.put(
            game.url("/turn/ready"), json={"ready": value}, headers=player.headers
        )
        assert response.is_success, response.text

    await ready(p1, True)
    assert "last_not_ready" not in await _inbox_kinds(client, p3.user)  # two are left
    await ready(p2, True)
    kinds = await _inbox_kinds(client, p3.user)
    assert kinds.count("last_not_ready") == 1
    (alert,) = [
        i
        for i in (await client.get("/v1/notifications", headers=p3.headers)).json()["items"]
        if i["kind"] == "last_not_ready"
    ]
    assert alert["link"] == f"/v1/campaigns/{game.id}/turn"
    assert alert["turn"] == 1
    # Withdrawn and declared again: nobody is told twice in one turn.
    await ready(p2, False)
    await ready(p2, True)
    assert (await _inbox_kinds(client, p3.user)).count("last_not_ready") == 1
    for other in (p1, p2):
        assert "last_not_ready" not in await _inbox_kinds(client, other.user)


async def test_reminders_replace_each_other_and_one_email_of_a_kind_per_window(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    address = "reminded@example.org"
    await _confirmed(client, p2.user, address, mailbox, sessionmaker, email_settings)
    campaign = await session.get(Campaign, uuid.UUID(game.id))
    assert campaign is not None
    now = utcnow()

    async def remind(hours: int, at: datetime) -> None:
        data = messages.deadline_reminder(
            campaign.id, campaign.name, campaign.turn, at + timedelta(hours=hours), battle=False
        )
        await outbox.deliver(session, campaign, {p2.user.id: [data]}, [], at)
        await session.flush()

    await remind(3, now)
    await remind(2, now + timedelta(minutes=1))
    # The inbox holds the newer reminder only.
    items = (await client.get("/v1/notifications", headers=p2.headers)).json()["items"]
    reminders = [i for i in items if i["kind"] == "deadline_reminder"]
    assert len(reminders) == 1
    assert reminders[0]["deadline_at"].startswith(
        (now + timedelta(minutes=1, hours=2)).strftime("%Y-%m-%dT%H:%M")
    )
    # One email, saying the newer thing.
    sent = await send_due(sessionmaker, email_settings, now + timedelta(minutes=2))
    assert len(sent.delivered) == 1
    assert len(mailbox.to(address)) == 2  # the confirmation and one reminder
    # Within the window no other email of the kind goes; the inbox still gets it.
    await remind(1, now + timedelta(minutes=30))
    assert (
        await send_due(sessionmaker, email_settings, now + timedelta(minutes=31))
    ).delivered == []
    # A reminder read stays; only unread ones are replaced.
    reminder_id = (await client.get("/v1/notifications", headers=p2.headers)).json()["items"][0][
        "id"
    ]
    await client.post(f"/v1/notifications/{reminder_id}/read", headers=p2.headers)
    await remind(1, now + timedelta(minutes=90))
    kinds = await _inbox_kinds(client, p2.user)
    assert kinds.count("deadline_reminder") == 2
    # Past the window, the kind is emailed again.
    later = await send_due(sessionmaker, email_settings, now + timedelta(minutes=91))
    assert len(later.delivered) == 1


async def test_a_battle_reminder_is_emailed_within_the_hour_after_the_turn_reminder(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """Issue 46 (regression): the collapse window is per subject, not per kind. A turn's
    reminder sent, a battle's (same kind, `deadline_reminder`) still goes within the hour, and
    two battles' reminders never replace each other in the inbox."""
    game = await start_game(client, make_user)
    p2 = game.players[1]
    address = "battles@example.org"
    await _confirmed(client, p2.user, address, mailbox, sessionmaker, email_settings)
    campaign = await session.get(Campaign, uuid.UUID(game.id))
    assert campaign is not None
    now = utcnow()
    c = campaign

    async def tell(data: messages.NotificationData, at: datetime) -> None:
        await outbox.deliver(session, campaign, {p2.user.id: [data]}, [], at)
        await session.flush()

    deadline = now + timedelta(hours=3)
    await tell(messages.deadline_reminder(c.id, c.name, c.turn, deadline, battle=False), now)
    assert len((await send_due(sessionmaker, email_settings, now)).delivered) == 1
    later = now + timedelta(minutes=10)
    await tell(messages.deadline_reminder(c.id, c.name, c.turn, deadline, battle=True), later)
    for battle_id in (11, 12):
        reminder = messages.deadline_reminder(
            c.id, c.name, c.turn, deadline, battle=True, battle_id=battle_id
        )
        await tell(reminder, later)
    sent = await send_due(sessionmaker, email_settings, later)
    assert len(sent.delivered) == 3  # the battles' deadline, battle 11, battle 12
    links = sorted(
        i["link"]
        for i in (await client.get("/v1/notifications", headers=p2.headers)).json()["items"]
        if i["kind"] == "deadline_reminder"
    )
    base = f"/v1/campaigns/{game.id}"
    assert links == [f"{base}/battles", f"{base}/battles/11", f"{base}/battles/12", f"{base}/turn"]


# ------------------------------------------------------------------------ preferences


async def test_each_kind_goes_to_the_channels_its_user_chose(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    receiver: Receiver,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    await register(client, game, p2.headers, receiver.url("/p2"))
    address = "choosy@example.org"
    await _confirmed(client, p2.user, address, mailbox, sessionmaker, email_settings)
    wishes = {
        "kinds": {
            "turn_started": {"inbox": "off", "webhook": "off"},
            "summary_ready": {"email": "off"},
            "last_not_ready": {"inbox": "off", "email": "off", "webhook": "off"},
        }
    }
    response = await client.put("/v1/users/me/notifications", json=wishes, headers=p2.headers)
    assert response.status_code == 200, response.text
    shown = (await client.get("/v1/users/me/notifications", headers=p2.headers)).json()
    assert shown["kinds"]["turn_started"] == {
        "inbox": "off",
        "email": "on",
        "webhook": "off",
        "push": "on",
    }
    assert shown["digest_hour"] == 8
    await change_turn(client, game)
    await deliver(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    assert await _inbox_kinds(client, p2.user) == ["summary_ready", "campaign_started"]
    assert [m.json()["type"] for m in receiver.of("/p2")] == ["summary_ready"]
    emailed = mailbox.to(address)[1:]  # after the confirmation
    assert [m["Subject"].split(": ", 1)[1][:6] for m in emailed] == ["Turn 2"]
    # A digest is for email only.
    wrong = {"kinds": {"turn_started": {"inbox": "digest"}}}
    refused = await client.put("/v1/users/me/notifications", json=wrong, headers=p2.headers)
    assert refused.status_code == 422


async def test_the_daily_digest_gathers_its_kinds_in_one_message_at_the_users_hour(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    game = await start_game(client, make_user)
    p2 = game.players[1]
    address = "daily@example.org"
    await _confirmed(client, p2.user, address, mailbox, sessionmaker, email_settings)
    digest = {"email": "digest"}
    wishes = {
        "time_zone": "Asia/Tokyo",
        "digest_hour": 7,
        "kinds": {"turn_started": digest, "summary_ready": digest, "last_not_ready": digest},
    }
    response = await client.put("/v1/users/me/notifications", json=wishes, headers=p2.headers)
    assert response.status_code == 200, response.text
    await change_turn(client, game)
    await change_turn(client, game)
    now = utcnow()
    assert (
        await send_due(sessionmaker, email_settings, now + timedelta(seconds=1))
    ).delivered == []
    assert len(mailbox.to(address)) == 1  # the confirmation
    zone = ZoneInfo("Asia/Tokyo")
    local = now.astimezone(zone)
    seven = datetime.combine(local.date(), time(7), tzinfo=zone)
    if seven <= local:
        seven += timedelta(days=1)
    sent = await send_due(sessionmaker, email_settings, seven)
    assert len(sent.delivered) == 1
    (message,) = mailbox.to(address)[1:]
    assert message["Subject"] == "Marchlords: 6 notifications since your last digest"
    text = _body(message, "plain")
    assert text.count("Turn 2 of Test campaign has begun") == 1
    assert text.count("Turn 3 of Test campaign has begun") == 1
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert (await send_due(sessionmaker, email_settings, seven + timedelta(days=1))).delivered == []


async def test_a_french_user_gets_french_email_and_an_english_one_english(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """Subject, text and HTML parts in the recipient's saved language (English by default),
    the confirmation too; the one-click headers are the same in both."""
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    p1, p2 = game.players
    saved = await client.patch("/v1/users/me", json={"language": "fr"}, headers=p2.headers)
    assert saved.status_code == 200, saved.text
    await _confirmed(client, p1.user, "p1@example.org", mailbox, sessionmaker, email_settings)
    await _confirmed(client, p2.user, "p2@example.org", mailbox, sessionmaker, email_settings)
    (confirmation,) = mailbox.to("p2@example.org")
    assert confirmation["Subject"] == "Confirmez votre adresse e-mail pour Marchlords"
    assert "Confirmez cette adresse" in _body(confirmation, "plain")
    assert mailbox.to("p1@example.org")[0]["Subject"] == (
        "Confirm your email address for Marchlords"
    )

    await change_turn(client, game)
    while (await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))).delivered:
        pass  # at most MARCHLORDS_SMTP_MAX_CONCURRENT a pass
    french = {m["Subject"]: m for m in mailbox.to("p2@example.org")[1:]}
    english = {m["Subject"]: m for m in mailbox.to("p1@example.org")[1:]}
    summary_fr = french["Test campaign: Votre résumé du tour 1 de Test campaign est prêt."]
    summary_en = english["Test campaign: Your summary of turn 1 of Test campaign is ready."]
    assert summary_fr["Content-Language"] == "fr"
    plain, markup = _body(summary_fr, "plain"), _body(summary_fr, "html")
    assert plain.splitlines()[0] == "Votre résumé du tour 1 de Test campaign est prêt."
    assert "Se désabonner: " in plain
    assert "<p>Votre résumé du tour 1 de Test campaign est prêt.</p>" in markup
    assert '<html lang="fr">' in markup
    assert ">Se désabonner</a>" in markup
    assert any(s.startswith("Test campaign: Le tour 2 de Test campaign a commencé") for s in french)
    plain, markup = _body(summary_en, "plain"), _body(summary_en, "html")
    assert plain.splitlines()[0] == "Your summary of turn 1 of Test campaign is ready."
    assert "Unsubscribe: " in plain
    assert ">Unsubscribe</a>" in markup
    for message in (summary_fr, summary_en):
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
