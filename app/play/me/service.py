"""The calling player's panel, built from the engine state and their own rows only."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, bindparam, func, literal_column, select, type_coerce
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of
from app.platform.i18n import DEFAULT_LANGUAGE, Language, say
from app.platform.pagination import PageParams
from app.play.campaigns.access import Membership
from app.play.ledger.service import said_reason
from app.play.me.schemas import (
    FactionActionStatus,
    ForecastLine,
    ForecastRead,
    LedgerEntryRead,
    LedgerPage,
    MeRead,
    PendingBuild,
    PendingMoveOrder,
    PendingOrders,
    PendingRaise,
    PendingRecruit,
    PendingUpgrade,
)
from app.play.world.service import View, load_view
from app.rules import armies, economy
from app.rules.name_texts import name_text
from app.rules.state import LedgerEntry
from app.store.models.ledger import LedgerRow
from app.store.persistence import Extra


def _ledger_extras() -> tuple[Extra, Extra]:
    """The caller's ledger page (newest first) and its count of lines, as columns of the
    view's statement: the panel in one round trip."""
    ledger = table_of(LedgerRow)
    theirs = (
        ledger.c.campaign_id == bindparam("campaign_id"),
        ledger.c.player == bindparam("ledger_player"),
    )
    # As text in UTC: the JSON of a timestamp follows the session's time zone.
    created = func.to_char(func.timezone("UTC", ledger.c.created_at), 'YYYY-MM-DD"T"HH24:MI:SS.US')
    page = (
        select(ledger.c.id, ledger.c.turn, ledger.c.amount, ledger.c.reason, ledger.c.rule)
        .add_columns(created.label("created"), ledger.c.reason_text)
        .where(*theirs)
        .order_by(ledger.c.id.desc())
        .limit(bindparam("ledger_limit"))
        .offset(bindparam("ledger_offset"))
        .subquery()
    )
    line = func.json_build_array(
        page.c.turn, page.c.amount, page.c.reason, page.c.rule, page.c.created, page.c.reason_text
    )
    lines = func.json_agg(aggregate_order_by(line, page.c.id.desc()))
    every = select(func.coalesce(lines, literal_column("'[]'::json"))).scalar_subquery()
    return (
        Extra("ledger", type_coerce(every, JSON)),
        Extra("ledger_total", select(func.count()).where(*theirs).scalar_subquery()),
    )


_LEDGER = _ledger_extras()


def _ledger_line(values: list[Any], language: Language) -> LedgerEntryRead:
    turn, amount, reason, rule, created, kept = values
    return LedgerEntryRead(
        turn=turn,
        amount=amount,
        reason=said_reason(reason, kept, language),
        rule=rule,
        created_at=datetime.fromisoformat(created).replace(tzinfo=UTC),
    )


def _action(view: View, player: int, language: Language) -> FactionActionStatus | None:
    state = view.state
    p = state.players[player]
    action = view.ruleset.faction(p.faction).action
    if action is None:
        return None
    refusals = armies.validate_faction_action(state, view.orders, player, view.ruleset)
    return FactionActionStatus(
        key=action.key,
        name=say(name_text(action.name), language),
        recharge=action.recharge,
        available_from_turn=p.action_available_turn,
        needs_victories=action.unlock_victories,
        used_this_turn=player in view.orders.faction_actions,
        available=view.is_active and not refusals,
    )


def _forecast(view: View, player: int, language: Language) -> ForecastRead:
    """The engine's forecast, which tells nothing of other players' gold (R-FOG-3)."""
    result = economy.forecast(view.state, view.orders, player, view.ruleset)
    return ForecastRead(
        income=[_line(e, language) for e in result.income],
        upkeep=[_line(e, language) for e in result.upkeep],
        net=result.net,
        insolvent=result.insolvent,
    )


def _line(e: LedgerEntry, language: Language) -> ForecastLine:
    return ForecastLine(amount=e.amount, reason=say(e.reason, language), rule=e.rule)


def _orders(view: View, player: int) -> PendingOrders:
    o, state = view.orders, view.state
    return PendingOrders(
        moves=[
            PendingMoveOrder(army_id=m.army_id, path=[[c[0], c[1]] for c in m.path])
            for _, m in sorted(o.moves.items())
            if (army := state.armies.get(m.army_id)) is not None and army.owner == player
        ],
        builds=[
            PendingBuild(
                id=b.id, kind=b.kind, q=b.coord[0], r=b.coord[1], army_id=b.army_id, cost=b.cost
            )
            for b in o.builds
            if b.player == player
        ],
        raises=[
            PendingRaise(id=x.id, city_id=x.city_id, general_id=x.general_id, cost=x.cost)
            for x in o.raises
            if x.player == player
        ],
        upgrades=[
            PendingUpgrade(army_id=u.army_id, cost=u.cost) for u in o.upgrades if u.player == player
        ],
        recruits=[
            PendingRecruit(general_id=x.id, cost=x.cost) for x in o.recruits if x.player == player
        ],
        faction_action=player in o.faction_actions,
    )


async def my_panel(
    session: AsyncSession, member: Membership, page: PageParams, language: Language
) -> MeRead:
    """The caller's panel: their view and their ledger's page in one statement; its texts
    (ledger and forecast reasons) said in `language`."""
    player = member.require_player().number
    extras, params = ledger_page(player, page)
    # No generals: the panel shows none, and they are most of what a view decodes per read
    # (the world's structures and armies come from its cache). The forecast needs the stakes.
    view = await load_view(
        session, member, generals=False, stakes=True, extras=extras, params=params
    )
    return read_me(view, page, language)


def ledger_page(player: int, page: PageParams) -> tuple[tuple[Extra, ...], dict[str, int]]:
    """The extras and their bind parameters that read `player`'s ledger page with a view, for
    `read_me` (as `my_panel` reads it)."""
    return _LEDGER, {
        "ledger_player": player,
        "ledger_limit": page.limit,
        "ledger_offset": page.offset,
    }


def read_me(view: View, page: PageParams, language: Language = DEFAULT_LANGUAGE) -> MeRead:
    """The panel of `view`'s player, its ledger page read with the view (`ledger_page`)."""
    row = view.membership.require_player()
    player = row.number
    p = view.state.players[player]
    lines = [_ledger_line(line, language) for line in view.extras["ledger"]]
    total = view.extras["ledger_total"]
    return MeRead(
        player=player,
        faction=p.faction,
        faction_name=say(name_text(view.ruleset.faction(p.faction).name), language),
        turn=view.state.turn,
        gold=p.gold,
        ready=row.ready,
        inactive=p.inactive,
        infamy=p.infamy,
        victories=p.victories,
        faction_action=_action(view, player, language),
        forecast=_forecast(view, player, language) if view.is_active else None,
        ledger=LedgerPage.of(lines, total, page),
        orders=_orders(view, player),
    )
