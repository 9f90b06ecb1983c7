"""The map as a picture, past turns under fog (replays), and each player's numbers per turn.

Everything here is built from read models that have passed the viewer's fog already: the
current picture from the JSON map document itself (`app.play.world.service.map_document`), a
replay from the snapshot the turn change kept (`app.store.persistence.snapshots`) through the same
`world_map` with the viewer's sight at that time, rendered by a replay worker process
(`app.play.pictures.replays`, `app.play.pictures.rendering`). Once the campaign has ended, replays
and charts show everything to everyone.
"""

import hashlib
import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import anyio.to_thread
from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.errors import NotFound
from app.platform.i18n import Language, _
from app.play.campaigns.access import Membership
from app.play.pictures import cache, rendering, replays
from app.play.pictures.schemas import ChartPoint, Charts, PlayerChart
from app.play.pictures.svg import MapPicture, Series, chart_svg, map_svg
from app.play.world import service as world
from app.rules import setup, visibility
from app.rules.economy import FACTION_RULE, INCOME_RULE
from app.rules.hexgrid import Coord
from app.rules.state import CampaignState
from app.store.models.campaign import Campaign, CampaignStatus
from app.store.models.ledger import LedgerRow
from app.store.models.orders import OrderKind, OrderRow
from app.store.models.snapshot import TurnSnapshot
from app.store.models.world import PENDING_BATTLE_STATUSES, BattleRow
from app.store.persistence import (
    battle_from_row,
    campaign_options,
    load_ruleset,
    load_state,
    snapshots,
)
from app.store.persistence.static import load_map_text

ROLLBACK_RULE = (
    "R-TURN-6"  # a rolled back change's lines stay in the ledger (app/play/turns/rollback)
)


# ---------------------------------------------------------------------------- the map now


async def _own_moves(
    session: AsyncSession, campaign: Campaign, viewer: int, armies: Mapping[int, Coord]
) -> list[tuple[Coord, tuple[Coord, ...]]]:
    rows = await session.execute(
        select(OrderRow.army_id, OrderRow.path)
        .where(
            OrderRow.campaign_id == campaign.id,
            OrderRow.turn == campaign.turn,
            OrderRow.player == viewer,
            OrderRow.kind == OrderKind.MOVE,
        )
        .order_by(OrderRow.id)
    )
    moves = []
    for army_id, path in rows.all():
        if army_id in armies and path:
            moves.append((armies[army_id], tuple((c[0], c[1]) for c in path)))
    return moves


async def _looking(
    session: AsyncSession, member: Membership, sight: frozenset[Coord]
) -> visibility.Viewer:
    """The caller seeing `sight` (their JSON map's visible tiles) and, with concealment on, not
    the armies concealed from them now (R-OPT-3)."""
    campaign, viewer = member.campaign, member.viewer
    if viewer.seat is None or not campaign.settings.concealment:
        # No state read: the picture of a campaign without concealment costs nothing more.
        return visibility.seeing_tiles(viewer, sight)
    state = await load_state(session, campaign, explored_for=(), generals=False, stakes=False)
    return visibility.seeing(viewer, state, lambda _: sight)


async def _pending_battles(
    session: AsyncSession, campaign_id: uuid.UUID, viewer: visibility.Viewer
) -> tuple[list[Coord], int]:
    """Tiles of the pending battles the viewer may see (`visibility.battle_seen`), and how
    many are pending (R-FOG-4)."""
    rows = await session.scalars(
        select(BattleRow).where(
            BattleRow.campaign_id == campaign_id, BattleRow.status.in_(PENDING_BATTLE_STATUSES)
        )
    )
    pending = [battle_from_row(row) for row in rows.all()]
    shown = [b.coord for b in pending if visibility.battle_seen_in(viewer, b)]
    return shown, len(pending)


async def _draw(picture: MapPicture) -> bytes:
    # Thousands of tiles are CPU work: a worker thread keeps the event loop answering.
    svg = await anyio.to_thread.run_sync(map_svg, picture)
    return svg.encode()


async def map_picture(
    session: AsyncSession, member: Membership, coordinates: bool, language: Language
) -> bytes:
    """The caller's map as SVG: exactly the JSON map's tiles, plus their own move orders, its
    words said in `language`."""
    document = await world.map_document(session, member)  # checks the campaign's status
    campaign = member.campaign
    seat = member.viewer.seat
    view = json.loads(document)
    sight = frozenset((t["q"], t["r"]) for t in view["tiles"] if t["fog"] == "visible")
    armies = {a["id"]: (t["q"], t["r"]) for t in view["tiles"] for a in t.get("armies", ())}
    moves = [] if seat is None else await _own_moves(session, campaign, seat, armies)
    looking = await _looking(session, member, sight)
    battles, pending = await _pending_battles(session, campaign.id, looking)
    key = (
        "map",
        campaign.id,
        member.viewer,
        # The document itself (by digest), not its version: the picture follows the JSON map
        # whatever made that change.
        hashlib.blake2b(document, digest_size=16).digest(),
        campaign.status,
        coordinates,
        tuple(moves),
        tuple(battles),
        pending,
        language,
    )
    found = cache.pictures.get(key)
    if found is None:
        caption = (
            _("Turn {turn} (ended)", turn=view["turn"])
            if campaign.status is CampaignStatus.FINISHED
            else _("Turn {turn}", turn=view["turn"])
        )
        picture = MapPicture(
            world=view,
            viewer=seat,
            moves=moves,
            battles=battles,
            pending_battles=pending,
            coordinates=coordinates,
            caption=caption,
            language=language,
        )
        found = await _draw(picture)
        cache.pictures.put(key, found)
    return found


# -------------------------------------------------------------------------------- replays


async def _snapshot_time(session: AsyncSession, member: Membership, number: int) -> Any:
    """When turn `number`'s snapshot was taken; 404 for a turn not over or not kept."""
    member.require_status(CampaignStatus.ACTIVE, CampaignStatus.FINISHED)
    campaign = member.campaign
    taken_at = None
    if number < campaign.turn:
        taken_at = await session.scalar(
            select(TurnSnapshot.taken_at).where(
                TurnSnapshot.campaign_id == campaign.id, TurnSnapshot.number == number
            )
        )
    if taken_at is None:
        raise NotFound(
            _("No replay of turn {number}: it is not over, or was not kept.", number=number)
        )
    return taken_at


def _replay_viewer(member: Membership) -> visibility.Viewer:
    """After the end everyone sees the whole replay; before, each seat its own sight."""
    return visibility.after_the_end(
        member.viewer, member.campaign.status is CampaignStatus.FINISHED
    )


async def _job(
    session: AsyncSession,
    member: Membership,
    number: int,
    picture: bool,
    coordinates: bool,
    language: Language = "en",
) -> replays.ReplayJob:
    """What the replay is rendered from, all read: the rest is the worker's CPU work."""
    campaign = member.campaign
    viewer = _replay_viewer(member)
    # Only the viewer's explored memory: a seat's memory is a tile each.
    seats = () if viewer.seat is None else (viewer.seat,)
    parts = await snapshots.load_snapshot_parts(session, campaign.id, number, seats)
    if parts is None:  # rolled back meanwhile
        raise NotFound(
            _("No replay of turn {number}: it is not over, or was not kept.", number=number)
        )
    return replays.ReplayJob(
        number=number,
        viewer=viewer,
        parts=parts,
        seats=seats,
        map_id=campaign.map_id,
        options=campaign_options(campaign),
        id_salt=campaign.id_salt,
        ruleset=load_ruleset(campaign),
        picture=picture,
        coordinates=coordinates,
        language=language,
    )


async def _rendered(session: AsyncSession, job: replays.ReplayJob) -> bytes:
    """The job rendered by a replay worker (app/play/pictures/rendering.py), the map sent along
    if that worker has not parsed it yet."""
    found = await rendering.renderer.run(replays.render, job)
    if found is None:
        job = replace(job, map_text=await load_map_text(session, job.map_id))
        found = await rendering.renderer.run(replays.render, job)
    if found is None:
        raise RuntimeError("a replay worker had the map and still lacked it")
    return found


async def replay_document(session: AsyncSession, member: Membership, number: int) -> bytes:
    """Turn `number` as the caller saw it at its end, as a `WorldMap` document."""
    taken_at = await _snapshot_time(session, member, number)
    key = ("json", member.campaign.id, _replay_viewer(member), number, taken_at)
    found = cache.pictures.get(key)
    if found is None:
        found = await _rendered(session, await _job(session, member, number, False, False))
        cache.pictures.put(key, found)
    return found


async def replay_picture(
    session: AsyncSession, member: Membership, number: int, coordinates: bool, language: Language
) -> bytes:
    """Turn `number` as the caller saw it at its end, as SVG, its caption in `language`."""
    taken_at = await _snapshot_time(session, member, number)
    viewer = _replay_viewer(member)
    key = ("replay", member.campaign.id, viewer, number, taken_at, coordinates, language)
    found = cache.pictures.get(key)
    if found is None:
        job = await _job(session, member, number, True, coordinates, language)
        found = await _rendered(session, job)
        cache.pictures.put(key, found)
    return found


# --------------------------------------------------------------------------------- charts


def _numbers(state: CampaignState, campaign: Campaign) -> dict[int, tuple[int, int, int]]:
    """Each player's (gold, territories, score) in this state (R-CAMP-4)."""
    return {
        s.player: (s.gold, s.territories, s.score)
        for s in setup.standings(state, load_ruleset(campaign))
    }


async def _turn_numbers(
    session: AsyncSession, campaign: Campaign, first: int, last: int
) -> dict[int, dict[int, tuple[int, int, int]]]:
    """Every player's numbers at the end of each turn first…last that has a snapshot."""
    rows = await session.execute(
        select(TurnSnapshot.number, TurnSnapshot.taken_at)
        .where(
            TurnSnapshot.campaign_id == campaign.id,
            TurnSnapshot.number >= first,
            TurnSnapshot.number <= last,
        )
        .order_by(TurnSnapshot.number)
    )
    out: dict[int, dict[int, tuple[int, int, int]]] = {}
    for number, taken_at in rows.all():
        key = (campaign.id, number, taken_at)
        found = cache.turn_numbers.get(key)
        if found is None:
            document = await snapshots.load_snapshot_document(session, campaign.id, number, ())
            if document is None:
                continue
            state = await snapshots.state_from_document(session, campaign, document)
            found = _numbers(state, campaign)
            cache.turn_numbers.put(key, found)
        out[number] = found
    return out


async def _incomes(
    session: AsyncSession, campaign_id: uuid.UUID, players: Iterable[int], first: int, last: int
) -> dict[tuple[int, int], int]:
    """(player, turn) → the income lines of that turn's change in the ledger (R-ECO-2, R-FAC).

    A change rolled back and made again left its first lines in the ledger, before the
    rollback's reversing line of that turn: only the lines after the last such line count.
    """
    rollbacks = (
        select(LedgerRow.turn, func.max(LedgerRow.id).label("last_id"))
        .where(LedgerRow.campaign_id == campaign_id, LedgerRow.rule == ROLLBACK_RULE)
        .group_by(LedgerRow.turn)
        .subquery()
    )
    rows = await session.execute(
        select(LedgerRow.player, LedgerRow.turn, func.sum(LedgerRow.amount))
        .outerjoin(rollbacks, rollbacks.c.turn == LedgerRow.turn)
        .where(
            LedgerRow.campaign_id == campaign_id,
            LedgerRow.player.in_(list(players)),
            LedgerRow.turn >= first,
            LedgerRow.turn <= last,
            LedgerRow.rule.in_((INCOME_RULE, FACTION_RULE)),
            or_(rollbacks.c.last_id.is_(None), LedgerRow.id > rollbacks.c.last_id),
        )
        .group_by(LedgerRow.player, LedgerRow.turn)
    )
    return {(player, turn): int(total) for player, turn, total in rows.all()}


async def charts(
    session: AsyncSession, member: Membership, first: int | None, count: int
) -> Charts:
    """Each shown player's numbers at the end of turns `first`… (`count` of them at most)."""
    member.require_status(CampaignStatus.ACTIVE, CampaignStatus.FINISHED)
    campaign = member.campaign
    final = campaign.status is CampaignStatus.FINISHED
    now = campaign.turn
    if first is None:
        first = max(1, now - count + 1)
    last = min(now, first + count - 1)
    live = await load_state(session, campaign, explored_for=())
    shown = [p for p in sorted(live.players) if visibility.numbers_seen(member.viewer, p, final)]
    past = await _turn_numbers(session, campaign, first, min(last, now - 1))
    incomes = await _incomes(session, campaign.id, shown, first, last)
    current = _numbers(live, campaign) if first <= now <= last else {}
    out = []
    for player in shown:
        points = [
            ChartPoint(
                turn=turn,
                gold=numbers[player][0],
                income=incomes.get((player, turn), 0),
                territories=numbers[player][1],
                score=numbers[player][2],
                current=False,
            )
            for turn, numbers in sorted(past.items())
            if player in numbers
        ]
        if player in current:
            gold, territories, score = current[player]
            points.append(
                ChartPoint(
                    turn=now,
                    gold=gold,
                    income=None,
                    territories=territories,
                    score=score,
                    current=True,
                )
            )
        out.append(PlayerChart(player=player, points=points))
    return Charts(final=final, first_turn=first, last_turn=last, players=out)


def _series(data: Charts, measure: str) -> list[Series]:
    out = []
    for p in data.players:
        points: Sequence[tuple[int, int]] = [
            (pt.turn, value) for pt in p.points if (value := getattr(pt, measure)) is not None
        ]
        out.append(Series(p.player, points))
    return out


async def charts_picture(
    session: AsyncSession, member: Membership, first: int | None, count: int, language: Language
) -> bytes:
    """The charts as SVG, their words said in `language`."""
    data = await charts(session, member, first, count)
    measures = {m: _series(data, m) for m in ("gold", "income", "territories", "score")}
    whose = (
        _("every player")
        if len(data.players) != 1
        else _("player {number}", number=data.players[0].player)
    )
    caption = _(
        "Turns {first}–{last}, {whose}", first=data.first_turn, last=data.last_turn, whose=whose
    )
    return chart_svg(measures, caption, language).encode()
