"""Blocks (a user stops hearing from another) and bans (an owner refuses another's join
requests, R-CAMP-11): one list per user of each, kept by username.

A block is never told to the blocked user: what they write is answered exactly as before, it
just does not reach the blocker (the callers below ask `blockers_among` / `blocks_user`). A ban
is told: the banned user's join requests are refused with a problem (R-CAMP-11).
"""

import uuid
from collections.abc import Collection
from typing import Any

from sqlalchemy import ColumnElement, delete, exists, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.moderation.schemas import ListedUser, ListedUserPage
from app.platform.db.base import utcnow
from app.platform.errors import AppError, NotFound
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate_rows
from app.store.models import OwnerBan, User, UserBlock

_NO_USER = _("No user has this username.")
SELF_LISTED = "self_listed"


async def user_named(session: AsyncSession, username: str) -> User:
    """The user of this username (any case); 404 for none."""
    user = await session.scalar(select(User).where(func.lower(User.username) == username.lower()))
    if user is None:
        raise NotFound(_NO_USER)
    return user


class _List:
    """A user's list of other users: blocks or bans."""

    def __init__(self, model: Any, author: str, listed: str) -> None:
        self.model = model
        self.author = getattr(model, author)
        self.listed = getattr(model, listed)
        self.author_name, self.listed_name = author, listed

    async def add(self, session: AsyncSession, user: User, username: str) -> None:
        other = await user_named(session, username)
        if other.id == user.id:
            raise AppError(
                _("You cannot list yourself."), status=422, code=SELF_LISTED, title=_("Refused")
            )
        values = {self.author_name: user.id, self.listed_name: other.id, "created_at": utcnow()}
        await session.execute(insert(self.model).values(values).on_conflict_do_nothing())

    async def remove(self, session: AsyncSession, user: User, username: str) -> None:
        other = await user_named(session, username)
        gone = await session.execute(
            delete(self.model)
            .where(self.author == user.id, self.listed == other.id)
            .returning(self.listed)
        )
        if gone.first() is None:
            raise NotFound(_("This user is not on your list."))

    async def page(self, session: AsyncSession, user: User, page: PageParams) -> ListedUserPage:
        query = (
            select(User.username, User.display_name, self.model.created_at)
            .join(User, User.id == self.listed)
            .where(self.author == user.id)
            .order_by(self.model.created_at.desc(), User.username)
        )
        rows, total = await paginate_rows(session, query, page)
        items = [ListedUser(username=u, display_name=d, since=at) for u, d, at in rows]
        return ListedUserPage.of(items, total, page)


BLOCKS = _List(UserBlock, "user_id", "blocked_id")
BANS = _List(OwnerBan, "owner_id", "banned_id")


def blocks_user(blocker: Any, blocked: Any) -> ColumnElement[bool]:
    """SQL: `blocker` (a user id or column) blocked `blocked` (one too)."""
    return exists().where(UserBlock.user_id == blocker, UserBlock.blocked_id == blocked)


async def has_blocked(session: AsyncSession, blocker: uuid.UUID, blocked: uuid.UUID) -> bool:
    return bool(await session.scalar(select(blocks_user(blocker, blocked))))


async def blockers_among(
    session: AsyncSession, blocked: uuid.UUID, users: Collection[uuid.UUID]
) -> set[uuid.UUID]:
    """Which of `users` blocked `blocked` (one query, whatever their number)."""
    if not users:
        return set()
    rows = await session.scalars(
        select(UserBlock.user_id).where(
            UserBlock.blocked_id == blocked, UserBlock.user_id.in_(list(users))
        )
    )
    return set(rows)


async def is_banned(session: AsyncSession, owner: uuid.UUID, user: uuid.UUID) -> bool:
    found = await session.scalar(
        select(OwnerBan.owner_id).where(OwnerBan.owner_id == owner, OwnerBan.banned_id == user)
    )
    return found is not None
