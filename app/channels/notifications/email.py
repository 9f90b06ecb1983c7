"""Email (issue 28): addresses confirmed by a link, notifications by SMTP, one-click
unsubscribe (RFC 8058), delivered from an outbox like the webhooks.

Writing: `enqueue_notifications` is called by `app.channels.notifications.outbox.deliver`, in the
transaction of the change, with exactly what the user's inbox gets (the same audience rule),
and writes a message for each user whose address is confirmed and not unsubscribed. A
confirmation is written by `set_address`. Nothing is ever sent to an unconfirmed address but
its confirmation.

Sending: the worker claims due messages with `FOR UPDATE SKIP LOCKED` and leases them (several
processes never send one twice at once), each message claimed and built in a transaction of
its own, sends them outside any transaction, each attempt with one deadline for all of it
(`smtp_timeout_seconds`, `asyncio.timeout`), at most `smtp_max_concurrent` at once, and
records each outcome in a transaction of its own: the webhooks' retry policy and backoff
(`app.channels.notifications.delivery`), 4xx answers and network errors retried, 5xx final. One bad
message fails alone: one that cannot be built (`app.channels.notifications.mail.compose` refuses it)
is a failed attempt like a refused one, retried with backoff and given up after `max_attempts`. The
address's state is checked when a message comes due (`_cancelled`): removed, changed or unsubscribed
since it was queued, it is cancelled. A notification waits out its user's quiet hours and is muted
on vacation (the same preferences as the webhooks). Bodies are rendered at the attempt (with the
settings' `public_url`) and blanked once the message is finished, since they hold the links'
secrets.
"""

import asyncio
import html
import json
import logging
import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import aiosmtplib
from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.accounts.auth.tokens import generate_token, hash_token
from app.channels.notifications.delivery import (
    PRUNE_EVERY,
    RetryPolicy,
    backoff,
    due_ids,
    prune_finished,
)
from app.channels.notifications.mail import Outgoing, compose, normalise_address
from app.channels.notifications.messages import NotificationData, collapse_key
from app.channels.notifications.preferences import DEFAULT, Channel, Choice, Wishes, next_digest
from app.channels.notifications.quiet import MUTED, personal_hold
from app.channels.notifications.recipients import Address
from app.channels.notifications.speech import LANGUAGE, language_of, languages_of, said, stored
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.db.outage import is_database_outage
from app.platform.errors import AppError, NotFound
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _, ngettext, say
from app.platform.jobs import Job, run_job
from app.platform.metrics import delivery_failed
from app.store.models import User
from app.store.models.email import EmailDelivery, EmailUnsubscribe, UserEmail
from app.store.models.notification import DeliveryStatus, NotificationPreference

logger = logging.getLogger(__name__)

CONFIRMATION = "email_confirmation"
# To the former address of an account whose address changed, with the link that undoes it
# (app.channels.notifications.account): sent though the address is no longer the account's.
ADDRESS_CHANGED = "address_changed"
CONFIRM_FOR = timedelta(hours=24)
# At most one message about a subject per user and channel target within this window (the
# inbox has all): email, webhooks and push alike.
COLLAPSE_WINDOW = timedelta(hours=1)
EMAIL_POLICY = RetryPolicy(max_attempts=8, lease=timedelta(minutes=2), batch=20)
MAX_ERROR_LENGTH = 300
# Where links point when MARCHLORDS_PUBLIC_URL is unset (development): set it in production.
FALLBACK_BASE = "http://localhost:8000"


class EmailOff(AppError):
    status = 409
    code = "email_disabled"
    title = _("Email is off")


def enabled(settings: Settings) -> bool:
    return settings.smtp_host is not None


def log_configuration(settings: Settings) -> None:
    """Said once at start-up: whether and how email goes out."""
    if enabled(settings):
        logger.info(
            "email on: SMTP %s:%s (%s)",
            settings.smtp_host,
            settings.smtp_port,
            settings.smtp_security,
        )
    else:
        logger.info("email off: MARCHLORDS_SMTP_HOST is not set")


def _base(settings: Settings) -> str:
    return (settings.public_url or FALLBACK_BASE).rstrip("/")


# ------------------------------------------------------------------------------ writing


def queue_message(
    session: AsyncSession,
    user_id: uuid.UUID,
    address: str,
    kind: str,
    subject: str,
    payload: dict[str, Any],
    *,
    personal: bool = False,
    now: datetime,
    collapse: str | None = None,
    language: Language = DEFAULT_LANGUAGE,
) -> EmailDelivery:
    """Queue one message in `language` (its recipient's); its one-click unsubscribe secret
    lives in the payload until sent."""
    unsubscribe = generate_token()
    row = EmailDelivery(
        user_id=user_id,
        address=address,
        kind=kind,
        subject=say(subject, language)[:200],
        text_body=json.dumps({**payload, LANGUAGE: language, "unsubscribe": unsubscribe}),
        unsubscribe_token_hash=hash_token(unsubscribe),
        personal=personal,
        digest=False,
        collapse_key=collapse,
        status=DeliveryStatus.PENDING,
        attempts=0,
        next_attempt_at=now,
        created_at=now,
    )
    session.add(row)
    return row


async def enqueue_notifications(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    per_user: dict[uuid.UUID, list[NotificationData]],
    confirmed: Sequence[Address],
    wishes: dict[uuid.UUID, Wishes],
    now: datetime,
    languages: dict[uuid.UUID, Language] | None = None,
) -> None:
    """A message per notification to each user with a confirmed, subscribed address (among
    `confirmed`, read by the caller with the rest of what it needs of them), but at most one
    about one subject (`messages.collapse_key`: the campaign, the kind and what it is about)
    per user within `COLLAPSE_WINDOW`: a newer one replaces one not sent yet, and one sent in
    the window holds back the next (the inbox has all)."""
    users = [user for user, found in per_user.items() if found]
    addresses = [address for address in confirmed if per_user.get(address.user_id)]
    if not addresses:
        return
    keys = {collapse_key(campaign_id, d) for u in users for d in per_user[u]}
    recent: dict[tuple[uuid.UUID, str], EmailDelivery] = {}
    for row in await session.scalars(
        select(EmailDelivery)
        .where(
            EmailDelivery.user_id.in_([a.user_id for a in addresses]),
            EmailDelivery.collapse_key.in_(sorted(keys)),
            or_(
                EmailDelivery.status == DeliveryStatus.PENDING,
                EmailDelivery.created_at > now - COLLAPSE_WINDOW,
            ),
        )
        .order_by(EmailDelivery.id)
        .with_for_update()
    ):
        assert row.collapse_key is not None  # noqa: S101  (selected by it)
        recent[(row.user_id, row.collapse_key)] = row
    for address in addresses:
        wants = wishes.get(address.user_id, DEFAULT)
        language = (languages or {}).get(address.user_id, DEFAULT_LANGUAGE)
        for data in per_user[address.user_id]:
            key = collapse_key(campaign_id, data)
            subject = f"{data.campaign.name}: {say(data.text, language)}"
            payload = {"data": stored(data)}
            choice = wants.choice(data.kind, Channel.EMAIL)
            if choice is Choice.OFF:
                continue
            if choice is Choice.DIGEST:
                held = queue_message(
                    session,
                    address.user_id,
                    address.address,
                    data.kind.value,
                    subject,
                    payload,
                    personal=True,
                    now=now,
                    language=language,
                )
                held.digest = True
                held.next_attempt_at = next_digest(now, wants)
                continue
            earlier = recent.get((address.user_id, key))
            if earlier is not None and earlier.status is DeliveryStatus.PENDING:
                # Not sent yet: it says the newer thing instead (its unsubscribe link kept).
                kept = json.loads(earlier.text_body)["unsubscribe"]
                earlier.subject = subject[:200]
                earlier.text_body = json.dumps({**payload, LANGUAGE: language, "unsubscribe": kept})
                continue
            if earlier is not None:
                continue  # one of this kind went out within the window
            recent[(address.user_id, key)] = queue_message(
                session,
                address.user_id,
                address.address,
                data.kind.value,
                subject,
                payload,
                personal=True,
                now=now,
                collapse=key,
                language=language,
            )


# ------------------------------------------------------------------------------ address


async def read_address(session: AsyncSession, user: User) -> UserEmail:
    found = await session.get(UserEmail, user.id)
    if found is None:
        raise NotFound(_("No email address."))
    return found


async def unsubscribed_since(session: AsyncSession, address: str) -> datetime | None:
    """When `address` unsubscribed from this server (any account's message), if it did."""
    found = await session.get(EmailUnsubscribe, address.lower())
    return None if found is None else found.unsubscribed_at


async def set_address(
    session: AsyncSession, user: User, address: str, settings: Settings
) -> UserEmail:
    """Set (or set again) the user's address, unconfirmed, and send its confirmation link.

    The address is stored as `email-validator` normalises it (the schema refused anything
    else). One that unsubscribed from this server stays unsubscribed, whoever sets it: only
    its owner lifts that, by confirming from the mailbox (`confirm`). The confirmations it
    gets are limited per account and per address (app.shell.limits.routes.limit_confirmations)."""
    if not enabled(settings):
        raise EmailOff(_("This server sends no email (MARCHLORDS_SMTP_HOST is not set)."))
    address = normalise_address(address)
    now = utcnow()
    token = generate_token()
    row = await session.get(UserEmail, user.id, with_for_update=True)
    if row is None:
        row = UserEmail(user_id=user.id, address=address, created_at=now)
        session.add(row)
    row.address = address
    row.confirmed_at = None
    row.unsubscribed_at = await unsubscribed_since(session, address)
    row.confirm_token_hash = hash_token(token)
    row.confirm_expires_at = now + CONFIRM_FOR
    queue_message(
        session,
        user.id,
        address,
        CONFIRMATION,
        _("Confirm your email address for Marchlords"),
        {"confirm": token},
        personal=False,
        now=now,
        language=(await languages_of(session, [user.id]))[user.id],
    )
    await session.flush()
    return row


async def delete_address(session: AsyncSession, user: User) -> None:
    """Forget the user's address: what is queued for it is cancelled when it comes due (the
    sender checks the address at send time); an unsubscribe of it is kept."""
    row = await read_address(session, user)
    await session.delete(row)
    await session.flush()


async def confirm(session: AsyncSession, token: str) -> UserEmail:
    """Confirm the address the link was sent to: once, before it expires. Confirming from the
    mailbox is also what lifts an unsubscribe of the address."""
    row = await session.scalar(
        select(UserEmail).where(UserEmail.confirm_token_hash == hash_token(token)).with_for_update()
    )
    if row is None or row.confirm_expires_at is None or row.confirm_expires_at <= utcnow():
        raise NotFound(_("This confirmation link is unknown, used or expired."))
    row.confirmed_at = utcnow()
    row.confirm_token_hash = None
    row.confirm_expires_at = None
    row.unsubscribed_at = None
    await session.execute(
        delete(EmailUnsubscribe).where(EmailUnsubscribe.address == row.address.lower())
    )
    await session.flush()
    return row


async def unsubscribe(session: AsyncSession, token: str) -> None:
    """One click (RFC 8058): no more notifications to the address the message went to, from
    any account, until its owner confirms it again from the mailbox."""
    message = await session.scalar(
        select(EmailDelivery).where(EmailDelivery.unsubscribe_token_hash == hash_token(token))
    )
    if message is None:
        raise NotFound(_("This unsubscribe link is unknown or too old."))
    now = utcnow()
    key = message.address.lower()
    await session.execute(
        insert(EmailUnsubscribe).values(address=key, unsubscribed_at=now).on_conflict_do_nothing()
    )
    await session.execute(
        update(UserEmail)
        .where(func.lower(UserEmail.address) == key, UserEmail.unsubscribed_at.is_(None))
        .values(unsubscribed_at=now)
        .execution_options(synchronize_session=False)
    )
    await session.flush()


async def _cancelled(session: AsyncSession, row: EmailDelivery, now: datetime) -> str | None:
    """Why `row` must not be sent now, if it must not: the address's state at send time (it
    may have been removed, changed or unsubscribed since the message was queued, held by
    quiet hours or for a digest). The undo link of a change of address is for the address
    that was replaced: it goes whatever the account's address is now."""
    if row.kind == ADDRESS_CHANGED:
        return None
    current = await session.get(UserEmail, row.user_id, populate_existing=True)
    if current is None:
        return "Cancelled: the address was removed."
    if current.address.lower() != row.address.lower():
        return "Cancelled: the address was changed."
    if row.kind == CONFIRMATION:
        secret = json.loads(row.text_body).get("confirm")
        if not isinstance(secret, str) or current.confirm_token_hash != hash_token(secret):
            return "Cancelled: confirmed, or replaced by a newer confirmation."
        return None
    if current.confirmed_at is None:
        return "Cancelled: the address is not confirmed."
    if row.personal and (
        current.unsubscribed_at is not None
        or await session.get(EmailUnsubscribe, row.address.lower()) is not None
    ):
        return "Cancelled: the address unsubscribed."
    return None


# ------------------------------------------------------------------------------ rendering


def render(row: EmailDelivery, settings: Settings) -> Outgoing:
    """The message: text and HTML parts, and the RFC 8058 one-click unsubscribe headers;
    `ValueError` (or another error) if it cannot be built, which fails this message alone."""
    payload = json.loads(row.text_body)
    language = language_of(payload)
    base = _base(settings)
    unsubscribe_url = f"{base}/v1/email/unsubscribe/{payload['unsubscribe']}"
    if row.kind == CONFIRMATION:
        link = f"{base}/v1/email/confirm/{payload['confirm']}"
        lead = say(
            _("Confirm this address to receive Marchlords notifications (valid for 24 hours):"),
            language,
        )
    elif "reset" in payload:
        # The web client's page (`web/`, at `/`) reads the token from the link and asks for
        # the new password; a script posts the same token to the API itself.
        link = f"{base}/reset-password?token={payload['reset']}"
        lead = say(
            _(
                "Someone asked to reset your Marchlords password. If it was you, open the "
                "link below within the hour and choose a new password (from a script: POST "
                "{body} to {url}). If not, ignore this message.",
                body='{"token": "<the link\'s token>", "new_password": "..."}',
                url=base + "/v1/auth/password-reset/confirm",
            ),
            language,
        )
    elif "lead" in payload:
        # An account's notice (app.channels.notifications.account): said when queued, with its link.
        lead = payload["lead"]
        link = f"{base}{payload['link']}"
    elif "digest" in payload:
        return _render_digest(row, settings, payload["digest"], unsubscribe_url, language)
    else:
        data = said(payload["data"], language)
        link = f"{base}{data.link}"
        lead = data.text
    unsubscribe = say(_("Unsubscribe"), language)
    text = f"{lead}\n\n{link}\n\n{unsubscribe}: {unsubscribe_url}\n"
    markup = (
        f"<p>{html.escape(lead)}</p>"
        f'<p><a href="{html.escape(link)}">{html.escape(link)}</a></p>'
        f'<p><small><a href="{html.escape(unsubscribe_url)}">{unsubscribe}</a></small></p>'
    )
    return _message(row, settings, text, markup, unsubscribe_url, language)


def _render_digest(
    row: EmailDelivery,
    settings: Settings,
    items: list[Any],
    unsubscribe_url: str,
    language: Language,
) -> Outgoing:
    base = _base(settings)
    found = [said(item, language) for item in items]
    since = say(_("Since your last digest:"), language)
    unsubscribe = say(_("Unsubscribe"), language)
    lines = [f"- {d.campaign.name}: {d.text}\n  {base}{d.link}" for d in found]
    text = f"{since}\n\n" + "\n".join(lines)
    text += f"\n\n{unsubscribe}: {unsubscribe_url}\n"
    opened = say(_("open"), language)
    entries = "".join(
        f'<li>{html.escape(d.text)} <a href="{html.escape(base + d.link)}">{opened}</a></li>'
        for d in found
    )
    markup = (
        f"<p>{since}</p><ul>{entries}</ul>"
        f'<p><small><a href="{html.escape(unsubscribe_url)}">{unsubscribe}</a></small></p>'
    )
    return _message(row, settings, text, markup, unsubscribe_url, language)


def _message(
    row: EmailDelivery,
    settings: Settings,
    text: str,
    markup: str,
    unsubscribe_url: str,
    language: Language,
) -> Outgoing:
    # Every header is built (and its values sanitised) by the one function made for it.
    return compose(
        sender=settings.smtp_from,
        recipient=row.address,
        subject=row.subject,
        sent_at=row.created_at,
        language=language,
        text=text,
        markup=markup,
        unsubscribe_url=unsubscribe_url,
    )


# ------------------------------------------------------------------------------ sending


@dataclass(frozen=True)
class SmtpOutcome:
    ok: bool
    retryable: bool
    error: str | None = None


async def smtp_send(message: Outgoing, settings: Settings) -> SmtpOutcome:
    """One attempt, within one deadline for all of it (connect, TLS, login, send), to the
    message's one recipient: the envelope is given, never read from the headers."""
    deadline = settings.smtp_timeout_seconds
    password = settings.smtp_password.get_secret_value() if settings.smtp_password else None
    try:
        async with asyncio.timeout(deadline):
            await aiosmtplib.send(
                message.data,
                sender=message.sender,
                recipients=[message.recipient],
                hostname=settings.smtp_host,
                port=settings.smtp_port,
                use_tls=settings.smtp_security == "tls",
                start_tls=settings.smtp_security == "starttls",
                username=settings.smtp_username,
                password=password,
                timeout=deadline,
            )
    except TimeoutError:
        return SmtpOutcome(ok=False, retryable=True, error=f"Timed out after {deadline:g} s.")
    except aiosmtplib.SMTPRecipientsRefused as refused:
        codes = [r.code for r in refused.recipients]
        return SmtpOutcome(
            ok=False, retryable=all(400 <= c < 500 for c in codes), error=_cut(str(refused))
        )
    except aiosmtplib.SMTPResponseException as answer:
        return SmtpOutcome(
            ok=False, retryable=400 <= answer.code < 500, error=_cut(f"{answer.code} {answer}")
        )
    except (aiosmtplib.SMTPException, OSError) as error:
        return SmtpOutcome(ok=False, retryable=True, error=_cut(f"{type(error).__name__}: {error}"))
    return SmtpOutcome(ok=True, retryable=False)


def _cut(text: str) -> str:
    return text if len(text) <= MAX_ERROR_LENGTH else text[: MAX_ERROR_LENGTH - 1] + "…"


@dataclass
class EmailReport:
    """What one pass did, by message id."""

    delivered: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)  # attempts that failed (built or sent)
    given_up: list[int] = field(default_factory=list)
    postponed: list[int] = field(default_factory=list)  # quiet hours
    muted: list[int] = field(default_factory=list)
    cancelled: list[int] = field(default_factory=list)  # the address's state at send time


def _finish(row: EmailDelivery, status: DeliveryStatus) -> None:
    row.status = status
    row.text_body = ""  # the links' secrets go (the unsubscribe digest stays)


@dataclass(frozen=True)
class _Claim:
    message_id: int
    message: Outgoing


async def _claim_one(
    session: AsyncSession,
    message_id: int,
    settings: Settings,
    now: datetime,
    policy: RetryPolicy,
    report: EmailReport,
    room: bool,
) -> _Claim | None:
    """Lease one due message and build it, if it may go now: a message whose address was
    removed, changed or unsubscribed since is cancelled; quiet hours postpone a notification
    (no attempt counted) and vacation mutes it; with no `room` it stays due."""
    row = await session.scalar(
        select(EmailDelivery)
        .where(
            EmailDelivery.id == message_id,
            EmailDelivery.status == DeliveryStatus.PENDING,
            EmailDelivery.next_attempt_at <= now,
        )
        .with_for_update(skip_locked=True)
    )
    if row is None:
        return None  # claimed by another process, or gathered into a digest just before
    reason = await _cancelled(session, row, now)
    if reason is not None:
        _finish(row, DeliveryStatus.FAILED)
        row.last_error = reason
        report.cancelled.append(row.id)
        return None
    if row.personal:
        hold = personal_hold(await session.get(NotificationPreference, row.user_id), now)
        if hold == MUTED:
            _finish(row, DeliveryStatus.MUTED)
            report.muted.append(row.id)
            return None
        if isinstance(hold, datetime):
            row.next_attempt_at = hold
            report.postponed.append(row.id)
            return None
    if not room:
        return None  # left due for the next pass
    if row.digest:
        await _gather_digest(session, row, now)
    row.attempts += 1
    row.last_attempt_at = now
    row.next_attempt_at = now + policy.lease
    return _Claim(row.id, render(row, settings))


async def _claim(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    now: datetime,
    policy: RetryPolicy,
    rng: random.Random,
    report: EmailReport,
) -> list[_Claim]:
    """Claim what is due, at most `smtp_max_concurrent`, each message in a transaction of
    its own: one that cannot be built (a header, an address, a payload) fails alone, as an
    attempt, and never rolls back the others' claims."""
    claims: list[_Claim] = []
    for message_id in await due_ids(sessionmaker, EmailDelivery, now, policy):
        room = len(claims) < settings.smtp_max_concurrent
        try:
            async with sessionmaker() as session, session.begin():
                claim = await _claim_one(session, message_id, settings, now, policy, report, room)
        except Exception as exc:
            if is_database_outage(exc):
                raise
            logger.exception("email message could not be built", extra={"email_id": message_id})
            outcome = SmtpOutcome(
                ok=False,
                retryable=True,
                error=_cut(f"Could not be built: {type(exc).__name__}: {exc}"),
            )
            await _record_alone(
                sessionmaker, message_id, outcome, now, policy, rng, report, stage="build"
            )
            continue
        if claim is not None:
            claims.append(claim)
    return claims


async def _gather_digest(session: AsyncSession, carrier: EmailDelivery, now: datetime) -> None:
    """The user's digest: every notification held for it, due and to the same address goes
    in this one message (the others are finished as sent with it); a retry sends the same
    gathering."""
    payload = json.loads(carrier.text_body)
    if "digest" in payload:
        return  # gathered at an earlier attempt
    held = await session.scalars(
        select(EmailDelivery)
        .where(
            EmailDelivery.user_id == carrier.user_id,
            EmailDelivery.address == carrier.address,
            EmailDelivery.digest.is_(True),
            EmailDelivery.status == DeliveryStatus.PENDING,
            EmailDelivery.next_attempt_at <= now,
            EmailDelivery.id != carrier.id,
        )
        .order_by(EmailDelivery.id)
        .with_for_update(skip_locked=True)
    )
    items = [payload["data"]]
    for other in held.all():
        items.append(json.loads(other.text_body)["data"])
        _finish(other, DeliveryStatus.DELIVERED)
        other.delivered_at = now
        other.last_error = f"Sent in the digest of message {carrier.id}."
    language = language_of(payload)
    carrier.subject = say(
        ngettext(
            "Marchlords: {count} notification since your last digest",
            "Marchlords: {count} notifications since your last digest",
            len(items),
            count=len(items),
        ),
        language,
    )[:200]
    carrier.text_body = json.dumps(
        {"digest": items, LANGUAGE: language, "unsubscribe": payload["unsubscribe"]}
    )


async def _record(
    session: AsyncSession,
    message_id: int,
    outcome: SmtpOutcome,
    now: datetime,
    policy: RetryPolicy,
    rng: random.Random,
    report: EmailReport,
    *,
    stage: str = "send",
) -> None:
    """Record one attempt's outcome: delivered, or retried after a backoff, or given up (a
    final answer, or `max_attempts` attempts: never retried forever)."""
    row = await session.get(EmailDelivery, message_id, with_for_update=True)
    if row is None:
        return  # its user was deleted meanwhile
    if stage == "build":
        # The claim that counted this attempt was rolled back with the failure.
        row.attempts += 1
        row.last_attempt_at = now
    if outcome.ok:
        _finish(row, DeliveryStatus.DELIVERED)
        row.delivered_at = now
        row.last_error = None
        report.delivered.append(row.id)
        return
    row.last_error = _cut(outcome.error or "Failed.")
    report.failed.append(row.id)
    given_up = not outcome.retryable or row.attempts >= policy.max_attempts
    delivery_failed("email", stage, given_up=given_up)
    if given_up:
        _finish(row, DeliveryStatus.FAILED)
        report.given_up.append(row.id)
        logger.warning(
            "email message given up",
            extra={"email_id": row.id, "attempts": row.attempts, "error": row.last_error},
        )
    else:
        row.next_attempt_at = now + backoff(policy, row.attempts, rng)


async def _record_alone(
    sessionmaker: async_sessionmaker[AsyncSession],
    message_id: int,
    outcome: SmtpOutcome,
    now: datetime,
    policy: RetryPolicy,
    rng: random.Random,
    report: EmailReport,
    *,
    stage: str = "send",
) -> None:
    """`_record` in a transaction of its own: one message's bookkeeping never rolls back
    another's."""
    try:
        async with sessionmaker() as session, session.begin():
            await _record(session, message_id, outcome, now, policy, rng, report, stage=stage)
    except Exception as exc:
        if is_database_outage(exc):
            raise
        # Its lease runs out and it is tried again (the attempt was counted at its claim).
        logger.exception("email outcome not recorded", extra={"email_id": message_id})


async def send_due(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    now: datetime,
    *,
    policy: RetryPolicy = EMAIL_POLICY,
    rng: random.Random | None = None,
) -> EmailReport:
    """One pass: claim what is due at `now` (each message in a short transaction of its
    own), send it side by side outside any transaction, record each outcome (each in another).
    Never called by a request."""
    report = EmailReport()
    if not enabled(settings):
        return report
    chance = rng or random.Random()  # noqa: S311 - jitter, not secrecy
    claims = await _claim(sessionmaker, settings, now, policy, chance, report)
    if not claims:
        return report
    outcomes = await asyncio.gather(*(smtp_send(claim.message, settings) for claim in claims))
    for claim, outcome in zip(claims, outcomes, strict=True):
        await _record_alone(sessionmaker, claim.message_id, outcome, now, policy, chance, report)
    return report


async def send_forever(
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    interval: float,
    clock: Any,
) -> None:
    """The email job of `run_notifier`, beside the webhooks' (never holding a request): the
    next pass at once while messages go out."""
    pruned_at: datetime | None = None

    async def one_pass() -> bool:
        nonlocal pruned_at
        now = clock()
        report = await send_due(sessionmaker, settings, now)
        if pruned_at is None or now - pruned_at >= PRUNE_EVERY:
            await prune_finished(sessionmaker, EmailDelivery, now)
            pruned_at = now
        return bool(report.delivered or report.failed)

    await run_job(Job("email", one_pass, interval))
