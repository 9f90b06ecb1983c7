"""Who may touch a campaign: membership lookup, row locking, and the typed dependencies."""

import enum
import functools
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from functools import reduce
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Path, Request
from sqlalchemy import BigInteger, ColumnElement, Row, Select, and_, bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.accounts.auth.dependencies import BearerSecret, CurrentUser
from app.accounts.auth.service import BEARER, accept_token, bearer_params
from app.platform.db.locks import note_campaign_lock
from app.platform.db.session import SessionDep
from app.platform.errors import Conflict, Forbidden, NotFound, Unauthorized
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _
from app.platform.i18n.requests import request_language, speak_to
from app.play.campaigns.disorder import holder_acted
from app.rules import visibility
from app.store.models import User
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus

_S = TypeVar("_S", bound=Select[Any])


class Lock(enum.Enum):
    """How a write holds the campaign row until its transaction ends (behind the campaign's
    advisory lock, taken in the same mode, which queues writers and orders fairly)."""

    # One writer at a time: the turn change, readiness, the world, diplomacy, the owner's
    # acts. `FOR NO KEY UPDATE`, not `FOR UPDATE`: the row's key never changes, and the weaker
    # lock lets the foreign-key checks of rows inserted meanwhile (a message, its event) pass
    # instead of queueing behind the whole write.
    EXCLUSIVE = "exclusive"
    # A player's own orders: they read the world and their own seat only, and write their
    # orders, gold and ledger only. `FOR SHARE` keeps out every exclusive writer (so the
    # world and the turn stand still) but not the other players; the seat's own row, locked
    # `FOR NO KEY UPDATE`, keeps one player's writes one after the other.
    SHARED_SEAT = "shared_seat"


def locked(query: _S, lock: Lock = Lock.EXCLUSIVE, *, skip_locked: bool = False) -> _S:
    """`query` (of campaign rows) with the row lock of `lock`."""
    shared = lock is Lock.SHARED_SEAT
    return query.with_for_update(read=shared, key_share=not shared, skip_locked=skip_locked)


# How a refusal names a phase: "while the campaign is in the lobby; it is active".
_PHASE = {
    CampaignStatus.LOBBY: _("in the lobby"),
    CampaignStatus.ACTIVE: _("active"),
    CampaignStatus.FINISHED: _("finished"),
}


@dataclass(frozen=True)
class Membership:
    """The caller's relation to a campaign: its owner, one of its players, or both."""

    campaign: Campaign
    user: User
    player: CampaignPlayer | None
    # Taken for a write (the campaign row locked): a steward's seat refuses its holder's
    # writes (R-CAMP-7).
    writing: bool = False
    # What the caller reads in: the seats the server names itself ("Player B", R-CAMP-5) are
    # named in it, as every other text of the answer.
    language: Language = DEFAULT_LANGUAGE

    @property
    def is_owner(self) -> bool:
        return self.campaign.owner_id == self.user.id

    @functools.cached_property
    def viewer(self) -> visibility.Viewer:
        """The caller as a viewer of the campaign (`app.rules.visibility`), built once: their
        seat is a seat with a faction (R-FOG-5)."""
        player = self.player
        seat = player.number if player is not None and player.faction is not None else None
        return visibility.viewer(seat, owner=self.is_owner)

    @property
    def names_hidden(self) -> bool:
        """R-CAMP-5: other players' names are hidden from this caller (the owner sees them)."""
        return self.campaign.anonymous and not self.is_owner

    def require_owner(self) -> None:
        if not self.is_owner:
            raise Forbidden(_("Only the campaign's owner may do this."), code="R-CAMP-1")

    def require_player(self) -> CampaignPlayer:
        if self.player is None or self.player.faction is None:
            raise Forbidden(_("Only a player of this campaign may do this."), code="R-CAMP-2")
        if self.writing and self.player.inactive:
            raise Conflict(
                _(
                    "Your seat is inactive, held by a steward who gives no orders: ask the "
                    "campaign's owner to make it active again."
                ),
                code="R-CAMP-7",
            )
        return self.player

    def require_status(self, *statuses: CampaignStatus) -> None:
        if self.campaign.status not in statuses:
            # Each phase a text of its own, so that "or" is said in the reader's language too.
            wanted = reduce(
                lambda first, second: _("{first} or {second}", first=first, second=second),
                [_PHASE[s] for s in statuses],
            )
            raise Conflict(
                _(
                    "This can only be done while the campaign is {wanted}; it is {phase}.",
                    wanted=wanted,
                    phase=_PHASE[self.campaign.status],
                ),
                code="R-CAMP-2",
            )


async def load_membership(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    user: User,
    *,
    lock: bool | Lock = False,
    language: Language = DEFAULT_LANGUAGE,
) -> Membership:
    """The caller's membership; 404 for non-members so a campaign's existence never leaks.

    With `lock` (True: `Lock.EXCLUSIVE`), the campaign row is locked for the rest of the
    transaction: every request that changes turn state takes this lock first.
    """
    if lock:
        mode = lock if isinstance(lock, Lock) else Lock.EXCLUSIVE
        return await _locked_membership(session, campaign_id, user, mode, language)
    # Reads: one round trip for the campaign and, if any, the caller's seat in it.
    query = (
        select(Campaign, CampaignPlayer)
        .outerjoin(
            CampaignPlayer,
            and_(CampaignPlayer.campaign_id == Campaign.id, CampaignPlayer.user_id == user.id),
        )
        .where(Campaign.id == campaign_id)
    )
    row = (await session.execute(query)).one_or_none()
    if row is None:
        raise NotFound(_("Campaign not found."))
    return _member_or_404(Membership(row[0], user, row[1], language=language))


async def _locked_membership(
    session: AsyncSession, campaign_id: uuid.UUID, user: User, lock: Lock, language: Language
) -> Membership:
    """Lock first, then read.

    The lock is a statement of its own and every mutable row is read after it. Under READ
    COMMITTED, PostgreSQL re-reads only the locked row when a lock wait ends: a row joined to
    the locking query (or loaded into the session before it) comes from the snapshot taken
    before the wait, and writing it back loses what the lock holder committed (gold spent
    twice, a turn's income gone). `populate_existing` refreshes any object the session already
    holds, so nothing read before the lock is reused after it. Under a shared campaign lock
    the caller's seat row is locked too, the same way, before anything else is read.
    """
    campaign = await lock_campaign(session, campaign_id, lock)
    if campaign is None:
        raise NotFound(_("Campaign not found."))
    seat_row = _lock_statements(lock)[2]
    player = await session.scalar(seat_row, {"campaign_id": campaign_id, "user_id": user.id})
    membership = _member_or_404(Membership(campaign, user, player, writing=True, language=language))
    if player is not None and player.civil_disorder and campaign.status is CampaignStatus.ACTIVE:
        # R-CAMP-10: any write of the holder is acting; a refused one rolls this back too.
        await holder_acted(session, player, campaign.turn)
    return membership


async def lock_campaign(
    session: AsyncSession, campaign_id: uuid.UUID, lock: Lock = Lock.EXCLUSIVE
) -> Campaign | None:
    """Take the campaign's lock (turnstile, then row) and read the row after it; None: no
    such campaign. For writes by callers who are not members yet (a seat offer's answer)."""
    turnstile, campaign_row, _ = _lock_statements(lock)
    await session.execute(turnstile, {"key": turnstile_key(campaign_id)})
    campaign = await session.scalar(campaign_row, {"campaign_id": campaign_id})
    if campaign is not None:
        note_campaign_lock(session, campaign_id)
    return campaign


# Campaign ids read per statement by a background pass (`due_campaigns`).
DUE_BATCH = 100


async def due_campaigns(
    sessionmaker: async_sessionmaker[AsyncSession],
    due: ColumnElement[bool],
    batch: int = DUE_BATCH,
) -> AsyncIterator[uuid.UUID]:
    """The ids of the campaigns `due` holds for, in id order, each once, read `batch` at a time
    without a row lock, each batch in a short transaction of its own. A background pass then
    takes each one with `claim_due`: on Citus a row lock over all campaigns is refused ("could
    not run distributed query with FOR UPDATE/SHARE commands"), one campaign's lock runs on its
    node (docs/scaling.md)."""
    after: uuid.UUID | None = None
    while True:
        query = select(Campaign.id).where(due).order_by(Campaign.id).limit(batch)
        if after is not None:
            query = query.where(Campaign.id > after)
        async with sessionmaker() as session, session.begin():
            ids = list(await session.scalars(query))
        for campaign_id in ids:
            yield campaign_id
        if len(ids) < batch:
            return
        after = ids[-1]


async def claim_due(
    session: AsyncSession, campaign_id: uuid.UUID, due: ColumnElement[bool]
) -> Campaign | None:
    """The campaign, locked (`lock_campaign`), if `due` still holds for it once locked; None
    if another process handled it meanwhile (it held the lock, this one waited), so that
    several processes never act twice on one campaign."""
    claimed = await claim_due_with(session, campaign_id, due)
    return claimed[0] if claimed is not None else None


async def claim_due_with(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    due: ColumnElement[bool],
    *columns: ColumnElement[Any],
) -> tuple[Campaign, Row[Any]] | None:
    """`claim_due`, with `columns` (of the campaign's row: e.g. whether some of its rows are
    due) read by the same statement as the check, after the lock: the campaign and that row."""
    campaign = await lock_campaign(session, campaign_id)
    if campaign is None:
        return None
    # A statement of its own after the lock: it sees what the process before committed.
    checked = select(Campaign.id, *columns).where(Campaign.id == campaign_id, due)
    row = (await session.execute(checked)).first()
    return (campaign, row) if row is not None else None


@functools.cache
def _lock_statements(
    lock: Lock,
) -> tuple[Select[Any], Select[Campaign], Select[CampaignPlayer]]:
    """The three statements of a write's lock in mode `lock`, built once (every write runs
    them): the turnstile, the campaign row, the caller's seat."""
    # The turnstile first: PostgreSQL queues row locks without fairness (new `FOR SHARE`
    # lockers pass a waiting writer, which a busy campaign's orders would starve), its
    # advisory locks in arrival order.
    take = (
        func.pg_advisory_xact_lock_shared
        if lock is Lock.SHARED_SEAT
        else func.pg_advisory_xact_lock
    )
    turnstile = select(take(bindparam("key", type_=BigInteger)))
    campaign = locked(select(Campaign).where(Campaign.id == bindparam("campaign_id")), lock)
    seat = select(CampaignPlayer).where(
        CampaignPlayer.campaign_id == bindparam("campaign_id"),
        CampaignPlayer.user_id == bindparam("user_id"),
    )
    if lock is Lock.SHARED_SEAT:
        seat = seat.with_for_update(key_share=True)
    # Nothing read before the lock is reused after it (`_locked_membership`).
    return (
        turnstile,
        campaign.execution_options(populate_existing=True),
        seat.execution_options(populate_existing=True),
    )


def turnstile_key(campaign_id: uuid.UUID) -> int:
    """The campaign's advisory lock key: its id's first 64 bits (a shared key between two
    campaigns would only make them wait for each other)."""
    return int.from_bytes(campaign_id.bytes[:8], "big", signed=True)


def _member_or_404(membership: Membership) -> Membership:
    if membership.player is None and not membership.is_owner:
        raise NotFound(_("Campaign not found."))
    return membership


CampaignId = Annotated[uuid.UUID, Path(description="The campaign's id.")]


# Every read's token, user, campaign and seat, built once (executed with the bearer token's
# hash and the campaign's id).
_READ_MEMBERSHIP = (
    BEARER.add_columns(Campaign, CampaignPlayer)
    .outerjoin(Campaign, Campaign.id == bindparam("campaign_id"))
    .outerjoin(
        CampaignPlayer,
        and_(CampaignPlayer.campaign_id == Campaign.id, CampaignPlayer.user_id == User.id),
    )
)


async def get_membership(
    request: Request, campaign_id: CampaignId, session: SessionDep, secret: BearerSecret
) -> Membership:
    """Read access to the campaign in the path: the caller's token, user, the campaign and
    their seat in it in one round trip (the same answers as `CurrentUser` then
    `load_membership`: 401 for a bad token first, then 404 for a non-member)."""
    if not secret:
        raise Unauthorized(_("Not authenticated."))
    params = {**bearer_params(secret), "campaign_id": campaign_id}
    row = (await session.execute(_READ_MEMBERSHIP, params)).one_or_none()
    if row is None:
        raise Unauthorized(_("Invalid token."))
    token, user, campaign, player = row
    await accept_token(session, token)
    speak_to(request, user.language)
    if campaign is None:
        raise NotFound(_("Campaign not found."))
    return _member_or_404(Membership(campaign, user, player, language=request_language(request)))


async def get_locked_membership(
    request: Request, campaign_id: CampaignId, session: SessionDep, user: CurrentUser
) -> Membership:
    """Write access: the campaign row is locked until the request's transaction ends."""
    language = request_language(request)  # the user's, once `CurrentUser` knows them
    return await load_membership(session, campaign_id, user, lock=True, language=language)


MemberDep = Annotated[Membership, Depends(get_membership)]
LockedMemberDep = Annotated[Membership, Depends(get_locked_membership)]


async def get_viewer(member: MemberDep) -> visibility.Viewer:
    """The caller as a viewer of the campaign in the path, for what needs no more of them."""
    return member.viewer


ViewerDep = Annotated[visibility.Viewer, Depends(get_viewer)]
