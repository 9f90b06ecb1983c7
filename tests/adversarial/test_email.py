"""Attacks on the email channel (docs/security.md): what a user writes that reaches a header
(campaign names, addresses), what a stranger's mailbox receives (floods, unsubscribes), and
what goes out on the wire, read back from a real SMTP server in the test process."""

import json
import re
import uuid
from datetime import datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from prometheus_client import REGISTRY
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.accounts.auth.tokens import generate_token, hash_token
from app.channels.notifications.email import CONFIRMATION, EMAIL_POLICY, send_due
from app.channels.notifications.mail import BadAddress, compose
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.store.models import Campaign, EmailDelivery, UserEmail
from app.store.models.notification import DeliveryStatus
from tests.factories.flows import AuthUser, MakeUser, change_turn, start_game
from tests.factories.mail import (
    PUBLIC,
    Mailbox,
    confirm_address,
    link_in,
    set_address,
)
from tests.factories.mail import email_settings as email_settings  # a fixture
from tests.factories.mail import mailbox as mailbox  # a fixture
from tests.factories.mail import smtp as smtp  # a fixture
from tests.helpers import assert_problem

# CR LF, then a header; U+2028 (LINE SEPARATOR) and U+0085 (NEXT LINE), which Python's
# `str.splitlines` counts as line breaks; a bidi override.
EVIL_NAME = "Evil\r\nBcc: cc1@evil.example\u2028Bcc: cc2@evil.example\u0085X-Injected: 1\u202e"


@pytest.fixture
def app(
    email_settings: Settings,
    sessionmaker: async_sessionmaker[AsyncSession],
    fast_password_hashing: None,
) -> FastAPI:
    application = create_app(email_settings)
    application.state.sessionmaker = sessionmaker
    return application


async def _send_all(
    sessionmaker: async_sessionmaker[AsyncSession], settings: Settings, at: datetime
) -> None:
    while (await send_due(sessionmaker, settings, at)).delivered:
        pass  # at most MARCHLORDS_SMTP_MAX_CONCURRENT a pass


def _headers_of(data: bytes) -> list[str]:
    """The header section's physical lines, as sent."""
    head = data.split(b"\r\n\r\n", 1)[0].decode("ascii")
    return head.split("\r\n")


def _assert_one_clean_message(mailbox: Mailbox) -> None:
    """Every message the server took went to one recipient, with no header an attacker put."""
    for envelope in mailbox.envelopes:
        assert len(envelope.recipients) == 1, envelope.recipients
        assert "evil.example" not in envelope.recipients[0]
        for line in _headers_of(envelope.data):
            name = line.split(":", 1)[0].lower()
            assert name not in ("bcc", "cc", "x-injected"), line
    for message in mailbox.messages:
        assert message["Bcc"] is None
        assert message["X-Injected"] is None


# ------------------------------------------------------------------ item 2: headers, poison


async def test_a_campaign_name_with_line_breaks_injects_no_header_and_stops_no_mail(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """A campaign named with CR/LF, U+2028 and U+0085 (written straight into the database: the
    API may refuse such names, the mail must hold whatever is stored) is told on one line; no
    Bcc or other header appears; everybody else's mail goes on."""
    game = await start_game(client, make_user)
    p2 = game.players[1]
    await confirm_address(client, p2.user, "p2@example.org", mailbox, sessionmaker, email_settings)
    campaign = await session.get(Campaign, uuid.UUID(game.id))
    assert campaign is not None
    campaign.name = EVIL_NAME
    await session.flush()
    await change_turn(client, game)
    stranger = await make_user()
    await set_address(client, stranger, "stranger@example.org")  # a confirmation, queued after
    await _send_all(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))

    assert len(mailbox.to("stranger@example.org")) == 1  # the pass went on past the evil ones
    told = mailbox.to("p2@example.org")[1:]
    assert len(told) == 3  # alone not ready, the summary, the new turn
    for message in told:
        assert message["Subject"].startswith("Evil Bcc: cc1@evil.example Bcc: cc2@evil.example")
    _assert_one_clean_message(mailbox)


def _given_up(channel: str) -> float:
    labels = {"channel": channel, "stage": "build", "outcome": "given_up"}
    return REGISTRY.get_sample_value("marchlords_delivery_failures_total", labels) or 0.0


async def _insert_message(
    session: AsyncSession, user: AuthUser, address: str, subject: str, now: datetime
) -> EmailDelivery:
    """A message as an older server stored it, straight into the outbox."""
    row = EmailDelivery(
        user_id=user.id,
        address=address,
        kind="turn_started",
        subject=subject,
        text_body=json.dumps({"reset": "x" * 43, "language": "en", "unsubscribe": "y" * 43}),
        unsubscribe_token_hash=hash_token(generate_token()),
        personal=False,
        digest=False,
        status=DeliveryStatus.PENDING,
        attempts=0,
        next_attempt_at=now,
        created_at=now,
    )
    session.add(row)
    await session.flush()
    return row


@pytest.mark.parametrize(
    "address",
    ["(x@example.org", "a@example.org,postmaster", "v,a@example.org", "a@example.org\r\nBcc: b"],
)
async def test_a_message_that_cannot_be_built_fails_alone_after_bounded_attempts(
    address: str,
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """An address stored before addresses were validated (a comment, a list), with a subject
    carrying CR/LF and U+2028: its message is never sent to anyone, is retried with backoff
    and given up after `max_attempts`, and the messages queued with it all go out."""
    given_up_before = _given_up("email")
    victim = await make_user()
    now = utcnow()
    session.add(UserEmail(user_id=victim.id, address=address, created_at=now, confirmed_at=now))
    bad = await _insert_message(session, victim, address, "Hi\r\nBcc: cc1@evil.example\u2028", now)
    others = [await make_user() for _ in range(3)]
    for number, other in enumerate(others):
        await set_address(client, other, f"other{number}@example.org")

    first = await send_due(sessionmaker, email_settings, now + timedelta(seconds=1))
    assert bad.id in first.failed
    assert len(first.delivered) == 3
    assert sorted(e.recipients[0] for e in mailbox.envelopes) == [
        f"other{n}@example.org" for n in range(3)
    ]
    at = now + timedelta(seconds=1)
    for _ in range(EMAIL_POLICY.max_attempts * 2):
        at += timedelta(days=1)
        await send_due(sessionmaker, email_settings, at)
    await session.refresh(bad)
    assert bad.status is DeliveryStatus.FAILED
    assert bad.attempts == EMAIL_POLICY.max_attempts  # bounded: never retried forever
    assert bad.last_error is not None
    assert bad.last_error.startswith("Could not be built")
    assert _given_up("email") == given_up_before + 1  # counted (and logged)
    assert len(mailbox.envelopes) == 3
    _assert_one_clean_message(mailbox)


# ------------------------------------------------------------------ item 5: addresses


@pytest.mark.parametrize(
    "address",
    [
        "(x@example.org",  # a comment: the To header's parser reads `(x@example.org)`
        "a@example.org,postmaster",  # a list: two recipients
        "v,a@example.org",
        '"a,b"@example.org',  # a quoted local part
        "<a@example.org>",
        "a@[127.0.0.1]",  # a domain literal
    ],
)
async def test_an_address_that_is_not_exactly_one_plain_address_is_refused(
    address: str, client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    user = await make_user()
    response = await client.put(
        "/v1/users/me/email", json={"address": address}, headers=user.headers
    )
    assert_problem(response, 422, "validation_error")
    assert await session.get(UserEmail, user.id) is None
    queued = await session.scalars(select(EmailDelivery).where(EmailDelivery.user_id == user.id))
    assert list(queued) == []


async def test_an_address_is_stored_and_sent_to_normalised(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    user = await make_user()
    shown = await set_address(client, user, "Player.One@Example.ORG")
    assert shown["address"] == "Player.One@example.org"
    await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    (envelope,) = mailbox.envelopes
    assert envelope.recipients == ["Player.One@example.org"]


# ------------------------------------------------------------------ item 6: state at send time


async def _hold(client: AsyncClient, user: AuthUser, hold: str) -> datetime:
    """Hold the user's notifications (quiet hours now, or a daily digest); when they would go."""
    now = utcnow()
    wishes: dict[str, Any]
    if hold == "quiet":
        wishes = {
            "time_zone": "UTC",
            "quiet_start": (now - timedelta(hours=1)).strftime("%H:%M"),
            "quiet_end": (now + timedelta(hours=2)).strftime("%H:%M"),
        }
        when = now + timedelta(hours=3)
    else:
        digest = {"email": "digest"}
        wishes = {
            "time_zone": "UTC",
            "digest_hour": (now + timedelta(hours=2)).hour,
            "kinds": {"turn_started": digest, "summary_ready": digest, "last_not_ready": digest},
        }
        when = now + timedelta(days=1, hours=3)
    response = await client.put("/v1/users/me/notifications", json=wishes, headers=user.headers)
    assert response.status_code == 200, response.text
    return when


@pytest.mark.parametrize(
    ("how", "hold"),
    [
        ("unsubscribe", "digest"),
        ("unsubscribe", "quiet"),
        ("delete", "quiet"),
        ("delete", "digest"),
        ("change", "quiet"),
    ],
)
async def test_mail_held_for_later_is_not_sent_once_its_address_is_gone(
    how: str,
    hold: str,
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """Held by quiet hours or for a digest, then the address unsubscribes (one click), is
    deleted or changed: when the hold ends, nothing goes to it."""
    game = await start_game(client, make_user)
    p2 = game.players[1]
    address = "held@example.org"
    await confirm_address(client, p2.user, address, mailbox, sessionmaker, email_settings)
    when = await _hold(client, p2.user, hold)
    await change_turn(client, game)
    early = await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    assert early.delivered == []
    if how == "unsubscribe":
        (confirmation,) = mailbox.to(address)
        url = confirmation["List-Unsubscribe"].strip("<>").removeprefix(PUBLIC)
        clicked = await client.post(url, content="List-Unsubscribe=One-Click")
        assert clicked.status_code == 200, clicked.text
    elif how == "delete":
        gone = await client.delete("/v1/users/me/email", headers=p2.headers)
        assert gone.status_code == 204, gone.text
    else:
        await set_address(client, p2.user, "new@example.org")
    report = await send_due(sessionmaker, email_settings, when)
    report_more = await send_due(sessionmaker, email_settings, when + timedelta(days=2))
    # Its confirmation, and on a change the undo link of the change (issue 42 item 3): never
    # the notification that was held for it.
    subjects = [m["Subject"] for m in mailbox.to(address)]
    assert subjects == ["Confirm your email address for Marchlords"] + (
        ["Your Marchlords email address was changed"] if how == "change" else []
    )
    assert report.cancelled
    assert [m["Subject"] for m in mailbox.to("new@example.org")] == (
        ["Confirm your email address for Marchlords"] if how == "change" else []
    )
    assert report_more.delivered == []


# ------------------------------------------------------------------ item 7: floods, consent


async def test_confirmations_are_limited_per_account_and_per_address(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """A stranger's mailbox gets a few confirmations a day, whoever asks and however often;
    an account sends a few a day, whatever the addresses; past either: 429 with
    `Retry-After`, and nothing is queued."""
    limit = 5  # MARCHLORDS_EMAIL_CONFIRMATIONS_PER_DAY's default
    attacker, accomplice = await make_user(), await make_user()
    stranger = "stranger@example.org"
    for _ in range(limit - 1):
        await set_address(client, attacker, stranger)
    await set_address(client, accomplice, stranger)
    for user in (attacker, accomplice):
        refused = await client.put(
            "/v1/users/me/email", json={"address": "Stranger@EXAMPLE.org"}, headers=user.headers
        )
        assert_problem(refused, 429, "too_many_requests")
        assert int(refused.headers["Retry-After"]) > 0
    # A refused address costs nothing; the attacker has one confirmation left, elsewhere.
    bad = await client.put(
        "/v1/users/me/email", json={"address": "(x@example.org"}, headers=attacker.headers
    )
    assert bad.status_code == 422
    await set_address(client, attacker, "other@example.org")
    past = await client.put(
        "/v1/users/me/email", json={"address": "another@example.org"}, headers=attacker.headers
    )
    assert_problem(past, 429, "too_many_requests")
    await _send_all(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    # The attacker's confirmations to the stranger were replaced by its newer one: the
    # stranger's mailbox got the accomplice's alone.
    assert len(mailbox.to(stranger)) == 1
    assert len(mailbox.to("other@example.org")) == 1
    assert mailbox.to("another@example.org") == []


async def test_an_unsubscribed_address_set_again_hears_nothing_until_confirmed_from_it(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """One click unsubscribes the address from the server: for every account that has it,
    across `DELETE` and `PUT /users/me/email`, until its owner confirms from the mailbox."""
    game = await start_game(client, make_user)
    p1, p2 = game.players
    shared = "family@example.org"
    await confirm_address(client, p1.user, shared, mailbox, sessionmaker, email_settings)
    await confirm_address(client, p2.user, shared, mailbox, sessionmaker, email_settings)
    url = mailbox.to(shared)[0]["List-Unsubscribe"].strip("<>").removeprefix(PUBLIC)
    assert (await client.post(url, content="List-Unsubscribe=One-Click")).status_code == 200

    # p2 removes the address and sets it again: still unsubscribed.
    assert (await client.delete("/v1/users/me/email", headers=p2.headers)).status_code == 204
    shown = await set_address(client, p2.user, shared)
    assert shown["unsubscribed"] is True
    for player in (p1, p2):
        me = await client.get("/v1/users/me/email", headers=player.headers)
        assert me.json()["unsubscribed"] is True
    sent_before = len(mailbox.to(shared))
    await change_turn(client, game)
    await _send_all(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    # The confirmation p2 asked for goes (the way back); no notification, to either account.
    after = mailbox.to(shared)[sent_before:]
    assert [m["Subject"] for m in after] == ["Confirm your email address for Marchlords"]

    # Its owner confirms from the mailbox: p2's notifications go again (p1's address stays
    # unsubscribed: p1 asks for a confirmation of its own to undo it).
    token = link_in(after[0], "/v1/email/confirm/")
    assert (await client.post(f"/v1/email/confirm/{token}")).status_code == 200
    me = (await client.get("/v1/users/me/email", headers=p2.headers)).json()
    assert me["unsubscribed"] is False
    await change_turn(client, game)
    await _send_all(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    told = await session.scalars(
        select(EmailDelivery).where(
            EmailDelivery.address == shared,
            EmailDelivery.kind != CONFIRMATION,
            EmailDelivery.status == DeliveryStatus.DELIVERED,
        )
    )
    assert {row.user_id for row in told} == {p2.user.id}


# ------------------------------------------------------------------ item 8: List-Unsubscribe


async def test_list_unsubscribe_goes_out_as_one_unfolded_uri_with_one_click_post(
    client: AsyncClient,
    make_user: MakeUser,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    email_settings: Settings,
) -> None:
    """RFC 2369/8058 as a mail client reads it: `<https://…>` on one line, not an RFC 2047
    encoded word, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`."""
    user = await make_user()
    await set_address(client, user, "reader@example.org")
    await send_due(sessionmaker, email_settings, utcnow() + timedelta(seconds=1))
    (envelope,) = mailbox.envelopes
    uri = re.escape(f"<{PUBLIC}/v1/email/unsubscribe/") + r"[A-Za-z0-9_\-]+>"
    lines = _headers_of(envelope.data)
    assert any(re.fullmatch(f"List-Unsubscribe: {uri}", line) for line in lines), lines
    assert "List-Unsubscribe-Post: List-Unsubscribe=One-Click" in lines
    parsed = BytesParser(policy=policy.default).parsebytes(envelope.data)
    assert isinstance(parsed, EmailMessage)
    raw = dict(parsed.raw_items())
    assert re.fullmatch(uri, str(raw["List-Unsubscribe"])), raw["List-Unsubscribe"]
    assert "=?" not in str(raw["List-Unsubscribe"])
    assert parsed["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


# ------------------------------------------------------------------ the one header function


HOSTILE = (
    "x\r\nBcc: a@evil.example\nCc: b@evil.example\rX-A: 1\u2028X-B: 2\u2029\u0085\x00\x1b\u202e"
)


def test_the_one_header_function_sanitises_whatever_its_caller_passes() -> None:
    """Every value `compose` puts in a header, hostile: the message has exactly its own
    headers, each on its line (continuations start with a space), and one recipient."""
    sent = compose(
        sender=f'"Marchlords {HOSTILE}" <noreply@marchlords.example>',  # a quoted name
        recipient="player@example.org",
        subject=HOSTILE,
        sent_at=utcnow(),
        language=HOSTILE,
        text=HOSTILE,
        markup=HOSTILE,
        unsubscribe_url=f"{PUBLIC}/v1/email/unsubscribe/{HOSTILE}>",
    )
    assert sent.recipient == "player@example.org"
    lines = _headers_of(sent.data)
    names = [line.split(":", 1)[0] for line in lines if not line.startswith((" ", "\t"))]
    assert names == [
        "From",
        "To",
        "Subject",
        "Date",
        "Message-ID",
        "List-Unsubscribe",
        "List-Unsubscribe-Post",
        "Auto-Submitted",
        "MIME-Version",
        "Content-Type",
        "Content-Language",
    ]
    (unsubscribe,) = [line for line in lines if line.startswith("List-Unsubscribe:")]
    assert re.fullmatch(r"List-Unsubscribe: <https://[\x21-\x3b\x3d\x3f-\x7e]+>", unsubscribe)
    # One that is not one address is refused: the message fails to build, alone.
    with pytest.raises(BadAddress):
        compose(
            sender=f"Marchlords {HOSTILE} <noreply@marchlords.example>",
            recipient="player@example.org",
            subject="s",
            sent_at=utcnow(),
            language="en",
            text="",
            markup="",
            unsubscribe_url=None,
        )
    for bad in ("(x@example.org", "a@example.org,postmaster", "a@example.org\r\nBcc: b@e.org"):
        with pytest.raises(BadAddress):
            compose(
                sender="Marchlords <noreply@marchlords.example>",
                recipient=bad,
                subject="s",
                sent_at=utcnow(),
                language="en",
                text="",
                markup="",
                unsubscribe_url=None,
            )
