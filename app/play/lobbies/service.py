"""Finding a game (R-CAMP-11): public lobbies listed, users ask to join, the owner answers.

Consent both ways: a request is the user's own ask and makes nobody a member; only the owner's
yes (`accept`) seats them, in the lobby or in an open seat of the running campaign (R-CAMP-12,
the seat as it stands, through `app.play.seats.service.give_seat`: the holder history records it).
Every write takes the campaign lock first, then reads the request and the seats, so an answer
and a turn change (or a returning holder) never both win on stale reads.
"""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, and_, cast, delete, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.moderation.service import blocks_user, has_blocked, is_banned
from app.platform.errors import AppError, Conflict, NotFound, refused
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate_rows
from app.play.campaigns import service as campaigns
from app.play.campaigns.access import Membership, lock_campaign
from app.play.campaigns.schemas import PlayerRead
from app.play.lobbies import substitutes
from app.play.lobbies.schemas import (
    GameSystem,
    JoinRequestCreate,
    JoinRequestRead,
    LobbyOptions,
    LobbyPage,
    LobbyRead,
    OpenSeat,
    OwnersJoinRequestRead,
)
from app.play.reliability import service as reliability
from app.play.seats.service import give_seat
from app.rules import lobby
from app.rules.lobby import Refusal
from app.store.events.subscribers import Notice, NoticeKind, publish_notices
from app.store.models import User
from app.store.models.campaign import (
    Campaign,
    CampaignPlayer,
    CampaignStatus,
    JoinRequest,
    SeatOffer,
    Spectator,
)

_GONE = _("Join request not found.")
_NO_LOBBY = _("No public campaign with this id.")


def problem(refusal: Refusal) -> AppError:
    """The RFC 9457 problem of a lobby rule's refusal."""
    return refused(refusal.code, refusal.status, refusal.detail)


def _is_public() -> Any:
    return Campaign.settings["public"].as_boolean().is_(True)


def _seat_view(seat: CampaignPlayer, offered: set[int]) -> lobby.SeatView:
    return lobby.SeatView(
        seated=seat.faction is not None,
        held=seat.user_id is not None,
        civil_disorder=seat.civil_disorder,
        opened_by_owner=seat.seat_open,
        offer_pending=seat.number in offered,
    )


def open_seats(c: Campaign, seats: Sequence[CampaignPlayer], offered: set[int]) -> list[OpenSeat]:
    """The campaign's seats open to newcomers now (R-CAMP-12)."""
    phase = lobby.Phase(c.status.value)
    out = []
    for seat in seats:
        because = lobby.open_because(phase, c.settings.public, _seat_view(seat, offered))
        if because is not None:
            out.append(OpenSeat(number=seat.number, faction=seat.faction or "", because=because))
    return out


async def _offered_numbers(session: AsyncSession, campaign_id: uuid.UUID) -> set[int]:
    rows = await session.scalars(
        select(SeatOffer.number).where(SeatOffer.campaign_id == campaign_id)
    )
    return set(rows)


# ------------------------------------------------------------------------------- listing


@dataclass(frozen=True)
class LobbyFilters:
    """What `GET /lobbies` narrows the list by; None: any."""

    game_system: GameSystem | None = None
    status: CampaignStatus | None = None
    max_deadline_hours: int | None = None
    anonymity: bool | None = None
    spectators: bool | None = None  # R-CAMP-13: only those that take spectators (or none)


def _takes_newcomers() -> Any:
    """SQL: a lobby with a free place, or a running campaign with a seat that may be open
    (the rule, `lobby.open_because`, decides each seat after the query)."""
    seats = (
        select(func.count())
        .where(CampaignPlayer.campaign_id == Campaign.id)
        .correlate(Campaign)
        .scalar_subquery()
    )
    maybe_open = exists().where(
        CampaignPlayer.campaign_id == Campaign.id,
        CampaignPlayer.faction.is_not(None),
        CampaignPlayer.user_id.is_not(None),
        or_(CampaignPlayer.seat_open, CampaignPlayer.civil_disorder),
        ~exists().where(
            SeatOffer.campaign_id == CampaignPlayer.campaign_id,
            SeatOffer.number == CampaignPlayer.number,
        ),
    )
    max_players = cast(Campaign.settings["max_players"].astext, Integer)
    return or_(
        and_(Campaign.status == CampaignStatus.LOBBY, seats < max_players),
        and_(Campaign.status == CampaignStatus.ACTIVE, maybe_open),
        _spectators_welcome(),
    )


def _spectators_welcome() -> Any:
    """SQL: `lobby.spectators_welcome` of a public campaign (R-CAMP-13)."""
    return and_(
        Campaign.status == CampaignStatus.ACTIVE,
        Campaign.settings["spectator_delay_turns"].astext.is_not(None),
    )


async def list_lobbies(
    session: AsyncSession, user: User, filters: LobbyFilters, page: PageParams
) -> LobbyPage:
    """Public campaigns that take newcomers, newest first (R-CAMP-11)."""
    where: list[Any] = [_is_public(), _takes_newcomers()]
    if filters.game_system is not None:
        where.append(Campaign.settings["game_system"].astext == filters.game_system)
    if filters.status is not None:
        where.append(Campaign.status == filters.status)
    if filters.max_deadline_hours is not None:
        hours = cast(Campaign.settings["turn_deadline_hours"].astext, Integer)
        where.append(hours <= filters.max_deadline_hours)
    if filters.anonymity is not None:
        where.append(Campaign.settings["anonymity"].as_boolean().is_(filters.anonymity))
    if filters.spectators is not None:
        welcome = _spectators_welcome()
        where.append(welcome if filters.spectators else ~welcome)
    asked = exists().where(JoinRequest.campaign_id == Campaign.id, JoinRequest.user_id == user.id)
    query = select(Campaign, asked).where(*where).order_by(Campaign.created_at.desc(), Campaign.id)
    rows, total = await paginate_rows(session, query, page)
    ids = [c.id for c, _ in rows]
    seats: dict[uuid.UUID, list[CampaignPlayer]] = {cid: [] for cid in ids}
    offered: dict[uuid.UUID, set[int]] = {cid: set() for cid in ids}
    if ids:
        for seat in await session.scalars(
            select(CampaignPlayer)
            .where(CampaignPlayer.campaign_id.in_(ids))
            .order_by(CampaignPlayer.number)
        ):
            seats[seat.campaign_id].append(seat)
        for cid, number in await session.execute(
            select(SeatOffer.campaign_id, SeatOffer.number).where(SeatOffer.campaign_id.in_(ids))
        ):
            offered[cid].add(number)
    items = [_lobby(c, seats[c.id], offered[c.id], bool(mine)) for c, mine in rows]
    return LobbyPage.of(items, total, page)


def _lobby(c: Campaign, seats: list[CampaignPlayer], offered: set[int], asked: bool) -> LobbyRead:
    s = c.settings
    in_lobby = c.status is CampaignStatus.LOBBY
    return LobbyRead(
        campaign_id=c.id,
        name=c.name,
        status=c.status,
        turn=c.turn,
        game_system=s.game_system,
        players=len(seats) if in_lobby else sum(p.faction is not None for p in seats),
        max_players=s.max_players,
        players_wanted=lobby.places_wanted(s.max_players, len(seats)) if in_lobby else 0,
        turn_deadline_hours=s.turn_deadline_hours,
        turn_schedule=s.turn_schedule,
        battle_deadline_hours=s.battle_deadline_hours,
        options=LobbyOptions(
            anonymity=s.anonymity,
            seasons=s.seasons,
            concealment=s.concealment,
            cover=s.cover,
            storms=s.storms,
            auto_resolve=s.auto_resolve,
            deadline_auto_change=s.deadline_auto_change,
            vacation_days=s.vacation_days,
            turn_limit=s.turn_limit,
        ),
        open_seats=open_seats(c, seats, offered),
        asked=asked,
        spectators_welcome=lobby.spectators_welcome(
            lobby.Phase(c.status.value), s.public, s.spectator_delay_turns
        ),
        spectator_delay_turns=s.spectator_delay_turns,
    )


# ------------------------------------------------------------------------------ requests


@dataclass(frozen=True)
class Asked:
    """An ask's answer: the pending request, and whether this ask made it."""

    request: JoinRequestRead
    created: bool


async def ask(session: AsyncSession, user: User, data: JoinRequestCreate, now: datetime) -> Asked:
    """The user asks to join a public campaign (R-CAMP-11): nobody is seated by this. The same
    ask again (a retry) is answered with the request pending, unchanged."""
    c = await lock_campaign(session, data.campaign_id)
    if c is None or not c.settings.public:
        raise NotFound(_NO_LOBBY)  # a private campaign's existence is told to nobody
    if await is_banned(session, c.owner_id, user.id):
        raise refused(
            "R-CAMP-11", 403, _("The owner of this campaign does not take your requests.")
        )
    pending = await session.scalar(
        select(JoinRequest).where(JoinRequest.campaign_id == c.id, JoinRequest.user_id == user.id)
    )
    if pending is not None and lobby.same_ask(pending.number, data.number):
        return Asked(_read(pending, c, user), created=False)
    seats = await campaigns.players_of(session, c.id)
    refusal = lobby.ask_refusal(
        lobby.Phase(c.status.value),
        is_owner=c.owner_id == user.id,
        is_member=any(p.user_id == user.id for p in seats),
        already_asked=pending is not None,
        number=data.number,
        places=lobby.places_wanted(c.settings.max_players, len(seats)),
        seat_open=await _is_open(session, c, seats, data.number),
    )
    if refusal is not None:
        raise problem(refusal)
    request = JoinRequest(
        campaign_id=c.id,
        id=uuid.uuid4(),
        user_id=user.id,
        number=data.number,
        note=data.note,
        made_at=now,
    )
    session.add(request)
    await session.flush()
    # An owner who blocked the asker is not told, and does not see the request (the asker,
    # who is not told either, sees it pending as any other).
    blocked = await has_blocked(session, c.owner_id, user.id)
    owner = () if blocked else (c.owner_id,)
    asked = Notice(NoticeKind.JOIN_REQUESTED, owner, {"number": request.number})
    await publish_notices(session, c, [asked])
    return Asked(_read(request, c, user), created=True)


async def _tell_asker(
    session: AsyncSession, c: Campaign, request: JoinRequest, *, accepted: bool
) -> None:
    """The asker hears the owner's answer (R-CAMP-11) in their inbox and email: no member
    before it, they have no webhook in the campaign."""
    answer = {"number": request.number, "accepted": accepted}
    told = Notice(NoticeKind.JOIN_ANSWERED, (request.user_id,), answer)
    await publish_notices(session, c, [told])
    await session.flush()


async def _is_open(
    session: AsyncSession, c: Campaign, seats: Sequence[CampaignPlayer], number: int | None
) -> bool:
    if number is None:
        return False
    offered = await _offered_numbers(session, c.id)
    return any(s.number == number for s in open_seats(c, seats, offered))


def _read(request: JoinRequest, c: Campaign, user: User) -> JoinRequestRead:
    return JoinRequestRead(
        id=request.id,
        campaign_id=c.id,
        campaign_name=c.name,
        number=request.number,
        username=user.username,
        display_name=user.display_name,
        note=request.note,
        made_at=request.made_at,
    )


async def list_mine(session: AsyncSession, user: User) -> list[JoinRequestRead]:
    """The user's pending requests, newest first."""
    rows = await session.execute(
        select(JoinRequest, Campaign)
        .join(Campaign, Campaign.id == JoinRequest.campaign_id)
        .where(JoinRequest.user_id == user.id)
        .order_by(JoinRequest.made_at.desc(), JoinRequest.id)
    )
    return [_read(r, c, user) for r, c in rows.all()]


async def withdraw(session: AsyncSession, user: User, request_id: uuid.UUID) -> None:
    """The user takes their request back (under the campaign lock: an answer may be racing)."""
    campaign_id = await session.scalar(
        select(JoinRequest.campaign_id).where(
            JoinRequest.id == request_id, JoinRequest.user_id == user.id
        )
    )
    if campaign_id is None:
        raise NotFound(_GONE)
    await lock_campaign(session, campaign_id)
    request = await _request(session, campaign_id, request_id)
    if request.user_id != user.id:
        raise NotFound(_GONE)
    await session.delete(request)
    await session.flush()


async def _request(
    session: AsyncSession, campaign_id: uuid.UUID, request_id: uuid.UUID
) -> JoinRequest:
    """A pending request of the campaign, read after its lock; 404 once answered."""
    request = await session.scalar(
        select(JoinRequest)
        .where(JoinRequest.campaign_id == campaign_id, JoinRequest.id == request_id)
        .execution_options(populate_existing=True)
    )
    if request is None:
        raise NotFound(_GONE)
    return request


async def list_for_owner(session: AsyncSession, m: Membership) -> list[OwnersJoinRequestRead]:
    """The campaign's pending requests, oldest first, for the owner who answers them, each
    with its asker's reliability (R-CAMP-14, one aggregate for all of them)."""
    m.require_owner()
    rows = (
        await session.execute(
            select(JoinRequest, User)
            .join(User, User.id == JoinRequest.user_id)
            .where(
                JoinRequest.campaign_id == m.campaign.id,
                ~blocks_user(m.user.id, JoinRequest.user_id),
            )
            .order_by(JoinRequest.made_at, JoinRequest.id)
        )
    ).all()
    profiles = await reliability.profiles(session, {u.id for _, u in rows})
    return [
        OwnersJoinRequestRead(**_read(r, m.campaign, u).model_dump(), reliability=profiles[u.id])
        for r, u in rows
    ]


async def accept(
    session: AsyncSession, m: Membership, request_id: uuid.UUID, now: datetime
) -> PlayerRead:
    """The owner's yes (R-CAMP-11): the asker takes a lobby place, or the open seat they asked
    for as it stands (R-CAMP-12). Refused, the request stays and nothing changes."""
    m.require_owner()
    c = m.campaign
    request = await _request(session, c.id, request_id)
    seats = await campaigns.players_of(session, c.id)
    refusal = lobby.accept_refusal(
        lobby.Phase(c.status.value),
        number=request.number,
        holds_a_seat=any(p.user_id == request.user_id for p in seats),
        places=lobby.places_wanted(c.settings.max_players, len(seats)),
        seat_open=await _is_open(session, c, seats, request.number),
    )
    if refusal is not None:
        raise problem(refusal)
    user_id = request.user_id
    await session.delete(request)
    await session.flush()
    if request.number is None:
        seat = await campaigns.add_lobby_seat(session, c.id, seats, user_id)
    else:
        seat = next(p for p in seats if p.number == request.number)
        await session.refresh(seat)  # read after the lock, as the last writer left it
        await give_seat(session, c, seat, user_id, now)
    # A spectator seated watches no more: they see through their own fog now (R-CAMP-13).
    await session.execute(
        delete(Spectator).where(Spectator.campaign_id == c.id, Spectator.user_id == user_id)
    )
    await _tell_asker(session, c, request, accepted=True)
    players = await campaigns.list_players(session, m)
    return next(p for p in players if p.number == seat.number)


async def decline(session: AsyncSession, m: Membership, request_id: uuid.UUID) -> None:
    """The owner's no: the request is gone, nobody is seated."""
    m.require_owner()
    request = await _request(session, m.campaign.id, request_id)
    await session.delete(request)
    await session.flush()
    await _tell_asker(session, m.campaign, request, accepted=False)


async def open_seat(session: AsyncSession, m: Membership, number: int, opened: bool) -> None:
    """The owner opens a seat of the running public campaign to substitutes, or closes it
    (R-CAMP-12); substitutes of its game system are told when it opens."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    c = m.campaign
    if not c.settings.public:
        raise Conflict(
            _(
                "Only a public campaign's seats are opened to newcomers; hand this one over "
                "(R-CAMP-6)."
            ),
            code="R-CAMP-12",
        )
    seat = await session.scalar(
        select(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == c.id, CampaignPlayer.number == number)
        .execution_options(populate_existing=True)
    )
    if seat is None or seat.faction is None:
        raise NotFound(_("Player not found."))
    if seat.user_id is None:
        raise Conflict(_("A vacant seat awaits its offer's answer (R-CAMP-6)."), code="R-CAMP-12")
    if seat.seat_open == opened:
        return
    seat.seat_open = opened
    await session.flush()
    if opened:
        await substitutes.tell_of_open_seats(session, c, [seat.number])
