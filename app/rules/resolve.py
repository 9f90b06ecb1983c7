"""The turn change (R-TURN-4): one pure function from (state, orders) to the next turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from app.rules import battles as battles_mod
from app.rules import concealment, diplomacy, fog, marches, storms, visibility
from app.rules.armies import apply_army_orders_with_events, check_army_orders
from app.rules.building import apply_builds, build_event, check_builds
from app.rules.economy import apply_ledger, collect
from app.rules.hexgrid import Coord
from app.rules.ruleset import Ruleset
from app.rules.state import Battle, CampaignState, Event, EventKind, LedgerEntry, TurnOrders


@dataclass(frozen=True)
class TurnResult:
    """The new state and everything that happened at the change, in order."""

    state: CampaignState
    battles: tuple[Battle, ...]  # declared at this change (new encounters, then sieges)
    # What each of those battles' sides field, fixed at declaration (R-ARMY-4), by battle id.
    forces: Mapping[int, battles_mod.Muster]
    ledger: tuple[LedgerEntry, ...]
    events: tuple[Event, ...]
    # Step 6: each player's summary, every event as far as they could see it (R-FOG-3).
    summaries: Mapping[int, tuple[Event, ...]]
    # What each player sees at the start of the new turn (R-FOG-2), as `fog.sight` says.
    sights: Mapping[int, frozenset[Coord]] = field(default_factory=dict)


def _siege_event(battle: Battle) -> Event:
    players = battle.attacker.players | battle.defender.players
    return Event(
        EventKind.SIEGE_CONTINUES,
        "R-SIEGE-3",
        frozenset(players),
        (battle.coord,),
        {"battle_id": battle.id, "siege_draws": battle.siege_draws},
    )


def _end_treaties(state: CampaignState) -> CampaignState:
    """R-DIP-3: treaties end at step 5, those broken (ends_turn set) once their turn comes."""
    new_turn = state.turn + 1
    treaties = {
        tid: t
        for tid, t in sorted(state.treaties.items())
        if t.ends_turn is None or t.ends_turn > new_turn
    }
    return replace(state, treaties=treaties)


def _sights(state: CampaignState, ruleset: Ruleset) -> dict[int, frozenset[Coord]]:
    return fog.sights(state, ruleset)


def resolve_turn(
    state: CampaignState,
    orders: TurnOrders,
    ruleset: Ruleset,
    edicts: Sequence[diplomacy.Edict] = (),
) -> TurnResult:
    """Run steps 1-6 of the turn change in order; the input state is never modified.

    `edicts`: this turn's edicts (R-DIP-2), settled at step 5.
    """
    sight_before = _sights(state, ruleset)
    hidden_before = concealment.masks(state)  # R-OPT-3
    events: list[Event] = []
    ledger: list[LedgerEntry] = []

    # 1. Movement (battles declared on meeting are added to state.battles by movement).
    moved = marches.resolve_movement(state, orders, ruleset)
    state = moved.state
    events += moved.events
    # --- storms (R-OPT-5): armies at sea inside this turn's storms lose a tier
    state, battered = storms.batter(state)
    events += battered

    # 2. Continuing sieges, then builds and army orders checked against the moved state.
    state, sieges = battles_mod.declare_sieges(state, ruleset)
    # R-OPT-4: the defenders that entrenched this turn are recorded on the battles it declares.
    state, declared = battles_mod.mark_entrenched(state, (*moved.battles, *sieges), orders)
    # Forces are fixed now, before step 3 (insolvency) and step 5 (tiers raised) change them.
    forces = {b.id: battles_mod.muster(state, b, ruleset) for b in declared}
    events += [_siege_event(b) for b in sieges]
    contested = frozenset(b.coord for b in declared)
    kept_builds, refunds, build_events = check_builds(state, orders, ruleset, contested)
    orders, army_refunds, army_events = check_army_orders(state, orders, ruleset)
    ledger += refunds + army_refunds
    events += build_events + army_events
    state = apply_ledger(state, refunds + army_refunds)

    # 3. Gold: stakes, income, trade, tribute, upkeep, insolvency.
    state, gold_lines, gold_events = collect(state, orders, ruleset)
    ledger += gold_lines
    events += gold_events

    # 4. Sieges advance: the siege battle declared at step 2 is that advance (R-SIEGE-3).

    # 5. What was ordered takes effect, treaties end, cooldowns tick, the turn number increases.
    state = apply_builds(state, kept_builds, ruleset)
    events += [build_event(b) for b in kept_builds]
    state, raised = apply_army_orders_with_events(state, orders, ruleset)
    events += raised
    ending = state  # --- diplomacy (R-DIP-3): the treaties as they stood before step 5
    state = _end_treaties(state)
    state = replace(state, turn=state.turn + 1)
    # --- diplomacy (R-DIP-2/3): routes lost, proposals expire, explorations, withdrawals
    settled = diplomacy.settle(ending, state, edicts, ruleset)
    state = settled.state
    ledger += settled.ledger
    events += settled.events
    # --- end diplomacy
    state, risen = storms.raise_storms(state)  # R-OPT-5: the storms of the new turn
    events += risen
    sight_after = _sights(state, ruleset)  # remembering below changes no one's sight
    state = fog.remember_all(state, ruleset, sight_after)

    # 6. Who sees what.
    hidden_after = concealment.masks(state)
    masks = (hidden_before, hidden_after)
    # R-OPT-3: a battle naming an army concealed from a player does not exist for them.
    concealed = visibility.concealed_battles(state.battles.values(), hidden_after)
    summaries = fog.summaries(events, sight_before, sight_after, masks, concealed)
    return TurnResult(state, declared, forces, tuple(ledger), tuple(events), summaries, sight_after)
