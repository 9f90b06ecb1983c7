"""The outbox: deliveries written in the transaction of the change they tell of.

`on_events` hears of the live events `app.store.events.publish.publish_all` records (it subscribes
to them at start-up: `app.main.create_app`), in the publisher's transaction, so a notification
exists if and only if the change that caused it commits. Only a few kinds of event make
notifications; the others cost nothing here (no query).

Every notification a user gets on a personal endpoint is also written to their inbox
(`deliver`), and a user with no endpoint at all gets the same inbox items.

Fog: a personal endpoint (and the inbox) hears of an event only if its owner's stream would
carry it (`app.rules.visibility.event_seen`, the stream's own rule), and of the "awaits you"
kinds only if their seat is addressed (`visibility.event_addressed`); a campaign endpoint hears
only of public events, and its messages carry only public facts.
"""

import uuid
from collections.abc import Collection, Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import and_, bindparam, func, literal, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.expression import ColumnElement

from app.channels.notifications import email, inbox, messages, speech
from app.channels.notifications import push as web_push
from app.channels.notifications.messages import NotificationData
from app.channels.notifications.preferences import Channel, Choice
from app.channels.notifications.recipients import (
    Recipients,
    fresh_after,
    read_recipients,
    recipient_columns,
    recipients_of,
)
from app.platform.db.aggregates import json_rows_of, parsed
from app.platform.db.base import utcnow
from app.platform.i18n import Language
from app.rules import visibility
from app.rules.diplomacy import PROPOSALS
from app.rules.visibility import Viewer
from app.store.events.kinds import AnyEventKind, AppEventKind
from app.store.events.subscribers import (
    Notice,
    NoticeKind,
    subscribe,
    subscribe_to_notices,
    subscribe_to_status,
)
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus
from app.store.models.notification import (
    DeliveryStatus,
    EndpointScope,
    NotificationReminder,
    WebhookDelivery,
    WebhookEndpoint,
)
from app.store.models.world import PENDING_BATTLE_STATUSES, BattleRow

# The live events that make notifications.
HANDLED = frozenset(
    {
        AppEventKind.TURN_CHANGED,
        AppEventKind.BATTLE_DECLARED,
        AppEventKind.BATTLE_REPORTED,
        AppEventKind.EDICT_RECEIVED,
        AppEventKind.PLAYER_READY,
        AppEventKind.MESSAGE_RECEIVED,
    }
)
# The key of the "last one not ready" alert in `notification_reminders`: once per turn.
LAST_NOT_READY_KEY = "last"
_ONCE_PER_TURN = datetime(1970, 1, 1, tzinfo=UTC)
_PROPOSAL_KINDS = frozenset(k.value for k in PROPOSALS)
# Why a personal delivery not tried yet was never sent (`push`).
REPLACED = "Replaced by a newer notification about the same subject."


def new_message_id() -> str:
    """The `webhook-id` of a delivery: random, the same on every attempt."""
    return "msg_" + uuid.uuid4().hex


def enqueue(
    session: AsyncSession,
    endpoint: WebhookEndpoint,
    data: NotificationData,
    now: datetime | None = None,
    language: Language = speech.CAMPAIGN_LANGUAGE,
) -> WebhookDelivery:
    """Add one delivery of `data` to `endpoint` (sent by the worker after the commit), said
    in `language` (its owner's for a personal endpoint)."""
    when = now or utcnow()
    delivery = WebhookDelivery(
        user_id=endpoint.user_id,
        campaign_id=endpoint.campaign_id,
        endpoint_id=endpoint.id,
        message_id=new_message_id(),
        kind=data.kind.value,
        body=speech.stored_json(data, language),
        status=DeliveryStatus.PENDING,  # set now: `push` reads it before the flush
        attempts=0,
        next_attempt_at=when,
        created_at=when,
    )
    session.add(delivery)
    return delivery


async def _recent_pushes(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    endpoints: Collection[uuid.UUID],
    keys: Collection[str],
    now: datetime,
) -> dict[tuple[uuid.UUID, str], WebhookDelivery]:
    """The latest delivery about each subject (`messages.collapse_key`) to each personal
    endpoint that counts for the collapse window: one not tried yet, or one delivered within
    the window. Locked as the worker's claim locks them, so a delivery is never replaced while
    it is being claimed."""
    if not endpoints or not keys:
        return {}
    rows = await session.scalars(
        select(WebhookDelivery)
        .where(
            WebhookDelivery.campaign_id == campaign_id,
            WebhookDelivery.endpoint_id.in_(sorted(endpoints)),
            WebhookDelivery.collapse_key.in_(sorted(keys)),
            or_(
                and_(
                    WebhookDelivery.status == DeliveryStatus.PENDING,
                    WebhookDelivery.attempts == 0,
                ),
                and_(
                    WebhookDelivery.status == DeliveryStatus.DELIVERED,
                    WebhookDelivery.delivered_at > now - email.COLLAPSE_WINDOW,
                ),
            ),
        )
        .order_by(WebhookDelivery.id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )
    return {(row.endpoint_id, row.collapse_key or ""): row for row in rows}


def push(
    session: AsyncSession,
    endpoint: WebhookEndpoint,
    data: NotificationData,
    now: datetime,
    language: Language,
    recent: dict[tuple[uuid.UUID, str], WebhookDelivery],
) -> None:
    """A personal delivery within the collapse window (issue 28, "no noise"), as email has
    it: a newer notification about a subject (its kind and what it is about: a turn, a battle)
    replaces one not tried yet (which stays in the delivery log, given up as replaced, never
    sent); one delivered within `COLLAPSE_WINDOW` holds the next back (the inbox lists them
    all). A delivery being retried holds nothing back: it may be in flight."""
    subject = messages.collapse_key(endpoint.campaign_id, data)
    key = (endpoint.id, subject)
    earlier = recent.get(key)
    if earlier is not None and earlier.status is DeliveryStatus.DELIVERED:
        return  # one went out within the window
    if earlier is not None:
        earlier.status = DeliveryStatus.FAILED
        earlier.last_error = REPLACED
    recent[key] = enqueue(session, endpoint, data, now, language)
    recent[key].collapse_key = subject


async def endpoints_of(session: AsyncSession, campaign_id: uuid.UUID) -> list[WebhookEndpoint]:
    rows = await session.scalars(
        select(WebhookEndpoint).where(
            WebhookEndpoint.campaign_id == campaign_id, WebhookEndpoint.disabled_at.is_(None)
        )
    )
    return list(rows)


# Every seat's holder, number and faction, as one JSON array: a scalar beside the endpoints.
_SEATS = json_rows_of(
    CampaignPlayer.user_id,
    CampaignPlayer.number,
    CampaignPlayer.faction,
    where=[CampaignPlayer.campaign_id == bindparam("campaign_id")],
    order=CampaignPlayer.number,
)


def _member(user_id: Any) -> ColumnElement[bool]:
    """`user_id` is the campaign's owner or holds one of its seats (who `members` are)."""
    seated = select(CampaignPlayer.user_id).where(
        CampaignPlayer.campaign_id == bindparam("campaign_id")
    )
    return or_(user_id == bindparam("owner_id"), user_id.in_(seated.scalar_subquery()))


# The campaign's live endpoints, its seats and what the channels need of its members
# (`recipients`) in one round trip (every batch of events that makes notifications reads
# them): one row with no endpoint when it has none.
_AUDIENCE = (
    select(WebhookEndpoint, _SEATS.label("seats"), *recipient_columns(_member))
    .select_from(select(literal(1).label("one")).subquery("one"))
    .outerjoin(
        WebhookEndpoint,
        and_(
            WebhookEndpoint.campaign_id == bindparam("campaign_id"),
            WebhookEndpoint.disabled_at.is_(None),
        ),
    )
)


class Audience(NamedTuple):
    """Who hears of a campaign's events, read at once (`read_audience`)."""

    endpoints: list[WebhookEndpoint]  # the live ones (`endpoints_of`)
    seats: dict[uuid.UUID, int | None]  # each member's seat
    recipients: Recipients  # of every member and the owner


async def read_audience(
    session: AsyncSession, campaign: Campaign, now: datetime | None = None
) -> Audience:
    """The campaign's live endpoints, each member's seat, and what the channels need of each
    member and of the owner, as seen at `now`: one statement."""
    params = {
        "campaign_id": campaign.id,
        "owner_id": campaign.owner_id,
        "fresh_after": fresh_after(now or utcnow()),
    }
    rows = (await session.execute(_AUDIENCE, params)).all()
    seats = _members_seats(parsed(rows[0].seats))
    endpoints = [row[0] for row in rows if row[0] is not None]
    return Audience(endpoints, seats, recipients_of(rows[0], {*seats, campaign.owner_id}))


def _members_seats(rows: Any) -> dict[uuid.UUID, int | None]:
    """Each member's seat from the seats' (holder, number, faction): their player number,
    None for a member without a faction."""
    return {
        uuid.UUID(user): (number if faction is not None else None)
        for user, number, faction in rows
        if user is not None  # a vacant seat (its offer unanswered) is nobody's
    }


def members(campaign: Campaign, seats: dict[uuid.UUID, int | None]) -> dict[uuid.UUID, Viewer]:
    """Everyone who hears of the campaign, as viewers: its members, and its owner (the game
    master when they hold no seat). Someone who left hears nothing more."""
    found = {
        user: visibility.viewer(seat, owner=user == campaign.owner_id)
        for user, seat in seats.items()
    }
    if campaign.owner_id not in found:
        found[campaign.owner_id] = visibility.game_master()
    return found


async def deliver(
    session: AsyncSession,
    campaign: Campaign,
    per_user: dict[uuid.UUID, list[NotificationData]],
    endpoints: Sequence[WebhookEndpoint],
    now: datetime | None = None,
    known: Recipients | None = None,
) -> None:
    """Give each user their notifications on every channel: the inbox (always), each of
    their personal endpoints in the campaign that asked for the kind, their confirmed email
    address and their browsers' push subscriptions. `known`: what the channels need of the
    users, if the caller read it already (`read_audience`); read here for anyone it lacks.

    The one way a personal notification leaves: whatever decides who may know (the audience
    rule, in `_personal`, or the caller's own, e.g. a seat offer to its addressee) has been
    applied to `per_user` already. Callers flush.
    """
    when = now or utcnow()
    told = {user: found for user, found in per_user.items() if found}
    if not told:
        return
    # Who has a stream open on the campaign is looking: their inbox lists it, nothing is
    # pushed to them (no webhook, no email). What each wants on each channel, per kind (one
    # mechanism for all channels), and in which language: all read at once.
    recipients = known
    if recipients is None or not told.keys() <= recipients.wishes.keys():
        recipients = await read_recipients(session, campaign.id, told, when)
    watching, wishes, languages = recipients.watching, recipients.wishes, recipients.languages
    personal: dict[uuid.UUID, list[WebhookEndpoint]] = {}
    for endpoint in endpoints:
        if endpoint.scope is EndpointScope.PERSONAL and endpoint.user_id not in watching:
            personal.setdefault(endpoint.user_id, []).append(endpoint)
    ids = {endpoint.id for mine in personal.values() for endpoint in mine}
    recent: dict[tuple[uuid.UUID, str], WebhookDelivery] = {}
    if ids:
        keys = {messages.collapse_key(campaign.id, d) for found in told.values() for d in found}
        recent = await _recent_pushes(session, campaign.id, ids, keys, when)
    rows: list[tuple[uuid.UUID, NotificationData]] = []
    listed: dict[uuid.UUID, list[NotificationData]] = {}
    for user_id, found in told.items():
        wants = wishes[user_id]
        for data in found:
            if wants.choice(data.kind, Channel.INBOX) is not Choice.OFF:
                rows.append((user_id, data))
                listed.setdefault(user_id, []).append(data)
            if wants.choice(data.kind, Channel.WEBHOOK) is Choice.OFF:
                continue
            for endpoint in personal.get(user_id, ()):
                if data.kind.value in endpoint.kinds:
                    push(session, endpoint, data, when, languages[user_id], recent)
    await inbox.collapse(session, campaign.id, listed)
    await inbox.write(session, campaign.id, rows, when)
    pushed = {user: found for user, found in told.items() if user not in watching}
    await email.enqueue_notifications(
        session, campaign.id, pushed, recipients.addresses, wishes, when, languages
    )
    # Only users with a browser subscribed: the others' push costs no statement.
    pushing = {user: found for user, found in pushed.items() if user in recipients.pushed_to}
    await web_push.enqueue_notifications(session, campaign.id, pushing, wishes, when, languages)


async def notify_user(
    session: AsyncSession, campaign: Campaign, user_id: uuid.UUID, data: NotificationData
) -> None:
    """Tell one user something meant for them alone (an extension point: a `seat_offered`
    notification to the user offered a seat goes through here, on every channel)."""
    endpoints = [e for e in await endpoints_of(session, campaign.id) if e.user_id == user_id]
    await deliver(session, campaign, {user_id: [data]}, endpoints)
    await session.flush()


async def on_notices(session: AsyncSession, campaign: Campaign, notices: Sequence[Notice]) -> None:
    """Subscriber (registered by the app factory): tell users who hold no seat what the
    lobbies published. The owner hears of a join request on every channel, their personal
    endpoints included; an asker or a substitute has no webhook in the campaign."""
    c = campaign
    for notice in notices:
        params = notice.params
        if notice.kind is NoticeKind.JOIN_REQUESTED:
            asked = messages.join_requested(c.id, c.name, c.turn, params["number"])
            for user in notice.users:
                await notify_user(session, c, user, asked)
            continue
        if notice.kind is NoticeKind.JOIN_ANSWERED:
            found = [
                messages.join_answered(
                    c.id, c.name, c.turn, params["number"], accepted=params["accepted"]
                )
            ]
        else:
            found = [messages.seat_open(c.id, c.name, c.turn, n) for n in params["numbers"]]
        await deliver(session, c, dict.fromkeys(notice.users, found), endpoints=())


async def _pending_battles(session: AsyncSession, campaign_id: uuid.UUID) -> int:
    count = await session.scalar(
        select(func.count())
        .select_from(BattleRow)
        .where(BattleRow.campaign_id == campaign_id, BattleRow.status.in_(PENDING_BATTLE_STATUSES))
    )
    return count or 0


def _personal(
    campaign: Campaign,
    kind: AnyEventKind,
    payload: dict[str, Any],
    audience: list[int] | None,
    viewer: Viewer,
    said: dict[str, list[NotificationData]],
) -> list[NotificationData]:
    """What one event tells one viewer. `said`: the event's messages, built for the first
    viewer they go to and the same for the others (a turn change tells each member the same
    few things: their text, data and stored body are worked out once, not once a member)."""
    if not visibility.event_seen(viewer, audience):
        return []
    if kind is AppEventKind.TURN_CHANGED:
        key = "seated" if viewer.seat is not None else "unseated"
        if not said:
            said.update(_turn_changed(campaign))
        return said[key]
    if not visibility.event_addressed(viewer, audience):
        return []
    if kind is AppEventKind.BATTLE_REPORTED and payload.get("reported_by") == viewer.seat:
        return []  # the reporter awaits nobody's confirmation but the other side's
    if kind is AppEventKind.MESSAGE_RECEIVED and payload.get("sender") == viewer.seat:
        return []
    if not said:
        said["addressed"] = _addressed(campaign, kind, payload)
    return said["addressed"]


def _turn_changed(campaign: Campaign) -> dict[str, list[NotificationData]]:
    """A turn change's messages to a seated member and to the others (the game master)."""
    cid, name, turn = campaign.id, campaign.name, campaign.turn
    if campaign.status is CampaignStatus.FINISHED:
        news = messages.campaign_ended(cid, name, turn)
    else:
        deadline = campaign.turn_deadline_at
        news = messages.turn_started(cid, name, turn, deadline, None, personal=True)
    summary = [messages.summary_ready(cid, name, turn)] if turn > 1 else []
    return {"seated": [*summary, news], "unseated": [news]}


def _addressed(
    campaign: Campaign, kind: AnyEventKind, payload: dict[str, Any]
) -> list[NotificationData]:
    """What an event tells the seats it addresses (each but its own sender's)."""
    cid, name, turn = campaign.id, campaign.name, campaign.turn
    if kind is AppEventKind.BATTLE_DECLARED:
        battle = int(payload["battle_id"])
        return [messages.battle_awaits(cid, name, turn, battle, confirmation=False)]
    if kind is AppEventKind.BATTLE_REPORTED:
        battle = int(payload["battle_id"])
        return [messages.battle_awaits(cid, name, turn, battle, confirmation=True)]
    if kind is AppEventKind.MESSAGE_RECEIVED:
        return [messages.message_received(cid, name, turn)]
    if kind is AppEventKind.EDICT_RECEIVED and str(payload.get("kind")) in _PROPOSAL_KINDS:
        return [messages.edict_awaits(cid, name, turn, int(payload["edict_id"]))]
    return []


async def on_events(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    events: Sequence[tuple[AnyEventKind, dict[str, Any], list[int] | None]],
) -> None:
    """Write the notifications live events make (kind, payload, audience), for every endpoint
    that may hear of them."""
    handled = [e for e in events if e[0] in HANDLED]
    if not handled:
        return
    # The campaign row is in the session (the publisher changed or locked it).
    campaign = await session.get(Campaign, campaign_id)
    if campaign is None:
        return
    # The endpoints, the seats and what the channels need of every member: one statement.
    heard = await read_audience(session, campaign)
    endpoints, known = heard.endpoints, heard.recipients
    viewers = members(campaign, heard.seats)
    # The personal notifications of the batch (a turn change publishes one event per battle
    # declared and its own) are delivered together, each user's in the events' order: one
    # look at recent pushes for all of them.
    batch: dict[uuid.UUID, list[NotificationData]] = {}
    for kind, payload, audience in handled:
        if kind is AppEventKind.PLAYER_READY:
            await deliver(session, campaign, batch, endpoints, known=known)  # what came first
            batch = {}
            if payload.get("ready") is True:
                await _last_not_ready(session, campaign, heard, viewers)
            continue
        found = await _notify(session, campaign, endpoints, viewers, kind, payload, audience)
        for user, data in found.items():
            batch.setdefault(user, []).extend(data)
    await deliver(session, campaign, batch, endpoints, known=known)
    await session.flush()


async def _notify(
    session: AsyncSession,
    campaign: Campaign,
    endpoints: list[WebhookEndpoint],
    viewers: dict[uuid.UUID, Viewer],
    kind: AnyEventKind,
    payload: dict[str, Any],
    audience: list[int] | None,
) -> dict[uuid.UUID, list[NotificationData]]:
    """Queue what one event tells the campaign's endpoints; return what it tells each user."""
    public: list[NotificationData] = []
    # Only a campaign endpoint hears the public message: without one it is not worked out
    # (its count of pending battles is a statement).
    to_campaign = [e for e in endpoints if e.scope is EndpointScope.CAMPAIGN]
    if kind is AppEventKind.TURN_CHANGED and audience is None and to_campaign:
        cid, name, turn = campaign.id, campaign.name, campaign.turn
        if campaign.status is CampaignStatus.FINISHED:
            public = [messages.campaign_ended(cid, name, turn)]
        else:
            battles = await _pending_battles(session, cid)
            deadline = campaign.turn_deadline_at
            public = [messages.turn_started(cid, name, turn, deadline, battles, personal=False)]
    for endpoint in to_campaign:
        for data in public:
            if data.kind.value in endpoint.kinds:
                enqueue(session, endpoint, data)
    said: dict[str, list[NotificationData]] = {}
    return {
        user: _personal(campaign, kind, payload, audience, viewer, said)
        for user, viewer in viewers.items()
    }


async def _last_not_ready(
    session: AsyncSession,
    campaign: Campaign,
    heard: Audience,
    viewers: dict[uuid.UUID, Viewer],
) -> None:
    """A player declared ready and one seat alone is left: tell its player, once per turn
    (the `notification_reminders` key; withdrawing and declaring again tells nobody twice).
    Readiness is public (every member's stream shows `player_ready`)."""
    from app.play.turns.service import turn_gate  # the turns module publishes through this one

    if campaign.status is not CampaignStatus.ACTIVE:
        return
    gate = await turn_gate(session, campaign)
    if len(gate.waiting) != 1:
        return
    last = gate.waiting[0]
    marked = await session.execute(
        insert(NotificationReminder)
        .values(
            campaign_id=campaign.id,
            turn=campaign.turn,
            kind=LAST_NOT_READY_KEY,
            deadline_at=_ONCE_PER_TURN,
        )
        .on_conflict_do_nothing()
        .returning(NotificationReminder.turn)
    )
    if marked.first() is None or last.user_id not in viewers:
        return
    data = messages.last_not_ready(
        campaign.id, campaign.name, campaign.turn, campaign.turn_deadline_at
    )
    await deliver(
        session, campaign, {last.user_id: [data]}, heard.endpoints, known=heard.recipients
    )


async def on_campaign_status(session: AsyncSession, campaign: Campaign) -> None:
    """The campaign started or ended (the owner's act): every endpoint that asked is told."""
    endpoints, seats, known = await read_audience(session, campaign)
    cid, name, turn = campaign.id, campaign.name, campaign.turn
    if campaign.status is CampaignStatus.ACTIVE:
        data = messages.campaign_started(cid, name, turn, campaign.turn_deadline_at)
    elif campaign.status is CampaignStatus.FINISHED:
        data = messages.campaign_ended(cid, name, turn)
    else:
        return
    for endpoint in endpoints:
        if endpoint.scope is EndpointScope.CAMPAIGN and data.kind.value in endpoint.kinds:
            enqueue(session, endpoint, data)
    viewers = members(campaign, seats)
    await deliver(session, campaign, {user: [data] for user in viewers}, endpoints, known=known)
    await session.flush()


def listen() -> None:
    """Hear of every change this process publishes (events, campaigns starting or ending,
    notices), to write its notifications in the change's transaction: by each process that
    changes campaigns (the app, the deadline sweeper's own process); registered once."""
    subscribe(on_events)
    subscribe_to_status(on_campaign_status)
    subscribe_to_notices(on_notices)
