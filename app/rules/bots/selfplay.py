"""Games bots play among themselves, in the engine alone (R-BOT): for tests and benchmarks.

`play_turn` gives each bot its orders from its seat's view (`player_view`), checks each one
on the full state with the validators a player's order meets (R-BOT-4: a refusal there is a
broken promise, counted in `refused`), resolves the turn, then settles every battle by the
points rule (R-BOT-8). The app's own turn change does the same through its services.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from app.rules import armies, battles, building, movement, visibility
from app.rules.bots.plan import (
    BotOrders,
    BuildIntent,
    Difficulty,
    EntrenchIntent,
    MoveIntent,
    Personality,
    RaiseIntent,
    UpgradeIntent,
    decide,
    seed_of,
)
from app.rules.bots.points import resolve as points
from app.rules.bots.view import player_view
from app.rules.fog import sight
from app.rules.resolve import resolve_turn
from app.rules.ruleset import Ruleset
from app.rules.state import (
    BuildOrder,
    CampaignState,
    LedgerEntry,
    MoveOrder,
    RaiseArmyOrder,
    RecruitGeneralOrder,
    TurnOrders,
    UpgradeOrder,
    Violation,
)


@dataclass(frozen=True)
class Bot:
    difficulty: Difficulty
    personality: Personality


def seat_view(state: CampaignState, seat: int, ruleset: Ruleset) -> CampaignState:
    """`player_view` of the seat, as its player is shown the state now."""
    v = visibility.seeing(
        visibility.viewer(seat, owner=False), state, lambda s: sight(state, s, ruleset)
    )
    return player_view(state, v)


def orders_of(state: CampaignState, seat: int, bot: Bot, ruleset: Ruleset, salt: int) -> BotOrders:
    """What the seat's bot orders this turn."""
    view = seat_view(state, seat, ruleset)
    visible = sight(state, seat, ruleset)
    seed = seed_of(salt, seat, state.turn)
    return decide(view, seat, visible, ruleset, seed, bot.difficulty, bot.personality)


@dataclass
class Given:
    """Orders given on the full state, as the services give them: gold paid, ids drawn."""

    state: CampaignState
    orders: TurnOrders
    ledger: list[LedgerEntry]
    refused: list[tuple[int, Violation]]


def _pay(g: Given, seat: int, cost: int, rule: str) -> None:
    p = g.state.players[seat]
    g.state = replace(g.state, players={**g.state.players, seat: replace(p, gold=p.gold - cost)})
    g.ledger.append(LedgerEntry(seat, -cost, "bot order", rule))


def _new_id(g: Given) -> int:
    new, g.state = armies.allocate_id(g.state)
    return new


def give(g: Given, seat: int, bot_orders: BotOrders, ruleset: Ruleset) -> None:
    """Give a bot's orders on the full state through the players' validators (R-BOT-4)."""
    visible = sight(g.state, seat, ruleset)
    for intent in bot_orders.intents:
        s, o = g.state, g.orders
        refusal: list[Violation]
        match intent:
            case BuildIntent(kind, coord, army_id):
                refusal = building.validate_build(
                    s, o, seat, kind, coord, army_id, visible, ruleset
                )
                if not refusal:
                    cost = building.build_cost(kind, ruleset)
                    _pay(g, seat, cost, "R-BUILD-1")
                    order = BuildOrder(_new_id(g), seat, kind, coord, army_id, cost)
                    g.orders = replace(o, builds=(*o.builds, order))
            case RaiseIntent(city_id):
                refusal = armies.validate_raise(s, o, seat, city_id, None, ruleset)
                if not refusal:
                    gcost = armies.general_cost(s, o, seat, ruleset)
                    _pay(g, seat, gcost, "R-ARMY-2")
                    recruit = RecruitGeneralOrder(_new_id(g), seat, gcost)
                    o = replace(o, recruits=(*o.recruits, recruit))
                    acost = armies.army_cost(g.state, o, seat, ruleset)
                    _pay(g, seat, acost, "R-ARMY-1")
                    raised = RaiseArmyOrder(_new_id(g), seat, city_id, recruit.id, acost)
                    g.orders = replace(o, raises=(*o.raises, raised))
            case UpgradeIntent(army_id):
                refusal = armies.validate_upgrade(s, o, seat, army_id, ruleset)
                if not refusal:
                    cost = armies.upgrade_cost(s.armies[army_id], ruleset)
                    _pay(g, seat, cost, "R-ARMY-3")
                    g.orders = replace(o, upgrades=(*o.upgrades, UpgradeOrder(army_id, seat, cost)))
            case MoveIntent(army_id, path):
                waaagh = movement.uses_waaagh(s, o, seat, ruleset)
                plan = movement.validate_move(s, o, seat, army_id, path, visible, ruleset, waaagh)
                refusal = plan if isinstance(plan, list) else []
                if not refusal:
                    g.orders = replace(o, moves={**o.moves, army_id: MoveOrder(army_id, path)})
            case EntrenchIntent(army_id):
                refusal = movement.validate_entrench(s, o, seat, army_id)
                if not refusal:
                    g.orders = replace(o, entrench=o.entrench | {army_id})
        g.refused += [(seat, v) for v in refusal]


@dataclass(frozen=True)
class TurnPlayed:
    state: CampaignState
    ledger: tuple[LedgerEntry, ...]
    refused: tuple[tuple[int, Violation], ...]
    orders: int


def play_turn(
    state: CampaignState, bots: Mapping[int, Bot], ruleset: Ruleset, salt: int = 0
) -> TurnPlayed:
    """One turn of a campaign every seat of which is a bot's; battles settled by points."""
    g = Given(state, TurnOrders(), [], [])
    given = 0
    for seat in sorted(bots):
        if seat in state.players:
            mine = orders_of(state, seat, bots[seat], ruleset, salt)
            given += len(mine.intents)
            give(g, seat, mine, ruleset)
    result = resolve_turn(g.state, g.orders, ruleset)
    after = result.state
    ledger = [*g.ledger, *result.ledger]
    while after.battles:
        battle = min(after.battles.values(), key=lambda b: battles.declaration_order(after, b))
        report = points(after, battle, ruleset)
        problems = battles.validate_report(after, battle, report, ruleset)
        if problems:
            raise AssertionError(f"the points rule gave an invalid report: {problems}")
        after = battles.apply_battle_result(after, battle, report, ruleset).state
    return TurnPlayed(after, tuple(ledger), tuple(g.refused), given)
