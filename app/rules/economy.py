"""Gold: income, trade, tribute, upkeep, stakes and insolvency (R-ECO, R-FAC, R-DIP-2).

Timing (R-ECO-3), precisely: gold is collected at step 3 of the change T → T+1, while
`state.turn == T`. A structure yields if `since_turn <= T`: `since_turn` is the turn in which
its current owner took it. A build ordered in turn N is placed at step 5 of the change N → N+1
with `since_turn = N` (taken, founded, in turn N: R-BUILD-4); placed after step 3, it is absent
at the change N → N+1 and first yields at the change N+1 → N+2, as R-ECO-3 says. A structure
captured during turn N+1 (a battle result, `since_turn = N+1`) yields to its new owner at the
change N+1 → N+2, "from the next change on".
Armies work the same way with `raised_turn` (the first turn in which the army exists): an army
pays upkeep if `raised_turn <= T`.

The Dark Elves' capital-port (`also_port`) yields city income and port income (RULES: the
capital "is also a port"), counts as a port for PORT bonuses, but is never "built" (R-BUILD-6).
A besieged city (R-SIEGE-3) yields nothing: no base income and no faction bonus.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from app.rules.name_texts import name_text
from app.rules.relations import in_force
from app.rules.ruleset import (
    Faction,
    IncomeBasis,
    IncomeBonus,
    Ruleset,
    UpkeepReduction,
)
from app.rules.state import (
    Army,
    CampaignState,
    Event,
    EventKind,
    LedgerEntry,
    Player,
    Structure,
    StructureKind,
    TreatyKind,
    TurnOrders,
)
from app.rules.texts import _

UPKEEP_RULE = "R-ECO-4"
INCOME_RULE = "R-ECO-2"
FACTION_RULE = "R-FAC"
TRADE_RULE = "R-DIP-2"
INSOLVENCY_RULE = "R-ECO-5"


@dataclass(frozen=True, slots=True)
class Forecast:
    """What the next change would do to one player's gold if nothing else happens."""

    income: list[LedgerEntry]  # stakes, income, trade and tribute lines, in collection order
    upkeep: list[LedgerEntry]  # the full upkeep, before any insolvency
    net: int
    insolvent: bool


# ---------------------------------------------------------------------------- structures


def yields(state: CampaignState, structure: Structure) -> bool:
    """True if the structure yields to its owner at this change (R-ECO-3, R-SIEGE-3)."""
    return structure.since_turn <= state.turn and structure.id not in state.sieges


def yielding_structures(state: CampaignState, player_id: int) -> list[Structure]:
    """The player's structures that yield at this change, in id order."""
    return [
        s for _, s in sorted(state.structures.items()) if s.owner == player_id and yields(state, s)
    ]


def _is_port(s: Structure) -> bool:
    return s.kind is StructureKind.PORT or s.also_port


def _bonus_count(state: CampaignState, player_id: int, bonus: IncomeBonus) -> int:
    """How many things of the bonus's basis the player has (before dividing by `per`)."""
    owned = yielding_structures(state, player_id)
    if bonus.terrains:
        owned = [s for s in owned if state.map.tiles[s.coord].terrain.value in bonus.terrains]
    basis = bonus.basis
    if basis is IncomeBasis.CITY:
        return sum(1 for s in owned if s.kind is StructureKind.CITY)
    if basis is IncomeBasis.CITY_LEVEL2:
        return sum(1 for s in owned if s.kind is StructureKind.CITY and s.level >= 2)
    if basis is IncomeBasis.PORT:
        return sum(1 for s in owned if _is_port(s))
    if basis is IncomeBasis.PORT_BUILT:
        return sum(1 for s in owned if s.kind is StructureKind.PORT and s.built_by == player_id)
    if basis is IncomeBasis.STRUCTURE:
        return len(owned)
    return len({s.coord for s in owned})  # TERRITORY: distinct tiles owned


_BASIS_TEXT = {
    IncomeBasis.CITY: (_("city"), _("cities")),
    IncomeBasis.CITY_LEVEL2: (_("city of level ≥ 2"), _("cities of level ≥ 2")),
    IncomeBasis.PORT: (_("port"), _("ports")),
    IncomeBasis.PORT_BUILT: (_("port built"), _("ports built")),
    IncomeBasis.STRUCTURE: (_("structure"), _("structures")),
    IncomeBasis.TERRITORY: (_("territory"), _("territories")),
}

# The base income's kinds (R-ECO-2), as ledger lines name them.
_INCOME_TEXT = {
    "city level 1": _("city level 1"),
    "city level 2": _("city level 2"),
    "outpost": _("outpost"),
    "port": _("port"),
}


def _either(words: tuple[str, ...]) -> str:
    """ "forest or hills or swamp": each "or" a text of its own."""
    if len(words) == 1:
        return words[0]
    return _("{choices} or {last}", choices=_either(words[:-1]), last=words[-1])


def describe_bonus(source: str, bonus: IncomeBonus) -> str:
    """A ledger reason such as 'Skaven: +1 per 4 territories'."""
    singular, plural = _BASIS_TEXT[bonus.basis]
    what = singular if bonus.per == 1 else _("{count} {things}", count=bonus.per, things=plural)
    if bonus.terrains:
        return _(
            "{source}: +{amount} per {what} on {terrains}",
            source=source,
            amount=bonus.amount,
            what=what,
            terrains=_either(bonus.terrains),
        )
    return _("{source}: +{amount} per {what}", source=source, amount=bonus.amount, what=what)


def _bonus_lines(
    state: CampaignState, player_id: int, source: str, bonuses: tuple[IncomeBonus, ...]
) -> list[LedgerEntry]:
    lines: list[LedgerEntry] = []
    for bonus in bonuses:
        amount = bonus.amount * (_bonus_count(state, player_id, bonus) // bonus.per)
        if amount:
            lines.append(
                LedgerEntry(player_id, amount, describe_bonus(source, bonus), FACTION_RULE)
            )
    return lines


def faction_of(state: CampaignState, player_id: int, ruleset: Ruleset) -> Faction:
    return ruleset.faction(state.players[player_id].faction)


def income_lines(
    state: CampaignState, player_id: int, ruleset: Ruleset, action_used: bool
) -> list[LedgerEntry]:
    """Base income by kind (R-ECO-2) then faction passives and action bonuses (R-FAC)."""
    income = ruleset.income
    counts = {"city level 1": 0, "city level 2": 0, "outpost": 0, "port": 0}
    for s in yielding_structures(state, player_id):
        if s.kind is StructureKind.CITY:
            counts["city level 2" if s.level >= 2 else "city level 1"] += 1
        else:
            counts[s.kind.value] += 1
        if s.also_port:
            counts["port"] += 1
    per_unit = {
        "city level 1": income.city_level1,
        "city level 2": income.city_level2,
        "outpost": income.outpost,
        "port": income.port,
    }
    lines = [
        LedgerEntry(
            player_id,
            n * per_unit[kind],
            _("{what} ×{count}", what=_INCOME_TEXT[kind], count=n),
            INCOME_RULE,
        )
        for kind, n in counts.items()
        if n and per_unit[kind]
    ]
    faction = faction_of(state, player_id, ruleset)
    lines += _bonus_lines(state, player_id, name_text(faction.name), faction.income_bonuses)
    if action_used and faction.action is not None:
        action = faction.action
        lines += _bonus_lines(state, player_id, name_text(action.name), action.income_bonuses)
    return lines


# -------------------------------------------------------------------------------- upkeep


def _reduction(tier: int, reductions: tuple[UpkeepReduction, ...]) -> int:
    return sum(r.amount for r in reductions if r.min_tier <= tier <= r.max_tier)


def paying_armies(state: CampaignState, player_id: int) -> list[Army]:
    """The player's armies that pay upkeep at this change (R-ECO-3), in id order."""
    # Filtered before sorting: asked for every player, each has a small share of the armies.
    return [
        a
        for _, a in sorted(
            (i, a)
            for i, a in state.armies.items()
            if a.owner == player_id and a.raised_turn <= state.turn
        )
    ]


def army_upkeep(tier: int, faction: Faction, action_used: bool, ruleset: Ruleset) -> int:
    """One army's upkeep after flat reductions, never below 0 (R-ECO-4), before the percent."""
    if tier <= faction.free_upkeep_max_tier:
        return 0
    reductions = faction.upkeep_reductions
    if action_used and faction.action is not None:
        reductions += faction.action.upkeep_reductions
    return max(0, ruleset.tier(tier).upkeep - _reduction(tier, reductions))


def upkeep_lines(
    state: CampaignState, player_id: int, ruleset: Ruleset, action_used: bool
) -> list[LedgerEntry]:
    """Upkeep as negative lines: one per tier, or one total when a percent applies (R-ECO-4)."""
    faction = faction_of(state, player_id, ruleset)
    if action_used and faction.action is not None and faction.action.no_upkeep:
        return []
    by_tier: dict[int, int] = {}
    for a in paying_armies(state, player_id):
        by_tier[a.tier] = by_tier.get(a.tier, 0) + 1
    per_army = {t: army_upkeep(t, faction, action_used, ruleset) for t in by_tier}
    total = sum(per_army[t] * n for t, n in by_tier.items())
    if faction.upkeep_percent != 100:
        scaled = (total * faction.upkeep_percent + 50) // 100
        if not scaled:
            return []
        armies = sum(by_tier.values())
        reason = _(
            "upkeep: {armies} armies, {total} × {percent} %",
            armies=armies,
            total=total,
            percent=faction.upkeep_percent,
        )
        return [LedgerEntry(player_id, -scaled, reason, UPKEEP_RULE)]
    return [
        LedgerEntry(
            player_id,
            -per_army[t] * n,
            _("upkeep: tier {tier} army ×{count}", tier=t, count=n),
            UPKEEP_RULE,
        )
        for t, n in sorted(by_tier.items())
        if per_army[t]
    ]


# ------------------------------------------------------------------------ trade, tribute


def _at_war(state: CampaignState, a: int, b: int) -> bool:
    """True if a pending battle sets the two players on opposite sides (R-DIP-2)."""
    for _id, battle in sorted(state.battles.items()):
        sides = (battle.attacker.players, battle.defender.players)
        if (a in sides[0] and b in sides[1]) or (b in sides[0] and a in sides[1]):
            return True
    return False


def trade_lines(state: CampaignState, player_id: int, ruleset: Ruleset) -> list[LedgerEntry]:
    """Trade routes in force whose cities stand in their owners' hands (R-DIP-2)."""
    dip = ruleset.diplomacy
    lines: list[LedgerEntry] = []
    for _id, t in sorted(state.treaties.items()):
        if t.kind is not TreatyKind.TRADE or player_id not in (t.a, t.b):
            continue
        if not in_force(t, state.turn) or t.city_a is None or t.city_b is None:
            continue
        city_a, city_b = state.structures.get(t.city_a), state.structures.get(t.city_b)
        if city_a is None or city_b is None or city_a.owner != t.a or city_b.owner != t.b:
            continue
        if city_a.kind is not StructureKind.CITY or city_b.kind is not StructureKind.CITY:
            continue
        if _at_war(state, t.a, t.b):
            continue
        distance = state.map.grid.distance(city_a.coord, city_b.coord)
        bonus = min(distance // dip.trade_distance_step, dip.trade_distance_max_bonus)
        lines.append(
            LedgerEntry(
                player_id, dip.trade_base + bonus, _("trade route #{id}", id=t.id), TRADE_RULE
            )
        )
    return lines


def overlords_of(state: CampaignState, player_id: int) -> list[int]:
    """The players this one pays tribute to (vassalage in force, R-DIP-2), by treaty id."""
    return [
        t.b
        for _, t in sorted(state.treaties.items())
        if t.kind is TreatyKind.VASSALAGE and t.a == player_id and in_force(t, state.turn)
    ]


# ------------------------------------------------------------------------------- collect


class _Purse:
    """Gold being moved during one collection: every movement is a ledger line."""

    def __init__(self, state: CampaignState) -> None:
        self.gold = {pid: p.gold for pid, p in sorted(state.players.items())}
        self.ledger: list[LedgerEntry] = []
        self.events: list[Event] = []

    def post(self, entries: list[LedgerEntry]) -> None:
        for e in entries:
            if e.amount:
                self.gold[e.player] += e.amount
                self.ledger.append(e)


def _stake_reason(battle_id: int) -> str:
    return _("stake of battle #{id}", id=battle_id)


def _take_stakes(state: CampaignState, purse: _Purse) -> None:
    """R-BAT-7: each stake takes at most what the loser holds now, in the order they were won."""
    for stake in state.stakes:
        taken = min(stake.amount, purse.gold[stake.loser])
        reason = _stake_reason(stake.battle_id)
        purse.post(
            [
                LedgerEntry(stake.loser, -taken, reason, stake.rule),
                LedgerEntry(stake.winner, taken, reason, stake.rule),
            ]
        )
        purse.events.append(
            Event(
                EventKind.STAKE_TAKEN,
                stake.rule,
                frozenset({stake.winner, stake.loser}),
                data={"battle_id": stake.battle_id, "owed": stake.amount, "taken": taken},
            )
        )


def _income_phase(
    state: CampaignState,
    orders: TurnOrders,
    ruleset: Ruleset,
    purse: _Purse,
    players: Collection[int] | None = None,
) -> None:
    """Income, then trade routes, then vassal tribute, for every player in id order (or for
    `players` alone: each one's lines are the same, for a forecast that needs a few)."""
    earning = sorted(state.players if players is None else players)
    earned: dict[int, int] = {}
    for pid in earning:
        lines = income_lines(state, pid, ruleset, pid in orders.faction_actions)
        purse.post(lines)
        earned[pid] = sum(e.amount for e in lines)
    for pid in earning:
        lines = trade_lines(state, pid, ruleset)
        purse.post(lines)
        earned[pid] += sum(e.amount for e in lines)
    pct = ruleset.diplomacy.vassal_tribute_pct
    for pid in earning:
        for overlord in overlords_of(state, pid):
            # Each tribute is a share of this change's income, so gold never goes below 0.
            tribute = earned[pid] * pct // 100
            purse.post(
                [
                    LedgerEntry(
                        pid, -tribute, _("tribute to player {player}", player=overlord), TRADE_RULE
                    ),
                    LedgerEntry(
                        overlord, tribute, _("tribute from player {player}", player=pid), TRADE_RULE
                    ),
                ]
            )


def strongest_army(state: CampaignState, player_id: int) -> Army | None:
    """Highest tier, then oldest (lowest id) (R-ECO-5)."""
    armies = [a for _, a in sorted((i, a) for i, a in state.armies.items() if a.owner == player_id)]
    if not armies:
        return None
    return min(armies, key=lambda a: (-a.tier, a.id))


def _upkeep_phase(
    state: CampaignState, orders: TurnOrders, ruleset: Ruleset, purse: _Purse
) -> CampaignState:
    """Upkeep for every player in id order; insolvency costs the strongest army a tier."""
    armies = dict(state.armies)
    for pid in sorted(state.players):
        lines = upkeep_lines(state, pid, ruleset, pid in orders.faction_actions)
        due = -sum(e.amount for e in lines)
        if purse.gold[pid] >= due:
            purse.post(lines)
            continue
        paid = purse.gold[pid]
        reason = _("upkeep: paid {paid} of {due} (insolvent)", paid=paid, due=due)
        purse.post([LedgerEntry(pid, -paid, reason, INSOLVENCY_RULE)])
        purse.events.append(
            Event(
                EventKind.INSOLVENT,
                INSOLVENCY_RULE,
                frozenset({pid}),
                data={"upkeep": due, "paid": paid},
            )
        )
        strongest = strongest_army(state, pid)
        if strongest is not None and strongest.tier > 1:
            armies[strongest.id] = replace(strongest, tier=strongest.tier - 1)
            purse.events.append(
                Event(
                    EventKind.ARMY_TIER_LOST,
                    INSOLVENCY_RULE,
                    frozenset({pid}),
                    (strongest.coord,),
                    {"army_id": strongest.id, "tier": strongest.tier - 1},
                )
            )
    return replace(state, armies=armies)


def _with_gold(state: CampaignState, gold: dict[int, int]) -> CampaignState:
    players: dict[int, Player] = {
        pid: p if p.gold == gold[pid] else replace(p, gold=gold[pid])
        for pid, p in sorted(state.players.items())
    }
    return replace(state, players=players)


def collect(
    state: CampaignState, orders: TurnOrders, ruleset: Ruleset
) -> tuple[CampaignState, list[LedgerEntry], list[Event]]:
    """R-TURN-4 step 3: stakes, income, trade, tribute, upkeep and insolvency; stakes cleared."""
    purse = _Purse(state)
    _take_stakes(state, purse)
    _income_phase(state, orders, ruleset, purse)
    state = _upkeep_phase(state, orders, ruleset, purse)
    state = replace(_with_gold(state, purse.gold), stakes=())
    return state, purse.ledger, purse.events


def apply_ledger(state: CampaignState, entries: list[LedgerEntry]) -> CampaignState:
    """Move the gold of the entries (refunds and the like); gold never goes below 0 (R-ECO-1)."""
    gold = {pid: p.gold for pid, p in state.players.items()}
    for e in entries:
        gold[e.player] += e.amount
    if any(g < 0 for g in gold.values()):
        raise ValueError("a ledger would take a player's gold below 0")
    return _with_gold(state, gold)


def forecast(
    state: CampaignState, orders: TurnOrders, player_id: int, ruleset: Ruleset
) -> Forecast:
    """The player's next collection if nothing else happens (their ordered action included),
    as far as the player may know it.

    A stake won takes at most what the loser holds (R-BAT-7), which the winner does not see
    (R-FOG-3): a stake won shows what is owed, and net and insolvency follow from the lines
    shown, so the forecast never tells another player's gold.
    """
    purse = _Purse(state)
    _take_stakes(state, purse)
    stakes_taken = len(purse.ledger)  # stakes are collected first, before any income
    # The player's income reaches them, and their vassals' through tribute; no one else's.
    vassals = [pid for pid in state.players if player_id in overlords_of(state, pid)]
    _income_phase(state, orders, ruleset, purse, players=[player_id, *vassals])
    owed = [
        LedgerEntry(player_id, s.amount, _stake_reason(s.battle_id), s.rule)
        for s in state.stakes
        if s.winner == player_id
    ]
    lost = [e for e in purse.ledger[:stakes_taken] if e.player == player_id and e.amount < 0]
    earned = [e for e in purse.ledger[stakes_taken:] if e.player == player_id]
    income = owed + lost + earned
    upkeep = upkeep_lines(state, player_id, ruleset, player_id in orders.faction_actions)
    gained = sum(e.amount for e in income)
    due = -sum(e.amount for e in upkeep)
    return Forecast(income, upkeep, gained - due, state.players[player_id].gold + gained < due)
