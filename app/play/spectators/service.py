"""Spectators (R-CAMP-13): asking to watch, leaving, the owner's list, and the delayed view.

A spectator is no member: every member endpoint stays 404 to them (`app.play.campaigns.access`).
They read only what is here, through `visibility.spectator`: one past turn, `spectated_turn`,
from the snapshot its change kept (the replay machinery, `app.store.persistence.snapshots`), and the
public lines of the changes before it. Each read decides from the campaign row it read, and a
turn's snapshot is committed with the change that makes that turn past: a spectator never sees
a turn before the campaign has moved far enough past it.
"""

import json
import uuid
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.errors import NotFound, refused
from app.platform.i18n import Language, _, say
from app.platform.pagination import PageParams, paginate
from app.play.campaigns.access import Membership, lock_campaign
from app.play.history.schemas import SummaryEvent, TurnChangePage, TurnChangeRead
from app.play.history.service import summary_event
from app.play.pictures import cache
from app.play.spectators.schemas import (
    SpectatedPlayer,
    SpectatorRead,
    SpectatorSummary,
    SpectatorView,
)
from app.play.world import service as world
from app.rules import lobby, visibility
from app.rules.name_texts import name_text
from app.store.models import User
from app.store.models.campaign import Campaign, CampaignPlayer, Spectator
from app.store.models.turn import TurnRecord, TurnSummaryRow
from app.store.persistence import load_ruleset, snapshots

_UNKNOWN = "Campaign not found."


async def _seated(session: AsyncSession, campaign_id: uuid.UUID, user_id: uuid.UUID) -> bool:
    """The user holds a seat of the campaign (a member)."""
    found = await session.scalar(
        select(CampaignPlayer.number).where(
            CampaignPlayer.campaign_id == campaign_id, CampaignPlayer.user_id == user_id
        )
    )
    return found is not None


def _read(row: Spectator, user: User) -> SpectatorRead:
    return SpectatorRead(
        user_id=user.id, username=user.username, display_name=user.display_name, since=row.since
    )


# ------------------------------------------------------------------------------- joining


async def join(
    session: AsyncSession, user: User, campaign_id: uuid.UUID, now: datetime
) -> SpectatorRead:
    """The user asks to watch (R-CAMP-13): nobody becomes a spectator but by this ask. Taken
    under the campaign lock, so the campaign's phase and settings are read as they stand."""
    c = await lock_campaign(session, campaign_id)
    if c is None or not c.settings.public:
        raise NotFound(_UNKNOWN)  # a private campaign does not exist for who is not in it
    refusal = lobby.spectate_refusal(
        lobby.Phase(c.status.value),
        public=c.settings.public,
        delay=c.settings.spectator_delay_turns,
        is_owner=c.owner_id == user.id,
        is_member=await _seated(session, c.id, user.id),
    )
    if refusal is not None:
        raise refused(refusal.code, refusal.status, refusal.detail)
    row = await session.get(Spectator, (c.id, user.id), populate_existing=True)
    if row is not None:
        raise refused("R-CAMP-13", 409, "You already watch this campaign.")
    row = Spectator(campaign_id=c.id, user_id=user.id, since=now)
    session.add(row)
    await session.flush()
    return _read(row, user)


async def leave(session: AsyncSession, user: User, campaign_id: uuid.UUID) -> None:
    """The spectator stops watching; 404 if they were not."""
    row = await session.get(Spectator, (campaign_id, user.id), with_for_update=True)
    if row is None:
        raise NotFound(_UNKNOWN)
    await session.delete(row)
    await session.flush()


async def list_for_owner(session: AsyncSession, m: Membership) -> list[SpectatorRead]:
    """The campaign's spectators, oldest first (owner)."""
    m.require_owner()
    rows = await session.execute(
        select(Spectator, User)
        .join(User, User.id == Spectator.user_id)
        .where(Spectator.campaign_id == m.campaign.id)
        .order_by(Spectator.since, Spectator.user_id)
    )
    return [_read(s, u) for s, u in rows.all()]


async def remove(session: AsyncSession, m: Membership, user_id: uuid.UUID) -> None:
    """The owner sends a spectator away (R-CAMP-13)."""
    m.require_owner()
    row = await session.get(Spectator, (m.campaign.id, user_id), with_for_update=True)
    if row is None:
        raise NotFound(_("Spectator not found."))
    await session.delete(row)
    await session.flush()


async def forget(session: AsyncSession, campaign_id: uuid.UUID, user_id: uuid.UUID) -> None:
    """A spectator who takes a seat watches no more: they see through their own fog now."""
    row = await session.get(Spectator, (campaign_id, user_id))
    if row is not None:
        await session.delete(row)
        await session.flush()


# ------------------------------------------------------------------------------ watching


async def watching(
    session: AsyncSession, user: User, campaign_id: uuid.UUID
) -> tuple[Campaign, visibility.Viewer]:
    """The campaign and the caller as its spectator; 404, as for an unknown campaign, unless
    they asked to watch it and may still (`lobby.may_watch`)."""
    c = await session.get(Campaign, campaign_id, populate_existing=True)
    row = None if c is None else await session.get(Spectator, (c.id, user.id))
    if c is None or row is None:
        raise NotFound(_UNKNOWN)
    delay = c.settings.spectator_delay_turns
    allowed = lobby.may_watch(
        lobby.Phase(c.status.value),
        public=c.settings.public,
        delay=delay,
        is_owner=c.owner_id == user.id,
        is_member=await _seated(session, c.id, user.id),
    )
    if not allowed or delay is None:
        raise NotFound(_UNKNOWN)
    return c, visibility.spectator(delay)


async def view(
    session: AsyncSession, user: User, campaign_id: uuid.UUID, language: Language
) -> SpectatorView:
    """The spectated turn and its seats (R-CAMP-13), factions named in `language`; names of
    players hidden under anonymity (R-CAMP-5)."""
    c, viewer = await watching(session, user, campaign_id)
    turn = visibility.spectated_turn(viewer, c.turn)
    players: list[SpectatedPlayer] = []
    if turn is not None:
        named = visibility.names_seen(viewer, c.anonymous)
        rows = await session.execute(
            select(CampaignPlayer.number, CampaignPlayer.faction, User.display_name)
            .outerjoin(User, User.id == CampaignPlayer.user_id)
            .where(CampaignPlayer.campaign_id == c.id, CampaignPlayer.faction.is_not(None))
            .order_by(CampaignPlayer.number)
        )
        factions = {
            key: f.get("name") or key
            for f in c.ruleset.get("factions", [])
            if isinstance(key := f.get("key"), str)
        }
        players = [
            SpectatedPlayer(
                number=n,
                faction=f or "",
                faction_name=say(name_text(factions.get(f or "", f or "")), language),
                name=name if named else None,
            )
            for n, f, name in rows.all()
        ]
    return SpectatorView(
        campaign_id=c.id,
        name=c.name,
        status=c.status,
        delay_turns=viewer.delay or 0,
        turn=turn,
        players=players,
    )


async def map_document(session: AsyncSession, user: User, campaign_id: uuid.UUID) -> bytes:
    """The spectated turn's map as it ended, as a `WorldMap` (R-CAMP-13): every tile, less the
    armies concealed then (R-OPT-3); no orders, no explored memory of any seat."""
    c, viewer = await watching(session, user, campaign_id)
    turn = visibility.spectated_turn(viewer, c.turn)
    if turn is None:
        raise NotFound(_("No turn is old enough to be shown yet."))
    key = ("spectate", c.id, viewer, turn, c.world_version)
    found = cache.pictures.get(key)
    if found is None:
        document = await snapshots.load_snapshot_document(session, c.id, turn, ())
        if document is None:  # not kept, or rolled back meanwhile
            raise NotFound(_("No turn is old enough to be shown yet."))
        state = await snapshots.state_from_document(session, c, document)
        ruleset = load_ruleset(c)
        looking = visibility.seeing(viewer, state, lambda _: frozenset())
        member = Membership(c, user, None)
        orders = snapshots.orders_from_document(document)
        data = world.world_map(world.View(member, state, orders, ruleset, looking))
        found = json.dumps(data, separators=(",", ":")).encode()
        cache.pictures.put(key, found)
    return found


async def list_turns(
    session: AsyncSession, user: User, campaign_id: uuid.UUID, page: PageParams
) -> TurnChangePage:
    """The turn changes before the spectated turn, oldest first (R-CAMP-13)."""
    c, viewer = await watching(session, user, campaign_id)
    turn = visibility.spectated_turn(viewer, c.turn) or 1
    query = (
        select(TurnRecord)
        .where(TurnRecord.campaign_id == c.id, TurnRecord.number < turn)
        .order_by(TurnRecord.number)
    )
    rows, total = await paginate(session, query, page)
    items = [TurnChangeRead(number=t.number, resolved_at=t.resolved_at) for t in rows]
    return TurnChangePage.of(items, total, page)


async def summary(
    session: AsyncSession, user: User, campaign_id: uuid.UUID, number: int
) -> SpectatorSummary:
    """The public lines of turn change `number` (R-CAMP-13), once before the spectated turn:
    each line any seat saw of a structure's change, once, in the seats' order."""
    c, viewer = await watching(session, user, campaign_id)
    if not visibility.spectator_change_seen(viewer, c.turn, number):
        raise NotFound(_("Turn summary not found."))
    rows = await session.scalars(
        select(TurnSummaryRow)
        .where(TurnSummaryRow.campaign_id == c.id, TurnSummaryRow.number == number)
        .order_by(TurnSummaryRow.player)
    )
    seen: set[str] = set()
    events: list[SummaryEvent] = []
    for row in rows:
        for raw in row.events:
            line = visibility.public_summary_line(viewer, raw)
            if line is None:
                continue
            key = json.dumps(line, sort_keys=True)
            if key not in seen:
                seen.add(key)
                events.append(summary_event(line))
    if not events and await session.get(TurnRecord, (c.id, number)) is None:
        raise NotFound(_("Turn summary not found."))
    return SpectatorSummary(number=number, events=events)
