"""What the channels need to know of the users a batch of notifications tells, read in one
statement: who is looking (`presence`), what each wants (`preferences`), the language each
is spoken to in (`speech`), their confirmed, subscribed email addresses and which of them
have a browser subscribed to Web Push.

Four lookups of a statement each cost a delivery (every turn change, every event that tells
someone) about as much as the rest of its work together. A campaign's events read them for
all its members in the statement that reads its endpoints and seats
(`app.channels.notifications.outbox.read_audience`): none of their deliveries reads again.
"""

import uuid
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Uuid, any_, bindparam, distinct, func, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.expression import ColumnElement, Label

from app.channels.notifications.preferences import DEFAULT, Wishes
from app.channels.notifications.presence import STALE_AFTER
from app.platform.db.aggregates import NO_ROWS, json_rows_of, parsed
from app.platform.i18n import DEFAULT_LANGUAGE, Language, as_language
from app.store.models import User
from app.store.models.email import UserEmail
from app.store.models.notification import NotificationPreference, StreamPresence
from app.store.models.push import PushSubscription


class Address(NamedTuple):
    """A user's confirmed email address that has not been unsubscribed."""

    user_id: uuid.UUID
    address: str


@dataclass(frozen=True)
class Recipients:
    """The users told, as the channels see them."""

    watching: set[uuid.UUID]  # an open stream on the campaign: nothing is pushed to them
    wishes: dict[uuid.UUID, Wishes]  # the default for those who never set any
    languages: dict[uuid.UUID, Language]  # English for one who chose none
    addresses: list[Address]  # by user id
    pushed_to: set[uuid.UUID]  # a browser subscribed to Web Push: only those are looked up


_USERS = bindparam("users", type_=ARRAY(Uuid()))


def recipient_columns(told: Callable[[Any], ColumnElement[bool]]) -> list[Label[Any]]:
    """What the channels need of the users `told` picks (given a user id column: a condition),
    as scalar subqueries named as `Recipients`' fields, to be read beside other columns: the
    campaign's id is the parameter `campaign_id`, the time before which a presence is stale
    `fresh_after`."""
    return [
        select(func.coalesce(func.json_agg(distinct(StreamPresence.user_id)), NO_ROWS))
        .where(
            StreamPresence.campaign_id == bindparam("campaign_id"),
            told(StreamPresence.user_id),
            StreamPresence.seen_at > bindparam("fresh_after"),
        )
        .scalar_subquery()
        .label("watching"),
        json_rows_of(
            NotificationPreference.user_id,
            NotificationPreference.channels,
            NotificationPreference.time_zone,
            NotificationPreference.digest_hour,
            where=[told(NotificationPreference.user_id)],
            order=NotificationPreference.user_id,
        ).label("wishes"),
        json_rows_of(User.id, User.language, where=[told(User.id)], order=User.id).label(
            "languages"
        ),
        json_rows_of(
            UserEmail.user_id,
            UserEmail.address,
            where=[
                told(UserEmail.user_id),
                UserEmail.confirmed_at.is_not(None),
                UserEmail.unsubscribed_at.is_(None),
            ],
            order=UserEmail.user_id,
        ).label("addresses"),
        select(func.coalesce(func.json_agg(distinct(PushSubscription.user_id)), NO_ROWS))
        .where(told(PushSubscription.user_id))
        .scalar_subquery()
        .label("pushed_to"),
    ]


# Built once (every delivery runs it), executed with the users, the campaign and the time
# before which a presence is stale.
_READ = select(*recipient_columns(lambda user_id: user_id == any_(_USERS)))


def fresh_after(now: datetime) -> datetime:
    """The time before which a stream's presence no longer counts, seen at `now`."""
    return now - STALE_AFTER


def recipients_of(row: Any, users: Collection[uuid.UUID]) -> Recipients:
    """`Recipients` of `users` from a row holding `recipient_columns` (read for them)."""
    wishes = dict.fromkeys(users, DEFAULT)
    for user_id, channels, time_zone, digest_hour in parsed(row.wishes):
        wishes[uuid.UUID(user_id)] = Wishes(channels or {}, time_zone, digest_hour)
    languages: dict[uuid.UUID, Language] = dict.fromkeys(users, DEFAULT_LANGUAGE)
    for user_id, language in parsed(row.languages):
        languages[uuid.UUID(user_id)] = as_language(language) or DEFAULT_LANGUAGE
    return Recipients(
        watching={uuid.UUID(user_id) for user_id in parsed(row.watching)},
        wishes=wishes,
        languages=languages,
        addresses=[Address(uuid.UUID(u), address) for u, address in parsed(row.addresses)],
        pushed_to={uuid.UUID(user_id) for user_id in parsed(row.pushed_to)},
    )


async def read_recipients(
    session: AsyncSession, campaign_id: uuid.UUID, users: Collection[uuid.UUID], now: datetime
) -> Recipients:
    """What the channels need of `users`, told of the campaign at `now`: one round trip."""
    if not users:
        return Recipients(set(), {}, {}, [], set())
    params = {"users": list(users), "campaign_id": campaign_id, "fresh_after": fresh_after(now)}
    return recipients_of((await session.execute(_READ, params)).one(), users)
