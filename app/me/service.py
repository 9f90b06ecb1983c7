"""The calling player's panel, built from the engine state and their own rows only."""

from sqlalchemy.ext.asyncio import AsyncSession

from app.ledger.service import entries_for
from app.me.schemas import (
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
from app.pagination import PageParams
from app.rules import armies, economy
from app.rules.state import LedgerEntry
from app.world.service import View


def _action(view: View, player: int) -> FactionActionStatus | None:
    state = view.state
    p = state.players[player]
    action = view.ruleset.faction(p.faction).action
    if action is None:
        return None
    refusals = armies.validate_faction_action(state, view.orders, player, view.ruleset)
    return FactionActionStatus(
        key=action.key,
        name=action.name,
        recharge=action.recharge,
        available_from_turn=p.action_available_turn,
        needs_victories=action.unlock_victories,
        used_this_turn=player in view.orders.faction_actions,
        available=view.is_active and not refusals,
    )


def _forecast(view: View, player: int) -> ForecastRead:
    """The engine's forecast, minus what it would tell about other players' gold.

    A stake won is taken at most from what the loser holds (R-BAT-7), and a stake taken from
    an empty purse leaves no line: the engine's lines would reveal the loser's gold. So each
    stake won shows what is owed, and net and insolvency follow from the lines shown.
    """
    state = view.state
    result = economy.forecast(state, view.orders, player, view.ruleset)
    won = [s for s in state.stakes if s.winner == player]
    won_keys = {(f"stake of battle #{s.battle_id}", s.rule) for s in won}
    income = [
        ForecastLine(amount=s.amount, reason=f"stake of battle #{s.battle_id}", rule=s.rule)
        for s in won
    ] + [_line(e) for e in result.income if not (e.amount > 0 and (e.reason, e.rule) in won_keys)]
    upkeep = [_line(e) for e in result.upkeep]
    gained = sum(x.amount for x in income)
    due = -sum(x.amount for x in upkeep)
    return ForecastRead(
        income=income,
        upkeep=upkeep,
        net=gained - due,
        insolvent=state.players[player].gold + gained < due,
    )


def _line(e: LedgerEntry) -> ForecastLine:
    return ForecastLine(amount=e.amount, reason=e.reason, rule=e.rule)


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


async def read_me(session: AsyncSession, view: View, page: PageParams) -> MeRead:
    row = view.membership.require_player()
    player = row.number
    p = view.state.players[player]
    campaign = view.membership.campaign
    entries, total = await entries_for(session, campaign.id, player, page.limit, page.offset)
    return MeRead(
        player=player,
        faction=p.faction,
        faction_name=view.ruleset.faction(p.faction).name,
        turn=view.state.turn,
        gold=p.gold,
        ready=row.ready,
        inactive=p.inactive,
        infamy=p.infamy,
        victories=p.victories,
        faction_action=_action(view, player),
        forecast=_forecast(view, player) if view.is_active else None,
        ledger=LedgerPage.of(
            (
                LedgerEntryRead(
                    turn=e.turn,
                    amount=e.amount,
                    reason=e.reason,
                    rule=e.rule,
                    created_at=e.created_at,
                )
                for e in entries
            ),
            total,
            page,
        ),
        orders=_orders(view, player),
    )
