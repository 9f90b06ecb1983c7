"""The names a battle shows (R-CAMP-5): whoever held its seats in it, never a later holder.

A pending battle names its seats' holders now (they play it). A battle over names the users who
held its seats when it closed (`battles.holders`, written then): after a seat changes hands its
new holder is not named by the seat's past battles, nor told the names they revealed. Who is
told the real names is `visibility.battle_names_seen`; everyone else sees the names as the
campaign shows them (`shown_names`: "Player A…" under anonymity, the owner excepted).
"""

import uuid
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Uuid, any_, bindparam, cast, func, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of
from app.play.campaigns.access import Membership
from app.play.campaigns.service import anonymous_name, shown_names, vacant_name
from app.rules import visibility
from app.store.models import User
from app.store.models.campaign import CampaignPlayer
from app.store.models.world import BattleRow

Holders = Mapping[str, str | None]  # a battle's `holders`: seat number (text) → user id


def holders_of(
    seats: Iterable[tuple[int, uuid.UUID | None]], players: Iterable[int]
) -> dict[str, str | None]:
    """What a closing battle keeps of its seats' holders (`battles.holders`)."""
    held = dict(seats)
    return {str(p): _text(held.get(p)) for p in sorted(players)}


def _text(user_id: uuid.UUID | None) -> str | None:
    return None if user_id is None else str(user_id)


async def seat_holders(session: AsyncSession, campaign_id: uuid.UUID) -> list[tuple[int, Any]]:
    """Every seat's number and holder now (its user id, None if nobody holds it)."""
    rows = await session.execute(
        select(CampaignPlayer.number, CampaignPlayer.user_id).where(
            CampaignPlayer.campaign_id == campaign_id
        )
    )
    return [(number, user_id) for number, user_id in rows.all()]


@dataclass(frozen=True)
class BattleNames:
    """How the viewer sees the names of battles' sides (R-CAMP-5)."""

    membership: Membership
    hidden: dict[int, str]  # the seats' holders now, as the campaign shows them to the viewer
    open: dict[int, str]  # the same, every name revealed
    users: Mapping[str, str]  # display names of the users the battles' `holders` name, by id

    def of(
        self,
        players: Collection[int],
        *,
        over: bool,
        holders: Holders | None,
        also: Iterable[int] = (),
    ) -> dict[int, str]:
        """The names of a battle's seats (`players`, and `also`: a reporter) for the viewer."""
        m = self.membership
        held = None if holders is None else {int(n): u for n, u in holders.items()}
        revealed = visibility.battle_names_seen(
            m.viewer, players, held, over=over, user=str(m.user.id)
        )
        numbers = {*players, *also}
        if not over:
            names = self.open if revealed else self.hidden
            return {p: names.get(p, "") for p in numbers}
        if m.names_hidden and not revealed:
            # Not even the viewer's own seat: it may have been someone else's then.
            return {p: anonymous_name(p, m.language) for p in numbers}
        if held is None:  # who held them is not known: the holders now (no name is hidden)
            return {p: self.open.get(p, "") for p in numbers}
        out = {}
        for p in numbers:
            user = held.get(p)
            name = self.users.get(user) if user is not None else None
            out[p] = name or vacant_name(p, m.language)
        return out


def battle_names(
    m: Membership, seats: Iterable[tuple[int, str | None]], users: Mapping[str, str] | None
) -> BattleNames:
    """`BattleNames` of the (number, display name) rows of the seats already read, and the
    display names of the battles' holders (`holder_names`, read with them)."""
    seats = list(seats)
    hidden = shown_names(m, seats)
    return BattleNames(m, hidden, shown_names(m, seats, reveal=frozenset(hidden)), users or {})


def holder_names(*where: ColumnElement[bool]) -> Any:
    """The display names, by user id (a JSON object, null if none), of the users the `holders`
    of the campaign's (`:campaign_id`) battles name — those matching `where`: a scalar subquery
    for a read's `Extra`."""
    battles = table_of(BattleRow)
    users = table_of(User)
    held = func.jsonb_each_text(battles.c.holders).table_valued("key", "value").lateral("held")
    named = (
        select(cast(held.c.value, Uuid))
        .select_from(battles.join(held, true()))
        .where(battles.c.campaign_id == bindparam("campaign_id"), *where)
    )
    # `= ANY(ARRAY(…))`, not `IN (…)`: PostgreSQL planned the IN as a hash semi-join over a
    # sequential scan of every user of the server (4 ms at 8,000 users, growing with them);
    # the array is read first, then each of its users by the primary key (0.2 ms).
    return (
        select(func.json_object_agg(users.c.id, users.c.display_name))
        .where(users.c.id == any_(func.array(named.scalar_subquery())))
        .scalar_subquery()
    )


async def names_of_holders(
    session: AsyncSession, holders: Iterable[Holders | None]
) -> dict[str, str]:
    """The display names, by user id, of the users these battles' `holders` name."""
    ids = sorted({uuid.UUID(u) for h in holders if h for u in h.values() if u})
    if not ids:
        return {}
    rows = await session.execute(select(User.id, User.display_name).where(User.id.in_(ids)))
    return {str(user_id): name for user_id, name in rows.all()}


async def read_battle_names(
    session: AsyncSession, m: Membership, holders: Iterable[Holders | None]
) -> BattleNames:
    """`BattleNames` for battles of these `holders`, read now (two small queries)."""
    seats = await session.execute(
        select(CampaignPlayer.number, User.display_name)
        .outerjoin(User, User.id == CampaignPlayer.user_id)
        .where(CampaignPlayer.campaign_id == m.campaign.id)
    )
    rows: list[tuple[int, str | None]] = [(n, name) for n, name in seats.all()]
    return battle_names(m, rows, await names_of_holders(session, holders))
