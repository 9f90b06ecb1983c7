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
    """The engine's forecast, which tells nothing of other players' gold (R-FOG-3)."""
    result = economy.forecast(view.state, view.orders, player, view.ruleset)
    return ForecastRead(
        income=[_line(e) for e in result.income],
        upkeep=[_line(e) for e in result.upkeep],
        net=result.net,
        insolvent=result.insolvent,
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
