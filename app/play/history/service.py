"""Turn history (R-TURN-5) and standings (R-CAMP-4), per viewer."""

from collections.abc import Mapping
from typing import Any

from sqlalchemy import JSON, bindparam, func, literal_column, select, type_coerce
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of
from app.platform.errors import AppError, Forbidden, NotFound
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _
from app.platform.i18n.kept import say_kept
from app.platform.pagination import PageParams
from app.play.campaigns.access import Membership
from app.play.campaigns.service import shown_names
from app.play.history.schemas import (
    StandingRead,
    Standings,
    SummaryEvent,
    TurnChangePage,
    TurnChangeRead,
    TurnSummaryRead,
)
from app.rules import setup, visibility
from app.store.events.kinds import event_kind
from app.store.models import User
from app.store.models.campaign import CampaignStatus, SeatHolder
from app.store.models.turn import TurnRecord, TurnSummaryRow
from app.store.persistence import Extra, load_read, load_ruleset
from app.store.persistence.events import TEXTS


async def list_turns(session: AsyncSession, m: Membership, page: PageParams) -> TurnChangePage:
    """The turn changes, oldest first, and their count: one round trip (the count as a window
    over the page's rows) unless the page is past the end."""
    mine = TurnRecord.campaign_id == m.campaign.id
    rows = (
        await session.execute(
            select(TurnRecord.number, TurnRecord.resolved_at, func.count().over())
            .where(mine)
            .order_by(TurnRecord.number)
            .limit(page.limit)
            .offset(page.offset)
        )
    ).all()
    total: int | None = rows[0][2] if rows else 0
    if not rows and page.offset:
        total = await session.scalar(select(func.count()).where(mine))
    items = [TurnChangeRead(number=number, resolved_at=at) for number, at, _ in rows]
    return TurnChangePage.of(items, total or 0, page)


def _summary_player(m: Membership, requested: int | None) -> int:
    """Whose summary the caller reads: their own; the one asked for by the game master (the
    owner who does not play), who may read any (`visibility.summary_readable`)."""
    player = requested if requested is not None else m.viewer.seat
    if player is None:
        raise AppError(
            _("As the owner, choose whose summary to read with ?player=N."),
            status=422,
            code="player_required",
            title=_("Player required"),
        )
    if not visibility.summary_readable(m.viewer, player):
        raise Forbidden(_("You may only read your own turn summaries."), code="R-FOG-3")
    return player


def summary_event(raw: Mapping[str, Any], language: Language = DEFAULT_LANGUAGE) -> SummaryEvent:
    """A stored summary line as players read it, its texts said in `language` (an import
    checks its lines with it too)."""
    data = dict(raw.get("data") or {})
    kept = raw.get(TEXTS)
    return SummaryEvent(
        kind=event_kind(raw["kind"]),
        rule=str(raw.get("rule", "")),
        coords=[[int(c[0]), int(c[1])] for c in raw.get("coords") or ()],
        data=say_kept(data, kept, language) if isinstance(kept, Mapping) else data,
    )


async def turn_summary(
    session: AsyncSession,
    m: Membership,
    number: int,
    requested: int | None,
    language: Language = DEFAULT_LANGUAGE,
) -> TurnSummaryRead:
    player = _summary_player(m, requested)
    row = await session.get(TurnSummaryRow, (m.campaign.id, number, player))
    if row is None:
        raise NotFound(_("Turn summary not found."))
    return TurnSummaryRead(
        number=number, player=player, events=[summary_event(e, language) for e in row.events]
    )


async def standings(session: AsyncSession, m: Membership) -> Standings:
    """R-CAMP-4 ranks and scores. While the campaign runs, the parts of another player's score
    (territories, city levels, armies' tiers, gold) stay private: they would tell of
    structures and armies out of sight (R-FOG-3). Everything is shown once it has ended."""
    m.require_status(CampaignStatus.ACTIVE, CampaignStatus.FINISHED)
    # Scores count structures, armies and gold: neither generals nor stakes are read; the
    # seats' names and, unless names are hidden, their former holders' come with the state.
    loaded = await load_read(
        session,
        m.campaign,
        explored_for=(),
        generals=False,
        stakes=False,
        extras=() if m.names_hidden else _FORMER_HOLDERS,
    )
    state = loaded.state
    names = shown_names(m, loaded.names)
    final = m.campaign.status is CampaignStatus.FINISHED
    me = m.viewer.seat
    former = None if m.names_hidden else _by_seat(loaded.extras["former_holders"])
    lines = []
    for s in setup.standings(state, load_ruleset(m.campaign)):
        open_book = visibility.numbers_seen(m.viewer, s.player, final)
        lines.append(
            StandingRead(
                player=s.player,
                name=names.get(s.player, ""),
                faction=state.players[s.player].faction,
                rank=s.rank,
                score=s.score,
                territories=s.territories if open_book else None,
                city_levels=s.city_levels if open_book else None,
                army_tiers=s.army_tiers if open_book else None,
                gold=s.gold if open_book else None,
                is_you=s.player == me,
                former_holders=None if former is None else former.get(s.player),
            )
        )
    return Standings(turn=state.turn, final=final, players=lines)


def _former_holders() -> tuple[Extra]:
    """R-CAMP-6: every seat's past holders' names, oldest first, as [number, name] pairs in a
    column of the state's statement."""
    holders, users = table_of(SeatHolder), table_of(User)
    pair = func.json_build_array(holders.c.number, users.c.display_name)
    pairs = func.json_agg(aggregate_order_by(pair, holders.c.number, holders.c.ordinal))
    every = (
        select(func.coalesce(pairs, literal_column("'[]'::json")))
        .select_from(holders.join(users, users.c.id == holders.c.user_id))
        .where(holders.c.campaign_id == bindparam("campaign_id"))
        .scalar_subquery()
    )
    return (Extra("former_holders", type_coerce(every, JSON)),)


_FORMER_HOLDERS = _former_holders()


def _by_seat(pairs: list[list[Any]]) -> dict[int, list[str]]:
    """Each seat's former holders' names, oldest first, from `_FORMER_HOLDERS`' pairs."""
    out: dict[int, list[str]] = {}
    for number, name in pairs:
        out.setdefault(number, []).append(name)
    return out
