"""Webhook endpoints (a member's own, or the owner's for the campaign), their delivery log,
test pings, and a user's quiet hours. Flushes, never commits.

An endpoint is visible to the user who registered it only: anyone else's is "not found",
exactly like an id that does not exist.
"""

import base64
import secrets
import uuid

from sqlalchemy import delete as delete_rows
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.channels.notifications import messages, speech, ssrf
from app.channels.notifications.messages import CAMPAIGN_KINDS, PERSONAL_KINDS, NotificationKind
from app.channels.notifications.outbox import enqueue
from app.channels.notifications.schemas import (
    EndpointCreate,
    EndpointUpdate,
    NotificationPreferences,
)
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.platform.errors import AppError, Conflict, NotFound
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate
from app.play.campaigns.access import Membership
from app.store.models import User
from app.store.models.notification import (
    EndpointScope,
    NotificationPreference,
    WebhookDelivery,
    WebhookEndpoint,
)

# Endpoints one user may have in one campaign (each scope).
MAX_ENDPOINTS = 10
SECRET_BYTES = 24


class URLRefused(AppError):
    status = 422
    code = "webhook_url_refused"
    title = _("Webhook URL refused")


def new_secret() -> str:
    """A Standard Webhooks secret: `whsec_` and base64 of random bytes."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


async def check_url(url: str, settings: Settings) -> None:
    """Refuse a URL the server may not post to (before any lock: resolving takes time)."""
    try:
        await ssrf.check(url, allow_loopback=settings.webhooks_allow_loopback)
    except ssrf.UnsafeURL as refused:
        raise URLRefused(refused.args[0]) from None


def _kinds(scope: EndpointScope, asked: list[NotificationKind] | None) -> list[str]:
    allowed = PERSONAL_KINDS if scope is EndpointScope.PERSONAL else CAMPAIGN_KINDS
    if asked is None:
        return [k.value for k in allowed]
    wrong = [k.value for k in asked if k not in allowed]
    if wrong:
        raise AppError(
            _(
                "A {scope} endpoint cannot hear of: {kinds}.",
                scope=scope.value,
                kinds=", ".join(sorted(set(wrong))),
            ),
            status=422,
            code="invalid_value",
            title=_("Invalid value"),
        )
    return sorted({k.value for k in asked}, key=[k.value for k in allowed].index)


async def create(
    session: AsyncSession, m: Membership, data: EndpointCreate
) -> tuple[WebhookEndpoint, str]:
    """Register an endpoint; the caller holds the campaign lock. Returns it and its secret."""
    if data.scope is EndpointScope.CAMPAIGN:
        m.require_owner()
    kinds = _kinds(data.scope, data.kinds)
    count = await session.scalar(
        select(func.count())
        .select_from(WebhookEndpoint)
        .where(
            WebhookEndpoint.campaign_id == m.campaign.id,
            WebhookEndpoint.user_id == m.user.id,
            WebhookEndpoint.scope == data.scope,
        )
    )
    if (count or 0) >= MAX_ENDPOINTS:
        raise Conflict(
            _(
                "At most {most} {scope} endpoints per campaign.",
                most=MAX_ENDPOINTS,
                scope=data.scope.value,
            )
        )
    secret = new_secret()
    endpoint = WebhookEndpoint(
        campaign_id=m.campaign.id,
        user_id=m.user.id,
        scope=data.scope,
        format=data.format,
        url=data.url,
        kinds=kinds,
        secret=secret,
        consecutive_failures=0,
    )
    session.add(endpoint)
    await session.flush()
    return endpoint, secret


async def list_mine(session: AsyncSession, m: Membership) -> list[WebhookEndpoint]:
    rows = await session.scalars(
        select(WebhookEndpoint)
        .where(WebhookEndpoint.campaign_id == m.campaign.id, WebhookEndpoint.user_id == m.user.id)
        .order_by(WebhookEndpoint.created_at, WebhookEndpoint.id)
    )
    return list(rows)


async def get_mine(
    session: AsyncSession, m: Membership, endpoint_id: uuid.UUID, *, lock: bool = False
) -> WebhookEndpoint:
    query = select(WebhookEndpoint).where(
        WebhookEndpoint.campaign_id == m.campaign.id, WebhookEndpoint.id == endpoint_id
    )
    if lock:
        query = query.with_for_update(key_share=True).execution_options(populate_existing=True)
    endpoint = await session.scalar(query)
    if endpoint is None or endpoint.user_id != m.user.id:
        raise NotFound(_("Webhook not found."))
    return endpoint


async def update(
    session: AsyncSession, m: Membership, endpoint_id: uuid.UUID, data: EndpointUpdate
) -> WebhookEndpoint:
    endpoint = await get_mine(session, m, endpoint_id, lock=True)
    if data.url is not None:
        endpoint.url = data.url
    if data.format is not None:
        endpoint.format = data.format
    if data.kinds is not None:
        endpoint.kinds = _kinds(endpoint.scope, data.kinds)
    if data.enabled is True and endpoint.disabled_at is not None:
        endpoint.disabled_at = None
        endpoint.disabled_reason = None
        endpoint.consecutive_failures = 0
    elif data.enabled is False and endpoint.disabled_at is None:
        endpoint.disabled_at = utcnow()
        endpoint.disabled_reason = "Disabled by its owner."
    await session.flush()
    return endpoint


async def delete(session: AsyncSession, m: Membership, endpoint_id: uuid.UUID) -> None:
    endpoint = await get_mine(session, m, endpoint_id, lock=True)
    # Its delivery log goes with it (`deliveries` names the endpoint without a foreign key).
    await session.execute(
        delete_rows(WebhookDelivery).where(
            WebhookDelivery.campaign_id == endpoint.campaign_id,
            WebhookDelivery.endpoint_id == endpoint.id,
        )
    )
    await session.delete(endpoint)
    await session.flush()


async def deliveries(
    session: AsyncSession, m: Membership, endpoint_id: uuid.UUID, page: PageParams
) -> tuple[list[WebhookDelivery], int]:
    """The endpoint's delivery log, newest first."""
    endpoint = await get_mine(session, m, endpoint_id)
    query = (
        select(WebhookDelivery)
        .where(
            WebhookDelivery.campaign_id == m.campaign.id,
            WebhookDelivery.endpoint_id == endpoint.id,
        )
        .order_by(WebhookDelivery.id.desc())
    )
    return await paginate(session, query, page)


async def ping(session: AsyncSession, m: Membership, endpoint_id: uuid.UUID) -> WebhookDelivery:
    """Queue a test message to the endpoint (sent by the worker within seconds)."""
    endpoint = await get_mine(session, m, endpoint_id)
    if endpoint.disabled_at is not None:
        raise Conflict(_("This webhook is disabled: enable it first."))
    data = messages.ping(m.campaign.id, m.campaign.name, m.campaign.turn)
    language = speech.CAMPAIGN_LANGUAGE
    if endpoint.scope is EndpointScope.PERSONAL:
        language = (await speech.languages_of(session, [endpoint.user_id]))[endpoint.user_id]
    delivery = enqueue(session, endpoint, data, language=language)
    await session.flush()
    return delivery


# ------------------------------------------------------------------------- preferences


async def read_preferences(session: AsyncSession, user: User) -> NotificationPreferences:
    return NotificationPreferences.of(await session.get(NotificationPreference, user.id))


async def set_preferences(
    session: AsyncSession, user: User, data: NotificationPreferences
) -> NotificationPreferences:
    values = data.stored()
    statement = (
        insert(NotificationPreference)
        .values(user_id=user.id, **values)
        .on_conflict_do_update(index_elements=[NotificationPreference.user_id], set_=values)
    )
    await session.execute(statement)
    return data
