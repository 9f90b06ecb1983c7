"""The inbox (issue 28): every notification a user receives, on any channel, listed for them.

Rows are written by `app.channels.notifications.outbox.deliver`, in the transaction of the change
they tell of, from exactly the notifications the user's personal webhooks would get (the same
audience rule as the event stream), so the inbox never holds what the user may not see. Read here:
newest first, paginated with the server's cap, read marks and an unread count.
"""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, insert, select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.expression import Insert

from app.channels.notifications.messages import COLLAPSING_KINDS, NotificationData, collapse_key
from app.channels.notifications.speech import said_json, stored_json
from app.platform.db.base import table_of, utcnow
from app.platform.db.bulk import unnest_of
from app.platform.db.ids import random_public_id
from app.platform.errors import NotFound
from app.platform.i18n import _
from app.platform.pagination import PageParams
from app.store.models import User
from app.store.models.notification import InboxItem


def _key_of(campaign_id: uuid.UUID, body: str) -> str | None:
    """The collapse key of a stored item; None for one it cannot read (then kept)."""
    try:
        return collapse_key(campaign_id, said_json(body))
    except ValueError:  # JSON or validation
        return None


async def collapse(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    per_user: dict[uuid.UUID, list[NotificationData]],
) -> None:
    """A new reminder replaces its user's unread ones of the same kind about the same subject
    in the campaign (`messages.collapse_key`): a battle's reminder never deletes the turn's."""
    keys = {
        (user, collapse_key(campaign_id, data))
        for user, found in per_user.items()
        for data in found
        if data.kind in COLLAPSING_KINDS
    }
    if not keys:
        return
    pairs = sorted({(user, key.split(":")[1]) for user, key in keys})
    # A user's unread reminders are few: their subjects are read from their bodies here.
    unread = await session.execute(
        select(InboxItem.id, InboxItem.user_id, InboxItem.body).where(
            InboxItem.campaign_id == campaign_id,
            InboxItem.read_at.is_(None),
            tuple_(InboxItem.user_id, InboxItem.kind).in_(pairs),
        )
    )
    gone = [
        item_id
        for item_id, user_id, body in unread.all()
        if (user_id, _key_of(campaign_id, body)) in keys
    ]
    if gone:
        await session.execute(
            delete(InboxItem)
            .where(InboxItem.campaign_id == campaign_id, InboxItem.id.in_(gone))
            .execution_options(synchronize_session=False)
        )


def _write_statement() -> Insert:
    """The statement that writes a batch of inbox items, built once (every turn change runs
    it), run with the campaign, the time and the items' columns as arrays: one statement and
    one text whatever the number of items (`app.platform.db.bulk`)."""
    table = table_of(InboxItem)
    keys = ["id", "user_id", "kind", "turn", "body"]
    new = unnest_of(table, keys, "new_items")
    constants = [
        bindparam("campaign_id", type_=table.c.campaign_id.type),
        bindparam("now", type_=table.c.created_at.type),
    ]
    return insert(table).from_select(
        ["campaign_id", "created_at", *keys], select(*constants, *new.c)
    )


_WRITE = _write_statement()


async def write(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    items: Sequence[tuple[uuid.UUID, NotificationData]],
    now: datetime,
) -> None:
    """Insert the items (each a user and what they are told) in one statement, in that order.

    A turn change tells each member the same few things: a notification's body (its data
    with its text kept, said in the reader's language when read) is worked out once, however
    many users it goes to."""
    if not items:
        return
    bodies: dict[int, str] = {}
    ids, users, kinds, turns, said = [], [], [], [], []
    for user_id, data in items:
        body = bodies.get(id(data))
        if body is None:
            body = bodies[id(data)] = stored_json(data)
        ids.append(random_public_id())
        users.append(user_id)
        kinds.append(data.kind.value)
        turns.append(data.turn)
        said.append(body)
    params = {"campaign_id": campaign_id, "now": now}
    columns = {"id": ids, "user_id": users, "kind": kinds, "turn": turns, "body": said}
    await session.execute(_WRITE, {**params, **{f"new_items_{k}": v for k, v in columns.items()}})


@dataclass(frozen=True)
class Listed:
    items: list[InboxItem]
    total: int
    unread: int


def _mine(user: User, *, unread_only: bool = False) -> list[Any]:
    where: list[Any] = [InboxItem.user_id == user.id]
    if unread_only:
        where.append(InboxItem.read_at.is_(None))
    return where


async def unread_count(session: AsyncSession, user: User) -> int:
    count = await session.scalar(
        select(func.count()).select_from(InboxItem).where(*_mine(user, unread_only=True))
    )
    return count or 0


async def list_mine(
    session: AsyncSession, user: User, page: PageParams, *, unread_only: bool
) -> Listed:
    """One page of the user's inbox, newest first, with the total and the unread count."""
    where = _mine(user, unread_only=unread_only)
    total = await session.scalar(select(func.count()).select_from(InboxItem).where(*where)) or 0
    rows = await session.scalars(
        select(InboxItem)
        .where(*where)
        .order_by(InboxItem.seq.desc())
        .limit(page.limit)
        .offset(page.offset)
    )
    unread = total if unread_only else await unread_count(session, user)
    return Listed(items=list(rows), total=total, unread=unread)


async def mark_read(session: AsyncSession, user: User, item_id: int) -> InboxItem:
    """Mark one of the user's items read (again: its first read time stays). Anyone else's
    item is "not found", exactly like an id that does not exist."""
    mine = (InboxItem.user_id == user.id, InboxItem.id == item_id)
    # Its campaign first, then the lock on that campaign's row: on Citus a row lock must name
    # the campaign (docs/scaling.md).
    campaign_id = await session.scalar(select(InboxItem.campaign_id).where(*mine))
    item = None
    if campaign_id is not None:
        item = await session.scalar(
            select(InboxItem).where(InboxItem.campaign_id == campaign_id, *mine).with_for_update()
        )
    if item is None:
        raise NotFound(_("Notification not found."))
    if item.read_at is None:
        item.read_at = utcnow()
        await session.flush()
    return item


async def mark_all_read(session: AsyncSession, user: User) -> int:
    """Mark every unread item of the user read; returns how many were unread."""
    result = await session.execute(
        update(InboxItem)
        .where(*_mine(user, unread_only=True))
        .values(read_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)
