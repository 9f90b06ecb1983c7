"""Armies, tiers, generals and faction actions (R-ARMY, R-FAC, R-ECO-3).

An army raised in turn N appears at step 5 of the change N → N+1 with `raised_turn = N+1` (the
first turn in which it exists): it may move in turn N+1 and pays upkeep from the change
N+1 → N+2 (see economy.py). Tier upgrades ordered in turn N also take effect at that step 5.
Assigning a free general to an army without one costs nothing and takes effect at once
(R-ARMY-2, R-ARMY-6), so the army may be given orders in the same turn.
"""

from __future__ import annotations

from dataclasses import replace

from app.rules.building import army_in_battle, not_enough_gold
from app.rules.ids import entity_id
from app.rules.ruleset import Ruleset
from app.rules.state import (
    Army,
    CampaignState,
    Event,
    EventKind,
    General,
    LedgerEntry,
    Player,
    RaiseArmyOrder,
    StructureKind,
    TurnOrders,
    UpgradeOrder,
    Violation,
)
from app.rules.texts import _


def allocate_id(state: CampaignState) -> tuple[int, CampaignState]:
    """Take the next free id and bump `next_id` (deterministic allocation, rules/ids.py)."""
    return entity_id(state.id_salt, state.next_id), replace(state, next_id=state.next_id + 1)


def army_cost(state: CampaignState, orders: TurnOrders, player_id: int, ruleset: Ruleset) -> int:
    """R-ARMY-1: base × 2ⁿ, n = armies fielded + raises already ordered (starting army counts)."""
    fielded = sum(1 for a in state.armies.values() if a.owner == player_id)
    ordered = sum(1 for r in orders.raises if r.player == player_id)
    return ruleset.army_base_cost * (1 << (fielded + ordered))


def generals_in_service(state: CampaignState, player_id: int) -> list[General]:
    """The player's generals leading an army or free; prisoners do not count (R-ARMY-2)."""
    return [
        g for _, g in sorted(state.generals.items()) if g.owner == player_id and g.held_by is None
    ]


def general_cost(state: CampaignState, orders: TurnOrders, player_id: int, ruleset: Ruleset) -> int:
    """R-ARMY-2: base × 2ⁿ, n = generals in service + recruits already ordered."""
    ordered = sum(1 for r in orders.recruits if r.player == player_id)
    return ruleset.general_base_cost * (1 << (len(generals_in_service(state, player_id)) + ordered))


def upgrade_cost(army: Army, ruleset: Ruleset) -> int:
    """The price of the army's next tier (R-ARMY-3)."""
    return ruleset.tier(army.tier + 1).upgrade_cost


def _general_reserved(orders: TurnOrders, general_id: int) -> bool:
    return any(r.general_id == general_id for r in orders.raises)


def is_free_general(state: CampaignState, orders: TurnOrders, player_id: int, gid: int) -> bool:
    """A free general of the player (or one recruited this turn) not taken by a pending raise."""
    general = state.generals.get(gid)
    if general is not None:
        free = general.owner == player_id and general.army_id is None and general.held_by is None
    else:
        free = any(r.id == gid and r.player == player_id for r in orders.recruits)
    return free and not _general_reserved(orders, gid)


def validate_raise(
    state: CampaignState,
    orders: TurnOrders,
    player_id: int,
    city_id: int,
    general_id: int | None,
    ruleset: Ruleset,
) -> list[Violation]:
    """R-ARMY-1/2: own level-2 city seating no army; a free general or a recruit; gold for both.

    With `general_id` None the caller recruits a general in the same request (and then adds the
    RecruitGeneralOrder), so the gold must cover both prices.
    """
    out: list[Violation] = []
    city = state.structures.get(city_id)
    if city is None or city.owner != player_id or city.kind is not StructureKind.CITY:
        # Nothing more about a city that is not yours: whether another player's city seats an
        # army (or has a raise pending) is hidden, so the refusal is the unknown id's (R-FOG-3).
        out.append(Violation("R-ARMY-1", _("Armies are raised from one of your cities.")))
    else:
        if city.level < 2:
            out.append(Violation("R-ARMY-1", _("Armies are raised from a level-2 city.")))
        # Your own armies and raises only: the city can seat a new army of its new owner
        # while an army of the player who lost it may still count it as its seat (R-ARMY-5).
        if any(a.seat_id == city_id and a.owner == player_id for a in state.armies.values()) or any(
            r.city_id == city_id and r.player == player_id for r in orders.raises
        ):
            out.append(Violation("R-ARMY-1", _("This city already seats an army.")))
    price = army_cost(state, orders, player_id, ruleset)
    if general_id is None:
        price += general_cost(state, orders, player_id, ruleset)
    elif not is_free_general(state, orders, player_id, general_id):
        out.append(Violation("R-ARMY-2", _("This general is not one of your free generals.")))
    if state.players[player_id].gold < price:
        out.append(not_enough_gold(price, state.players[player_id].gold))
    return out


def validate_recruit(
    state: CampaignState, orders: TurnOrders, player_id: int, ruleset: Ruleset
) -> list[Violation]:
    """R-ARMY-2: a general can always be recruited if the gold is there."""
    gold, price = state.players[player_id].gold, general_cost(state, orders, player_id, ruleset)
    if gold < price:
        return [not_enough_gold(price, gold)]
    return []


def validate_upgrade(
    state: CampaignState, orders: TurnOrders, player_id: int, army_id: int, ruleset: Ruleset
) -> list[Violation]:
    """R-ARMY-3/6: own army with a general, below the top tier, once per turn, not locked."""
    army = state.armies.get(army_id)
    if army is None or army.owner != player_id:
        return [Violation("R-ARMY-3", _("This is not one of your armies."))]
    out: list[Violation] = []
    if army.general_id is None:
        out.append(Violation("R-ARMY-6", _("An army without a general cannot be upgraded.")))
    if army_in_battle(state, army_id):
        out.append(Violation("R-BAT-5", _("This army is locked in a pending battle.")))
    if any(u.army_id == army_id for u in orders.upgrades):
        out.append(Violation("R-ARMY-3", _("One upgrade per army per turn.")))
    if army.tier >= ruleset.max_tier:
        out.append(Violation("R-ARMY-3", _("This army is already at the top tier.")))
    elif state.players[player_id].gold < upgrade_cost(army, ruleset):
        out.append(not_enough_gold(upgrade_cost(army, ruleset), state.players[player_id].gold))
    return out


def validate_faction_action(
    state: CampaignState, orders: TurnOrders, player_id: int, ruleset: Ruleset
) -> list[Violation]:
    """R-FAC: the faction has an action, it has recharged (or is unlocked), not used this turn."""
    p = state.players[player_id]
    action = ruleset.faction(p.faction).action
    if action is None:
        return [Violation("R-FAC", _("Your faction has no action."))]
    out: list[Violation] = []
    if player_id in orders.faction_actions:
        out.append(Violation("R-FAC", _("The action is already used this turn.")))
    if p.action_available_turn > state.turn:
        out.append(
            Violation(
                "R-FAC",
                _("The action can be used again from turn {turn}.", turn=p.action_available_turn),
            )
        )
    if p.victories < action.unlock_victories:
        out.append(
            Violation(
                "R-FAC",
                _("The action needs {victories} victories.", victories=action.unlock_victories),
            )
        )
    return out


def validate_assign_general(
    state: CampaignState, orders: TurnOrders, player_id: int, general_id: int, army_id: int
) -> list[Violation]:
    """R-ARMY-2/6: a free general of yours to one of your armies without a general."""
    out: list[Violation] = []
    if general_id not in state.generals or not is_free_general(
        state, orders, player_id, general_id
    ):
        out.append(Violation("R-ARMY-2", _("This general is not one of your free generals.")))
    army = state.armies.get(army_id)
    if army is None or army.owner != player_id:
        out.append(Violation("R-ARMY-6", _("This is not one of your armies.")))
    elif army.general_id is not None:
        out.append(Violation("R-ARMY-6", _("This army already has a general.")))
    elif army_in_battle(state, army_id):
        out.append(Violation("R-BAT-5", _("This army is locked in a pending battle.")))
    return out


def assign_general(
    state: CampaignState, orders: TurnOrders, player_id: int, general_id: int, army_id: int
) -> CampaignState | list[Violation]:
    """Assign a free general at once, at no cost (R-ARMY-2), or say why not."""
    violations = validate_assign_general(state, orders, player_id, general_id, army_id)
    if violations:
        return violations
    generals = {**state.generals, general_id: replace(state.generals[general_id], army_id=army_id)}
    armies = {**state.armies, army_id: replace(state.armies[army_id], general_id=general_id)}
    return replace(state, generals=generals, armies=armies)


# ---------------------------------------------------------------------- turn change


def _raise_problem(state: CampaignState, order: RaiseArmyOrder) -> str:
    city = state.structures.get(order.city_id)
    if city is None or city.owner != order.player or city.kind is not StructureKind.CITY:
        return _("the city is no longer yours")
    if city.level < 2:
        return _("the city is no longer of level 2")
    if any(a.seat_id == order.city_id for a in state.armies.values()):
        return _("the city already seats an army")
    general = state.generals.get(order.general_id)
    if general is not None and (
        general.owner != order.player or general.army_id is not None or general.held_by is not None
    ):
        return _("the general is no longer free")
    return ""


def _upgrade_problem(state: CampaignState, order: UpgradeOrder, ruleset: Ruleset) -> str:
    army = state.armies.get(order.army_id)
    if army is None or army.owner != order.player:
        return _("the army is gone")
    if army.tier >= ruleset.max_tier:
        return _("the army is already at the top tier")
    return ""


def check_army_orders(
    state: CampaignState, orders: TurnOrders, ruleset: Ruleset
) -> tuple[TurnOrders, list[LedgerEntry], list[Event]]:
    """Drop (and refund) raises and upgrades that became impossible during the turn."""
    raises: list[RaiseArmyOrder] = []
    upgrades: list[UpgradeOrder] = []
    refunds: list[LedgerEntry] = []
    events: list[Event] = []
    seats: set[int] = set()
    for r in sorted(orders.raises, key=lambda o: o.id):
        problem = _raise_problem(state, r) or (
            _("two raises in one city") if r.city_id in seats else ""
        )
        if not problem:
            seats.add(r.city_id)
            raises.append(r)
            continue
        refunds.append(
            LedgerEntry(
                r.player, r.cost, _("refund: raise cancelled, {why}", why=problem), "R-ARMY-1"
            )
        )
        events.append(
            Event(
                EventKind.RAISE_CANCELLED,
                "R-ARMY-1",
                frozenset({r.player}),
                data={"reason": problem},
            )
        )
    for u in orders.upgrades:
        problem = _upgrade_problem(state, u, ruleset)
        if not problem:
            upgrades.append(u)
            continue
        refunds.append(
            LedgerEntry(
                u.player, u.cost, _("refund: upgrade cancelled, {why}", why=problem), "R-ARMY-3"
            )
        )
        events.append(
            Event(
                EventKind.UPGRADE_CANCELLED,
                "R-ARMY-3",
                frozenset({u.player}),
                data={"army_id": u.army_id, "reason": problem},
            )
        )
    kept = replace(orders, raises=tuple(raises), upgrades=tuple(upgrades))
    return kept, refunds, events


def _recruit(state: CampaignState, orders: TurnOrders) -> CampaignState:
    generals = dict(state.generals)
    for r in sorted(orders.recruits, key=lambda o: o.id):
        generals[r.id] = General(r.id, r.player)
    return replace(state, generals=generals)


def _raise(state: CampaignState, order: RaiseArmyOrder) -> tuple[CampaignState, Event]:
    city = state.structures[order.city_id]
    army_id, state = allocate_id(state)
    army = Army(
        army_id,
        order.player,
        city.coord,
        general_id=order.general_id,
        seat_id=city.id,
        raised_turn=state.turn + 1,
    )
    generals = {
        **state.generals,
        order.general_id: replace(state.generals[order.general_id], army_id=army_id),
    }
    event = Event(
        EventKind.ARMY_RAISED,
        "R-ARMY-1",
        frozenset({order.player}),
        (city.coord,),
        {"army_id": army_id, "city_id": city.id},
    )
    return replace(state, armies={**state.armies, army_id: army}, generals=generals), event


def _upgrade(
    state: CampaignState, order: UpgradeOrder, ruleset: Ruleset
) -> tuple[CampaignState, Event | None]:
    army = state.armies.get(order.army_id)
    if army is None or army.tier >= ruleset.max_tier:
        return state, None
    event = Event(
        EventKind.ARMY_UPGRADED,
        "R-ARMY-3",
        frozenset({order.player}),
        (army.coord,),
        {"army_id": army.id, "tier": army.tier + 1},
    )
    return replace(
        state, armies={**state.armies, army.id: replace(army, tier=army.tier + 1)}
    ), event


def _use_actions(state: CampaignState, orders: TurnOrders, ruleset: Ruleset) -> CampaignState:
    """Cooldowns: used on turn N → usable again from N + recharge; WAAAGH! resets victories."""
    players: dict[int, Player] = dict(state.players)
    for pid in sorted(orders.faction_actions):
        p = players[pid]
        action = ruleset.faction(p.faction).action
        if action is None:
            continue
        victories = 0 if action.unlock_victories else p.victories
        players[pid] = replace(
            p, action_available_turn=state.turn + action.recharge, victories=victories
        )
    return replace(state, players=players)


def apply_army_orders_with_events(
    state: CampaignState, orders: TurnOrders, ruleset: Ruleset
) -> tuple[CampaignState, list[Event]]:
    """Step 5: recruits, raises, tier upgrades and action cooldowns, with their events."""
    events: list[Event] = []
    state = _recruit(state, orders)
    for r in sorted(orders.raises, key=lambda o: o.id):
        state, event = _raise(state, r)
        events.append(event)
    for u in sorted(orders.upgrades, key=lambda o: o.army_id):
        state, maybe = _upgrade(state, u, ruleset)
        if maybe is not None:
            events.append(maybe)
    return _use_actions(state, orders, ruleset), events


def apply_army_orders(state: CampaignState, orders: TurnOrders, ruleset: Ruleset) -> CampaignState:
    """Step 5 of the turn change for armies and generals (R-ECO-3)."""
    return apply_army_orders_with_events(state, orders, ruleset)[0]
