"""Webhooks of a campaign (each member's own) and a user's quiet hours."""

import uuid
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response, status

from app.accounts.auth.dependencies import CurrentUser
from app.channels.notifications import account, inbox, service
from app.channels.notifications.schemas import (
    AccountNoticePage,
    AccountNoticeRead,
    DeliveryPage,
    DeliveryRead,
    EndpointCreate,
    EndpointCreated,
    EndpointRead,
    EndpointUpdate,
    InboxItemRead,
    InboxMarked,
    InboxPage,
    NotificationPreferences,
)
from app.platform.conditional import (
    CONDITIONAL_RESPONSES,
    IfNoneMatch,
    list_response,
    model_response,
)
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep, SettingsDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns.access import CampaignId, LockedMemberDep, MemberDep, load_membership

router = APIRouter(
    prefix="/campaigns/{campaign_id}/webhooks", tags=["notifications"], responses=PROBLEM_RESPONSES
)
preferences_router = APIRouter(
    prefix="/users/me/notifications", tags=["notifications"], responses=PROBLEM_RESPONSES
)

inbox_router = APIRouter(
    prefix="/notifications", tags=["notifications"], responses=PROBLEM_RESPONSES
)

WebhookId = Annotated[uuid.UUID, Path(description="The webhook's id.")]


@router.post("", status_code=status.HTTP_201_CREATED)
async def create_webhook(
    campaign_id: CampaignId,
    data: EndpointCreate,
    session: SessionDep,
    user: CurrentUser,
    settings: SettingsDep,
) -> EndpointCreated:
    """Register a webhook: personal (any member) or campaign (owner); the secret is shown once."""
    await service.check_url(data.url, settings)  # resolves the host: before taking the lock
    member = await load_membership(session, campaign_id, user, lock=True)
    endpoint, secret = await service.create(session, member, data)
    return EndpointCreated(**EndpointRead.of(endpoint).model_dump(), secret=secret)


@router.get("", response_model=list[EndpointRead], responses=CONDITIONAL_RESPONSES)
async def list_webhooks(
    session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """List my webhooks in this campaign (never their secrets)."""
    endpoints = [EndpointRead.of(e) for e in await service.list_mine(session, member)]
    return list_response(endpoints, if_none_match)


@router.get("/{webhook_id}", response_model=EndpointRead, responses=CONDITIONAL_RESPONSES)
async def get_webhook(
    webhook_id: WebhookId, session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """One of my webhooks."""
    endpoint = EndpointRead.of(await service.get_mine(session, member, webhook_id))
    return model_response(endpoint, if_none_match)


@router.patch("/{webhook_id}")
async def update_webhook(
    campaign_id: CampaignId,
    webhook_id: WebhookId,
    data: EndpointUpdate,
    session: SessionDep,
    user: CurrentUser,
    settings: SettingsDep,
) -> EndpointRead:
    """Change a webhook's URL, format or kinds, or enable it again after it was disabled."""
    if data.url is not None:
        await service.check_url(data.url, settings)
    member = await load_membership(session, campaign_id, user, lock=True)
    return EndpointRead.of(await service.update(session, member, webhook_id, data))


@router.delete("/{webhook_id}", status_code=status.HTTP_204_NO_CONTENT)
async def delete_webhook(
    webhook_id: WebhookId, session: SessionDep, member: LockedMemberDep
) -> Response:
    """Delete a webhook and its delivery log."""
    await service.delete(session, member, webhook_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get(
    "/{webhook_id}/deliveries", response_model=DeliveryPage, responses=CONDITIONAL_RESPONSES
)
async def list_deliveries(
    webhook_id: WebhookId,
    session: SessionDep,
    member: MemberDep,
    page: PageDep,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """The webhook's delivery log, newest first: status, attempts, last error."""
    rows, total = await service.deliveries(session, member, webhook_id, page)
    listed = DeliveryPage.of((DeliveryRead.of(d) for d in rows), total, page)
    return model_response(listed, if_none_match)


@router.post("/{webhook_id}/ping", status_code=status.HTTP_202_ACCEPTED)
async def ping_webhook(
    webhook_id: WebhookId, session: SessionDep, member: LockedMemberDep
) -> DeliveryRead:
    """Send a test message to the webhook (queued: see its delivery log)."""
    return DeliveryRead.of(await service.ping(session, member, webhook_id))


@preferences_router.get("")
async def get_notification_preferences(
    session: SessionDep, user: CurrentUser
) -> NotificationPreferences:
    """My quiet hours and vacation switch (personal webhooks, every campaign)."""
    return await service.read_preferences(session, user)


@preferences_router.put("")
async def set_notification_preferences(
    data: NotificationPreferences, session: SessionDep, user: CurrentUser
) -> NotificationPreferences:
    """Set my quiet hours (in my time zone) and vacation switch."""
    return await service.set_preferences(session, user, data)


# -------------------------------------------------------------------------------- inbox

InboxItemId = Annotated[int, Path(ge=1, le=2**53 - 1, description="The notification's id.")]


@inbox_router.get("", response_model=InboxPage, responses=CONDITIONAL_RESPONSES)
async def list_notifications(
    session: SessionDep,
    user: CurrentUser,
    page: PageDep,
    request: Request,
    unread_only: Annotated[bool, Query(description="Only the unread ones.")] = False,
    if_none_match: IfNoneMatch = None,
) -> Response:
    """My inbox: every notification I received, on any channel, newest first."""
    found = await inbox.list_mine(session, user, page, unread_only=unread_only)
    language = request_language(request)
    listed = InboxPage(
        items=[InboxItemRead.of(i, language) for i in found.items],
        total=found.total,
        limit=page.limit,
        offset=page.offset,
        unread=found.unread,
    )
    return said_in(model_response(listed, if_none_match), language)


@inbox_router.get("/account")
async def list_account_notices(
    session: SessionDep, user: CurrentUser, page: PageDep, request: Request
) -> AccountNoticePage:
    """My account's notices, newest first: every sign-in, new token and change of address
    (each also emailed to my confirmed address), to spot one that was not me."""
    notices, total = await account.list_notices(session, user, page)
    language = request_language(request)
    items = (
        AccountNoticeRead.model_validate(
            {
                "id": n.id,
                "kind": n.kind,
                "text": account.notice_text(n.body, language),
                "created_at": n.created_at,
            }
        )
        for n in notices
    )
    return AccountNoticePage.of(items, total, page)


@inbox_router.post("/read")
async def mark_all_notifications_read(session: SessionDep, user: CurrentUser) -> InboxMarked:
    """Mark every notification of my inbox read."""
    return InboxMarked(marked=await inbox.mark_all_read(session, user), unread=0)


@inbox_router.post("/{notification_id}/read")
async def mark_notification_read(
    notification_id: InboxItemId, request: Request, session: SessionDep, user: CurrentUser
) -> InboxItemRead:
    """Mark one notification of my inbox read."""
    item = await inbox.mark_read(session, user, notification_id)
    return InboxItemRead.of(item, request_language(request))
