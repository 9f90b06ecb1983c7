"""Continuing sieges (R-SIEGE-3): each turn change a besieged city is attacked again."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from app.rules.ids import entity_id
from app.rules.relations import are_allied, is_hostile
from app.rules.ruleset import Ruleset
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BattleSide,
    CampaignState,
    Siege,
    Structure,
)


def choose_leader(armies: Iterable[Army]) -> int | None:
    """The default leader of a side (R-BAT-3): highest tier, then lowest id."""
    ranked = sorted(armies, key=lambda a: (-a.tier, a.id))
    return ranked[0].id if ranked else None


def _still_besieging(state: CampaignState, siege: Siege) -> bool:
    """The besieging army stands, still before (or on) the city, and is still its enemy."""
    structure = state.structures.get(siege.structure_id)
    army = state.armies.get(siege.army_id)
    if structure is None or army is None:
        return False
    grid = state.map.grid
    before = army.coord == structure.coord or grid.adjacent(army.coord, structure.coord)
    return before and is_hostile(state, army.owner, structure.owner)


def _sides(state: CampaignState, besieger: Army, city: Structure) -> tuple[BattleSide, BattleSide]:
    """Each side: the armies on its tile allied with its principal and hostile to the other."""
    armies = [state.armies[i] for i in sorted(state.armies)]
    attackers = [
        a
        for a in armies
        if a.coord == besieger.coord
        and are_allied(state, a.owner, besieger.owner)
        and is_hostile(state, a.owner, city.owner)
    ]
    defenders = [
        a
        for a in armies
        if a.coord == city.coord
        and are_allied(state, a.owner, city.owner)
        and is_hostile(state, a.owner, besieger.owner)
    ]
    attacker = BattleSide(
        players=frozenset(a.owner for a in attackers),
        army_ids=tuple(a.id for a in attackers),
        leader_id=choose_leader(attackers),
    )
    defender = BattleSide(
        players=frozenset({city.owner, *(a.owner for a in defenders)}),
        army_ids=tuple(a.id for a in defenders),
        leader_id=choose_leader(defenders),
        structure_id=city.id,
    )
    return attacker, defender


def _already_fighting(battles: Iterable[Battle], army_id: int, structure_id: int) -> bool:
    return any(
        b.defender.structure_id == structure_id and army_id in b.attacker.army_ids for b in battles
    )


def declare_sieges(
    state: CampaignState, ruleset: Ruleset
) -> tuple[CampaignState, tuple[Battle, ...]]:
    """Declare a new siege battle for each siege still held; drop the others (R-SIEGE-3).

    A siege whose army is gone, has left the city's side (moved away) or is no longer
    hostile is lifted. `ruleset` is taken for symmetry with the other turn steps.
    """
    del ruleset  # the sides and the draw count carry everything this step needs
    sieges = dict(state.sieges)
    battles = dict(state.battles)
    next_id = state.next_id
    declared: list[Battle] = []
    for structure_id in sorted(state.sieges):
        siege = state.sieges[structure_id]
        if not _still_besieging(state, siege):
            del sieges[structure_id]
            continue
        if _already_fighting(battles.values(), siege.army_id, structure_id):
            continue
        city = state.structures[structure_id]
        attacker, defender = _sides(state, state.armies[siege.army_id], city)
        battle = Battle(
            id=entity_id(state.id_salt, next_id),
            turn=state.turn,
            coord=city.coord,
            kind=BattleKind.SIEGE,
            attacker=attacker,
            defender=defender,
            siege_draws=siege.draws,
        )
        next_id += 1
        battles[battle.id] = battle
        declared.append(battle)
    new_state = replace(state, sieges=sieges, battles=battles, next_id=next_id)
    return new_state, tuple(declared)
